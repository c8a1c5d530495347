"""Command throughput with 1, 4, 16 and 64 concurrent clients (each rolling in its own
battle), beside three baselines at the same concurrency, measured in the same run: bare
asyncpg pool insert-and-commits; a bare ASGI app, no framework, whose POST inserts one row
(bench/bare_asgi.py: the floor for any Python HTTP server here); and the bare Litestar
POST -> insert -> push app (bench/bare_app.py: what a Litestar server's command costs before
its own work).

    python -m bench.throughput [--seconds 3] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Coroutine
from typing import Any

import asyncpg

from bench.commands import new_battle
from bench.harness import ServerProcess, database, run_fast, unlimited
from bench.rawhttp import RawHttp
from tests.databases import database_of_its_own

LEVELS = (1, 4, 16, 64)


async def bare_commits(dsn: str, clients: int, seconds: float) -> float:
    table = f"bench_tp_{uuid.uuid4().hex[:8]}"
    pool = await asyncpg.create_pool(dsn, min_size=clients, max_size=clients)
    await pool.execute(f"CREATE TABLE {table} (id bigserial PRIMARY KEY, body jsonb NOT NULL)")
    done = 0
    deadline = time.perf_counter() + seconds

    async def client() -> None:
        nonlocal done
        async with pool.acquire() as connection:
            while time.perf_counter() < deadline:
                await connection.execute(f"INSERT INTO {table} (body) VALUES ($1::jsonb)", json.dumps({"n": done}))
                done += 1

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    elapsed = time.perf_counter() - started
    await pool.execute(f"DROP TABLE {table}")
    await pool.close()
    return done / elapsed


ROLL = {"type": "roll", "expression": "2d6"}


async def posts_per_second(port: int, targets: list[tuple[str, dict[str, str]]], seconds: float,
                           expected: int) -> float:
    """Each target (path, headers) is one client posting ROLL back-to-back on its own connection."""
    done = 0
    deadline = time.perf_counter() + seconds

    async def client(path: str, headers: dict[str, str]) -> None:
        nonlocal done
        async with RawHttp("127.0.0.1", port) as http:
            while time.perf_counter() < deadline:
                status, body = await http.post(path, ROLL, headers, decode=False)
                assert status == expected, body
                done += 1

    started = time.perf_counter()
    await asyncio.gather(*(client(path, headers) for path, headers in targets))
    return done / (time.perf_counter() - started)


async def roll_commands(server: ServerProcess, clients: int, seconds: float) -> float:
    battles = [await new_battle(server.url) for _ in range(clients)]
    return await posts_per_second(server.port, [(f"/v1/battles/{b}/commands", h) for b, h in battles], seconds, 201)


def baseline_app(dsn: str, module: str) -> ServerProcess:
    return ServerProcess(dsn, argv=[sys.executable, "-m", module, "--port", "{port}", "--dsn", dsn], health_path=None)


async def bare_posts(bare: ServerProcess, clients: int, seconds: float) -> float:
    return await posts_per_second(bare.port, [("/bare", {})] * clients, seconds, 201)


def measure(server: ServerProcess, run: Callable[[ServerProcess, int, float], Coroutine[Any, Any, float]],
            seconds: float) -> dict[int, float]:
    """Commands per second at every level, with the server the only one running (three
    servers' grown pools and 64 bare connections would pass Postgres's connection limit)."""
    server.start()
    try:
        run_fast(run(server, 4, 1.0))  # warm-up
        return {clients: run_fast(run(server, clients, seconds)) for clients in LEVELS}
    finally:
        server.stop()


def roll_round(dsn: str, seconds: float) -> dict[int, float]:
    """Chronicle's round, on a database of its own: a node starting on the battles of the rounds
    before would load them (its clock watcher) while it is measured."""
    with database_of_its_own(dsn, "chronicle_bench") as own:
        return measure(unlimited(ServerProcess(own)), roll_commands, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of the bare Litestar app and Chronicle, one after the other")
    args = parser.parse_args()
    with database() as dsn:
        bare = {clients: run_fast(bare_commits(dsn, clients, args.seconds)) for clients in LEVELS}
        asgi = measure(baseline_app(dsn, "bench.bare_asgi"), bare_posts, args.seconds)
        # The target is a ratio to the bare Litestar app, and this machine's speed drifts from one
        # minute to the next: each round measures both, back to back, and the ratio is the median
        # of the rounds' own ratios.
        rounds = [(measure(baseline_app(dsn, "bench.bare_app"), bare_posts, args.seconds),
                   roll_round(dsn, args.seconds)) for _ in range(args.rounds)]
    litestar = {n: statistics.median(round_[0][n] for round_ in rounds) for n in LEVELS}
    ours = {n: statistics.median(round_[1][n] for round_ in rounds) for n in LEVELS}
    ratios = {n: [round_[1][n] / round_[0][n] for round_ in rounds] for n in LEVELS}
    print(f"per second (medians of {args.rounds} rounds); each ratio is of the bare commits, the last of the bare "
          "Litestar app (the median of each round's own ratio, then each round's)")
    print(f"{'clients':>8} {'bare commits':>13} {'bare ASGI':>10} {'ratio':>6} {'bare Litestar':>14}"
          f" {'ratio':>6} {'roll commands':>14} {'ratio':>6} {'of Litestar':>12}  rounds")
    for n in LEVELS:
        print(f"{n:>8} {bare[n]:>13.0f} {asgi[n]:>10.0f} {asgi[n] / bare[n]:>6.2f} {litestar[n]:>14.0f}"
              f" {litestar[n] / bare[n]:>6.2f} {ours[n]:>14.0f} {ours[n] / bare[n]:>6.2f}"
              f" {statistics.median(ratios[n]):>12.2f}  {' '.join(f'{r:.2f}' for r in ratios[n])}")
    print("target: roll commands at 16 clients >= 0.60 of the bare Litestar app")


if __name__ == "__main__":
    main()
