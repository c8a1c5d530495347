"""Time on the battle's clock (version 3): rounds, minutes, hours of rest and days of travel pass
on it, and with them what the seed times: a poison's Duration ("-3 CON; Duration 6D10 minutes"),
a disease's daily damage ("deals 1D6 damage each day while active"), the minutes of a fumbled
Fatigue test's unconsciousness. Rest removes Fatigue by the hour and recovers hit points by the
day (seed 004, Fatigue and Deprivation; Surgery and natural recovery)."""

from __future__ import annotations

import math

import msgspec

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.d100.body import Vitals
from domain.rulesets.d100.commands import Rest
from domain.rulesets.d100.events import Rested
from domain.rulesets.d100.v3.commands import PassTime
from domain.rulesets.d100.v3.events import DailyHarm, EffectEnded, TimePassed
from domain.rulesets.d100.v3.rules import Table, in_combat
from domain.rulesets.d100.v3.settings import Recovery
from domain.rulesets.d100.v3.state import DAY, Adventure, Adventurer
from domain.rulesets.d100.v3.wounds import harmed, healed, reshaped, withheld

HOUR = 3600


def no_life_hangs_on_rounds(state: Adventure) -> None:
    """Minutes, hours and days do not pass while a life is counted in rounds: a Bleeding or Dying
    character, or one without air, is seen to round by round (begin_combat, end_round) first."""
    for character in state.characters:
        if character.dead:
            continue
        if character.bleeding or character.dying or character.air != "breathing":
            why = "Bleeding" if character.bleeding else "Dying" if character.dying else "without air"
            raise RuleViolation("rounds-first", f"{character.name} is {why}: count its rounds (begin_combat, "
                                                f"end_round) before more time passes")


def time_passes(ctx: Table, seconds: int, state: Adventure | None = None) -> TimePassed:
    """The clock moves on by `seconds` from `state` (the context's by default): effects whose
    Duration has run end (the body follows its characteristics), each active disease deals its
    damage for each day that comes, the knocked-out whose minutes are over wake."""
    state = state or ctx.state
    clock = state.clock + seconds
    due = [(c, e) for c in state.characters if not c.dead for e in c.exposures
           if e.active and e.affliction.daily and e.next_daily_at is not None and e.next_daily_at <= clock]
    for _, exposure in due:  # every expression checked before the first die
        if exposure.affliction.damage is None:
            raise RuleViolation("affliction-invalid", f"{exposure.affliction.name} has no daily damage")
    harms: list[DailyHarm] = []
    ended: list[EffectEnded] = []
    health: list[Vitals] = []
    for character in state.characters:
        if character.dead:
            continue
        body = character.vitals()
        over = [e for e in character.effects if e.ends_at is not None and e.ends_at <= clock]
        if over:
            ended += [EffectEnded(character=character.id, source=e.source, characteristic=e.characteristic)
                      for e in over]
            body = reshaped(character, [e for e in character.effects if e not in over], ctx.settings.D100_EFFECTS)
        for holder, exposure in due:
            if holder.id != character.id:
                continue
            body, days = _daily(ctx, character.with_vitals(body), exposure.affliction.name,
                                exposure.affliction.damage or "", exposure.next_daily_at or 0, clock)
            harms += days
        if body != character.vitals():
            health.append(body)
    woke = tuple(c.id for c in state.characters if c.unconscious_until is not None and c.unconscious_until <= clock)
    return TimePassed(seat=ctx.seat, seconds=seconds, clock=clock, harms=tuple(harms), ended=tuple(ended), woke=woke,
                      health=tuple(health))


def _daily(ctx: Table, character: Adventurer, disease: str, damage: str, first: int,
           clock: int) -> tuple[Vitals, list[DailyHarm]]:
    """Each day's damage of a disease that comes by `clock`; it cannot heal while the disease is
    active."""
    harms = []
    body = character.vitals()
    at = first
    while at <= clock:
        roll = roll_expression(ctx.dice, damage, f"{disease} harms {character.name}")
        dealt = min(body.hp, max(0, roll.total or 0))
        body = withheld(harmed(character.with_vitals(body), dealt, hit=False), disease, "disease", dealt)
        at += DAY
        harms.append(DailyHarm(character=character.id, disease=disease, roll=roll, dealt=dealt, next_at=at))
    return body, harms


def pass_time(ctx: Table, command: PassTime) -> list[msgspec.Struct]:
    in_combat(ctx.state, False, "in combat time passes round by round (end_round)")
    no_life_hangs_on_rounds(ctx.state)
    return [time_passes(ctx, command.minutes * 60)]


def quarter_of_con(con: int, rules: Recovery) -> int:
    """"recovers a quarter of CON in HP per 24 hours" (D100-RECOVERY: its rounding)."""
    if rules.rounding == "down":
        return con // 4
    if rules.rounding == "up":
        return math.ceil(con / 4)
    return math.floor(con / 4 + 0.5)


def fatigue_rest_hours(con: int) -> int:
    """"20 − CON hours of complete rest, minimum 1, removes Fatigued or Exhausted.\""""
    return max(1, 20 - con)


def rest(ctx: Table, command: Rest) -> list[msgspec.Struct]:
    """Hours of complete rest (`hours`, or `days` of 24): the time passes; then Fatigue goes from
    whoever rested its 20 - CON hours, each full 24 hours recovers a quarter of CON (for a
    Wounded character only after Surgery: "a Wounded character begins this recovery only after
    treatment"), and a rest of D100-RECOVERY's `full_rest_hours` is a full rest."""
    in_combat(ctx.state, False, "nobody rests in combat")
    no_life_hangs_on_rounds(ctx.state)
    hours = command.hours if command.hours is not None else 24 * command.days
    passage = time_passes(ctx, hours * HOUR)
    from domain.rulesets.d100.v3.evolve import evolve  # the state the rest ends on (decide may fold its events)

    after = evolve(ctx.state, passage)
    rules = ctx.settings.D100_RECOVERY
    recovered: dict[str, int] = {}
    health: list[Vitals] = []
    for character in after.characters:
        if character.dead:
            continue
        body = character.vitals()
        for _ in range(hours // 24):
            if body.wounded and not body.operated:
                break
            body = healed(body, quarter_of_con(body.characteristics.con, rules), natural=True)
        if body.hp != character.hp:
            recovered[character.id] = body.hp - character.hp
        if body != character.vitals():
            health.append(body)
    removed = tuple(c.id for c in after.characters if not c.dead and c.fatigue != "fresh"
                    and hours >= fatigue_rest_hours(c.characteristics.con))
    return [passage, Rested(seat=ctx.seat, days=hours // 24, recovered=recovered, hours=hours, fatigue_removed=removed,
                            full_rest=hours >= rules.full_rest_hours, health=tuple(health))]
