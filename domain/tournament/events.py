"""Tournament events (stream `tournament-<id>`), past tense, tagged by `type`."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import Roll
from domain.events import CHAIN_V1, DiceCommitment


class Scoring(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Points for a win, a draw and a loss."""

    win: int = 3
    draw: int = 1
    loss: int = 0


class TournamentCreated(msgspec.Struct, frozen=True, tag="tournament_created"):
    tournament_id: str
    name: str
    organiser: str
    ruleset: str
    ruleset_version: str
    swiss_rounds: int | None  # None: ⌈log2(players)⌉, fixed when the first round is paired
    cut: int
    trials: tuple[str, ...]  # given per round, or empty to rotate Crossing -> Vigil -> Reckoning
    scoring: Scoring
    tiebreaks: tuple[str, ...]
    registration_deadline: str | None
    round_time_limit_minutes: int | None
    bye_margin: int
    rated: bool
    dice: DiceCommitment
    chain: str = CHAIN_V1  # the stream's hash chain format


class JudgeNamed(msgspec.Struct, frozen=True, tag="judge_named"):
    player_id: str


class PlayerRegistered(msgspec.Struct, frozen=True, tag="player_registered"):
    player_id: str
    name: str
    army_list: dict[str, Any]
    club: str | None = None
    region: str | None = None


class ListReplaced(msgspec.Struct, frozen=True, tag="list_replaced"):
    player_id: str
    army_list: dict[str, Any]


class PlayerDropped(msgspec.Struct, frozen=True, tag="player_dropped"):
    player_id: str


class Pairing(msgspec.Struct, frozen=True):
    table: int
    a: str
    b: str | None  # None: a bye for `a`
    battle_id: str | None


class RoundPaired(msgspec.Struct, frozen=True, tag="round_paired"):
    round: int
    stage: str  # "swiss" or "cut"
    trial: str
    pairings: tuple[Pairing, ...]
    rolls: tuple[Roll, ...]
    paired_at: str
    swiss_rounds: int


class ResultRecorded(msgspec.Struct, frozen=True, tag="result_recorded"):
    round: int
    table: int
    winner: str | None  # a player id; None for a draw
    margin: int
    source: str  # "battle", "manual" or "bye"
    battle_id: str | None = None
    reason: str | None = None
    corrects: bool = False  # replaces a result already recorded for this table


class RoundClosed(msgspec.Struct, frozen=True, tag="round_closed"):
    round: int


class TournamentEnded(msgspec.Struct, frozen=True, tag="tournament_ended"):
    champion: str | None


TOURNAMENT_EVENTS: tuple[type[msgspec.Struct], ...] = (
    TournamentCreated, JudgeNamed, PlayerRegistered, ListReplaced, PlayerDropped, RoundPaired, ResultRecorded,
    RoundClosed, TournamentEnded,
)
