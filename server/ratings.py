"""The ratings read model on this node: the OpenSkill fold of `projections/ratings.py`,
caught up from the global log before each read."""

from __future__ import annotations

import asyncio

from projections.ratings import Rating, RatingBook
from server.battle_service import battle_id_of
from server.store.base import EventStore

_PAGE = 2000


class Ratings:
    def __init__(self, store: EventStore) -> None:
        self._store = store
        self._book = RatingBook()
        self._position = 0
        self._lock = asyncio.Lock()

    async def leaderboard(self, limit: int) -> list[Rating]:
        async with self._lock:
            while events := await self._store.read_all(self._position, _PAGE):
                for event in events:
                    if event.stream_id.startswith("battle-"):
                        self._book.apply(battle_id_of(event.stream_id), event.type, event.data)
                self._position = events[-1].position
        return self._book.leaderboard(limit)
