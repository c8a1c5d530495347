"""Two app nodes on one Postgres and one Redis: a watcher on node A sees, in order and
once, every event of commands sent to node B (Litestar channels, Redis backend)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import httpx
import pytest
import websockets

from server.settings import Settings
from tests.conftest import LiveServer
from tests.e2e.helpers import command, started_battle


@pytest.fixture(scope="module")
def two_nodes(database_url: str, redis_url: str) -> Iterator[tuple[LiveServer, LiveServer]]:
    settings = Settings(database_url=database_url, redis_url=redis_url)
    with LiveServer(settings) as node_a, LiveServer(settings) as node_b:
        yield node_a, node_b


async def test_watcher_on_one_node_sees_commands_sent_to_the_other(
        two_nodes: tuple[LiveServer, LiveServer]) -> None:
    node_a, node_b = two_nodes
    async with httpx.AsyncClient(base_url=node_b.url, timeout=20) as client:
        health = (await client.get("/health")).json()
        assert health == {"status": "ok", "store": "postgres", "broker": "redis"}
        battle, alice, bob = await started_battle(client)
        async with websockets.connect(f"{node_a.ws_url}/v1/battles/{battle['id']}/stream") as watcher:
            caught_up_at = None
            while caught_up_at is None:
                message = json.loads(await asyncio.wait_for(watcher.recv(), 10))
                if message["type"] == "caught_up":
                    caught_up_at = message["version"]
            last = caught_up_at
            for n in range(10):
                player = alice if n % 2 else bob
                response = await command(client, player, battle["id"], {"type": "roll", "expression": "1d12"})
                assert response.status_code == 201
                last = response.json()["version"]
            received = []
            while not received or received[-1] < last:
                received.append(json.loads(await asyncio.wait_for(watcher.recv(), 10))["version"])
    assert received == list(range(caught_up_at + 1, last + 1))
