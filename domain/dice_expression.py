"""Dice expressions (`2d6+1d4`, `4d6kh3`, `1d100`) parsed and evaluated by `d20`,
with every die drawn from our verifiable dice instead of d20's own `random`."""

from __future__ import annotations

import contextvars
from typing import Any

import d20  # type: ignore[import-untyped]
import d20.expression  # type: ignore[import-untyped]

from domain.dice import Dice, Roll
from domain.errors import RuleViolation

MAX_EXPRESSION_LENGTH = 100
MAX_DICE = 100
MAX_SIDES = 1000

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
        if sides > MAX_SIDES:
            raise RuleViolation("dice-expression-too-many-sides", f"a die has at most {MAX_SIDES} sides")
        index = int(roll.draw(sides))
        return index if stop is None else start + step * index


d20.expression.random = _DrawFromCurrentRoll()
_roller = d20.Roller(context=d20.RollContext(max_rolls=MAX_DICE))


def roll_expression(dice: Dice, expression: str, purpose: str) -> Roll:
    """Roll a dice expression; the roll records each die in the order drawn and the total."""
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise RuleViolation("dice-expression-too-long",
                            f"a dice expression has at most {MAX_EXPRESSION_LENGTH} characters")
    try:
        parsed = _roller.parse(expression)
    except d20.RollSyntaxError as exc:
        raise RuleViolation("dice-expression-invalid", f"cannot parse {expression!r}: {exc}") from exc
    in_progress = dice.start(purpose)
    token = _current_roll.set(in_progress)
    try:
        result = _roller.roll(parsed)
    except d20.TooManyRolls as exc:
        raise RuleViolation("dice-expression-too-many-dice",
                            f"a roll may draw at most {MAX_DICE} dice") from exc
    except d20.RollError as exc:
        raise RuleViolation("dice-expression-invalid", f"cannot roll {expression!r}: {exc}") from exc
    finally:
        _current_roll.reset(token)
    total = result.total
    if not isinstance(total, int):
        raise RuleViolation("dice-expression-invalid", "a dice expression must have a whole-number total")
    return in_progress.finish(expression=expression, total=total, result=result.result)
