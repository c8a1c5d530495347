"""d100 ruleset version 2: seed 004's Adventuring procedures, rolled verifiably. A seated
player makes percentile tests (bonus and penalty dice, opposed tests), resolves falls with the
Acrobatics test, Fatigue tests, and days of travel with their navigation test; the battle keeps
its characters' hit points and wounds through combat rounds, healing and rest. Skills are sent
with each command (the server keeps no skill lists)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import msgspec

from domain.dice import Dice
from domain.errors import RuleViolation
from domain.rulesets.base import ProvisionalRule, handler_for, provisional
from domain.rulesets.d100 import D100
from domain.rulesets.d100.afflictions import resist_disease, resist_poison
from domain.rulesets.d100.breath import breath_test, hold_breath, reach_air
from domain.rulesets.d100.care import (
    AtTable,
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
    D100Command,
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
from domain.seats import acting_seat

# Each command to the rule that decides it against the table.
_DECIDE: dict[type[msgspec.Struct], Callable[[AtTable, Any], msgspec.Struct]] = {
    MakeTest: make_test, MakeOpposedTest: opposed_test, Fall: fall, FatigueTest: fatigue, TravelDay: travel,
    TakeDamage: damage, BeginCombat: begin_combat, EndRound: end_round, BattlefieldHealing: battlefield_healing,
    EndCombat: end_combat, Treat: treat, Surgery: surgery, Rest: rest, Carry: carry, AddObject: add_object,
    StrikeObject: strike_object, ResistPoison: resist_poison, ResistDisease: resist_disease,
    HoldBreath: hold_breath, BreathTest: breath_test, ReachAir: reach_air, DeprivedDay: deprived_day,
    Remedy: remedy,
}


class D100Adventuring(D100):
    version: ClassVar[str] = "2"
    summary: ClassVar[str] = (
        "Percentile fantasy RPG adventuring rules. Version 2 rolls percentile tests verifiably (bonus and "
        "penalty dice, criticals and fumbles, opposed tests), resolves falls, Fatigue tests and days of "
        "travel, and keeps characters and objects: major wounds, Bleeding, Dying, battlefield healing, "
        "treatment, surgery and rest, fatigue, encumbrance, poison and disease, damaging objects."
    )
    provisional_rules: ClassVar[tuple[ProvisionalRule, ...]] = (
        provisional("D100-TEST", "A test succeeds on d100 <= skill; a critical on <= one tenth of the skill "
                                 "(rounded up); a fumble on 99-100 (100 only when skill >= 100)."),
        provisional("D100-GRADES", "Each B is a bonus die and each P a penalty die: one extra tens die per grade, "
                                   "keeping the best (B) or worst (P) result; B and P cancel; at most `cap` of "
                                   "either apply.", cap=3),
        provisional("D100-OPPOSED", "Both roll; critical beats success beats failure beats fumble; on equal levels "
                                    "the higher successful roll wins; when neither succeeds (or both rolls are "
                                    "equal) it is a stalemate."),
        provisional("D100-TRAVEL", "Daily rates for ten hours: walk 30 km, forced march 40 km (a Fatigue test), "
                                   "mounted 50 km; terrain: road 100%, open 75%, forest or hills 50%, mountains or "
                                   "swamp 25%."),
        provisional("D100-CHARACTER", "HP = ceil((CON + SIZ) / 2); Major Wound Level = ceil(HP / 2); Movement 6 m."),
        provisional("D100-DYING", "HP does not fall below 0. A Dying character dies at the end of its third round "
                                  "ended while Dying, the round it fell counting as the first; Bleeding costs a "
                                  "Dying character no more."),
        provisional("D100-RECOVERY", "Natural recovery is a quarter of CON per day, rounded down; a day of rest is a "
                                     "full rest (it renews the one treatment attempt); the Bleeding recover "
                                     "nothing; Surgery's effect lasts until Wounded ends."),
        provisional("D100-AFFLICTION", "A poison or disease takes effect only when its Potency wins the opposed "
                                       "test (a stalemate goes to the victim); its damage is no hit, so never a "
                                       "major wound; while a disease is active its victim recovers no HP "
                                       "naturally."),
        provisional("D100-LIGHT", "Bands Illuminated (no penalty), Partial darkness -1P, Darkness -2P, Pitch black "
                                  "-3P; a light source's outer bands each extend its radius once more."),
        provisional("D100-FATIGUE", "A failed Fatigue test leaves an Exhausted character Exhausted; a fumble's "
                                    "unconsciousness ends Fatigued, or Exhausted for one already Exhausted."),
    )
    commands: ClassVar[tuple[type[msgspec.Struct], ...]] = (MakeTest, MakeOpposedTest, Fall, FatigueTest, TravelDay,
                                                            AddCharacter, TakeDamage, BeginCombat, EndRound,
                                                            BattlefieldHealing, EndCombat, Treat, Surgery, Rest,
                                                            ResistPoison, ResistDisease, Carry, AddObject,
                                                            StrikeObject, DeprivedDay, Remedy, HoldBreath,
                                                            BreathTest, ReachAir)
    state_type: ClassVar[type[msgspec.Struct] | None] = AdventureState
    events: ClassVar[tuple[type[msgspec.Struct], ...]] = ()  # registered by version 1 (one union for all)

    def decide(self, battle: Any, command: msgspec.Struct, dice: Dice, actor: str) -> list[msgspec.Struct]:
        if not isinstance(command, D100Command):
            return super().decide(battle, command, dice, actor)
        if isinstance(command, AddCharacter):
            return [self._add(battle, command, actor)]
        if battle.status != "active":
            raise RuleViolation("battle-not-active", "tests are rolled during play")
        at = AtTable(state=battle.ruleset_state, seat=acting_seat(battle.seats, command.seat, actor), dice=dice,
                     cap=int(battle.options["provisional"]["D100-GRADES"]["cap"]))
        run = handler_for(_DECIDE, command)
        assert run is not None, f"every d100 command has a rule: {type(command).__name__}"
        return [run(at, command)]

    def initial_state(self, options: dict[str, Any], seats: Sequence[str]) -> AdventureState:
        return AdventureState()

    def _add(self, battle: Any, command: AddCharacter, actor: str) -> CharacterAdded:
        seat = acting_seat(battle.seats, command.seat, actor)
        character = new_character(command.name, seat, command.characteristics)
        if battle.ruleset_state.character(character.id) is not None:
            raise RuleViolation("character-exists", f"a character {character.id!r} is already at the table")
        return CharacterAdded(seat=seat, character=character)

    def evolve(self, state: Any, event: msgspec.Struct) -> Any:
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

    def action_seat(self, event: msgspec.Struct) -> str | None:
        if isinstance(event, TestRolled | OpposedTestRolled | FallResolved | FatigueTested | TravelDayResolved
                      | CharacterAdded | DamageTaken | RoundEnded | HealingAttempted | CombatStarted | CombatFinished
                      | Treated | SurgeryAttempted | Rested | PoisonResisted | DiseaseTested | LoadCarried
                      | ObjectAdded | ObjectStruck | DeprivedDayPassed | DeprivationRemedied | BreathHeld
                      | BreathTested | AirReached):
            return event.seat
        return None
