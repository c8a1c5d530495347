"""Command throughput with 1, 4, 16 and 64 concurrent clients (each rolling in its own
battle), beside bare asyncpg pool insert-and-commits at the same concurrency, measured
in the same run.

    python -m bench.throughput [--seconds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid

import asyncpg

from bench.commands import new_battle
from bench.harness import ServerProcess, database
from bench.rawhttp import RawHttp

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


async def roll_commands(server: ServerProcess, clients: int, seconds: float) -> float:
    battles = [await new_battle(server.url) for _ in range(clients)]
    done = 0
    deadline = time.perf_counter() + seconds

    async def client(battle_id: str, headers: dict[str, str]) -> None:
        nonlocal done
        async with RawHttp("127.0.0.1", server.port) as http:
            while time.perf_counter() < deadline:
                status, body = await http.post(f"/v1/battles/{battle_id}/commands",
                                               {"type": "roll", "expression": "2d6"}, headers)
                assert status == 201, body
                done += 1

    started = time.perf_counter()
    await asyncio.gather(*(client(b, h) for b, h in battles))
    return done / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    with database() as dsn:
        server = ServerProcess(dsn).start()
        try:
            asyncio.run(roll_commands(server, 4, 1.0))  # warm-up
            print(f"{'clients':>8} {'bare commits/s':>16} {'roll commands/s':>17} {'ratio':>7}")
            for clients in LEVELS:
                bare = asyncio.run(bare_commits(dsn, clients, args.seconds))
                ours = asyncio.run(roll_commands(server, clients, args.seconds))
                print(f"{clients:>8} {bare:>16.0f} {ours:>17.0f} {ours / bare:>7.2f}")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
