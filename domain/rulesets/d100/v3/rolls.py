"""Tests, falls, Fatigue tests and days of travel in version 3 (seed 004), each test a character
makes through `rules.tested`, so that its conditions reach every one of them."""

from __future__ import annotations

import msgspec

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.d100.adventuring import dice_removed, fall_dice, lands_prone
from domain.rulesets.d100.commands import Fall, FatigueTest, MakeOpposedTest, MakeTest, TravelDay
from domain.rulesets.d100.events import FallResolved, FatigueTested, OpposedTestRolled, TestRolled, TravelDayResolved
from domain.rulesets.d100.percentile import Level, PercentileTest, opposed
from domain.rulesets.d100.v3.clock import no_life_hangs_on_rounds, time_passes
from domain.rulesets.d100.v3.rules import (
    Table,
    able,
    band_at,
    condition_penalties,
    in_combat,
    knocked_out,
    living,
    seen_band,
    tested,
)
from domain.rulesets.d100.v3.state import DAY, Adventurer, Fatigue
from domain.rulesets.d100.v3.wounds import harmed


def tester_in_round(ctx: Table, character_id: str | None) -> Adventurer | None:
    """The character making a test of its own, if one is named: able to act, and (in combat) not
    one who spent this round on Battlefield Healing ("spend their entire round")."""
    if character_id is None:
        return None
    tester = able(ctx.state, character_id)
    if ctx.state.in_combat and tester.healing:
        raise RuleViolation("round-spent", f"{tester.name} spends this round on Battlefield Healing")
    return tester


def make_test(ctx: Table, command: MakeTest) -> list[msgspec.Struct]:
    """A test: its character's conditions, and the light reaching the target for sight and attacks
    ("use illumination reaching the observed target"), after the tester's best sense."""
    tester = tester_in_round(ctx, command.character)
    extra: list[str] = []
    if command.light is not None or command.light_source is not None:
        band = seen_band(band_at(command.light, command.light_source, ctx.settings.D100_LIGHT), command.sense,
                         command.natural_night)
        extra = [band] * ctx.settings.D100_LIGHT.dice(band)
    test, penalties = tested(ctx, command.skill, command.purpose or "test", tester, bonus=command.bonus,
                             penalty=command.penalty, extra=extra, physical=command.physical)
    return [TestRolled(seat=ctx.seat, purpose=command.purpose, test=test, penalties=penalties,
                       character=tester.id if tester else None)]


def opposed_test(ctx: Table, command: MakeOpposedTest) -> list[msgspec.Struct]:
    """Two tests against each other (D100-OPPOSED), each with its character's conditions; the
    first is the tester's own (as `test`), the opposing character answers it."""
    first_tester = tester_in_round(ctx, command.character)
    second_tester = able(ctx.state, command.opposing_character) if command.opposing_character else None
    purpose = command.purpose or "opposed test"
    first, penalties = tested(ctx, command.skill, purpose, first_tester, bonus=command.bonus, penalty=command.penalty,
                              physical=command.physical)
    second, opposing = tested(ctx, command.opposing_skill, purpose, second_tester, bonus=command.opposing_bonus,
                              penalty=command.opposing_penalty, physical=command.opposing_physical)
    winner = opposed(first, second, higher_wins=ctx.settings.D100_OPPOSED.higher_wins)
    return [OpposedTestRolled(seat=ctx.seat, purpose=command.purpose, first=first, second=second, winner=winner,
                              character=first_tester.id if first_tester else None,
                              opposing_character=second_tester.id if second_tester else None, penalties=penalties,
                              opposing_penalties=opposing)]


def fall(ctx: Table, command: Fall) -> list[msgspec.Struct]:
    """"A fall deals 1D6 damage per full 3 metres and ignores armour. A character damaged by a fall
    lands prone." One Athletics (Acrobatics) test "if conscious, unsurprised, and able to control
    the landing": success removes 1D6, a critical 2D6, a fumble maximises every remaining die. A
    named faller makes the test with its conditions and takes the damage (D100-FALL)."""
    faller = living(ctx.state, command.character) if command.character else None
    if faller is not None and command.acrobatics is not None and knocked_out(ctx.state, faller):
        raise RuleViolation("unconscious", f"{faller.name} is unconscious: it cannot control its landing")
    counted = fall_dice(command.metres, command.soft_ground)
    test: PercentileTest | None = None
    penalties: tuple[str, ...] = ()
    if command.acrobatics is not None:
        test, penalties = tested(ctx, command.acrobatics, "Athletics (Acrobatics) to land", faller, physical=True)
    level = test.level if test else None
    left = max(0, counted - dice_removed(level))
    damage_roll = None
    if level == "fumble":
        damage = 6 * left
    elif left:
        damage_roll = roll_expression(ctx.dice, f"{left}d6", command.purpose or "fall damage")
        damage = damage_roll.total or 0
    else:
        damage = 0
    health = harmed(faller, damage, hit=ctx.settings.D100_FALL.major_wound) if faller else None
    return [FallResolved(seat=ctx.seat, purpose=command.purpose, metres=command.metres,
                         soft_ground=command.soft_ground, dice=counted, acrobatics=test, removed=counted - left,
                         maximised=level == "fumble", damage_roll=damage_roll, damage=damage,
                         prone=lands_prone(damage, level), character=faller.id if faller else None,
                         penalties=penalties, health=health)]


def after_fatigue_test(condition: Fatigue, level: Level) -> Fatigue:
    """"A failed Fatigue test makes a fresh character Fatigued"; failing while Fatigued "makes the
    character Exhausted"; an Exhausted character who fails stays Exhausted (D100-FATIGUE: the
    seed names nothing worse). "A fumbled Fatigue test causes unconsciousness for 3D6 minutes.
    The character awakens Fatigued.\""""
    if level in ("success", "critical"):
        return condition
    if level == "fumble":
        return "fatigued"
    return "fatigued" if condition == "fresh" else "exhausted"


def fatigue_test(ctx: Table, command: FatigueTest, tester: Adventurer | None,
                 extra: tuple[str, ...] = ()) -> FatigueTested:
    """"a Fatigue test: a Resilience test", at the tester's conditions: Wounded -1P, Fatigued -1P
    ("Strenuous activity while Fatigued calls for another Fatigue test at -1P"), Exhausted -2P,
    Overloaded -1P, and -1P after three days without food or for a deprivation's daily test."""
    condition: Fatigue = tester.fatigue if tester else command.condition
    extra += ("three days without food",) if command.without_food else ()
    extra += ("a deprivation's daily test",) if command.deprived else ()
    purpose = command.purpose or "Fatigue test"
    if tester is not None:
        test, penalties = tested(ctx, command.resilience, purpose, tester, fatigue=True, extra=extra)
    else:
        given = condition_penalties(False, condition, command.overloaded, fatigue=True)
        test, penalties = tested(ctx, command.resilience, purpose, None, extra=(*given, *extra))
    out = roll_expression(ctx.dice, "3d6", "unconscious minutes") if test.level == "fumble" else None
    minutes = out.total or 0 if out else 0
    return FatigueTested(seat=ctx.seat, purpose=command.purpose, character=tester.id if tester else None, test=test,
                         penalties=penalties, before=condition, after=after_fatigue_test(condition, test.level),
                         unconscious_roll=out, unconscious_minutes=minutes,
                         unconscious_until=ctx.state.clock + 60 * minutes if out and tester else None)


def fatigue(ctx: Table, command: FatigueTest) -> list[msgspec.Struct]:
    """A Fatigue test; naming a character brings its own conditions and load and keeps the outcome."""
    return [fatigue_test(ctx, command, able(ctx.state, command.character) if command.character else None)]


def progress(full: float, levels: list[Level], results: str) -> tuple[float, bool]:
    """"On a Success, make full progress. On a Failure, lose one quarter of that day's progress. On
    a Fumble, make no progress and become lost." With several tests in a day (D100-ROUTE) the
    `worst` counts, or `each` failure loses its quarter."""
    if "fumble" in levels:
        return 0.0, True
    failures = levels.count("failure")
    if results == "each":
        return full * max(0.0, 1 - 0.25 * failures), False
    return (full * 0.75 if failures else full), False


def travel(ctx: Table, command: TravelDay) -> list[msgspec.Struct]:
    """A day of travel: "Choose a daily travel rate, multiply it by the terrain percentage"
    (D100-TRAVEL); "Once per uncertain travel day, make a Natural Lore navigation test. Make
    another test after a material route change." The day passes on the clock."""
    in_combat(ctx.state, False, "a day of travel is no combat round")
    no_life_hangs_on_rounds(ctx.state)
    if command.navigation is None and (command.route_changes or command.character):
        raise RuleViolation("navigation-needed", "a navigator and a route change call for the Natural Lore "
                                                 "navigation test: send `navigation`")
    navigator = able(ctx.state, command.character) if command.character else None
    tests: list[PercentileTest] = []
    penalties: tuple[str, ...] = ()
    if command.navigation is not None:
        for n in range(1 + command.route_changes):
            purpose = "Natural Lore navigation" + (f" after route change {n}" if n else "")
            test, penalties = tested(ctx, command.navigation, purpose, navigator)
            tests.append(test)
    rates = ctx.settings.D100_TRAVEL
    full = rates.daily_km(command.pace) * rates.share(command.terrain) / 100
    km, lost = progress(full, [t.level for t in tests], ctx.settings.D100_ROUTE.results)
    day = TravelDayResolved(seat=ctx.seat, purpose=command.purpose, pace=command.pace, terrain=command.terrain,
                            full_km=full, km=km, navigation=tests[0] if tests else None, lost=lost,
                            fatigue_test_due=command.pace == "forced march" and rates.forced_march_fatigue,
                            character=navigator.id if navigator else None, penalties=penalties,
                            route_tests=tuple(tests[1:]))
    return [day, time_passes(ctx, DAY)]
