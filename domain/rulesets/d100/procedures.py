"""Falls, Fatigue tests and days of travel (seed 004) as the ruleset rolls them."""

from __future__ import annotations

import msgspec

from domain.dice import Dice
from domain.dice_expression import roll_expression
from domain.rulesets.d100.adventuring import (
    NEEDS_FATIGUE_TEST,
    after_fatigue_test,
    day_of_travel,
    dice_removed,
    fall_dice,
    fatigue_penalties,
    full_day,
    lands_prone,
)
from domain.rulesets.d100.characters import Character, after_damage
from domain.rulesets.d100.commands import DeprivedDay, Fall, FatigueTest, TravelDay
from domain.rulesets.d100.events import (
    DeprivationDay,
    DeprivedDayPassed,
    FallResolved,
    FatigueTested,
    TravelDayResolved,
)
from domain.rulesets.d100.percentile import PercentileTest, net_grade, percentile_test


def fall(dice: Dice, seat: str, command: Fall) -> FallResolved:
    counted = fall_dice(command.metres, command.soft_ground)
    test: PercentileTest | None = None
    if command.acrobatics is not None:
        test = percentile_test(dice, command.acrobatics, "Athletics (Acrobatics) to land")
    level = test.level if test else None
    left = max(0, counted - dice_removed(level))
    maximised = level == "fumble"
    damage_roll = None
    if maximised:
        damage = 6 * left
    elif left:
        damage_roll = roll_expression(dice, f"{left}d6", command.purpose or "fall damage")
        damage = damage_roll.total or 0
    else:
        damage = 0
    return FallResolved(seat=seat, purpose=command.purpose, metres=command.metres, soft_ground=command.soft_ground,
                        dice=counted, acrobatics=test, removed=counted - left, maximised=maximised,
                        damage_roll=damage_roll, damage=damage, prone=lands_prone(damage, level))


def fatigue(dice: Dice, seat: str, command: FatigueTest, cap: int, tester: Character | None) -> FatigueTested:
    """A Fatigue test; a character at the table brings its own condition and load."""
    condition = tester.fatigue if tester else command.condition
    overloaded = tester.overloaded if tester else command.overloaded
    penalties = fatigue_penalties(condition, overloaded=overloaded, without_food=command.without_food,
                                  deprived=command.deprived)
    test = percentile_test(dice, command.resilience, command.purpose or "Fatigue test",
                           grade=net_grade(0, len(penalties), cap))
    minutes_roll = roll_expression(dice, "3d6", "unconscious minutes") if test.level == "fumble" else None
    return FatigueTested(seat=seat, purpose=command.purpose, character=tester.id if tester else None, test=test,
                         penalties=tuple(penalties), before=condition, after=after_fatigue_test(condition, test.level),
                         unconscious_roll=minutes_roll, unconscious_minutes=minutes_roll.total or 0 if minutes_roll
                         else 0)


def travel(dice: Dice, seat: str, command: TravelDay) -> TravelDayResolved:
    navigation = None
    if command.navigation is not None:
        navigation = percentile_test(dice, command.navigation, "Natural Lore navigation")
    km, lost = day_of_travel(command.pace, command.terrain, navigation.level if navigation else None)
    full = full_day(command.pace, command.terrain)
    return TravelDayResolved(seat=seat, purpose=command.purpose, pace=command.pace, terrain=command.terrain,
                             full_km=full, km=km, navigation=navigation, lost=lost,
                             fatigue_test_due=command.pace in NEEDS_FATIGUE_TEST)


def deprived_day(dice: Dice, seat: str, command: DeprivedDay, cap: int, tester: Character) -> DeprivedDayPassed:
    """Exposure, starvation, and thirst: "Once a grace period ends, make one Fatigue test at -1P
    for that deprivation each day. The character also takes 1D6 damage per day for each active
    deprivation.\""""
    days = []
    hp = tester.hp
    for deprivation in dict.fromkeys(command.deprivations):
        test = fatigue(dice, seat, FatigueTest(resilience=command.resilience, deprived=True,
                                               purpose=f"Fatigue test: {deprivation}"), cap, tester)
        tester = msgspec.structs.replace(tester, fatigue=test.after)
        roll = roll_expression(dice, "1d6", f"{deprivation} harms {tester.name}")
        dealt = min(hp, roll.total or 0)
        hp -= dealt
        days.append(DeprivationDay(deprivation=deprivation, fatigue=test, damage_roll=roll, dealt=dealt))
    return DeprivedDayPassed(seat=seat, character=tester.id, days=tuple(days))


def after_deprived_day(character: Character, event: DeprivedDayPassed) -> Character:
    """The day's deprivations become active, its fatigue stays, and its damage is taken."""
    active = tuple(dict.fromkeys((*character.deprivations, *(day.deprivation for day in event.days))))
    worn = msgspec.structs.replace(character, deprivations=active, fatigue=event.days[-1].fatigue.after)
    return after_damage(worn, sum(day.dealt for day in event.days), hit=False)
