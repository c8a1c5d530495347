"""Tournament events (stream `tournament-<id>`), past tense, tagged by `type`."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from domain.commands import NAME_PATTERN
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
    # Added for issue 18; their defaults are how tournaments recorded before them behave.
    review_pairings: bool = False  # pair_round drafts; publish_round spawns the battles
    late_registration_until_round: int | None = None  # late entrants may still be paired into this round
    late_entry: str = "none"  # "none": a late entrant starts at 0; "byes": a bye for each round missed
    check_in: bool = False  # players check in before round 1; no-shows are dropped when it is paired
    on_time: str = "loss"  # the battles' clocks' outcome for a side out of time: "loss" or "draw"
    absent_after_seconds: int | None = None  # the battles' absence timeout (claim_victory); None: none


class JudgeNamed(msgspec.Struct, frozen=True, tag="judge_named"):
    player_id: str


class PlayerRegistered(msgspec.Struct, frozen=True, tag="player_registered"):
    player_id: str
    name: str
    army_list: dict[str, Any]
    club: str | None = None
    region: str | None = None
    missed_rounds: int = 0  # a late entrant: rounds already paired when they registered
    byes_for_missed: bool = False  # those rounds count as byes (the organiser's `late_entry`)


class PlayerCheckedIn(msgspec.Struct, frozen=True, tag="player_checked_in"):
    player_id: str


class PlayerReentered(msgspec.Struct, frozen=True, tag="player_reentered"):
    """A dropped player back in the event, paired again from the next round."""

    player_id: str
    reason: str | None = None


class ListReplaced(msgspec.Struct, frozen=True, tag="list_replaced"):
    player_id: str
    army_list: dict[str, Any]


class PlayerDropped(msgspec.Struct, frozen=True, tag="player_dropped"):
    player_id: str
    reason: str | None = None  # e.g. a no-show at check-in


class Pairing(msgspec.Struct, frozen=True):
    table: int
    a: str
    b: str | None  # None: a bye for `a`
    battle_id: str | None
    table_name: str | None = None  # from the event's tables (set_tables), when it has them
    terrain: str | dict[str, Any] | None = None  # the table's layout, passed to the battle's options


class TableSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A numbered table, its optional name and terrain (for Pilgrimage: a built-in table's name
    or a table layout, as the battle option `table` takes it)."""

    number: Annotated[int, msgspec.Meta(ge=1, le=999)]
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=80, pattern=NAME_PATTERN)] | None = None
    terrain: str | dict[str, Any] | None = None


class TablesSet(msgspec.Struct, frozen=True, tag="tables_set"):
    tables: tuple[TableSpec, ...]


class PairingForbidden(msgspec.Struct, frozen=True, tag="pairing_forbidden"):
    """Two players who must never be paired (for example family members)."""

    a: str
    b: str
    reason: str


class PairingWarning(msgspec.Struct, frozen=True):
    """Something a judge should look at before publishing: `code` is one of rematch, same-club,
    same-region, score-gap, repeat-table, repeat-bye, forbidden."""

    table: int
    code: str
    detail: str


class RoundDrafted(msgspec.Struct, frozen=True, tag="round_drafted"):
    """A proposed pairing, not yet played: judges edit it, `publish_round` makes it the round."""

    round: int
    stage: str
    trial: str
    pairings: tuple[Pairing, ...]
    rolls: tuple[Roll, ...]
    drafted_at: str
    swiss_rounds: int
    warnings: tuple[PairingWarning, ...] = ()


class DraftEdited(msgspec.Struct, frozen=True, tag="draft_edited"):
    """A judge's edit of the draft (`edit`: swap, set_pairing or bye, on `players`), with the
    draft's pairings and warnings after it."""

    round: int
    edit: str
    players: tuple[str, ...]
    reason: str
    pairings: tuple[Pairing, ...]
    warnings: tuple[PairingWarning, ...] = ()


class RoundWithdrawn(msgspec.Struct, frozen=True, tag="round_withdrawn"):
    """A published round deleted before any of its battles started, to be paired again."""

    round: int
    reason: str


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
    RoundClosed, TournamentEnded, PlayerCheckedIn, PlayerReentered, TablesSet, PairingForbidden, RoundDrafted,
    DraftEdited, RoundWithdrawn,
)
