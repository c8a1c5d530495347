"""Dice expressions (`2d6+1d4`, `4d6kh3`, `1d100`) parsed and evaluated by `d20`,
with every die drawn from our verifiable dice instead of d20's own `random`.

An expression is checked whole before its roll opens: a refusal after a draw would let a
player retry until the dice favour them. What it may hold, and why each limit exists:

- at most `MAX_EXPRESSION_LENGTH` characters;
- dice of 1 to `MAX_SIDES` sides (`d%` is a d10 read 0-90);
- at most `MAX_DICE` dice drawn, counting the most rerolls can add (`ro`: each die once more,
  `ra`: one more die); `rr` and `e` reroll or explode without limit and are refused;
- `mi` and `ma` take a number (`1d6mi2`), not a selector like `h2`;
- a divisor (`/`, `//`, `%`) must be a nonzero constant: `1d6/(1d2-1)` could divide by zero;
- a total that can never leave +-`MAX_TOTAL`;
- for a player's roll, at least one die (`5` or `0d6` rolls nothing).
"""

from __future__ import annotations

import contextvars
import functools
import math
from dataclasses import dataclass
from typing import Any

import d20  # type: ignore[import-untyped]
import d20.diceast as ast  # type: ignore[import-untyped]
import d20.expression  # type: ignore[import-untyped]

from domain.dice import Dice, Roll
from domain.errors import RuleViolation

MAX_EXPRESSION_LENGTH = 100
MAX_DICE = 100
MAX_SIDES = 1000
MAX_TOTAL = 10**9
UNBOUNDED = {"rr": "rerolls", "e": "explodes"}

_current_roll: contextvars.ContextVar[Any] = contextvars.ContextVar("chronicle_current_roll")


class _DrawFromCurrentRoll:
    """Stands in for the `random` module inside d20: each die it asks for is drawn
    from the roll in progress. d20 only calls `randrange(n)` and, for `d%`,
    `randrange(0, 100, 10)`."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        roll = _current_roll.get(None)
        if roll is None:
            raise RuntimeError("d20 asked for a die outside a Chronicle roll")
        sides = start if stop is None else (stop - start) // step
        index = int(roll.draw(sides))
        return index if stop is None else start + step * index


d20.expression.random = _DrawFromCurrentRoll()
# The check bounds the dice; d20's own count stays as a second guard.
_roller = d20.Roller(context=d20.RollContext(max_rolls=MAX_DICE))
_constants = d20.Roller()  # evaluates dice-free parts (they draw nothing)


@dataclass(frozen=True)
class Span:
    """What a part of an expression can come to: its lowest and highest value, and the fewest
    and most dice it draws."""

    low: float
    high: float
    least_dice: int
    most_dice: int


@dataclass(frozen=True)
class _SumOfDice:
    """A compiled form of the commonest expressions, sums and differences of plain dice and
    whole numbers (`2d6`, `1d20+5`, `3d6 - 1d4`): rolled without d20, to the same dice in the
    same order, the same total and the same Markdown `result` as d20's (tests compare them).
    A term is `(count, sides)` for dice, an int for a number; `ops` join them, left to right."""

    terms: tuple[tuple[int, int] | int, ...]
    ops: tuple[str, ...]

    def roll(self, in_progress: Any) -> tuple[int, str]:
        total, shown = 0, []
        for n, term in enumerate(self.terms):
            if isinstance(term, int):
                value, text = term, str(term)
            else:
                count, sides = term
                faces = [int(in_progress.draw(sides)) + 1 for _ in range(count)]
                value = sum(faces)
                # d20's MarkdownStringifier: a die showing its lowest or highest face in bold.
                text = f"{count}d{sides} ({', '.join(f'**{f}**' if f in (1, sides) else str(f) for f in faces)})"
            total = value if n == 0 else total + value if self.ops[n - 1] == "+" else total - value
            shown.append(text)
        result = shown[0]
        for op, text in zip(self.ops, shown[1:], strict=True):
            result = f"{result} {op} {text}"
        return total, f"{result} = `{total}`"


def _compiled(tree: Any) -> _SumOfDice | None:
    """The compiled form of a parsed expression, when it is a sum of plain dice and whole numbers."""
    terms: list[tuple[int, int] | int] = []
    ops: list[str] = []

    def walk(node: Any) -> bool:
        # d20 evaluates and prints a BinOp left then right: the in-order walk is its order.
        if type(node) is ast.BinOp and node.op in ("+", "-"):
            if not walk(node.left):
                return False
            ops.append(node.op)
            return walk(node.right)
        if type(node) is ast.Dice and type(node.num) is int and type(node.size) is int and node.size >= 1:
            terms.append((node.num, node.size))
            return True
        if type(node) is ast.Literal and type(node.value) is int:
            terms.append(node.value)
            return True
        return False

    if type(tree) is not ast.Expression or tree.comment is not None or not walk(tree.roll):
        return None
    return _SumOfDice(tuple(terms), tuple(ops))


@dataclass(frozen=True)
class CheckedExpression:
    expression: str
    tree: Any
    span: Span
    compiled: _SumOfDice | None = None


def _refuse(rule: str, expression: str, why: str) -> RuleViolation:
    return RuleViolation(rule, f"{expression!r}: {why}")


def _product(a: Span, b: Span) -> tuple[float, float]:
    corners = [a.low * b.low, a.low * b.high, a.high * b.low, a.high * b.high]
    return min(corners), max(corners)


class _Checker:
    def __init__(self, expression: str) -> None:
        self.expression = expression

    def span(self, node: Any) -> Span:
        if isinstance(node, ast.Expression):
            return self.span(node.roll)
        if isinstance(node, ast.AnnotatedNumber | ast.Parenthetical):
            return self.span(node.value)
        if isinstance(node, ast.Literal):
            return Span(node.value, node.value, 0, 0)
        if isinstance(node, ast.UnOp):
            inner = self.span(node.value)
            return inner if node.op == "+" else Span(-inner.high, -inner.low, inner.least_dice, inner.most_dice)
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.OperatedDice):
            return self.dice(node.value, node.operations)
        if isinstance(node, ast.Dice):
            return self.dice(node, [])
        if isinstance(node, ast.OperatedSet):
            inner = self.span(node.value)
            if inner.most_dice == 0:
                return self.constant(node)
            members = self.members(node.value)  # keeping or dropping members leaves any sum of them
            return Span(sum(min(0.0, m.low) for m in members), sum(max(0.0, m.high) for m in members),
                        inner.least_dice, inner.most_dice)
        if isinstance(node, ast.NumberSet):
            members = [self.span(value) for value in node.values]
            return Span(sum(m.low for m in members), sum(m.high for m in members),
                        sum(m.least_dice for m in members), sum(m.most_dice for m in members))
        raise _refuse("dice-expression-invalid", self.expression, f"cannot read {node}")

    def members(self, node: Any) -> list[Span]:
        """What a keep or drop chooses among: a set's values (through parentheses), else the
        whole (dice faces are never negative, so any choice of them sums within 0..high)."""
        while isinstance(node, ast.Parenthetical | ast.AnnotatedNumber):
            node = node.value
        if isinstance(node, ast.NumberSet):
            return [self.span(value) for value in node.values]
        return [self.span(node)]

    def constant(self, node: Any) -> Span:
        value = _constants.roll(ast.Expression(node)).expr.total
        return Span(value, value, 0, 0)

    def binary(self, node: Any) -> Span:
        left, right = self.span(node.left), self.span(node.right)
        least, most = left.least_dice + right.least_dice, left.most_dice + right.most_dice
        if node.op in ("/", "//", "%") and (right.most_dice or right.low == 0):
            raise _refuse("dice-expression-divisor", self.expression,
                          f"the divisor {node.right} must be a nonzero number without dice")
        if not most:  # no dice either side: the value itself
            return self.constant(node)
        if node.op in ("/", "//", "%"):
            divisor = right.low
            if node.op == "%":
                return Span(min(0.0, divisor), max(0.0, divisor), least, most)
            bounds = sorted((left.low / divisor, left.high / divisor))
            if node.op == "//":
                bounds = [math.floor(bounds[0]), math.floor(bounds[1])]
            return Span(bounds[0], bounds[1], least, most)
        if node.op == "+":
            return Span(left.low + right.low, left.high + right.high, least, most)
        if node.op == "-":
            return Span(left.low - right.high, left.high - right.low, least, most)
        if node.op == "*":
            low, high = _product(left, right)
            return Span(low, high, least, most)
        return Span(0, 1, least, most)  # a comparison

    def dice(self, node: Any, operations: list[Any]) -> Span:
        count = int(node.num)
        if node.size == "%":
            low_face, high_face, sides = 0, 90, 10
        else:
            low_face, high_face, sides = 1, int(node.size), int(node.size)
        if count and sides < 1:
            raise _refuse("dice-expression-invalid", self.expression, f"{node}: a die needs at least one side")
        if count and sides > MAX_SIDES:
            raise RuleViolation("dice-expression-too-many-sides",
                                f"{self.expression!r}: {node}: a die has at most {MAX_SIDES} sides")
        drawn, most, low, high, dropped = count, count, low_face, high_face, False
        for operation in operations:
            if operation.op in UNBOUNDED:
                raise _refuse("dice-expression-unbounded", self.expression,
                              f"{operation} {UNBOUNDED[operation.op]} without limit; use ro or ra")
            if operation.op in ("mi", "ma") and any(selector.cat is not None for selector in operation.sels):
                raise _refuse("dice-expression-invalid", self.expression, f"{operation} takes a number, not a selector")
            if operation.op == "ro":  # each die may be rolled once more
                drawn += most
                low, high = min(low, low_face), max(high, high_face)
            elif operation.op == "ra":  # perhaps one die more
                drawn, most = drawn + 1, most + 1
                low, high = min(low, low_face), max(high, high_face)
            elif operation.op == "mi":
                floor = operation.sels[-1].num
                low, high = max(low, floor), max(high, floor)
            elif operation.op == "ma":
                ceiling = operation.sels[-1].num
                low, high = min(low, ceiling), min(high, ceiling)
            else:  # k and p keep or drop some dice (faces are never negative)
                dropped = True
        return Span(0 if dropped else count * low, most * high, count, drawn)


@functools.lru_cache(maxsize=4096)
def _checked(expression: str) -> CheckedExpression | RuleViolation:
    if len(expression) > MAX_EXPRESSION_LENGTH:
        return RuleViolation("dice-expression-too-long",
                             f"a dice expression has at most {MAX_EXPRESSION_LENGTH} characters")
    try:
        tree = _roller.parse(expression)
    except d20.RollSyntaxError as exc:
        return RuleViolation("dice-expression-invalid", f"cannot parse {expression!r}: {exc}")
    try:
        span = _Checker(expression).span(tree)
    except RuleViolation as refused:
        return refused
    if span.most_dice > MAX_DICE:
        return RuleViolation("dice-expression-too-many-dice",
                             f"{expression!r} may draw {span.most_dice} dice; a roll draws at most {MAX_DICE}")
    if max(abs(span.low), abs(span.high)) > MAX_TOTAL:
        return _refuse("dice-expression-too-large", expression,
                       f"its total can reach {max(abs(span.low), abs(span.high)):.0f}; at most {MAX_TOTAL} either way")
    return CheckedExpression(expression, tree, span, _compiled(tree))


def check_expression(expression: str, *, needs_dice: bool = True) -> CheckedExpression:
    """The expression, parsed, if it can be rolled to the end whatever the dice show; refused
    (before any die is drawn) otherwise. `needs_dice`: an expression that draws no die is
    refused too (a player's roll, a damage given in a command)."""
    checked = _checked(expression)
    if isinstance(checked, RuleViolation):
        raise RuleViolation(checked.rule, checked.detail)
    if needs_dice and checked.span.least_dice == 0:
        raise _refuse("dice-expression-no-dice", expression, "rolls no die")
    return checked


def roll_expression(dice: Dice, expression: str, purpose: str, *, needs_dice: bool = False) -> Roll:
    """Roll a dice expression; the roll records each die in the order drawn and the total. The
    whole expression is checked before the roll opens."""
    checked = check_expression(expression, needs_dice=needs_dice)
    if checked.compiled is not None:  # checked and compiled once per expression (the cache above)
        in_progress = dice.start(purpose)
        total, result = checked.compiled.roll(in_progress)
        return in_progress.finish(expression=expression, total=total, result=result)
    return roll_with_d20(dice, checked, purpose)


def roll_with_d20(dice: Dice, checked: CheckedExpression, purpose: str) -> Roll:
    """Any checked expression rolled by d20 itself (what the compiled form must equal)."""
    expression = checked.expression
    in_progress = dice.start(purpose)
    token = _current_roll.set(in_progress)
    try:
        result = _roller.roll(checked.tree)
        total = result.total
    finally:
        _current_roll.reset(token)
    return in_progress.finish(expression=expression, total=total, result=result.result)
