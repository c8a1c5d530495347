"""The server processes behind the store's connections die mid-operation, as they do when
Postgres crashes or fails over (here: pg_terminate_backend on this store's own connections,
found by their application_name; the shared server keeps running). Every failure the store
reports is StoreUnavailable, which the API answers with 503 and Retry-After, never another
asyncpg error (which would be a 500); once the killing stops, the store works again."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from server.credentials import ALL_SCOPES, mint
from server.store.base import NewEvent, Player, StoreUnavailable
from server.store.postgres import PostgresStore

KILLS = 80


def with_application_name(dsn: str, name: str) -> str:
    parts = urlsplit(dsn)
    query = f"{parts.query}&application_name={name}" if parts.query else f"application_name={name}"
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, parts.fragment))


async def test_connections_killed_mid_operation_are_reported_as_store_unavailable(database_url: str) -> None:
    name = f"chronicle-kill-{uuid.uuid4().hex[:8]}"
    store = await PostgresStore.connect(with_application_name(database_url, name), min_size=2, max_size=10)
    admin = await asyncpg.connect(database_url)
    reported_unavailable = 0
    other_errors: list[BaseException] = []
    killing = True

    async def create_player() -> None:
        player = Player(id=uuid.uuid4().hex, name="p")
        _, token = mint(player.id, ALL_SCOPES, datetime.now(UTC))
        await store.create_player(player, token, None, (201, b"{}"))

    async def append() -> None:
        await store.append(f"test-{uuid.uuid4()}", 0, [NewEvent(type="noted", data={"n": 1}, actor="p")])

    async def read() -> None:
        await store.read_stream(f"test-{uuid.uuid4()}")

    async def keep_busy(operation: Callable[[], Awaitable[None]]) -> None:
        nonlocal reported_unavailable
        while killing:
            try:
                await operation()
            except StoreUnavailable:
                reported_unavailable += 1
            except Exception as exc:  # collected: the assertion below names them
                other_errors.append(exc)

    try:
        workers = [asyncio.create_task(keep_busy(op)) for op in (create_player, append, read) for _ in range(6)]
        for _ in range(KILLS):
            await asyncio.sleep(0.02)
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
                                name)
        killing = False
        await asyncio.gather(*workers)
        assert [repr(exc) for exc in other_errors] == []
        assert reported_unavailable > 0, "the connections were killed while in use"
        await append()
        await store.ping()
    finally:
        await admin.close()
        await store.close()


async def test_append_lane_connections_killed_while_idle_are_replaced(database_url: str) -> None:
    """The connections the store keeps checked out for appends (its append lane) die while idle:
    each fails one append at most, with StoreUnavailable, and is replaced; closing the store
    does not wait for them."""
    name = f"chronicle-lane-{uuid.uuid4().hex[:8]}"
    store = await PostgresStore.connect(with_application_name(database_url, name), min_size=1, max_size=10,
                                        lane_size=3)
    admin = await asyncpg.connect(database_url)
    streams = [f"test-{uuid.uuid4()}" for _ in range(3)]
    try:
        # Three appends at once: three lane connections.
        await asyncio.gather(*(store.append(s, 0, [NewEvent(type="noted", data={"n": 1})]) for s in streams))
        await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
                            name)
        failed = 0
        for version in range(1, 8):
            try:
                await store.append(streams[0], version - failed, [NewEvent(type="noted", data={"n": version})])
            except StoreUnavailable:
                failed += 1
        # The lane drops a connection the pool has already taken back (none fails then); one
        # whose death the client has not noticed yet fails one append.
        assert failed <= 3, "each dead connection fails one append at most"
        assert len(await store.read_stream(streams[0])) == 1 + 7 - failed
    finally:
        await admin.close()
        await asyncio.wait_for(store.close(), 10)
