"""The event store contract, run against the in-memory fake and the real Postgres store."""

from __future__ import annotations

import asyncio
import hashlib
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
import pytest

from projections.battle_summary import BattleSummary, SeatView
from server.store.base import (
    BattleRow,
    Credential,
    EventStore,
    Idempotency,
    IdempotencyKeyReused,
    NewEvent,
    Player,
    PlayerRow,
    RecordedEvent,
    StreamRow,
    Token,
    WrongExpectedVersion,
)
from server.store.memory import MemoryStore
from server.store.postgres import PostgresStore
from server.verification import check_chain


@pytest.fixture(params=["memory", "postgres"])
async def store(request: pytest.FixtureRequest, database_url: str) -> AsyncIterator[EventStore]:
    if request.param == "memory":
        yield MemoryStore()
        return
    store = await PostgresStore.connect(database_url, min_size=1, max_size=60)
    yield store
    await store.close()


def new_stream() -> str:
    return f"test-{uuid.uuid4()}"


def events(*names: str) -> list[NewEvent]:
    return [NewEvent(type=name, data={"n": name, "nested": {"b": 1, "a": [1, 2]}}, actor="p") for name in names]


async def test_append_and_read_back_in_order(store: EventStore) -> None:
    stream = new_stream()
    outcome = await store.append(stream, 0, events("a", "b"))
    assert [e.version for e in outcome.events] == [1, 2]
    await store.append(stream, 2, events("c"))
    read = await store.read_stream(stream)
    assert [(e.version, e.type) for e in read] == [(1, "a"), (2, "b"), (3, "c")]
    assert read[0].data == {"n": "a", "nested": {"b": 1, "a": [1, 2]}}
    assert [e.type for e in await store.read_stream(stream, after=1, limit=1)] == ["b"]
    assert [e.type for e in await store.read_stream(stream, through=2)] == ["a", "b"]


async def test_wrong_expected_version_is_refused_and_appends_nothing(store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, events("a"))
    with pytest.raises(WrongExpectedVersion) as refused:
        await store.append(stream, 0, events("b"))
    assert refused.value.actual == 1
    assert len(await store.read_stream(stream)) == 1


async def test_fifty_concurrent_appends_racing_on_one_stream(store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, events("start"))

    async def racer(n: int) -> bool:
        while True:
            current = len(await store.read_stream(stream))
            try:
                await store.append(stream, current, [NewEvent(type="race", data={"racer": n})])
                return True
            except WrongExpectedVersion:
                await asyncio.sleep(0)

    async def one_shot(n: int) -> bool:
        try:
            await store.append(stream, 1, [NewEvent(type="once", data={"racer": n})])
            return True
        except WrongExpectedVersion:
            return False

    winners = await asyncio.gather(*(one_shot(n) for n in range(50)))
    assert sum(winners) == 1, "exactly one of fifty appends at the same expected version wins"
    await asyncio.gather(*(racer(n) for n in range(50)))
    read = await store.read_stream(stream)
    assert [e.version for e in read] == list(range(1, 53))
    racers = sorted(e.data["racer"] for e in read if e.type == "race")
    assert racers == list(range(50)), "every retrying writer landed exactly once"
    assert check_chain(read, 52) == []


async def test_fifty_concurrent_creations_of_one_stream(store: EventStore) -> None:
    """A new stream has no row to wait on: its creators race on inserting it (migration 0014)."""
    stream = new_stream()

    async def create(n: int) -> bool:
        try:
            await store.append(stream, 0, [NewEvent(type="founded", data={"by": n}), NewEvent(type="then", data={})])
            return True
        except WrongExpectedVersion as refused:
            assert refused.actual == 2, "a loser learns the version the winner left"
            return False

    assert sum(await asyncio.gather(*(create(n) for n in range(50)))) == 1
    read = await store.read_stream(stream)
    assert [e.version for e in read] == [1, 2] and check_chain(read, 2) == []


async def test_subscriber_by_global_position_sees_everything_once(store: EventStore) -> None:
    start = await store.read_all(0, 1_000_000)
    checkpoint = start[-1].position if start else 0
    streams = [new_stream() for _ in range(8)]
    seen: list[RecordedEvent] = []
    done = asyncio.Event()

    async def subscriber() -> None:
        nonlocal checkpoint
        while True:
            finished = done.is_set()
            page = await store.read_all(checkpoint, 100)
            seen.extend(page)
            if page:
                checkpoint = page[-1].position
            elif finished:
                return
            await asyncio.sleep(0)

    async def writer(stream: str) -> None:
        for version in range(10):
            await store.append(stream, version, [NewEvent(type="w", data={"v": version})])
            await asyncio.sleep(0)

    reader = asyncio.create_task(subscriber())
    await asyncio.gather(*(writer(s) for s in streams))
    done.set()
    await reader
    mine = [(e.stream_id, e.version) for e in seen if e.stream_id in streams]
    assert len(mine) == len(set(mine)) == 80, "nothing skipped, nothing twice"
    positions = [e.position for e in seen]
    # Feed order is not position order any more (issue #19: appends to different streams commit
    # in parallel, and Postgres orders the feed by transaction id first); positions stay unique.
    assert len(positions) == len(set(positions))
    for stream in streams:
        assert [v for s, v in mine if s == stream] == list(range(1, 11)), "each stream in order"


async def test_idempotent_retry_returns_the_first_response(store: EventStore) -> None:
    stream = new_stream()
    key = Idempotency(scope="player:x", key=str(uuid.uuid4()), request_hash="h1")
    first = await store.append(stream, 0, events("a"), idempotency=key, response=(201, b"v1"))
    assert first.replayed is None
    again = await store.append(stream, 1, events("a"), idempotency=key,
                               response=(201, b"never"))
    assert again.replayed is not None
    assert (again.replayed.status, again.replayed.body) == (201, b"v1")
    assert len(await store.read_stream(stream)) == 1, "the retry appended nothing"
    with pytest.raises(IdempotencyKeyReused):
        await store.append(stream, 1, events("b"), idempotency=Idempotency("player:x", key.key, "h2"),
                           response=(201, b""))


async def test_hash_chain_links_every_event(store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, events("a", "b"))
    await store.append(stream, 2, events("c"))
    read = await store.read_stream(stream)
    assert read[0].prev_hash == "0" * 64
    assert [e.prev_hash for e in read[1:]] == [e.hash for e in read[:-1]]
    assert check_chain(read, 3) == []


async def _tamper(store: EventStore, stream: str, version: int, data: dict[str, object] | None) -> None:
    if isinstance(store, MemoryStore):
        store.tamper(stream, version, data)
    else:
        assert isinstance(store, PostgresStore)
        if data is None:
            await store.execute("DELETE FROM events WHERE stream_id = $1 AND version = $2", stream, version)
        else:
            await store.execute("UPDATE events SET data = $3 WHERE stream_id = $1 AND version = $2",
                                stream, version, data)


@pytest.mark.parametrize("version", [1, 2, 3])
async def test_an_edited_row_is_detected(store: EventStore, version: int) -> None:
    stream = new_stream()
    await store.append(stream, 0, events("a", "b", "c"))
    await _tamper(store, stream, version, {"n": "forged"})
    problems = check_chain(await store.read_stream(stream), 3)
    assert any(p.version == version and "hash" in p.problem for p in problems)


@pytest.mark.parametrize("version", [1, 2, 3])
async def test_a_removed_row_is_detected(store: EventStore, version: int) -> None:
    stream = new_stream()
    await store.append(stream, 0, events("a", "b", "c"))
    await _tamper(store, stream, version, None)
    row = await store.stream(stream)
    assert row is not None
    problems = check_chain(await store.read_stream(stream), row.version)
    assert any(p.version == version and "missing" in p.problem for p in problems)


async def test_secret_and_version_are_written_with_the_events(store: EventStore) -> None:
    stream = new_stream()
    assert await store.stream(stream) is None
    await store.append(stream, 0, events("a"), secret=b"s" * 32)
    assert await store.secret(stream) == b"s" * 32
    await store.append(stream, 1, events("b", "c"))
    assert await store.stream(stream) == StreamRow(stream_id=stream, version=3)


async def test_read_models_move_with_their_checkpoint_only(store: EventStore) -> None:
    name = f"test-{uuid.uuid4()}"
    battle_id = str(uuid.uuid4())
    # A well-formed summary: the table is shared with the real projector of other tests.
    summary = msgspec.to_builtins(BattleSummary(id=battle_id, ruleset="d100", ruleset_version="1", status="open",
                                                version=1, creator="p", seats=[], winners=[], end_reason=None))
    battle = BattleRow(battle_id=battle_id, seq=7, status="open", summary=summary)
    player = PlayerRow(player_id=str(uuid.uuid4()), record={"won": 1})
    assert await store.projection_position(name) == 0
    assert await store.commit_projection(name, 0, 10, [battle], [player]) is True
    assert await store.projection_position(name) == 10
    stale = BattleRow(battle_id=battle.battle_id, seq=7, status="ended", summary={**summary, "status": "ended"})
    assert await store.commit_projection(name, 0, 12, [stale], []) is False, "a stale checkpoint writes nothing"
    assert (await store.battle_rows([battle.battle_id]))[battle.battle_id] == battle
    assert (await store.player_rows([player.player_id]))[player.player_id] == player
    assert battle.battle_id in [r.battle_id for r in await store.list_battles("open", None, 1000)]
    assert battle.battle_id not in [r.battle_id for r in await store.list_battles("open", 7, 1000)]


async def test_the_battle_list_filters_by_a_seated_player(store: EventStore) -> None:
    name, seated, other = f"test-{uuid.uuid4()}", str(uuid.uuid4()), str(uuid.uuid4())
    rows = []
    for seq, players in ((1, [seated, other]), (2, [other]), (3, [None, seated])):
        battle_id = str(uuid.uuid4())
        seats = [SeatView(name=f"s{n}", player_id=p, conceded=False) for n, p in enumerate(players)]
        summary = msgspec.to_builtins(BattleSummary(id=battle_id, ruleset="d100", ruleset_version="1", status="open",
                                                    version=1, creator="p", seats=seats, winners=[], end_reason=None))
        rows.append(BattleRow(battle_id=battle_id, seq=10**9 + seq, status="open", summary=summary))
    assert await store.commit_projection(name, 0, 5, rows, []) is True
    mine = [r.battle_id for r in await store.list_battles(None, None, 1000, seated)]
    assert mine == [rows[2].battle_id, rows[0].battle_id], "only the seated player's battles, newest first"
    assert [r.battle_id for r in await store.list_battles(None, 10**9 + 3, 1000, seated)] == [rows[0].battle_id]


async def test_streams_are_listed_by_their_first_event_newest_first(store: EventStore) -> None:
    founding = f"founded_{uuid.uuid4().hex[:8]}"
    ids = [new_stream() for _ in range(3)]
    for stream_id in ids:
        await store.append(stream_id, 0, [NewEvent(founding, {})])
        await store.append(new_stream(), 0, [NewEvent("other", {})])  # another kind in between
    await store.append(ids[0], 1, [NewEvent(founding, {})])  # a later event of that type founds nothing
    found = await store.list_founded(founding, None, 2)
    assert [stream_id for stream_id, _ in found] == [ids[2], ids[1]]
    rest = await store.list_founded(founding, found[-1][1], 10)
    assert [stream_id for stream_id, _ in rest] == [ids[0]]


async def test_the_newest_snapshot_is_kept(store: EventStore) -> None:
    from server.store.base import Snapshot

    stream = new_stream()
    assert await store.load_snapshot(stream) is None
    await store.save_snapshot(stream, Snapshot(version=200, schema="s", state={"v": 200}))
    await store.save_snapshot(stream, Snapshot(version=100, schema="s", state={"v": 100}))
    assert await store.load_snapshot(stream) == Snapshot(version=200, schema="s", state={"v": 200})


async def test_a_snapshot_saved_as_its_json_loads_as_the_state(store: EventStore) -> None:
    """The command path saves a snapshot's state already encoded (encoded_snapshot)."""
    from server.store.base import Snapshot

    stream = new_stream()
    state = {"version": 100, "seats": [{"name": "a", "conceded": False}], "options": {}}
    await store.save_snapshot(stream, Snapshot(version=100, schema="s", state=msgspec.Raw(msgspec.json.encode(state))))
    assert await store.load_snapshot(stream) == Snapshot(version=100, schema="s", state=state)


async def test_streams_with_an_event_of_a_type_at_a_version(store: EventStore) -> None:
    marked, unmarked, later, short = new_stream(), new_stream(), new_stream(), new_stream()
    await store.append(marked, 0, events("created", "marked", "other"))
    await store.append(unmarked, 0, events("created", "other"))
    await store.append(later, 0, events("created", "other", "marked"))
    await store.append(short, 0, events("created"))
    asked = [marked, unmarked, later, short, new_stream()]
    assert await store.streams_with_event(asked, 2, "marked") == {marked}
    assert await store.streams_with_event(asked, 3, "marked") == {later}
    assert await store.streams_with_event(asked, 1, "created") == {marked, unmarked, later, short}
    assert await store.streams_with_event([], 2, "marked") == set()


async def test_an_empty_append_is_refused(store: EventStore) -> None:
    with pytest.raises(ValueError):
        await store.append(new_stream(), 0, [])


# ---- idempotency records: hashed keys, expiry, pruning ----

def hashed_key(key: str) -> str:
    """How a key is stored: its SHA-256, in hex."""
    return hashlib.sha256(key.encode()).hexdigest()


SHORT_TTL = 0.4  # seconds; the tests below wait a little longer than this for a record to expire


@pytest.fixture(params=["memory", "postgres"])
async def short_lived(request: pytest.FixtureRequest, database_url: str) -> AsyncIterator[EventStore]:
    """A store whose idempotency records expire after SHORT_TTL seconds."""
    if request.param == "memory":
        yield MemoryStore(idempotency_ttl=SHORT_TTL)
        return
    store = await PostgresStore.connect(database_url, min_size=1, max_size=10, idempotency_ttl=SHORT_TTL)
    yield store
    await store.close()


async def _has_record(store: EventStore, scope: str, key_as_stored: str) -> bool:
    """Whether a record, live or expired, sits under exactly this key: what a database reader sees."""
    if isinstance(store, MemoryStore):
        return store.has_idempotency_record(scope, key_as_stored)
    assert isinstance(store, PostgresStore)
    found = await store.execute("SELECT 1 FROM idempotent_responses WHERE scope = $1 AND key = $2",
                                scope, key_as_stored)
    return found == "SELECT 1"


async def test_idempotency_keys_are_stored_hashed(store: EventStore) -> None:
    scope, key = f"player:{uuid.uuid4()}", str(uuid.uuid4())
    await store.append(new_stream(), 0, events("a"), idempotency=Idempotency(scope, key, "h1"),
                       response=(201, b"first"))
    assert not await _has_record(store, scope, key), "the key as sent is nowhere in the store"
    assert await _has_record(store, scope, hashed_key(key))
    stored = await store.stored_response(scope, key)
    assert stored is not None and stored.body == b"first"


async def test_an_expired_record_is_ignored_and_its_key_used_afresh(short_lived: EventStore) -> None:
    store, stream = short_lived, new_stream()
    key = Idempotency(f"player:{uuid.uuid4()}", str(uuid.uuid4()), "h1")
    await store.append(stream, 0, events("a"), idempotency=key, response=(201, b"first"))
    retried = await store.append(stream, 1, events("a"), idempotency=key, response=(201, b"never"))
    assert retried.replayed is not None and retried.replayed.body == b"first", "a live record answers a retry"
    await asyncio.sleep(SHORT_TTL + 0.2)
    assert await store.stored_response(key.scope, key.key) is None
    other_request = Idempotency(key.scope, key.key, "h2")  # no longer a reuse: the old record is gone
    fresh = await store.append(stream, 1, events("b"), idempotency=other_request,
                               response=(201, b"second"))
    assert fresh.replayed is None and [e.version for e in fresh.events] == [2]
    again = await store.append(stream, 2, events("b"), idempotency=other_request,
                               response=(201, b"never"))
    assert again.replayed is not None and again.replayed.body == b"second", "the new record replaced the old"


async def test_a_player_creation_record_expires_too(short_lived: EventStore) -> None:
    store = short_lived
    key = Idempotency(f"anonymous:{uuid.uuid4()}", str(uuid.uuid4()), "h1")
    first, token = _player_with_token()
    assert await store.create_player(first, token, key, (201, b"first")) is None
    second, second_token = _player_with_token()
    replayed = await store.create_player(second, second_token, key, (201, b"never"))
    assert replayed is not None and replayed.body == b"first"
    assert await store.player(second.id) is None, "a retry creates nothing"
    await asyncio.sleep(SHORT_TTL + 0.2)
    assert await store.create_player(second, second_token, key, (201, b"second")) is None
    assert await store.player(second.id) == second


async def test_expired_records_are_pruned_and_live_ones_kept(short_lived: EventStore) -> None:
    store, scope = short_lived, f"player:{uuid.uuid4()}"
    old, new = str(uuid.uuid4()), str(uuid.uuid4())
    await store.append(new_stream(), 0, events("a"), idempotency=Idempotency(scope, old, "h"),
                       response=(201, b""))
    await asyncio.sleep(SHORT_TTL + 0.2)
    await store.append(new_stream(), 0, events("a"), idempotency=Idempotency(scope, new, "h"),
                       response=(201, b""))
    assert await _has_record(store, scope, hashed_key(old)), "expired, not yet pruned"
    while await store.prune_idempotency(limit=10) == 10:
        pass
    assert not await _has_record(store, scope, hashed_key(old))
    assert await _has_record(store, scope, hashed_key(new))


async def test_anonymous_scopes_keep_callers_apart(store: EventStore) -> None:
    key, request_hash = str(uuid.uuid4()), "same body"
    first, first_token = _player_with_token()
    assert await store.create_player(first, first_token, Idempotency("anonymous:A", key, request_hash),
                                     (201, b"first")) is None
    other, other_token = _player_with_token()
    assert await store.create_player(other, other_token, Idempotency("anonymous:B", key, request_hash),
                                     (201, b"other")) is None, "another scope never meets the first record"
    assert await store.player(other.id) == other


# ---- players and tokens ----

def _player_with_token(**token: Any) -> tuple[Player, Token]:
    player = Player(id=str(uuid.uuid4()), name="p")
    return player, Token(id=str(uuid.uuid4()), player_id=player.id, secret_hash=hashed_key(str(uuid.uuid4())),
                         scopes=("play", "organise", "read"), created_at=datetime.now(UTC), **token)


async def test_a_player_is_created_with_its_token(store: EventStore) -> None:
    player, token = _player_with_token()
    assert await store.create_player(player, token, None, (201, b"")) is None
    assert await store.player(player.id) == player
    assert await store.credential(token.id) == Credential(token=token, player=player)
    assert await store.tokens(player.id) == [token]
    assert await store.legacy_credential(token.secret_hash) is None, "only legacy tokens are found by hash"


async def test_tokens_are_added_up_to_a_limit_of_live_ones(store: EventStore) -> None:
    player, first = _player_with_token()
    await store.create_player(player, first, None, (201, b""))
    now = datetime.now(UTC)
    expired = Token(id=str(uuid.uuid4()), player_id=player.id, secret_hash="e" * 64, scopes=("read",),
                    created_at=now, expires_at=now - timedelta(seconds=1))
    second = Token(id=str(uuid.uuid4()), player_id=player.id, secret_hash="s" * 64, scopes=("read",),
                   created_at=now + timedelta(microseconds=1), label="bot", expires_at=now + timedelta(hours=1))
    third = msgspec.structs.replace(second, id=str(uuid.uuid4()))
    assert await store.add_token(expired, max_live=2)
    assert await store.add_token(second, max_live=2), "an expired token does not count"
    assert not await store.add_token(third, max_live=2)
    assert await store.credential(third.id) is None
    assert [t.id for t in await store.tokens(player.id)] == [first.id, expired.id, second.id]
    assert await store.revoke_token(player.id, second.id, now)
    assert await store.add_token(third, max_live=2), "nor does a revoked one"


async def test_rotating_and_revoking_are_for_the_owner_only(store: EventStore) -> None:
    player, token = _player_with_token()
    stranger, stranger_token = _player_with_token()
    await store.create_player(player, token, None, (201, b""))
    await store.create_player(stranger, stranger_token, None, (201, b""))
    assert await store.rotate_token(stranger.id, token.id, "x" * 64) is None
    assert not await store.revoke_token(stranger.id, token.id, datetime.now(UTC))
    rotated = await store.rotate_token(player.id, token.id, "n" * 64)
    assert rotated == msgspec.structs.replace(token, secret_hash="n" * 64)
    found = await store.credential(token.id)
    assert found is not None and found.token.secret_hash == "n" * 64
    first_revocation = datetime.now(UTC)
    assert await store.revoke_token(player.id, token.id, first_revocation)
    assert await store.revoke_token(player.id, token.id, first_revocation + timedelta(hours=1))
    found = await store.credential(token.id)
    assert found is not None and found.token.revoked_at == first_revocation, "revoked once, when first revoked"
    assert await store.rotate_token(player.id, token.id, "r" * 64) is None, "a revoked token stays revoked"


async def test_a_legacy_token_is_found_by_its_hash_until_rotated(store: EventStore) -> None:
    player, token = _player_with_token(legacy=True)
    if isinstance(store, MemoryStore):
        store.add_legacy_token(player, token)
    else:
        assert isinstance(store, PostgresStore)
        await store.execute("INSERT INTO players (id, name) VALUES ($1, $2)", player.id, player.name)
        await store.execute(
            """INSERT INTO tokens (id, player_id, secret_hash, legacy, scopes, created_at)
               VALUES ($1, $2, $3, true, $4, $5)""",
            token.id, player.id, token.secret_hash, list(token.scopes), token.created_at)
    assert await store.legacy_credential(token.secret_hash) == Credential(token=token, player=player)
    rotated = await store.rotate_token(player.id, token.id, "n" * 64)
    assert rotated is not None and not rotated.legacy
    assert await store.legacy_credential(token.secret_hash) is None
    assert await store.legacy_credential("n" * 64) is None, "a rotated token is found by id only"


async def test_every_snapshot_is_kept_and_found_at_or_before_a_version(store: EventStore) -> None:
    from server.store.base import Snapshot

    stream = new_stream()
    for version in (300, 100, 200):
        await store.save_snapshot(stream, Snapshot(version=version, schema="s", state={"v": version}))
    await store.save_snapshot(stream, Snapshot(version=200, schema="s", state={"v": "again"}))
    assert await store.load_snapshot(stream) == Snapshot(version=300, schema="s", state={"v": 300})
    assert await store.load_snapshot_at(stream, 99) is None
    assert await store.load_snapshot_at(stream, 100) == Snapshot(version=100, schema="s", state={"v": 100})
    assert await store.load_snapshot_at(stream, 299) == Snapshot(version=200, schema="s", state={"v": 200})
    assert await store.load_snapshot_at(stream, 2**31 - 1) == Snapshot(version=300, schema="s", state={"v": 300})
    assert await store.load_snapshot_at(new_stream(), 100) is None


async def test_unfinished_battles_are_counted_by_creator(store: EventStore) -> None:
    name, creator = f"test-{uuid.uuid4()}", f"creator-{uuid.uuid4()}"

    def row(status: str, made_by: str = creator, tournament_id: str | None = None) -> BattleRow:
        battle_id = str(uuid.uuid4())
        summary = msgspec.to_builtins(BattleSummary(id=battle_id, ruleset="d100", ruleset_version="1", status=status,
                                                    version=1, creator=made_by, seats=[], winners=[], end_reason=None,
                                                    tournament_id=tournament_id))
        return BattleRow(battle_id=battle_id, seq=7, status=status, summary=summary)

    assert await store.unfinished_battles_created_by(creator) == 0
    rows = [row("open"), row("active"), row("active"), row("ended"), row("open", made_by="someone else"),
            row("active", tournament_id="t-1")]
    assert await store.commit_projection(name, 0, 10, rows, []) is True
    assert await store.unfinished_battles_created_by(creator) == 3


async def test_streams_founded_lists_the_streams_a_first_event_names_oldest_first(store: EventStore) -> None:
    owner, other = f"owner-{uuid.uuid4()}", f"owner-{uuid.uuid4()}"
    first, second, theirs, later = new_stream(), new_stream(), new_stream(), new_stream()
    for stream, who in ((first, owner), (theirs, other), (second, owner)):
        await store.append(stream, 0, [NewEvent(type="founded", data={"owner": who}, actor=who)])
    # Only a stream's first event counts: a later event naming the owner founds nothing.
    await store.append(later, 0, [NewEvent(type="other", data={"owner": other}, actor=other)])
    await store.append(later, 1, [NewEvent(type="founded", data={"owner": owner}, actor=owner)])
    assert await store.streams_founded("founded", "owner", owner, 10) == [first, second]
    assert await store.streams_founded("founded", "owner", owner, 1) == [first]
    assert await store.streams_founded("founded", "owner", other, 10) == [theirs]
    assert await store.streams_founded("other", "owner", owner, 10) == []


async def test_heroes_in_battle_are_the_streams_that_recorded_entering_it_in_order(store: EventStore) -> None:
    battle, other = str(uuid.uuid4()), str(uuid.uuid4())
    first, second, elsewhere = new_stream(), new_stream(), new_stream()
    for stream, into in ((first, battle), (elsewhere, other), (second, battle)):
        await store.append(stream, 0, [NewEvent(type="hero_created", data={"owner": "o"}, actor="o")])
        await store.append(stream, 1, [NewEvent(type="hero_entered_battle", data={"battle_id": into}, actor="o")])
    # Another event naming the battle is not an entry.
    await store.append(elsewhere, 2, [NewEvent(type="hero_rested", data={"battle_id": battle}, actor="o")])
    assert await store.heroes_in_battle(battle, 10) == [first, second]
    assert await store.heroes_in_battle(battle, 1) == [first]
    assert await store.heroes_in_battle(other, 10) == [elsewhere]
    assert await store.heroes_in_battle(str(uuid.uuid4()), 10) == []
