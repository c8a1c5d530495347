"""An in-memory event store with the same contract as the Postgres one: the fake that
unit tests and benchmarks use instead of a mock."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

import msgspec

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
    StreamRow,
    Token,
    WrongExpectedVersion,
    check_replay,
    hashed_key,
    seal,
    stream_chain,
)
from server.store.chain import GENESIS


class MemoryStore:
    name = "memory"

    def __init__(self, idempotency_ttl: float = DEFAULT_IDEMPOTENCY_TTL) -> None:
        self._idempotency_ttl = timedelta(seconds=idempotency_ttl)
        self._lock = asyncio.Lock()
        self._turns: dict[str, asyncio.Lock] = {}
        self._log: list[RecordedEvent] = []
        self._streams: dict[str, list[RecordedEvent]] = {}
        self._versions: dict[str, int] = {}
        self._checkpoints: dict[str, int] = {}
        self._battles: dict[str, BattleRow] = {}
        self._player_rows: dict[str, PlayerRow] = {}
        self._secrets: dict[str, bytes] = {}
        # (scope, hashed key) -> the first response and when its record expires
        self._responses: dict[tuple[str, str], tuple[StoredResponse, datetime]] = {}
        self._players: dict[str, Player] = {}
        self._tokens: dict[str, Token] = {}
        self._snapshots: dict[str, dict[int, Snapshot]] = {}

    async def append(self, stream_id: str, expected_version: int, events: Sequence[NewEvent], *,
                     prev_hash: str | None = None, secret: bytes | None = None,
                     idempotency: Idempotency | None = None, response: tuple[int, bytes] | None = None,
                     chain: str | None = None, recorded_at: str | None = None) -> AppendOutcome:
        if not events:
            raise ValueError("an append needs at least one event")
        existing = self._streams.get(stream_id, [])
        chain = stream_chain(expected_version, events, chain, existing[0].data if existing else None)
        if prev_hash is None:
            prev_hash = await self.last_hash(stream_id) if expected_version else GENESIS
        sealed = seal(stream_id, expected_version + 1, prev_hash, events, recorded_at or datetime.now(UTC),
                      chain=chain)
        return await self.append_sealed(stream_id, expected_version, sealed, secret=secret, idempotency=idempotency,
                                        response=response)

    async def append_sealed(self, stream_id: str, expected_version: int, sealed: Sequence[RecordedEvent], *,
                            secret: bytes | None = None, idempotency: Idempotency | None = None,
                            response: tuple[int, bytes] | None = None) -> AppendOutcome:
        if not sealed:
            raise ValueError("an append needs at least one event")
        async with self._lock:
            if idempotency is not None:
                replayed = check_replay(self._live_response(idempotency.scope, idempotency.key), idempotency)
                if replayed is not None:
                    return AppendOutcome(replayed=replayed)
            stream = self._streams.get(stream_id, [])
            last_hash = stream[-1].hash if stream else GENESIS
            if len(stream) != expected_version or sealed[0].prev_hash != last_hash:
                raise WrongExpectedVersion(stream_id, expected_version, len(stream))
            recorded = [msgspec.structs.replace(e, position=len(self._log) + 1 + n) for n, e in enumerate(sealed)]
            self._streams[stream_id] = stream + recorded
            self._log.extend(recorded)
            self._versions[stream_id] = recorded[-1].version
            if secret is not None:
                self._secrets[stream_id] = secret
            if idempotency is not None and response is not None:
                self._keep_response(idempotency, *response)
            return AppendOutcome(events=recorded)

    async def last_hash(self, stream_id: str) -> str:
        stream = self._streams.get(stream_id)
        return stream[-1].hash if stream else GENESIS

    async def streams_with_event(self, stream_ids: Sequence[str], version: int, event_type: str) -> set[str]:
        return {stream_id for stream_id in stream_ids
                if len(stream := self._streams.get(stream_id, [])) >= version > 0
                and stream[version - 1].type == event_type}

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None,
                          through: int | None = None) -> list[RecordedEvent]:
        events = [e for e in self._streams.get(stream_id, []) if e.version > after
                  and (through is None or e.version <= through)]
        return events if limit is None else events[:limit]

    async def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        return self._log[after_position:after_position + limit]

    async def stream(self, stream_id: str) -> StreamRow | None:
        version = self._versions.get(stream_id)
        return StreamRow(stream_id=stream_id, version=version) if version is not None else None

    async def streams_founded(self, event_type: str, key: str, value: str, limit: int) -> list[str]:
        return [events[0].stream_id for events in self._streams.values()
                if events and events[0].type == event_type and events[0].data.get(key) == value][:limit]

    async def heroes_in_battle(self, battle_id: str, limit: int) -> list[str]:
        found = [e.stream_id for e in self._log
                 if e.type == "hero_entered_battle" and e.data.get("battle_id") == battle_id]
        return list(dict.fromkeys(found))[:limit]

    async def projection_position(self, name: str) -> int:
        return self._checkpoints.get(name, 0)

    async def commit_projection(self, name: str, from_position: int, to_position: int,
                                battles: Sequence[BattleRow], players: Sequence[PlayerRow]) -> bool:
        async with self._lock:
            if self._checkpoints.get(name, 0) != from_position:
                return False
            self._battles.update({row.battle_id: row for row in battles})
            self._player_rows.update({row.player_id: row for row in players})
            self._checkpoints[name] = to_position
            return True

    @asynccontextmanager
    async def projection_turn(self, name: str, wait: bool = True) -> AsyncIterator[bool]:
        turn = self._turns.setdefault(name, asyncio.Lock())
        if not wait and turn.locked():
            yield False
            return
        async with turn:
            yield True

    async def reset_projection(self, name: str) -> None:
        async with self._lock:
            self._battles.clear()
            self._player_rows.clear()
            self._checkpoints[name] = 0

    async def battle_rows(self, battle_ids: Sequence[str]) -> dict[str, BattleRow]:
        return {i: self._battles[i] for i in battle_ids if i in self._battles}

    async def list_battles(self, status: str | None, before_seq: int | None, limit: int,
                           player: str | None = None) -> list[BattleRow]:
        rows = sorted((r for r in self._battles.values() if (status is None or r.status == status)
                       and (before_seq is None or r.seq < before_seq)
                       and (player is None or any(s.get("player_id") == player for s in r.summary["seats"]))),
                      key=lambda r: -r.seq)
        return rows[:limit]

    async def player_rows(self, player_ids: Sequence[str]) -> dict[str, PlayerRow]:
        return {i: self._player_rows[i] for i in player_ids if i in self._player_rows}

    async def list_founded(self, event_type: str, before: int | None, limit: int) -> list[tuple[str, int]]:
        founded = [(events[0].stream_id, events[0].position) for events in self._streams.values()
                   if events and events[0].type == event_type and (before is None or events[0].position < before)]
        return sorted(founded, key=lambda found: -found[1])[:limit]

    async def unfinished_battles_created_by(self, player_id: str) -> int:
        return sum(1 for row in self._battles.values() if row.status != "ended"
                   and row.summary["creator"] == player_id and row.summary.get("tournament_id") is None)

    async def player(self, player_id: str) -> Player | None:
        return self._players.get(player_id)

    async def secret(self, stream_id: str) -> bytes | None:
        return self._secrets.get(stream_id)

    async def save_snapshot(self, stream_id: str, snapshot: Snapshot) -> None:
        # Kept as Postgres keeps it, through JSON: the state comes back a dict, whatever form it was saved in.
        kept = msgspec.structs.replace(snapshot, state=msgspec.json.decode(msgspec.json.encode(snapshot.state)))
        self._snapshots.setdefault(stream_id, {}).setdefault(snapshot.version, kept)

    async def load_snapshot(self, stream_id: str) -> Snapshot | None:
        return await self.load_snapshot_at(stream_id, 2**63)

    async def load_snapshot_at(self, stream_id: str, version: int) -> Snapshot | None:
        kept = self._snapshots.get(stream_id, {})
        return max((s for s in kept.values() if s.version <= version), key=lambda s: s.version, default=None)

    def _live_response(self, scope: str, key: str) -> StoredResponse | None:
        found = self._responses.get((scope, hashed_key(key)))
        return found[0] if found is not None and found[1] > datetime.now(UTC) else None

    def _keep_response(self, idempotency: Idempotency, status: int, body: bytes) -> StoredResponse:
        response = StoredResponse(request_hash=idempotency.request_hash, status=status, body=body)
        self._responses[(idempotency.scope, hashed_key(idempotency.key))] = (
            response, datetime.now(UTC) + self._idempotency_ttl)
        return response

    async def stored_response(self, scope: str, key: str) -> StoredResponse | None:
        return self._live_response(scope, key)

    async def prune_idempotency(self, limit: int = 1000) -> int:
        async with self._lock:
            now = datetime.now(UTC)
            expired = [k for k, (_, expires_at) in self._responses.items() if expires_at <= now][:limit]
            for k in expired:
                del self._responses[k]
            return len(expired)

    async def create_player(self, player: Player, token: Token, idempotency: Idempotency | None,
                            replay: tuple[int, bytes]) -> StoredResponse | None:
        async with self._lock:
            if idempotency is not None:
                replayed = check_replay(self._live_response(idempotency.scope, idempotency.key), idempotency)
                if replayed is not None:
                    return replayed
            self._players[player.id] = player
            self._tokens[token.id] = token
            if idempotency is not None:
                self._keep_response(idempotency, *replay)
            return None

    def _credential(self, token: Token | None) -> Credential | None:
        return Credential(token=token, player=self._players[token.player_id]) if token is not None else None

    async def credential(self, token_id: str) -> Credential | None:
        return self._credential(self._tokens.get(token_id))

    async def legacy_credential(self, secret_hash: str) -> Credential | None:
        return self._credential(next((t for t in self._tokens.values()
                                      if t.legacy and t.secret_hash == secret_hash), None))

    async def tokens(self, player_id: str) -> list[Token]:
        return sorted((t for t in self._tokens.values() if t.player_id == player_id),
                      key=lambda t: (t.created_at, t.id))

    async def add_token(self, token: Token, max_live: int) -> bool:
        async with self._lock:
            live = sum(1 for t in self._tokens.values() if t.player_id == token.player_id and t.live(token.created_at))
            if live >= max_live:
                return False
            self._tokens[token.id] = token
            return True

    async def rotate_token(self, player_id: str, token_id: str, secret_hash: str) -> Token | None:
        async with self._lock:
            token = self._tokens.get(token_id)
            if token is None or token.player_id != player_id or token.revoked_at is not None:
                return None
            rotated = msgspec.structs.replace(token, secret_hash=secret_hash, legacy=False)
            self._tokens[token_id] = rotated
            return rotated

    async def revoke_token(self, player_id: str, token_id: str, at: datetime) -> bool:
        async with self._lock:
            token = self._tokens.get(token_id)
            if token is None or token.player_id != player_id:
                return False
            if token.revoked_at is None:
                self._tokens[token_id] = msgspec.structs.replace(token, revoked_at=at)
            return True

    async def ping(self) -> None:
        return None

    async def close(self) -> None:
        return None

    # Test hooks: what an operator (or an attacker) with database access would see or do.
    def has_idempotency_record(self, scope: str, key_as_stored: str) -> bool:
        return (scope, key_as_stored) in self._responses

    def add_legacy_token(self, player: Player, token: Token) -> None:
        self._players[player.id] = player
        self._tokens[token.id] = token

    def tamper(self, stream_id: str, version: int, data: dict[str, object] | None) -> None:
        stream = self._streams[stream_id]
        if data is None:
            self._streams[stream_id] = [e for e in stream if e.version != version]
        else:
            self._streams[stream_id] = [msgspec.structs.replace(e, data=data) if e.version == version else e
                                        for e in stream]
