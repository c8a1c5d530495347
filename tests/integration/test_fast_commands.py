"""Commands served below Litestar's routing (issue #19, server/fast_commands.py) answer as Litestar
does: two apps on one store, one with the fast path and one without (CHRONICLE_FAST_COMMANDS=off),
are sent the same requests and must give the same status, problem, and headers; a command that
raises is answered by Litestar's handlers without being run a second time."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
import pytest
from litestar.testing import AsyncTestClient
from prometheus_client import REGISTRY

from server import fast_commands
from server.app import create_app
from server.app_state import app_state
from server.fast_commands import ROUTE
from server.settings import Settings
from server.store.memory import MemoryStore

# Headers that differ between any two answers (time, size of a body that names a version), and
# those whose values count requests (each app has rate limit buckets of its own): present, not equal.
_VOLATILE = {"date", "content-length"}
_COUNTING = {"ratelimit-remaining", "ratelimit-reset"}


@pytest.fixture
async def apps() -> AsyncIterator[tuple[AsyncTestClient[Any], AsyncTestClient[Any]]]:
    store = MemoryStore()
    fast = create_app(Settings(), store=store)
    slow = create_app(Settings(fast_commands=False), store=store)
    async with AsyncTestClient(fast) as fast_http, AsyncTestClient(slow) as slow_http:
        yield fast_http, slow_http


async def player(http: AsyncTestClient[Any], name: str, **token: Any) -> dict[str, str]:
    created = (await http.post("/v1/players", json={"name": name})).json()
    headers = {"Authorization": f"Bearer {created['token']}"}
    if token:
        narrower = await http.post("/v1/tokens", headers=headers, json=token)
        assert narrower.status_code == 201, narrower.text
        headers = {"Authorization": f"Bearer {narrower.json()['token']}"}
    return headers


async def started_battle(http: AsyncTestClient[Any]) -> tuple[str, dict[str, str], dict[str, str]]:
    ann, bob = await player(http, "ann"), await player(http, "bob")
    battle = (await http.post("/v1/battles", headers=ann, json={"ruleset": "d100", "seats": ["a", "b"]})).json()
    for seat, headers in (("a", ann), ("b", bob)):
        assert (await http.post(f"/v1/battles/{battle['id']}/seats/{seat}", headers=headers, json={})).is_success
    started = await http.post(f"/v1/battles/{battle['id']}/commands", headers=ann, json={"type": "start"})
    assert started.status_code == 201, started.text
    return battle["id"], ann, bob


def answer(response: httpx.Response) -> tuple[int, dict[str, str], Any]:
    headers = {name: "*" if name in _COUNTING else value for name, value in response.headers.items()
               if name not in _VOLATILE}
    return response.status_code, headers, response.json() if response.content else None


async def both(apps: tuple[AsyncTestClient[Any], AsyncTestClient[Any]], path: str,
               headers: dict[str, str], body: bytes) -> tuple[Any, Any]:
    """The same request to the app with the fast path and to the one without."""
    fast, slow = apps
    sent = {"Content-Type": "application/json", "X-Request-ID": "same-id", **headers}
    return (answer(await fast.post(path, headers=sent, content=body)),
            answer(await slow.post(path, headers=sent, content=body)))


class Calls:
    """An async function that counts its calls."""

    def __init__(self, function: Callable[..., Awaitable[Any]]) -> None:
        self.function = function
        self.count = 0

    async def __call__(self, *args: Any) -> Any:
        self.count += 1
        return await self.function(*args)


def roll(expression: str = "2d6", **extra: Any) -> bytes:
    return json.dumps({"type": "roll", "expression": expression, **extra}).encode()


REFUSALS = {
    "no token": ({}, roll()),
    "unknown token": ({"Authorization": "Bearer not-a-token"}, roll()),
    "malformed JSON": (None, b'{"type": "roll", '),
    "unknown command": (None, b'{"type": "fly"}'),
    "a field of the wrong type": (None, b'{"type": "roll", "expression": 7}'),
    "an unknown field": (None, b'{"type": "roll", "expression": "1d6", "colour": "red"}'),
    "a body too deep": (None, b'{"type": "roll", "expression": "1d6", "x": ' + b"[" * 40 + b"]" * 40 + b"}"),
    "text holding U+0000": (None, b'{"type": "roll", "expression": "1d6\\u0000"}'),
    "a dice expression the rules refuse": (None, roll("99999d6")),
    "a stale expected version": (None, roll(expected_version=1)),
    "an empty Idempotency-Key": ({"Idempotency-Key": ""}, roll()),
    "an Idempotency-Key too long": ({"Idempotency-Key": "k" * 201}, roll()),
}


@pytest.mark.parametrize("case", list(REFUSALS))
async def test_a_refusal_is_the_same_with_and_without_the_fast_path(
        apps: tuple[AsyncTestClient[Any], AsyncTestClient[Any]], case: str) -> None:
    battle_id, ann, _ = await started_battle(apps[0])
    extra, body = REFUSALS[case]
    headers = ann if extra is None else {**ann, **extra} if "Idempotency-Key" in extra else extra
    fast, slow = await both(apps, f"/v1/battles/{battle_id}/commands", headers, body)
    assert fast == slow
    assert 400 <= fast[0] < 500 and fast[1]["x-request-id"] == "same-id"


async def test_a_player_not_seated_and_a_token_without_play_are_refused_alike(
        apps: tuple[AsyncTestClient[Any], AsyncTestClient[Any]]) -> None:
    battle_id, _, _ = await started_battle(apps[0])
    stranger = await player(apps[0], "cid")
    reader = await player(apps[0], "dee", scopes=["read"])
    for headers in (stranger, reader):
        fast, slow = await both(apps, f"/v1/battles/{battle_id}/commands", headers, roll())
        assert fast == slow and fast[0] == 403


async def test_an_unknown_battle_is_404_alike(apps: tuple[AsyncTestClient[Any], AsyncTestClient[Any]]) -> None:
    _, ann, _ = await started_battle(apps[0])
    fast, slow = await both(apps, "/v1/battles/00000000-0000-4000-8000-000000000000/commands", ann, roll())
    assert fast == slow and fast[0] == 404


async def test_a_recorded_command_is_answered_alike(apps: tuple[AsyncTestClient[Any], AsyncTestClient[Any]]) -> None:
    battle_id, ann, _ = await started_battle(apps[0])
    (fast_status, fast_headers, fast_body), (slow_status, slow_headers, slow_body) = await both(
        apps, f"/v1/battles/{battle_id}/commands", ann, roll())
    assert fast_status == slow_status == 201
    assert fast_headers == slow_headers
    assert fast_body.keys() == slow_body.keys() and slow_body["version"] == fast_body["version"] + 1


async def test_a_retry_under_one_idempotency_key_gets_the_first_answer_from_either(
        apps: tuple[AsyncTestClient[Any], AsyncTestClient[Any]]) -> None:
    battle_id, ann, _ = await started_battle(apps[0])
    keyed = {**ann, "Idempotency-Key": "roll-once"}
    first, again = await both(apps, f"/v1/battles/{battle_id}/commands", keyed, roll())
    assert first == again, "the second app replays the response the fast path stored"
    reused, reused_slow = await both(apps, f"/v1/battles/{battle_id}/commands", keyed, roll("1d4"))
    assert reused == reused_slow and reused[2]["rule"] == "idempotency-key-reused"


async def test_requests_the_fast_path_leaves_to_litestar_are_answered_by_it(
        apps: tuple[AsyncTestClient[Any], AsyncTestClient[Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    fast, _ = apps
    battle_id, ann, _ = await started_battle(fast)
    taken = Calls(fast_commands._command)
    monkeypatch.setattr(fast_commands, "_command", taken)
    # A cross-origin request (CORS is Litestar's), an upper-case id, a trailing slash: not taken.
    for path, headers in ((f"/v1/battles/{battle_id}/commands", {**ann, "Origin": "https://table.example"}),
                          (f"/v1/battles/{battle_id.upper()}/commands", ann),
                          (f"/v1/battles/{battle_id}/commands/", ann)):
        response = await fast.post(path, headers=headers, content=roll())
        assert response.status_code == 201, (path, response.text)
    assert taken.count == 0
    # Taken, then handed to Litestar: its players are looked up there.
    appointed = await fast.post(f"/v1/battles/{battle_id}/commands", headers=ann,
                                json={"type": "appoint_referee", "player_id": "nobody-at-all"})
    assert appointed.status_code == 422 and appointed.json()["rule"] == "player-unknown"
    assert (await fast.post(f"/v1/battles/{battle_id}/commands", headers=ann, content=roll())).status_code == 201
    assert taken.count == 2


async def test_a_command_that_raises_is_answered_by_litestar_and_not_run_again(
        apps: tuple[AsyncTestClient[Any], AsyncTestClient[Any]]) -> None:
    fast = apps[0]
    battle_id, ann, _ = await started_battle(fast)
    served = app_state(fast.app).service
    calls = Calls(served.command)
    served.command = calls  # type: ignore[method-assign]
    refused, slow_refused = await both(apps, f"/v1/battles/{battle_id}/commands", ann, roll("99999d6"))
    assert calls.count == 1, "decided once, by the fast path; Litestar's route raised what it raised"
    assert refused == slow_refused and refused[0] == 422


async def test_the_fast_path_is_measured_under_the_routes_own_name(
        apps: tuple[AsyncTestClient[Any], AsyncTestClient[Any]]) -> None:
    await started_battle(apps[1])  # every request by Litestar: its route name
    named = {sample.labels["route"] for metric in REGISTRY.collect() if metric.name == "chronicle_http_request_seconds"
             for sample in metric.samples if sample.labels.get("method") == "POST"}
    assert ROUTE in named
