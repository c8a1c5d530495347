"""What the benchmarks share: a database (DATABASE_URL or the embedded one), a live server
on loopback, and percentile helpers."""

from __future__ import annotations

import os
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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


@contextmanager
def live_server(dsn: str, redis_url: str | None = None) -> Iterator[str]:
    port = free_port()
    config = uvicorn.Config(create_app(Settings(database_url=dsn, redis_url=redis_url)), host="127.0.0.1",
                            port=port, log_level="warning", ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(samples: list[float]) -> tuple[float, float]:
    """(median, p99) in milliseconds."""
    return statistics.median(samples) * 1000, percentile(samples, 0.99) * 1000


__all__ = ["database", "database_dsn", "live_server", "summary"]
