"""d100 ruleset version 3: seed 004's Adventuring procedures re-checked against the seed. What
changes from version 2: a character's conditions reach every test it makes (one function,
`rules.tested`); Battlefield Healing takes the helper's whole round and a breath test is one a
round; a deprivation's damage, not all healing, waits for its remedy; poisons and diseases roll
their Delays, deal damage on their schedule and change characteristics, hit points following; a
battle clock; Movement and Combat Order under fatigue, load and darkness; rest by the hour;
light sources' outer bands; route changes; every provisional number a setting."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import Options, Phase, RulesetVersion, play
from domain.rulesets.d100 import D100_V1
from domain.rulesets.d100.characters import new_character
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
    Rest,
    StrikeObject,
    Surgery,
    TakeDamage,
    TravelDay,
    Treat,
)
from domain.rulesets.d100.events import CharacterAdded, CombatFinished, CombatStarted
from domain.rulesets.d100.v2 import action_seat as v2_action_seat
from domain.rulesets.d100.v3.afflictions import expose, resist
from domain.rulesets.d100.v3.breath import breath_test, hold_breath, reach_air
from domain.rulesets.d100.v3.care import battlefield_healing, damage, end_round, move, surgery, treat
from domain.rulesets.d100.v3.clock import pass_time, rest
from domain.rulesets.d100.v3.commands import Expose, MoveCharacter, PassTime, Resist
from domain.rulesets.d100.v3.events import V3_EVENTS, CharacterMoved, Exposed, TimePassed
from domain.rulesets.d100.v3.evolve import evolve
from domain.rulesets.d100.v3.provisional import PROVISIONAL_RULES
from domain.rulesets.d100.v3.rolls import fall, fatigue, make_test, opposed_test, travel
from domain.rulesets.d100.v3.rules import Table, character_penalties, combat_order, in_combat, knocked_out, movement
from domain.rulesets.d100.v3.settings import D100V3Settings, refuse_unplayable
from domain.rulesets.d100.v3.state import Adventure
from domain.rulesets.d100.v3.supplies import add_object, carry, deprived_day, remedy, strike_object
from domain.rulesets.d100.v3.view import AdventureView
from domain.rulesets.d100.v3.wounds import ceiling


def add_character(ctx: Table, command: AddCharacter) -> list[msgspec.Struct]:
    character = new_character(command.name, ctx.seat, command.characteristics)
    if ctx.state.character(character.id) is not None:
        raise RuleViolation("character-exists", f"a character {character.id!r} is already at the table")
    return [CharacterAdded(seat=ctx.seat, character=character)]


def begin_combat(ctx: Table, command: BeginCombat) -> list[msgspec.Struct]:
    in_combat(ctx.state, False, "combat has already begun")
    return [CombatStarted(seat=ctx.seat)]


def end_combat(ctx: Table, command: EndCombat) -> list[msgspec.Struct]:
    in_combat(ctx.state, True, "no combat to end")
    return [CombatFinished(seat=ctx.seat)]


def creation_problems(options: Options, settings: D100V3Settings, seats: tuple[str, ...]) -> list[str]:
    refuse_unplayable(settings)
    return []


def action_seat(event: msgspec.Struct) -> str | None:
    """Every d100 event begins an action of the seat that made it, but the time a command passes
    after its own event."""
    if isinstance(event, CharacterMoved | Exposed):
        return event.seat
    return None if isinstance(event, TimePassed) else v2_action_seat(event)


def state_view(state: Adventure, shown: dict[str, Any]) -> dict[str, Any]:
    """`GET /state` adds, for each character, what its conditions make of it now: the penalty
    dice on every test it makes (`penalties`; Overloaded counts on physical and Fatigue tests
    only), its Movement in full light and what reduces it, what its Combat Order takes, whether
    it is conscious, and the hit points healing may bring back (`natural_ceiling` for natural
    recovery); and the clock's `day`."""
    settings = state.settings
    for character, view in zip(state.characters, shown.get("characters", []), strict=False):
        metres, reduced = movement(character, settings)
        view.update(penalties=character_penalties(character), movement_in_full_light=metres,
                    movement_reduced_by=list(reduced), combat_order_modifier=combat_order(character),
                    conscious=not character.dead and not knocked_out(state, character),
                    natural_ceiling=ceiling(character.vitals(), natural=True),
                    ceiling=ceiling(character.vitals(), natural=False))
    shown["day"] = state.day
    return shown


D100_V3: RulesetVersion[Adventure, D100V3Settings, Options] = RulesetVersion(
    id=D100_V1.id, version="3", title=D100_V1.title, sources=D100_V1.sources,
    events=(*D100_V1.events, *V3_EVENTS),
    summary=(
        "Percentile fantasy RPG adventuring rules. Version 3 plays seed 004 as re-checked: a character's "
        "conditions reach every test it makes; Battlefield Healing takes the helper's whole round and breath "
        "tests come one a round; poisons and diseases roll their Delays and change characteristics, hit points "
        "following; a battle clock times Delays, Durations, daily damage and rest by the hour; Movement and "
        "Combat Order under fatigue, load and darkness; light sources' outer bands; route changes; every "
        "provisional number a setting."
    ),
    provisional_rules=PROVISIONAL_RULES,
    options_type=Options,
    settings_type=D100V3Settings,
    state_type=Adventure, view_type=AdventureView,
    initial_state=lambda creation: Adventure(settings=creation.settings),
    creation_problems=creation_problems,
    evolve=evolve,
    action_seat=action_seat,
    state_view=state_view,
    plays=(
        # Characters may join before `start` or during play; every other command is play.
        play(AddCharacter, add_character, phase=Phase.ANY),
        play(MakeTest, make_test), play(MakeOpposedTest, opposed_test), play(Fall, fall),
        play(FatigueTest, fatigue), play(TravelDay, travel), play(TakeDamage, damage),
        play(BeginCombat, begin_combat), play(EndRound, end_round), play(MoveCharacter, move),
        play(BattlefieldHealing, battlefield_healing), play(EndCombat, end_combat),
        play(Treat, treat), play(Surgery, surgery), play(Rest, rest), play(PassTime, pass_time),
        play(Expose, expose), play(Resist, resist), play(Carry, carry),
        play(AddObject, add_object), play(StrikeObject, strike_object),
        play(DeprivedDay, deprived_day), play(Remedy, remedy), play(HoldBreath, hold_breath),
        play(BreathTest, breath_test), play(ReachAir, reach_air),
    ),
)
