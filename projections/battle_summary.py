"""The battle summary read model: what the battle list and `GET /v1/battles/{id}` show,
folded from committed events alone."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.battle import BattleState
from domain.clock import view as clock_view
from domain.rulesets import find_ruleset


class SeatView(msgspec.Struct, frozen=True):
    """A seat, who holds it, and whether it conceded."""

    name: str
    player_id: str | None
    conceded: bool


class ForkOrigin(msgspec.Struct, frozen=True):
    """The battle a fork was copied from, and how many of its events it copied (null until the
    fork's `battle_forked` event when read mid-copy)."""

    battle_id: str
    version: int | None


class BattleSummary(msgspec.Struct, frozen=True):
    """A battle as the battle list shows it. A fork (`forked_from` set) is for analysis and
    what-ifs: it never counts in player records or ratings (`counts_in_records` is false)."""

    id: str
    ruleset: str
    ruleset_version: str
    status: str
    version: int
    creator: str
    seats: list[SeatView]
    winners: list[str]
    end_reason: str | None
    forked_from: ForkOrigin | None = None
    counts_in_records: bool = True
    tournament_id: str | None = None  # the tournament that spawned it (its organiser is its creator)


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
        # A fork's stream begins with a copy of its origin's creation, which names the origin:
        # it is known to be a fork from its first event, before any copied result is folded.
        copied_from = data["battle_id"] if data["battle_id"] != event.battle_id else None
        return BattleSummary(id=event.battle_id, ruleset=data["ruleset"], ruleset_version=data["ruleset_version"],
                             status="open", version=event.version, creator=data["creator"],
                             seats=[SeatView(name=n, player_id=None, conceded=False) for n in data["seats"]],
                             winners=[], end_reason=None,
                             forked_from=ForkOrigin(copied_from, None) if copied_from else None,
                             counts_in_records=copied_from is None,
                             tournament_id=(data.get("tournament") or {}).get("tournament_id"))
    if summary is None:
        return None
    replace = msgspec.structs.replace
    summary = replace(summary, version=event.version)
    if event.type == "battle_forked":
        return replace(summary, creator=data["creator"], forked_from=ForkOrigin(data["origin_battle_id"],
                                                                                data["origin_version"]),
                       counts_in_records=False)
    if event.type == "seat_claimed":
        return replace(summary, seats=_seats(summary, data["seat"], player_id=data["player_id"]))
    if event.type == "battle_started":
        return replace(summary, status="active")
    if event.type == "seat_conceded":
        return replace(summary, seats=_seats(summary, data["seat"], conceded=True))
    if event.type == "battle_ended":
        return replace(summary, status="ended", winners=list(data["winners"]), end_reason=data["reason"])
    return summary


def summarize(state: BattleState, battle_id: str) -> BattleSummary:
    """The same summary read straight off the aggregate state of stream `battle_id` (tests check
    the two agree). Mid-copy, a fork's state still carries its origin's id."""
    if state.forked_from is not None:
        origin: ForkOrigin | None = ForkOrigin(state.forked_from.origin_battle_id, state.forked_from.origin_version)
    else:
        origin = ForkOrigin(state.battle_id, None) if state.battle_id != battle_id else None
    return BattleSummary(
        id=battle_id, ruleset=state.ruleset, ruleset_version=state.ruleset_version,
        status=state.status, version=state.version, creator=state.creator,
        seats=[SeatView(name=s.name, player_id=s.player_id, conceded=s.conceded) for s in state.seats],
        winners=list(state.winners), end_reason=state.end_reason,
        forked_from=origin, counts_in_records=origin is None,
        tournament_id=state.tournament.tournament_id if state.tournament else None,
    )


def state_view(state: BattleState, now: str | None = None) -> dict[str, Any]:
    """The whole battle state as JSON-ready data, with what its ruleset adds for clients (a
    Pilgrimage `side_to_act`, a Pericle combat's `current`...). The server seed appears only
    once revealed. `clock` appears only in a battle created with one (with `now`, each side's
    time left as of then)."""
    view: dict[str, Any] = msgspec.to_builtins(state)
    if state.clock is None:
        del view["clock"]  # a battle without a clock shows the state it always did
    else:
        view["clock"] = clock_view(state.clock, now if state.status == "active" else None)
    if state.ruleset_state is not None:
        ruleset = find_ruleset(state.ruleset, state.ruleset_version)
        view["ruleset_state"] = ruleset.view(state.ruleset_state, view["ruleset_state"])
    return view
