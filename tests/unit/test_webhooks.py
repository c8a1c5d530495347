"""Webhooks' pure parts: the signature a receiver recomputes, which URLs a hook may post to,
the retry backoff; and the memory notification store a memory-backed server uses."""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from server.notify.store import DELIVERED, FAILED, PENDING, MemoryNotifications, NewNotification, Webhook
from server.notify.webhooks import MAX_BACKOFF, Deliverer, Resolver, backoff, sign, url_problem
from server.settings import Settings


def test_the_signature_is_an_hmac_sha256_of_the_timestamp_and_the_body() -> None:
    body = b'{"delivery_id":1}'
    header = sign("s3cret", 1_700_000_000, body)
    expected = hmac.new(b"s3cret", b"1700000000." + body, hashlib.sha256).hexdigest()
    assert header == f"t=1700000000,v1={expected}"
    assert sign("other", 1_700_000_000, body) != header
    assert sign("s3cret", 1_700_000_001, body) != header


@pytest.mark.parametrize(("url", "allowed"), [
    ("https://hooks.example.com/chronicle", True),
    ("http://93.184.216.34/hook", True),
    ("http://127.0.0.1:8080/hook", False),
    ("http://localhost/hook", False),
    ("http://10.0.0.5/hook", False),
    ("http://192.168.1.1/hook", False),
    ("http://169.254.169.254/latest/meta-data", False),
    ("http://[::1]/hook", False),
    ("ftp://example.com/hook", False),
    ("not a url", False),
])
def test_without_a_host_list_hooks_may_not_reach_this_servers_own_network(url: str, allowed: bool) -> None:
    assert (url_problem(url, ()) is None) is allowed


def test_with_a_host_list_only_those_hosts() -> None:
    assert url_problem("http://127.0.0.1:9000/hook", ("127.0.0.1",)) is None
    assert url_problem("https://hooks.example.com/", ("127.0.0.1",)) == "webhooks may post only to 127.0.0.1"


def test_the_host_list_is_read_from_the_environment() -> None:
    settings = Settings.from_env({"CHRONICLE_WEBHOOK_HOSTS": "127.0.0.1, Hooks.Example.com",
                                  "CHRONICLE_WEBHOOK_RETRY_BASE": "0.5"})
    assert settings.webhook_hosts == ("127.0.0.1", "hooks.example.com")
    assert settings.webhook_retry_base == 0.5


def test_retries_wait_twice_as_long_each_time_up_to_an_hour() -> None:
    assert [backoff(n, 10) for n in (1, 2, 3, 4)] == [10, 20, 40, 80]
    assert backoff(30, 10) == MAX_BACKOFF


async def test_the_memory_store_queues_numbers_leases_and_disables_as_postgres_does() -> None:
    notes = MemoryNotifications()
    created = datetime(2026, 12, 1, tzinfo=UTC)
    hook = Webhook(hook_id="h", owner="bob", url="http://127.0.0.1/", events=["battle_ended"], enabled=True,
                   failures=0, created_at=created)
    await notes.add_hook(hook, "secret")
    batch = [NewNotification(player_id="bob", type=kind, source=f"battle-1/{n}", recorded_at="t", data={})
             for n, kind in enumerate(("battle_started", "battle_ended", "battle_ended"))]
    recorded = await notes.commit("n", 0, 3, batch)
    assert recorded is not None and [n.seq for n in recorded] == [1, 2, 3]
    assert await notes.commit("n", 0, 3, batch) is None  # behind the checkpoint
    assert await notes.commit("n", 3, 4, batch) == []  # the same sources again: nothing new

    due = await notes.claim_due(created, timedelta(seconds=30), 10)
    assert [d.notification.seq for d in due] == [2, 3]  # only the types the hook wants
    assert await notes.claim_due(created + timedelta(seconds=29), timedelta(seconds=30), 10) == []
    first, second = (d.delivery.delivery_id for d in due)
    await notes.record_attempt(first, delivered=True, status=200, error=None, now=created, retry_at=None,
                               disable_after=2)
    await notes.record_attempt(second, delivered=False, status=500, error="answered 500", now=created,
                               retry_at=created + timedelta(seconds=1), disable_after=2)
    states = {d.delivery_id: (d.status, d.attempts) for d in await notes.deliveries("h", 10)}
    assert states == {first: (DELIVERED, 1), second: (PENDING, 1)}
    await notes.record_attempt(second, delivered=False, status=None, error="refused", now=created, retry_at=None,
                               disable_after=2)
    disabled = await notes.hook("h")
    assert disabled is not None and (disabled.enabled, disabled.failures) == (False, 2)
    assert {d.status for d in await notes.deliveries("h", 10)} == {DELIVERED, FAILED}
    await notes.enable_hook("h")
    enabled = await notes.hook("h")
    assert enabled is not None and (enabled.enabled, enabled.failures, enabled.disabled_reason) == (True, 0, None)


def _receiver(seen: list[httpx.Request]) -> httpx.AsyncClient:
    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(204)
    return httpx.AsyncClient(transport=httpx.MockTransport(answer))


def _resolving(table: dict[str, list[str]]) -> Resolver:
    async def resolver(host: str, port: int) -> list[str]:
        if host not in table:
            raise OSError("no such name")
        return table[host]
    return resolver


async def _deliver_once(url: str, resolver: Resolver, seen: list[httpx.Request]) -> str | None:
    notes = MemoryNotifications()
    created = datetime.now(UTC)
    await notes.add_hook(Webhook(hook_id="h", owner="bob", url=url, events=["battle_ended"], enabled=True,
                                 failures=0, created_at=created), "secret")
    await notes.commit("n", 0, 1, [NewNotification(player_id="bob", type="battle_ended", source="battle-1/1",
                                                   recorded_at="t", data={})])
    deliverer = Deliverer(notes, Settings.from_env({}), client=_receiver(seen), resolver=resolver)
    assert await deliverer.deliver_due() == 1
    [delivery] = await notes.deliveries("h", 10)
    return delivery.last_error


async def test_a_name_resolving_into_this_servers_network_is_refused_and_nothing_is_sent() -> None:
    seen: list[httpx.Request] = []
    resolver = _resolving({"rebound.example.com": ["93.184.216.34", "10.0.0.5"]})
    error = await _deliver_once("https://rebound.example.com/hook", resolver, seen)
    assert error == ("rebound.example.com resolves to 10.0.0.5: webhooks may not post to loopback, private or "
                     "link-local addresses")
    assert seen == []


async def test_the_request_goes_to_the_address_checked_with_the_hosts_name_kept() -> None:
    seen: list[httpx.Request] = []
    resolver = _resolving({"hooks.example.com": ["93.184.216.34"]})
    assert await _deliver_once("https://hooks.example.com:8443/chronicle?x=1", resolver, seen) is None
    [request] = seen
    assert str(request.url) == "https://93.184.216.34:8443/chronicle?x=1"
    assert request.headers["Host"] == "hooks.example.com:8443"
    assert request.extensions["sni_hostname"] == "hooks.example.com"


async def test_a_name_that_does_not_resolve_is_an_attempt_failed_and_retried() -> None:
    seen: list[httpx.Request] = []
    error = await _deliver_once("https://gone.example.com/hook", _resolving({}), seen)
    assert error is not None and error.startswith("gone.example.com does not resolve")
    assert seen == []
