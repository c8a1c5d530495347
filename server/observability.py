"""Operations: JSON logs carrying a request id and battle id, and Prometheus metrics."""

from __future__ import annotations

import contextvars
import functools
import json
import logging
import os
import sys
import time
from typing import Any

from litestar import Request, Response, get
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest

request_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
battle_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar("battle_id", default=None)

REQUEST_ID_HEADER = "x-request-id"
_REQUEST_ID = REQUEST_ID_HEADER.encode()
# Scope key: the request's id, metrics, rate limit and body timeout were applied outside Litestar
# (server/fast_commands.py), so the same middlewares inside it let the request pass.
OUTER = "chronicle.outer"

COMMAND_LATENCY = Histogram("chronicle_command_seconds", "Time to decide and commit a command", ["type"],
                            buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0))
APPEND_BATCHES = Histogram("chronicle_append_batch_size", "Single-event appends sent to Postgres in one statement "
                           "and commit (server/store/append_batches.py)", buckets=(1, 2, 4, 8, 16, 32, 64))
APPEND_CONFLICTS = Counter("chronicle_append_conflicts_total", "Appends refused for a stale expected version")
REFUSALS_AFTER_DRAW = Counter("chronicle_refusals_after_draw_total",
                              "Commands whose decision failed after drawing dice (a bug: alarm on any)", ["kind"])
WEBSOCKETS = Gauge("chronicle_websocket_connections", "Open battle stream websockets")
FANOUT_LAG = Histogram("chronicle_fanout_lag_seconds", "From an event's commit to its relay to this node's watchers",
                       buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.0))
REQUEST_LATENCY = Histogram("chronicle_http_request_seconds", "HTTP request latency", ["method", "route", "status"],
                            buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.0))


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if request_id := request_id_var.get():
            entry["request_id"] = request_id
        if battle_id := battle_id_var.get():
            entry["battle_id"] = battle_id
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry)


def configure_logging(level: str) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())


@functools.lru_cache(maxsize=256)
def command_latency(command_type: str) -> Any:
    """The decide-and-commit histogram of one command type (found once, as `latency_of`)."""
    return COMMAND_LATENCY.labels(command_type)


@functools.lru_cache(maxsize=1024)
def latency_of(method: str, route: str, status: int) -> Any:
    """The latency histogram of one route and status (found once: `labels` costs a lookup under a lock)."""
    return REQUEST_LATENCY.labels(method, route, str(status))


def request_context_middleware(app: ASGIApp) -> ASGIApp:
    """Gives every request an id (the client's X-Request-ID, or a new one), echoed in the
    response and in every log line, and records its latency by route template."""

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or OUTER in scope:
            await app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(_REQUEST_ID, b"").decode("latin-1")
        request_id = given if 0 < len(given) <= 100 else os.urandom(16).hex()
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", []), (_REQUEST_ID, request_id.encode())]
            await send(message)

        try:
            await app(scope, receive, send_with_id)
        finally:
            route = scope.get("path_template") or "unmatched"
            latency_of(scope["method"], route, status).observe(time.perf_counter() - started)
            request_id_var.reset(token)

    return middleware


@get("/metrics", include_in_schema=False, sync_to_thread=False)
def metrics(request: Request[Any, Any, Any]) -> Response[bytes]:
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)
