"""Dice expressions parsed by d20 and drawn from our dice."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.dice import HmacDice, WatchedDice
from domain.dice_expression import check_expression, roll_expression, roll_with_d20
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


@pytest.mark.parametrize(("expression", "rule"), [
    ("1/0", "dice-expression-divisor"),
    ("1d6%0", "dice-expression-divisor"),
    ("1d6//(3-3)", "dice-expression-divisor"),
    ("1d6/(1d2-1)", "dice-expression-divisor"),
    ("1d6/1d6", "dice-expression-divisor"),
    ("3d0+1d6", "dice-expression-invalid"),
    ("1d6mih2", "dice-expression-invalid"),
    ("1d6mal1", "dice-expression-invalid"),
    ("1d6e6", "dice-expression-unbounded"),
    ("1d1rr1", "dice-expression-unbounded"),
    ("51d6ro1", "dice-expression-too-many-dice"),
    ("60d6+60d6", "dice-expression-too-many-dice"),
    ("1d6*99999999999", "dice-expression-too-large"),
    ("-1000000000-1d6", "dice-expression-too-large"),
    ("1d20mi2000000000", "dice-expression-too-large"),
])
def test_an_expression_that_could_fail_half_way_is_refused_before_its_roll_opens(expression: str, rule: str) -> None:
    """Whatever the dice would show: no nonce is opened for an expression refused."""
    watched = WatchedDice(dice(), 0)
    with pytest.raises(RuleViolation) as refused:
        roll_expression(watched, expression, "")
    assert refused.value.rule == rule and not watched.drawn
    assert expression in refused.value.detail


@pytest.mark.parametrize("expression", ["7", "1+2*3", "0d6", "0d0+4", "(1, 2)kh1"])
def test_a_players_roll_needs_a_die(expression: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        check_expression(expression)
    assert refused.value.rule == "dice-expression-no-dice"
    assert check_expression(expression, needs_dice=False).span.most_dice == 0


def test_bounded_rerolls_and_constant_divisors_are_rolled() -> None:
    for expression in ("1d6/2", "2d6//(1+1)", "1d20%7", "50d6ro1", "3d6ra6", "1d6mi3", "(1d6, 2d8)kh1", "d%",
                       "1d6>3", "1d6 [fire] * 0.5"):
        roll = roll_expression(dice(), expression, "")
        span = check_expression(expression).span
        assert span.low <= roll.total <= span.high  # type: ignore[operator]


def _dice_term() -> st.SearchStrategy[str]:
    count = st.integers(0, 4).map(str) | st.just("")
    sides = st.integers(0, 12).map(str) | st.just("%")
    operation = st.sampled_from(["kh", "kl", "ph", "pl", "k>", "p<", "ro", "ra", "mi", "ma", "rr", "e", "mih", "k"])
    operations = st.lists(st.tuples(operation, st.integers(0, 7)).map(lambda t: f"{t[0]}{t[1]}"), max_size=2)
    return st.builds(lambda c, s, ops: f"{c}d{s}{''.join(ops)}", count, sides, operations)


def _expressions() -> st.SearchStrategy[str]:
    atoms = _dice_term() | st.integers(0, 30).map(str) | st.sampled_from(["0.5", "2.5", "999999999"])
    return st.recursive(atoms, lambda inner: (
        st.builds(lambda a, op, b: f"{a}{op}{b}", inner, st.sampled_from(["+", "-", "*", "/", "//", "%", ">", "=="]),
                  inner)
        | inner.map(lambda a: f"({a})") | inner.map(lambda a: f"-{a}")
        | st.builds(lambda a, b: f"({a}, {b})kh1", inner, inner)), max_leaves=6)


@settings(max_examples=300)
@given(expression=_expressions(), nonce=st.integers(0, 10**6))
def test_an_accepted_expression_rolls_to_the_end_within_its_span(expression: str, nonce: int) -> None:
    """The check is sound: an expression it lets through never fails during its roll, draws as
    many dice as it said at most, and totals within the bounds it computed."""
    try:
        span = check_expression(expression, needs_dice=False).span
    except RuleViolation:
        return
    roll = roll_expression(dice(nonce), expression, "")
    assert span.least_dice <= len(roll.dice) <= span.most_dice
    assert math.trunc(span.low) <= roll.total <= math.trunc(span.high)  # type: ignore[operator]


@given(count=st.integers(1, 100), sides=st.integers(1, 1000), bonus=st.integers(-50, 50))
def test_totals_match_the_dice(count: int, sides: int, bonus: int) -> None:
    roll = roll_expression(dice(), f"{count}d{sides}{bonus:+d}", "")
    assert len(roll.dice) == count
    assert roll.total == sum(d.face for d in roll.dice) + bonus


def _sum_of_dice() -> st.SearchStrategy[str]:
    """Sums and differences of plain dice and whole numbers, spaced anyhow: what the compiled
    form rolls without d20."""
    dice_term = st.builds(lambda c, s: f"{c}d{s}", st.integers(0, 6).map(str) | st.just(""), st.integers(1, 20))
    term = dice_term | st.integers(0, 40).map(str)
    space = st.sampled_from(["", " ", "  "])
    return st.builds(lambda first, rest: first + "".join(rest), term,
                     st.lists(st.builds(lambda a, op, b, t: f"{a}{op}{b}{t}", space, st.sampled_from("+-"), space,
                                        term), max_size=4))


@settings(max_examples=400)
@given(expression=_sum_of_dice() | _expressions(), nonce=st.integers(0, 10**6))
def test_the_compiled_form_rolls_exactly_as_d20(expression: str, nonce: int) -> None:
    """Issue #19 (less CPU per command): a sum of plain dice and numbers is rolled without d20,
    and must record what d20 would have, to the byte: the same dice in the same order, the
    same total and the same Markdown result (faces, bold extremes, operators, spacing)."""
    try:
        checked = check_expression(expression, needs_dice=False)
    except RuleViolation:
        return
    assert roll_expression(dice(nonce), expression, "x") == roll_with_d20(dice(nonce), checked, "x")


@pytest.mark.parametrize("expression", ["2d6", "1d20+5", "3d6 - 1d4 + 2", "d8", "0d6+3", "7"])
def test_the_usual_expressions_are_compiled(expression: str) -> None:
    assert check_expression(expression, needs_dice=False).compiled is not None


@pytest.mark.parametrize("expression", ["4d6kh3", "1d%", "2d6*2", "(1d6)+1", "-1d6", "1d6+0.5", "1d20 [attack]",
                                        "1d6+-2"])
def test_anything_else_is_rolled_by_d20(expression: str) -> None:
    assert check_expression(expression, needs_dice=False).compiled is None
