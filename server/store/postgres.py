"""The Postgres event store (asyncpg).

Global order without a global lock (issue #19). An append locks only its own stream (and its
idempotency key), so appends to different streams overlap and share WAL flushes. Each event
carries the id of the transaction that appended it, and the global feed is ordered by
(transaction id, position). `read_all` hands out only events whose transaction id is below
the xmin of the reader's own snapshot: every transaction with a smaller id has ended (its
events are visible, or it rolled back), and any transaction still to commit has an id at or
above that xmin, so it sorts after everything handed out. A subscriber that follows the feed
can therefore never pass over an event that commits late, nor see one twice. Its cursor stays
a plain integer, the position of the last event it took; `read_all` looks up that event's
transaction id. The cost: a transaction that stays open holds the feed back (not the writers)
until it ends, and positions handed out are in feed order, not always ascending.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any, TypeVar

import asyncpg
import msgspec
from asyncpg.pool import PoolConnectionProxy

from server.gc_pause import gc_paused
from server.observability import APPEND_BATCHES
from server.store.append_batches import APPEND_BATCH, AppendBatches, OneAppend, Outcomes, batch_arguments
from server.store.base import (
    DEFAULT_IDEMPOTENCY_TTL,
    AppendOutcome,
    BattleRow,
    Credential,
    Idempotency,
    NewEvent,
    Player,
    PlayerRow,
    RecordedEvent,
    Snapshot,
    StoredResponse,
    StoreUnavailable,
    StreamRow,
    Token,
    WrongExpectedVersion,
    check_replay,
    hashed_key,
    seal,
    stream_chain,
)
from server.store.chain import GENESIS, chain_of, format_time
from server.store.feed_cache import FeedCache
from server.store.migrations import migrate

T = TypeVar("T")
_json_encode = msgspec.json.Encoder().encode
_json_decode = msgspec.json.Decoder().decode

LONG_READ = 1000  # rows; reading more than this from the start of a stream pauses the GC
_EVENT_COLUMNS = "stream_id, version, position, type, data, actor, recorded_at, hash, prev_hash, command"
_TOKEN_COLUMNS = ("t.id, t.player_id, t.secret_hash, t.legacy, t.label, t.scopes, t.created_at, t.expires_at, "
                  "t.revoked_at")
# The advisory lock space (two-integer form) of `projection_turn`: one lock per subscriber name.
_PROJECTION_LOCK = 7_700_005
# Connections kept checked out of the pool for appends (see PostgresStore.__init__), and so the
# batches of appends out at once (append_batches.py): with two rather than four, busy nodes send
# larger batches, and bench.appends measured 0.57 of bare commits at 16 writers against 0.47-0.51.
APPEND_LANE = 2
# An append through chronicle_append (the bench calls it too, to compare with the one-statement path).
APPEND_BY_FUNCTION = "SELECT * FROM chronicle_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)"
# Most appends (a command to a stream that exists, no Idempotency-Key) in one statement, without
# chronicle_append's plpgsql (issue #19: about 1.5x the appends per second of Postgres's CPU).
# It is that function's path for them, as one statement: the conditional UPDATE locks the
# stream's row, waits for any other append to it and re-checks its condition against the row
# that append left, and the events are inserted only when the stream moved from the expected
# version and hash. No row back means a conflict.
_APPEND_TO_STREAM = """
    WITH head AS (
        UPDATE streams SET version = $2 + cardinality($5::text[]), last_hash = ($8::text[])[cardinality($5::text[])],
                           updated_at = now()
        WHERE stream_id = $1 AND version = $2 AND last_hash = $3
        RETURNING 1
    )
    INSERT INTO events (stream_id, version, type, data, actor, recorded_at, hash, prev_hash, command)
    SELECT $1, $2 + u.n, u.t, u.d::jsonb, u.a, $4, u.h, CASE WHEN u.n = 1 THEN $3 ELSE ($8::text[])[u.n - 1] END,
           u.c::jsonb
    FROM head, unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) WITH ORDINALITY AS u(t, d, a, h, c, n)
    RETURNING version, position"""
# The same for one event (nearly every command), with no arrays to encode or unnest. The data
# are sent as text (`::text::jsonb`), as chronicle_append takes them: a jsonb parameter would go
# through the connection's JSON codec and be stored as one JSON string.
_APPEND_ONE_TO_STREAM = """
    WITH head AS (
        UPDATE streams SET version = $2 + 1, last_hash = $8, updated_at = now()
        WHERE stream_id = $1 AND version = $2 AND last_hash = $3
        RETURNING 1
    )
    INSERT INTO events (stream_id, version, type, data, actor, recorded_at, hash, prev_hash, command)
    SELECT $1, $2 + 1, $5, $6::text::jsonb, $7, $4, $8, $3, $9::text::jsonb FROM head
    RETURNING position"""
# How long `read_all` waits by default for a transaction still open that holds the feed back (seconds).
FEED_WAIT = 2.0
# The feed: ordered by (transaction id, position), from the cursor's event on; `ready` says the
# transaction is below the snapshot's xmin (ended). Rows sort by transaction id, so the ready
# ones come first. A cursor at 0, or at an event recorded before migration 0008 (transaction
# id 0), compares by position among those older events.
# A row not yet ready is only counted, never used: its data and command are left out (NULL), so
# that a reader waiting at the horizon does not fetch and decode them again at every try.
_READY = "e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())"
_FEED_QUERY = f"""
    SELECT stream_id, version, position, type, CASE WHEN {_READY} THEN data END AS data, actor, recorded_at, hash,
           prev_hash, CASE WHEN {_READY} THEN command END AS command, {_READY} AS ready
    FROM events e
    WHERE (e.transaction_id, e.position) >
          (coalesce((SELECT c.transaction_id FROM events c WHERE c.position = $1), '0'::xid8), $1)
    ORDER BY e.transaction_id, e.position LIMIT $2"""
# The connection setting chronicle_append reads for the lifetime of a new idempotency record.
IDEMPOTENCY_TTL_SETTING = "chronicle.idempotency_ttl"


async def _init_connection(connection: asyncpg.Connection) -> None:
    for type_name in ("json", "jsonb"):
        await connection.set_type_codec(type_name, schema="pg_catalog",
                                        encoder=lambda v: _json_encode(v).decode(), decoder=_json_decode)


async def _keep_session(connection: asyncpg.Connection) -> None:
    """Released connections skip asyncpg's default reset query (RESET ALL, UNLISTEN, unlock
    all...), a round trip per release: we set no session state, and our advisory locks are
    transaction-scoped, so there is nothing to reset."""


def _usable(connection: PoolConnectionProxy) -> bool:
    """Whether a connection kept out of the pool can still be used: not closed, and not taken
    back by the pool (asyncpg detaches the proxy of a connection that closed while acquired,
    and every call on it then raises InterfaceError)."""
    try:
        return not connection.is_closed()
    except asyncpg.InterfaceError:
        return False


def _event(row: asyncpg.Record) -> RecordedEvent:
    return RecordedEvent(stream_id=row["stream_id"], version=row["version"], position=row["position"],
                         type=row["type"], data=row["data"], actor=row["actor"],
                         recorded_at=format_time(row["recorded_at"]), hash=row["hash"],
                         prev_hash=row["prev_hash"], command=row["command"])


def _token(row: asyncpg.Record) -> Token:
    return Token(id=row["id"], player_id=row["player_id"], secret_hash=row["secret_hash"], legacy=row["legacy"],
                 label=row["label"], scopes=tuple(row["scopes"]), created_at=row["created_at"],
                 expires_at=row["expires_at"], revoked_at=row["revoked_at"])


def _credential(row: asyncpg.Record | None) -> Credential | None:
    return Credential(token=_token(row), player=Player(id=row["player_id"], name=row["name"])) if row else None


_CONNECTION_LOST = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.TooManyConnectionsError,
    # A connection whose server process died mid-operation (a crash, pg_terminate_backend)
    # can fail with "cannot switch to state N; another operation (M) is in progress" instead
    # of a connection error (MagicStack/asyncpg#1069); the pool replaces it like any dead one.
    asyncpg.exceptions.InternalClientError,
)


def _unavailable_when_disconnected(method: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    @functools.wraps(method)
    async def guarded(*args: Any, **kwargs: Any) -> T:
        try:
            return await method(*args, **kwargs)
        except _CONNECTION_LOST as exc:
            raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc

    return guarded


class PostgresStore:
    name = "postgres"

    def __init__(self, pool: asyncpg.Pool, idempotency_ttl: float = DEFAULT_IDEMPOTENCY_TTL,
                 feed_wait: float = FEED_WAIT, dsn: str = "", lane_size: int = APPEND_LANE,
                 feed_cache: int = 0) -> None:
        self._pool = pool
        # The append lane: up to `lane_size` pool connections kept checked out for appends,
        # idle ones here. Acquiring and releasing a pool connection costs about 100 us of CPU
        # (a task per release, a proxy, a timer), a third of an append's client side.
        self._lane: list[PoolConnectionProxy] = []
        self._lane_count = 0  # lane connections, idle or in use
        self._lane_size = lane_size
        self._closing = False
        self.dsn = dsn  # what the pool connects to (live events between workers listen there too)
        self._idempotency_ttl = idempotency_ttl
        self._feed_wait = feed_wait
        # The feed's latest events, for a process whose subscribers all follow it (feed_cache.py).
        self._feed_cache = FeedCache(feed_cache) if feed_cache else None
        # Single-event appends waiting at once share a statement and a commit (append_batches.py),
        # at most one batch per lane connection at a time.
        self._batches = AppendBatches(self._send_appends, lane_size)

    @property
    def feed_cache_served(self) -> int:
        """How many events `read_all` has handed out from its feed cache."""
        return self._feed_cache.served if self._feed_cache is not None else 0

    @property
    def pool(self) -> asyncpg.Pool:
        """The connection pool (the notification store shares it: server/notify/store.py)."""
        return self._pool

    @classmethod
    async def connect(cls, dsn: str, *, min_size: int = 2, max_size: int = 20, run_migrations: bool = True,
                      idempotency_ttl: float = DEFAULT_IDEMPOTENCY_TTL, feed_wait: float = FEED_WAIT,
                      lane_size: int = APPEND_LANE, feed_cache: int = 0) -> PostgresStore:
        """A pool on `dsn`; idempotency records written through it live `idempotency_ttl` seconds;
        `read_all` waits up to `feed_wait` seconds for a transaction that holds the feed back,
        and keeps the feed's last `feed_cache` events (server/store/feed_cache.py)."""
        if run_migrations:
            connection = await asyncpg.connect(dsn)
            try:
                await migrate(connection)
            finally:
                await connection.close()
        pool = await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size, init=_init_connection,
                                         reset=_keep_session,
                                         server_settings={IDEMPOTENCY_TTL_SETTING: repr(float(idempotency_ttl))})
        # The lane never holds more than half the pool: what it keeps idle no other query can use.
        return cls(pool, idempotency_ttl, feed_wait, dsn, min(lane_size, max_size // 2), feed_cache)

    async def append(self, stream_id: str, expected_version: int, events: Sequence[NewEvent], *,
                     prev_hash: str | None = None, secret: bytes | None = None,
                     idempotency: Idempotency | None = None, response: tuple[int, bytes] | None = None,
                     chain: str | None = None, recorded_at: str | None = None) -> AppendOutcome:
        if not events:
            raise ValueError("an append needs at least one event")
        if chain is None and expected_version:
            chain = chain_of(await self._pool.fetchval(
                "SELECT data FROM events WHERE stream_id = $1 AND version = 1", stream_id) or {})
        chain = stream_chain(expected_version, events, chain)
        if prev_hash is None:
            prev_hash = await self.last_hash(stream_id) if expected_version else GENESIS
        moment = recorded_at or format_time(datetime.now(UTC))
        sealed = seal(stream_id, expected_version + 1, prev_hash, events, moment, chain=chain)
        return await self.append_sealed(stream_id, expected_version, sealed, secret=secret, idempotency=idempotency,
                                        response=response)

    async def append_sealed(self, stream_id: str, expected_version: int, sealed: Sequence[RecordedEvent], *,
                            secret: bytes | None = None, idempotency: Idempotency | None = None,
                            response: tuple[int, bytes] | None = None) -> AppendOutcome:
        if not sealed:
            raise ValueError("an append needs at least one event")
        types, data = [e.type for e in sealed], [_json_encode(e.data).decode() for e in sealed]
        actors, hashes = [e.actor for e in sealed], [e.hash for e in sealed]
        commands = [_json_encode(e.command).decode() if e.command is not None else None for e in sealed]
        recorded_at = datetime.fromisoformat(sealed[0].recorded_at)
        if idempotency is None and secret is None and expected_version > 0:
            positions = await self._append_to_stream(stream_id, expected_version, sealed[0].prev_hash, recorded_at,
                                                     types, data, actors, hashes, commands)
            return AppendOutcome(events=[msgspec.structs.replace(e, position=p)
                                         for e, p in zip(sealed, positions, strict=True)])
        status, body = response if idempotency is not None and response is not None else (None, None)
        row = await self._on_lane(
            "fetchrow", APPEND_BY_FUNCTION, stream_id, expected_version, sealed[0].prev_hash, recorded_at, types, data,
            actors, hashes, secret, idempotency.scope if idempotency else None,
            hashed_key(idempotency.key) if idempotency else None, idempotency.request_hash if idempotency else None,
            status, body, commands)
        assert row is not None, "chronicle_append returns one row"
        if row["outcome"] == "conflict":
            raise WrongExpectedVersion(stream_id, expected_version, row["actual"])
        if row["outcome"] == "replayed":
            assert idempotency is not None
            replayed = check_replay(StoredResponse(request_hash=row["replay_hash"], status=row["replay_status"],
                                                   body=bytes(row["replay_body"])), idempotency)
            return AppendOutcome(replayed=replayed)
        recorded = [msgspec.structs.replace(e, position=p) for e, p in zip(sealed, row["positions"], strict=True)]
        return AppendOutcome(events=recorded)

    async def _append_to_stream(self, stream_id: str, expected_version: int, prev_hash: str, recorded_at: datetime,
                                types: list[str], data: list[str], actors: list[str | None], hashes: list[str],
                                commands: list[str | None]) -> list[int]:
        """The positions of events appended by one statement (see _APPEND_TO_STREAM)."""
        if len(types) == 1:
            position = await self._batches.append(OneAppend(stream_id, expected_version, prev_hash, recorded_at,
                                                            types[0], data[0], actors[0], hashes[0], commands[0]))
            positions = [] if position is None else [position]
        else:
            rows = await self._on_lane("fetch", _APPEND_TO_STREAM, stream_id, expected_version, prev_hash,
                                       recorded_at, types, data, actors, hashes, commands)
            positions = [row["position"] for row in sorted(rows, key=lambda row: row["version"])]
        if not positions:
            actual = await self._pool.fetchval("SELECT version FROM streams WHERE stream_id = $1", stream_id)
            raise WrongExpectedVersion(stream_id, expected_version, actual or 0)
        return positions

    async def _send_appends(self, batch: list[OneAppend]) -> Outcomes:
        """One batch of single-event appends (append_batches.py): alone by the plain statement,
        together by one statement and one commit."""
        APPEND_BATCHES.observe(len(batch))
        if len(batch) == 1:
            return await self._send_alone(batch[0])
        try:
            rows = await self._on_lane("fetch", APPEND_BATCH, *batch_arguments(batch))
        except _CONNECTION_LOST:
            raise
        except asyncpg.PostgresError:
            # A statement error fails every append of the batch (a damaged stream's duplicate
            # version, say): each is tried again on its own, so that only its own append fails.
            outcomes: Outcomes = {}
            for item in batch:
                try:
                    outcomes.update(await self._send_alone(item))
                except _CONNECTION_LOST:
                    raise
                except asyncpg.PostgresError as refused:
                    outcomes[item.stream_id] = refused
            return outcomes
        return {row["stream_id"]: row["position"] for row in rows}

    async def _send_alone(self, item: OneAppend) -> Outcomes:
        position = await self._on_lane("fetchval", _APPEND_ONE_TO_STREAM, *item)
        return {} if position is None else {item.stream_id: position}

    async def _on_lane(self, method: str, query: str, *args: Any) -> Any:
        """An append's query (`method`: fetch, fetchrow or fetchval) on a lane connection when one is free
        (or may be added), else through the pool."""
        while self._lane and not _usable(self._lane[-1]):
            # Its server went away while it sat idle (a restart, a terminated backend): as the
            # pool does on acquire, do not hand it out; the pool reconnects it when next acquired.
            self._lane_count -= 1
            await self._pool.release(self._lane.pop())
        if self._lane:
            connection = self._lane.pop()
        elif self._lane_count < self._lane_size and not self._closing:
            self._lane_count += 1
            try:
                connection = await self._pool.acquire()
            except BaseException:
                self._lane_count -= 1
                raise
        else:
            return await getattr(self._pool, method)(query, *args)
        try:
            row = await getattr(connection, method)(query, *args)
        except BaseException:
            # Whatever went wrong (a lost connection, a cancelled call mid-query), the pool's
            # release knows how to clean up or replace the connection; the lane lets it go.
            self._lane_count -= 1
            await self._pool.release(connection)
            raise
        if self._closing:
            self._lane_count -= 1
            await self._pool.release(connection)
        else:
            self._lane.append(connection)
        return row

    async def last_hash(self, stream_id: str) -> str:
        last = await self._pool.fetchval("SELECT last_hash FROM streams WHERE stream_id = $1", stream_id)
        return str(last) if last is not None else GENESIS

    async def streams_with_event(self, stream_ids: Sequence[str], version: int, event_type: str) -> set[str]:
        rows = await self._pool.fetch(
            "SELECT stream_id FROM events WHERE stream_id = ANY($1::text[]) AND version = $2 AND type = $3",
            list(stream_ids), version, event_type)
        return {row["stream_id"] for row in rows}

    @staticmethod
    async def _stored(connection: PoolConnectionProxy, scope: str, key: str) -> StoredResponse | None:
        row = await connection.fetchrow(
            """SELECT request_hash, status, body FROM idempotent_responses
               WHERE scope = $1 AND key = $2 AND expires_at > now()""",
            scope, hashed_key(key))
        return StoredResponse(request_hash=row["request_hash"], status=row["status"],
                              body=bytes(row["body"])) if row else None

    async def _store_response(self, connection: PoolConnectionProxy, idempotency: Idempotency, status: int,
                              body: bytes) -> None:
        """Insert the record, or replace an expired one under the same key (as chronicle_append does)."""
        await connection.execute(
            """INSERT INTO idempotent_responses AS r (scope, key, request_hash, status, body, created_at, expires_at)
               VALUES ($1, $2, $3, $4, $5, now(), now() + make_interval(secs => $6))
               ON CONFLICT (scope, key) DO UPDATE
               SET request_hash = excluded.request_hash, status = excluded.status, body = excluded.body,
                   created_at = excluded.created_at, expires_at = excluded.expires_at
               WHERE r.expires_at <= now()""",
            idempotency.scope, hashed_key(idempotency.key), idempotency.request_hash, status, body,
            self._idempotency_ttl)

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None,
                          through: int | None = None) -> list[RecordedEvent]:
        with gc_paused(when=after == 0 and (limit is None or limit > LONG_READ)):
            return await self._read_stream(stream_id, after, limit, through)

    async def _read_stream(self, stream_id: str, after: int, limit: int | None,
                           through: int | None) -> list[RecordedEvent]:
        rows = await self._pool.fetch(
            f"""SELECT {_EVENT_COLUMNS} FROM events
                WHERE stream_id = $1 AND version > $2 AND ($3::int IS NULL OR version <= $3)
                ORDER BY version LIMIT $4""",
            stream_id, after, through, limit)
        return [_event(row) for row in rows]

    async def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        """The events after the one at `after_position`, in feed order (see the module's docstring).
        Events committed behind a transaction still open are withheld; when nothing else is left
        to hand out, wait (up to the store's `feed_wait` seconds) for that transaction to end, so
        that a reader catching up right after its own append still sees it."""
        cache = self._feed_cache
        cached = cache.after(after_position, limit) if cache is not None else []
        if len(cached) == limit:
            return cached
        cursor = cached[-1].position if cached else after_position
        # With events at hand, what came after them is read without waiting for an open transaction.
        ready = await self._read_feed(cursor, limit - len(cached), 0.0 if cached else self._feed_wait)
        if cache is not None:
            cache.add(cursor, ready)
        return cached + ready

    async def _read_feed(self, after_position: int, limit: int, wait: float) -> list[RecordedEvent]:
        deadline = asyncio.get_running_loop().time() + wait
        delay = 0.001
        while True:
            rows = await self._pool.fetch(_FEED_QUERY, after_position, limit)
            ready = [_event(row) for row in rows if row["ready"]]
            if ready or len(rows) == 0 or asyncio.get_running_loop().time() >= deadline:
                return ready
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.05)

    async def stream(self, stream_id: str) -> StreamRow | None:
        version = await self._pool.fetchval("SELECT version FROM streams WHERE stream_id = $1", stream_id)
        return StreamRow(stream_id=stream_id, version=version) if version is not None else None

    async def streams_founded(self, event_type: str, key: str, value: str, limit: int) -> list[str]:
        rows = await self._pool.fetch(
            "SELECT stream_id FROM events WHERE version = 1 AND type = $1 AND data->>$2 = $3 "
            "ORDER BY position LIMIT $4",
            event_type, key, value, limit)
        return [row["stream_id"] for row in rows]

    async def heroes_in_battle(self, battle_id: str, limit: int) -> list[str]:
        rows = await self._pool.fetch(
            "SELECT stream_id FROM events WHERE type = 'hero_entered_battle' AND data->>'battle_id' = $1 "
            "ORDER BY position LIMIT $2", battle_id, limit)
        return list(dict.fromkeys(row["stream_id"] for row in rows))

    async def projection_position(self, name: str) -> int:
        position = await self._pool.fetchval("SELECT position FROM projection_checkpoints WHERE name = $1", name)
        return int(position or 0)

    async def commit_projection(self, name: str, from_position: int, to_position: int,
                                battles: Sequence[BattleRow], players: Sequence[PlayerRow]) -> bool:
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.execute(
                "INSERT INTO projection_checkpoints (name, position) VALUES ($1, 0) ON CONFLICT DO NOTHING", name)
            # The row lock makes concurrent projectors (one per node) take turns; the check makes
            # the loser of a race write nothing and start again from the new checkpoint.
            current = await connection.fetchval(
                "SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE", name)
            if current != from_position:
                return False
            if battles:
                await connection.executemany(
                    """INSERT INTO battle_list (battle_id, seq, status, summary) VALUES ($1, $2, $3, $4)
                       ON CONFLICT (battle_id) DO UPDATE SET status = excluded.status, summary = excluded.summary""",
                    [(row.battle_id, row.seq, row.status, row.summary) for row in battles])
            if players:
                await connection.executemany(
                    """INSERT INTO player_records (player_id, record) VALUES ($1, $2)
                       ON CONFLICT (player_id) DO UPDATE SET record = excluded.record""",
                    [(row.player_id, row.record) for row in players])
            await connection.execute("UPDATE projection_checkpoints SET position = $2 WHERE name = $1",
                                     name, to_position)
            return True

    @asynccontextmanager
    async def projection_turn(self, name: str, wait: bool = True) -> AsyncIterator[bool]:
        # A transaction-scoped advisory lock on a connection of its own: it takes no transaction
        # id, so holding it never holds the global feed back (see read_all).
        try:
            async with self._pool.acquire() as connection, connection.transaction():
                held = await connection.fetchval("SELECT pg_try_advisory_xact_lock($1, hashtext($2))",
                                                 _PROJECTION_LOCK, name)
                if not held and wait:
                    await connection.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", _PROJECTION_LOCK, name)
                    held = True
                yield bool(held)
        except _CONNECTION_LOST as exc:
            raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc

    async def reset_projection(self, name: str) -> None:
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.execute("TRUNCATE battle_list, player_records")
            await connection.execute(
                """INSERT INTO projection_checkpoints (name, position) VALUES ($1, 0)
                   ON CONFLICT (name) DO UPDATE SET position = 0""", name)

    async def battle_rows(self, battle_ids: Sequence[str]) -> dict[str, BattleRow]:
        rows = await self._pool.fetch(
            "SELECT battle_id, seq, status, summary FROM battle_list WHERE battle_id = ANY($1::text[])",
            list(battle_ids))
        return {row["battle_id"]: BattleRow(**dict(row)) for row in rows}

    async def list_battles(self, status: str | None, before_seq: int | None, limit: int,
                           player: str | None = None) -> list[BattleRow]:
        # A seat held by `player`: containment, which the GIN index of migration 0009 answers.
        seated = None if player is None else [{"player_id": player}]
        rows = await self._pool.fetch(
            """SELECT battle_id, seq, status, summary FROM battle_list
               WHERE ($1::text IS NULL OR status = $1) AND ($2::bigint IS NULL OR seq < $2)
                 AND ($4::jsonb IS NULL OR summary->'seats' @> $4::jsonb)
               ORDER BY seq DESC LIMIT $3""",
            status, before_seq, limit, seated)
        return [BattleRow(**dict(row)) for row in rows]

    async def list_founded(self, event_type: str, before: int | None, limit: int) -> list[tuple[str, int]]:
        # Answered by the partial index of migration 0012 (one row per stream).
        rows = await self._pool.fetch(
            """SELECT stream_id, position FROM events
               WHERE version = 1 AND type = $1 AND ($2::bigint IS NULL OR position < $2)
               ORDER BY position DESC LIMIT $3""", event_type, before, limit)
        return [(row["stream_id"], int(row["position"])) for row in rows]

    async def player_rows(self, player_ids: Sequence[str]) -> dict[str, PlayerRow]:
        rows = await self._pool.fetch(
            "SELECT player_id, record FROM player_records WHERE player_id = ANY($1::text[])", list(player_ids))
        return {row["player_id"]: PlayerRow(**dict(row)) for row in rows}

    async def unfinished_battles_created_by(self, player_id: str) -> int:
        return int(await self._pool.fetchval(
            """SELECT count(*) FROM battle_list
               WHERE status <> 'ended' AND summary->>'creator' = $1 AND summary->>'tournament_id' IS NULL""",
            player_id))

    async def player(self, player_id: str) -> Player | None:
        row = await self._pool.fetchrow("SELECT id, name FROM players WHERE id = $1", player_id)
        return Player(id=row["id"], name=row["name"]) if row else None

    async def secret(self, stream_id: str) -> bytes | None:
        value = await self._pool.fetchval(
            "SELECT server_seed FROM stream_secrets WHERE stream_id = $1", stream_id)
        return bytes(value) if value is not None else None

    async def save_snapshot(self, stream_id: str, snapshot: Snapshot) -> None:
        await self._pool.execute(
            """INSERT INTO snapshots (stream_id, version, schema, state) VALUES ($1, $2, $3, $4)
               ON CONFLICT (stream_id, version) DO NOTHING""",
            stream_id, snapshot.version, snapshot.schema, snapshot.state)

    async def load_snapshot(self, stream_id: str) -> Snapshot | None:
        return await self.load_snapshot_at(stream_id, 2**31 - 1)

    async def load_snapshot_at(self, stream_id: str, version: int) -> Snapshot | None:
        row = await self._pool.fetchrow(
            """SELECT version, schema, state FROM snapshots WHERE stream_id = $1 AND version <= $2
               ORDER BY version DESC LIMIT 1""", stream_id, version)
        return Snapshot(version=row["version"], schema=row["schema"], state=row["state"]) if row else None

    async def stored_response(self, scope: str, key: str) -> StoredResponse | None:
        async with self._pool.acquire() as connection:
            return await self._stored(connection, scope, key)

    async def prune_idempotency(self, limit: int = 1000) -> int:
        # SKIP LOCKED: nodes pruning at the same time take different rows instead of queueing.
        status = await self._pool.execute(
            """DELETE FROM idempotent_responses WHERE ctid = ANY(ARRAY(
                   SELECT ctid FROM idempotent_responses WHERE expires_at <= now()
                   LIMIT $1 FOR UPDATE SKIP LOCKED))""",
            limit)
        return int(status.split()[-1])

    async def create_player(self, player: Player, token: Token, idempotency: Idempotency | None,
                            replay: tuple[int, bytes]) -> StoredResponse | None:
        async with self._pool.acquire() as connection, connection.transaction():
            if idempotency is not None:
                # Serialise retries of one key without blocking other writers.
                await connection.execute("SELECT pg_advisory_xact_lock(hashtext($1))",
                                         f"{idempotency.scope}|{hashed_key(idempotency.key)}")
                replayed = check_replay(await self._stored(connection, idempotency.scope, idempotency.key),
                                        idempotency)
                if replayed is not None:
                    return replayed
            await connection.execute("INSERT INTO players (id, name) VALUES ($1, $2)", player.id, player.name)
            await self._insert_token(connection, token)
            if idempotency is not None:
                await self._store_response(connection, idempotency, *replay)
            return None

    @staticmethod
    async def _insert_token(connection: PoolConnectionProxy, token: Token) -> None:
        await connection.execute(
            """INSERT INTO tokens (id, player_id, secret_hash, legacy, label, scopes, created_at, expires_at,
                                   revoked_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)""",
            token.id, token.player_id, token.secret_hash, token.legacy, token.label, list(token.scopes),
            token.created_at, token.expires_at, token.revoked_at)

    async def credential(self, token_id: str) -> Credential | None:
        return _credential(await self._pool.fetchrow(
            f"SELECT {_TOKEN_COLUMNS}, p.name FROM tokens t JOIN players p ON p.id = t.player_id WHERE t.id = $1",
            token_id))

    async def legacy_credential(self, secret_hash: str) -> Credential | None:
        return _credential(await self._pool.fetchrow(
            f"""SELECT {_TOKEN_COLUMNS}, p.name FROM tokens t JOIN players p ON p.id = t.player_id
                WHERE t.secret_hash = $1 AND t.legacy""",
            secret_hash))

    async def tokens(self, player_id: str) -> list[Token]:
        rows = await self._pool.fetch(
            f"SELECT {_TOKEN_COLUMNS} FROM tokens t WHERE t.player_id = $1 ORDER BY t.created_at, t.id", player_id)
        return [_token(row) for row in rows]

    async def add_token(self, token: Token, max_live: int) -> bool:
        async with self._pool.acquire() as connection, connection.transaction():
            # The player's row lock makes concurrent creations count one after the other.
            await connection.execute("SELECT 1 FROM players WHERE id = $1 FOR UPDATE", token.player_id)
            live = await connection.fetchval(
                """SELECT count(*) FROM tokens WHERE player_id = $1 AND revoked_at IS NULL
                   AND (expires_at IS NULL OR expires_at > $2)""",
                token.player_id, token.created_at)
            if live >= max_live:
                return False
            await self._insert_token(connection, token)
            return True

    async def rotate_token(self, player_id: str, token_id: str, secret_hash: str) -> Token | None:
        row = await self._pool.fetchrow(
            f"""UPDATE tokens t SET secret_hash = $3, legacy = false
                WHERE t.id = $2 AND t.player_id = $1 AND t.revoked_at IS NULL RETURNING {_TOKEN_COLUMNS}""",
            player_id, token_id, secret_hash)
        return _token(row) if row else None

    async def revoke_token(self, player_id: str, token_id: str, at: datetime) -> bool:
        status = await self._pool.execute(
            "UPDATE tokens SET revoked_at = coalesce(revoked_at, $3) WHERE id = $2 AND player_id = $1",
            player_id, token_id, at)
        return status != "UPDATE 0"

    async def ping(self) -> None:
        await self._pool.fetchval("SELECT 1")

    async def close(self) -> None:
        # Lane connections go back first: the pool's close waits for every acquired one.
        self._closing = True
        while self._lane:
            self._lane_count -= 1
            await self._pool.release(self._lane.pop())
        await self._pool.close()

    async def execute(self, sql: str, *args: Any) -> str:
        """Raw SQL, for tests that tamper with rows as an attacker with database access would."""
        return str(await self._pool.execute(sql, *args))


# Every public operation reports a lost or refused connection as StoreUnavailable (HTTP 503);
# the pool replaces dead connections by itself, so the server recovers without a restart.
for _name in ("append", "append_sealed", "last_hash", "read_stream", "read_all", "stream", "secret", "save_snapshot",
              "load_snapshot",
              "load_snapshot_at", "unfinished_battles_created_by",
              "stored_response", "prune_idempotency", "create_player", "credential", "legacy_credential", "tokens",
              "add_token", "rotate_token", "revoke_token", "ping", "projection_position",
              "commit_projection", "reset_projection", "battle_rows", "list_battles", "player_rows", "player"):
    setattr(PostgresStore, _name, _unavailable_when_disconnected(getattr(PostgresStore, _name)))
