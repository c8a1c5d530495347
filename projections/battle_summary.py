"""The battle summary read model: what the battle list and `GET /v1/battles/{id}` show."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.battle import BattleState


class SeatView(msgspec.Struct, frozen=True):
    name: str
    player_id: str | None
    conceded: bool


class BattleSummary(msgspec.Struct, frozen=True):
    id: str
    ruleset: str
    ruleset_version: str
    status: str
    version: int
    creator: str
    seats: list[SeatView]
    winners: list[str]
    end_reason: str | None


def summarize(state: BattleState) -> BattleSummary:
    return BattleSummary(
        id=state.battle_id, ruleset=state.ruleset, ruleset_version=state.ruleset_version,
        status=state.status, version=state.version, creator=state.creator,
        seats=[SeatView(name=s.name, player_id=s.player_id, conceded=s.conceded) for s in state.seats],
        winners=list(state.winners), end_reason=state.end_reason,
    )


def state_view(state: BattleState) -> dict[str, Any]:
    """The whole battle state as JSON-ready data. The server seed appears only once revealed."""
    view: dict[str, Any] = msgspec.to_builtins(state)
    return view
