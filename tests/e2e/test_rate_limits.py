"""Limits on what one client can take, as a client sees them: 429 with Retry-After and the
RateLimit headers, per address and per token, the same across nodes through Redis; the
battle quota; 503 `busy` when every slot for past states is taken; at most so many
websockets per address; and, under load, an abuser held to its limit while a well-behaved
client sees no 429 and `/health/live` keeps answering."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import httpx
import pytest
import websockets

from bench.loading import build
from server.settings import Rate, Settings
from server.store.postgres import PostgresStore
from tests.conftest import LiveServer
from tests.e2e.helpers import auth, command, key, new_battle, new_player, started_battle

SLOW = 0.01  # requests per second: nothing refills during a test


@contextmanager
def serving(database_url: str, **limits: Any) -> Iterator[LiveServer]:
    with LiveServer(Settings(database_url=database_url, **limits)) as server:
        yield server


@asynccontextmanager
async def client_from(server: LiveServer, address: str = "127.0.0.1") -> AsyncIterator[httpx.AsyncClient]:
    """A client whose connections come from `address` (any 127.x.y.z is this machine)."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=server.url, transport=transport, timeout=30) as client:
        yield client


def ratelimit(response: httpx.Response) -> dict[str, str]:
    return {name: response.headers[name] for name in ("ratelimit-limit", "ratelimit-remaining", "ratelimit-reset",
                                                      "ratelimit-policy") if name in response.headers}


async def test_player_creation_is_held_per_address_with_a_problem_and_its_headers(database_url: str) -> None:
    with serving(database_url, players_per_address=Rate(burst=5, per_second=SLOW)) as server:
        async with client_from(server, "127.0.0.2") as abuser, client_from(server, "127.0.0.3") as other:
            statuses = [(await abuser.post("/v1/players", json={"name": f"p{n}"})).status_code for n in range(5)]
            refused = await abuser.post("/v1/players", json={"name": "one too many"})
            elsewhere = await other.post("/v1/players", json={"name": "another address"})
    assert statuses == [201] * 5
    assert refused.status_code == 429
    assert refused.headers["content-type"] == "application/problem+json"
    body = refused.json()
    assert body["rule"] == "rate-limited" and "players-per-address" in body["detail"]
    assert int(refused.headers["retry-after"]) >= 1
    assert ratelimit(refused) == {"ratelimit-limit": "5", "ratelimit-remaining": "0",
                                  "ratelimit-reset": refused.headers["ratelimit-reset"],
                                  "ratelimit-policy": '5;w=500;name="players-per-address"'}
    assert elsewhere.status_code == 201, "another address has its own limit"


async def test_writes_are_held_per_token_and_successes_carry_the_ratelimit_headers(database_url: str) -> None:
    with serving(database_url, writes_per_token=Rate(burst=10, per_second=SLOW)) as server:
        async with client_from(server) as client:
            battle, alice, bob = await started_battle(client)  # alice: create, claim, start
            accepted = []
            for n in range(12):
                response = await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6"})
                accepted.append(response.status_code)
                if n == 0:
                    first = ratelimit(response)
            refused = response
            bob_rolls = await command(client, bob, battle["id"], {"type": "roll", "expression": "1d6"})
            cheap = await client.get(f"/v1/battles/{battle['id']}")
            latest = await client.get(f"/v1/battles/{battle['id']}/state")
            past = await client.get(f"/v1/battles/{battle['id']}/state", params={"at": 2})
    assert accepted == [201] * 7 + [429] * 5, "10 writes of alice's token: 3 to set up, 7 rolls"
    assert refused.json()["rule"] == "rate-limited" and "writes-per-token" in refused.json()["detail"]
    assert first["ratelimit-limit"] == "10" and first["ratelimit-remaining"] == "6"
    assert first["ratelimit-policy"] == ('10;w=1000;name="writes-per-token", '
                                         '1000;w=5;name="writes-per-address"')
    assert bob_rolls.status_code == 201, "another token from the same address has its own limit"
    assert ratelimit(cheap) == {} and ratelimit(latest) == {}, "cheap reads are not limited"
    assert past.status_code == 200 and past.json()["version"] == 2
    assert ratelimit(past)["ratelimit-policy"] == '60;w=6;name="expensive-reads-per-address"'


async def test_expensive_reads_are_held_per_address(database_url: str) -> None:
    with serving(database_url, expensive_reads_per_address=Rate(burst=3, per_second=SLOW)) as server:
        async with client_from(server) as client:
            battle, _, _ = await started_battle(client)
            reads = [f"/v1/battles/{battle['id']}/events", f"/v1/battles/{battle['id']}/verify", "/v1/ratings",
                     f"/v1/battles/{battle['id']}/state?at=1"]
            statuses = [(await client.get(path)).status_code for path in reads]
            assert (await client.get(f"/v1/battles/{battle['id']}/state")).status_code == 200
    assert statuses == [200, 200, 200, 429]


@pytest.mark.redis
async def test_two_nodes_share_one_limit_through_redis(database_url: str, redis_url: str) -> None:
    settings = Settings(database_url=database_url, redis_url=redis_url, rate_limit_prefix=f"test-{uuid.uuid4()}:",
                        players_per_address=Rate(burst=4, per_second=SLOW))
    with LiveServer(settings) as node_a, LiveServer(settings) as node_b:
        async with client_from(node_a) as on_a, client_from(node_b) as on_b:
            statuses = [(await (on_a if n % 2 else on_b).post("/v1/players", json={"name": "n"})).status_code
                        for n in range(6)]
            refused_on_a = await on_a.post("/v1/players", json={"name": "n"})
    assert statuses == [201] * 4 + [429] * 2
    assert refused_on_a.status_code == 429 and refused_on_a.headers["ratelimit-remaining"] == "0"


async def test_a_player_may_have_only_so_many_unfinished_battles(database_url: str) -> None:
    with serving(database_url, battle_quota=2) as server:
        async with client_from(server) as client:
            alice, bob = await new_player(client, "alice"), await new_player(client, "bob")
            first_key = key()
            first = await client.post("/v1/battles", headers={**auth(alice), "Idempotency-Key": first_key},
                                      json={"ruleset": "d100", "seats": ["a", "b"]})
            await new_battle(client, alice, seats=["a", "b"])
            third = await client.post("/v1/battles", headers=auth(alice), json={"ruleset": "d100", "seats": ["a", "b"]})
            fork = await client.post(f"/v1/battles/{first.json()['id']}/fork", headers=auth(alice), json={"at": 1})
            retried = await client.post("/v1/battles", headers={**auth(alice), "Idempotency-Key": first_key},
                                        json={"ruleset": "d100", "seats": ["a", "b"]})
            bobs = await client.post("/v1/battles", headers=auth(bob), json={"ruleset": "d100", "seats": ["a", "b"]})
            battle_id = first.json()["id"]
            for player, seat in ((alice, "a"), (bob, "b")):
                await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
            await command(client, alice, battle_id, {"type": "start"})
            await command(client, alice, battle_id, {"type": "concede"})
            after_one_ended = await client.post("/v1/battles", headers=auth(alice),
                                                json={"ruleset": "d100", "seats": ["a", "b"]})
    assert third.status_code == 422 and third.json()["rule"] == "battle-quota"
    assert "at most 2" in third.json()["detail"]
    assert fork.status_code == 422 and fork.json()["rule"] == "battle-quota"
    assert retried.status_code == 201 and retried.json() == first.json(), "a retry answers as the first time"
    assert bobs.status_code == 201, "the quota is each player's own"
    assert after_one_ended.status_code == 201, "an ended battle no longer counts"


async def test_past_states_beyond_the_concurrency_bound_are_answered_busy(database_url: str) -> None:
    store = await PostgresStore.connect(database_url, min_size=1, max_size=2)
    try:
        battle_id = await build(store, 3000)
    finally:
        await store.close()
    with serving(database_url, expensive_read_concurrency=1, expensive_read_wait=0.001,
                 snapshot_every=100_000) as server:
        async with client_from(server) as client:
            path = f"/v1/battles/{battle_id}/state"
            responses = await asyncio.gather(*(client.get(path, params={"at": 2900}) for _ in range(8)))
            afterwards = await client.get(path, params={"at": 2900})
    statuses = Counter(r.status_code for r in responses)
    assert set(statuses) == {200, 503} and statuses[200] >= 1, statuses
    busy = next(r for r in responses if r.status_code == 503)
    assert busy.json()["rule"] == "busy" and int(busy.headers["retry-after"]) >= 1
    assert all(r.json() == afterwards.json() for r in responses if r.status_code == 200)


async def test_websockets_per_address_are_limited(database_url: str) -> None:
    with serving(database_url, websockets_per_address=2) as server:
        async with client_from(server) as client:
            battle, _, _ = await started_battle(client)
        url = f"{server.ws_url}/v1/battles/{battle['id']}/stream"

        async def caught_up(socket: Any) -> None:
            while json.loads(await asyncio.wait_for(socket.recv(), 10))["type"] != "caught_up":
                pass

        async with websockets.connect(url) as first, websockets.connect(url) as second:
            await caught_up(first)
            await caught_up(second)
            async with websockets.connect(url) as third:
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(third.recv(), 10)
            async with websockets.connect(url, local_addr=("127.0.0.2", 0)) as elsewhere:
                await caught_up(elsewhere)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    assert "websockets per address" in closed.value.rcvd.reason


async def test_under_abuse_a_well_behaved_client_is_served_and_liveness_answers(database_url: str) -> None:
    """The abuser (its own address) hammers commands from one token and creates players; a
    well-behaved client (another address) plays a battle at a steady pace; a probe asks
    `/health/live` throughout."""
    limits = {"writes_per_token": Rate(burst=20, per_second=10), "players_per_address": Rate(burst=10, per_second=2)}
    with serving(database_url, **limits) as server:
        async with client_from(server, "127.0.0.2") as abuser, client_from(server, "127.0.0.3") as good, \
                client_from(server, "127.0.0.4") as probe:
            hammered, villain, _ = await started_battle(abuser)
            played, alice, bob = await started_battle(good)
            stop = asyncio.Event()
            outcomes: dict[str, Counter[int]] = {name: Counter() for name in ("commands", "players", "good", "live")}

            async def hammer_commands() -> None:
                while not stop.is_set():
                    response = await command(abuser, villain, hammered["id"], {"type": "roll", "expression": "1d6"})
                    outcomes["commands"][response.status_code] += 1

            async def hammer_players() -> None:
                while not stop.is_set():
                    outcomes["players"][(await abuser.post("/v1/players", json={"name": "x"})).status_code] += 1

            async def play_well() -> None:
                for n in range(20):
                    response = await command(good, alice if n % 2 else bob, played["id"],
                                             {"type": "roll", "expression": "2d6"})
                    outcomes["good"][response.status_code] += 1
                    state = await good.get(f"/v1/battles/{played['id']}/state", params={"at": n + 3})
                    outcomes["good"][state.status_code] += 1
                    await asyncio.sleep(0.15)

            async def probe_liveness() -> None:
                while not stop.is_set():
                    outcomes["live"][(await probe.get("/health/live")).status_code] += 1
                    await asyncio.sleep(0.05)

            started = time.monotonic()
            abuse = [asyncio.create_task(hammer_commands()) for _ in range(6)]
            abuse += [asyncio.create_task(hammer_players()) for _ in range(2)]
            probing = asyncio.create_task(probe_liveness())
            await play_well()
            stop.set()
            await asyncio.gather(*abuse, probing)
            elapsed = time.monotonic() - started
    assert set(outcomes["good"]) == {200, 201}, outcomes["good"]
    assert set(outcomes["live"]) == {200} and outcomes["live"][200] >= 10, outcomes["live"]
    # A limit lets through at most its burst plus its rate over the time the abuse lasted.
    assert outcomes["commands"][429] > 0 and set(outcomes["commands"]) <= {201, 409, 429}, outcomes["commands"]
    assert outcomes["commands"][201] <= 20 + 10 * elapsed + 1, (outcomes["commands"], elapsed)
    assert set(outcomes["players"]) == {201, 429}, outcomes["players"]
    assert outcomes["players"][201] <= 10 + 2 * elapsed + 1, (outcomes["players"], elapsed)
