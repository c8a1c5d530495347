"""Scripted dice for pure tests: each draw takes the next face from a list."""

from __future__ import annotations

from collections.abc import Iterable

from domain.dice import Die, Roll


class _ScriptedRoll:
    def __init__(self, dice: ScriptedDice, nonce: int, purpose: str) -> None:
        self._owner = dice
        self._nonce = nonce
        self._purpose = purpose
        self._dice: list[Die] = []

    def draw(self, sides: int) -> int:
        face = next(self._owner.faces)
        assert 1 <= face <= sides, f"scripted face {face} does not fit a d{sides}"
        self._dice.append(Die(sides=sides, index=face - 1))
        return face - 1

    def finish(self, *, expression: str | None = None, total: int | None = None,
               result: str | None = None) -> Roll:
        return Roll(nonce=self._nonce, purpose=self._purpose, dice=tuple(self._dice), expression=expression,
                    total=total, result=result)


class ScriptedDice:
    commitment = "0" * 64

    def __init__(self, faces: Iterable[int], next_nonce: int = 0) -> None:
        self.faces = iter(faces)
        self.next_nonce = next_nonce

    def start(self, purpose: str) -> _ScriptedRoll:
        self.next_nonce += 1
        return _ScriptedRoll(self, self.next_nonce - 1, purpose)

    def reveal(self) -> str:
        return "ab" * 32
