"""Tests, falls, Fatigue tests, days of travel and of deprivation (seed 004) as the ruleset
rolls them."""

from __future__ import annotations

import msgspec

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.d100.adventuring import (
    NEEDS_FATIGUE_TEST,
    after_fatigue_test,
    day_of_travel,
    dice_removed,
    fall_dice,
    fatigue_penalties,
    full_day,
    lands_prone,
    light_penalty,
)
from domain.rulesets.d100.care import Table, character_at_table, condition_penalties
from domain.rulesets.d100.characters import Character
from domain.rulesets.d100.commands import DeprivedDay, Fall, FatigueTest, MakeOpposedTest, MakeTest, Remedy, TravelDay
from domain.rulesets.d100.events import (
    DeprivationDay,
    DeprivationRemedied,
    DeprivedDayPassed,
    FallResolved,
    FatigueTested,
    OpposedTestRolled,
    TestRolled,
    TravelDayResolved,
)
from domain.rulesets.d100.percentile import PercentileTest, net_grade, opposed, percentile_test


def make_test(ctx: Table, command: MakeTest) -> TestRolled:
    penalties = test_penalties(ctx, command)
    grade = net_grade(command.bonus, command.penalty + len(penalties), ctx.settings.D100_GRADES.cap)
    test = percentile_test(ctx.dice, command.skill, command.purpose or "test", grade=grade)
    return TestRolled(seat=ctx.seat, purpose=command.purpose, test=test, penalties=tuple(penalties))


def test_penalties(ctx: Table, command: MakeTest) -> list[str]:
    """The penalty dice the rules add to a test: the tester's conditions, an Overloaded tester's
    physical test, and the light (D100-LIGHT)."""
    found: list[str] = []
    if command.character:
        tester = character_at_table(ctx.state, command.character)
        found += condition_penalties(tester)
        if command.physical and tester.overloaded:
            found.append("Overloaded")
    if command.light:
        found += [command.light] * light_penalty(command.light, command.sense, natural_night=command.natural_night)
    return found


def opposed_test(ctx: Table, command: MakeOpposedTest) -> OpposedTestRolled:
    first = percentile_test(ctx.dice, command.skill, command.purpose or "opposed test",
                            grade=net_grade(command.bonus, command.penalty, ctx.settings.D100_GRADES.cap))
    cap = ctx.settings.D100_GRADES.cap
    second = percentile_test(ctx.dice, command.opposing_skill, command.purpose or "opposed test",
                             grade=net_grade(command.opposing_bonus, command.opposing_penalty, cap))
    return OpposedTestRolled(seat=ctx.seat, purpose=command.purpose, first=first, second=second,
                             winner=opposed(first, second))


def fall(ctx: Table, command: Fall) -> FallResolved:
    counted = fall_dice(command.metres, command.soft_ground)
    test: PercentileTest | None = None
    if command.acrobatics is not None:
        test = percentile_test(ctx.dice, command.acrobatics, "Athletics (Acrobatics) to land")
    level = test.level if test else None
    left = max(0, counted - dice_removed(level))
    maximised = level == "fumble"
    damage_roll = None
    if maximised:
        damage = 6 * left
    elif left:
        damage_roll = roll_expression(ctx.dice, f"{left}d6", command.purpose or "fall damage")
        damage = damage_roll.total or 0
    else:
        damage = 0
    return FallResolved(seat=ctx.seat, purpose=command.purpose, metres=command.metres, soft_ground=command.soft_ground,
                        dice=counted, acrobatics=test, removed=counted - left, maximised=maximised,
                        damage_roll=damage_roll, damage=damage, prone=lands_prone(damage, level))


def fatigue(ctx: Table, command: FatigueTest) -> FatigueTested:
    """A Fatigue test; naming a character at the table brings its own condition and load."""
    return fatigue_test(ctx, command, character_at_table(ctx.state, command.character) if command.character else None)


def fatigue_test(ctx: Table, command: FatigueTest, tester: Character | None) -> FatigueTested:
    condition = tester.fatigue if tester else command.condition
    overloaded = tester.overloaded if tester else command.overloaded
    penalties = fatigue_penalties(condition, overloaded=overloaded, without_food=command.without_food,
                                  deprived=command.deprived)
    test = percentile_test(ctx.dice, command.resilience, command.purpose or "Fatigue test",
                           grade=net_grade(0, len(penalties), ctx.settings.D100_GRADES.cap))
    minutes_roll = roll_expression(ctx.dice, "3d6", "unconscious minutes") if test.level == "fumble" else None
    return FatigueTested(seat=ctx.seat, purpose=command.purpose, character=tester.id if tester else None, test=test,
                         penalties=tuple(penalties), before=condition, after=after_fatigue_test(condition, test.level),
                         unconscious_roll=minutes_roll, unconscious_minutes=minutes_roll.total or 0 if minutes_roll
                         else 0)


def travel(ctx: Table, command: TravelDay) -> TravelDayResolved:
    navigation = None
    if command.navigation is not None:
        navigation = percentile_test(ctx.dice, command.navigation, "Natural Lore navigation")
    km, lost = day_of_travel(command.pace, command.terrain, navigation.level if navigation else None)
    full = full_day(command.pace, command.terrain)
    return TravelDayResolved(seat=ctx.seat, purpose=command.purpose, pace=command.pace, terrain=command.terrain,
                             full_km=full, km=km, navigation=navigation, lost=lost,
                             fatigue_test_due=command.pace in NEEDS_FATIGUE_TEST)


def deprived_day(ctx: Table, command: DeprivedDay) -> DeprivedDayPassed:
    """Exposure, starvation, and thirst: "Once a grace period ends, make one Fatigue test at -1P
    for that deprivation each day. The character also takes 1D6 damage per day for each active
    deprivation.\""""
    tester = character_at_table(ctx.state, command.character)
    days = []
    hp = tester.hp
    for deprivation in dict.fromkeys(command.deprivations):
        test = fatigue_test(ctx, FatigueTest(resilience=command.resilience, deprived=True,
                                            purpose=f"Fatigue test: {deprivation}"), tester)
        tester = msgspec.structs.replace(tester, fatigue=test.after)
        roll = roll_expression(ctx.dice, "1d6", f"{deprivation} harms {tester.name}")
        dealt = min(hp, roll.total or 0)
        hp -= dealt
        days.append(DeprivationDay(deprivation=deprivation, fatigue=test, damage_roll=roll, dealt=dealt))
    return DeprivedDayPassed(seat=ctx.seat, character=tester.id, days=tuple(days))


def remedy(ctx: Table, command: Remedy) -> DeprivationRemedied:
    sufferer = character_at_table(ctx.state, command.character)
    if command.deprivation not in sufferer.deprivations:
        raise RuleViolation("not-deprived", f"{sufferer.name} suffers no {command.deprivation}")
    return DeprivationRemedied(seat=ctx.seat, character=sufferer.id, deprivation=command.deprivation)
