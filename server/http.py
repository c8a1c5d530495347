"""Request helpers shared by the route modules: the bearer token, idempotency keys, stored responses."""

from __future__ import annotations

import hashlib
from typing import Any

from litestar import Request, Response
from litestar.openapi.datastructures import ResponseSpec

from server.api_models import ProblemDetail
from server.battle_service import BattleService
from server.problems import problem
from server.projector import Projector
from server.store.base import EventStore, Idempotency, Player, RecordedEvent, StoredResponse
from server.stream_service import request_hash

IDEMPOTENCY_HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 200
MAX_CACHED_TOKENS = 10_000
BEARER_SECURITY: list[dict[str, list[str]]] = [{"bearer": []}]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def store_of(request: Request[Any, Any, Any]) -> EventStore:
    store: EventStore = request.app.state.store
    return store


def projector_of(request: Request[Any, Any, Any]) -> Projector:
    projector: Projector = request.app.state.projector
    return projector


def service_of(request: Request[Any, Any, Any]) -> BattleService:
    service: BattleService = request.app.state.service
    return service


async def authenticate(request: Request[Any, Any, Any]) -> Player:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise problem(401, "token-missing", "send 'Authorization: Bearer <token>' (POST /v1/players gives one)",
                      headers={"WWW-Authenticate": "Bearer"})
    digest = token_hash(token.strip())
    known: dict[str, Player] = request.app.state.players_by_token
    player = known.get(digest) or await store_of(request).player_by_token(digest)
    if player is not None and digest not in known:
        if len(known) >= MAX_CACHED_TOKENS:
            known.pop(next(iter(known)))
        known[digest] = player  # a token never changes owner, so a cached answer stays true
    if player is None:
        raise problem(401, "token-unknown", "that token belongs to no player",
                      headers={"WWW-Authenticate": "Bearer"})
    return player


async def idempotency_of(request: Request[Any, Any, Any], scope: str) -> Idempotency | None:
    key = request.headers.get(IDEMPOTENCY_HEADER.lower())
    if key is None:
        return None
    if not key or len(key) > MAX_KEY_LENGTH:
        raise problem(400, "idempotency-key-invalid", f"an Idempotency-Key has 1 to {MAX_KEY_LENGTH} characters")
    body = await request.body()
    return Idempotency(scope=scope, key=key, request_hash=request_hash(request.method, request.url.path, body))


async def player_write(request: Request[Any, Any, Any]) -> tuple[Player, Idempotency | None]:
    """The authenticated player of a state-changing request, and its Idempotency-Key (scoped to
    the player) if it sent one."""
    player = await authenticate(request)
    return player, await idempotency_of(request, f"player:{player.id}")


def next_page(events: list[RecordedEvent], stream_version: int) -> int | None:
    """The `after` of the next page of a stream's events, or None when this page is the last."""
    return events[-1].version if events and events[-1].version < stream_version else None


def stored(response: StoredResponse) -> Response[bytes]:
    return Response(content=response.body, status_code=response.status, media_type="application/json")


_PROBLEM_DESCRIPTIONS = {
    400: "malformed request", 401: "missing or unknown token", 403: "another player's seat, or not seated",
    404: "no such resource", 409: "the battle moved on: version conflict", 413: "request body too large",
    422: "a rule forbids it (see `rule`)", 500: "an unexpected error: quote its `request_id`",
    503: "the database is unreachable: retry after `Retry-After` seconds",
}


def problem_responses(*codes: int) -> dict[int, ResponseSpec]:
    """OpenAPI entries for the problem responses an operation may give (400, 500 and 503 always are)."""
    return {code: ResponseSpec(data_container=ProblemDetail, media_type="application/problem+json",
                               generate_examples=False,
                               description=_PROBLEM_DESCRIPTIONS[code])
            for code in sorted({400, 500, 503, *codes})}
