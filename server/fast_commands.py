"""`POST /v1/battles/{id}/commands` served below Litestar's routing (issue #19, point 2).

The command endpoint is the one every client calls many times a minute, and Litestar's request
handling (routing, the route's middleware stack, its signature model and response objects) cost
the serving process about as much CPU as the command itself. This ASGI layer, in front of the
Litestar app, answers the usual command (an authenticated player's valid command) on its own:

- only a request that Litestar would route to `send_command` and that needs nothing Litestar
  adds: POST, the canonical path with a lower-case UUID, no `root_path`, no `Origin` header (CORS
  is Litestar's), a `Content-Length` within the body limit;
- around it, the same ASGI middlewares as Litestar runs for the route (request id and metrics,
  rate limits, body timeout), each told by `OUTER` not to run a second time inside Litestar;
- the same steps as the route: the bearer token and its `play` scope, the Idempotency-Key, the
  body checks of `refuse_unstorable_bodies`, the body decoded as `CommandRequest`, then
  `BattleService.command`; its stored response is sent as the route sends it.

Anything else is answered by Litestar itself, with the body already read handed on unchanged:
a refusal before the command runs (a bad token, key or body: Litestar finds it again and says
so in its own words), an `AppointReferee` (its players are looked up), and an error the command
raised: that one is not run again, but handed to the route (`RAISED`), which raises it, so that
Litestar's exception handlers answer and log it as they would have.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar import Litestar
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Receive, ReceiveMessage, Scope, Send

from domain.contests import AppointReferee
from server.api_models import CommandRequest
from server.app_state import app_state
from server.http import IDEMPOTENCY_HEADER, credential_of, keyed, player_scope, require_scopes
from server.limits.timeouts import BodyTimeout
from server.observability import OUTER
from server.request_limits import may_be_unstorable

RAISED = "chronicle.raised"  # scope key: what the command raised, for the route to raise again
ROUTE = "/v1/battles/{battle_id:uuid}/commands"
_PATH = re.compile(r"/v1/battles/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/commands")
_decode_command = msgspec.json.Decoder(CommandRequest).decode
_JSON = (b"content-type", b"application/json")
_AUTHORIZATION = b"authorization"
_IDEMPOTENCY = IDEMPOTENCY_HEADER.lower().encode()


class _NotHere(Exception):
    """The request is Litestar's to answer."""


def fast_commands(app: Litestar, litestar: ASGIApp, outer_middlewares: list[Any], max_body: int) -> ASGIApp:
    """The ASGI handler to install as `app.asgi_handler`: commands as above, everything else
    by `litestar` (the app's own handler). `outer_middlewares` (outermost first) are the ASGI
    middlewares the route runs under, which must pass a request marked `OUTER` through;
    `max_body` the app's request body limit."""

    async def handle(scope: Scope, receive: Receive, send: Send) -> None:
        request = _Received(receive)
        body = await request.body()
        try:
            if body is None:
                raise _NotHere
            status, content = await _command(app, scope, body)
        except _NotHere:
            scope[OUTER] = True  # type: ignore[literal-required]
            await litestar(scope, request.replay(), send)
            return
        await send({"type": "http.response.start", "status": status,
                    "headers": [_JSON, (b"content-length", str(len(content)).encode())]})
        await send({"type": "http.response.body", "body": content, "more_body": False})

    served: ASGIApp = handle
    for middleware in reversed(outer_middlewares):
        served = middleware(served)

    async def dispatch(scope: Scope, receive: Receive, send: Send) -> None:
        if _eligible(scope, max_body):
            scope["path_template"] = ROUTE
            await served(scope, receive, send)
        else:
            await litestar(scope, receive, send)

    return dispatch


def _eligible(scope: Scope, max_body: int) -> bool:
    if scope["type"] != ScopeType.HTTP or scope["method"] != "POST" or scope.get("root_path") \
            or not _PATH.fullmatch(scope["path"]):
        return False
    length = None
    for name, value in scope["headers"]:
        if name == b"origin":
            return False
        if name == b"content-length":
            length = value
    return length is not None and length.isdigit() and int(length) <= max_body


class _Received:
    """The request's messages as read here, to be replayed to Litestar unchanged when it answers."""

    def __init__(self, receive: Receive) -> None:
        self._receive = receive
        self._messages: list[ReceiveMessage] = []
        self._failure: BodyTimeout | None = None

    async def body(self) -> bytes | None:
        """The whole body; None when it did not all come (the client left, or took too long)."""
        while True:
            try:
                message = await self._receive()
            except BodyTimeout as late:
                self._failure = late
                return None
            self._messages.append(message)
            if message["type"] != "http.request":
                return None
            if not message.get("more_body", False):
                return b"".join(m.get("body", b"") for m in self._messages)  # type: ignore[misc]

    def replay(self) -> Receive:
        pending = list(self._messages)

        async def receive() -> ReceiveMessage:
            if pending:
                return pending.pop(0)
            if self._failure is not None:
                failure, self._failure = self._failure, None
                raise failure
            return await self._receive()

        return receive


async def _command(app: Litestar, scope: Scope, body: bytes) -> tuple[int, bytes]:
    """The stored response of the command, or _NotHere for Litestar to answer."""
    authorization, key = _headers(scope)
    if may_be_unstorable(body):
        raise _NotHere
    try:
        credential = await credential_of(app, authorization)
        require_scopes(credential, "play")
        command = _decode_command(body)
        idempotency = None if key is None else keyed(player_scope(credential.player.id), key, "POST",
                                                     scope["path"], body)
    except Exception as refused:
        raise _NotHere from refused
    if isinstance(command, AppointReferee):
        raise _NotHere
    battle_id = _PATH.fullmatch(scope["path"])[1]  # type: ignore[index]  # matched in _eligible
    try:
        result = await app_state(app).service.command(credential.player.id, battle_id, command,
                                                       getattr(command, "expected_version", None), idempotency)
    except Exception as raised:
        scope[RAISED] = raised  # type: ignore[literal-required]
        raise _NotHere from raised
    return result.status, result.body


def _headers(scope: Scope) -> tuple[str, str | None]:
    """The Authorization and Idempotency-Key headers; a request that repeats either is Litestar's."""
    authorization: bytes | None = None
    key: bytes | None = None
    for name, value in scope["headers"]:
        if name == _AUTHORIZATION:
            if authorization is not None:
                raise _NotHere
            authorization = value
        elif name == _IDEMPOTENCY:
            if key is not None:
                raise _NotHere
            key = value
    return (authorization or b"").decode("latin-1"), None if key is None else key.decode("latin-1")


def raised_outside(scope: Scope) -> None:
    """In the route: raise what the command raised when the fast path ran it (it is not run twice)."""
    raised = scope.get(RAISED)
    if isinstance(raised, Exception):
        raise raised
