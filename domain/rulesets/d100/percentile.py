"""Percentile tests (the provisional core seed 004 assumes: D100-TEST, D100-GRADES, D100-OPPOSED).

A test rolls a units die and one tens die, plus one more tens die per bonus (B) or penalty (P)
grade, keeping the tens that gives the best (B) or worst (P) result; 00 with a 0 reads 100."""

from __future__ import annotations

import math
from typing import Literal

import msgspec

from domain.dice import Dice, Roll

Level = Literal["critical", "success", "failure", "fumble"]
Outcome = Literal["first", "second", "stalemate"]
SUCCEEDED: tuple[Level, ...] = ("critical", "success")
RANK: dict[Level, int] = {"fumble": 0, "failure": 1, "success": 2, "critical": 3}


class PercentileTest(msgspec.Struct, frozen=True, kw_only=True):
    """One test as its event shows it: the skill, the net grade, every die and the level."""

    skill: int
    grade: int  # net bonus (+) or penalty (-) dice after cancelling and the cap
    tens: tuple[int, ...]  # every tens die (0-9), the first the plain one
    units: int  # 0-9
    result: int  # 1-100
    level: Level
    roll: Roll

    @property
    def succeeded(self) -> bool:
        return self.level in SUCCEEDED


def net_grade(bonus: int, penalty: int, cap: int) -> int:
    """"B and P cancel; at most 3 of either apply.\""""
    return max(-cap, min(cap, bonus - penalty))


def reading(tens: int, units: int) -> int:
    """A tens die and a units die as a number from 1 to 100 (00 and 0 read 100)."""
    value = tens * 10 + units
    return 100 if value == 0 else value


class Levels(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-TEST's numbers: a critical at or under the skill divided by `critical_divisor`
    (rounded up); a fumble on `fumble_from` or more, only on 100 once the skill reaches
    `only_100_fumbles_from_skill`. Version 2 plays the defaults."""

    critical_divisor: int = 10
    fumble_from: int = 99
    only_100_fumbles_from_skill: int = 100


STANDARD = Levels()


def level_of(result: int, skill: int, levels: Levels = STANDARD) -> Level:
    """D100-TEST: a fumble on 99-100 (100 only when skill >= 100); a critical on no more than a
    tenth of the skill, rounded up; a success on no more than the skill."""
    fumble_from = 100 if skill >= levels.only_100_fumbles_from_skill else levels.fumble_from
    if result >= fumble_from:
        return "fumble"
    if result <= math.ceil(skill / levels.critical_divisor):
        return "critical"
    return "success" if result <= skill else "failure"


def percentile_test(dice: Dice, skill: int, purpose: str, *, grade: int = 0,
                    levels: Levels = STANDARD) -> PercentileTest:
    rolling = dice.start(purpose)
    units = rolling.draw(10)
    tens = tuple(rolling.draw(10) for _ in range(1 + abs(grade)))
    readings = [reading(t, units) for t in tens]
    result = min(readings) if grade > 0 else max(readings) if grade < 0 else readings[0]
    level = level_of(result, skill, levels)
    roll = rolling.finish(total=result, result=level)
    return PercentileTest(skill=skill, grade=grade, tens=tens, units=units, result=result, level=level, roll=roll)


def opposed(first: PercentileTest, second: PercentileTest, *, higher_wins: bool = True) -> Outcome:
    """D100-OPPOSED: critical beats success beats failure beats fumble; on equal levels the higher
    successful roll wins (the lower, when not `higher_wins`); when neither succeeds it is a
    stalemate."""
    if not first.succeeded and not second.succeeded:
        return "stalemate"
    if RANK[first.level] != RANK[second.level]:
        return "first" if RANK[first.level] > RANK[second.level] else "second"
    if first.result == second.result:
        return "stalemate"
    return "first" if (first.result > second.result) == higher_wins else "second"
