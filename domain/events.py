"""The battle's own events (every ruleset shares them). Past tense, frozen, tagged by `type`.

Stored events only ever gain fields with defaults; a field's type never changes.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import Roll

# How a stream's hash chain canonicalises its events (server/store/chain.py says exactly).
# Recorded in the stream's first event; streams created before it was recorded use the first.
CHAIN_V1 = "sha256-json-v1"
CHAIN_V2 = "sha256-jcs-v2"
CURRENT_CHAIN = CHAIN_V2


class DiceCommitment(msgspec.Struct, frozen=True):
    algorithm: str
    commitment: str


class TournamentLink(msgspec.Struct, frozen=True):
    """The tournament table a battle was spawned for."""

    tournament_id: str
    round: int
    table: int
    trial: str
    rated: bool = True


class BattleCreated(msgspec.Struct, frozen=True, tag="battle_created"):
    battle_id: str
    ruleset: str
    ruleset_version: str
    seats: tuple[str, ...]
    options: dict[str, Any]
    creator: str
    dice: DiceCommitment
    referees: tuple[str, ...] = ()
    tournament: TournamentLink | None = None
    contest_window: str = "next-action-of-another-side"
    chain: str = CHAIN_V1


class SeatClaimed(msgspec.Struct, frozen=True, tag="seat_claimed"):
    seat: str
    player_id: str
    client_seed: str | None = None


class BattleStarted(msgspec.Struct, frozen=True, tag="battle_started"):
    pass


class DiceRolled(msgspec.Struct, frozen=True, tag="dice_rolled"):
    seat: str
    roll: Roll


class SeatConceded(msgspec.Struct, frozen=True, tag="seat_conceded"):
    seat: str


class BattleEnded(msgspec.Struct, frozen=True, tag="battle_ended"):
    reason: str
    winners: tuple[str, ...]


class DiceSeedRevealed(msgspec.Struct, frozen=True, tag="dice_seed_revealed"):
    server_seed: str


CORE_EVENTS: tuple[type[msgspec.Struct], ...] = (
    BattleCreated, SeatClaimed, BattleStarted, DiceRolled, SeatConceded, BattleEnded, DiceSeedRevealed,
)
