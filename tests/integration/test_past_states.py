"""A past state (`GET /state?at=N`) is the snapshot at or before N plus a short tail, and is
exactly the state a full replay of the first N events gives, overturns included."""

from __future__ import annotations

import json

from domain.battle import replay
from domain.commands import ClaimSeat, RollDice, Start
from domain.contests import Agree, Contest
from server.battle_service import BattleService, stream_id
from server.limits.offload import BoundedRunner
from server.past_states import battle_state_at
from server.store.base import EventStore, RecordedEvent
from server.store.memory import MemoryStore
from server.store.postgres import PostgresStore
from server.stream_service import to_domain


async def played(store: EventStore, snapshot_every: int) -> str:
    """A d100 battle of rolls with an overturned roll in the middle."""
    service = BattleService(store, lambda stream, messages: None, snapshot_every=snapshot_every)
    battle_id = json.loads((await service.create("p1", "d100", ["a", "b"], {}, None)).body)["id"]
    await service.claim("p1", battle_id, ClaimSeat(seat="a"), None)
    await service.claim("p2", battle_id, ClaimSeat(seat="b"), None)
    await service.command("p1", battle_id, Start(), None, None)
    for n in range(12):
        await service.command("p1" if n % 2 else "p2", battle_id, RollDice(expression="1d6"), None, None)
    contested = json.loads((await service.command("p1", battle_id, RollDice(expression="1d20"), None, None)).body)
    await service.command("p2", battle_id, Contest(version=contested["version"], reason="loaded die"), None, None)
    await service.command("p1", battle_id, Agree(contest=1), None, None)
    for n in range(9):
        await service.command("p1" if n % 2 else "p2", battle_id, RollDice(expression="2d6"), None, None)
    return battle_id


async def test_every_past_state_is_the_full_replay_of_its_first_events(postgres_store: PostgresStore) -> None:
    battle_id = await played(postgres_store, snapshot_every=6)
    events = await postgres_store.read_stream(stream_id(battle_id))
    found = [await postgres_store.load_snapshot_at(stream_id(battle_id), n) for n in range(1, len(events) + 1)]
    assert len({s.version for s in found if s is not None}) >= len(events) // 6 - 1, "a snapshot every 6 versions"
    # The overturn reaches back before the snapshot a past state just after it starts from.
    revert = next(e for e in events if e.type == "action_reverted")
    start = found[revert.version - 1]
    assert start is not None and revert.data["from_version"] <= start.version < revert.version
    runner = BoundedRunner(concurrency=2, max_wait=5)
    for version in range(1, len(events) + 1):
        expected = replay(to_domain(events[:version]))
        assert await battle_state_at(postgres_store, runner, battle_id, version) == expected, version


class _ReadSpy(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.reads: list[tuple[int, int | None]] = []

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None,
                          through: int | None = None) -> list[RecordedEvent]:
        self.reads.append((after, through))
        return await super().read_stream(stream_id, after, limit, through)


async def test_a_past_state_reads_only_the_tail_after_its_snapshot() -> None:
    store = _ReadSpy()
    battle_id = await played(store, snapshot_every=4)
    version = (await store.stream(stream_id(battle_id))).version  # type: ignore[union-attr]
    runner = BoundedRunner(concurrency=2, max_wait=5)
    store.reads.clear()
    await battle_state_at(store, runner, battle_id, version - 1)
    assert len(store.reads) == 1
    after, through = store.reads[0]
    assert through == version - 1 and after >= version - 1 - 4 - 3, "a command records at most 3 events here"
