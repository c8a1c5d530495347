"""Player ids a command names (a referee, a judge) must belong to registered players: the
domain cannot look them up, so the routes check before deciding."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from litestar import Request

from server.app_state import app_state
from server.problems import problem


async def require_known_players(request: Request[Any, Any, Any], player_ids: Iterable[str]) -> None:
    store = app_state(request.app).store
    for player_id in dict.fromkeys(player_ids):
        if await store.player(player_id) is None:
            raise problem(422, "player-unknown", f"no player has the id {player_id!r}")
