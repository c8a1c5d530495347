"""The notifier on real Postgres: a crash before its checkpoint moved records nothing twice,
two nodes' notifiers number a player's notifications without a gap or a double, a webhook's
deliveries are queued with their notifications, and published pairings reach every player
and the organiser."""

from __future__ import annotations

import asyncio
import json
import uuid
from datetime import UTC, datetime, timedelta

from domain.commands import ClaimSeat, Concede, RollDice, Start
from domain.tournament.commands import CreateTournament, PairRound, Register
from server.battle_service import BattleService
from server.notify.notifier import NOTIFIER, Notifier
from server.notify.store import NewNotification, PostgresNotifications, Webhook
from server.store.postgres import PostgresStore
from server.tournament_service import TournamentService
from tests.unit.tournament_helpers import band

published: list[tuple[str, list[bytes]]] = []


def publish(stream: str, messages: list[bytes]) -> None:
    published.append((stream, messages))


def notifier(store: PostgresStore) -> Notifier:
    return Notifier(store, PostgresNotifications(store.pool), BattleService(store, publish),
                    TournamentService(store, publish), publish)


async def play(battles: BattleService, alice: str, bob: str) -> str:
    created = await battles.create(alice, "pilgrimage", ["north", "south"], {}, None, ruleset_version="1")
    battle_id: str = json.loads(created.body)["id"]
    await battles.execute(battle_id, alice, ClaimSeat(seat="north"), None, None)
    await battles.execute(battle_id, bob, ClaimSeat(seat="south"), None, None)
    await battles.execute(battle_id, alice, Start(), None, None)
    await battles.execute(battle_id, alice, RollDice(expression="1d6"), None, None)
    await battles.execute(battle_id, bob, Concede(), None, None)
    return battle_id


async def test_a_crash_before_the_checkpoint_moved_doubles_no_notification_nor_delivery(
        postgres_store: PostgresStore) -> None:
    alice, bob = f"alice-{uuid.uuid4()}", f"bob-{uuid.uuid4()}"
    notes = PostgresNotifications(postgres_store.pool)
    hook = Webhook(hook_id=str(uuid.uuid4()), owner=bob, url="http://127.0.0.1:9/", events=["*"], enabled=True,
                   failures=0, created_at=datetime.now(UTC))
    await notes.add_hook(hook, "secret")
    await notifier(postgres_store).catch_up()  # whatever other tests left in the log
    checkpoint = await notes.position(NOTIFIER)
    battle_id = await play(BattleService(postgres_store, publish), alice, bob)
    await notifier(postgres_store).catch_up()
    told = await notes.read(bob, 0, 100)
    assert [n.type for n in told] == ["seat_claimed", "battle_started", "your_turn", "battle_ended"]
    assert [n.seq for n in told] == [1, 2, 3, 4]
    assert all(n.data["battle_id"] == battle_id for n in told)
    queued = await notes.deliveries(hook.hook_id, 100)
    assert sorted(d.seq for d in queued) == [1, 2, 3, 4]

    # The node died after recording but... its checkpoint is put back as if it had not moved:
    # the batch is derived again, and nothing is recorded or queued twice.
    await postgres_store.execute("UPDATE projection_checkpoints SET position = $2 WHERE name = $1",
                                 NOTIFIER, checkpoint)
    await notifier(postgres_store).catch_up()
    assert [n.seq for n in await notes.read(bob, 0, 100)] == [1, 2, 3, 4]
    assert len(await notes.deliveries(hook.hook_id, 100)) == 4


async def test_two_nodes_notifiers_number_a_players_notifications_without_gap_or_double(
        postgres_store: PostgresStore) -> None:
    alice, bob = f"alice-{uuid.uuid4()}", f"bob-{uuid.uuid4()}"
    battles = BattleService(postgres_store, publish)
    for _ in range(3):
        await play(battles, alice, bob)
    await asyncio.gather(notifier(postgres_store).catch_up(), notifier(postgres_store).catch_up())
    told = await PostgresNotifications(postgres_store.pool).read(alice, 0, 100)
    assert [n.seq for n in told] == list(range(1, 16))
    assert [n.type for n in told[:5]] == ["battle_created", "seat_claimed", "battle_started", "your_turn",
                                          "battle_ended"]
    assert len({(n.source, n.type) for n in told}) == 15


async def test_published_pairings_reach_every_player_and_the_organiser(own_store: PostgresStore) -> None:
    # A database of its own: the session's server would spawn the round's battles meanwhile and
    # tell the players of them too.
    postgres_store = own_store
    organiser = f"org-{uuid.uuid4()}"
    players = [f"p{n}-{uuid.uuid4()}" for n in range(3)]
    tournaments = TournamentService(postgres_store, publish)
    tid = json.loads((await tournaments.create(organiser, CreateTournament(name="Told cup"), None)).body)["id"]
    for player in players:
        await tournaments.execute(tid, player, Register(name=player, army_list=band()), None, None)
    await tournaments.execute(tid, organiser, PairRound(), None, None)
    await notifier(postgres_store).catch_up()
    notes = PostgresNotifications(postgres_store.pool)
    told = {player: await notes.read(player, 0, 10) for player in [*players, organiser]}
    assert all([n.type for n in told[p]] == ["pairings_published"] for p in players)
    opponents = {p: told[p][0].data["opponent"] for p in players}
    paired = {p: o for p, o in opponents.items() if o is not None}
    assert len(paired) == 2 and all(paired[o] == p for p, o in paired.items())  # three players: one bye
    assert all(told[p][0].data["tournament_id"] == tid and told[p][0].data["round"] == 1 for p in players)
    assert [(n.type, n.data["tables"]) for n in told[organiser]] == [("pairings_published", 2)]


async def test_a_due_delivery_is_held_for_its_lease(postgres_store: PostgresStore) -> None:
    """Two nodes' deliverers never attempt one delivery at once, nor again within its lease."""
    bob = f"bob-{uuid.uuid4()}"
    notes = PostgresNotifications(postgres_store.pool)
    hook = Webhook(hook_id=str(uuid.uuid4()), owner=bob, url="http://127.0.0.1:9/", events=["*"],
                   enabled=True, failures=0, created_at=datetime.now(UTC))
    await notes.add_hook(hook, "secret")
    name = f"lease-test-{uuid.uuid4()}"  # a checkpoint of its own: only these twenty are recorded
    recorded = await notes.commit(name, 0, 1, [NewNotification(
        player_id=bob, type="your_turn", source=f"battle-x/{n}", recorded_at="2026-12-01T00:00:00Z", data={})
        for n in range(20)])
    assert recorded is not None and [n.seq for n in recorded] == list(range(1, 21))
    now = datetime.now(UTC) + timedelta(seconds=1)
    first, second = await asyncio.gather(notes.claim_due(now, timedelta(seconds=30), 15),
                                         notes.claim_due(now, timedelta(seconds=30), 15))
    ids = [d.delivery.delivery_id for d in first + second]
    assert len(ids) == len(set(ids)), "a delivery handed to two deliverers at once"
    mine = {d.delivery.delivery_id for d in first + second if d.delivery.hook_id == hook.hook_id}
    held = await notes.claim_due(now + timedelta(seconds=29), timedelta(seconds=30), 1000)
    assert not mine & {d.delivery.delivery_id for d in held}
    assert await notes.commit(name, 0, 2, []) is None  # a notifier behind the checkpoint records nothing


async def test_contests_raised_and_ruled_are_told_to_both_sides(postgres_store: PostgresStore) -> None:
    from domain.contests import Agree, Contest

    alice, bob = f"alice-{uuid.uuid4()}", f"bob-{uuid.uuid4()}"
    battles = BattleService(postgres_store, publish)
    created = await battles.create(alice, "pilgrimage", ["north", "south"], {}, None, ruleset_version="1")
    battle_id = json.loads(created.body)["id"]
    await battles.execute(battle_id, alice, ClaimSeat(seat="north"), None, None)
    await battles.execute(battle_id, bob, ClaimSeat(seat="south"), None, None)
    await battles.execute(battle_id, alice, Start(), None, None)
    rolled = json.loads((await battles.execute(battle_id, alice, RollDice(expression="1d6"), None, None)).body)
    await battles.execute(battle_id, bob, Contest(version=rolled["events"][0]["version"], reason="cocked die"),
                          None, None)
    await battles.execute(battle_id, alice, Agree(contest=1), None, None)  # overturned: the roll is voided
    await notifier(postgres_store).catch_up()
    notes = PostgresNotifications(postgres_store.pool)
    for player in (alice, bob):
        told = [(n.type, n.data.get("decision")) for n in await notes.read(player, 0, 100)]
        assert ("contest_raised", None) in told and ("contest_ruled", "overturned") in told
    bob_told = [n.type for n in await notes.read(bob, 0, 100)]
    alice_told = [n.type for n in await notes.read(alice, 0, 100)]
    # The roll passed the turn to Bob; voiding it gives it back to Alice.
    assert bob_told == ["seat_claimed", "battle_started", "your_turn", "contest_raised", "contest_ruled"]
    assert alice_told[-3:] == ["contest_raised", "contest_ruled", "your_turn"]
