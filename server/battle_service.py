"""Battles on the generic stream service: creating, claiming, playing and forking."""

from __future__ import annotations

import secrets
import uuid
from datetime import UTC, datetime
from typing import Any

import msgspec

from domain.battle import BattleState, decide, replay
from domain.clock import TimeControl
from domain.codec import BATTLE_COMMANDS, event_data, event_type
from domain.commands import ClaimSeat, Command, CreateBattle
from domain.contests import fork_event
from domain.dice import ALGORITHM, Die, Roll, commitment
from domain.errors import DomainError
from domain.events import DiceCommitment
from domain.rulesets import LATEST, find_ruleset
from domain.snapshots import encoded_snapshot, from_snapshot
from server.api_models import Envelope
from server.receipts import Notary
from server.store.base import (
    EventStore,
    Idempotency,
    NewEvent,
    RecordedEvent,
    StoredResponse,
    seal,
)
from server.store.chain import GENESIS, format_time
from server.stream_service import (
    Kind,
    Publish,
    StateCache,
    StreamNotFound,
    StreamService,
    VersionConflict,
    to_domain,
)
from server.verification import FORK_COMMAND, Rules

BATTLE = "battle"
_encode = msgspec.json.Encoder().encode


def stream_id(battle_id: str) -> str:
    return f"{BATTLE}-{battle_id}"


def battle_id_of(stream: str) -> str:
    return stream.removeprefix(f"{BATTLE}-")


def envelope(event: RecordedEvent) -> Envelope:
    return Envelope(battle_id=battle_id_of(event.stream_id), version=event.version, type=event.type,
                    recorded_at=event.recorded_at, actor=event.actor, data=event.data, hash=event.hash,
                    prev_hash=event.prev_hash, command=event.command)


BATTLES = Kind(prefix=BATTLE, initial=BattleState, to_snapshot=encoded_snapshot, from_snapshot=from_snapshot,
               replay=replay, decide=decide)
BATTLE_RULES = Rules(kind=BATTLES, commands=BATTLE_COMMANDS)



class BattleService(StreamService):
    def __init__(self, store: EventStore, publish: Publish, cache: StateCache | None = None,
                 snapshot_every: int = 100, notary: Notary | None = None) -> None:
        super().__init__(store, publish, BATTLES, cache, snapshot_every, notary)

    def envelope(self, event: RecordedEvent) -> Envelope:
        return envelope(event)

    async def create(self, actor: str, ruleset: str, seats: list[str], options: dict[str, Any],
                     idempotency: Idempotency | None, referees: tuple[str, ...] = (),
                     contest_window: str = "next-action-of-another-side",
                     ruleset_version: str | None = None, clock: TimeControl | None = None) -> StoredResponse:
        battle_id = str(uuid.uuid4())
        # The recorded command names the version it was created under, so that deciding it again
        # (verify) gives the same battle after newer versions are released.
        if ruleset_version is None and ruleset in LATEST:
            ruleset_version = LATEST[ruleset].version
        command = CreateBattle(battle_id=battle_id, ruleset=ruleset, seats=tuple(seats), options=options,
                               referees=referees, contest_window=contest_window, ruleset_version=ruleset_version,
                               clock=clock)
        return await self.execute(battle_id, actor, command, None, idempotency,
                                   new_seed=secrets.token_bytes(32), status=201, respond=_created_body)

    async def claim(self, actor: str, battle_id: str, command: ClaimSeat,
                    idempotency: Idempotency | None) -> StoredResponse:
        return await self.execute(battle_id, actor, command, None, idempotency)

    async def command(self, actor: str, battle_id: str, command: Command, expected_version: int | None,
                      idempotency: Idempotency | None) -> StoredResponse:
        return await self.execute(battle_id, actor, command, expected_version, idempotency)


    async def preview(self, actor: str, battle_id: str, command: Command) -> dict[str, Any]:
        """Whether `command` would be accepted now and what it would do, without rolling the
        battle's dice or recording anything (dice show their lowest face)."""
        state = await self.load(battle_id)
        if state.status == "new":
            raise StreamNotFound(f"battle {battle_id}")
        try:
            events = decide(state, command, _PreviewDice(state.next_nonce), actor, format_time(datetime.now(UTC)))
        except DomainError as exc:
            return {"legal": False, "rule": exc.rule, "detail": exc.detail, "problems": exc.problems}
        details = find_ruleset(state.ruleset, state.ruleset_version).preview_details(events)
        return {"legal": True, "events": [event_type(e) for e in events], **details}

    async def fork(self, actor: str, battle_id: str, at: int, idempotency: Idempotency | None) -> StoredResponse:
        """A new battle from the first `at` events of this one: same ruleset version, new dice."""
        stored = await self.first_response(idempotency)
        if stored is not None:
            return stored
        copied = await self.store.read_stream(stream_id(battle_id), through=at)
        if not copied:
            raise StreamNotFound(f"battle {battle_id}")
        if len(copied) < at:
            raise VersionConflict(at, len(copied))
        self._check_links(copied, None)  # a fork must never launder a tampered log into a fresh chain
        new_id, seed = str(uuid.uuid4()), secrets.token_bytes(32)
        parent_at = replay(to_domain(copied))
        forked = fork_event(parent_at, battle_id, at, new_id, actor, DiceCommitment(algorithm=ALGORITHM,
                                                                                     commitment=commitment(seed)))
        # The copies keep the commands that produced them; the fork records its own request.
        events = [NewEvent(type=e.type, data=e.data, actor=e.actor, command=e.command) for e in copied]
        events.append(NewEvent(type=event_type(forked), data=event_data(forked), actor=actor,
                               command={"type": FORK_COMMAND, "origin_battle_id": battle_id, "at": at}))
        after = replay([*to_domain(copied), forked])
        sealed = seal(stream_id(new_id), 1, GENESIS, events, format_time(datetime.now(UTC)), chain=parent_at.chain)
        response = (201, _encode({**_created_body(after, []), "receipt": self.receipt(sealed[-1])}))
        outcome = await self.store.append_sealed(stream_id(new_id), 0, sealed, secret=seed, idempotency=idempotency,
                                                 response=response)
        if outcome.replayed is not None:
            return outcome.replayed
        self.publish(outcome.events)
        return StoredResponse(request_hash=idempotency.request_hash if idempotency else "", status=response[0],
                              body=response[1])


def _created_body(after: BattleState, envelopes: list[Envelope]) -> dict[str, Any]:
    assert after.dice is not None
    return {"id": after.battle_id, "version": after.version, "status": after.status,
            "seats": [seat.name for seat in after.seats],
            "dice": {"algorithm": after.dice.algorithm, "commitment": after.dice.commitment}}


class _PreviewRoll:
    def __init__(self, nonce: int, purpose: str) -> None:
        self._nonce, self._purpose = nonce, purpose
        self._dice: list[Die] = []

    def draw(self, sides: int) -> int:
        self._dice.append(Die(sides=sides, index=0))
        return 0

    def finish(self, *, expression: str | None = None, total: int | None = None,
               result: str | None = None) -> Roll:
        return Roll(nonce=self._nonce, purpose=self._purpose, dice=tuple(self._dice), expression=expression,
                    total=total, result=result)


class _PreviewDice:
    """Dice for a preview: never the battle's own, so nothing is revealed and no nonce is spent."""

    commitment = ""

    def __init__(self, next_nonce: int) -> None:
        self._next = next_nonce

    def start(self, purpose: str) -> _PreviewRoll:
        self._next += 1
        return _PreviewRoll(self._next - 1, purpose)

    def reveal(self) -> str:
        return ""
