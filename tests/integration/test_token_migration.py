"""Migration 0005 on a database written before it: players' tokens keep working (as legacy
tokens with every scope), idempotency keys end up hashed with their records still answering
retries, and the stored anonymous responses, which held tokens in clear, are gone."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import AsyncIterator
from importlib import resources

import asyncpg
import httpx
import pytest

from server.embedded import database_dsn
from server.settings import Settings
from server.store.postgres import PostgresStore
from tests.conftest import LiveServer

BEFORE_TOKENS = 4  # the last migration before tokens had their own table


async def _apply_migrations_through(connection: asyncpg.Connection, last: int) -> None:
    """What `migrate` did when `last` was the newest migration."""
    await connection.execute("CREATE TABLE schema_migrations (version integer PRIMARY KEY, "
                             "applied_at timestamptz NOT NULL DEFAULT now())")
    folder = resources.files("server.store") / "migrations"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        number = int(entry.name.split("_", 1)[0]) if entry.name.endswith(".sql") else None
        if number is not None and number <= last:
            await connection.execute(entry.read_text())
            await connection.execute("INSERT INTO schema_migrations (version) VALUES ($1)", number)


@pytest.fixture
async def old_database(database_url: str) -> AsyncIterator[str]:
    """A database of its own, migrated only as far as BEFORE_TOKENS."""
    name = f"chronicle_old_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(database_url)
    await admin.execute(f'CREATE DATABASE "{name}"')
    dsn = database_dsn(database_url, name)
    connection = await asyncpg.connect(dsn)
    try:
        await _apply_migrations_through(connection, BEFORE_TOKENS)
    finally:
        await connection.close()
    yield dsn
    await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    await admin.close()


async def test_existing_tokens_and_idempotency_records_survive_the_migration(old_database: str) -> None:
    legacy_text, player_id = "Q2xhc3NpYy10b2tlbi1vZi1iZWZvcmUtdG9rZW5zLWhhZC1pZHM", str(uuid.uuid4())
    connection = await asyncpg.connect(old_database)
    try:
        await connection.execute("INSERT INTO players (id, name, token_hash) VALUES ($1, 'veteran', $2)",
                                 player_id, hashlib.sha256(legacy_text.encode()).hexdigest())
        await connection.execute(
            """INSERT INTO idempotent_responses (scope, key, request_hash, status, body) VALUES
               ($1, 'battle-key', 'h', 201, 'the battle'::bytea),
               ('anonymous:players', 'player-key', 'h', 201, '{"token": "in clear"}'::bytea)""",
            f"player:{player_id}")
    finally:
        await connection.close()

    store = await PostgresStore.connect(old_database, min_size=1, max_size=2)
    try:
        stored = await store.stored_response(f"player:{player_id}", "battle-key")
        assert stored is not None and stored.body == b"the battle", "a retry after the upgrade still replays"
        assert await store.execute("SELECT 1 FROM idempotent_responses WHERE key = 'battle-key'") == "SELECT 0"
        assert await store.execute("SELECT 1 FROM idempotent_responses WHERE key = $1",
                                   hashlib.sha256(b"battle-key").hexdigest()) == "SELECT 1"
        assert await store.execute("SELECT 1 FROM idempotent_responses WHERE scope LIKE 'anonymous:%'") == "SELECT 0"
    finally:
        await store.close()

    with LiveServer(Settings(database_url=old_database)) as server:
        async with httpx.AsyncClient(base_url=server.url, timeout=20) as client:
            veteran = {"Authorization": f"Bearer {legacy_text}"}
            listed = await client.get("/v1/tokens", headers=veteran)
            assert listed.status_code == 200, listed.text
            [token] = listed.json()["tokens"]
            assert (token["scopes"], token["expires_at"], token["revoked"]) == (["play", "organise", "read"],
                                                                                 None, False)
            battle = await client.post("/v1/battles", headers=veteran, json={"ruleset": "d100", "seats": ["a", "b"]})
            assert battle.status_code == 201, battle.text
            assert battle.json()["id"]

            rotated = await client.post(f"/v1/tokens/{token['id']}/rotate", headers=veteran)
            assert rotated.status_code == 200
            assert rotated.json()["token"].startswith(f"ct1.{token['id']}.")
            assert (await client.get("/v1/tokens", headers=veteran)).json()["rule"] == "token-unknown"
            renewed = {"Authorization": f"Bearer {rotated.json()['token']}"}
            assert (await client.get("/v1/tokens", headers=renewed)).status_code == 200
