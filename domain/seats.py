"""Which seat a player acts for: shared by the core commands, the contests and every ruleset."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from domain.errors import DomainError, NotPermitted, RuleViolation


class SeatLike(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def player_id(self) -> str | None: ...

    @property
    def conceded(self) -> bool: ...


def acting_seat(seats: Sequence[SeatLike], requested: str | None, actor: str, *,
                spectator: type[DomainError] = NotPermitted) -> str:
    """The seat named (which must be the actor's and still in play), or the actor's only seat
    still in play. A player holding several seats must name one. `spectator` is the error for
    a player with no seat at all (403 by default; a contest refuses spectators with 422)."""
    if requested is not None:
        seat = next((s for s in seats if s.name == requested), None)
        if seat is None:
            raise RuleViolation("seat-unknown", f"the battle has no seat {requested!r}")
        if seat.player_id != actor:
            raise NotPermitted("not-your-seat", f"seat {requested!r} belongs to another player")
        if seat.conceded:
            raise RuleViolation("seat-conceded", f"seat {seat.name!r} has conceded")
        return seat.name
    mine = [s for s in seats if s.player_id == actor and not s.conceded]
    if not mine:
        raise spectator("not-seated", "only a seated player may do this")
    if len(mine) > 1:
        raise RuleViolation("seat-ambiguous", "you hold several seats; name the one you act for")
    return mine[0].name
