"""What an operator relies on: health split into live and ready, Prometheus metrics, a
request id on every response and in every JSON log line."""

from __future__ import annotations

import json
import logging

import httpx
import pytest

from server.observability import JsonFormatter, battle_id_var, request_id_var
from tests.e2e.helpers import command, started_battle


async def test_live_and_ready(client: httpx.AsyncClient) -> None:
    assert (await client.get("/health/live")).json() == {"status": "ok"}
    ready = (await client.get("/health/ready")).json()
    assert ready["status"] == "ok" and ready["store"] == "postgres"


async def test_metrics_count_commands_conflicts_and_watchers(client: httpx.AsyncClient) -> None:
    battle, alice, _ = await started_battle(client)
    await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6"})
    await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6", "expected_version": 1})
    text = (await client.get("/metrics")).text
    for name in ("chronicle_command_seconds_bucket{", 'type="roll"', "chronicle_append_conflicts_total",
                 "chronicle_websocket_connections", "chronicle_fanout_lag_seconds",
                 'chronicle_http_request_seconds_count{method="POST",route="/v1/battles/{battle_id}/commands"'):
        assert name in text, name


async def test_request_id_is_echoed_or_made(client: httpx.AsyncClient) -> None:
    given = await client.get("/v1/rulesets", headers={"X-Request-ID": "trace-me-123"})
    assert given.headers["x-request-id"] == "trace-me-123"
    made = await client.get("/v1/rulesets")
    assert len(made.headers["x-request-id"]) == 32


def test_log_lines_are_json_with_request_and_battle_ids() -> None:
    request_token = request_id_var.set("req-1")
    battle_token = battle_id_var.set("battle-9")
    try:
        record = logging.LogRecord("chronicle", logging.WARNING, __file__, 1, "append %s", ("refused",), None)
        line = json.loads(JsonFormatter().format(record))
    finally:
        request_id_var.reset(request_token)
        battle_id_var.reset(battle_token)
    assert line["message"] == "append refused" and line["level"] == "warning"
    assert (line["request_id"], line["battle_id"]) == ("req-1", "battle-9")


async def test_refusals_are_answered_not_logged_as_errors(client: httpx.AsyncClient,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    """A 4xx is the API working: no ERROR line with a traceback for a broken rule, a stale
    version, an unknown battle or a malformed body (only unexpected errors are logged so)."""
    caplog.set_level(logging.INFO)
    battle, alice, _ = await started_battle(client)
    refused = [
        await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6", "seat": "nobody"}),
        await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6", "expected_version": 1}),
        await command(client, alice, "00000000-0000-4000-8000-000000000000", {"type": "roll", "expression": "1d6"}),
        await command(client, alice, battle["id"], {"type": "no such command"}),
    ]
    assert [r.status_code for r in refused] == [422, 409, 404, 400]
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
