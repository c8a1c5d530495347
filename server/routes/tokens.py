"""A player's own bearer tokens: list, create, rotate, revoke.

A token acts only on tokens whose scopes are within its own, so a leaked narrow token can
neither widen itself nor revoke its owner's broader tokens; and it never makes a token that
outlives it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from litestar import Request, Response, delete, get, post
from litestar.params import FromPath, JSONBody

from server.api_models import NewToken, TokenIssued, TokenList, TokenView
from server.credentials import mint, new_secret, ordered_scopes
from server.http import (
    BEARER_SECURITY,
    RouteDocs,
    caller,
    problem_responses,
    require_scopes,
    store_of,
    token_cache_of,
)
from server.problems import not_found, problem
from server.store.base import Credential, Token

# Live (neither revoked nor expired) tokens one player may hold at once.
MAX_LIVE_TOKENS = 100


def _operation(*problems: int) -> RouteDocs:
    """A token operation, by the bearer of a token, that may answer the given problem codes."""
    return {"security": BEARER_SECURITY, "tags": ["tokens"], "responses": problem_responses(*problems)}


def _view(token: Token) -> TokenView:
    return TokenView(id=token.id, label=token.label, scopes=list(token.scopes),
                     created_at=token.created_at, expires_at=token.expires_at, revoked=token.revoked_at is not None)


def _issued(token: Token, text: str) -> TokenIssued:
    return TokenIssued(id=token.id, label=token.label, scopes=list(token.scopes),
                       created_at=token.created_at, expires_at=token.expires_at, token=text)


async def _own_token(request: Request[Any, Any, Any], owner: Credential, token_id: UUID) -> Token:
    """The caller's player's token with this id, if the caller's scopes cover it."""
    found = await store_of(request).credential(str(token_id))
    if found is None or found.player.id != owner.player.id:
        raise not_found(f"token {token_id}")
    require_scopes(owner, *found.token.scopes)
    return found.token


@get("/v1/tokens", **_operation(401, 403),
     summary="Your tokens (scope `read`): id, label, scopes, creation, expiry, revoked; never a secret")
async def list_tokens(request: Request[Any, Any, Any]) -> TokenList:
    owner = await caller(request)
    require_scopes(owner, "read")
    return TokenList(tokens=[_view(t) for t in await store_of(request).tokens(owner.player.id)])


@post("/v1/tokens", **_operation(401, 403, 413, 422), status_code=201,
      summary="Create a token for yourself, within your token's scopes and lifetime; its text is shown once")
async def create_token(request: Request[Any, Any, Any],
                       data: JSONBody[NewToken | None] = None) -> TokenIssued:
    owner = await caller(request)
    wanted = data or NewToken()
    scopes = ordered_scopes(wanted.scopes) if wanted.scopes is not None else owner.token.scopes
    require_scopes(owner, *scopes)
    now = datetime.now(UTC)
    expires_at = now + timedelta(seconds=wanted.expires_in) if wanted.expires_in is not None else None
    if owner.token.expires_at is not None:  # a token never makes one that outlives it
        expires_at = min(expires_at or owner.token.expires_at, owner.token.expires_at)
    text, token = mint(owner.player.id, scopes, now, label=wanted.label, expires_at=expires_at)
    if not await store_of(request).add_token(token, MAX_LIVE_TOKENS):
        raise problem(422, "token-limit", f"a player holds at most {MAX_LIVE_TOKENS} live tokens: revoke one first")
    return _issued(token, text)


@post("/v1/tokens/{token_id:uuid}/rotate", **_operation(401, 403, 404, 422),
      status_code=200, summary="A new secret for one of your tokens; the old text stops working at once")
async def rotate_token(request: Request[Any, Any, Any], token_id: FromPath[UUID]) -> TokenIssued:
    owner = await caller(request)
    token = await _own_token(request, owner, token_id)
    if token.expired(datetime.now(UTC)):
        raise problem(422, "token-expired", "an expired token cannot be rotated: create a new one")
    text, secret_hash = new_secret(token.id)
    rotated = await store_of(request).rotate_token(owner.player.id, token.id, secret_hash)
    token_cache_of(request).forget(token.id)
    if rotated is None:
        raise problem(422, "token-revoked", "a revoked token cannot be rotated: create a new one")
    return _issued(rotated, text)


@delete("/v1/tokens/{token_id:uuid}", **_operation(401, 403, 404), status_code=204,
        summary="Revoke one of your tokens (it may be the one you send); it stops working at once")
async def revoke_token(request: Request[Any, Any, Any], token_id: FromPath[UUID]) -> Response[None]:
    owner = await caller(request)
    token = await _own_token(request, owner, token_id)
    await store_of(request).revoke_token(owner.player.id, token.id, datetime.now(UTC))
    token_cache_of(request).forget(token.id)
    return Response(None, status_code=204)
