"""Keeps the battle list and the player records up to date from the global event log.

It reads committed events after its checkpoint, folds them with the pure projections in
`projections/`, and writes the rows and the new checkpoint in one transaction. A crash
between batches loses nothing and applies nothing twice. Every node runs one; the
checkpoint's compare-and-set makes them take turns. Readers call `catch_up()` first, so
a client sees its own writes in the list at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import msgspec

from domain.battle import replay
from projections.battle_summary import BattleSummary, CommittedEvent, evolve_summary, summarize
from projections.player_records import PlayerRecord, add, record_changes
from server.store.base import BattleRow, EventStore, PlayerRow, RecordedEvent, StoreUnavailable
from server.stream_service import to_domain

NAME = "battle-list"
BATTLE_PREFIX = "battle-"
log = logging.getLogger("chronicle.projector")


MAX_BACKOFF = 30.0  # seconds between tries of a subscriber that keeps failing


async def every(interval: float, catch_up: Callable[[], Awaitable[None]], name: str) -> None:
    """A subscriber's background loop: catch up every `interval` seconds, riding out outages.

    A subscriber that stopped for good would leave read models, clocks and deliveries silently
    behind, so an unexpected error is logged and the batch tried again (its checkpoint did not
    move), backing off to MAX_BACKOFF; the traceback is logged once per run of failures."""
    failures = 0
    while True:
        await asyncio.sleep(min(interval * 2**failures, MAX_BACKOFF))
        try:
            await catch_up()
            failures = 0
        except StoreUnavailable as exc:
            log.warning("%s waiting for the store: %s", name, exc)
        except Exception as exc:
            failures = min(failures + 1, 16)
            if failures == 1:
                log.exception("%s failed; trying again, backing off", name)
            else:
                log.error("%s failed again (%d in a row): %s: %s", name, failures, type(exc).__name__, exc)


class Projector:
    # Small batches: between them the loop awaits the database, so requests are never held up
    # behind a long fold (a 500-event batch showed in the commands' p99 latency).
    def __init__(self, store: EventStore, batch_size: int = 50) -> None:
        self._store = store
        self._batch_size = batch_size
        self._lock = asyncio.Lock()

    async def catch_up(self, wait: bool = True) -> None:
        """Fold what is new. A reader waits for its turn (it must see its own writes) and reads
        until nothing is left; the background loop (`wait=False`) leaves the work to a node
        already doing it, and stops at a batch that is not full: chasing the head of a busy
        log batch by tiny batch costs a round of queries each (issue #19: the background's CPU
        per command fell several times over), and the next tick takes what came meanwhile."""
        async with self._lock, self._store.projection_turn(NAME, wait) as mine:
            while mine and await self._apply_batch(chase=wait):
                pass

    async def rebuild(self) -> None:
        async with self._lock:
            await self._store.reset_projection(NAME)
        await self.catch_up()

    async def run(self, interval: float = 0.5) -> None:
        await every(interval, lambda: self.catch_up(wait=False), "projector")

    async def _apply_batch(self, chase: bool = True) -> bool:
        """Apply the next batch; True while there may be more (with `chase`, until one is empty;
        without, until one is not full)."""
        start = await self._store.projection_position(NAME)
        events = await self._store.read_all(start, self._batch_size)
        if not events:
            return False
        battles, players = await self._fold(events)
        committed = await self._store.commit_projection(NAME, start, events[-1].position, battles, players)
        # A lost race means another node moved on: read again from its checkpoint.
        return chase or not committed or len(events) == self._batch_size

    async def _fold(self, events: list[RecordedEvent]) -> tuple[list[BattleRow], list[PlayerRow]]:
        battle_events = [e for e in events if e.stream_id.startswith(BATTLE_PREFIX)]
        ids = {e.stream_id.removeprefix(BATTLE_PREFIX) for e in battle_events}
        rows = await self._store.battle_rows(sorted(ids))
        summaries = {i: msgspec.convert(r.summary, BattleSummary) for i, r in rows.items()}
        seqs = {i: r.seq for i, r in rows.items()}
        deltas: list[PlayerRecord] = []
        for event in battle_events:
            battle_id = event.stream_id.removeprefix(BATTLE_PREFIX)
            committed = CommittedEvent(battle_id=battle_id, version=event.version, type=event.type, data=event.data)
            before = summaries.get(battle_id)
            after: BattleSummary | None
            if event.type == "action_reverted":
                # A revert can undo anything before it: fold the battle again, without the voided events.
                stream = await self._store.read_stream(event.stream_id, through=event.version)
                after = summarize(replay(to_domain(stream)), battle_id)
            else:
                after = evolve_summary(before, committed)
            if after is None:
                continue
            summaries[battle_id] = after
            seqs.setdefault(battle_id, event.position)
            deltas += record_changes(before, after, committed).values()
        records = await self._player_records({d.player_id for d in deltas})
        for delta in deltas:
            records[delta.player_id] = add(records.get(delta.player_id), delta)
        battle_rows = [BattleRow(battle_id=i, seq=seqs[i], status=summaries[i].status,
                                 summary=msgspec.to_builtins(summaries[i])) for i in ids if i in summaries]
        player_rows = [PlayerRow(player_id=p, record=msgspec.to_builtins(r)) for p, r in records.items()]
        return battle_rows, player_rows

    async def _player_records(self, player_ids: set[str]) -> dict[str, PlayerRecord]:
        rows = await self._store.player_rows(sorted(player_ids))
        return {p: msgspec.convert(row.record, PlayerRecord) for p, row in rows.items()}
