"""Suffocation (seed 004, Suffocation and Fire): "A character can hold their breath for CON Combat
Rounds. After that, make a Resilience test each round with a cumulative -1P, subject to the
normal -3P cap. On the first failure, the character inhales the substance and immediately
suffers its effect. Apply that effect again at the end of every following round until the
character reaches breathable air." """

from __future__ import annotations

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.d100.care import Table, choke, damage_dice, fumes_of, living
from domain.rulesets.d100.commands import BreathTest, HoldBreath, ReachAir
from domain.rulesets.d100.events import AirReached, BreathHeld, BreathTested
from domain.rulesets.d100.percentile import net_grade, percentile_test


def hold_breath(ctx: Table, command: HoldBreath) -> BreathHeld:
    character = living(ctx.state, command.character)
    if character.air != "breathing":
        raise RuleViolation("without-air", f"{character.name} is already without air")
    return BreathHeld(seat=ctx.seat, character=character.id, fumes=damage_dice(command.fumes))


def breath_test(ctx: Table, command: BreathTest) -> BreathTested:
    character = living(ctx.state, command.character)
    if character.air != "holding":
        raise RuleViolation("not-holding", f"{character.name} is not holding its breath")
    beyond = character.held_rounds - character.characteristics.con
    if beyond < 0:
        raise RuleViolation("breath-lasts", f"{character.name} holds its breath for {character.characteristics.con} "
                                            f"rounds; {character.held_rounds} have passed")
    fumes = fumes_of(character)  # a failure rolls them: they must roll before the test is drawn
    test = percentile_test(ctx.dice, command.resilience, f"{character.name} holds its breath",
                           grade=net_grade(0, beyond + 1, ctx.settings.D100_GRADES.cap))
    if test.succeeded:
        return BreathTested(seat=ctx.seat, character=character.id, test=test, inhaled=False)
    damage = choke(ctx.dice, character, fumes)
    return BreathTested(seat=ctx.seat, character=character.id, test=test, inhaled=True, damage_roll=damage.roll,
                        dealt=damage.dealt)


def reach_air(ctx: Table, command: ReachAir) -> AirReached:
    """"After reaching breathable air, make a Resilience test. On a failure, the character can only
    retch or gasp for 1D4 rounds.\""""
    character = living(ctx.state, command.character)
    if character.air == "breathing":
        raise RuleViolation("breathing", f"{character.name} is breathing")
    test = percentile_test(ctx.dice, command.resilience, f"{character.name} draws breath")
    gasping = None if test.succeeded else roll_expression(ctx.dice, "1d4", f"{character.name} gasps")
    return AirReached(seat=ctx.seat, character=character.id, test=test, gasping_roll=gasping,
                      gasping_rounds=gasping.total or 0 if gasping else 0)
