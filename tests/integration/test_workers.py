"""`chronicle serve --workers 2` (issue #19, point 3): two processes on one port, each a node.
As for two nodes (test_two_nodes.py), a watcher on any worker sees every command handled by
any worker, in order and once: through Redis when REDIS_URL is set, through Postgres
LISTEN/NOTIFY when it is not."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from bench.harness import ServerProcess
from bench.workers import process_tree, running
from server.broker import RESYNC
from server.notify_broker import MAX_PAYLOAD, payload_of
from tests.e2e.helpers import auth, started_battle

WORKERS = 2


@pytest.fixture(scope="module", params=["postgres", "redis"])
def workers(request: pytest.FixtureRequest, database_url: str, redis_url: str) -> Iterator[tuple[ServerProcess, str]]:
    broker = request.param
    server = ServerProcess(database_url, redis_url if broker == "redis" else None,
                           argv=[sys.executable, "-m", "server.cli", "serve", "--workers", str(WORKERS)])
    server.start()
    try:
        yield server, broker
    finally:
        assert server.signal(signal.SIGTERM) == 0, server.stderr_text()[-2000:]
        server.stop()


async def on_worker(url: str, wanted: int) -> httpx.AsyncClient:
    """A client whose one connection is served by worker `wanted` (the kernel spreads new
    connections over the workers; /health says which one answered)."""
    for _ in range(200):
        client = httpx.AsyncClient(base_url=url, timeout=20, limits=httpx.Limits(max_connections=1))
        health = (await client.get("/health")).json()
        if health["worker"] == wanted:
            return client
        await client.aclose()
    raise AssertionError(f"no connection reached worker {wanted}")


async def watch_until(watcher: Any, last: int) -> list[int]:
    versions: list[int] = []
    while not versions or versions[-1] < last:
        message = json.loads(await asyncio.wait_for(watcher.recv(), 15))
        if "version" in message and message.get("type") != "caught_up":
            versions.append(message["version"])
    return versions


async def caught_up(watcher: Any) -> int:
    while True:
        message = json.loads(await asyncio.wait_for(watcher.recv(), 15))
        if message["type"] == "caught_up":
            return int(message["version"])


async def test_watchers_on_every_worker_see_commands_handled_by_any_worker(
        workers: tuple[ServerProcess, str]) -> None:
    server, broker = workers
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as client:
        health = (await client.get("/health")).json()
        assert (health["store"], health["broker"]) == ("postgres", broker)
        battle, alice, bob = await started_battle(client)
    # Six watchers on six connections: wherever each landed, half the commands below are
    # handled by the other worker.
    watchers = [await websockets.connect(f"{server.ws_url}/v1/battles/{battle['id']}/stream") for _ in range(6)]
    try:
        start = [await caught_up(w) for w in watchers]
        handled_by: list[int] = []
        last = 0
        for n in range(12):
            worker = 1 + n % WORKERS
            client = await on_worker(server.url, worker)
            try:
                response = await client.post(f"/v1/battles/{battle['id']}/commands",
                                             headers=auth(alice if n % 2 else bob),
                                             json={"type": "roll", "expression": "1d12"})
            finally:
                await client.aclose()
            assert response.status_code == 201, response.text
            last = response.json()["version"]
            handled_by.append(worker)
        assert set(handled_by) == set(range(1, WORKERS + 1))
        for watcher, first in zip(watchers, start, strict=True):
            assert await watch_until(watcher, last) == list(range(first + 1, last + 1)), "in order, once"
    finally:
        for watcher in watchers:
            await watcher.close()


def test_a_live_message_too_big_for_notify_becomes_a_resync() -> None:
    small = b'{"type":"event","version":3}'
    assert payload_of("battle-x", small) == 'battle-x\n{"type":"event","version":3}'
    big = b'{"pad":"' + b"x" * MAX_PAYLOAD + b'"}'
    assert payload_of("battle-x", big) == "battle-x\n" + RESYNC.decode()
    edge = b"y" * (MAX_PAYLOAD - len("battle-x\n"))
    assert len(payload_of("battle-x", edge).encode()) == MAX_PAYLOAD, "the largest payload Postgres takes goes as is"


def test_workers_stop_when_their_supervisor_is_killed(database_url: str) -> None:
    """No worker is left serving on its own after a SIGKILL of `chronicle serve` (which cannot
    pass the signal on): the kernel tells each worker, which shuts down."""
    server = ServerProcess(database_url, argv=[sys.executable, "-m", "server.cli", "serve", "--workers", str(WORKERS)])
    server.start()
    try:
        assert server.process is not None
        server.process.kill()
        server.process.wait(10)
        deadline = time.monotonic() + 30
        while server._ready():
            assert time.monotonic() < deadline, "a worker still answers after its supervisor died"
            time.sleep(0.1)
    finally:
        server.stop()



@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="the parent-death signal (prctl), and /proc that finds the processes, are Linux's")
def test_workers_still_starting_stop_when_their_supervisor_is_killed(database_url: str) -> None:
    """The supervisor killed while its workers and background process are still starting: the
    parent-death SIGTERM reaches each before its server has installed its own handlers (a forked
    child inherits the supervisor's, which would have swallowed it), and each stops."""
    server = ServerProcess(database_url, argv=[sys.executable, "-m", "server.cli", "serve", "--workers", str(WORKERS)])
    server.env["CHRONICLE_BACKGROUND"] = "process"
    started: set[int] = set()
    server.process = subprocess.Popen(server.argv, env=server.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while len(started := set(process_tree(server.process.pid)) - {server.process.pid}) < WORKERS + 1:
            assert time.monotonic() < deadline, "the supervisor did not start its processes"
            time.sleep(0.005)
        server.process.kill()
        server.process.wait(10)
        deadline = time.monotonic() + 30
        while left := {pid for pid in started if running(pid)}:
            assert time.monotonic() < deadline, f"processes {left} still run after their supervisor died"
            time.sleep(0.1)
    finally:
        server.stop()
        for pid in started:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
