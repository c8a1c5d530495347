"""The event store contract. Two implementations honour it: `MemoryStore` (a fake for
tests and benchmarks) and `PostgresStore`; `tests/integration/test_store_contract.py`
runs the same tests against both."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Protocol

import msgspec

from server.store.chain import canonical_bytes, chain_hash, format_time


class NewEvent(msgspec.Struct, frozen=True):
    type: str
    data: dict[str, Any]
    actor: str | None = None


class RecordedEvent(msgspec.Struct, frozen=True):
    stream_id: str
    version: int
    position: int
    type: str
    data: dict[str, Any]
    actor: str | None
    recorded_at: str
    hash: str
    prev_hash: str


class StreamRow(msgspec.Struct, frozen=True):
    stream_id: str
    version: int


class BattleRow(msgspec.Struct, frozen=True):
    """A row of the battle list read model. `seq` is the position of the battle's first event."""

    battle_id: str
    seq: int
    status: str
    summary: dict[str, Any]


class PlayerRow(msgspec.Struct, frozen=True):
    player_id: str
    record: dict[str, Any]


class Snapshot(msgspec.Struct, frozen=True):
    version: int
    schema: str
    state: dict[str, Any]


class StoredResponse(msgspec.Struct, frozen=True):
    """The first response to an idempotent request, returned again for a retry."""

    request_hash: str
    status: int
    body: bytes


class Idempotency(msgspec.Struct, frozen=True):
    scope: str
    key: str
    request_hash: str


class Player(msgspec.Struct, frozen=True):
    id: str
    name: str


class WrongExpectedVersion(Exception):
    def __init__(self, stream_id: str, expected: int, actual: int) -> None:
        super().__init__(f"{stream_id} is at version {actual}, not {expected}")
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class StoreUnavailable(Exception):
    """The database cannot be reached right now; the request may be retried (with its
    Idempotency-Key, since a write whose commit was cut off may still have landed)."""


class IdempotencyKeyReused(Exception):
    """The same key came with a different request."""


Responder = Callable[[list[RecordedEvent]], tuple[int, bytes]]


class AppendOutcome(msgspec.Struct, frozen=True):
    """Either the newly recorded events, or the stored first response to a retried request."""

    events: list[RecordedEvent] = []
    replayed: StoredResponse | None = None


def seal(stream_id: str, first_version: int, prev_hash: str, events: Sequence[NewEvent],
         recorded_at: datetime, first_position: int = 0) -> list[RecordedEvent]:
    """Give new events their versions, time and chained hashes."""
    moment = format_time(recorded_at)
    sealed = []
    for offset, event in enumerate(events):
        version = first_version + offset
        digest = chain_hash(prev_hash, canonical_bytes(stream_id, version, event.type, moment,
                                                       event.actor, event.data))
        sealed.append(RecordedEvent(stream_id=stream_id, version=version, position=first_position + offset,
                                    type=event.type, data=event.data, actor=event.actor,
                                    recorded_at=moment, hash=digest, prev_hash=prev_hash))
        prev_hash = digest
    return sealed


def check_replay(stored: StoredResponse | None, idempotency: Idempotency | None) -> StoredResponse | None:
    """The stored response for a retry, or None for a new request; refuses a reused key."""
    if stored is None or idempotency is None:
        return None
    if stored.request_hash != idempotency.request_hash:
        raise IdempotencyKeyReused(idempotency.key)
    return stored



class EventStore(Protocol):
    name: str

    async def append(self, stream_id: str, expected_version: int, events: Sequence[NewEvent], *,
                     prev_hash: str | None = None, secret: bytes | None = None,
                     idempotency: Idempotency | None = None,
                     respond: Responder | None = None) -> AppendOutcome:
        """Append atomically at `expected_version` (0 for a new stream) or raise
        WrongExpectedVersion. `prev_hash`, when the caller knows the stream's last hash, spares
        a read; a stale one is refused like a stale version. With `idempotency`, a retry returns the first response and
        appends nothing; `respond` builds that response from the recorded events."""
        ...

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None,
                          through: int | None = None) -> list[RecordedEvent]: ...

    async def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        """Events of every stream in global position order. A subscriber that follows
        `position` never skips an event that commits late."""
        ...

    async def stream(self, stream_id: str) -> StreamRow | None: ...

    # ---- read models kept by the projector (server/projector.py) ----

    async def projection_position(self, name: str) -> int: ...

    async def commit_projection(self, name: str, from_position: int, to_position: int,
                                battles: Sequence[BattleRow], players: Sequence[PlayerRow]) -> bool:
        """Write the rows and move the checkpoint from `from_position` to `to_position` in one
        transaction; False (and nothing written) when the checkpoint is no longer at `from_position`."""
        ...

    async def reset_projection(self, name: str) -> None:
        """Empty the read models and rewind the checkpoint, for a rebuild."""
        ...

    async def battle_rows(self, battle_ids: Sequence[str]) -> dict[str, BattleRow]: ...

    async def list_battles(self, status: str | None, before_seq: int | None, limit: int) -> list[BattleRow]: ...

    async def player_rows(self, player_ids: Sequence[str]) -> dict[str, PlayerRow]: ...

    async def unfinished_battles_created_by(self, player_id: str) -> int:
        """How many battles of the battle list `player_id` created that have not ended."""
        ...

    async def player(self, player_id: str) -> Player | None: ...

    async def secret(self, stream_id: str) -> bytes | None: ...

    async def save_snapshot(self, stream_id: str, snapshot: Snapshot) -> None:
        """Keep `snapshot` beside the stream's earlier ones (one of the same version already
        stored stays as it is)."""
        ...

    async def load_snapshot(self, stream_id: str) -> Snapshot | None:
        """The stream's newest snapshot."""
        ...

    async def load_snapshot_at(self, stream_id: str, version: int) -> Snapshot | None:
        """The stream's newest snapshot at or before `version` (for a past state)."""
        ...

    async def stored_response(self, scope: str, key: str) -> StoredResponse | None: ...

    async def create_player(self, player: Player, token_hash: str, idempotency: Idempotency | None,
                            respond: Callable[[], tuple[int, bytes]]) -> StoredResponse: ...

    async def player_by_token(self, token_hash: str) -> Player | None: ...

    async def ping(self) -> None: ...

    async def close(self) -> None: ...
