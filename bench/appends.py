"""Appends per second through the store from N writers, each on a stream of its own (issue #19),
beside, in the same run and on the same Postgres: bare asyncpg single-row insert-and-commits
on N connections (the ceiling); `chronicle_append` called for every append, as the store did
before group commit, on a database left at migration 0007 (its global writer lock: what every
append paid before issue #19) and on the latest (0014: what an append with an Idempotency-Key
still pays); and the store itself (one statement per append, several appends waiting together
in one statement and one commit: server/store/append_batches.py).

Each append is one event, sealed (hash-chained) by the writer as the command path does.

    python -m bench.appends [--seconds 3] [--writers 1 4 16] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from importlib import resources

import asyncpg
import msgspec

from bench.harness import database
from bench.throughput import bare_commits
from domain.events import CURRENT_CHAIN
from server.background import run_on_fast_loop
from server.embedded import database_dsn
from server.store.base import NewEvent, RecordedEvent, seal
from server.store.chain import GENESIS
from server.store.postgres import APPEND_BY_FUNCTION, PostgresStore


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


Append = Callable[[str, int, list[RecordedEvent]], Awaitable[object]]


async def appends_per_second(writers: int, seconds: float, append: Append) -> float:
    """`writers` writers, each appending one sealed event at a time to a stream of its own."""
    done = 0
    deadline = time.perf_counter() + seconds

    async def writer() -> None:
        nonlocal done
        stream, version, last = f"bench-{uuid.uuid4()}", 0, GENESIS
        while time.perf_counter() < deadline:
            event = NewEvent(type="rolled", data={"n": version, "dice": [3, 4]}, actor="p")
            sealed = seal(stream, version + 1, last, [event], datetime.now(UTC), chain=CURRENT_CHAIN)
            await append(stream, version, sealed)
            version, last = version + 1, sealed[-1].hash
            done += 1

    started = time.perf_counter()
    await asyncio.gather(*(writer() for _ in range(writers)))
    return done / (time.perf_counter() - started)


async def store_appends(dsn: str, writers: int, seconds: float, migrate: bool) -> float:
    store = await PostgresStore.connect(dsn, min_size=writers, max_size=writers, run_migrations=migrate)
    try:
        return await appends_per_second(writers, seconds, store.append_sealed)
    finally:
        await store.close()


async def function_appends(dsn: str, writers: int, seconds: float) -> float:
    """Every append by `chronicle_append`, one round trip each, as the store sent them before."""
    pool = await asyncpg.create_pool(dsn, min_size=writers, max_size=writers)

    async def append(stream: str, version: int, sealed: list[RecordedEvent]) -> object:
        event = sealed[0]
        return await pool.fetchrow(
            APPEND_BY_FUNCTION, stream, version, event.prev_hash, datetime.fromisoformat(event.recorded_at),
            [event.type], [msgspec.json.encode(event.data).decode()], [event.actor], [event.hash], None, None, None,
            None, None, None, [None])

    try:
        return await appends_per_second(writers, seconds, append)
    finally:
        await pool.close()


async def run(base: str, levels: list[int], seconds: float, rounds: int) -> None:
    rows = []
    async with scratch_database(base, None) as latest, scratch_database(base, 7) as serialised:
        await store_appends(latest, 4, 1.0, migrate=True)  # warm-up (and migrations)
        await function_appends(serialised, 4, 1.0)
        for writers in levels:
            # This machine's speed drifts from one minute to the next: each round measures all four
            # back to back, and each figure is the median of the rounds (its ratio, of the rounds' ratios).
            measured = [(await bare_commits(latest, writers, seconds),
                         await function_appends(serialised, writers, seconds),
                         await function_appends(latest, writers, seconds),
                         await store_appends(latest, writers, seconds, migrate=False)) for _ in range(rounds)]
            rows.append((writers, [statistics.median(column) for column in zip(*measured, strict=True)],
                         [statistics.median(m[k] / m[0] for m in measured) for k in (1, 2, 3)],
                         [m[3] / m[0] for m in measured]))
    print(f"appends per second, one event each, every writer on a stream of its own (medians of {rounds} rounds);"
          " ratios of the bare commits")
    print(f"{'writers':>8} {'bare commits':>13} {'0007 function':>14} {'ratio':>6} {'0014 function':>14}"
          f" {'ratio':>6} {'store':>7} {'ratio':>6}  store's ratio in each round")
    for writers, (bare, locked, function, ours), ratios, each in rows:
        print(f"{writers:>8} {bare:>13.0f} {locked:>14.0f} {ratios[0]:>6.2f} {function:>14.0f}"
              f" {ratios[1]:>6.2f} {ours:>7.0f} {ratios[2]:>6.2f}  {' '.join(f'{r:.2f}' for r in each)}")
    print("target: at 16 writers, the store >= 0.50 x bare commits")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--writers", type=int, nargs="+", default=[1, 4, 16])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with database() as base:
        # The writers' loop is the server's (uvloop): the clients share the two cores with Postgres.
        run_on_fast_loop(run(base, args.writers, args.seconds, args.rounds))


if __name__ == "__main__":
    main()
