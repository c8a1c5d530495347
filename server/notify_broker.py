"""Live fan-out between the workers of one `chronicle serve --workers N` through Postgres
LISTEN/NOTIFY, when there is no Redis (issue #19): the embedded default runs several workers
too.

Every worker LISTENs on one Postgres channel; a message carries its Litestar channel (the
stream id) on its first line, and each worker keeps the messages of the channels its own
watchers want. A NOTIFY payload must stay under 8000 bytes: a larger live message is sent as
`RESYNC` instead, and that channel's watchers read the events from the store (as after a
broker outage), so nothing is lost, only fetched.

With one worker and the node's background process (server/background.py), the worker keeps
its own events local (`publish_locally`: no NOTIFY on the command path) and listens only for
what the background process publishes (a tournament's battles, a claim on time, notifications).
Local and notified messages of one stream may then cross; a watcher fills any gap from the
store and drops what it has seen (server/routes/stream.py).

As with Redis (server/broker.py), commands never wait for the broker: a failed NOTIFY drops
the live copy (the event is in Postgres), and every time the listening connection is
(re)established the watchers of every wanted channel re-read the store.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, Callable, Iterable
from typing import Any

import asyncpg
from litestar.channels.backends.base import ChannelsBackend

from server.broker import RESYNC

log = logging.getLogger("chronicle.broker")

PG_CHANNEL = "chronicle_live"
# Postgres refuses a payload of 8000 bytes or more; the first line holds the stream id.
MAX_PAYLOAD = 7999
_FIRST_PAUSE = 0.1
_LONGEST_PAUSE = 2.0
_IDLE_CHECK = 1.0  # seconds without a message before the listening connection is checked
_CONNECT_TIMEOUT = 5.0
_LOST = (OSError, asyncio.TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError)


def payload_of(channel: str, data: bytes) -> str:
    """What one NOTIFY carries: the channel, a newline, the message (or RESYNC when too big)."""
    head = channel.encode() + b"\n"
    body = data if len(head) + len(data) <= MAX_PAYLOAD else RESYNC
    return (head + body).decode()


def _into(queue: asyncio.Queue[tuple[str, bytes]]) -> Callable[..., None]:
    """An asyncpg listener that queues each payload as (channel, message)."""

    def listener(_connection: object, _pid: int, _channel: str, payload: object) -> None:
        channel, _, message = str(payload).partition("\n")
        queue.put_nowait((channel, message.encode()))

    return listener


class PostgresNotifyBackend(ChannelsBackend):
    """Litestar channels over Postgres LISTEN/NOTIFY. The database is known only once the store
    is open (the embedded one starts then): `attach(dsn)` gives it."""

    def __init__(self, publish_locally: bool = False) -> None:
        self._publish_locally = publish_locally
        self._received: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._dsn: str | None = None
        self._attached = asyncio.Event()
        self._wanted: set[str] = set()
        self._publisher: asyncpg.Connection | None = None
        self._publishing = asyncio.Lock()
        self._listener: asyncpg.Connection | None = None

    def attach(self, dsn: str) -> None:
        self._dsn = dsn
        self._attached.set()

    async def on_startup(self) -> None:
        pass

    async def on_shutdown(self) -> None:
        for connection in (self._publisher, self._listener):
            if connection is not None and not connection.is_closed():
                await connection.close()
        self._publisher = self._listener = None

    async def subscribe(self, channels: Iterable[str]) -> None:
        self._wanted.update(channels)

    async def unsubscribe(self, channels: Iterable[str]) -> None:
        self._wanted.difference_update(channels)

    async def publish(self, data: bytes, channels: Iterable[str]) -> None:
        if self._publish_locally:
            for channel in channels:
                self._received.put_nowait((channel, data))
            return
        # One connection, one NOTIFY after the other: Postgres delivers them in commit order,
        # so a stream's live messages arrive in the order this worker sent them.
        async with self._publishing:
            for channel in channels:
                try:
                    connection = await self._publishing_connection()
                    await connection.execute("SELECT pg_notify($1, $2)", PG_CHANNEL, payload_of(channel, data))
                except _LOST as exc:
                    log.warning("dropped a live event for %s (%s: %s); watchers read it from the store",
                                channel, type(exc).__name__, exc)
                    await self._drop_publisher()

    async def _publishing_connection(self) -> asyncpg.Connection:
        if self._publisher is None or self._publisher.is_closed():
            await self._attached.wait()
            assert self._dsn is not None
            self._publisher = await asyncpg.connect(self._dsn, timeout=_CONNECT_TIMEOUT)
        return self._publisher

    async def _drop_publisher(self) -> None:
        publisher, self._publisher = self._publisher, None
        if publisher is not None:
            publisher.terminate()

    async def stream_events(self) -> AsyncGenerator[tuple[str, Any], None]:
        await self._attached.wait()
        assert self._dsn is not None
        pause = _FIRST_PAUSE
        while True:
            received = self._received
            try:
                listener = await asyncpg.connect(self._dsn, timeout=_CONNECT_TIMEOUT)
            except _LOST as exc:
                log.warning("postgres unavailable for live events (%s: %s); retrying in %.1fs",
                            type(exc).__name__, exc, pause)
                await asyncio.sleep(pause)
                pause = min(2 * pause, _LONGEST_PAUSE)
                continue
            pause = _FIRST_PAUSE
            self._listener = listener
            try:
                await listener.add_listener(PG_CHANNEL, _into(received))
                # Whatever was sent while no connection listened is read from the store.
                for channel in sorted(self._wanted):
                    yield channel, RESYNC
                while True:
                    try:
                        # Without a wait (and its task) while messages are queued: the usual case under load.
                        channel, message = received.get_nowait()
                    except asyncio.QueueEmpty:
                        try:
                            channel, message = await asyncio.wait_for(received.get(), _IDLE_CHECK)
                        except TimeoutError:
                            await listener.execute("SELECT 1", timeout=_IDLE_CHECK)  # still there?
                            continue
                    if channel in self._wanted:
                        yield channel, message
            except _LOST as exc:
                log.warning("live events connection to postgres lost (%s: %s); reconnecting", type(exc).__name__, exc)
            finally:
                self._listener = None
                listener.terminate()

    async def get_history(self, channel: str, limit: int | None = None) -> list[bytes]:
        raise NotImplementedError("LISTEN/NOTIFY keeps no history: watchers read it from the store")
