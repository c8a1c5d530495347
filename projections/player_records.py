"""Per-player records: battles joined, in play, won and lost, folded from battle events."""

from __future__ import annotations

import msgspec

from projections.battle_summary import BattleSummary, CommittedEvent


class PlayerRecord(msgspec.Struct, frozen=True):
    player_id: str
    battles: int = 0
    active: int = 0
    won: int = 0
    lost: int = 0


def _players(summary: BattleSummary | None) -> set[str]:
    return {s.player_id for s in summary.seats if s.player_id} if summary else set()


def record_changes(before: BattleSummary | None, after: BattleSummary | None,
                   event: CommittedEvent) -> dict[str, PlayerRecord]:
    """What one event adds to each player's record, as deltas keyed by player id. A fork adds
    nothing: its copied result was already counted in the battle it was copied from."""
    if after is None or not after.counts_in_records:
        return {}
    if event.type == "seat_claimed":
        player = event.data["player_id"]
        return {} if player in _players(before) else {player: PlayerRecord(player, battles=1, active=1)}
    if event.type == "battle_ended":
        winners = set(after.winners)
        deltas = {}
        for player in _players(after):
            won = any(s.name in winners for s in after.seats if s.player_id == player)
            deltas[player] = PlayerRecord(player, active=-1, won=int(won), lost=int(not won))
        return deltas
    return {}


def add(record: PlayerRecord | None, delta: PlayerRecord) -> PlayerRecord:
    base = record or PlayerRecord(delta.player_id)
    return PlayerRecord(base.player_id, battles=base.battles + delta.battles, active=base.active + delta.active,
                        won=base.won + delta.won, lost=base.lost + delta.lost)
