"""The battle summary read model: what the battle list and `GET /v1/battles/{id}` show,
folded from committed events alone."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.battle import BattleState
from domain.rulesets import find_ruleset


class SeatView(msgspec.Struct, frozen=True):
    """A seat, who holds it, and whether it conceded."""

    name: str
    player_id: str | None
    conceded: bool


class BattleSummary(msgspec.Struct, frozen=True):
    """A battle as the battle list shows it."""

    id: str
    ruleset: str
    ruleset_version: str
    status: str
    version: int
    creator: str
    seats: list[SeatView]
    winners: list[str]
    end_reason: str | None


class CommittedEvent(msgspec.Struct, frozen=True):
    """The parts of a committed event a projection reads."""

    battle_id: str
    version: int
    type: str
    data: dict[str, Any]


def _seats(summary: BattleSummary, name: str, **changes: Any) -> list[SeatView]:
    return [msgspec.structs.replace(s, **changes) if s.name == name else s for s in summary.seats]


def evolve_summary(summary: BattleSummary | None, event: CommittedEvent) -> BattleSummary | None:
    """Apply one committed battle event to its summary (None before `battle_created`)."""
    data = event.data
    if event.type == "battle_created":
        return BattleSummary(id=event.battle_id, ruleset=data["ruleset"], ruleset_version=data["ruleset_version"],
                             status="open", version=event.version, creator=data["creator"],
                             seats=[SeatView(name=n, player_id=None, conceded=False) for n in data["seats"]],
                             winners=[], end_reason=None)
    if summary is None:
        return None
    replace = msgspec.structs.replace
    summary = replace(summary, version=event.version)
    if event.type == "seat_claimed":
        return replace(summary, seats=_seats(summary, data["seat"], player_id=data["player_id"]))
    if event.type == "battle_started":
        return replace(summary, status="active")
    if event.type == "seat_conceded":
        return replace(summary, seats=_seats(summary, data["seat"], conceded=True))
    if event.type == "battle_ended":
        return replace(summary, status="ended", winners=list(data["winners"]), end_reason=data["reason"])
    return summary


def summarize(state: BattleState) -> BattleSummary:
    """The same summary read straight off an aggregate state (tests check the two agree)."""
    return BattleSummary(
        id=state.battle_id, ruleset=state.ruleset, ruleset_version=state.ruleset_version,
        status=state.status, version=state.version, creator=state.creator,
        seats=[SeatView(name=s.name, player_id=s.player_id, conceded=s.conceded) for s in state.seats],
        winners=list(state.winners), end_reason=state.end_reason,
    )


def state_view(state: BattleState) -> dict[str, Any]:
    """The whole battle state as JSON-ready data, with what its ruleset adds for clients (a
    Pilgrimage `side_to_act`, a Pericle combat's `current`...). The server seed appears only
    once revealed."""
    view: dict[str, Any] = msgspec.to_builtins(state)
    if state.ruleset_state is not None:
        ruleset = find_ruleset(state.ruleset, state.ruleset_version)
        view["ruleset_state"] = ruleset.state_view(state.ruleset_state, view["ruleset_state"])
    return view
