"""Dice expressions parsed by d20 and drawn from our dice."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.dice import HmacDice
from domain.dice_expression import roll_expression
from domain.errors import RuleViolation

SEED = b"\x01" * 32


def dice(nonce: int = 0) -> HmacDice:
    return HmacDice(SEED, "battle", ["a", "b"], nonce)


def test_sum_of_several_dice_records_each_die_in_order() -> None:
    roll = roll_expression(dice(), "2d6+1d4", "volley")
    assert [d.sides for d in roll.dice] == [6, 6, 4]
    assert roll.total == sum(d.face for d in roll.dice)
    assert roll.expression == "2d6+1d4" and roll.purpose == "volley" and roll.nonce == 0


def test_keep_highest_records_every_die_drawn_and_totals_the_kept() -> None:
    roll = roll_expression(dice(3), "4d6kh3", "stats")
    faces = sorted((d.face for d in roll.dice), reverse=True)
    assert len(roll.dice) == 4 and roll.total == sum(faces[:3])


def test_percentile() -> None:
    roll = roll_expression(dice(), "1d100", "")
    assert roll.dice[0].sides == 100 and roll.total == roll.dice[0].face


@pytest.mark.parametrize(("expression", "rule"), [
    ("2d6+", "dice-expression-invalid"),
    ("hello", "dice-expression-invalid"),
    ("101d6", "dice-expression-too-many-dice"),
    ("1d1001", "dice-expression-too-many-sides"),
    ("1d6+" * 25 + "1", "dice-expression-too-long"),
    ("1d0", "dice-expression-invalid"),
])
def test_refused_expressions_name_the_rule(expression: str, rule: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        roll_expression(dice(), expression, "")
    assert refused.value.rule == rule


@given(count=st.integers(1, 100), sides=st.integers(1, 1000), bonus=st.integers(-50, 50))
def test_totals_match_the_dice(count: int, sides: int, bonus: int) -> None:
    roll = roll_expression(dice(), f"{count}d{sides}{bonus:+d}", "")
    assert len(roll.dice) == count
    assert roll.total == sum(d.face for d in roll.dice) + bonus
