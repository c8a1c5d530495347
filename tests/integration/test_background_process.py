"""`chronicle serve` runs the node's background subscribers (clock watcher, projector,
notifier, ...) in a process of their own, beside its worker(s), which run none (issue #19,
point 2: they take nothing from the command path's loop). What that process records reaches
the watchers of every worker live, through Postgres LISTEN/NOTIFY (no Redis here), and the
read models it keeps are the ones the API serves."""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from bench.harness import ServerProcess
from bench.workers import process_tree
from tests.databases import database_of_its_own
from tests.e2e.test_clocks import clocked_battle, state_of
from tests.integration.test_workers import caught_up


@pytest.fixture(scope="module", params=[1, 2], ids=["one worker", "two workers"])
def node(request: pytest.FixtureRequest, database_url: str) -> Iterator[tuple[ServerProcess, int]]:
    """A node on a database of its own: on the session's, a new node's clock watcher first catches
    up with every battle the suite has played so far, which can outlast the test's deadlines."""
    workers = request.param
    with database_of_its_own(database_url) as dsn:
        server = ServerProcess(dsn, argv=[sys.executable, "-m", "server.cli", "serve", "--workers", str(workers)])
        server.env.pop("CHRONICLE_BACKGROUND", None)  # the default: a background process
        server.start()
        try:
            yield server, workers
        finally:
            expected = 0 if workers > 1 else -signal.SIGTERM  # a lone uvicorn re-raises the signal it stopped for
            assert server.signal(signal.SIGTERM) == expected, server.stderr_text()[-2000:]
            server.stop()


async def live_until_ended(watcher: Any) -> list[str]:
    """The types of the live messages up to the battle's end."""
    seen: list[str] = []
    while "battle_ended" not in seen:
        message = json.loads(await asyncio.wait_for(watcher.recv(), 20))
        seen.append(message.get("type", ""))
    return seen


async def test_a_flag_falls_and_every_watcher_sees_the_battle_end_live(node: tuple[ServerProcess, int]) -> None:
    server, workers = node
    assert server.process is not None
    # The worker (which runs the supervisor's part itself when alone) or the supervisor and
    # its workers; and the background process.
    assert len(process_tree(server.process.pid)) == (2 if workers == 1 else workers + 2)
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as client:
        battle_id, _alice, _bob = await clocked_battle(client, {"per_turn_seconds": 5})
        # One watcher per connection: with two workers, the kernel spreads them over both.
        watchers = [await websockets.connect(f"{server.ws_url}/v1/battles/{battle_id}/stream") for _ in range(4)]
        try:
            for watcher in watchers:
                await caught_up(watcher)
            # Nobody moves: the background process's clock watcher claims the time, and its
            # events reach each watcher live (none follows them to reveal a gap to fill).
            for seen in await asyncio.gather(*(live_until_ended(w) for w in watchers)):
                assert "time_ran_out" in seen
        finally:
            for watcher in watchers:
                await watcher.close()
        state = await state_of(client, battle_id)
        assert (state["status"], state["end_reason"]) == ("ended", "time")
