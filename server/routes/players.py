from __future__ import annotations

import secrets
import uuid
from typing import Any

import msgspec
from litestar import Request, Response, post
from litestar.params import JSONBody

from server.api_models import NewPlayer, PlayerCreated
from server.http import idempotency_of, problem_responses, store_of, stored, token_hash
from server.store.base import Player


@post("/v1/players", tags=["players"], responses=problem_responses(413, 422),
      summary="Register a player and receive its bearer token (shown once)")
async def create_player(request: Request[Any, Any, Any], data: JSONBody[NewPlayer]) -> Response[PlayerCreated]:
    player = Player(id=str(uuid.uuid4()), name=data.name)
    token = secrets.token_urlsafe(32)
    # Anonymous requests share one idempotency scope: clients should use random (UUID) keys.
    idempotency = await idempotency_of(request, "anonymous:players")

    def respond() -> tuple[int, bytes]:
        return 201, msgspec.json.encode(PlayerCreated(id=player.id, name=player.name, token=token))

    return stored(await store_of(request).create_player(player, token_hash(token), idempotency, respond))
