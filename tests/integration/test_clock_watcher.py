"""The clock watcher on real Postgres: a restart after its checkpoint moved past a clock's
events still ends that battle on time (rebuilt from the active battles, loading only those
with a clock), two nodes' watchers end it once, and a tournament round's time limit sets its
battles' clocks."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

from domain.clock import TimeControl
from domain.commands import ClaimSeat, RollDice, Start
from domain.tournament.commands import CreateTournament, PairRound, Register
from server.battle_service import BattleService, stream_id
from server.clock_watcher import WATCHER, ClockWatcher
from server.projector import Projector
from server.store.postgres import PostgresStore
from server.tournament_service import TournamentRunner, TournamentService
from tests.unit.tournament_helpers import band


def nothing(stream: str, messages: object) -> None:
    return None


async def started_battle(battles: BattleService, clock: TimeControl | None) -> str:
    created = await battles.create("alice", "pilgrimage", ["north", "south"], {}, None, ruleset_version="1",
                                   clock=clock)
    battle_id: str = json.loads(created.body)["id"]
    await battles.execute(battle_id, "alice", ClaimSeat(seat="north"), None, None)
    await battles.execute(battle_id, "bob", ClaimSeat(seat="south"), None, None)
    await battles.execute(battle_id, "alice", Start(), None, None)
    return battle_id


async def test_a_restarted_watcher_ends_a_battle_on_time_whose_clock_events_it_read_before(
        own_store: PostgresStore) -> None:
    postgres_store = own_store
    battles = BattleService(postgres_store, nothing)
    battle_id = await started_battle(battles, TimeControl(per_turn_seconds=3))
    await battles.execute(battle_id, "alice", RollDice(expression="1d6"), None, None)

    first = ClockWatcher(postgres_store, battles, Projector(postgres_store))
    await first.catch_up()
    assert set(first.deadlines()) == {battle_id}
    assert await postgres_store.projection_position(WATCHER) > 0  # its checkpoint is past the clock's events

    # The node dies before the flag falls; two nodes start, each with its own watcher.
    nodes = [ClockWatcher(postgres_store, BattleService(postgres_store, nothing), Projector(postgres_store))
             for _ in range(2)]
    flag = first.deadlines()[battle_id]
    await asyncio.sleep(max(0.0, (flag - datetime.now(UTC)).total_seconds()) + 0.05)
    await asyncio.gather(*(node.catch_up() for node in nodes))

    ended = await battles.load(battle_id)
    assert (ended.status, ended.end_reason, ended.winners) == ("ended", "time", ("north",))
    types = [e.type for e in await postgres_store.read_stream(stream_id(battle_id))]
    assert types.count("time_ran_out") == 1 and types.count("battle_ended") == 1
    for node in nodes:
        await node.catch_up()
        assert node.deadlines() == {}


class CountingLoads(BattleService):
    """The battle service, noting which battles it was asked to load."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.loaded: list[str] = []

    async def load(self, battle_id: str) -> Any:
        self.loaded.append(battle_id)
        return await super().load(battle_id)


async def test_a_restarted_watcher_loads_only_the_active_battles_with_a_clock(own_store: PostgresStore) -> None:
    battles = BattleService(own_store, nothing)
    untimed = [await started_battle(battles, None) for _ in range(3)]
    timed = await started_battle(battles, TimeControl(main_seconds=600))
    await ClockWatcher(own_store, battles, Projector(own_store)).catch_up()  # its checkpoint passes them all

    restarted = CountingLoads(own_store, nothing)
    watcher = ClockWatcher(own_store, restarted, Projector(own_store))
    await watcher.catch_up()
    assert set(watcher.deadlines()) == {timed}
    assert restarted.loaded == [timed], f"loaded untimed battles: {set(restarted.loaded) & set(untimed)}"


async def test_a_rounds_time_limit_sets_its_battles_clocks(postgres_store: PostgresStore) -> None:
    battles = BattleService(postgres_store, nothing)
    tournaments = TournamentService(postgres_store, nothing)
    settings = CreateTournament(name="Timed cup", round_time_limit_minutes=90)
    tid = json.loads((await tournaments.create("org", settings, None)).body)["id"]
    for player in ("a", "b"):
        await tournaments.execute(tid, player, Register(name=player, army_list=band()), None, None)
    await tournaments.execute(tid, "org", PairRound(), None, None)
    await TournamentRunner(postgres_store, battles, tournaments).catch_up()
    table = (await tournaments.load(tid)).rounds[0].pairings[0]
    battle = await battles.load(table.battle_id)
    assert battle.clock is not None
    assert battle.clock.control == TimeControl(main_seconds=45 * 60)
    assert battle.clock.remaining_ms == {"a": 45 * 60_000, "b": 45 * 60_000}


async def test_a_tournament_without_a_time_limit_spawns_battles_without_clocks(
        postgres_store: PostgresStore) -> None:
    battles = BattleService(postgres_store, nothing)
    tournaments = TournamentService(postgres_store, nothing)
    tid = json.loads((await tournaments.create("org", CreateTournament(name="Untimed cup"), None)).body)["id"]
    for player in ("a", "b"):
        await tournaments.execute(tid, player, Register(name=player, army_list=band()), None, None)
    await tournaments.execute(tid, "org", PairRound(), None, None)
    await TournamentRunner(postgres_store, battles, tournaments).catch_up()
    table = (await tournaments.load(tid)).rounds[0].pairings[0]
    created = (await postgres_store.read_stream(stream_id(table.battle_id)))[0]
    assert (await battles.load(table.battle_id)).clock is None
    assert created.command is not None and "clock" not in created.command


async def test_a_tampered_battle_does_not_stop_the_watcher_for_the_others(own_store: PostgresStore) -> None:
    """A stream whose stored chain no longer verifies is refused on load (and logged for an
    operator); the watcher skips it and keeps every other battle's clock."""
    battles = BattleService(own_store, nothing)
    tampered = await started_battle(battles, TimeControl(per_turn_seconds=600))
    await own_store.execute("UPDATE events SET actor = 'mallory' WHERE stream_id = $1 AND version = 2",
                            stream_id(tampered))
    fresh = BattleService(own_store, nothing)  # no state cached from before the tampering
    honest = await started_battle(fresh, TimeControl(per_turn_seconds=600))
    watcher = ClockWatcher(own_store, fresh, Projector(own_store))
    await watcher.catch_up()
    assert set(watcher.deadlines()) == {honest}
    assert await own_store.projection_position(WATCHER) > 0
