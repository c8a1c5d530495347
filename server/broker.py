"""Live fan-out of committed events through Litestar channels: memory on one node, Redis
when REDIS_URL is set. Redis may restart under us: publishing retries briefly and then
gives up (watchers fill any gap from Postgres), and the subscriber loop reconnects and
tells every local watcher to re-read the store, so nothing published during the outage
stays missing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, Iterable
from typing import Any

from litestar.channels.backends.base import ChannelsBackend
from litestar.channels.backends.memory import MemoryChannelsBackend
from litestar.channels.backends.redis import RedisChannelsPubSubBackend
from redis.asyncio import Redis
from redis.exceptions import RedisError

log = logging.getLogger("chronicle.broker")

# Sent to local watchers after the broker reconnects: "re-read the store after your last version".
RESYNC = b'{"type":"resync"}'
_PUBLISH_ATTEMPTS = 4
_RECONNECT_PAUSE = 0.2


class ResilientRedisBackend(RedisChannelsPubSubBackend):
    async def publish(self, data: bytes, channels: Iterable[str]) -> None:
        channels = list(channels)
        for attempt in range(_PUBLISH_ATTEMPTS):
            try:
                await super().publish(data, channels)
                return
            except (RedisError, OSError) as exc:
                log.warning("publish to redis failed (attempt %d): %s", attempt + 1, exc)
                await asyncio.sleep(0.1 * 2**attempt)
        log.error("dropped a live event for %s; watchers will read it from the store", channels)

    async def stream_events(self) -> AsyncGenerator[tuple[str, Any], None]:
        while True:
            try:
                async for item in super().stream_events():
                    yield item
            except (RedisError, OSError) as exc:
                log.warning("redis subscription lost: %s; reconnecting", exc)
                await asyncio.sleep(_RECONNECT_PAUSE)
                if await self._resubscribed():
                    for channel in self._subscribed_channels():
                        yield channel, RESYNC

    def _subscribed_channels(self) -> list[str]:
        return [name.decode() if isinstance(name, bytes) else str(name) for name in self._pub_sub.channels]

    async def _resubscribed(self) -> bool:
        channels = self._subscribed_channels()
        if not channels:
            return False
        try:
            await self._pub_sub.subscribe(*channels)
        except (RedisError, OSError):
            return False
        return True


def channels_backend(redis_url: str | None) -> ChannelsBackend:
    if redis_url:
        return ResilientRedisBackend(redis=Redis.from_url(redis_url))
    return MemoryChannelsBackend()
