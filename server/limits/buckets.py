"""Where the rate limiter keeps its buckets: in this process (one node), or in Redis (one
atomic script, so every node shares the same counters). A request held to several limits
takes from all of its buckets or from none."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from redis.asyncio import Redis
from redis.exceptions import RedisError

from server.limits.gcra import MICROS, Verdict, gcra, interval_micros
from server.settings import Rate

log = logging.getLogger("chronicle.limits")

Check = tuple[str, Rate]  # a bucket's key and its rate


class Buckets(Protocol):
    async def take(self, checks: Sequence[Check]) -> list[Verdict] | None:
        """One verdict per check; a request is allowed when all are, and then takes from
        every bucket. None when the verdicts cannot be known (the request goes through)."""
        ...

    async def close(self) -> None: ...


class MemoryBuckets:
    """Buckets of one node. At most `max_keys` buckets are kept: past that, full ones are
    dropped (they hold nothing a fresh bucket would not), then the least recently used, down
    to nine tenths of `max_keys` so that a flood of new keys does not sweep at every request."""

    def __init__(self, max_keys: int = 100_000, clock: Callable[[], float] = time.monotonic) -> None:
        self._tats: dict[str, int] = {}
        self._max_keys = max_keys
        self._clock = clock

    async def take(self, checks: Sequence[Check]) -> list[Verdict]:
        now = round(self._clock() * MICROS)
        decided = [gcra(self._tats.get(key), now, interval_micros(rate.per_second), rate.burst)
                   for key, rate in checks]
        if all(verdict.allowed for verdict, _ in decided):
            for (key, _), (_, tat) in zip(checks, decided, strict=True):
                self._tats.pop(key, None)  # re-inserted last: the dict's order is the order of use
                self._tats[key] = tat
            if len(self._tats) > self._max_keys:
                self._evict(now)
        return [verdict for verdict, _ in decided]

    def _evict(self, now: int) -> None:
        keep = max(1, self._max_keys * 9 // 10)
        self._tats = dict([(key, tat) for key, tat in self._tats.items() if tat > now][-keep:])

    async def close(self) -> None:
        return None


# The same algorithm as gcra.py, over every key at once, on Redis's clock (one clock for
# every node). KEYS: the buckets; ARGV: interval (µs) and burst of each, in order.
# Returns, per key: allowed (0/1), remaining, reset after (µs), retry after (µs).
_TAKE = """
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) * 1000000 + tonumber(now_parts[2])
local verdicts, tats, allowed = {}, {}, true
for i, key in ipairs(KEYS) do
  local interval = tonumber(ARGV[2 * i - 1])
  local burst = tonumber(ARGV[2 * i])
  local tat = tonumber(redis.call('GET', key) or now)
  if tat < now then tat = now end
  local new_tat = tat + interval
  local allow_at = new_tat - burst * interval
  if now < allow_at then
    allowed = false
    verdicts[i] = {0, 0, tat - now, allow_at - now}
  else
    verdicts[i] = {1, math.floor((now - allow_at) / interval), new_tat - now, 0}
  end
  tats[i] = new_tat
end
if allowed then
  for i, key in ipairs(KEYS) do
    redis.call('SET', key, string.format('%d', tats[i]), 'PX', math.ceil((tats[i] - now) / 1000))
  end
end
return verdicts
"""


class RedisBuckets:
    """Buckets every node shares. While Redis cannot be reached the limiter lets requests
    through (availability over strictness), logs a warning, and tries Redis again after
    `pause` seconds rather than making every request wait for a connection timeout."""

    def __init__(self, redis: Redis, pause: float = 1.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._redis = redis
        self._script = redis.register_script(_TAKE)
        self._pause = pause
        self._clock = clock
        self._down_until = 0.0

    @classmethod
    def from_url(cls, url: str) -> RedisBuckets:
        return cls(Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5))

    async def take(self, checks: Sequence[Check]) -> list[Verdict] | None:
        if self._clock() < self._down_until:
            return None
        args: list[Any] = []
        for _, rate in checks:
            args += [interval_micros(rate.per_second), rate.burst]
        try:
            rows = await self._script(keys=[key for key, _ in checks], args=args)
        except (RedisError, OSError) as exc:
            self._down_until = self._clock() + self._pause
            log.warning("rate limits not enforced for %.1f s: redis does not answer (%s)", self._pause, exc)
            return None
        return [Verdict(bool(allowed), int(remaining), reset / MICROS, retry / MICROS)
                for allowed, remaining, reset, retry in rows]

    async def close(self) -> None:
        await self._redis.aclose()
