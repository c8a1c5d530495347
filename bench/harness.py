"""What the benchmarks share: a database (DATABASE_URL or the embedded one), a live server
on loopback, and percentile helpers."""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import uvicorn

from server.app import create_app
from server.embedded import EmbeddedPostgres, database_dsn
from server.settings import Settings


@contextmanager
def database() -> Iterator[str]:
    given = os.environ.get("DATABASE_URL")
    if given:
        yield given
        return
    embedded = EmbeddedPostgres(Path(tempfile.mkdtemp(prefix="chronicle-bench-pg-")))
    base = embedded.start()
    try:
        yield base
    finally:
        embedded.stop()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(samples: list[float]) -> tuple[float, float]:
    """(median, p99) in milliseconds."""
    return statistics.median(samples) * 1000, percentile(samples, 0.99) * 1000


__all__ = ["LiveServer", "ServerProcess", "database", "database_dsn", "free_port", "summary"]
