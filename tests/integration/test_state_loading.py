"""Loading a battle from the store: cache, snapshot + tail, and a stale snapshot ignored."""

from __future__ import annotations

import json

from domain.battle import replay
from domain.commands import ClaimSeat, RollDice, Start
from server.battle_service import BattleService, stream_id
from server.store.base import Snapshot
from server.store.postgres import PostgresStore
from server.stream_service import to_domain


async def test_a_fresh_node_loads_snapshot_plus_tail_and_ignores_a_stale_snapshot(
        postgres_store: PostgresStore) -> None:
    writer = BattleService(postgres_store, lambda stream, messages: None, snapshot_every=4)
    battle_id = json.loads((await writer.create("p1", "d100", ["a", "b"], {}, None)).body)["id"]
    await writer.claim("p1", battle_id, ClaimSeat(seat="a"), None)
    await writer.claim("p2", battle_id, ClaimSeat(seat="b"), None)
    await writer.command("p1", battle_id, Start(), None, None)
    for _ in range(7):
        await writer.command("p2", battle_id, RollDice(expression="1d6"), None, None)
    full = replay(to_domain(await postgres_store.read_stream(stream_id(battle_id))))

    snapshot = await postgres_store.load_snapshot(stream_id(battle_id))
    assert snapshot is not None and 4 < snapshot.version <= full.version
    assert await BattleService(postgres_store, lambda stream, messages: None).load(battle_id) == full

    await postgres_store.execute("UPDATE snapshots SET schema = 'battle-0/old', state = '{\"junk\": 1}' "
                                 "WHERE stream_id = $1", stream_id(battle_id))
    assert await BattleService(postgres_store, lambda stream, messages: None).load(battle_id) == full

    # A snapshot claiming a version it does not hold is not trusted either.
    await postgres_store.save_snapshot(stream_id(battle_id), Snapshot(
        version=full.version + 50, schema="battle-1/d100-1-1", state={"version": 3}))
    assert await BattleService(postgres_store, lambda stream, messages: None).load(battle_id) == full
