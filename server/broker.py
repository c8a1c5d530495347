"""Live fan-out of committed events through Litestar channels: memory on one node, Redis
when REDIS_URL is set.

Redis may stop and restart under us. Commands never wait for it: publishing retries briefly
and then drops the live copy (the event is in Postgres). Watchers never lose an event: every
time this node's subscription connection is (re)established, it subscribes to every channel
the node wants and tells each channel's watchers to re-read the store (`RESYNC`), which
covers whatever was published while the connection was down.

Which channels the node wants is kept here, not in the Redis connection. Litestar's plugin
records a watcher before it asks the backend to subscribe and never undoes that when the
backend raises; redis-py records a channel only once its SUBSCRIBE was sent. So with a
backend that raised while Redis was down, a channel first watched during an outage was
believed subscribed by the plugin and unknown to the connection: dead on that node for good.
Here `subscribe` never fails: it records the channel, sends SUBSCRIBE if the connection is
up, and otherwise leaves it to the reconnection.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, Awaitable, Callable, Iterable
from typing import Any

from litestar.channels.backends.base import ChannelsBackend
from litestar.channels.backends.memory import MemoryChannelsBackend
from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.exceptions import RedisError

log = logging.getLogger("chronicle.broker")

# Sent to local watchers after the broker reconnects: "re-read the store after your last version".
RESYNC = b'{"type":"resync"}'
_PUBLISH_ATTEMPTS = 4
_FIRST_PAUSE = 0.1  # seconds before reconnecting, doubled after each failure up to _LONGEST_PAUSE
_LONGEST_PAUSE = 2.0
_READ_TIMEOUT = 1.0  # how long one read waits for a message; bounds how late a retired connection is noticed
_CONNECT_TIMEOUT = 2.0
_COMMAND_TIMEOUT = 5.0  # a Redis that accepts connections but does not answer must not hold the publisher


class ResilientRedisBackend(ChannelsBackend):
    """Litestar channels over Redis pub/sub that come back by themselves after a Redis outage."""

    def __init__(self, redis: Redis) -> None:
        self._redis = redis
        self._wanted: set[str] = set()
        self._pubsub: PubSub | None = None  # the subscription connection while it is up

    async def on_startup(self) -> None:
        pass

    async def on_shutdown(self) -> None:
        if self._pubsub is not None:
            await _close(self._pubsub)
            self._pubsub = None
        await self._redis.aclose()

    async def subscribe(self, channels: Iterable[str]) -> None:
        new = set(channels) - self._wanted
        self._wanted |= new
        if new and self._pubsub is not None:
            await self._send(self._pubsub, self._pubsub.subscribe, new)

    async def unsubscribe(self, channels: Iterable[str]) -> None:
        gone = self._wanted.intersection(channels)
        self._wanted -= gone
        if gone and self._pubsub is not None:
            await self._send(self._pubsub, self._pubsub.unsubscribe, gone)

    async def publish(self, data: bytes, channels: Iterable[str]) -> None:
        channels = list(channels)
        # While the subscription is down Redis is most likely down too: one quiet try, so that
        # the node's queue of live events does not back up behind retries that cannot succeed.
        broker_up = self._pubsub is not None
        attempts = _PUBLISH_ATTEMPTS if broker_up else 1
        for attempt in range(attempts):
            try:
                for channel in channels:
                    await self._redis.publish(channel, data)
                return
            except (RedisError, OSError) as exc:
                log.log(logging.WARNING if broker_up else logging.DEBUG,
                        "publish to redis failed (attempt %d): %s", attempt + 1, exc)
                if attempt + 1 < attempts:
                    await asyncio.sleep(0.1 * 2**attempt)
        log.log(logging.WARNING if broker_up else logging.DEBUG,
                "dropped a live event for %s; watchers read it from the store when redis is back", channels)

    async def stream_events(self) -> AsyncGenerator[tuple[str, Any], None]:
        pause = _FIRST_PAUSE
        failures = 0  # in a row: the first is worth a warning, the rest of the outage is not
        while True:
            try:
                pubsub = await self._open()
            except Exception as exc:
                # Whatever went wrong (anything but a Redis or network error is a bug), live
                # events on this node must not stop for good: try again.
                expected = isinstance(exc, RedisError | OSError)
                log.log(logging.DEBUG if expected and failures else logging.WARNING,
                        "redis unavailable for live events (%s: %s); retrying in %.1fs", type(exc).__name__, exc,
                        pause, exc_info=not expected)
                failures += 1
                await asyncio.sleep(pause)
                pause = min(2 * pause, _LONGEST_PAUSE)
                continue
            if failures:
                log.info("redis is back: resubscribed %d channels; their watchers re-read the store",
                         len(self._wanted))
            pause, failures = _FIRST_PAUSE, 0
            try:
                for channel in sorted(self._wanted):
                    yield channel, RESYNC
                while self._pubsub is pubsub:
                    try:
                        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=_READ_TIMEOUT)
                    except (RedisError, OSError) as exc:
                        log.warning("redis subscription lost: %s; reconnecting", exc)
                        break
                    if message is not None and message["type"] == "message":
                        channel = message["channel"].decode()
                        if channel in self._wanted:
                            yield channel, message["data"]
            finally:
                if self._pubsub is pubsub:
                    self._pubsub = None
                await _close(pubsub)

    async def get_history(self, channel: str, limit: int | None = None) -> list[bytes]:
        raise NotImplementedError("pub/sub keeps no history: watchers read it from the store")

    async def _open(self) -> PubSub:
        """A new subscription connection, subscribed to every wanted channel. It becomes the
        one `subscribe` and `unsubscribe` talk to only once nothing wanted is missing from it."""
        pubsub = self._redis.pubsub()
        sent: set[str] = set()
        try:
            await pubsub.connect()
            while missing := self._wanted - sent:
                await pubsub.subscribe(*missing)
                sent |= missing
        except BaseException:
            await _close(pubsub)
            raise
        self._pubsub = pubsub
        if stale := sent - self._wanted:  # given up while this connection was being opened
            await self._send(pubsub, pubsub.unsubscribe, stale)
        return pubsub

    async def _send(self, pubsub: PubSub, command: Callable[..., Awaitable[Any]], channels: set[str]) -> None:
        try:
            await command(*channels)
        except (RedisError, OSError) as exc:
            # Retire the connection: the read loop opens a new one, subscribed to every wanted
            # channel, and resyncs their watchers. Never let redis-py quietly reconnect this
            # one, which would skip the resync.
            log.warning("redis subscription command failed: %s; reconnecting", exc)
            if self._pubsub is pubsub:
                self._pubsub = None


async def _close(pubsub: PubSub) -> None:
    try:
        await pubsub.aclose()
    except (RedisError, OSError) as exc:
        log.debug("closing a redis subscription connection: %s", exc)


def channels_backend(redis_url: str | None) -> ChannelsBackend:
    if redis_url:
        return ResilientRedisBackend(Redis.from_url(redis_url, socket_connect_timeout=_CONNECT_TIMEOUT,
                                                    socket_timeout=_COMMAND_TIMEOUT))
    return MemoryChannelsBackend()
