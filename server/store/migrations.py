"""Versioned SQL migrations, applied in order at start-up and by `chronicle migrate`."""

from __future__ import annotations

from importlib import resources

import asyncpg

# Any constant works; it only has to be the same on every node so that two nodes
# starting together do not both apply a migration.
_MIGRATION_LOCK = 7_700_001


def _migration_files() -> list[tuple[int, str]]:
    folder = resources.files("server.store") / "migrations"
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            found.append((int(entry.name.split("_", 1)[0]), entry.read_text()))
    return sorted(found)


async def migrate(connection: asyncpg.Connection) -> list[int]:
    """Apply the migrations not yet applied; returns their numbers."""
    applied_now = []
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, "
            "applied_at timestamptz NOT NULL DEFAULT now())")
        done = {row["version"] for row in await connection.fetch("SELECT version FROM schema_migrations")}
        for number, sql in _migration_files():
            if number not in done:
                await connection.execute(sql)
                await connection.execute("INSERT INTO schema_migrations (version) VALUES ($1)", number)
                applied_now.append(number)
    return applied_now
