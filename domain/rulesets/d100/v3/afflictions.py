"""Poison and disease in version 3 (seed 004): "Poison allows one delayed Resilience-versus-
Potency test; disease repeats that test after each Delay until the victim wins." Exposure rolls
the Delay; the test waits for it; the Effect is applied as the entry says: its damage (a
poison's once, a disease's each time it wins or each day while it is active), its changes to
characteristics for the poison's Duration or while the disease is active, with hit points and
the Major Wound Level following them."""

from __future__ import annotations

import msgspec

from domain.dice import Roll
from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.d100.body import Effect, Vitals
from domain.rulesets.d100.care import damage_dice
from domain.rulesets.d100.events import DiseaseTested, PoisonResisted
from domain.rulesets.d100.percentile import PercentileTest, percentile_test
from domain.rulesets.d100.percentile import opposed as opposed_outcome
from domain.rulesets.d100.v3.catalogue import CATALOGUE, Affliction, affliction_problems, seconds_of
from domain.rulesets.d100.v3.commands import Expose, Resist
from domain.rulesets.d100.v3.events import Exposed
from domain.rulesets.d100.v3.rules import Table, living, tested
from domain.rulesets.d100.v3.state import DAY, Adventurer, Exposure
from domain.rulesets.d100.v3.wounds import harmed, released, reshaped, withheld


def described(given: str | Affliction) -> Affliction:
    """The seed's entry by its name, or an affliction described in full, checked, its dice
    written as they are rolled."""
    if isinstance(given, str):
        found = CATALOGUE.get(given)
        if found is None:
            raise RuleViolation("affliction-unknown", f"no poison or disease {given!r} in the seed (known: "
                                                      f"{', '.join(CATALOGUE)}); describe it in full instead")
        return found
    problems = affliction_problems(given)
    if problems:
        raise RuleViolation("affliction-invalid", "; ".join(problems), problems=problems)
    return msgspec.structs.replace(
        given, delay=damage_dice(given.delay), damage=damage_dice(given.damage) if given.damage else None,
        duration=damage_dice(given.duration) if given.duration else None)


def expose(ctx: Table, command: Expose) -> list[msgspec.Struct]:
    """"After the Delay, make one opposed Resilience-versus-Potency test": the Delay is rolled now."""
    victim = living(ctx.state, command.character)
    affliction = described(command.affliction)
    if victim.exposure(affliction.name) is not None:
        raise RuleViolation("already-exposed", f"{victim.name} already has {affliction.name}")
    delay = roll_expression(ctx.dice, affliction.delay, f"{affliction.name}: Delay")
    due = ctx.state.clock + seconds_of(delay.total or 0, affliction.delay_unit, ctx.settings.D100_CLOCK.round_seconds)
    return [Exposed(seat=ctx.seat, character=victim.id, affliction=affliction, delay_roll=delay, test_at=due)]


def resist(ctx: Table, command: Resist) -> list[msgspec.Struct]:
    """The resistance test, once its Delay has passed: "Roll Potency like a skill in an opposed
    test against the victim's Resilience" (the victim's conditions count; "A successful Healing
    test completed before the resistance test grants the victim +1B"; D100-AFFLICTION: who wins a
    stalemate)."""
    victim = living(ctx.state, command.character)
    exposure = victim.exposure(command.name)
    if exposure is None:
        raise RuleViolation("not-exposed", f"{victim.name} has no {command.name}")
    if ctx.state.clock < exposure.test_at:
        raise RuleViolation("delay-not-over", f"the Delay of {command.name} runs until {exposure.test_at} s on the "
                                              f"clock; it is {ctx.state.clock} s")
    affliction = exposure.affliction
    resistance, penalties = tested(ctx, command.resilience, f"{victim.name} resists {affliction.name}", victim,
                                   bonus=1 if command.healed else 0)
    potency = percentile_test(ctx.dice, affliction.potency, f"{affliction.name}: Potency",
                              levels=ctx.settings.D100_TEST)
    outcome = opposed_outcome(potency, resistance, higher_wins=ctx.settings.D100_OPPOSED.higher_wins)
    won = outcome == "first" or (outcome == "stalemate" and ctx.settings.D100_AFFLICTION.stalemate == "affliction")
    if affliction.kind == "poison":
        return [poisoned(ctx, victim, affliction, resistance, potency, won, penalties)]
    return [diseased(ctx, victim, exposure, resistance, potency, won, penalties)]


def _effects(affliction: Affliction, ends_at: int | None) -> tuple[Effect, ...]:
    return tuple(Effect(source=affliction.name, characteristic=c.characteristic, add=c.add, halve=c.halve,
                        ends_at=ends_at) for c in affliction.changes)


def _damage(ctx: Table, victim: Adventurer, body: Vitals, affliction: Affliction) -> tuple[Roll | None, int]:
    if affliction.damage is None:
        return None, 0
    roll = roll_expression(ctx.dice, affliction.damage, f"{affliction.name} harms {victim.name}")
    return roll, min(body.hp, max(0, roll.total or 0))


def poisoned(ctx: Table, victim: Adventurer, affliction: Affliction, resistance: PercentileTest,
             potency: PercentileTest, won: bool, penalties: tuple[str, ...]) -> PoisonResisted:
    """"If the victim wins, the poison has no effect. If the poison wins, apply its full Effect for
    its Duration." Poison still allows only one resistance test."""
    damage_roll, dealt, duration = None, 0, None
    effects: tuple[Effect, ...] = ()
    body = victim.vitals()
    if won:
        if affliction.duration is not None:
            duration = roll_expression(ctx.dice, affliction.duration, f"{affliction.name}: Duration")
            lasts = seconds_of(duration.total or 0, affliction.duration_unit, ctx.settings.D100_CLOCK.round_seconds)
            effects = _effects(affliction, ctx.state.clock + lasts)
        body = reshaped(victim, (*victim.effects, *effects), ctx.settings.D100_EFFECTS)
        damage_roll, dealt = _damage(ctx, victim, body, affliction)
        body = harmed(victim.with_vitals(body), dealt, hit=False)
    return PoisonResisted(seat=ctx.seat, character=victim.id, name=affliction.name, resistance=resistance,
                          potency=potency, poison_won=won, damage_roll=damage_roll, dealt=dealt,
                          duration_roll=duration, penalties=penalties, effects=effects, health=body)


def diseased(ctx: Table, victim: Adventurer, exposure: Exposure, resistance: PercentileTest,
             potency: PercentileTest, won: bool, penalties: tuple[str, ...]) -> DiseaseTested:
    """"If the victim wins, the disease ends or fails to take hold. If the disease wins, apply its
    Effect, wait another Delay, and test again." Its effects last while it is active ("Ongoing
    effects remain"); damage each time it wins, or each day while active from the day it takes
    hold (D100-AFFLICTION); "damage from the disease cannot heal, while the disease is active.
    Normal recovery begins after the victim wins.\""""
    affliction = exposure.affliction
    if not won:
        kept = tuple(e for e in victim.effects if e.source != affliction.name)
        body = released(reshaped(victim, kept, ctx.settings.D100_EFFECTS), affliction.name)
        return DiseaseTested(seat=ctx.seat, character=victim.id, name=affliction.name, resistance=resistance,
                             potency=potency, disease_won=False, penalties=penalties, effects=(), health=body)
    taking_hold = not exposure.active
    effects = _effects(affliction, None) if taking_hold else ()
    body = reshaped(victim, (*victim.effects, *effects), ctx.settings.D100_EFFECTS)
    now = not affliction.daily or (taking_hold and ctx.settings.D100_AFFLICTION.daily_damage_on_taking_hold)
    damage_roll, dealt = _damage(ctx, victim, body, affliction) if now else (None, 0)
    body = withheld(harmed(victim.with_vitals(body), dealt, hit=False), affliction.name, "disease", dealt)
    delay = roll_expression(ctx.dice, affliction.delay, f"{affliction.name}: Delay")
    due = ctx.state.clock + seconds_of(delay.total or 0, affliction.delay_unit, ctx.settings.D100_CLOCK.round_seconds)
    daily = (ctx.state.clock + DAY if taking_hold else exposure.next_daily_at) if affliction.daily else None
    return DiseaseTested(seat=ctx.seat, character=victim.id, name=affliction.name, resistance=resistance,
                         potency=potency, disease_won=True, damage_roll=damage_roll, dealt=dealt, penalties=penalties,
                         effects=effects, delay_roll=delay, test_at=due, next_daily_at=daily, health=body)
