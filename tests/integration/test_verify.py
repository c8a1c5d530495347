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


def test_a_restated_roll_passes_but_a_reused_nonce_does_not() -> None:
    """A Pericle Karma re-run restates the rolls it keeps, verbatim; any other second use of a
    nonce is reported."""
    import hashlib

    import msgspec

    from domain.dice import HmacDice, roll_dice
    from server.store.base import RecordedEvent
    from server.verification import check_dice

    seed, battle = b"\x01" * 32, "00000000-0000-4000-8000-0000000000cc"
    dice = HmacDice(seed, battle, [None, None], 0)
    roll = msgspec.json.decode(msgspec.json.encode(roll_dice(dice, "attack", [10])))

    def event(version: int, kind: str, data: dict[str, object]) -> RecordedEvent:
        return RecordedEvent(stream_id=f"battle-{battle}", version=version, position=version, type=kind, data=data,
                             actor=None, recorded_at="", hash="", prev_hash="")

    created = event(1, "battle_created", {"seats": ["a", "b"], "dice": {
        "commitment": hashlib.sha256(seed).hexdigest()}})
    revealed = event(4, "dice_seed_revealed", {"server_seed": seed.hex()})
    restated = [created, event(2, "dice_rolled", {"roll": roll}), event(3, "dice_rolled", {"roll": roll}), revealed]
    assert check_dice(restated, battle) == (1, [])
    other = {**roll, "dice": [{"sides": 10, "index": (roll["dice"][0]["index"] + 1) % 10}]}
    reused = [created, event(2, "dice_rolled", {"roll": roll}), event(3, "dice_rolled", {"roll": other}), revealed]
    _, problems = check_dice(reused, battle)
    assert [p.problem for p in problems] == ["nonce 0 is used twice"]
