"""Being told when something happens: `GET /v1/players/me/stream` (a websocket of the player's
notifications, resumable like the battle stream) and webhooks (`/v1/webhooks`)."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import uuid
from datetime import UTC, datetime
from typing import Annotated, Any

import msgspec
from litestar import Request, Response, WebSocket, delete, get, post, websocket
from litestar.channels import ChannelsPlugin, Subscriber
from litestar.di import NamedDependency
from litestar.exceptions import WebSocketDisconnect
from litestar.params import FromPath, FromQuery, JSONBody, QueryParameter
from litestar.plugins.problem_details import ProblemDetailsException

from server.api_models import CaughtUpNotifications
from server.app_state import app_state
from server.broker import RESYNC
from server.http import BEARER_SECURITY, caller, credential_of, problem_responses, require_scopes
from server.notify.notifier import NOTIFICATION_TYPES, channel
from server.notify.store import ANY_EVENT, Delivery, Notification, Webhook
from server.notify.webhooks import url_problem
from server.observability import WEBSOCKETS
from server.problems import not_found, problem
from server.routes.stream import BAD_REQUEST, INTERNAL_ERROR, TRY_AGAIN_LATER, parse_after
from server.store.base import Credential, StoreUnavailable

PAGE = 500
UNAUTHORISED = 4401  # no live token with the `read` scope
_encode = msgspec.json.Encoder().encode
_decode_seq = msgspec.json.Decoder(dict[str, Any]).decode
_ROUTE = {"security": BEARER_SECURITY, "tags": ["notifications"]}
MAX_HOOKS = 10  # per player
EventName = Annotated[str, msgspec.Meta(pattern=r"^(\*|battle_created|seat_claimed|battle_started|your_turn|"
                                                r"contest_raised|contest_ruled|battle_ended|pairings_published)$")]


class NewWebhook(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A URL to post your notifications of the listed types to (`*`: all of them)."""

    url: Annotated[str, msgspec.Meta(min_length=1, max_length=2000)]
    events: Annotated[list[EventName], msgspec.Meta(min_length=1, max_length=len(NOTIFICATION_TYPES) + 1)]


class WebhookCreated(msgspec.Struct, frozen=True):
    """The new hook; `secret` signs its deliveries and is shown only in this answer."""

    hook: Webhook
    secret: str


class WebhookList(msgspec.Struct, frozen=True):
    """Your webhooks (secrets are never shown again)."""

    webhooks: list[Webhook]


class DeliveryList(msgspec.Struct, frozen=True):
    """A hook's deliveries, newest first, with each one's outcome."""

    deliveries: list[Delivery]


# ---- the player's stream -----------------------------------------------------------------------


class _Relay:
    def __init__(self, socket: WebSocket[Any, Any, Any], player_id: str, after: int) -> None:
        self.socket = socket
        self.player_id = player_id
        self.last = after

    async def send_from_store(self) -> None:
        notes = app_state(self.socket.app).notes
        while True:
            page = await notes.read(self.player_id, self.last, PAGE)
            for notification in page:
                await self.socket.send_data(_encode(notification).decode())
                self.last = notification.seq
            if len(page) < PAGE:
                return

    async def relay_live(self, message: bytes) -> None:
        if message == RESYNC:  # the broker came back: what committed meanwhile is in the store
            await self.send_from_store()
            return
        seq = int(_decode_seq(message).get("seq", 0))
        if seq <= self.last:
            return  # read from the store already
        if seq > self.last + 1:
            await self.send_from_store()  # fills the gap, this one included
            return
        await self.socket.send_data(message.decode())
        self.last = seq


async def _socket_player(socket: WebSocket[Any, Any, Any], token: str | None) -> Credential:
    """The player behind the socket's `Authorization: Bearer` header, or its `token` query
    parameter (browsers cannot set headers on a websocket)."""
    header = socket.headers.get("authorization") or (f"Bearer {token}" if token else "")
    credential = await credential_of(socket.app, header)
    require_scopes(credential, "read")
    return credential


@websocket("/v1/players/me/stream")
async def player_stream(socket: WebSocket[Any, Any, Any], channels: NamedDependency[ChannelsPlugin],
                        after: FromQuery[str] = "0", token: FromQuery[str | None] = None) -> None:
    await socket.accept()
    WEBSOCKETS.inc()
    try:
        await _serve(socket, channels, after, token)
    except (WebSocketDisconnect, OSError):
        pass
    except StoreUnavailable:
        await _close(socket, TRY_AGAIN_LATER, "database unavailable")
    except ProblemDetailsException as refused:
        await _close(socket, UNAUTHORISED, str(refused.detail)[:120])
    except Exception:
        await _close(socket, INTERNAL_ERROR, "internal error")
        raise
    finally:
        WEBSOCKETS.dec()


async def _serve(socket: WebSocket[Any, Any, Any], channels: ChannelsPlugin, after_text: str,
                 token: str | None) -> None:
    after = parse_after(after_text)
    if after is None:
        await socket.close(code=BAD_REQUEST, reason="after must be a whole number")
        return
    player = (await _socket_player(socket, token)).player
    state = app_state(socket.app)
    await state.notifier.catch_up()  # what the player just did shows at once
    relay = _Relay(socket, player.id, after)
    closed = asyncio.create_task(_wait_for_close(socket))
    try:
        async with channels.start_subscription([channel(player.id)]) as subscriber:
            await relay.send_from_store()
            await socket.send_data(_encode(CaughtUpNotifications(seq=relay.last)).decode())
            live = asyncio.ensure_future(_forward(subscriber, relay))
            done, _ = await asyncio.wait({closed, live}, return_when=asyncio.FIRST_COMPLETED)
            if live in done:
                live.result()
            live.cancel()
            await asyncio.gather(live, return_exceptions=True)
    finally:
        closed.cancel()


async def _forward(subscriber: Subscriber, relay: _Relay) -> None:
    async for message in subscriber.iter_events():
        await relay.relay_live(message)


async def _wait_for_close(socket: WebSocket[Any, Any, Any]) -> None:
    try:
        while True:
            await socket.receive_data(mode="text")
    except WebSocketDisconnect:
        return


async def _close(socket: WebSocket[Any, Any, Any], code: int, reason: str) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        await socket.close(code=code, reason=reason)


@get("/v1/players/me/notifications", **_ROUTE, responses=problem_responses(401, 403),  # type: ignore[arg-type]
     summary="Your notifications after `after` (the player stream's catch-up, as a page)")
async def list_notifications(request: Request[Any, Any, Any],
                             after: Annotated[int, QueryParameter(ge=0, le=2**62)] = 0,
                             limit: Annotated[int, QueryParameter(ge=1, le=PAGE)] = 100) -> list[Notification]:
    credential = await caller(request)
    require_scopes(credential, "read")
    state = app_state(request.app)
    await state.notifier.catch_up()
    return await state.notes.read(credential.player.id, after, limit)


# ---- webhooks ----------------------------------------------------------------------------------


async def _hook_writer(request: Request[Any, Any, Any]) -> Credential:
    """A player's or an organiser's token (`play` or `organise`)."""
    credential = await caller(request)
    if not {"play", "organise"} & set(credential.token.scopes):
        raise problem(403, "token-scope", "webhooks need a token with the 'play' or 'organise' scope", scope="play")
    return credential


async def _own_hook(request: Request[Any, Any, Any], hook_id: str, player_id: str) -> Webhook:
    hook = await app_state(request.app).notes.hook(hook_id) if len(hook_id) <= 64 else None
    if hook is None or hook.owner != player_id:
        raise not_found(f"webhook {hook_id}")
    return hook


@post("/v1/webhooks", **_ROUTE, responses=problem_responses(401, 403, 413, 422),  # type: ignore[arg-type]
      summary="Register a URL for your notifications; the answer holds its signing secret (shown once)")
async def create_webhook(request: Request[Any, Any, Any], data: JSONBody[NewWebhook]) -> Response[WebhookCreated]:
    player = (await _hook_writer(request)).player
    state = app_state(request.app)
    refused = url_problem(data.url, state.settings.webhook_hosts)
    if refused is not None:
        raise problem(422, "webhook-url", refused)
    if len(await state.notes.hooks(player.id)) >= MAX_HOOKS:
        raise problem(422, "webhook-quota", f"a player has at most {MAX_HOOKS} webhooks: delete one first")
    events = sorted(set(data.events))
    if ANY_EVENT in events:
        events = [ANY_EVENT]
    hook = Webhook(hook_id=str(uuid.uuid4()), owner=player.id, url=data.url, events=events, enabled=True,
                   failures=0, created_at=datetime.now(UTC))
    secret = secrets.token_hex(32)
    await state.notes.add_hook(hook, secret)
    return Response(WebhookCreated(hook=hook, secret=secret), status_code=201)


@get("/v1/webhooks", **_ROUTE, responses=problem_responses(401, 403),  # type: ignore[arg-type]
     summary="Your webhooks, with whether each is enabled and its failures in a row")
async def list_webhooks(request: Request[Any, Any, Any]) -> WebhookList:
    player = (await _hook_writer(request)).player
    return WebhookList(webhooks=await app_state(request.app).notes.hooks(player.id))


@get("/v1/webhooks/{hook_id:str}/deliveries", **_ROUTE,  # type: ignore[arg-type]
     responses=problem_responses(401, 403, 404), summary="A webhook's deliveries, newest first, with their outcome")
async def list_deliveries(request: Request[Any, Any, Any], hook_id: FromPath[str],
                          limit: Annotated[int, QueryParameter(ge=1, le=500)] = 100) -> DeliveryList:
    player = (await _hook_writer(request)).player
    await _own_hook(request, hook_id, player.id)
    return DeliveryList(deliveries=await app_state(request.app).notes.deliveries(hook_id, limit))


@post("/v1/webhooks/{hook_id:str}/enable", **_ROUTE, status_code=200,  # type: ignore[arg-type]
      responses=problem_responses(401, 403, 404), summary="Enable a webhook again (its failures count from 0)")
async def enable_webhook(request: Request[Any, Any, Any], hook_id: FromPath[str]) -> Webhook:
    player = (await _hook_writer(request)).player
    await _own_hook(request, hook_id, player.id)
    notes = app_state(request.app).notes
    await notes.enable_hook(hook_id)
    enabled = await notes.hook(hook_id)
    assert enabled is not None
    return enabled


@delete("/v1/webhooks/{hook_id:str}", **_ROUTE, responses=problem_responses(401, 403, 404),  # type: ignore[arg-type]
        summary="Delete a webhook and its deliveries")
async def delete_webhook(request: Request[Any, Any, Any], hook_id: FromPath[str]) -> None:
    player = (await _hook_writer(request)).player
    await _own_hook(request, hook_id, player.id)
    await app_state(request.app).notes.delete_hook(hook_id)


ROUTES = [player_stream, list_notifications, create_webhook, list_webhooks, list_deliveries, enable_webhook,
          delete_webhook]
