"""Request helpers shared by the route modules: the bearer token, idempotency keys, stored responses."""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, TypedDict, TypeVar, cast

from litestar import Litestar, Request, Response
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import SecurityRequirement

from server.api_models import ProblemDetail
from server.app_state import app_state
from server.battle_service import BattleService
from server.credentials import TokenCache, digest, look_up
from server.limits.identity import client_address as address_of
from server.problems import problem
from server.projector import Projector
from server.store.base import Credential, EventStore, Idempotency, Player, RecordedEvent, Scope, StoredResponse
from server.stream_service import request_hash

IDEMPOTENCY_HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 200
BEARER_SECURITY: list[SecurityRequirement] = [{"bearer": []}]
_CHALLENGE = {"WWW-Authenticate": "Bearer"}
Body = TypeVar("Body")
_MAX_SEQ = 2**63 - 1  # list positions are Postgres bigints


def cursor_of(seq: int) -> str:
    """The cursor of a list page that ends at `seq` (opaque to clients)."""
    return base64.urlsafe_b64encode(f"seq:{seq}".encode()).decode()


def seq_from_cursor(cursor: str) -> int:
    try:
        kind, _, value = base64.urlsafe_b64decode(cursor.encode()).decode().partition(":")
        seq = int(value)
        if kind != "seq" or not 0 < seq <= _MAX_SEQ:
            raise ValueError(cursor)
        return seq
    except (ValueError, UnicodeDecodeError) as exc:
        raise problem(400, "cursor-invalid", "that cursor did not come from this API") from exc


def store_of(request: Request[Any, Any, Any]) -> EventStore:
    return app_state(request.app).store


def projector_of(request: Request[Any, Any, Any]) -> Projector:
    return app_state(request.app).projector


def service_of(request: Request[Any, Any, Any]) -> BattleService:
    return app_state(request.app).service


def token_cache_of(request: Request[Any, Any, Any]) -> TokenCache:
    return app_state(request.app).token_cache


async def caller(request: Request[Any, Any, Any]) -> Credential:
    """The live credential behind the request's bearer token (401 when it has none)."""
    return await credential_of(request.app, request.headers.get("authorization", ""))


async def credential_of(app: Litestar, header: str) -> Credential:
    """The live credential behind an `Authorization` header's bearer token (401 when it has none)."""
    scheme, _, text = header.partition(" ")
    text = text.strip()
    if scheme.lower() != "bearer" or not text:
        raise problem(401, "token-missing", "send 'Authorization: Bearer <token>' (POST /v1/players gives one)",
                      headers=_CHALLENGE)
    cache, key = app_state(app).token_cache, digest(text)
    credential = cache.get(key)
    if credential is None:
        credential = await look_up(app_state(app).store, text)
        if credential is None:
            raise problem(401, "token-unknown", "that token belongs to no player", headers=_CHALLENGE)
        cache.put(key, credential)
    token = credential.token
    if token.revoked_at is not None:
        raise problem(401, "token-revoked", "that token has been revoked", headers=_CHALLENGE)
    if token.expired(datetime.now(UTC)):
        raise problem(401, "token-expired", "that token has expired", headers=_CHALLENGE)
    return credential


def require_scopes(credential: Credential, *scopes: str) -> None:
    """403 `token-scope`, naming the first missing scope, unless the token has every one."""
    missing = [scope for scope in scopes if scope not in credential.token.scopes]
    if missing:
        raise problem(403, "token-scope", f"this token lacks the '{missing[0]}' scope", scope=missing[0])


async def authenticate(request: Request[Any, Any, Any], scope: Scope) -> Player:
    """The player whose live token, holding `scope`, sent the request."""
    credential = await caller(request)
    require_scopes(credential, scope)
    return credential.player


def client_address(request: Request[Any, Any, Any]) -> str:
    """The caller's address: the peer's, or behind a proxy listed in TRUSTED_PROXIES the one its
    X-Forwarded-For names (the rate limits read it the same way)."""
    return address_of(request.scope, app_state(request.app).proxies)


async def idempotency_of(request: Request[Any, Any, Any], scope: str, *,
                         body_in_key: bool = False) -> Idempotency | None:
    """The request's Idempotency-Key in `scope`. With `body_in_key`, the request itself is part
    of the key, so a different body under the same key is simply another request."""
    key = request.headers.get(IDEMPOTENCY_HEADER.lower())
    if key is None:
        return None
    return keyed(scope, key, request.method, request.url.path, await request.body(), body_in_key=body_in_key)


def keyed(scope: str, key: str, method: str, path: str, body: bytes, *, body_in_key: bool = False) -> Idempotency:
    """The idempotency record's key of a request that sent `key` (400 when it is empty or too long)."""
    if not key or len(key) > MAX_KEY_LENGTH:
        raise problem(400, "idempotency-key-invalid", f"an Idempotency-Key has 1 to {MAX_KEY_LENGTH} characters")
    fingerprint = request_hash(method, path, body)
    return Idempotency(scope=scope, key=f"{key}\n{fingerprint}" if body_in_key else key, request_hash=fingerprint)


async def anonymous_idempotency(request: Request[Any, Any, Any]) -> Idempotency | None:
    """The Idempotency-Key of an unauthenticated request: scoped to the caller's address (hashed)
    and to the request, so no other caller, and no other body, ever meets its record."""
    return await idempotency_of(request, f"anonymous:{digest(client_address(request))}", body_in_key=True)


def player_scope(player_id: str) -> str:
    """The scope of a player's Idempotency-Keys: no other caller ever meets their records."""
    return f"player:{player_id}"


async def player_idempotency(request: Request[Any, Any, Any], player: Player) -> Idempotency | None:
    return await idempotency_of(request, player_scope(player.id))


async def player_write(request: Request[Any, Any, Any], scope: Scope) -> tuple[Player, Idempotency | None]:
    """The authenticated player of a state-changing request (its token holding `scope`), and
    its Idempotency-Key (scoped to the player) if it sent one."""
    player = await authenticate(request, scope)
    return player, await player_idempotency(request, player)


def next_page(events: list[RecordedEvent], stream_version: int) -> int | None:
    """The `after` of the next page of a stream's events, or None when this page is the last."""
    return events[-1].version if events and events[-1].version < stream_version else None


def encoded(body: bytes, status: int = 200) -> Response[Body]:
    """JSON encoded already, sent as it is. The bytes are an encoded `Body`, the type the route
    declares for the OpenAPI document (e.g. `Response[CommandResult]`)."""
    return cast("Response[Body]", Response(content=body, status_code=status, media_type="application/json"))


def stored(response: StoredResponse) -> Response[Body]:
    """A stored response, sent as the bytes it was stored as."""
    return encoded(response.body, response.status)


_PROBLEM_DESCRIPTIONS = {
    400: "malformed request", 401: "missing, unknown, expired or revoked token (see `rule`)",
    403: "another player's seat, not seated, or the token lacks a scope (`token-scope`)",
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


class RouteDocs(TypedDict, total=False):
    """The OpenAPI keywords that a kind of route shares, splatted into its decorator
    (`@get(path, **read_route("battles"), ...)`): typed, so mypy checks each against the decorator."""

    tags: Sequence[str]
    security: Sequence[SecurityRequirement]
    responses: Mapping[int, ResponseSpec]


def read_route(tag: str) -> RouteDocs:
    """A read of one resource, which may not exist."""
    return {"tags": [tag], "responses": problem_responses(404)}


def check_route(tag: str) -> RouteDocs:
    """A read of one resource that takes a body (and so may be refused as too large)."""
    return {"tags": [tag], "responses": problem_responses(404, 413)}


def write_route(tag: str) -> RouteDocs:
    """A change to a resource by the bearer of a token."""
    return {"security": BEARER_SECURITY, "tags": [tag], "responses": problem_responses(401, 403, 404, 409, 413, 422)}
