"""`GET /v1/battles/{id}/stream?after=N`: a websocket of the battle's events.

Subscribe to the live channel first, then catch up from the store after N, then go
live. Every message carries its version, so duplicates (an event both read and
received live) are dropped and a gap (a live event beyond the next version) is filled
from the store: the client sees every version once, in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any
from uuid import UUID

import msgspec
from litestar import WebSocket, websocket
from litestar.channels import ChannelsPlugin, Subscriber
from litestar.di import NamedDependency
from litestar.exceptions import WebSocketDisconnect
from litestar.params import FromPath, FromQuery

from server.api_models import CaughtUp, Envelope
from server.app_state import app_state
from server.battle_service import stream_id
from server.broker import RESYNC
from server.observability import FANOUT_LAG, WEBSOCKETS
from server.store.base import EventStore, RecordedEvent, StoreUnavailable
from server.stream_service import StreamService
from server.tournament_service import TOURNAMENTS, TournamentEnvelope

PAGE = 500
MAX_VERSION = 2**31 - 1  # versions are Postgres integers
# Websocket close codes
TRY_AGAIN_LATER = 1013  # the database is unreachable: reconnect with `after` a little later
INTERNAL_ERROR = 1011  # an unexpected error, logged with its traceback
BAD_REQUEST = 4400  # `after` is not a version
NOT_FOUND = 4404
log = logging.getLogger("chronicle.stream")
_encode = msgspec.json.Encoder().encode


class _Stamp(msgspec.Struct):
    version: int
    recorded_at: str


_stamp_of = msgspec.json.Decoder(_Stamp).decode


@functools.lru_cache(maxsize=256)
def _read_live(message: bytes) -> tuple[int, str]:
    """Version and text of a live message, worked out once per node however many watch it;
    the first reading also records the event's fan-out lag."""
    stamp = _stamp_of(message)
    FANOUT_LAG.observe(max(0.0, time.time() - datetime.fromisoformat(stamp.recorded_at).timestamp()))
    return stamp.version, message.decode()


StreamEnvelope = Envelope | TournamentEnvelope


def encode_envelope(item: StreamEnvelope) -> bytes:
    return _encode(item)




class _Relay:
    def __init__(self, socket: WebSocket[Any, Any, Any], store: EventStore, stream: str, after: int,
                 to_envelope: Callable[[RecordedEvent], StreamEnvelope]) -> None:
        self.socket = socket
        self.store = store
        self.stream = stream
        self.last = after
        self.to_envelope = to_envelope

    async def send_from_store(self, through: int | None = None) -> None:
        while True:
            page = await self.store.read_stream(self.stream, after=self.last, limit=PAGE, through=through)
            for event in page:
                await self.socket.send_data(encode_envelope(self.to_envelope(event)).decode())
                self.last = event.version
            if len(page) < PAGE:
                return

    async def relay_live(self, message: bytes) -> None:
        if message == RESYNC:
            await self.send_from_store()
            return
        version, text = _read_live(message)
        if version <= self.last:
            return
        if version > self.last + 1:
            await self.send_from_store(through=version - 1)
        # Straight to the ASGI server: this runs once per watcher per event, so it skips the
        # checks of `send_data` that the text (already JSON we encoded) does not need.
        await self.socket.send({"type": "websocket.send", "bytes": None, "text": text})
        self.last = version


async def _wait_for_close(socket: WebSocket[Any, Any, Any]) -> None:
    try:
        while True:
            await socket.receive_data(mode="text")
    except WebSocketDisconnect:
        return


async def serve_stream(socket: WebSocket[Any, Any, Any], channels: ChannelsPlugin, stream: str, after: str,
                       kind: StreamService) -> None:
    """Every event of `stream` after `after`, then `caught_up`, then each new event live.
    The live channel of a stream is named after the stream."""
    # Accept before any check: a websocket closed during its handshake reaches the client as a
    # bare HTTP 403, and the close codes below would never be seen.
    await socket.accept()
    WEBSOCKETS.inc()
    try:
        await _serve(socket, channels, stream, after, kind)
    except (WebSocketDisconnect, OSError):  # the client left (the ASGI server's disconnects are OSErrors)
        pass
    except StoreUnavailable:
        await _close(socket, TRY_AGAIN_LATER, "database unavailable")
    except Exception:
        log.exception("the stream of %s failed", stream)
        await _close(socket, INTERNAL_ERROR, "internal error")
    finally:
        WEBSOCKETS.dec()


def parse_after(text: str) -> int | None:
    """The version a watcher has already seen (a negative one counts as 0), or None when
    `text` is not a whole number or is beyond any version a stream can reach."""
    try:
        after = int(text)
    except ValueError:
        return None
    return max(after, 0) if after <= MAX_VERSION else None


async def _serve(socket: WebSocket[Any, Any, Any], channels: ChannelsPlugin, stream: str, after_text: str,
                 kind: StreamService) -> None:
    after = parse_after(after_text)
    if after is None:
        await socket.close(code=BAD_REQUEST, reason=f"after must be a whole number up to {MAX_VERSION}")
        return
    store = app_state(socket.app).store
    head = await store.stream(stream)
    if head is None:
        await socket.close(code=NOT_FOUND, reason="no such stream")
        return
    # A watcher claiming more than the stream holds is caught up to what it does hold, so that
    # `caught_up` names a version the stream has reached and the next live event follows it.
    relay = _Relay(socket, store, stream, min(after, head.version), kind.live_envelope)
    closed = asyncio.create_task(_wait_for_close(socket))
    try:
        async with channels.start_subscription([stream]) as subscriber:
            await relay.send_from_store()
            await socket.send_data(_encode(CaughtUp(version=relay.last)).decode())
            live = asyncio.ensure_future(_forward(subscriber, relay))
            done, _ = await asyncio.wait({closed, live}, return_when=asyncio.FIRST_COMPLETED)
            if live in done:
                live.result()  # raises what stopped the relay, e.g. a lost database (1013)
            live.cancel()
            await asyncio.gather(live, return_exceptions=True)
    finally:
        closed.cancel()


async def _close(socket: WebSocket[Any, Any, Any], code: int, reason: str) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):  # the client may be gone already
        await socket.close(code=code, reason=reason)


@websocket("/v1/battles/{battle_id:uuid}/stream")
async def battle_stream(socket: WebSocket[Any, Any, Any], battle_id: FromPath[UUID],
                        channels: NamedDependency[ChannelsPlugin], after: FromQuery[str] = "0") -> None:
    await serve_stream(socket, channels, stream_id(str(battle_id)), after, app_state(socket.app).service)


@websocket("/v1/tournaments/{tournament_id:uuid}/stream")
async def tournament_stream(socket: WebSocket[Any, Any, Any], tournament_id: FromPath[UUID],
                            channels: NamedDependency[ChannelsPlugin], after: FromQuery[str] = "0") -> None:
    await serve_stream(socket, channels, TOURNAMENTS.stream_id(str(tournament_id)), after,
                       app_state(socket.app).tournaments)


async def _forward(subscriber: Subscriber, relay: _Relay) -> None:
    async for message in subscriber.iter_events():
        await relay.relay_live(message)
