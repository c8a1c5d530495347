"""Commands a client sends to a battle, tagged by `type`. Imperative names."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

SeatName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
ClientSeed = Annotated[str, msgspec.Meta(max_length=64)]


class CreateBattle(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="create_battle"):
    battle_id: str
    ruleset: str
    seats: tuple[SeatName, ...]
    options: dict[str, Any] = {}


class ClaimSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="claim_seat"):
    seat: SeatName
    client_seed: ClientSeed | None = None


class Start(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="start"):
    """Begin the battle once every seat is claimed; runs the ruleset's set-up."""


class RollDice(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="roll"):
    """Roll a dice expression such as `2d6+1d4`. `seat` is needed only by a player holding several."""

    expression: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    purpose: Annotated[str, msgspec.Meta(max_length=200)] = ""
    seat: SeatName | None = None


class Concede(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="concede"):
    """Concede for a seat. `seat` is needed only by a player holding several."""

    seat: SeatName | None = None


# What a client may post to /v1/battles/{id}/commands.
PlayCommand = Start | RollDice | Concede
Command = CreateBattle | ClaimSeat | PlayCommand
