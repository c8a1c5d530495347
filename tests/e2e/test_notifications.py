"""Being told when something happens, over HTTP and websockets: the player stream
(`GET /v1/players/me/stream`, resumable) and webhooks on a loopback receiver that gets every
signed delivery once although one attempt failed in between."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
import websockets

from bench.harness import LiveServer
from server.settings import Rate, Settings
from tests.databases import database_of_its_own
from tests.e2e.helpers import auth, command, new_player


@pytest.fixture(scope="module")
def own_database(database_url: str) -> Iterator[str]:
    """A database of its own: the session's other server (its own settings: no loopback hooks,
    its own live channels) would otherwise share the notifier's and the deliverer's work, as
    the nodes of one install do."""
    with database_of_its_own(database_url, "chronicle_notify") as dsn:
        yield dsn


@pytest.fixture(scope="module")
def notifying_server(own_database: str) -> Iterator[LiveServer]:
    """A server whose webhooks may post to loopback only, retrying after a fifth of a second."""
    settings = Settings(database_url=own_database, writes_per_token=Rate(burst=1000, per_second=1000),
                        webhook_hosts=("127.0.0.1",), webhook_retry_base=0.2, webhook_disable_after=3,
                        webhook_max_attempts=5)
    with LiveServer(settings) as server:
        yield server


@pytest.fixture
async def http(notifying_server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=notifying_server.url, timeout=20) as client:
        yield client


async def play_a_short_battle(http: httpx.AsyncClient, alice: dict[str, str], bob: dict[str, str]) -> str:
    """Alice creates a Pilgrimage 1 battle, both sit, Alice starts and rolls, Bob concedes."""
    created = await http.post("/v1/battles", headers=auth(alice), json={
        "ruleset": "pilgrimage", "ruleset_version": "1", "seats": ["north", "south"]})
    assert created.status_code == 201, created.text
    battle_id: str = created.json()["id"]
    for player, seat in ((alice, "north"), (bob, "south")):
        claimed = await http.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
        assert claimed.status_code == 201, claimed.text
    for player, body in ((alice, {"type": "start"}), (alice, {"type": "roll", "expression": "1d12"}),
                         (bob, {"type": "concede"})):
        sent = await command(http, player, battle_id, body)
        assert sent.status_code == 201, sent.text
    return battle_id


async def receive(ws: Any, count: int) -> list[dict[str, Any]]:
    return [json.loads(await asyncio.wait_for(ws.recv(), 10)) for _ in range(count)]


async def test_the_player_stream_tells_a_player_what_happened_and_resumes(
        http: httpx.AsyncClient, notifying_server: LiveServer) -> None:
    alice, bob = await new_player(http, "alice"), await new_player(http, "bob")
    url = f"{notifying_server.ws_url}/v1/players/me/stream"
    async with websockets.connect(url, additional_headers=auth(bob)) as ws:
        assert await receive(ws, 1) == [{"type": "caught_up", "seq": 0}]
        battle_id = await play_a_short_battle(http, alice, bob)
        live = await receive(ws, 4)
    assert [(n["seq"], n["type"]) for n in live] == [(1, "seat_claimed"), (2, "battle_started"), (3, "your_turn"),
                                                     (4, "battle_ended")]
    assert all(n["player_id"] == bob["id"] and n["data"]["battle_id"] == battle_id for n in live)
    assert live[2]["data"]["seat"] == "south"  # Alice rolled: the turn passed to Bob
    assert live[3]["data"] == {"battle_id": battle_id, "winners": ["north"], "reason": "concession"}

    # Alice connects late (a browser: the token as a query parameter) and resumes after her second.
    async with websockets.connect(f"{url}?token={alice['token']}") as ws:
        everything = await receive(ws, 6)
    # Alice's turn came at the start (north acts first); after her roll it was Bob's.
    assert [n["type"] for n in everything] == ["battle_created", "seat_claimed", "battle_started", "your_turn",
                                               "battle_ended", "caught_up"]
    assert [n["seq"] for n in everything] == [1, 2, 3, 4, 5, 5]
    async with websockets.connect(f"{url}?after=2", additional_headers=auth(alice)) as ws:
        resumed = await receive(ws, 4)
    assert [n.get("seq") for n in resumed] == [3, 4, 5, 5]
    assert resumed[-1] == {"type": "caught_up", "seq": 5}
    page = await http.get("/v1/players/me/notifications", params={"after": 3}, headers=auth(alice))
    assert [n["seq"] for n in page.json()] == [4, 5]


async def test_the_player_stream_needs_a_token(notifying_server: LiveServer) -> None:
    async with websockets.connect(f"{notifying_server.ws_url}/v1/players/me/stream?token=nonsense") as ws:
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


class Receiver:
    """A webhook receiver on loopback: answers 500 to the `fail`-th request it gets, 200 to the
    others, and keeps every request whose signature checks out."""

    def __init__(self, fail: int) -> None:
        self.fail = fail
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.accepted: list[dict[str, Any]] = []
        self.secret = ""
        self.port = 0

    async def start(self) -> asyncio.Server:
        server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        return server

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode().split("\r\n")
                headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                self.requests.append((headers, body))
                status = 500 if len(self.requests) == self.fail else 200
                if status == 200:
                    stamp, mac = dict(p.split("=", 1) for p in headers["chronicle-signature"].split(",")).values()
                    expected = hmac.new(self.secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256).hexdigest()
                    assert hmac.compare_digest(mac, expected), "a delivery whose signature does not check out"
                    assert abs(time.time() - int(stamp)) < 60
                    self.accepted.append(json.loads(body))
                writer.write(f"HTTP/1.1 {status} X\r\ncontent-length: 0\r\n\r\n".encode())
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            writer.close()  # the server's client closed its connection, or the receiver stops


async def test_a_webhook_gets_every_signed_delivery_once_despite_a_failure_in_between(
        http: httpx.AsyncClient) -> None:
    alice, bob = await new_player(http, "alice"), await new_player(http, "bob")
    receiver = Receiver(fail=2)
    server = await receiver.start()
    try:
        refused = await http.post("/v1/webhooks", headers=auth(bob), json={
            "url": "http://example.com/hook", "events": ["*"]})
        assert refused.status_code == 422 and refused.json()["rule"] == "webhook-url", refused.text
        created = await http.post("/v1/webhooks", headers=auth(bob), json={
            "url": f"http://127.0.0.1:{receiver.port}/hook", "events": ["*"]})
        assert created.status_code == 201, created.text
        hook, receiver.secret = created.json()["hook"], created.json()["secret"]
        await play_a_short_battle(http, alice, bob)

        deadline = time.monotonic() + 20
        while len(receiver.accepted) < 4 and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)  # time for a double to arrive, if one were sent
    finally:
        server.close()

    notifications = (await http.get("/v1/players/me/notifications", headers=auth(bob))).json()
    assert [n["type"] for n in notifications] == ["seat_claimed", "battle_started", "your_turn", "battle_ended"]
    accepted = sorted(receiver.accepted, key=lambda d: d["notification"]["seq"])
    assert [d["notification"] for d in accepted] == notifications, "every notification delivered exactly once"
    assert len(receiver.requests) == 5  # four deliveries, one of them attempted twice
    failed_once = receiver.requests[1][0]["chronicle-delivery"]
    assert [h["chronicle-delivery"] for h, _ in receiver.requests].count(failed_once) == 2

    deliveries = (await http.get(f"/v1/webhooks/{hook['hook_id']}/deliveries", headers=auth(bob))).json()
    outcomes = {d["delivery_id"]: (d["status"], d["attempts"], d["last_status"]) for d in deliveries["deliveries"]}
    assert outcomes[int(failed_once)] == ("delivered", 2, 200)
    assert sorted(outcomes.values()) == [("delivered", 1, 200)] * 3 + [("delivered", 2, 200)]
    listed = (await http.get("/v1/webhooks", headers=auth(bob))).json()["webhooks"]
    assert [(h["hook_id"], h["enabled"], h["failures"]) for h in listed] == [(hook["hook_id"], True, 0)]
    others = await http.get(f"/v1/webhooks/{hook['hook_id']}/deliveries", headers=auth(alice))
    assert others.status_code == 404


async def test_a_dead_webhook_is_disabled_after_failures_in_a_row(http: httpx.AsyncClient,
                                                                   notifying_server: LiveServer) -> None:
    alice, bob = await new_player(http, "alice"), await new_player(http, "bob")
    receiver = Receiver(fail=0)
    server = await receiver.start()
    port = receiver.port
    server.close()
    await server.wait_closed()  # nothing listens there any more
    created = await http.post("/v1/webhooks", headers=auth(bob), json={
        "url": f"http://127.0.0.1:{port}/gone", "events": ["battle_started", "battle_ended"]})
    assert created.status_code == 201, created.text
    hook_id = created.json()["hook"]["hook_id"]
    await play_a_short_battle(http, alice, bob)
    deadline = time.monotonic() + 20
    hook: dict[str, Any] = {}
    while time.monotonic() < deadline:
        hook = (await http.get("/v1/webhooks", headers=auth(bob))).json()["webhooks"][0]
        if not hook["enabled"]:
            break
        await asyncio.sleep(0.2)
    assert (hook["enabled"], hook["disabled_reason"]) == (False, "3 failed attempts in a row")
    assert hook["failures"] >= 3  # an attempt already under way when it was disabled still counts
    deliveries = (await http.get(f"/v1/webhooks/{hook_id}/deliveries", headers=auth(bob))).json()["deliveries"]
    assert {d["status"] for d in deliveries} == {"pending"}
    assert all(d["last_error"] and d["delivered_at"] is None for d in deliveries if d["attempts"])
    enabled = await http.post(f"/v1/webhooks/{hook_id}/enable", headers=auth(bob))
    assert enabled.status_code == 200 and enabled.json()["enabled"] is True
    gone = await http.delete(f"/v1/webhooks/{hook_id}", headers=auth(bob))
    assert gone.status_code == 204


async def test_webhooks_are_a_players_own_and_limited_in_number(http: httpx.AsyncClient) -> None:
    carol, dave = await new_player(http, "carol"), await new_player(http, "dave")
    for n in range(10):
        created = await http.post("/v1/webhooks", headers=auth(carol), json={
            "url": f"http://127.0.0.1:9/{n}", "events": ["your_turn"]})
        assert created.status_code == 201, created.text
    eleventh = await http.post("/v1/webhooks", headers=auth(carol), json={
        "url": "http://127.0.0.1:9/11", "events": ["your_turn"]})
    assert eleventh.status_code == 422 and eleventh.json()["rule"] == "webhook-quota", eleventh.text
    unknown = await http.post("/v1/webhooks", headers=auth(carol), json={
        "url": "http://127.0.0.1:9/", "events": ["everything"]})
    assert unknown.status_code == 400, unknown.text
    hook_id = (await http.get("/v1/webhooks", headers=auth(carol))).json()["webhooks"][0]["hook_id"]
    assert (await http.delete(f"/v1/webhooks/{hook_id}", headers=auth(dave))).status_code == 404
    assert (await http.get("/v1/webhooks", headers=auth(dave))).json() == {"webhooks": []}
    assert (await http.get("/v1/webhooks")).status_code == 401
