"""Postgres briefly unavailable: commands fail with 503 and Retry-After, and the server
recovers by itself once the database is back (no restart)."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.embedded import EmbeddedPostgres, ensure_database
from server.settings import Settings
from tests.conftest import LiveServer
from tests.e2e.helpers import command, key, started_battle


@pytest.fixture
def own_postgres() -> Iterator[tuple[EmbeddedPostgres, str]]:
    """A Postgres this test may stop and start (never the shared one)."""
    embedded = EmbeddedPostgres(Path(tempfile.mkdtemp(prefix="chronicle-outage-")))
    base = embedded.start()
    dsn = asyncio.run(ensure_database(base))
    yield embedded, dsn
    embedded.stop()
    shutil.rmtree(embedded.pgdata.parent, ignore_errors=True)


def test_commands_get_503_while_postgres_is_down_and_work_again_after(
        own_postgres: tuple[EmbeddedPostgres, str]) -> None:
    embedded, dsn = own_postgres
    with LiveServer(Settings(database_url=dsn)) as server:
        async def scenario() -> None:
            async with httpx.AsyncClient(base_url=server.url, timeout=20) as client:
                battle, alice, _ = await started_battle(client)
                embedded.stop()
                retry_key = key()
                down = await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6"}, retry_key)
                assert down.status_code == 503, down.text
                assert down.headers["retry-after"] == "1"
                assert down.json()["rule"] == "store-unavailable"
                assert (await client.get(f"/v1/battles/{battle['id']}")).status_code == 503
                assert (await client.get("/health")).status_code == 503

                embedded.start()
                up = await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6"}, retry_key)
                assert up.status_code == 201, up.text
                assert (await client.get("/health")).status_code == 200
                events = (await client.get(f"/v1/battles/{battle['id']}/events")).json()["events"]
                assert [e["type"] for e in events].count("dice_rolled") == 1

        asyncio.run(scenario())
