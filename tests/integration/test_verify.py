"""`verify` against a forger with write access to the database (issue #12): a plain edit breaks
the hash chain; a forger who rewrites the rows and re-chains every hash is caught by what can
be derived again (the dice from the seed, the nonces, the totals, every recorded command
decided again with its recorded dice); a truncated tail by the receipts the server signed.
The server itself refuses to build on a stream whose stored chain does not verify."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
import pytest

from domain.commands import ClaimSeat, Concede, RollDice, Start
from server.battle_service import BATTLE_RULES, BattleService, stream_id
from server.cli import main as chronicle
from server.receipts import Notary, Receipt
from server.store.base import RecordedEvent
from server.store.chain import GENESIS, canonical_bytes, chain_hash, chain_of
from server.store.postgres import PostgresStore
from server.stream_service import StreamCorrupted
from server.verification import Report, verify, verify_stream

Rows = list[dict[str, Any]]


async def with_store(dsn: str, work: Callable[[PostgresStore], Awaitable[Any]]) -> Any:
    store = await PostgresStore.connect(dsn)
    try:
        return await work(store)
    finally:
        await store.close()


async def play(service: BattleService, *, finish: bool = True) -> tuple[str, list[Receipt]]:
    """A two-seat d100 battle: two rolls and, when `finish`, a concession. Returns the battle id
    and the receipts its players were given."""
    receipts = []

    def keep(body: bytes) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(body)
        receipts.append(msgspec.convert(answer["receipt"], Receipt))
        return answer

    battle_id = keep((await service.create("p1", "d100", ["a", "b"], {}, None)).body)["id"]
    keep((await service.claim("p1", battle_id, ClaimSeat(seat="a", client_seed="x"), None)).body)
    keep((await service.claim("p2", battle_id, ClaimSeat(seat="b"), None)).body)
    keep((await service.command("p1", battle_id, Start(), None, None)).body)
    keep((await service.command("p2", battle_id, RollDice(expression="3d6+2"), None, None)).body)
    keep((await service.command("p1", battle_id, RollDice(expression="1d20"), None, None)).body)
    if finish:
        keep((await service.command("p1", battle_id, Concede(), None, None)).body)
    return str(battle_id), receipts


async def rewrite(store: PostgresStore, battle_id: str, forge: Callable[[Rows], Rows]) -> None:
    """Rewrite a stream as a forger with database access would: change rows, renumber them,
    recompute every hash in the stream's own chain format, and move the stream's head."""
    stream = stream_id(battle_id)
    events = await store.read_stream(stream)
    rows = forge([msgspec.to_builtins(e) for e in events])
    chain = chain_of(rows[0]["data"])
    await store.execute("DELETE FROM events WHERE stream_id = $1", stream)
    prev = GENESIS
    for version, row in enumerate(rows, start=1):
        digest = chain_hash(prev, canonical_bytes(stream, version, row["type"], row["recorded_at"], row["actor"],
                                                  row["data"], row["command"], chain))
        await store.execute(
            "INSERT INTO events (stream_id, version, type, data, actor, recorded_at, hash, prev_hash, command) "
            "VALUES ($1, $2, $3, $4, $5, $6::text::timestamptz, $7, $8, $9)",
            stream, version, row["type"], row["data"], row["actor"], row["recorded_at"], digest, prev, row["command"])
        prev = digest
    await store.execute("UPDATE streams SET version = $2, last_hash = $3 WHERE stream_id = $1", stream, len(rows),
                        prev)


def of_type(rows: Rows, kind: str) -> list[dict[str, Any]]:
    return [row for row in rows if row["type"] == kind]


def raise_total(rows: Rows) -> Rows:
    of_type(rows, "dice_rolled")[0]["data"]["roll"]["total"] += 5
    return rows


def swap_winners(rows: Rows) -> Rows:
    ended = of_type(rows, "battle_ended")[0]["data"]
    ended["winners"] = ["a"] if ended["winners"] == ["b"] else ["b"]
    return rows


def change_a_die(rows: Rows) -> Rows:
    die = of_type(rows, "dice_rolled")[0]["data"]["roll"]["dice"][0]
    die["index"] = (die["index"] + 1) % die["sides"]
    return rows


def change_a_die_and_its_total(rows: Rows) -> Rows:
    roll = of_type(rows, "dice_rolled")[0]["data"]["roll"]
    die = roll["dice"][0]
    step = 1 if die["index"] + 1 < die["sides"] else -1
    die["index"] += step
    roll["total"] += step
    roll["result"] = ""  # and any text a reader would compare
    return rows


def remove_the_first_roll(rows: Rows) -> Rows:
    first = of_type(rows, "dice_rolled")[0]
    return [row for row in rows if row is not first]


def truncate_the_tail(rows: Rows) -> Rows:
    return rows[:-3]


def problems(report: Report) -> list[str]:
    return [p.problem for p in report.problems]


async def report_after(store: PostgresStore, battle_id: str, receipts: list[Receipt] = (),  # type: ignore[assignment]
                       notary: Notary | None = None) -> Report:
    report = await verify_stream(store, stream_id(battle_id), battle_id, BATTLE_RULES,
                                 notary or Notary.for_this_process(), receipts)
    assert report is not None
    return report


async def test_an_untouched_battle_verifies_in_every_respect(postgres_store: PostgresStore) -> None:
    service = BattleService(postgres_store, lambda stream, messages: None)
    battle_id, receipts = await play(service)
    report = await report_after(postgres_store, battle_id, receipts, service.notary)
    assert report.ok, report.problems
    assert (report.rolls, report.commands, report.receipts, report.chain) == (2, 7, 7, "sha256-jcs-v2")


@pytest.mark.parametrize(("forge", "expected"), [
    (raise_total, "totals"),
    (swap_winners, "decided again, gives other events"),
    (change_a_die, "does not match the seed"),
    (change_a_die_and_its_total, "does not match the seed"),
    (remove_the_first_roll, "are missing: a roll was removed"),
])
async def test_a_rechained_forgery_of_a_finished_battle_is_caught(postgres_store: PostgresStore,
                                                                  forge: Callable[[Rows], Rows], expected: str) -> None:
    battle_id, _ = await play(BattleService(postgres_store, lambda stream, messages: None))
    await rewrite(postgres_store, battle_id, forge)
    report = await report_after(postgres_store, battle_id)
    assert not report.ok
    assert not [p for p in problems(report) if "hash" in p], "the forger re-chained every hash"
    assert any(expected in p for p in problems(report)), problems(report)


async def test_a_die_changed_in_a_battle_still_in_play_is_caught_with_the_servers_secret_seed(
        postgres_store: PostgresStore) -> None:
    battle_id, _ = await play(BattleService(postgres_store, lambda stream, messages: None), finish=False)
    assert (await report_after(postgres_store, battle_id)).ok
    await rewrite(postgres_store, battle_id, change_a_die_and_its_total)
    report = await report_after(postgres_store, battle_id)
    found = [p for p in problems(report) if "does not match the seed" in p]
    assert found and "expected" not in found[0], "before the reveal, the true faces are not shown"


async def test_a_truncated_tail_with_its_head_rewound_is_named_by_the_receipts(postgres_store: PostgresStore) -> None:
    service = BattleService(postgres_store, lambda stream, messages: None)
    battle_id, receipts = await play(service)
    await rewrite(postgres_store, battle_id, truncate_the_tail)
    without = await report_after(postgres_store, battle_id)
    assert without.ok, "what remains is a consistent log: only receipts can tell"
    report = await report_after(postgres_store, battle_id, receipts, service.notary)
    truncated = [p for p in report.problems if "no longer holds" in p.problem]
    assert [p.version for p in truncated] == [receipts[-1].version], "the last receipt names the lost head"


async def test_receipts_are_checked_for_their_signature_and_their_hash(postgres_store: PostgresStore) -> None:
    service = BattleService(postgres_store, lambda stream, messages: None)
    battle_id, receipts = await play(service)
    forged = msgspec.structs.replace(receipts[2], hash="f" * 64)
    other_key = Notary.for_this_process().sign(receipts[2].stream, receipts[2].version, receipts[2].hash)
    report = await report_after(postgres_store, battle_id, [forged, other_key], service.notary)
    assert len(report.problems) == 2 and all("not signed by a key" in p for p in problems(report))
    await rewrite(postgres_store, battle_id, change_a_die)
    report = await report_after(postgres_store, battle_id, receipts, service.notary)
    assert any("rewritten" in p for p in problems(report)), problems(report)


async def test_the_server_refuses_to_append_to_a_stream_whose_chain_does_not_verify(
        postgres_store: PostgresStore, caplog: pytest.LogCaptureFixture) -> None:
    battle_id, _ = await play(BattleService(postgres_store, lambda stream, messages: None), finish=False)
    await postgres_store.execute("UPDATE events SET actor = 'mallory' WHERE stream_id = $1 AND version = 5",
                                 stream_id(battle_id))
    fresh_node = BattleService(postgres_store, lambda stream, messages: None)
    with pytest.raises(StreamCorrupted) as refused:
        await fresh_node.command("p1", battle_id, RollDice(expression="1d6"), None, None)
    assert refused.value.version == 5
    assert any("does not verify at version 5" in r.message for r in caplog.records if r.levelname == "CRITICAL")
    with pytest.raises(StreamCorrupted):
        await fresh_node.fork("p1", battle_id, 5, None)


async def test_a_stream_of_the_first_chain_format_still_verifies(postgres_store: PostgresStore) -> None:
    """Streams created before the JCS chain keep theirs (`sha256-json-v1`, no recorded commands)."""
    from domain.events import CHAIN_V1
    from server.store.base import NewEvent

    battle_id, _ = await play(BattleService(postgres_store, lambda stream, messages: None))
    events = await postgres_store.read_stream(stream_id(battle_id))
    legacy = f"{battle_id[:-4]}0001"
    old = [NewEvent(type=e.type, data={**e.data, **({"chain": CHAIN_V1} if e.version == 1 else {})}, actor=e.actor)
           for e in events]
    del old[0].data["chain"]
    await postgres_store.append(stream_id(legacy), 0, old)
    copied = await postgres_store.read_stream(stream_id(legacy))
    report = verify(copied, len(copied), legacy, rules=BATTLE_RULES)
    assert report.chain == CHAIN_V1 and report.commands == 0
    assert [p for p in problems(report) if "hash" in p or "missing" in p] == []


def verify_cli(battle_id: str, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict[str, Any]]:
    code = chronicle(["verify", battle_id, *extra])
    return code, json.loads(capsys.readouterr().out)


@pytest.fixture
def use_database(own_database_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The CLI on a database of the test's own: its tampering and forging rewrite rows, which the
    session's live server (and its background subscribers) must never read."""
    monkeypatch.setenv("DATABASE_URL", own_database_url)
    return own_database_url


def test_the_cli_passes_an_untouched_battle_and_catches_an_edit_and_a_forgery(
        use_database: str, capsys: pytest.CaptureFixture[str]) -> None:
    async def played(store: PostgresStore) -> str:
        battle_id, _ = await play(BattleService(store, lambda stream, messages: None))
        return battle_id

    battle_id = asyncio.run(with_store(use_database, played))
    code, report = verify_cli(battle_id, capsys)
    assert code == 0 and report["ok"] is True and report["problems"] == [] and report["commands"] == 7
    asyncio.run(with_store(use_database, lambda store: store.execute(
        "UPDATE events SET actor = 'mallory' WHERE stream_id = $1 AND version = 2", stream_id(battle_id))))
    code, report = verify_cli(battle_id, capsys)
    assert code == 1 and {"version": 2, "problem": "the event's content does not match its hash"} in report["problems"]

    battle_id = asyncio.run(with_store(use_database, played))
    asyncio.run(with_store(use_database, lambda store: rewrite(store, battle_id, swap_winners)))
    code, report = verify_cli(battle_id, capsys)
    assert code == 1 and any("decided again" in p["problem"] for p in report["problems"])


def test_the_cli_checks_receipts_from_a_file(use_database: str, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from server.receipts import new_private_key_text, private_key_from

    key = new_private_key_text()
    monkeypatch.setenv("CHRONICLE_SIGNING_KEY", key)

    async def played(store: PostgresStore) -> tuple[str, list[Receipt]]:
        return await play(BattleService(store, lambda stream, messages: None, notary=Notary(private_key_from(key))))

    battle_id, receipts = asyncio.run(with_store(use_database, played))
    asyncio.run(with_store(use_database, lambda store: rewrite(store, battle_id, truncate_the_tail)))
    kept = tmp_path / "receipts.jsonl"
    kept.write_bytes(b"\n".join(msgspec.json.encode(r) for r in receipts))
    code, report = verify_cli(battle_id, capsys, "--receipts", str(kept))
    assert code == 1 and report["receipts"] == len(receipts)
    assert [p["version"] for p in report["problems"]] == [receipts[-1].version]


def test_cli_reports_an_unknown_battle(use_database: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert chronicle(["verify", "00000000-0000-4000-8000-000000000000"]) == 2


def test_a_restated_roll_passes_but_a_reused_nonce_does_not() -> None:
    """A Pericle Karma re-run restates the rolls it keeps, verbatim; any other second use of a
    nonce is reported."""
    import hashlib

    from domain.dice import HmacDice, roll_dice
    from server.verification import check_dice, check_nonces

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
    assert check_dice(restated, battle) == (1, []) and check_nonces(restated) == []
    other = {**roll, "dice": [{"sides": 10, "index": (roll["dice"][0]["index"] + 1) % 10}]}
    reused = [created, event(2, "dice_rolled", {"roll": roll}), event(3, "dice_rolled", {"roll": other}), revealed]
    assert [p.problem for p in check_nonces(reused)] == ["nonce 0 is used twice"]
