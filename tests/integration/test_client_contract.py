"""Parts of the client contract a browser or a verifier relies on (issue #16): CORS for the
configured origins with the headers a client reads, client seeds that cannot blur the dice's
message, and a start-up that keeps the embedded Postgres's chatter out of the server's log."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from server.app import create_app
from server.embedded import CHATTER_LOG, EmbeddedPostgres
from server.settings import Settings
from server.store.memory import MemoryStore
from tests.e2e.helpers import auth


async def test_cors_answers_the_configured_origins_and_exposes_what_clients_read() -> None:
    app = create_app(Settings(cors_origins=("https://table.example",)), store=MemoryStore())
    async with AsyncTestClient(app) as http:
        allowed = await http.options("/v1/battles", headers={
            "Origin": "https://table.example", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization,idempotency-key"})
        assert allowed.status_code in (200, 204)
        assert allowed.headers["access-control-allow-origin"] == "https://table.example"
        answer = await http.get("/health/live", headers={"Origin": "https://table.example"})
        exposed = {h.strip().lower() for h in answer.headers["access-control-expose-headers"].split(",")}
        assert {"x-request-id", "retry-after", "ratelimit-limit", "ratelimit-remaining"} <= exposed
        other = await http.get("/health/live", headers={"Origin": "https://elsewhere.example"})
        assert "access-control-allow-origin" not in other.headers


async def test_a_client_seed_may_not_hold_the_separator_that_joins_client_seeds() -> None:
    async with AsyncTestClient(create_app(Settings(), store=MemoryStore())) as http:
        player = (await http.post("/v1/players", json={"name": "p"})).json()
        battle = (await http.post("/v1/battles", headers=auth(player),
                                  json={"ruleset": "d100", "seats": ["a", "b"]})).json()
        refused = await http.post(f"/v1/battles/{battle['id']}/seats/a", headers=auth(player),
                                  json={"client_seed": "x,y"})
        assert refused.status_code == 400, refused.text


def test_the_embedded_postgres_chatter_goes_to_its_own_log(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    embedded = EmbeddedPostgres(tmp_path)
    with caplog.at_level(logging.DEBUG):
        embedded.start()
        embedded.stop()
    assert not [r for r in caplog.records if r.name.startswith("embedded_postgres")]
    assert "initdb" in (tmp_path / CHATTER_LOG).read_text()


def test_any_subset_of_the_tests_exits_0_when_it_passes() -> None:
    """A Redis connection left open used to fail a passing subset under `filterwarnings = error`."""
    subset = ["tests/integration/test_two_nodes.py", "tests/e2e/test_d100.py"]
    ran = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *subset],
                         capture_output=True, text=True, check=False, timeout=300)
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-2000:]


async def test_the_api_browser_loads_nothing_from_another_host() -> None:
    """`/schema` works offline: its page's scripts and styles are served by Chronicle itself."""
    import re

    async with AsyncTestClient(create_app(Settings(), store=MemoryStore())) as http:
        page = await http.get("/schema")
        assert page.status_code == 200
        resources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
        assert resources and all(url.startswith("/") for url in resources), resources
        for url in resources:
            assert (await http.get(url)).status_code == 200, url
