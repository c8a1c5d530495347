"""The battle list and player records: kept by the checkpointed projector, rebuilt from
the log by `chronicle projections rebuild` into the very same rows."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import asyncpg
import pytest

from domain.commands import ClaimSeat, Concede, RollDice, Start
from server.battle_service import BattleService
from server.cli import main as chronicle
from server.projector import Projector
from server.store.postgres import PostgresStore


async def play_some_battles(dsn: str) -> None:
    store = await PostgresStore.connect(dsn)
    try:
        service = BattleService(store, lambda stream, messages: None)
        for n in range(3):
            battle_id = json.loads((await service.create(f"p{n}", "d100", ["a", "b"], {}, None)).body)["id"]
            await service.claim(f"p{n}", battle_id, ClaimSeat(seat="a"), None)
            await service.claim("q", battle_id, ClaimSeat(seat="b"), None)
            if n:
                await service.command(f"p{n}", battle_id, Start(), None, None)
                await service.command("q", battle_id, RollDice(expression="1d6"), None, None)
            if n == 2:
                await service.command(f"p{n}", battle_id, Concede(), None, None)
        await Projector(store).catch_up()
    finally:
        await store.close()


async def read_models(dsn: str) -> dict[str, list[Any]]:
    connection = await asyncpg.connect(dsn)
    try:
        return {
            "battles": [tuple(r) for r in await connection.fetch(
                "SELECT battle_id, seq, status, summary::text FROM battle_list ORDER BY battle_id")],
            "players": [tuple(r) for r in await connection.fetch(
                "SELECT player_id, record::text FROM player_records ORDER BY player_id")],
        }
    finally:
        await connection.close()


def test_rebuild_from_the_log_ends_in_the_same_rows(own_database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A database of its own: the session's server keeps projecting (and ending battles on time)
    # in the shared one, which would change rows between the two reads.
    database_url = own_database_url
    asyncio.run(play_some_battles(database_url))
    before = asyncio.run(read_models(database_url))
    assert len(before["battles"]) >= 3
    statuses = {row[2] for row in before["battles"]}
    assert {"open", "active", "ended"} <= statuses
    monkeypatch.setenv("DATABASE_URL", database_url)
    assert chronicle(["projections", "rebuild"]) == 0
    assert asyncio.run(read_models(database_url)) == before
