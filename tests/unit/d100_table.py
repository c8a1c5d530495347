"""A d100 battle of version 3 in play, driven through the domain's decide and evolve with
scripted dice, for the tests of version 3."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

import msgspec
import pytest

from domain.battle import BattleState, decide, evolve
from domain.commands import ClaimSeat, CreateBattle, Start
from domain.dice import HmacDice
from domain.errors import DomainError
from domain.rulesets.d100.v3 import D100_V3
from domain.rulesets.d100.v3.state import Adventurer
from projections.battle_summary import state_view
from tests.fakes import ScriptedDice

BATTLE = "00000000-0000-4000-8000-0000000000d3"
VERSION = "3"
ARDEN = {"str": 12, "con": 12, "siz": 13, "dex": 11, "int": 14, "pow": 10, "cha": 9}  # HP 13, Major Wound Level 7
_UNION = Union[D100_V3.commands]  # type: ignore[valid-type]  # noqa: UP007 - built from a tuple


def digit(value: int) -> int:
    """The scripted face that makes a d10 show `value` (0-9)."""
    return value + 1


def roll(tens: int, units: int, *extra_tens: int) -> list[int]:
    """Scripted faces for one percentile test: the units die, then the tens dice."""
    return [digit(units), digit(tens), *(digit(t) for t in extra_tens)]


class Table:
    """A started battle with two seats; `send` decides one command with the faces given (None:
    the battle's own dice) and applies its events."""

    def __init__(self, provisional: dict[str, Any] | None = None, *characters: str) -> None:
        self.state = BattleState()
        self.events: list[msgspec.Struct] = []
        self.run(CreateBattle(battle_id=BATTLE, ruleset="d100", seats=("gm", "pc"), ruleset_version=VERSION,
                              options={"provisional": provisional or {}}), "p0", [])
        self.run(ClaimSeat(seat="gm"), "p0", [])
        self.run(ClaimSeat(seat="pc"), "p1", [])
        self.run(Start(), "p0", [])
        for name in characters:
            self.add(name)

    def run(self, command: Any, actor: str, faces: list[int] | None) -> list[msgspec.Struct]:
        dice = ScriptedDice(faces, self.state.next_nonce) if faces is not None else HmacDice(
            b"\x07" * 32, BATTLE, self.state.client_seeds, self.state.next_nonce)
        events = decide(self.state, command, dice, actor)
        for event in events:
            self.state = evolve(self.state, event)
        self.events += events
        return events

    def add(self, name: str, **changes: int) -> None:
        self.send({"type": "add_character", "name": name, "characteristics": {**ARDEN, **changes}})

    def send_all(self, body: dict[str, Any], faces: Sequence[int] | None = ()) -> list[Any]:
        """Every event of the command; `faces` are the dice it must draw (None: the battle's own)."""
        return self.run(msgspec.convert(body, _UNION), "p1", list(faces) if faces is not None else None)

    def send(self, body: dict[str, Any], faces: Sequence[int] | None = ()) -> Any:
        """The command's first event (its own; time passing may follow it)."""
        return self.send_all(body, faces)[0]

    def refused(self, body: dict[str, Any]) -> str:
        """The rule a refused command names (it must refuse before drawing any die)."""
        with pytest.raises(DomainError) as refused:
            self.send(body, [])
        return refused.value.rule

    def who(self, character: str) -> Adventurer:
        found = self.state.ruleset_state.character(character)
        assert found is not None
        return found

    def shown(self, character: str) -> dict[str, Any]:
        """The character as GET /state shows it."""
        view = msgspec.json.decode(msgspec.json.encode(state_view(self.state)))
        return next(c for c in view["ruleset_state"]["characters"] if c["id"] == character)

    def rounds(self, count: int) -> None:
        for _ in range(count):
            self.send({"type": "end_round"})
