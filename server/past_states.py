"""A battle's state after version N (`GET /v1/battles/{id}/state?at=N`): the newest
snapshot at or before N plus the events after it, replayed in a worker thread inside a slot
of the bounded runner, so that past states cost a short tail each and never stall the loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar, overload

from domain.battle import BattleState, ReplayFromScratch, replay
from domain.snapshots import from_snapshot
from server.battle_service import stream_id
from server.limits.offload import BoundedRunner
from server.store.base import EventStore, RecordedEvent, Snapshot
from server.stream_service import to_domain

T = TypeVar("T")


class _UnusableSnapshot(Exception):
    """The snapshot was written under another state schema (or does not hold its version)."""


def _replay_after(snapshot: Snapshot | None, events: list[RecordedEvent], present: Callable[[BattleState], T]) -> T:
    start = None
    if snapshot is not None:
        start = from_snapshot(snapshot.schema, snapshot.state)
        if start is None or start.version != snapshot.version:
            raise _UnusableSnapshot(snapshot.version)
    return present(replay(to_domain(events), start))


def _as_is(state: BattleState) -> BattleState:
    return state


@overload
async def battle_state_at(store: EventStore, runner: BoundedRunner, battle_id: str, version: int) -> BattleState: ...


@overload
async def battle_state_at(store: EventStore, runner: BoundedRunner, battle_id: str, version: int,
                          present: Callable[[BattleState], T]) -> T: ...


async def battle_state_at(store: EventStore, runner: BoundedRunner, battle_id: str, version: int,
                          present: Callable[[BattleState], T | BattleState] = _as_is) -> T | BattleState:
    """`present(state)` of the state after `version` (which the caller has checked the battle
    has reached), worked out in the worker thread (e.g. the response body)."""
    stream = stream_id(battle_id)
    newest_usable = version
    async with runner.slot():
        while True:
            snapshot = await store.load_snapshot_at(stream, newest_usable) if newest_usable > 0 else None
            events = await store.read_stream(stream, after=snapshot.version if snapshot else 0, through=version)
            try:
                return await asyncio.to_thread(_replay_after, snapshot, events, present)
            except ReplayFromScratch as revert:
                # An overturn in the tail voids events the snapshot already holds: start from
                # a snapshot taken before the first voided event.
                newest_usable = int(revert.args[0]) - 1
            except _UnusableSnapshot:
                newest_usable = 0
