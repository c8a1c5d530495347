"""Tournament commands, tagged by `type`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from domain.commands import NAME_PATTERN, TEXT_PATTERN
from domain.events import CURRENT_CHAIN
from domain.tournament.events import Scoring, TableSpec

Label = Annotated[str, msgspec.Meta(min_length=1, max_length=80, pattern=NAME_PATTERN)]
Reason = Annotated[str, msgspec.Meta(min_length=1, max_length=500, pattern=TEXT_PATTERN)]
PlayerId = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=NAME_PATTERN)]
Tiebreak = Literal["sos", "margin", "h2h"]
Trial = Literal["Crossing", "Vigil", "Reckoning"]


class CreateTournament(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="create_tournament"):
    """A tournament to create: Swiss rounds, an optional top cut, Trials, scoring, tiebreaks and
    limits."""

    name: Label
    ruleset: Literal["pilgrimage"] = "pilgrimage"
    swiss_rounds: Annotated[int, msgspec.Meta(ge=1, le=12)] | None = None
    cut: Literal[0, 4, 8] = 0
    trials: Annotated[list[Trial], msgspec.Meta(max_length=20)] = []
    scoring: Scoring = Scoring()
    tiebreaks: Annotated[list[Tiebreak], msgspec.Meta(max_length=3)] = msgspec.field(
        default_factory=lambda: ["sos", "margin", "h2h"])
    registration_deadline: Annotated[str, msgspec.Meta(max_length=40, pattern=TEXT_PATTERN)] | None = None
    round_time_limit_minutes: Annotated[int, msgspec.Meta(ge=1, le=24 * 60)] | None = None
    bye_margin: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    rated: bool = True
    # `pair_round` drafts the round; the organiser or a judge edits it, then `publish_round`.
    review_pairings: bool = False
    # Players may register after round 1 while they can still be paired into this round.
    late_registration_until_round: Annotated[int, msgspec.Meta(ge=2, le=12)] | None = None
    # A late entrant's points for the rounds missed: none, or a bye for each.
    late_entry: Literal["none", "byes"] = "none"
    # Players check in before round 1; pairing round 1 drops those who did not.
    check_in: bool = False
    # What running out of time means in the event's battles (their clocks' `on_time`): a loss or a draw.
    on_time: Literal["loss", "draw"] = "loss"
    # A side whose turn has lasted this long may be claimed from (`claim_victory`); None: never.
    absent_after_seconds: Annotated[int, msgspec.Meta(ge=1, le=24 * 3600)] | None = None


class OpenTournament(msgspec.Struct, frozen=True, tag="open_tournament"):
    """CreateTournament with the id the server gave it."""

    tournament_id: str
    settings: CreateTournament
    chain: str = CURRENT_CHAIN


class NameJudge(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="name_judge"):
    """Organiser: name a judge, who may then record results."""

    player_id: PlayerId


class Register(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="register"):
    """Register for the tournament with an army list (an Oathband), checked by the ruleset."""

    name: Label
    army_list: dict[str, Any]
    club: Label | None = None
    region: Label | None = None


class ReplaceList(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="replace_list"):
    """Replace your army list, until round 1 is paired."""

    army_list: dict[str, Any]


class Drop(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="drop"):
    """Leave the event (no further pairings). The organiser may drop anyone by `player_id`."""

    player_id: PlayerId | None = None


class PairRound(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="pair_round"):
    """Organiser: close registration (first time) and pair the next round (with `review_pairings`,
    draft it; pairing again replaces the draft)."""


class CheckIn(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="check_in"):
    """Say you are here, before round 1 is paired. The organiser or a judge may check in a player by
    `player_id`."""

    player_id: PlayerId | None = None


class Reenter(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="reenter"):
    """Come back after a drop, paired again from the next round. The organiser may re-enter anyone."""

    player_id: PlayerId | None = None
    reason: Reason | None = None


class SetTables(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="set_tables"):
    """Organiser: the event's tables, numbered, with optional names and terrain. Once set, each
    pairing is assigned a table, fresh where possible (no player on a table they played on)."""

    tables: Annotated[list[TableSpec], msgspec.Meta(min_length=1, max_length=500)]


class ForbidPairing(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="forbid_pairing"):
    """Organiser: two players never to be paired (for example family members), and why."""

    a: PlayerId
    b: PlayerId
    reason: Reason


class SwapPlayers(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="swap_players"):
    """Organiser or judge: swap two players' places in the draft."""

    a: PlayerId
    b: PlayerId
    reason: Reason


class SetPairing(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="set_pairing"):
    """Organiser or judge: pair `a` with `b` in the draft (at `a`'s table); their former opponents
    play each other."""

    a: PlayerId
    b: PlayerId
    reason: Reason


class GiveBye(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="give_bye"):
    """Organiser or judge: give a player the bye in the draft. The player who had it takes their
    seat; when nobody had one, their opponent gets a bye too."""

    player_id: PlayerId
    reason: Reason


class PublishRound(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="publish_round"):
    """Organiser or judge: make the draft the round; its battles are spawned."""


class DeleteRound(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="delete_round"):
    """Organiser: delete the published round while none of its battles has started, to pair it again."""

    reason: Reason


class RecordResult(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="record_result"):
    """Organiser or judge: record or correct a table's result by hand, with a reason."""

    round: Annotated[int, msgspec.Meta(ge=1, le=100)]
    table: Annotated[int, msgspec.Meta(ge=1, le=1000)]
    winner: PlayerId | None
    reason: Reason
    margin: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0


class Ruling(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How a table still unfinished at the round's time limit is settled."""

    table: Annotated[int, msgspec.Meta(ge=1, le=1000)]
    winner: PlayerId | None
    margin: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0


class CloseRound(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="close_round"):
    """Organiser: close the current round once every table has a result; after the round's
    time limit, `rulings` settle the tables still unfinished."""

    rulings: Annotated[list[Ruling], msgspec.Meta(max_length=1000)] = []
    reason: Reason | None = None


class BattleResult(msgspec.Struct, frozen=True, tag="battle_result"):
    """Issued by the server when a tournament battle ends."""

    battle_id: str
    round: int
    table: int
    winners: tuple[str, ...]
    margin: int = 0


TournamentPlay = (NameJudge | Register | ReplaceList | Drop | PairRound | RecordResult | CloseRound | CheckIn | Reenter
                  | SetTables | ForbidPairing | SwapPlayers | SetPairing | GiveBye | PublishRound | DeleteRound)
