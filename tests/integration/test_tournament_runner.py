"""The runner that links tournaments and battles: a restart between a battle's end and the
tournament's update loses nothing, and handling an event twice doubles nothing."""

from __future__ import annotations

import json

from domain.commands import ClaimSeat, Concede, Start
from domain.tournament.commands import CreateTournament, NameJudge, PairRound, Register
from server.battle_service import BattleService, stream_id
from server.store.postgres import PostgresStore
from server.tournament_service import RUNNER, TournamentRunner, TournamentService
from tests.unit.tournament_helpers import band


async def test_a_restart_between_battle_end_and_tournament_update_loses_nothing(
        postgres_store: PostgresStore) -> None:
    def nothing(stream: str, messages: object) -> None:
        return None

    battles = BattleService(postgres_store, nothing)
    tournaments = TournamentService(postgres_store, nothing)
    tid = json.loads((await tournaments.create("org", CreateTournament(name="Restart cup"), None)).body)["id"]
    for player in ("a", "b"):
        await tournaments.execute(tid, player, Register(name=player, army_list=band()), None, None)
    await tournaments.execute(tid, "org", PairRound(), None, None)
    await TournamentRunner(postgres_store, battles, tournaments).catch_up()  # spawns the battle
    table = (await tournaments.load(tid)).rounds[0].pairings[0]
    battle = await battles.load(table.battle_id)
    assert battle.status == "open" and {s.player_id for s in battle.seats} == {"a", "b"}

    # The battle ends while no runner is up (the node died), and a new node's runner starts.
    await battles.execute(table.battle_id, "a", Start(), None, None)
    await battles.execute(table.battle_id, "b", Concede(), None, None)
    checkpoint = await postgres_store.projection_position(RUNNER)
    await TournamentRunner(postgres_store, battles, tournaments).catch_up()
    results = (await tournaments.load(tid)).rounds[0].results
    assert [(r.winner, r.source) for r in results.values()] == [("a", "battle")]

    # A crash after handling but before the checkpoint moved: the events are handled again.
    await postgres_store.execute("UPDATE projection_checkpoints SET position = $2 WHERE name = $1",
                                 RUNNER, checkpoint)
    version = (await tournaments.load(tid)).version
    await TournamentRunner(postgres_store, battles, tournaments).catch_up()
    assert (await tournaments.load(tid)).version == version, "nothing doubled"


async def test_an_organiser_who_plays_in_their_own_event_does_not_referee_their_own_game(
        postgres_store: PostgresStore) -> None:
    def nothing(stream: str, messages: object) -> None:
        return None

    battles = BattleService(postgres_store, nothing)
    tournaments = TournamentService(postgres_store, nothing)
    tid = json.loads((await tournaments.create("org", CreateTournament(name="Own cup"), None)).body)["id"]
    await tournaments.execute(tid, "org", NameJudge(player_id="judge"), None, None)
    for player in ("org", "b", "c", "d"):
        await tournaments.execute(tid, player, Register(name=player, army_list=band()), None, None)
    await tournaments.execute(tid, "org", PairRound(), None, None)
    await TournamentRunner(postgres_store, battles, tournaments).catch_up()
    for table in (await tournaments.load(tid)).rounds[0].pairings:
        battle = await battles.load(table.battle_id)
        seated = {s.player_id for s in battle.seats}
        assert not seated & set(battle.referees), f"table {table.table}: a referee holds a seat"
        assert set(battle.referees) == {"org", "judge"} - seated


async def test_a_tournaments_tables_play_the_ruleset_version_it_was_opened_under(postgres_store: PostgresStore) -> None:
    def nothing(stream: str, messages: object) -> None:
        return None

    battles = BattleService(postgres_store, nothing)
    tournaments = TournamentService(postgres_store, nothing)
    tid = json.loads((await tournaments.create("org", CreateTournament(name="Pinned cup"), None)).body)["id"]
    for player in ("a", "b"):
        await tournaments.execute(tid, player, Register(name=player, army_list=band()), None, None)
    await tournaments.execute(tid, "org", PairRound(), None, None)
    await TournamentRunner(postgres_store, battles, tournaments).catch_up()
    table = (await tournaments.load(tid)).rounds[0].pairings[0]
    created = (await postgres_store.read_stream(f"battle-{table.battle_id}"))[0]
    settings = (await tournaments.load(tid)).settings
    assert settings is not None
    assert created.command is not None and created.command["ruleset_version"] == settings.ruleset_version


async def test_a_tampered_battle_does_not_stop_the_runner_for_every_tournament(own_store: PostgresStore) -> None:
    """A battle whose stored log no longer verifies is refused on load (StreamCorrupted); its
    `battle_ended` must not hold the runner, and with it every tournament of the server, at that
    event forever (it did: the runner retried the same batch, backing off, and no later round was
    spawned or result taken)."""
    def nothing(stream: str, messages: object) -> None:
        return None

    battles = BattleService(own_store, nothing)
    tournaments = TournamentService(own_store, nothing)
    casual = json.loads((await battles.create("p1", "d100", ["a", "b"], {}, None)).body)["id"]
    await battles.claim("p1", casual, ClaimSeat(seat="a"), None)
    await battles.claim("p2", casual, ClaimSeat(seat="b"), None)
    await battles.execute(casual, "p1", Start(), None, None)
    await battles.execute(casual, "p2", Concede(), None, None)
    await own_store.execute("UPDATE events SET actor = 'mallory' WHERE stream_id = $1 AND version = 2",
                            stream_id(casual))

    tid = json.loads((await tournaments.create("org", CreateTournament(name="Untouched cup"), None)).body)["id"]
    for player in ("a", "b"):
        await tournaments.execute(tid, player, Register(name=player, army_list=band()), None, None)
    await tournaments.execute(tid, "org", PairRound(), None, None)
    fresh = BattleService(own_store, nothing)  # no state cached from before the tampering
    await TournamentRunner(own_store, fresh, tournaments).catch_up()
    table = (await tournaments.load(tid)).rounds[0].pairings[0]
    await fresh.execute(table.battle_id, "a", Start(), None, None)
    await fresh.execute(table.battle_id, "b", Concede(), None, None)
    await TournamentRunner(own_store, fresh, tournaments).catch_up()
    results = (await tournaments.load(tid)).rounds[0].results
    assert [(r.winner, r.source) for r in results.values()] == [("a", "battle")]
