from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import msgspec
from litestar import Request, Response, get, post
from litestar.params import FromPath, JSONBody

from projections.player_records import PlayerRecord
from server.api_models import NewPlayer, PlayerCreated
from server.credentials import ALL_SCOPES, mint
from server.http import anonymous_idempotency, problem_responses, projector_of, store_of, stored
from server.problems import not_found
from server.store.base import Player


@post("/v1/players", tags=["players"], responses=problem_responses(413, 422),
      summary="Register a player and receive its bearer token (shown once: a retry answers `token` null)")
async def create_player(request: Request[Any, Any, Any], data: JSONBody[NewPlayer]) -> Response[PlayerCreated]:
    player = Player(id=str(uuid.uuid4()), name=data.name)
    text, token = mint(player.id, ALL_SCOPES, datetime.now(UTC))
    # What a retry gets: never the token, which only this first answer carries.
    replay = 201, msgspec.json.encode(PlayerCreated(id=player.id, name=player.name, token=None))
    replayed = await store_of(request).create_player(player, token, await anonymous_idempotency(request), replay)
    if replayed is not None:
        return stored(replayed)
    return Response(PlayerCreated(id=player.id, name=player.name, token=text), status_code=201)


class PlayerView(msgspec.Struct, frozen=True):
    """A player's record: battles played, still active, won and lost."""

    id: str
    name: str
    battles: int
    active: int
    won: int
    lost: int


@get("/v1/players/{player_id:str}", tags=["players"], responses=problem_responses(404),
     summary="A player's record: battles joined, in play, won and lost")
async def show_player(request: Request[Any, Any, Any], player_id: FromPath[str]) -> PlayerView:
    store = store_of(request)
    player = await store.player(player_id) if len(player_id) <= 64 and "\x00" not in player_id else None
    if player is None:
        raise not_found(f"player {player_id}")
    await projector_of(request).catch_up()
    row = (await store.player_rows([player_id])).get(player_id)
    record = msgspec.convert(row.record, PlayerRecord) if row else PlayerRecord(player_id)
    return PlayerView(id=player.id, name=player.name, battles=record.battles, active=record.active,
                      won=record.won, lost=record.lost)
