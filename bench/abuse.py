"""`/health/live` latency while one client abuses the server, against the same server idle
(the baseline, measured in the same run). The server runs as its own process with its
default limits; the abuser, the probe and the well-behaved client come from different
loopback addresses.

- abuse: 8 connections send commands from one token as fast as they can, 2 more create
  players as fast as they can (both held by their rate limits);
- past states: 8 connections ask `GET /state?at=N` (random N) of a 10,000-event battle as
  fast as they can: from one address (held by the expensive-read rate limit), then on a
  server with that limit off, as if from 8 addresses, so that every request reaches the
  concurrency bound (2 at once, the others wait or get 503): with the battle's snapshots
  (one every 100 events, as the server keeps them) and with none (a full replay each).

    python -m bench.abuse [--seconds 8] [--events 10000]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from typing import Any

import httpx

from bench.harness import ServerProcess, database, percentile
from bench.loading import build
from domain.battle import BattleState, replay
from domain.snapshots import to_snapshot
from server.battle_service import stream_id
from server.store.base import Snapshot
from server.store.postgres import PostgresStore
from server.stream_service import to_domain

# One kind of load: a coroutine that works until the event is set.
Load = Callable[[asyncio.Event], Coroutine[Any, Any, None]]

PROBE_GAP = 0.02  # seconds between two liveness probes
SNAPSHOT_EVERY = 100


def client(server: ServerProcess, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=server.url, timeout=60,
                             transport=httpx.AsyncHTTPTransport(local_address=address))


async def probe(server: ServerProcess, seconds: float) -> list[float]:
    samples = []
    async with client(server, "127.0.0.3") as http:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            started = time.perf_counter()
            response = await http.get("/health/live")
            samples.append(time.perf_counter() - started)
            assert response.status_code == 200, response.text
            await asyncio.sleep(PROBE_GAP)
    return samples


async def under(server: ServerProcess, seconds: float, load: list[Load]) -> list[float]:
    stop = asyncio.Event()
    tasks = [asyncio.create_task(work(stop)) for work in load]
    await asyncio.sleep(0.5)  # let the load build up
    try:
        return await probe(server, seconds)
    finally:
        stop.set()
        await asyncio.gather(*tasks)


def line(label: str, samples: list[float], baseline: list[float]) -> str:
    p50, p99, worst = (percentile(samples, f) * 1000 for f in (0.5, 0.99, 1.0))
    ratio = p99 / (percentile(baseline, 0.99) * 1000)
    return (f"  {label:<40} p50 {p50:7.2f} ms   p99 {p99:7.2f} ms   max {worst:7.2f} ms   "
            f"p99 {ratio:5.1f} x idle   (n={len(samples)})")


async def abuse_load(server: ServerProcess, outcomes: Counter[str]) -> list[Load]:
    async with client(server, "127.0.0.2") as http:
        players = [(await http.post("/v1/players", json={"name": n})).json() for n in ("villain", "crony")]
        auth = [{"Authorization": f"Bearer {p['token']}"} for p in players]
        battle = (await http.post("/v1/battles", headers=auth[0], json={"ruleset": "d100", "seats": ["a", "b"]})).json()
        for seat, headers in zip(("a", "b"), auth, strict=True):
            await http.post(f"/v1/battles/{battle['id']}/seats/{seat}", headers=headers, json={})
        await http.post(f"/v1/battles/{battle['id']}/commands", headers=auth[0], json={"type": "start"})

    async def commands(stop: asyncio.Event) -> None:
        async with client(server, "127.0.0.2") as http:
            while not stop.is_set():
                response = await http.post(f"/v1/battles/{battle['id']}/commands", headers=auth[0],
                                           json={"type": "roll", "expression": "1d6"})
                outcomes[f"commands {response.status_code}"] += 1

    async def creations(stop: asyncio.Event) -> None:
        async with client(server, "127.0.0.2") as http:
            while not stop.is_set():
                outcomes[f"players {(await http.post('/v1/players', json={'name': 'x'})).status_code}"] += 1

    each: tuple[Load, Load] = (commands, creations)  # as Loads: a list of the functions themselves is not one
    return [each[0]] * 8 + [each[1]] * 2


def past_state_load(server: ServerProcess, battle_id: str, events: int,
                    outcomes: Counter[str]) -> list[Load]:
    async def reads(stop: asyncio.Event) -> None:
        async with client(server, "127.0.0.2") as http:
            while not stop.is_set():
                at = random.randint(1, events)
                response = await http.get(f"/v1/battles/{battle_id}/state", params={"at": at})
                outcomes[f"state?at= {response.status_code}"] += 1

    return [reads] * 8


async def keep_snapshots(store: PostgresStore, battle_id: str) -> None:
    """A snapshot every SNAPSHOT_EVERY events, as the server keeps them while a battle is played."""
    events = to_domain(await store.read_stream(stream_id(battle_id)))
    state = BattleState()
    for start in range(0, len(events), SNAPSHOT_EVERY):
        state = replay(events[start:start + SNAPSHOT_EVERY], state if start else None)
        schema, data = to_snapshot(state)
        await store.save_snapshot(stream_id(battle_id), Snapshot(version=state.version, schema=schema, state=data))


def started(dsn: str, **env: str) -> ServerProcess:
    server = ServerProcess(dsn)
    server.env.update(env)
    return server.start()


async def drop_snapshots(dsn: str, battle_id: str) -> None:
    store = await PostgresStore.connect(dsn)
    try:
        await store.execute("DELETE FROM snapshots WHERE stream_id = $1", stream_id(battle_id))
    finally:
        await store.close()


async def run(dsn: str, seconds: float, events: int) -> None:
    store = await PostgresStore.connect(dsn)
    try:
        battle_id = await build(store, events)
        await keep_snapshots(store, battle_id)
    finally:
        await store.close()
    limited: Counter[str] = Counter()
    unlimited: Counter[str] = Counter()
    replayed: Counter[str] = Counter()
    server = started(dsn)
    try:
        idle = await probe(server, seconds)
        abused = await under(server, seconds, await abuse_load(server, limited))
        held_reads = await under(server, seconds, past_state_load(server, battle_id, events, limited))
    finally:
        server.stop()
    # As if the 8 came from 8 addresses: only the concurrency bound holds them.
    server = started(dsn, CHRONICLE_RATE_EXPENSIVE_READS="off")
    try:
        idle_unlimited = await probe(server, seconds)
        snapped = await under(server, seconds, past_state_load(server, battle_id, events, unlimited))
        await drop_snapshots(dsn, battle_id)
        full = await under(server, seconds, past_state_load(server, battle_id, events, replayed))
    finally:
        server.stop()
    print(f"/health/live latency, a probe every {PROBE_GAP * 1000:.0f} ms for {seconds:g} s; past states of a "
          f"{events}-event battle")
    print("server with its default limits:")
    print(line("idle (baseline)", idle, idle))
    print(line("abuse: commands x8 + player creation x2", abused, idle))
    print(line("8 x state?at= from one address", held_reads, idle))
    print("expensive-read rate limit off (8 addresses), concurrency bound 2:")
    print(line("idle (baseline)", idle_unlimited, idle_unlimited))
    print(line("8 x state?at=, a snapshot every 100", snapped, idle_unlimited))
    print(line("8 x state?at=, no snapshot", full, idle_unlimited))
    print("responses to the load:")
    for label, outcomes in (("default limits", limited), ("snapshots", unlimited), ("no snapshot", replayed)):
        print(f"  {label:<16} " + ", ".join(f"{name}: {count}" for name, count in sorted(outcomes.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--events", type=int, default=10_000)
    args = parser.parse_args()
    with database() as dsn:
        asyncio.run(run(dsn, args.seconds, args.events))


if __name__ == "__main__":
    main()
