"""Suffocation in version 3 (seed 004, Suffocation and Fire): "A character can hold their breath
for CON Combat Rounds. After that, make a Resilience test each round with a cumulative -1P,
subject to the normal -3P cap. On the first failure, the character inhales the substance and
immediately suffers its effect." Rounds of holding are counted on the battle's clock; one test
a round; the character's conditions count in every test."""

from __future__ import annotations

import msgspec

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.d100.care import damage_dice
from domain.rulesets.d100.commands import BreathTest, HoldBreath, ReachAir
from domain.rulesets.d100.events import AirReached, BreathHeld, BreathTested
from domain.rulesets.d100.v3.care import choke, fumes_to_roll
from domain.rulesets.d100.v3.rules import Table, living, tested
from domain.rulesets.d100.v3.wounds import harmed


def hold_breath(ctx: Table, command: HoldBreath) -> list[msgspec.Struct]:
    character = living(ctx.state, command.character)
    if character.air != "breathing":
        raise RuleViolation("without-air", f"{character.name} is already without air")
    return [BreathHeld(seat=ctx.seat, character=character.id, fumes=damage_dice(command.fumes))]


def rounds_held(ctx: Table, since: int) -> int:
    """Whole Combat Rounds (D100-CLOCK) since the character began to hold its breath."""
    return (ctx.state.clock - since) // ctx.settings.D100_CLOCK.round_seconds


def breath_test(ctx: Table, command: BreathTest) -> list[msgspec.Struct]:
    """The round's test, once its CON (as it now is) rounds are over: -1P for each round of
    testing so far, this one included, with its conditions' dice, within the cap."""
    character = living(ctx.state, command.character)
    if character.air != "holding" or character.held_since is None:
        raise RuleViolation("not-holding", f"{character.name} is not holding its breath")
    held = rounds_held(ctx, character.held_since)
    con = character.characteristics.con
    if held < con:
        raise RuleViolation("breath-lasts", f"{character.name} holds its breath for {con} rounds; {held} have passed")
    if character.breath_round == held:
        raise RuleViolation("once-a-round", f"{character.name} has made this round's breath test")
    fumes = fumes_to_roll(character)  # a failure rolls them: checked before the test is drawn
    test, penalties = tested(ctx, command.resilience, f"{character.name} holds its breath", character,
                             extra=("holding its breath",) * (held - con + 1))
    if test.succeeded:
        return [BreathTested(seat=ctx.seat, character=character.id, test=test, inhaled=False, round=held,
                             penalties=penalties)]
    choked = choke(ctx.dice, character, fumes)
    return [BreathTested(seat=ctx.seat, character=character.id, test=test, inhaled=True, damage_roll=choked.roll,
                         dealt=choked.dealt, round=held, penalties=penalties,
                         health=harmed(character, choked.dealt, hit=False))]


def reach_air(ctx: Table, command: ReachAir) -> list[msgspec.Struct]:
    """"After reaching breathable air, make a Resilience test. On a failure, the character can only
    retch or gasp for 1D4 rounds.\""""
    character = living(ctx.state, command.character)
    if character.air == "breathing":
        raise RuleViolation("breathing", f"{character.name} is breathing")
    test, penalties = tested(ctx, command.resilience, f"{character.name} draws breath", character)
    gasping = None if test.succeeded else roll_expression(ctx.dice, "1d4", f"{character.name} gasps")
    rounds = gasping.total or 0 if gasping else 0
    return [AirReached(seat=ctx.seat, character=character.id, test=test, gasping_roll=gasping, gasping_rounds=rounds,
                       penalties=penalties,
                       gasping_until=ctx.state.clock + rounds * ctx.settings.D100_CLOCK.round_seconds if gasping
                       else None)]
