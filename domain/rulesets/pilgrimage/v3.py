"""Pilgrimage version 3: version 2's rules, with `GET /state` saying whose turn it is during an
Act too. Version 2's `side_to_act` is null while a Character acts; changing what its battles show
would change what they replay to (their golden logs pin every state as served), so the change
is a version of its own. Nothing about how a battle is decided or evolves differs."""

from __future__ import annotations

from typing import Any

from domain.rulesets.contract import RulesetVersion
from domain.rulesets.pilgrimage.play import PlayState
from domain.rulesets.pilgrimage.rules import side_to_act
from domain.rulesets.pilgrimage.settings import PilgrimageV2Settings
from domain.rulesets.pilgrimage.v2 import PILGRIMAGE_V2, PilgrimageV2Options


def whose_turn(state: PlayState) -> str | None:
    """The side of the Character whose Act is under way; between Acts, the side to activate one
    next (Sides alternate one Character at a time: seed 000, "Turns")."""
    if state.activation is not None:
        acting = state.figure(state.activation.character)
        return acting.seat if acting is not None else None
    return side_to_act(state)


def state_view(state: PlayState, shown: dict[str, Any]) -> dict[str, Any]:
    return {**shown, "side_to_act": whose_turn(state)}


PILGRIMAGE_V3: RulesetVersion[PlayState, PilgrimageV2Settings, PilgrimageV2Options] = PILGRIMAGE_V2.revise(
    "3",
    summary=(f"{PILGRIMAGE_V2.summary} Version 3 plays as version 2; during an Act, GET /state's "
             "`side_to_act` names the side of the Character acting (version 2 shows null)."),
    state_view=state_view,
)
