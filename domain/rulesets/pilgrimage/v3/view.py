"""What `GET /state` shows of a version 3 battle beyond its state: whose turn it is, during an
Act too (issue #16 item 9; version 2 shows null during an Act, and its battles keep showing it)."""

from __future__ import annotations

from typing import Any

from domain.rulesets.pilgrimage.play import PlayState
from domain.rulesets.pilgrimage.rules import side_to_act


def whose_turn(state: PlayState) -> str | None:
    """The side of the Character whose Act is under way; between Acts, the side to activate one
    next (Sides alternate one Character at a time: seed 002, "Turn")."""
    if state.activation is not None:
        acting = state.figure(state.activation.character)
        return acting.seat if acting is not None else None
    return side_to_act(state)


def state_view(state: PlayState, shown: dict[str, Any]) -> dict[str, Any]:
    return {**shown, "side_to_act": whose_turn(state)}
