"""Commands a client sends to a battle, tagged by `type`. Imperative names."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

import msgspec

from domain.clock import TimeControl
from domain.events import CURRENT_CHAIN, TournamentLink

# Text is stored in Postgres, which cannot hold U+0000; names also exclude other control characters.
NAME_PATTERN = r"^[^\x00-\x1f\x7f]+$"
TEXT_PATTERN = r"^[^\x00]*$"

SeatName = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=NAME_PATTERN)]
# A comma joins the seats' client seeds into the dice's message: a seed may not hold one.
ClientSeed = Annotated[str, msgspec.Meta(max_length=64, pattern=r"^[^\x00,]*$")]


class CreateBattle(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="create_battle"):
    battle_id: str
    ruleset: str
    seats: tuple[SeatName, ...]
    options: dict[str, Any] = {}
    referees: tuple[str, ...] = ()
    seated: dict[str, str] = {}  # seat -> player, claimed at creation (tournament pairings)
    tournament: TournamentLink | None = None
    contest_window: str = "next-action-of-another-side"
    chain: str = CURRENT_CHAIN
    ruleset_version: str | None = None  # a released version of the ruleset; None: the latest
    clock: TimeControl | None = None  # recorded only when given (OMITTED_WHEN_NONE)

    # Fields left out of the recorded command when None, so that a battle created without
    # them records exactly what it did before they existed.
    OMITTED_WHEN_NONE: ClassVar[tuple[str, ...]] = ("clock",)


class ClaimSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="claim_seat"):
    seat: SeatName
    client_seed: ClientSeed | None = None


class Start(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="start"):
    """Begin the battle once every seat is claimed; runs the ruleset's set-up. `seat`, as every
    command takes it, must be one the player holds (a creator without a seat sends none)."""

    seat: SeatName | None = None


class RollDice(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="roll"):
    """Roll a dice expression such as `2d6+1d4`. `seat` is needed only by a player holding several."""

    expression: Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=TEXT_PATTERN)]
    purpose: Annotated[str, msgspec.Meta(max_length=200, pattern=TEXT_PATTERN)] = ""
    seat: SeatName | None = None


class Concede(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="concede"):
    """Concede for a seat. `seat` is needed only by a player holding several."""

    seat: SeatName | None = None


class ClaimTime(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="claim_time"):
    """End the battle on time: the side whose clock runs has none left. Sent by the server's
    clock watcher as soon as it notices, or by any player or referee of the battle."""

    seat: SeatName | None = None


class ClaimVictory(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="claim_victory"):
    """Claim the battle from an absent opponent: the side to act has not passed its turn for
    the time control's `absent_after_seconds`. `seat` is needed only by a player holding several."""

    seat: SeatName | None = None


# What a client may post to /v1/battles/{id}/commands (contest commands live in domain/contests.py).
PlayCommand = Start | RollDice | Concede | ClaimTime | ClaimVictory
Command = CreateBattle | ClaimSeat | PlayCommand | Any
