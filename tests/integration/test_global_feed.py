"""The global feed without a global writer lock (issue #19, point 1).

Appends to different streams run in parallel, so events no longer commit in position order.
A subscriber that follows the feed by its checkpoint must still see every committed event
exactly once, each stream in version order, however transactions interleave, stay open or roll
back, and however often it restarts from its stored checkpoint.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import AsyncIterator, Awaitable
from typing import Any

import asyncpg
import pytest

from server.embedded import database_dsn
from server.store.base import EventStore, NewEvent, RecordedEvent
from server.store.memory import MemoryStore
from server.store.migrations import migrate
from server.store.postgres import PostgresStore, _init_connection
from tests.integration.test_token_migration import _apply_migrations_through

FEED = "feed-test"


@pytest.fixture(params=["memory", "postgres", "postgres-feed-cache"])
async def store(request: pytest.FixtureRequest, database_url: str) -> AsyncIterator[EventStore]:
    if request.param == "memory":
        yield MemoryStore()
        return
    cache = 40 if request.param == "postgres-feed-cache" else 0  # small: its oldest links are dropped too
    store = await PostgresStore.connect(database_url, min_size=1, max_size=40, feed_wait=0.05, feed_cache=cache)
    yield store
    await store.close()


def stream_name() -> str:
    return f"feed-{uuid.uuid4()}"


def batch(size: int, tag: str) -> list[NewEvent]:
    return [NewEvent(type="w", data={"tag": tag, "n": n}) for n in range(size)]


async def feed_end(store: EventStore) -> int:
    """The position of the feed's last event (where a new subscriber starts)."""
    checkpoint, page = 0, await store.read_all(0, 1000)
    while page:
        checkpoint = page[-1].position
        page = await store.read_all(checkpoint, 1000)
    return checkpoint


class Subscriber:
    """Follows the feed from a checkpoint kept in the store (as the projector does), in small
    pages, and forgets everything but that checkpoint on every `restart`."""

    def __init__(self, name: str, page: int) -> None:
        self.name = name
        self.page = page
        self.seen: list[RecordedEvent] = []

    async def start_at(self, store: EventStore, checkpoint: int) -> None:
        assert await store.commit_projection(self.name, 0, checkpoint, [], [])

    async def step(self, store: EventStore) -> int:
        """Read and acknowledge one page from the stored checkpoint; how many events it held."""
        checkpoint = await store.projection_position(self.name)
        events = await store.read_all(checkpoint, self.page)
        if events:
            assert await store.commit_projection(self.name, checkpoint, events[-1].position, [], [])
            self.seen += events
        return len(events)

    async def follow_while(self, store: EventStore, writers: Awaitable[Any]) -> None:
        """Read page after page for as long as `writers` run."""
        running = asyncio.ensure_future(writers)
        while not running.done():
            await self.step(store)
            await asyncio.sleep(0)
        await running

    async def drain(self, store: EventStore) -> None:
        while await self.step(store):
            pass


def key(event: RecordedEvent) -> tuple[str, int]:
    return event.stream_id, event.version


def assert_exactly_once_in_order(seen: list[RecordedEvent], expected: dict[str, int]) -> None:
    """`seen` holds every version of each stream in `expected` once, in version order, and
    nothing of any other stream (of this test) that was rolled back."""
    mine = [(e.stream_id, e.version) for e in seen if e.stream_id.startswith("feed-")]
    assert len(mine) == len(set(mine)), "an event was delivered twice"
    for stream, last in expected.items():
        assert [v for s, v in mine if s == stream] == list(range(1, last + 1)), f"{stream} skipped or out of order"
    assert {s for s, _ in mine} == set(expected), "an event of a rolled back append was delivered"


async def test_many_writers_and_a_restarting_subscriber_see_every_event_once(store: EventStore) -> None:
    subscriber = Subscriber(f"{FEED}-{uuid.uuid4()}", page=7)
    await subscriber.start_at(store, await feed_end(store))
    streams = [stream_name() for _ in range(16)]
    rng = random.Random(19)
    sizes = {s: [rng.randint(1, 3) for _ in range(12)] for s in streams}
    async def writer(stream: str) -> None:
        version = 0
        for size in sizes[stream]:
            await store.append(stream, version, batch(size, stream))
            version += size
            await asyncio.sleep(0)

    await subscriber.follow_while(store, asyncio.gather(*(writer(s) for s in streams)))
    # A restart: a new subscriber that knows only the stored checkpoint.
    restarted = Subscriber(subscriber.name, page=5)
    await restarted.drain(store)
    assert_exactly_once_in_order(subscriber.seen + restarted.seen, {s: sum(sizes[s]) for s in streams})


async def write_each(store: EventStore, streams: list[str], versions: int) -> None:
    """`versions` single-event appends to each of `streams`, the writers taking turns."""

    async def writer(stream: str) -> None:
        for version in range(versions):
            await store.append(stream, version, batch(1, stream))
            await asyncio.sleep(0)

    await asyncio.gather(*(writer(s) for s in streams))


class HeldAppend:
    """An append in a transaction of its own, left open until `end` commits or rolls it back:
    it has its transaction id and positions before the appends that commit while it is open."""

    def __init__(self, connection: asyncpg.Connection, stream: str, size: int) -> None:
        self.connection = connection
        self.stream = stream
        self.size = size
        self.transaction = connection.transaction()

    @classmethod
    async def open(cls, dsn: str, size: int) -> HeldAppend:
        connection = await asyncpg.connect(dsn)
        await _init_connection(connection)
        held = cls(connection, stream_name(), size)
        await held.transaction.start()
        # A store over the one connection: its append runs inside the open transaction.
        in_transaction = PostgresStore(connection, lane_size=0)  # type: ignore[arg-type]
        await in_transaction.append(held.stream, 0, batch(size, held.stream))
        return held

    async def end(self, commit: bool) -> None:
        try:
            if commit:
                await self.transaction.commit()
            else:
                await self.transaction.rollback()
        finally:
            await self.connection.close()


async def test_transactions_held_open_never_make_the_feed_skip_or_repeat(database_url: str) -> None:
    store = await PostgresStore.connect(database_url, min_size=1, max_size=40, feed_wait=0.02)
    try:
        subscriber = Subscriber(f"{FEED}-{uuid.uuid4()}", page=4)
        await subscriber.start_at(store, await feed_end(store))
        expected: dict[str, int] = {}
        rng = random.Random(7)
        for _round in range(6):
            held = [await HeldAppend.open(database_url, rng.randint(1, 3)) for _ in range(3)]
            streams = [stream_name() for _ in range(8)]
            await subscriber.follow_while(store, write_each(store, streams, 5))
            expected.update({s: 5 for s in streams})
            await subscriber.drain(store)
            # Commit two of them in a random order and roll one back, reading in between.
            rng.shuffle(held)
            for n, append in enumerate(held):
                await append.end(commit=n != 1)
                if n != 1:
                    expected[append.stream] = append.size
                await subscriber.step(store)
        await subscriber.drain(store)
        # A subscriber restarted on a store of its own (a new pool) from the stored checkpoint
        # finds nothing left over: it resumes exactly where the first one stopped.
        other = await PostgresStore.connect(database_url, min_size=1, max_size=2, run_migrations=False)
        try:
            restarted = Subscriber(subscriber.name, page=4)
            await restarted.drain(other)
            assert restarted.seen == []
        finally:
            await other.close()
        assert_exactly_once_in_order(subscriber.seen, expected)
    finally:
        await store.close()


async def test_subscribers_sharing_a_feed_cache_see_every_event_once(database_url: str) -> None:
    """The background process's subscribers share one store whose feed cache serves each the
    pages another read (server/store/feed_cache.py): with transactions held open and rolled
    back, writers racing and pages of different sizes, each still sees every event once and in
    order, and the cache did serve them."""
    store = await PostgresStore.connect(database_url, min_size=1, max_size=40, feed_wait=0.02, feed_cache=60)
    try:
        start = await feed_end(store)
        subscribers = [Subscriber(f"{FEED}-{uuid.uuid4()}", page=page) for page in (3, 5, 8, 13)]
        for subscriber in subscribers:
            await subscriber.start_at(store, start)
        expected: dict[str, int] = {}
        rng = random.Random(23)

        async def all_follow(writers: Awaitable[Any]) -> None:
            running = asyncio.ensure_future(writers)
            while not running.done():
                for subscriber in rng.sample(subscribers, len(subscribers)):
                    await subscriber.step(store)
                await asyncio.sleep(0)
            await running

        for _round in range(4):
            held = [await HeldAppend.open(database_url, rng.randint(1, 3)) for _ in range(2)]
            streams = [stream_name() for _ in range(8)]
            await all_follow(write_each(store, streams, 4))
            expected.update({s: 4 for s in streams})
            await held[0].end(commit=True)
            expected[held[0].stream] = held[0].size
            await all_follow(held[1].end(commit=False))
        for subscriber in subscribers:
            await subscriber.drain(store)
            assert_exactly_once_in_order(subscriber.seen, expected)
        assert store.feed_cache_served > 0, "no page came from the cache"
    finally:
        await store.close()


async def test_events_committed_while_a_transaction_is_open_wait_for_it_in_the_feed(database_url: str) -> None:
    """A reader catching up right after its own append (the battle list after a create) waits
    for an older transaction still open, then gets both, the older one first."""
    store = await PostgresStore.connect(database_url, min_size=1, max_size=4, feed_wait=30)
    try:
        start = await feed_end(store)
        held = await HeldAppend.open(database_url, 2)
        mine = stream_name()
        await store.append(mine, 0, batch(1, mine))

        async def commit_later() -> None:
            await asyncio.sleep(0.2)
            await held.end(commit=True)

        ender = asyncio.create_task(commit_later())
        read = await store.read_all(start, 100)
        await ender
        assert [(e.stream_id, e.version) for e in read] == [(held.stream, 1), (held.stream, 2), (mine, 1)]
    finally:
        await store.close()


@pytest.fixture
async def database_at_0007(database_url: str) -> AsyncIterator[str]:
    """A database of its own, migrated as far as 0007 (before the feed had transaction ids)."""
    name = f"chronicle_feed_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(database_url)
    await admin.execute(f'CREATE DATABASE "{name}"')
    dsn = database_dsn(database_url, name)
    connection = await asyncpg.connect(dsn)
    try:
        await _apply_migrations_through(connection, 7)
    finally:
        await connection.close()
    yield dsn
    await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    await admin.close()


async def test_events_recorded_before_the_migration_keep_their_order_and_checkpoints(database_at_0007: str) -> None:
    old_streams = [stream_name() for _ in range(3)]
    before = await PostgresStore.connect(database_at_0007, run_migrations=False)
    try:
        for version in range(4):
            for stream in old_streams:
                await before.append(stream, version, batch(1, stream))
        # The feed as 0007 read it: by position (commit order under its global lock).
        raw = await asyncpg.connect(database_at_0007)
        rows = await raw.fetch("SELECT stream_id, version, position FROM events ORDER BY position")
        await raw.close()
        old_feed = [(row["stream_id"], row["version"]) for row in rows]
        assert await before.commit_projection(FEED, 0, rows[5]["position"], [], [])
    finally:
        await before.close()

    connection = await asyncpg.connect(database_at_0007)
    try:
        applied = await migrate(connection)
        assert applied[0] == 8 and applied == sorted(applied)  # 0008 and whatever came after it
    finally:
        await connection.close()

    after = await PostgresStore.connect(database_at_0007, run_migrations=False)
    try:
        new_stream = stream_name()
        await after.append(new_stream, 0, batch(2, new_stream))
        await after.append(old_streams[0], 4, batch(1, old_streams[0]))
        assert [key(e) for e in await after.read_all(0, 100)][:12] == old_feed
        resumed = await after.read_all(await after.projection_position(FEED), 100)
        assert [key(e) for e in resumed] == [*old_feed[6:], (new_stream, 1), (new_stream, 2), (old_streams[0], 5)]
    finally:
        await after.close()


async def test_one_node_at_a_time_takes_a_subscribers_turn(store: EventStore) -> None:
    """Subscribers on several nodes take turns (`projection_turn`) rather than all folding the
    same events for one of them to win the checkpoint (issue #19: work paid once per node)."""
    name = f"{FEED}-{uuid.uuid4()}"

    async def take(wait: bool) -> bool:
        async with store.projection_turn(name, wait) as mine:
            return mine

    async with store.projection_turn(name) as first:
        assert first
        assert not await take(wait=False), "a background loop leaves the turn to the node holding it"
        waiting = asyncio.create_task(take(wait=True))
        await asyncio.sleep(0.05)
        assert not waiting.done(), "a reader waits for the turn"
        async with store.projection_turn(f"{name}-other", wait=False) as other:
            assert other, "another subscriber's turn is its own"
    assert await waiting
    assert await take(wait=False)


async def test_the_append_lane_never_holds_up_a_small_pool(database_url: str) -> None:
    """The connections kept for appends are at most half the pool: with a pool of two, four
    appends at once and the reads after them all go through."""
    store = await PostgresStore.connect(database_url, min_size=1, max_size=2)
    try:
        streams = [stream_name() for _ in range(4)]

        async def appends_then_reads() -> list[list[RecordedEvent]]:
            await asyncio.gather(*(store.append(s, 0, batch(1, s)) for s in streams))
            return list(await asyncio.gather(*(store.read_stream(s) for s in streams)))

        read = await asyncio.wait_for(appends_then_reads(), 20)
        assert [len(events) for events in read] == [1, 1, 1, 1]
    finally:
        await store.close()
