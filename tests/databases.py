"""A database of a test's own on the session's Postgres server, made and dropped around it: for
tests whose background subscribers (projector, tournament runner, clock watcher, notifier) must
not share their work with the session's live server."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import asyncpg

from server.embedded import database_dsn


async def _admin(dsn: str, sql: str) -> None:
    connection = await asyncpg.connect(dsn)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@contextmanager
def database_of_its_own(base_dsn: str, prefix: str = "chronicle_own") -> Iterator[str]:
    """The DSN of a new database on `base_dsn`'s server, dropped afterwards."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    asyncio.run(_admin(base_dsn, f'CREATE DATABASE "{name}"'))
    try:
        yield database_dsn(base_dsn, name)
    finally:
        asyncio.run(_admin(base_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
