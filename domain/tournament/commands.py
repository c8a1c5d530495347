"""Tournament commands, tagged by `type`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from domain.commands import NAME_PATTERN, TEXT_PATTERN
from domain.events import CURRENT_CHAIN
from domain.tournament.events import Scoring

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
    """Organiser: close registration (first time) and pair the next round."""


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


TournamentPlay = NameJudge | Register | ReplaceList | Drop | PairRound | RecordResult | CloseRound
