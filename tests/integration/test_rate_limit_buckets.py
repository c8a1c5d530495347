"""The rate limiter's Redis buckets: the same verdicts as the in-process ones, all or
nothing across a request's limits, and requests let through (with a warning) while Redis
cannot be reached."""

from __future__ import annotations

import logging
import uuid

import pytest

from bench.harness import free_port
from server.limits.buckets import MemoryBuckets, RedisBuckets
from server.settings import Rate

pytestmark = pytest.mark.redis
TIGHT, LOOSE = Rate(burst=3, per_second=0.01), Rate(burst=10, per_second=0.01)


async def test_redis_and_memory_buckets_agree_and_take_all_or_nothing(redis_url: str) -> None:
    prefix = f"test-{uuid.uuid4()}:"
    redis, memory = RedisBuckets.from_url(redis_url), MemoryBuckets()
    try:
        for buckets in (redis, memory):
            verdicts = [await buckets.take([(f"{prefix}tight", TIGHT), (f"{prefix}loose", LOOSE)]) for _ in range(5)]
            assert [[(v.allowed, v.remaining) for v in both] for both in verdicts if both] == [
                [(True, 2), (True, 9)], [(True, 1), (True, 8)], [(True, 0), (True, 7)],
                [(False, 0), (True, 6)], [(False, 0), (True, 6)]]
            refused = verdicts[-1]
            assert refused is not None and 99 < refused[0].retry_after <= 100
            after = await buckets.take([(f"{prefix}loose", LOOSE)])
            assert after is not None and after[0].remaining == 6, "the refused requests took nothing"
    finally:
        await redis.close()


async def test_requests_go_through_while_redis_cannot_be_reached(caplog: pytest.LogCaptureFixture) -> None:
    buckets = RedisBuckets.from_url(f"redis://127.0.0.1:{free_port()}/0")
    try:
        with caplog.at_level(logging.WARNING, logger="chronicle.limits"):
            assert await buckets.take([("k", TIGHT)]) is None
            assert await buckets.take([("k", TIGHT)]) is None
        warnings = [r for r in caplog.records if r.name == "chronicle.limits"]
        assert len(warnings) == 1 and "not enforced" in warnings[0].getMessage()
    finally:
        await buckets.close()
