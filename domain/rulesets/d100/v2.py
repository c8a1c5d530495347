"""d100 ruleset version 2: seed 004's Adventuring procedures, rolled verifiably. A seated
player makes percentile tests (bonus and penalty dice, opposed tests), resolves falls with the
Acrobatics test, Fatigue tests, and days of travel with their navigation test; the battle keeps
its characters' hit points and wounds through combat rounds, healing and rest. Skills are sent
with each command (the server keeps no skill lists)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import CommandT, Events, Options, Phase, ProvisionalRule, RulesetVersion, play
from domain.rulesets.d100 import D100_V1
from domain.rulesets.d100.afflictions import resist_disease, resist_poison
from domain.rulesets.d100.breath import breath_test, hold_breath, reach_air
from domain.rulesets.d100.care import (
    Table,
    apply_to,
    battlefield_healing,
    begin_combat,
    damage,
    end_combat,
    end_round,
    rest,
    surgery,
    treat,
)
from domain.rulesets.d100.characters import (
    AdventureState,
    after_damage,
    after_deprived_day,
    after_disease_test,
    at_round_end,
    healed,
    new_character,
    stabilised,
)
from domain.rulesets.d100.commands import (
    AddCharacter,
    AddObject,
    BattlefieldHealing,
    BeginCombat,
    BreathTest,
    Carry,
    DeprivedDay,
    EndCombat,
    EndRound,
    Fall,
    FatigueTest,
    HoldBreath,
    MakeOpposedTest,
    MakeTest,
    ReachAir,
    Remedy,
    ResistDisease,
    ResistPoison,
    Rest,
    StrikeObject,
    Surgery,
    TakeDamage,
    TravelDay,
    Treat,
)
from domain.rulesets.d100.events import (
    AirReached,
    BreathHeld,
    BreathTested,
    CharacterAdded,
    CombatFinished,
    CombatStarted,
    DamageTaken,
    DeprivationRemedied,
    DeprivedDayPassed,
    DiseaseTested,
    FallResolved,
    FatigueTested,
    HealingAttempted,
    LoadCarried,
    ObjectAdded,
    ObjectStruck,
    OpposedTestRolled,
    PoisonResisted,
    Rested,
    RoundEnded,
    SurgeryAttempted,
    TestRolled,
    TravelDayResolved,
    Treated,
)
from domain.rulesets.d100.gear import add_object, carry, strike_object, struck
from domain.rulesets.d100.procedures import (
    deprived_day,
    fall,
    fatigue,
    make_test,
    opposed_test,
    remedy,
    travel,
)
from domain.rulesets.d100.settings import D100Settings


def add_character(ctx: Table, command: AddCharacter) -> Events:
    character = new_character(command.name, ctx.seat, command.characteristics)
    if ctx.state.character(character.id) is not None:
        raise RuleViolation("character-exists", f"a character {character.id!r} is already at the table")
    return [CharacterAdded(seat=ctx.seat, character=character)]


def evolve(state: AdventureState, event: msgspec.Struct) -> AdventureState:
    match event:
        case CharacterAdded():
            return msgspec.structs.replace(state, characters=(*state.characters, event.character))
        case DamageTaken():
            return apply_to(state, {event.character: lambda c: after_damage(c, event.dealt)})
        case RoundEnded():
            state = apply_to(state, {c.id: at_round_end for c in state.characters})
            choked = {choking.character: choking.dealt for choking in event.choking}
            state = apply_to(state, {c.id: lambda c: after_damage(c, choked[c.id], hit=False)
                                     for c in state.characters if c.id in choked})
            return msgspec.structs.replace(state, round=event.round)
        case BreathHeld():
            return apply_to(state, {event.character: lambda c: msgspec.structs.replace(
                c, air="holding", held_rounds=0, fumes=event.fumes)})
        case BreathTested() if event.inhaled:
            return apply_to(state, {event.character: lambda c: after_damage(msgspec.structs.replace(
                c, air="inhaled"), event.dealt, hit=False)})
        case AirReached():
            return apply_to(state, {event.character: lambda c: msgspec.structs.replace(
                c, air="breathing", held_rounds=0, fumes=None)})
        case HealingAttempted() if event.stabilised:
            return apply_to(state, {event.patient: stabilised})
        case CombatStarted():
            return msgspec.structs.replace(state, in_combat=True, round=0)
        case CombatFinished():
            return msgspec.structs.replace(state, in_combat=False)
        case Treated():
            return apply_to(state, {event.patient: lambda c: msgspec.structs.replace(
                healed(c, event.restored), treated=True)})
        case SurgeryAttempted() if event.success:
            return apply_to(state, {event.patient: lambda c: msgspec.structs.replace(
                healed(c, 1), operated=healed(c, 1).wounded)})
        case PoisonResisted() if event.dealt:
            return apply_to(state, {event.character: lambda c: after_damage(c, event.dealt, hit=False)})
        case DiseaseTested():
            return apply_to(state, {event.character: lambda c: after_disease_test(
                c, event.name, event.disease_won, event.dealt)})
        case FatigueTested() if event.character:
            return apply_to(state, {event.character: lambda c: msgspec.structs.replace(
                c, fatigue=event.after)})
        case DeprivedDayPassed():
            return apply_to(state, {event.character: lambda c: after_deprived_day(
                c, [day.deprivation for day in event.days], event.days[-1].fatigue.after,
                sum(day.dealt for day in event.days))})
        case DeprivationRemedied():
            return apply_to(state, {event.character: lambda c: msgspec.structs.replace(
                c, deprivations=tuple(d for d in c.deprivations if d != event.deprivation))})
        case LoadCarried():
            return apply_to(state, {event.character: lambda c: msgspec.structs.replace(c, enc=event.enc)})
        case ObjectAdded():
            return msgspec.structs.replace(state, things=(*state.things, event.thing))
        case ObjectStruck():
            return struck(state, event)
        case Rested():
            return apply_to(state, {c.id: lambda c: msgspec.structs.replace(
                healed(c, event.recovered.get(c.id, 0)), treated=False, fatigue="fresh")
                for c in state.characters})
    return state


_ACTIONS = (TestRolled, OpposedTestRolled, FallResolved, FatigueTested, TravelDayResolved, CharacterAdded, DamageTaken,
            RoundEnded, HealingAttempted, CombatStarted, CombatFinished, Treated, SurgeryAttempted, Rested,
            PoisonResisted, DiseaseTested, LoadCarried, ObjectAdded, ObjectStruck, DeprivedDayPassed,
            DeprivationRemedied, BreathHeld, BreathTested, AirReached)


def action_seat(event: msgspec.Struct) -> str | None:
    """Every d100 event begins an action of the seat that made it."""
    seat = getattr(event, "seat", None) if isinstance(event, _ACTIONS) else None
    return seat if isinstance(seat, str) else None


def one(rule: Callable[[Table, CommandT], msgspec.Struct]) -> Callable[[Table, CommandT], Events]:
    """A rule that records exactly one event."""
    return lambda ctx, command: [rule(ctx, command)]


def without(fields: tuple[str, ...], rule: Callable[[Table, CommandT], Events]) -> Callable[[Table, CommandT], Events]:
    """A rule of version 2 for a command that version 3 gave `fields`: version 2 does not read
    them, so a command that sets one is refused, not half obeyed."""

    def guarded(ctx: Table, command: CommandT) -> Events:
        defaults = {f.name: f.default for f in msgspec.structs.fields(command)}
        given = [name for name in fields if getattr(command, name) != defaults[name]]
        if given:
            raise RuleViolation("not-in-this-version", f"d100 version 2 does not take {', '.join(given)} "
                                                       f"(version 3 does)")
        return rule(ctx, command)

    return guarded


PROVISIONAL_RULES: tuple[ProvisionalRule, ...] = (
    ProvisionalRule("D100-TEST", "A test succeeds on d100 <= skill; a critical on <= one tenth of the skill "
                                 "(rounded up); a fumble on 99-100 (100 only when skill >= 100)."),
    ProvisionalRule("D100-GRADES", "Each B is a bonus die and each P a penalty die: one extra tens die per grade, "
                                   "keeping the best (B) or worst (P) result; B and P cancel; at most `cap` of "
                                   "either apply."),
    ProvisionalRule("D100-OPPOSED", "Both roll; critical beats success beats failure beats fumble; on equal levels "
                                    "the higher successful roll wins; when neither succeeds (or both rolls are "
                                    "equal) it is a stalemate."),
    ProvisionalRule("D100-TRAVEL", "Daily rates for ten hours: walk 30 km, forced march 40 km (a Fatigue test), "
                                   "mounted 50 km; terrain: road 100%, open 75%, forest or hills 50%, mountains or "
                                   "swamp 25%."),
    ProvisionalRule("D100-CHARACTER", "HP = ceil((CON + SIZ) / 2); Major Wound Level = ceil(HP / 2); Movement 6 m."),
    ProvisionalRule("D100-DYING", "HP does not fall below 0. A Dying character dies at the end of its third round "
                                  "ended while Dying, the round it fell counting as the first; Bleeding costs a "
                                  "Dying character no more."),
    ProvisionalRule("D100-RECOVERY", "Natural recovery is a quarter of CON per day, rounded down; a day of rest is a "
                                     "full rest (it renews the one treatment attempt); the Bleeding recover "
                                     "nothing; Surgery's effect lasts until Wounded ends."),
    ProvisionalRule("D100-AFFLICTION", "A poison or disease takes effect only when its Potency wins the opposed "
                                       "test (a stalemate goes to the victim); its damage is no hit, so never a "
                                       "major wound; while a disease is active its victim recovers no HP "
                                       "naturally."),
    ProvisionalRule("D100-LIGHT", "Bands Illuminated (no penalty), Partial darkness -1P, Darkness -2P, Pitch black "
                                  "-3P; a light source's outer bands each extend its radius once more."),
    ProvisionalRule("D100-FATIGUE", "A failed Fatigue test leaves an Exhausted character Exhausted; a fumble's "
                                    "unconsciousness ends Fatigued, or Exhausted for one already Exhausted."),
)

D100_V2: RulesetVersion[AdventureState, D100Settings, Options] = RulesetVersion(
    id=D100_V1.id, version="2", title=D100_V1.title, sources=D100_V1.sources, events=D100_V1.events,
    summary=(
        "Percentile fantasy RPG adventuring rules. Version 2 rolls percentile tests verifiably (bonus and "
        "penalty dice, criticals and fumbles, opposed tests), resolves falls, Fatigue tests and days of "
        "travel, and keeps characters and objects: major wounds, Bleeding, Dying, battlefield healing, "
        "treatment, surgery and rest, fatigue, encumbrance, poison and disease, damaging objects."
    ),
    provisional_rules=PROVISIONAL_RULES,
    options_type=Options,
    settings_type=D100Settings,
    state_type=AdventureState,
    initial_state=lambda creation: AdventureState(),
    evolve=evolve,
    action_seat=action_seat,
    plays=(
        # Characters may join before `start` or during play; every other command is play.
        play(AddCharacter, add_character, phase=Phase.ANY),
        play(MakeTest, without(("light_source",), one(make_test))),
        play(MakeOpposedTest, without(("character", "opposing_character", "physical", "opposing_physical"),
                                      one(opposed_test))),
        play(Fall, without(("character",), one(fall))),
        play(FatigueTest, one(fatigue)), play(TravelDay, without(("character", "route_changes"), one(travel))),
        play(TakeDamage, one(damage)),
        play(BeginCombat, one(begin_combat)), play(EndRound, one(end_round)),
        play(BattlefieldHealing, one(battlefield_healing)), play(EndCombat, one(end_combat)),
        play(Treat, one(treat)), play(Surgery, one(surgery)), play(Rest, without(("hours",), one(rest))),
        play(ResistPoison, one(resist_poison)), play(ResistDisease, one(resist_disease)), play(Carry, one(carry)),
        play(AddObject, one(add_object)), play(StrikeObject, one(strike_object)),
        play(DeprivedDay, one(deprived_day)), play(Remedy, one(remedy)), play(HoldBreath, one(hold_breath)),
        play(BreathTest, one(breath_test)), play(ReachAir, one(reach_air)),
    ),
)
