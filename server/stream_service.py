"""Runs commands against event-sourced streams (battles, tournaments): load the state,
decide with the stream's own verifiable dice, append with optimistic concurrency, then
publish what committed. A `Kind` says what differs between aggregates."""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NamedTuple

import msgspec

from domain.battle import ReplayFromScratch
from domain.codec import command_data, event_data, event_from, event_type
from domain.dice import Dice, HmacDice, WatchedDice
from domain.errors import DomainError
from server.gc_pause import gc_paused
from server.observability import APPEND_CONFLICTS, REFUSALS_AFTER_DRAW, battle_id_var, command_latency
from server.receipts import Notary, Receipt
from server.store.base import (
    EventStore,
    Idempotency,
    IdempotencyKeyReused,
    NewEvent,
    RecordedEvent,
    Snapshot,
    StoredResponse,
    StoreUnavailable,
    WrongExpectedVersion,
    seal,
)
from server.store.chain import GENESIS, canonical_bytes, chain_hash, chain_of, format_time

log = logging.getLogger("chronicle.streams")
# A command without expected_version that loses the race to append is decided again on the
# newer state for this long; past it the client gets 409 with Retry-After.
RETRY_FOR = 5.0  # seconds
CONTENDED_RETRY_AFTER = 1  # seconds
_BACKOFF_CAP = 0.05  # seconds
_MAX_CACHED_SEEDS = 4096
_encode = msgspec.json.Encoder().encode


class RefusedAfterDraw(Exception):
    """A decision failed after it had drawn dice. Refusing then would let a player retry until
    the dice favour them, so the rules never do it: this is a bug, answered with a 500."""

    def __init__(self, stream: str, command: str, nonces: tuple[int, ...], cause: BaseException) -> None:
        super().__init__(f"{command} on {stream} failed after drawing dice (nonces {list(nonces)}): {cause}")
        self.stream = stream
        self.command = command


class StreamNotFound(Exception):
    """No stream of this kind with this id."""

    def __init__(self, what: str) -> None:
        super().__init__(what)


class StreamCorrupted(Exception):
    """The stored chain of a stream does not verify: someone changed the log behind the
    server's back. Nothing is appended to it until an operator has looked (HTTP 500)."""

    def __init__(self, stream_id: str, version: int, reason: str) -> None:
        super().__init__(f"{stream_id} version {version}: {reason}")
        self.stream_id = stream_id
        self.version = version
        self.reason = reason


def check_links(events: list[RecordedEvent], head_version: int, head_hash: str | None, chain: str | None) -> None:
    """Raise StreamCorrupted unless `events` continue a stream whose head is (`head_version`,
    `head_hash`), each linked to the one before and matching its own hash. `head_hash` None:
    the head is not known (a snapshot), so the first link is taken as it stands. `chain` None:
    the stream's first event is among `events` and names it."""
    prev_hash = head_hash
    for expected, event in enumerate(events, start=head_version + 1):
        if event.version != expected:
            raise StreamCorrupted(event.stream_id, expected, "an event is missing")
        if prev_hash is not None and event.prev_hash != prev_hash:
            raise StreamCorrupted(event.stream_id, event.version, "prev_hash is not the previous event's hash")
        if chain is None:
            chain = chain_of(event.data)
        digest = chain_hash(event.prev_hash, canonical_bytes(event.stream_id, event.version, event.type,
                                                             event.recorded_at, event.actor, event.data,
                                                             event.command, chain))
        if digest != event.hash:
            raise StreamCorrupted(event.stream_id, event.version, "the event's content does not match its hash")
        prev_hash = event.hash


class VersionConflict(Exception):
    def __init__(self, expected: int, actual: int, retry_after: int | None = None) -> None:
        super().__init__(f"the stream is at version {actual}, not {expected}")
        self.expected = expected
        self.actual = actual
        self.retry_after = retry_after  # set when retrying the same request later can succeed


def request_hash(method: str, path: str, body: bytes) -> str:
    return hashlib.sha256(f"{method} {path}\n".encode() + body).hexdigest()


def to_domain(events: list[RecordedEvent]) -> list[msgspec.Struct]:
    with gc_paused(when=len(events) > 1000):
        return [event_from(e.type, e.data) for e in events]


# Hands a stream's committed events, as encoded stream messages, to the live fan-out.
Publish = Callable[[str, list[bytes]], None]


@dataclass(frozen=True)
class Kind:
    """What the generic service needs to know about one kind of aggregate."""

    prefix: str
    initial: Callable[[], Any]
    decide: Callable[[Any, Any, Dice, str, str], list[msgspec.Struct]]  # state, command, dice, actor, now
    replay: Callable[..., Any]  # replay(events, start state = None) -> state
    to_snapshot: Callable[[Any], tuple[str, dict[str, Any] | msgspec.Raw]] | None = None
    from_snapshot: Callable[[str, dict[str, Any] | msgspec.Raw], Any] | None = None
    decide_in_thread: bool = False  # for decisions heavy enough to stall other requests (pairing 256 players)

    def stream_id(self, entity_id: str) -> str:
        return f"{self.prefix}-{entity_id}"


class Loaded(NamedTuple):
    state: Any
    last_hash: str | None  # the stream's last event hash, when known without another read


class StateCache:
    """Recently used battle states (immutable, so safe to share), least recently used first out.
    A cached state is only a starting point: `load` always reads the stream's tail after it."""

    def __init__(self, capacity: int = 1024) -> None:
        self._capacity = capacity
        self._entries: OrderedDict[str, Loaded] = OrderedDict()

    def get(self, battle_id: str) -> Loaded | None:
        entry = self._entries.get(battle_id)
        if entry is not None:
            self._entries.move_to_end(battle_id)
        return entry

    def put(self, battle_id: str, entry: Loaded) -> None:
        current = self._entries.get(battle_id)
        if current is not None and current.state.version > entry.state.version:
            return
        self._entries[battle_id] = entry
        self._entries.move_to_end(battle_id)
        while len(self._entries) > self._capacity:
            self._entries.popitem(last=False)


class StreamService:
    def __init__(self, store: EventStore, publish: Publish, kind: Kind, cache: StateCache | None = None,
                 snapshot_every: int = 100, notary: Notary | None = None) -> None:
        self.store = store
        self.kind = kind
        self._publish = publish
        self._cache = cache or StateCache()
        self._snapshot_every = snapshot_every
        self._seeds: dict[str, bytes] = {}
        self.notary = notary or Notary.for_this_process()

    async def load(self, entity_id: str, through: int | None = None) -> Any:
        """The state after `through` (the latest when None)."""
        if through is not None:
            events = await self.store.read_stream(self.kind.stream_id(entity_id), through=through)
            return self.kind.replay(to_domain(events))
        return (await self._load_latest(entity_id)).state

    async def _load_latest(self, battle_id: str) -> Loaded:
        """A cached state (or a snapshot) plus the events after it."""
        start = self._cache.get(battle_id) or await self._from_snapshot(battle_id)
        stream = self.kind.stream_id(battle_id)
        tail = await self.store.read_stream(stream, after=start.state.version if start else 0)
        if not tail:
            return start or Loaded(self.kind.initial(), None)
        self._check_links(tail, start)
        try:
            state = self.kind.replay(to_domain(tail), start.state if start else None)
        except ReplayFromScratch:  # a revert reaches back before the cached state or snapshot
            tail = await self.store.read_stream(stream)
            state = self.kind.replay(to_domain(tail))
        loaded = Loaded(state, tail[-1].hash)
        self._cache.put(battle_id, loaded)
        return loaded

    @staticmethod
    def _check_links(tail: list[RecordedEvent], start: Loaded | None) -> None:
        """A stream whose stored chain does not verify is never built on: say why in the log."""
        try:
            if start is None:
                check_links(tail, 0, GENESIS, None)
            else:
                check_links(tail, start.state.version, start.last_hash, start.state.chain)
        except StreamCorrupted as broken:
            log.critical("refusing to use %s: its stored hash chain does not verify at version %d (%s); "
                         "run `chronicle verify` and restore it from a backup", broken.stream_id, broken.version,
                         broken.reason)
            raise

    async def _from_snapshot(self, battle_id: str) -> Loaded | None:
        if self.kind.from_snapshot is None:
            return None
        snapshot = await self.store.load_snapshot(self.kind.stream_id(battle_id))
        if snapshot is None:
            return None
        state = self.kind.from_snapshot(snapshot.schema, snapshot.state)
        if state is None or state.version != snapshot.version:
            log.info("ignoring a snapshot of %s written under schema %s", battle_id, snapshot.schema)
            return None
        return Loaded(state, None)

    async def _maybe_snapshot(self, battle_id: str, before: Any, after: Any) -> None:
        """Every `snapshot_every` events, store the state (best effort: a lost snapshot costs only replay)."""
        if self.kind.to_snapshot is None or after.version // self._snapshot_every == before.version // \
                self._snapshot_every:
            return
        schema, data = self.kind.to_snapshot(after)
        try:
            snapshot = Snapshot(version=after.version, schema=schema, state=data)
            await self.store.save_snapshot(self.kind.stream_id(battle_id), snapshot)
        except StoreUnavailable:
            log.warning("could not store a snapshot of %s", battle_id)

    async def _seed(self, battle_id: str) -> bytes:
        seed = self._seeds.get(battle_id)
        if seed is None:
            seed = await self.store.secret(self.kind.stream_id(battle_id))
            assert seed is not None, "every created stream has a stored seed"
            if len(self._seeds) >= _MAX_CACHED_SEEDS:
                self._seeds.pop(next(iter(self._seeds)))
            self._seeds[battle_id] = seed
        return seed

    async def execute(self, battle_id: str, actor: str, command: Any, expected_version: int | None,
                      idempotency: Idempotency | None, *, new_seed: bytes | None = None, status: int = 201,
                      respond: Callable[[Any, list[Any]], Any] | None = None) -> StoredResponse:
        battle_id_var.set(battle_id)
        with command_latency(str(type(command).__struct_config__.tag)).time():
            return await self._decide_and_append(battle_id, actor, command, expected_version, idempotency,
                                                 new_seed, status, respond)

    async def _decide_and_append(self, battle_id: str, actor: str, command: Any,
                                 expected_version: int | None, idempotency: Idempotency | None,
                                 new_seed: bytes | None, status: int,
                                 respond: Callable[[Any, list[Any]], Any] | None) -> StoredResponse:
        stored = await self.first_response(idempotency)
        if stored is not None:
            return stored
        make_body = respond or command_body
        give_up_at = time.monotonic() + RETRY_FOR
        for attempt in itertools.count():
            # First try on the cached state without reading the store: if another node has moved
            # the battle on, the append's version check refuses it and we decide again on fresh state.
            cached = self._cache.get(battle_id) if attempt == 0 else None
            from_cache = cached is not None
            if cached is None or (expected_version is not None and expected_version != cached.state.version):
                cached, from_cache = await self._load_latest(battle_id), False
            state, last_hash = cached
            if new_seed is None and state.status == "new":
                raise StreamNotFound(f"{self.kind.prefix} {battle_id}")
            if expected_version is not None and expected_version != state.version:
                raise VersionConflict(expected_version, state.version)
            seed = new_seed if new_seed is not None else await self._seed(battle_id)
            dice = HmacDice(seed, battle_id, state.client_seeds, state.next_nonce)
            # One moment for the decision and the record, so that `verify` decides again with it.
            now = format_time(datetime.now(UTC))
            try:
                if self.kind.decide_in_thread:
                    events = await asyncio.to_thread(decide_watched, self.kind, battle_id, state, command, dice,
                                                     actor, now)
                else:
                    events = decide_watched(self.kind, battle_id, state, command, dice, actor, now)
            except DomainError:
                if not from_cache:
                    raise
                # The cached state may be behind the store (another node, or this node's background
                # process, wrote since): a refusal counts only on the latest state. No die was drawn
                # (a refusal after a draw is RefusedAfterDraw); the next attempt reads the store.
                continue
            try:
                after = self.kind.replay(events, state)
            except ReplayFromScratch:  # an overturn: the state is the log replayed without the voided events
                after = self.kind.replay(to_domain(await self.store.read_stream(self.kind.stream_id(battle_id)))
                                         + events)
            if not events:  # nothing to record (e.g. a result already taken): answer with the state as it is
                return StoredResponse(request_hash="", status=200, body=_encode(make_body(after, [])))
            recorded_command = command_data(command)
            new_events = [NewEvent(type=event_type(e), data=event_data(e), actor=actor,
                                   command=recorded_command if n == 0 else None) for n, e in enumerate(events)]
            stream = self.kind.stream_id(battle_id)
            if last_hash is None:  # the state came from a snapshot: its head's hash is not cached
                last_hash = await self.store.last_hash(stream) if state.version else GENESIS
            sealed = seal(stream, state.version + 1, last_hash, new_events, now,
                          chain=state.chain if state.version else chain_of(new_events[0].data))
            # Each stream message is encoded once, for the response and the live stream alike; the
            # response is made before the append, so that a retry gets it back as it was.
            messages = [_encode(self.live_envelope(e)) for e in sealed]
            body = make_body(after, [msgspec.Raw(message) for message in messages])
            body["receipt"] = self.receipt(sealed[-1])
            response = (status, _encode(body))
            try:
                outcome = await self.store.append_sealed(stream, state.version, sealed, secret=new_seed,
                                                         idempotency=idempotency, response=response)
            except WrongExpectedVersion as conflict:
                APPEND_CONFLICTS.inc()
                if expected_version is not None:
                    raise VersionConflict(state.version, conflict.actual) from conflict
                if time.monotonic() >= give_up_at:
                    raise VersionConflict(state.version, conflict.actual, CONTENDED_RETRY_AFTER) from conflict
                # Another command got in first: decide again on the newer state, after a short jittered pause.
                await asyncio.sleep(random.uniform(0, min(_BACKOFF_CAP, 0.002 * 2 ** min(attempt, 5))))
                continue
            if outcome.replayed is not None:
                return outcome.replayed
            self._cache.put(battle_id, Loaded(after, outcome.events[-1].hash))
            self._publish(stream, messages)
            await self._maybe_snapshot(battle_id, state, after)
            return StoredResponse(request_hash=idempotency.request_hash if idempotency else "",
                                  status=response[0], body=response[1])
        raise AssertionError("unreachable")

    def publish(self, recorded: list[RecordedEvent]) -> None:
        """Hand committed events to the live stream, as this kind's stream messages."""
        if recorded:
            self._publish(recorded[0].stream_id, [_encode(self.live_envelope(e)) for e in recorded])

    async def first_response(self, idempotency: Idempotency | None) -> StoredResponse | None:
        """The response already given to this idempotency key, if any (a different request
        under the same key is refused)."""
        if idempotency is None:
            return None
        stored = await self.store.stored_response(idempotency.scope, idempotency.key)
        if stored is not None and stored.request_hash != idempotency.request_hash:
            raise IdempotencyKeyReused(idempotency.key)
        return stored

    def envelope(self, event: RecordedEvent) -> Any:
        """The public form of an event of this kind (each service says)."""
        raise NotImplementedError

    def receipt(self, head: RecordedEvent) -> Receipt:
        """The server's signed receipt that the stream reached `head`."""
        return self.notary.sign(head.stream_id, head.version, head.hash)

    def live_envelope(self, event: RecordedEvent) -> Any:
        """A stream message: the event's envelope with the server's receipt of its version."""
        return msgspec.structs.replace(self.envelope(event), receipt=self.receipt(event))



def decide_watched(kind: Kind, entity_id: str, state: Any, command: Any, dice: HmacDice, actor: str,
                   now: str) -> list[msgspec.Struct]:
    """`kind.decide` with its dice watched: a failure after a draw (a refusal or any other error)
    is logged, counted and raised as `RefusedAfterDraw`; before any draw it passes through."""
    watched = WatchedDice(dice, state.next_nonce)
    try:
        return kind.decide(state, command, watched, actor, now)
    except Exception as exc:
        if not watched.drawn:
            raise
        name = str(type(command).__struct_config__.tag)
        REFUSALS_AFTER_DRAW.labels(kind.prefix).inc()
        log.error("%s %s: command %s failed after drawing dice %s (nonces %s): %s: %s", kind.prefix, entity_id, name,
                  watched.purposes, list(watched.nonces), type(exc).__name__, exc, exc_info=exc)
        raise RefusedAfterDraw(kind.stream_id(entity_id), name, watched.nonces, exc) from exc


def command_body(after: Any, envelopes: list[Any]) -> dict[str, Any]:
    return {"version": after.version, "events": envelopes}
