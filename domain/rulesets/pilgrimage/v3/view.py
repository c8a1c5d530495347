"""What `GET /state` shows of a version 3 battle beyond its state: whose turn it is, during an
Act too (issue #16 item 9; version 2 shows null during an Act, and its battles keep showing it)."""

from __future__ import annotations

from typing import Any

from domain.rulesets.pilgrimage.play import PlayState
from domain.rulesets.pilgrimage.v2 import seat_to_act


def state_view(state: PlayState, shown: dict[str, Any]) -> dict[str, Any]:
    """`side_to_act`: the side of the Character whose Act is under way; between Acts, the side to
    activate one next (sides alternate one Character at a time: seed 002, "Turn")."""
    return {**shown, "side_to_act": seat_to_act(state)}
