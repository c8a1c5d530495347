"""Latency of a `roll` command over HTTP, committed and delivered to a websocket watcher,
beside a bare asyncpg single-row insert-and-commit measured in the same run.

    python -m bench.commands [--rolls 300]

Uses DATABASE_URL when set, the embedded Postgres otherwise. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid

import asyncpg
import httpx
import websockets

from bench.harness import LiveServer, database, summary
from server.settings import Settings


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


async def roll_commands(address: str, count: int) -> list[float]:
    async with httpx.AsyncClient(base_url=f"http://{address}") as client:
        players = [(await client.post("/v1/players", json={"name": name})).json() for name in ("a", "b")]
        headers = [{"Authorization": f"Bearer {p['token']}"} for p in players]
        battle = (await client.post("/v1/battles", headers=headers[0],
                                    json={"ruleset": "d100", "seats": ["a", "b"]})).json()
        for seat, header in zip(("a", "b"), headers, strict=True):
            await client.post(f"/v1/battles/{battle['id']}/seats/{seat}", headers=header, json={})
        await client.post(f"/v1/battles/{battle['id']}/commands", headers=headers[0], json={"type": "start"})
        samples = []
        async with websockets.connect(f"ws://{address}/v1/battles/{battle['id']}/stream",
                                      compression=None) as watcher:
            while json.loads(await watcher.recv())["type"] != "caught_up":
                pass
            for _ in range(count):
                started = time.perf_counter()
                response = await client.post(f"/v1/battles/{battle['id']}/commands", headers=headers[0],
                                             json={"type": "roll", "expression": "2d6"})
                version = response.json()["version"]
                while json.loads(await watcher.recv())["version"] < version:
                    pass
                samples.append(time.perf_counter() - started)
        return samples


def report(name: str, samples: list[float]) -> tuple[float, float]:
    median, p99 = summary(samples)
    print(f"{name:<48} median {median:7.3f} ms   p99 {p99:7.3f} ms   (n={len(samples)})")
    return median, p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rolls", type=int, default=300)
    args = parser.parse_args()
    with database() as dsn, LiveServer(Settings(database_url=dsn)) as server:
        address = server.url.removeprefix("http://")
        baseline = report("bare asyncpg insert + commit", asyncio.run(bare_insert(dsn, args.rolls)))
        ours = report("roll: HTTP -> committed -> websocket", asyncio.run(roll_commands(address, args.rolls)))
    print(f"{'ratio (roll / bare insert)':<48} median {ours[0] / baseline[0]:7.1f} x    "
          f"p99 {ours[1] / baseline[1]:7.1f} x")


if __name__ == "__main__":
    main()
