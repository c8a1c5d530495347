"""The Postgres event store (asyncpg).

Global order: writers are serialised. Every append takes one transaction-scoped
advisory lock before it reads the stream version and inserts, and holds it until
commit. Positions are therefore handed out in commit order, so a subscriber that
reads `position > checkpoint` can never pass over a row that commits later with a
smaller position. We chose this over xid8 snapshot filtering because it keeps the
subscriber's cursor a plain integer and the version check trivially exact; the cost
is that appends do not overlap (one commit at a time), which bench/ measures.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

import asyncpg
import msgspec

from server.gc_pause import gc_paused
from server.store.base import (
    AppendOutcome,
    BattleRow,
    Idempotency,
    NewEvent,
    Player,
    PlayerRow,
    RecordedEvent,
    Responder,
    Snapshot,
    StoredResponse,
    StoreUnavailable,
    StreamRow,
    WrongExpectedVersion,
    check_replay,
    seal,
)
from server.store.chain import GENESIS, format_time
from server.store.migrations import migrate

T = TypeVar("T")
_json_encode = msgspec.json.Encoder().encode
_json_decode = msgspec.json.Decoder().decode

LONG_READ = 1000  # rows; reading more than this from the start of a stream pauses the GC
_EVENT_COLUMNS = "stream_id, version, position, type, data, actor, recorded_at, hash, prev_hash"


async def _init_connection(connection: asyncpg.Connection) -> None:
    for type_name in ("json", "jsonb"):
        await connection.set_type_codec(type_name, schema="pg_catalog",
                                        encoder=lambda v: _json_encode(v).decode(), decoder=_json_decode)


async def _keep_session(connection: asyncpg.Connection) -> None:
    """Released connections skip asyncpg's default reset query (RESET ALL, UNLISTEN, unlock
    all...), a round trip per release: we set no session state, and our advisory locks are
    transaction-scoped, so there is nothing to reset."""


def _event(row: asyncpg.Record) -> RecordedEvent:
    return RecordedEvent(stream_id=row["stream_id"], version=row["version"], position=row["position"],
                         type=row["type"], data=row["data"], actor=row["actor"],
                         recorded_at=format_time(row["recorded_at"]), hash=row["hash"],
                         prev_hash=row["prev_hash"])


_CONNECTION_LOST = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.TooManyConnectionsError,
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

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def connect(cls, dsn: str, *, min_size: int = 2, max_size: int = 20,
                      run_migrations: bool = True) -> PostgresStore:
        if run_migrations:
            connection = await asyncpg.connect(dsn)
            try:
                await migrate(connection)
            finally:
                await connection.close()
        pool = await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size, init=_init_connection,
                                         reset=_keep_session)
        return cls(pool)

    async def append(self, stream_id: str, expected_version: int, events: Sequence[NewEvent], *,
                     prev_hash: str | None = None, secret: bytes | None = None,
                     idempotency: Idempotency | None = None,
                     respond: Responder | None = None) -> AppendOutcome:
        if not events:
            raise ValueError("an append needs at least one event")
        if prev_hash is None:
            prev_hash = await self._last_hash(stream_id) if expected_version else GENESIS
        now = datetime.now(UTC)
        sealed = seal(stream_id, expected_version + 1, prev_hash, events, now)
        status, body = respond(sealed) if idempotency is not None and respond is not None else (None, None)
        row = await self._pool.fetchrow(
            "SELECT * FROM chronicle_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
            stream_id, expected_version, prev_hash, now,
            [e.type for e in sealed], [_json_encode(e.data).decode() for e in sealed], [e.actor for e in sealed],
            [e.hash for e in sealed], secret,
            idempotency.scope if idempotency else None, idempotency.key if idempotency else None,
            idempotency.request_hash if idempotency else None, status, body)
        if row["outcome"] == "conflict":
            raise WrongExpectedVersion(stream_id, expected_version, row["actual"])
        if row["outcome"] == "replayed":
            assert idempotency is not None
            replayed = check_replay(StoredResponse(request_hash=row["replay_hash"], status=row["replay_status"],
                                                   body=bytes(row["replay_body"])), idempotency)
            return AppendOutcome(replayed=replayed)
        recorded = [msgspec.structs.replace(e, position=p) for e, p in zip(sealed, row["positions"], strict=True)]
        return AppendOutcome(events=recorded)

    async def _last_hash(self, stream_id: str) -> str:
        last = await self._pool.fetchval("SELECT last_hash FROM streams WHERE stream_id = $1", stream_id)
        return str(last) if last is not None else GENESIS

    @staticmethod
    async def _stored(connection: asyncpg.Connection, scope: str, key: str) -> StoredResponse | None:
        row = await connection.fetchrow(
            "SELECT request_hash, status, body FROM idempotent_responses WHERE scope = $1 AND key = $2",
            scope, key)
        return StoredResponse(request_hash=row["request_hash"], status=row["status"],
                              body=bytes(row["body"])) if row else None

    @staticmethod
    async def _store_response(connection: asyncpg.Connection, idempotency: Idempotency, status: int,
                              body: bytes) -> None:
        await connection.execute(
            """INSERT INTO idempotent_responses (scope, key, request_hash, status, body)
               VALUES ($1, $2, $3, $4, $5)""",
            idempotency.scope, idempotency.key, idempotency.request_hash, status, body)

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
        rows = await self._pool.fetch(
            f"SELECT {_EVENT_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2",
            after_position, limit)
        return [_event(row) for row in rows]

    async def stream(self, stream_id: str) -> StreamRow | None:
        version = await self._pool.fetchval("SELECT version FROM streams WHERE stream_id = $1", stream_id)
        return StreamRow(stream_id=stream_id, version=version) if version is not None else None

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

    async def list_battles(self, status: str | None, before_seq: int | None, limit: int) -> list[BattleRow]:
        rows = await self._pool.fetch(
            """SELECT battle_id, seq, status, summary FROM battle_list
               WHERE ($1::text IS NULL OR status = $1) AND ($2::bigint IS NULL OR seq < $2)
               ORDER BY seq DESC LIMIT $3""",
            status, before_seq, limit)
        return [BattleRow(**dict(row)) for row in rows]

    async def player_rows(self, player_ids: Sequence[str]) -> dict[str, PlayerRow]:
        rows = await self._pool.fetch(
            "SELECT player_id, record FROM player_records WHERE player_id = ANY($1::text[])", list(player_ids))
        return {row["player_id"]: PlayerRow(**dict(row)) for row in rows}

    async def unfinished_battles_created_by(self, player_id: str) -> int:
        return int(await self._pool.fetchval(
            "SELECT count(*) FROM battle_list WHERE status <> 'ended' AND summary->>'creator' = $1", player_id))

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

    async def create_player(self, player: Player, token_hash: str, idempotency: Idempotency | None,
                            respond: Callable[[], tuple[int, bytes]]) -> StoredResponse:
        async with self._pool.acquire() as connection, connection.transaction():
            if idempotency is not None:
                # Serialise retries of one key without blocking other writers.
                await connection.execute("SELECT pg_advisory_xact_lock(hashtext($1))",
                                         f"{idempotency.scope}|{idempotency.key}")
                replayed = check_replay(await self._stored(connection, idempotency.scope, idempotency.key),
                                        idempotency)
                if replayed is not None:
                    return replayed
            await connection.execute("INSERT INTO players (id, name, token_hash) VALUES ($1, $2, $3)",
                                     player.id, player.name, token_hash)
            status, body = respond()
            if idempotency is not None:
                await self._store_response(connection, idempotency, status, body)
            return StoredResponse(request_hash=idempotency.request_hash if idempotency else "",
                                  status=status, body=body)

    async def player_by_token(self, token_hash: str) -> Player | None:
        row = await self._pool.fetchrow("SELECT id, name FROM players WHERE token_hash = $1", token_hash)
        return Player(id=row["id"], name=row["name"]) if row else None

    async def ping(self) -> None:
        await self._pool.fetchval("SELECT 1")

    async def close(self) -> None:
        await self._pool.close()

    async def execute(self, sql: str, *args: Any) -> str:
        """Raw SQL, for tests that tamper with rows as an attacker with database access would."""
        return str(await self._pool.execute(sql, *args))


# Every public operation reports a lost or refused connection as StoreUnavailable (HTTP 503);
# the pool replaces dead connections by itself, so the server recovers without a restart.
for _name in ("append", "read_stream", "read_all", "stream", "secret", "save_snapshot", "load_snapshot",
              "load_snapshot_at", "unfinished_battles_created_by",
              "stored_response", "create_player", "player_by_token", "ping", "projection_position",
              "commit_projection", "reset_projection", "battle_rows", "list_battles", "player_rows", "player"):
    setattr(PostgresStore, _name, _unavailable_when_disconnected(getattr(PostgresStore, _name)))
