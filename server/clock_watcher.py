"""Ends battles on time when nobody sends a command: a flag falls without one.

A checkpointed subscriber to the global log, like the tournament runner. It keeps, in memory,
when each running clock's side runs out of time, learnt from the clock events it reads, and
sends `claim_time` as the server (`system`) once that moment has passed. Its one effect is
idempotent (a battle ends on time once; a second claim is refused), so every node may run
it, and after a crash it may read events again before its checkpoint moves.

After a restart the deadlines are rebuilt from the battles read model (every active battle
with a clock: the store says which have one, without loading the others), caught up first, so
that it holds everything up to at least the checkpoint: together with the events after the
checkpoint, no running clock is missed.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

from domain.battle import ACTIVE, CLOCK_SET_VERSION, SYSTEM
from domain.clock import moment
from domain.commands import ClaimTime
from domain.errors import DomainError
from server.battle_service import BATTLE, BattleService, battle_id_of, stream_id
from server.projector import Projector, every
from server.store.base import EventStore
from server.stream_service import StreamCorrupted, StreamNotFound, VersionConflict

WATCHER = "clock-watcher"
BATCH = 200
_CLOCK_EVENTS = frozenset({"clock_set", "clock_switched", "battle_started", "battle_ended"})
_PAGE = 100
log = logging.getLogger("chronicle.clocks")


class ClockWatcher:
    def __init__(self, store: EventStore, battles: BattleService, projector: Projector) -> None:
        self._store = store
        self._battles = battles
        self._projector = projector
        self._flags: dict[str, datetime] = {}  # battle id -> when its running side runs out of time
        self._rebuilt = False
        self._lock = asyncio.Lock()

    async def catch_up(self) -> None:
        async with self._lock:
            if not self._rebuilt:
                await self._rebuild()
                self._rebuilt = True
            await self._follow()
            await self._claim_due(datetime.now(UTC))

    async def run(self, interval: float = 0.5) -> None:
        await every(interval, self.catch_up, "clock watcher")

    def deadlines(self) -> dict[str, datetime]:
        """The flags it waits for (for tests and operators)."""
        return dict(self._flags)

    async def _rebuild(self) -> None:
        await self._projector.catch_up()  # the read model then holds at least up to the checkpoint
        before = None
        while True:
            rows = await self._store.list_battles(ACTIVE, before, _PAGE)
            # Loading a battle costs a replay from its snapshot: a node restarting among thousands of
            # live battles, most without a clock, spent minutes of CPU on battles it had no flag for.
            timed = await self._store.streams_with_event([stream_id(row.battle_id) for row in rows],
                                                         CLOCK_SET_VERSION, "clock_set")
            for row in rows:
                if stream_id(row.battle_id) in timed:
                    await self._watch(row.battle_id)
            if len(rows) < _PAGE:
                return
            before = rows[-1].seq

    async def _follow(self) -> None:
        while True:
            start = await self._store.projection_position(WATCHER)
            events = await self._store.read_all(start, BATCH)
            if not events:
                return
            battles = {battle_id_of(e.stream_id) for e in events
                       if e.stream_id.startswith(f"{BATTLE}-") and e.type in _CLOCK_EVENTS}
            for battle_id in sorted(battles):
                await self._watch(battle_id)
            await self._store.commit_projection(WATCHER, start, events[-1].position, [], [])
            if len(events) < BATCH:
                return  # the rest at the next tick: chasing a busy log by tiny batches costs a round each

    async def _watch(self, battle_id: str) -> None:
        try:
            state = await self._battles.load(battle_id)
        except StreamCorrupted as exc:
            # A tampered battle takes no command (nor a claim on time) until an operator has
            # looked; it must not stop the watcher for every other battle.
            log.error("clock watcher skips %s: %s", battle_id, exc)
            self._flags.pop(battle_id, None)
            return
        timed = state.clock is not None and state.status == ACTIVE and state.forked_from is None
        flag = state.clock.flag_at() if timed and state.clock is not None else None
        if flag is None:
            self._flags.pop(battle_id, None)
        else:
            self._flags[battle_id] = moment(flag)

    async def _claim_due(self, now: datetime) -> None:
        for battle_id, flag in sorted(self._flags.items(), key=lambda item: item[1]):
            if flag > now:
                continue
            try:
                await self._battles.execute(battle_id, SYSTEM, ClaimTime(), None, None)
                log.info("battle %s ended on time (flag at %s)", battle_id, flag.isoformat())
            except DomainError as exc:  # another node claimed it first, or the turn passed just in time
                log.debug("battle %s: time not claimed: %s", battle_id, exc)
            except (VersionConflict, StreamNotFound) as exc:
                log.warning("battle %s: time not claimed yet: %s", battle_id, exc)
            await self._watch(battle_id)
