"""Appends per second through the store from N writers, each on a stream of its own (issue #19),
beside, in the same run and on the same Postgres: bare asyncpg single-row insert-and-commits
on N connections (the ceiling), and the same store code on a database left at migration 0007,
whose `chronicle_append` still takes the global writer lock (what every append paid before).

Each append is one event, sealed (hash-chained) by the writer as the command path does, and
one round trip (`append_sealed`).

    python -m bench.appends [--seconds 3] [--writers 1 4 16]
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from importlib import resources

import asyncpg

from bench.harness import database
from bench.throughput import bare_commits
from domain.events import CURRENT_CHAIN
from server.background import run_on_fast_loop
from server.embedded import database_dsn
from server.store.base import NewEvent, seal
from server.store.chain import GENESIS
from server.store.postgres import PostgresStore


@asynccontextmanager
async def scratch_database(base: str, through: int | None) -> AsyncIterator[str]:
    """A database of its own, migrated fully (None) or only as far as `through`."""
    name = f"chronicle_bench_{uuid.uuid4().hex[:10]}"
    admin = await asyncpg.connect(base)
    await admin.execute(f'CREATE DATABASE "{name}"')
    dsn = database_dsn(base, name)
    try:
        if through is not None:
            connection = await asyncpg.connect(dsn)
            await connection.execute("CREATE TABLE schema_migrations (version integer PRIMARY KEY, "
                                     "applied_at timestamptz NOT NULL DEFAULT now())")
            folder = resources.files("server.store") / "migrations"
            for entry in sorted(folder.iterdir(), key=lambda e: e.name):
                if entry.name.endswith(".sql") and int(entry.name.split("_", 1)[0]) <= through:
                    await connection.execute(entry.read_text())
            await connection.close()
        yield dsn
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


async def store_appends(dsn: str, writers: int, seconds: float, migrate: bool) -> float:
    store = await PostgresStore.connect(dsn, min_size=writers, max_size=writers, run_migrations=migrate)
    done = 0
    deadline = time.perf_counter() + seconds

    async def writer() -> None:
        nonlocal done
        stream, version, last = f"bench-{uuid.uuid4()}", 0, GENESIS
        while time.perf_counter() < deadline:
            event = NewEvent(type="rolled", data={"n": version, "dice": [3, 4]}, actor="p")
            sealed = seal(stream, version + 1, last, [event], datetime.now(UTC), chain=CURRENT_CHAIN)
            await store.append_sealed(stream, version, sealed)
            version, last = version + 1, sealed[-1].hash
            done += 1

    try:
        started = time.perf_counter()
        await asyncio.gather(*(writer() for _ in range(writers)))
        return done / (time.perf_counter() - started)
    finally:
        await store.close()


async def run(base: str, levels: list[int], seconds: float) -> None:
    rows = []
    async with scratch_database(base, None) as parallel, scratch_database(base, 7) as serialised:
        await store_appends(parallel, 4, 1.0, migrate=True)  # warm-up (and migrations)
        await store_appends(serialised, 4, 1.0, migrate=False)
        for writers in levels:
            bare = await bare_commits(parallel, writers, seconds)
            locked = await store_appends(serialised, writers, seconds, migrate=False)
            ours = await store_appends(parallel, writers, seconds, migrate=False)
            rows.append((writers, bare, locked, ours))
    print("appends per second, one event each, every writer on a stream of its own")
    print(f"{'writers':>8} {'bare commits':>13} {'global lock (0007)':>19} {'ratio':>6} {'no global lock':>15}"
          f" {'ratio':>6} {'x lock':>7}")
    for writers, bare, locked, ours in rows:
        print(f"{writers:>8} {bare:>13.0f} {locked:>19.0f} {locked / bare:>6.2f} {ours:>15.0f} {ours / bare:>6.2f}"
              f" {ours / locked:>7.2f}")
    print("target: at 16 writers, no global lock >= 0.50 x bare commits")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--writers", type=int, nargs="+", default=[1, 4, 16])
    args = parser.parse_args()
    with database() as base:
        # The writers' loop is the server's (uvloop): the clients share the two cores with Postgres.
        run_on_fast_loop(run(base, args.writers, args.seconds))


if __name__ == "__main__":
    main()
