"""Group commit of appends on the real Postgres store (issue #19, server/store/append_batches.py):
appends waiting together share one statement and one commit, each still refused or recorded on
its own; batches sharing streams never deadlock; a statement error fails only its own append."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import asyncpg
import pytest

from server.observability import APPEND_BATCHES
from server.store.base import NewEvent, WrongExpectedVersion, seal
from server.store.chain import chain_of
from server.store.postgres import PostgresStore
from server.verification import check_chain


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[PostgresStore]:
    opened = await PostgresStore.connect(database_url, min_size=1, max_size=40)
    yield opened
    await opened.close()


def batches_sent() -> tuple[float, float]:
    """(batches, appends in them) so far, from the store's metric."""
    [metric] = APPEND_BATCHES.collect()
    count = next(sample.value for sample in metric.samples if sample.name.endswith("_count"))
    total = next(sample.value for sample in metric.samples if sample.name.endswith("_sum"))
    return count, total


async def founded(store: PostgresStore, count: int) -> list[str]:
    streams = [f"test-{uuid.uuid4()}" for _ in range(count)]
    for stream in streams:
        await store.append(stream, 0, [NewEvent(type="founded", data={})])
    return streams


async def append_until_recorded(store: PostgresStore, stream: str, data: dict[str, int]) -> None:
    """Append one event, deciding again (reading the version) after every refusal, as commands do."""
    while True:
        version = len(await store.read_stream(stream))
        try:
            await store.append(stream, version, [NewEvent(type="move", data=data)])
            return
        except WrongExpectedVersion:
            await asyncio.sleep(0)


async def test_many_writers_on_many_streams_share_commits_and_every_chain_holds(store: PostgresStore) -> None:
    streams = await founded(store, 24)
    count_before, appends_before = batches_sent()
    # Three writers per stream, racing: every append is refused or recorded on its own.
    await asyncio.gather(*(append_until_recorded(store, stream, {"writer": writer, "round": round_})
                           for round_ in range(5) for stream in streams for writer in range(3)))
    count, appends = batches_sent()
    assert appends - appends_before >= 24 * 3 * 5, "every recorded append went through a batch"
    assert (appends - appends_before) / (count - count_before) > 1.5, "appends waiting together shared commits"
    for stream in streams:
        events = await store.read_stream(stream)
        assert [e.version for e in events] == list(range(1, 17))
        assert check_chain(events, 16) == []
        moves = sorted((e.data["round"], e.data["writer"]) for e in events if e.type == "move")
        assert moves == sorted((r, w) for r in range(5) for w in range(3)), "each append landed exactly once"


async def test_only_one_of_appends_at_one_version_wins_inside_a_batch_or_across_batches(
        store: PostgresStore) -> None:
    [stream] = await founded(store, 1)
    others = await founded(store, 10)

    async def attempt(n: int) -> bool:
        try:
            await store.append(stream, 1, [NewEvent(type="once", data={"n": n})])
            return True
        except WrongExpectedVersion as refused:
            assert refused.actual == 2
            return False

    outcomes = await asyncio.gather(*(attempt(n) for n in range(20)),
                                    *(store.append(other, 1, [NewEvent(type="beside", data={})]) for other in others))
    assert sum(outcome is True for outcome in outcomes[:20]) == 1
    assert [e.version for e in await store.read_stream(stream)] == [1, 2]


async def test_a_batch_takes_its_streams_locks_before_it_locks_any_row(database_url: str) -> None:
    """Why two batches sharing streams never deadlock: each takes every stream's advisory lock
    (7700003, in one order) before it updates a row. With another transaction holding one of the
    locks, a batch waits without holding any stream's row."""
    store = await PostgresStore.connect(database_url, min_size=1, max_size=4)  # two appends out at once
    holder, releaser = await asyncpg.connect(database_url), await asyncpg.connect(database_url)
    try:
        busy, batched = await founded(store, 2), await founded(store, 2)
        moves = {stream: seal(stream, 2, (await store.read_stream(stream))[-1].hash, [NewEvent(type="move", data={})],
                              datetime.now(UTC), chain=chain_of({})) for stream in busy + batched}
        holding, releasing = holder.transaction(), releaser.transaction()
        await holding.start()
        await releasing.start()
        await holder.execute("SELECT 1 FROM streams WHERE stream_id = $1 FOR UPDATE", busy[0])
        await holder.execute("SELECT pg_advisory_xact_lock(7700003, hashtext($1))", batched[1])
        await releaser.execute("SELECT 1 FROM streams WHERE stream_id = $1 FOR UPDATE", busy[1])
        # The first two are sent at once, each alone, and wait for their rows; with no connection
        # left, the next two wait together, and go as one batch once the second row is let go.
        alone = [asyncio.ensure_future(store.append_sealed(stream, 1, moves[stream])) for stream in busy]
        await asyncio.sleep(0.2)
        batch = asyncio.gather(*(store.append_sealed(stream, 1, moves[stream]) for stream in batched))
        await asyncio.sleep(0.2)
        await releasing.commit()
        await asyncio.wait_for(alone[1], 10)
        await asyncio.sleep(0.3)
        assert not batch.done(), "the batch waits for the lock"
        rows = await releaser.fetch("SELECT stream_id FROM streams WHERE stream_id = ANY($1) FOR UPDATE NOWAIT",
                                    batched)
        assert len(rows) == 2, "and holds neither stream's row while it waits"
        await holding.commit()
        await asyncio.wait_for(asyncio.gather(alone[0], batch), 10)
        for stream in busy + batched:
            assert [e.version for e in await store.read_stream(stream)] == [1, 2]
    finally:
        await holder.close()
        await releaser.close()
        await store.close()


async def test_a_statement_error_fails_only_the_append_it_belongs_to(store: PostgresStore) -> None:
    damaged, *sound = await founded(store, 4)
    # As if the stream's head row had been rolled back by hand: version 2 is already in the log,
    # so an append at version 1 breaks the unique (stream, version) constraint.
    await store.execute("UPDATE streams SET version = 1 WHERE stream_id = $1", damaged)
    head = (await store.read_stream(damaged))[-1]
    await store.execute(
        "INSERT INTO events (stream_id, version, type, data, actor, recorded_at, hash, prev_hash) "
        "SELECT stream_id, 2, 'planted', '{}'::jsonb, NULL, recorded_at, hash, hash FROM events "
        "WHERE stream_id = $1 AND version = 1", damaged)
    assert head.version == 1
    results = await asyncio.gather(store.append(damaged, 1, [NewEvent(type="move", data={})]),
                                   *(store.append(stream, 1, [NewEvent(type="move", data={})]) for stream in sound),
                                   return_exceptions=True)
    assert isinstance(results[0], asyncpg.UniqueViolationError)
    assert all(not isinstance(result, BaseException) for result in results[1:])
    for stream in sound:
        assert [e.version for e in await store.read_stream(stream)] == [1, 2]
