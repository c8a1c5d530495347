"""Loading a 10,000-event battle: full replay, and snapshot + tail, beside a bare fetch of
the same rows plus msgspec decode, measured in the same run.

    python -m bench.loading [--events 10000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import uuid
from collections.abc import Awaitable, Callable

import asyncpg
import msgspec

from bench.harness import database
from domain.battle import BattleState, decide, evolve, replay
from domain.codec import event_data, event_type
from domain.commands import ClaimSeat, CreateBattle, RollDice, Start
from domain.dice import HmacDice
from domain.snapshots import to_snapshot
from server.battle_service import BattleService, stream_id
from server.store.base import NewEvent, Snapshot
from server.store.postgres import PostgresStore
from server.stream_service import to_domain

SEED = b"\x09" * 32
TAIL = 50


def battle_events(battle_id: str, rolls: int) -> list[NewEvent]:
    state, recorded = BattleState(), []
    commands = [(CreateBattle(battle_id=battle_id, ruleset="d100", seats=("a", "b")), "p"),
                (ClaimSeat(seat="a"), "p"), (ClaimSeat(seat="b"), "q"), (Start(), "p")]
    commands += [(RollDice(expression="2d6+1d4"), "p")] * rolls
    for command, actor in commands:
        for event in decide(state, command, HmacDice(SEED, battle_id, state.client_seeds, state.next_nonce), actor):
            state = evolve(state, event)
            recorded.append(NewEvent(type=event_type(event), data=event_data(event), actor=actor))
    return recorded


async def build(store: PostgresStore, count: int) -> str:
    battle_id = str(uuid.uuid4())
    events = battle_events(battle_id, count - 4)
    for start in range(0, len(events), 500):
        await store.append(stream_id(battle_id), start, events[start:start + 500], secret=SEED if not start else None)
    return battle_id


async def timed(repeat: int, action: Callable[[], Awaitable[object]]) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        await action()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1000


async def run(dsn: str, count: int, repeat: int) -> None:
    store = await PostgresStore.connect(dsn)
    battle_id = await build(store, count)
    stream = stream_id(battle_id)
    connection = await asyncpg.connect(dsn)
    decode = msgspec.json.Decoder().decode

    async def bare_fetch_and_decode() -> None:
        rows = await connection.fetch("SELECT version, type, data::text, actor, recorded_at, hash, prev_hash "
                                      "FROM events WHERE stream_id = $1 ORDER BY version", stream)
        [decode(row[2]) for row in rows]

    async def full_replay() -> None:
        replay(to_domain(await store.read_stream(stream)))

    # A snapshot TAIL events before the end, as the service writes every N events.
    service = BattleService(store, lambda stream, messages: None)
    schema, data = to_snapshot(await service.load(battle_id, through=count - TAIL))
    await store.save_snapshot(stream, Snapshot(version=count - TAIL, schema=schema, state=data))

    async def snapshot_plus_tail() -> None:
        await BattleService(store, lambda stream, messages: None).load(battle_id)

    try:
        bare = await timed(repeat, bare_fetch_and_decode)
        replayed = await timed(repeat, full_replay)
        snapped = await timed(repeat, snapshot_plus_tail)
        print(f"loading a {count}-event battle (medians of {repeat})")
        print(f"  bare fetch + msgspec decode   {bare:8.2f} ms")
        print(f"  full replay                   {replayed:8.2f} ms   {replayed / bare:5.2f} x bare")
        print(f"  snapshot + tail               {snapped:8.2f} ms   {snapped / bare:5.2f} x bare")
    finally:
        await connection.close()
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with database() as dsn:
        asyncio.run(run(dsn, args.events, args.repeat))


if __name__ == "__main__":
    main()
