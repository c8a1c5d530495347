"""`GET /verify` and `chronicle verify`: tampering behind the server's back is reported,
both a plain edit (the hash chain breaks) and a forger who re-chains every hash (the dice
no longer match the revealed seed)."""

from __future__ import annotations

import asyncio
import json

import pytest

from domain.commands import ClaimSeat, Concede, RollDice, Start
from server.battle_service import BattleService, stream_id
from server.cli import main as chronicle
from server.store.chain import GENESIS, canonical_bytes, chain_hash
from server.store.postgres import PostgresStore


async def finished_battle(dsn: str) -> str:
    store = await PostgresStore.connect(dsn)
    try:
        service = BattleService(store, lambda events: None)
        battle_id = json.loads((await service.create("p1", "d100", ["a", "b"], {}, None)).body)["id"]
        await service.claim("p1", battle_id, ClaimSeat(seat="a", client_seed="x"), None)
        await service.claim("p2", battle_id, ClaimSeat(seat="b"), None)
        await service.command("p1", battle_id, Start(), None, None)
        await service.command("p2", battle_id, RollDice(expression="3d6"), None, None)
        await service.command("p1", battle_id, Concede(), None, None)
        return str(battle_id)
    finally:
        await store.close()


async def forge_roll(dsn: str, battle_id: str) -> None:
    """Change one die and recompute every hash after it, as a forger with database access would."""
    store = await PostgresStore.connect(dsn)
    try:
        events = await store.read_stream(stream_id(battle_id))
        prev = GENESIS
        for event in events:
            data = event.data
            if event.type == "dice_rolled":
                die = data["roll"]["dice"][0]
                die["index"] = (die["index"] + 1) % die["sides"]
            digest = chain_hash(prev, canonical_bytes(event.stream_id, event.version, event.type,
                                                      event.recorded_at, event.actor, data))
            await store.execute("UPDATE events SET data = $3, hash = $4, prev_hash = $5 "
                                "WHERE stream_id = $1 AND version = $2",
                                event.stream_id, event.version, data, digest, prev)
            prev = digest
    finally:
        await store.close()


async def edit_row(dsn: str, battle_id: str) -> None:
    store = await PostgresStore.connect(dsn)
    try:
        await store.execute("UPDATE events SET actor = 'mallory' WHERE stream_id = $1 AND version = 2",
                            stream_id(battle_id))
    finally:
        await store.close()


def verify_cli(battle_id: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    code = chronicle(["verify", battle_id])
    return code, json.loads(capsys.readouterr().out)


@pytest.fixture
def use_database(database_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("DATABASE_URL", database_url)
    return database_url


def test_cli_passes_an_untouched_battle_and_catches_an_edit(use_database: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    battle_id = asyncio.run(finished_battle(use_database))
    code, report = verify_cli(battle_id, capsys)
    assert code == 0 and report["ok"] is True and report["problems"] == []
    assert report["rolls"] == 1, "the 3d6"
    asyncio.run(edit_row(use_database, battle_id))
    code, report = verify_cli(battle_id, capsys)
    assert code == 1 and report["ok"] is False
    assert {"version": 2, "problem": "the event's content does not match its hash"} in report["problems"]  # type: ignore[operator]


def test_a_forged_roll_with_rechained_hashes_fails_the_dice_check(use_database: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    battle_id = asyncio.run(finished_battle(use_database))
    asyncio.run(forge_roll(use_database, battle_id))
    code, report = verify_cli(battle_id, capsys)
    assert code == 1
    problems = [p["problem"] for p in report["problems"]]  # type: ignore[attr-defined]
    assert len(problems) == 1 and "does not match the seed" in problems[0]


def test_cli_reports_an_unknown_battle(use_database: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert chronicle(["verify", "00000000-0000-4000-8000-000000000000"]) == 2
