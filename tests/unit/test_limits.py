"""The limits' parts on their own: the bucket algorithm, which requests are limited, whose
address a request has, the settings, and the bounded runner for expensive reads."""

from __future__ import annotations

import asyncio

import pytest

from server.limits.buckets import MemoryBuckets
from server.limits.gcra import MICROS, gcra, interval_micros
from server.limits.identity import TrustedProxies, client_address
from server.limits.offload import BoundedRunner, Busy
from server.limits.policy import Policy, RequestClass, classify, token_key
from server.settings import Rate, Settings


def test_a_bucket_allows_its_burst_at_once_then_one_per_interval() -> None:
    interval, tat, now = interval_micros(2), None, 0
    allowed = []
    for _ in range(5):
        verdict, tat = gcra(tat, now, interval, burst=3)
        allowed.append((verdict.allowed, verdict.remaining))
    assert allowed == [(True, 2), (True, 1), (True, 0), (False, 0), (False, 0)]
    refused, _ = gcra(tat, now, interval, burst=3)
    assert refused.retry_after == 0.5
    verdict, tat = gcra(tat, now + MICROS // 2, interval, burst=3)
    assert verdict.allowed and verdict.remaining == 0
    verdict, _ = gcra(tat, now + 10 * MICROS, interval, burst=3)
    assert verdict.allowed and verdict.remaining == 2, "an idle bucket fills up to its burst, no more"


async def test_memory_buckets_take_from_every_bucket_or_from_none() -> None:
    clock = [0.0]
    buckets = MemoryBuckets(clock=lambda: clock[0])
    tight, loose = Rate(burst=1, per_second=1), Rate(burst=10, per_second=1)
    assert [v.allowed for v in await buckets.take([("t", tight), ("l", loose)])] == [True, True]
    assert [v.allowed for v in await buckets.take([("t", tight), ("l", loose)])] == [False, True]
    assert (await buckets.take([("l", loose)]))[0].remaining == 8, "the refused request took nothing"


async def test_memory_buckets_keep_at_most_max_keys() -> None:
    buckets = MemoryBuckets(max_keys=10, clock=lambda: 0.0)
    for n in range(100):
        await buckets.take([(f"k{n}", Rate(burst=5, per_second=1))])
    assert (await buckets.take([("k99", Rate(burst=5, per_second=1))]))[0].remaining == 3


@pytest.mark.parametrize(("method", "path", "query", "expected"), [
    ("POST", "/v1/players", b"", RequestClass.PLAYER_CREATION),
    ("POST", "/v1/battles/{battle_id:uuid}/commands", b"", RequestClass.WRITE),
    ("POST", "/v1/tournaments", b"", RequestClass.WRITE),
    ("GET", "/v1/battles/{battle_id}/state", b"at=5", RequestClass.EXPENSIVE_READ),
    ("GET", "/v1/battles/{battle_id}/state", b"", None),
    ("GET", "/v1/battles/{battle_id}/state", b"flat=1", None),
    ("GET", "/v1/battles/{battle_id}/verify", b"", RequestClass.EXPENSIVE_READ),
    ("GET", "/v1/battles/{battle_id}/events", b"after=3", RequestClass.EXPENSIVE_READ),
    ("GET", "/v1/tournaments/{tournament_id}/verify", b"", RequestClass.EXPENSIVE_READ),
    ("GET", "/v1/ratings", b"", RequestClass.EXPENSIVE_READ),
    ("GET", "/v1/battles/{battle_id}", b"", None),
    ("GET", "/health/live", b"", None),
])
def test_requests_are_classed_by_method_and_route(method: str, path: str, query: bytes,
                                                  expected: RequestClass | None) -> None:
    assert classify(method, path, query) is expected


def test_a_write_is_held_to_its_token_and_its_address_and_keys_never_hold_the_token() -> None:
    policy = Policy(Settings(rate_limit_prefix="p:"))
    token = token_key("Bearer secret-token")
    assert token is not None and "secret" not in token
    checks = policy.checks(RequestClass.WRITE, "10.0.0.1", token)
    assert [(limit.name, key) for limit, key in checks] == [
        ("writes-per-token", f"p:rate:writes-per-token:{token}"),
        ("writes-per-address", "p:rate:writes-per-address:10.0.0.1")]
    assert [limit.name for limit, _ in policy.checks(RequestClass.WRITE, "10.0.0.1", None)] == ["writes-per-address"]
    assert token_key("Basic abc") is None


def scope(peer: str, forwarded: str | None = None) -> dict[str, object]:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
    return {"type": "http", "client": (peer, 5000), "headers": headers}


def test_x_forwarded_for_is_believed_only_from_trusted_proxies() -> None:
    proxies = TrustedProxies(["10.0.0.0/24"])
    assert client_address(scope("203.0.113.9", "1.2.3.4"), proxies) == "203.0.113.9"
    assert client_address(scope("10.0.0.5", "1.2.3.4"), proxies) == "1.2.3.4"
    # A client's own X-Forwarded-For is kept by the proxy, left of the address it heard from.
    assert client_address(scope("10.0.0.5", "6.6.6.6, 198.51.100.7, 10.0.0.4"), proxies) == "198.51.100.7"
    assert client_address(scope("10.0.0.5"), proxies) == "10.0.0.5"
    assert client_address(scope("127.0.0.1", "1.2.3.4"), TrustedProxies([])) == "127.0.0.1"


def test_settings_read_the_limits_from_the_environment() -> None:
    settings = Settings.from_env({"CHRONICLE_RATE_PLAYERS": "20,0.5", "CHRONICLE_RATE_EXPENSIVE_READS": "off",
                                  "TRUSTED_PROXIES": "10.0.0.2, 172.16.0.0/12", "CHRONICLE_BATTLE_QUOTA": "7",
                                  "CHRONICLE_HEADER_TIMEOUT": "2.5", "CHRONICLE_WEBSOCKETS_PER_ADDRESS": "3"})
    assert settings.players_per_address == Rate(burst=20, per_second=0.5)
    assert settings.expensive_reads_per_address is None
    assert settings.writes_per_token == Settings().writes_per_token
    assert settings.trusted_proxies == ("10.0.0.2", "172.16.0.0/12")
    assert (settings.battle_quota, settings.header_timeout, settings.websockets_per_address) == (7, 2.5, 3)
    assert Settings.from_env({"CHRONICLE_RATE_LIMITS": "off"}).rate_limits is False
    with pytest.raises(ValueError):
        Settings.from_env({"CHRONICLE_RATE_WRITES_PER_TOKEN": "0,5"})


async def test_the_bounded_runner_refuses_rather_than_queue_too_long() -> None:
    runner = BoundedRunner(concurrency=1, max_wait=0.01)
    release = asyncio.Event()

    async def hold() -> None:
        async with runner.slot():
            await release.wait()

    holder = asyncio.create_task(hold())
    await asyncio.sleep(0)
    with pytest.raises(Busy) as busy:
        await runner.run(sum, [1, 2])
    assert busy.value.retry_after >= 1
    release.set()
    await holder
    assert await runner.run(sum, [1, 2]) == 3
