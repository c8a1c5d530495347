"""The event store contract. Two implementations honour it: `MemoryStore` (a fake for
tests and benchmarks) and `PostgresStore`; `tests/integration/test_store_contract.py`
runs the same tests against both."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import Any, Literal, Protocol

import msgspec

from domain.events import CHAIN_V1
from server.store.chain import canonical_bytes, chain_hash, chain_of, format_time


class NewEvent(msgspec.Struct, frozen=True):
    type: str
    data: dict[str, Any]
    actor: str | None = None
    # The command that produced this event, on the first event of each command (what `verify`
    # decides again); None on the others and on events no command produced (a fork's copy).
    command: dict[str, Any] | None = None


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
    command: dict[str, Any] | None = None


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
    state: dict[str, Any] | msgspec.Raw  # Raw: its JSON, encoded once (a saved one; loaded, a dict)


class StoredResponse(msgspec.Struct, frozen=True):
    """The first response to an idempotent request, returned again for a retry."""

    request_hash: str
    status: int
    body: bytes


class Idempotency(msgspec.Struct, frozen=True):
    """An Idempotency-Key as the client sent it, with the scope it is looked up in (the
    player, or an anonymous caller's address) and the hash of the request it came with.
    Stores keep only `hashed_key(key)`; a record expires after the store's TTL."""

    scope: str
    key: str
    request_hash: str


DEFAULT_IDEMPOTENCY_TTL = 86_400.0  # seconds


def hashed_key(key: str) -> str:
    """The form an idempotency key is stored and looked up in: its SHA-256, never the key."""
    return hashlib.sha256(key.encode()).hexdigest()


class Player(msgspec.Struct, frozen=True):
    id: str
    name: str


# What a token may do: play battles, organise tournaments, read what needs a token to read.
Scope = Literal["play", "organise", "read"]


class Token(msgspec.Struct, frozen=True):
    """A player's bearer token. Only the SHA-256 of its secret is stored. A legacy token (from
    before tokens had ids) is found by that hash; any other by its id."""

    id: str
    player_id: str
    secret_hash: str
    scopes: tuple[Scope, ...]
    created_at: datetime
    label: str | None = None
    expires_at: datetime | None = None
    revoked_at: datetime | None = None
    legacy: bool = False

    def expired(self, now: datetime) -> bool:
        return self.expires_at is not None and self.expires_at <= now

    def live(self, now: datetime) -> bool:
        return self.revoked_at is None and not self.expired(now)


class Credential(msgspec.Struct, frozen=True):
    """A token with the player who owns it."""

    token: Token
    player: Player


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


class AppendOutcome(msgspec.Struct, frozen=True):
    """Either the newly recorded events, or the stored first response to a retried request."""

    events: list[RecordedEvent] = []
    replayed: StoredResponse | None = None


def stream_chain(expected_version: int, events: Sequence[NewEvent], chain: str | None,
                 first_event_data: dict[str, Any] | None = None) -> str:
    """The chain format of an append: a new stream's is named by its first event; an existing
    stream's is given by the caller who loaded it, or read off its stored first event."""
    if expected_version == 0:
        return chain_of(events[0].data)
    return chain or chain_of(first_event_data or {})


def seal(stream_id: str, first_version: int, prev_hash: str, events: Sequence[NewEvent],
         recorded_at: datetime | str, first_position: int = 0, chain: str = CHAIN_V1) -> list[RecordedEvent]:
    """Give new events their versions, time and chained hashes."""
    moment = recorded_at if isinstance(recorded_at, str) else format_time(recorded_at)
    sealed = []
    for offset, event in enumerate(events):
        version = first_version + offset
        digest = chain_hash(prev_hash, canonical_bytes(stream_id, version, event.type, moment,
                                                       event.actor, event.data, event.command, chain))
        sealed.append(RecordedEvent(stream_id=stream_id, version=version, position=first_position + offset,
                                    type=event.type, data=event.data, actor=event.actor,
                                    recorded_at=moment, hash=digest, prev_hash=prev_hash, command=event.command))
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
                     idempotency: Idempotency | None = None, response: tuple[int, bytes] | None = None,
                     chain: str | None = None, recorded_at: str | None = None) -> AppendOutcome:
        """Seal `events` (versions, time, chained hashes: the stream's `chain` format, its last
        hash read when `prev_hash` is not given) and `append_sealed` them."""
        ...

    async def append_sealed(self, stream_id: str, expected_version: int, sealed: Sequence[RecordedEvent], *,
                            secret: bytes | None = None, idempotency: Idempotency | None = None,
                            response: tuple[int, bytes] | None = None) -> AppendOutcome:
        """Append events already sealed (`seal`) atomically at `expected_version` (0 for a new
        stream), or raise WrongExpectedVersion (also when the first event's `prev_hash` is not
        the stream's last hash). With `idempotency`, a retry returns the first response and
        appends nothing, and `response` (status, body) is kept as that first response."""
        ...

    async def last_hash(self, stream_id: str) -> str:
        """The hash of a stream's last event (64 zeros for a stream that does not exist)."""
        ...

    async def streams_with_event(self, stream_ids: Sequence[str], version: int, event_type: str) -> set[str]:
        """Those of `stream_ids` whose event at `version` is of `event_type` (one index lookup
        each: for a question about every live stream that loading each would answer slowly)."""
        ...

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None,
                          through: int | None = None) -> list[RecordedEvent]: ...

    async def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        """Events of every stream in the global feed's order, after the event at `after_position`
        (0: from the start). A subscriber whose cursor is the position of the last event it took
        never skips an event that commits late and never sees one twice. Each stream's events
        come in version order; positions are unique but, with appends committing in parallel,
        not always ascending along the feed."""
        ...

    async def stream(self, stream_id: str) -> StreamRow | None: ...

    async def streams_founded(self, event_type: str, key: str, value: str, limit: int) -> list[str]:
        """The ids of the streams whose first event is of `event_type` with `data[key] == value`,
        oldest first (e.g. a player's heroes: `hero_created` with that `owner`)."""
        ...

    async def heroes_in_battle(self, battle_id: str, limit: int) -> list[str]:
        """The ids of the streams holding a `hero_entered_battle` event for `battle_id` (the
        heroes brought into it), in the order they entered."""
        ...

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

    def projection_turn(self, name: str, wait: bool = True) -> AbstractAsyncContextManager[bool]:
        """This subscriber's turn across every node: while one holds it, no other node folds the
        same events only to lose the checkpoint's compare-and-set (work paid once per node).
        Gives True once held; without `wait`, gives False at once when another node has it."""
        ...

    async def battle_rows(self, battle_ids: Sequence[str]) -> dict[str, BattleRow]: ...

    async def list_battles(self, status: str | None, before_seq: int | None, limit: int,
                           player: str | None = None) -> list[BattleRow]:
        """Battles newest first; with `player`, only those where that player holds a seat."""
        ...

    async def player_rows(self, player_ids: Sequence[str]) -> dict[str, PlayerRow]: ...

    async def list_founded(self, event_type: str, before: int | None, limit: int) -> list[tuple[str, int]]:
        """The streams whose first event is of `event_type` (`tournament_created`), newest first,
        each with the position of that first event (`before` pages on)."""
        ...

    async def unfinished_battles_created_by(self, player_id: str) -> int:
        """How many battles of the battle list `player_id` created that have not ended (a
        tournament's battles, which its organiser creates, not counted)."""
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

    # ---- idempotency records: keys stored hashed, each record kept for the store's TTL ----

    async def stored_response(self, scope: str, key: str) -> StoredResponse | None:
        """The response stored under this key (as the client sent it) and scope, unless it expired."""
        ...

    async def prune_idempotency(self, limit: int = 1000) -> int:
        """Delete up to `limit` expired idempotency records; returns how many. Safe to run on
        several nodes at once."""
        ...

    # ---- players and their tokens ----

    async def create_player(self, player: Player, token: Token, idempotency: Idempotency | None,
                            replay: tuple[int, bytes]) -> StoredResponse | None:
        """Create the player with its first token, storing `replay` (status, body) as the answer
        to a retry. A retry (a live record under the same key) creates nothing and returns the
        stored answer; a new request returns None."""
        ...

    async def credential(self, token_id: str) -> Credential | None:
        """The token with this id (legacy or not) and its owner."""
        ...

    async def legacy_credential(self, secret_hash: str) -> Credential | None:
        """The legacy token whose whole text hashes to `secret_hash`, and its owner."""
        ...

    async def tokens(self, player_id: str) -> list[Token]:
        """Every token of the player, revoked and expired ones included, oldest first."""
        ...

    async def add_token(self, token: Token, max_live: int) -> bool:
        """Store a new token unless its player already has `max_live` tokens neither revoked
        nor expired (then False, and nothing stored)."""
        ...

    async def rotate_token(self, player_id: str, token_id: str, secret_hash: str) -> Token | None:
        """Give the player's unrevoked token a new secret (it is no longer legacy); None when the
        player has no such unrevoked token."""
        ...

    async def revoke_token(self, player_id: str, token_id: str, at: datetime) -> bool:
        """Revoke the player's token (kept revoked at its first revocation time); False when the
        player has no such token."""
        ...

    async def ping(self) -> None: ...

    async def close(self) -> None: ...
