"""Ratings: OpenSkill (Plackett-Luce) over every finished rated battle, in log order.
Anyone can recompute them from the event log: this fold is the whole definition.

A battle is rated when it has two seats held by two different players, ends with a
winner or a draw, is not a battle of an unrated tournament, and is not a fork (a fork's
stream begins with a copy of its origin's `battle_created`, which names the origin, and its
copied result was already rated in the origin)."""

from __future__ import annotations

from typing import Any, TypedDict

import msgspec
from openskill.models import PlackettLuce, PlackettLuceRating


class Rating(msgspec.Struct, frozen=True):
    """A player's rating (OpenSkill Plackett-Luce): `ordinal` is the conservative figure it
    ranks by."""

    player_id: str
    mu: float
    sigma: float
    ordinal: float
    games: int


class _Battle(TypedDict):
    seats: dict[str, str | None]  # seat -> the player holding it
    rated: bool


class RatingBook:
    def __init__(self) -> None:
        self._model = PlackettLuce()
        self._ratings: dict[str, PlackettLuceRating] = {}
        self._games: dict[str, int] = {}
        self._battles: dict[str, _Battle] = {}

    def apply(self, battle_id: str, event_type: str, data: dict[str, Any]) -> None:
        if event_type == "battle_created":
            link = data.get("tournament") or {}
            is_fork = data["battle_id"] != battle_id
            self._battles[battle_id] = {"seats": dict.fromkeys(data["seats"]),
                                        "rated": link.get("rated", True) and not is_fork}
        elif event_type == "seat_claimed" and battle_id in self._battles:
            self._battles[battle_id]["seats"][data["seat"]] = data["player_id"]
        elif event_type == "battle_ended":
            battle = self._battles.pop(battle_id, None)
            if battle is not None:
                self._rate(battle, data["winners"])

    def _rate(self, battle: _Battle, winners: list[str]) -> None:
        seats = battle["seats"]
        players = list(seats.values())
        if not battle["rated"] or len(players) != 2 or None in players or len(set(players)) != 2:
            return
        if len(winners) > 1:
            return
        a, b = (str(p) for p in players)
        ranks: list[float] = [1, 1] if not winners else [1, 2] if seats.get(winners[0]) == a else [2, 1]
        teams = [[self._rating(a)], [self._rating(b)]]
        [[new_a], [new_b]] = self._model.rate(teams, ranks=ranks)
        self._ratings[a], self._ratings[b] = new_a, new_b
        for player in (a, b):
            self._games[player] = self._games.get(player, 0) + 1

    def _rating(self, player: str) -> PlackettLuceRating:
        if player not in self._ratings:
            self._ratings[player] = self._model.rating(name=player)
        return self._ratings[player]

    def leaderboard(self, limit: int) -> list[Rating]:
        board = [Rating(player_id=p, mu=r.mu, sigma=r.sigma, ordinal=r.ordinal(), games=self._games.get(p, 0))
                 for p, r in self._ratings.items()]
        board.sort(key=lambda rating: (-rating.ordinal, rating.player_id))
        return board[:limit]
