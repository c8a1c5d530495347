"""The hero outcome subscriber on real Postgres: two nodes reading the same ended battle record
its outcome on each hero once; a hero whose entry reached its stream only after the battle had
ended (and after the subscriber had read the end) still gets it; reading the whole log again
doubles nothing."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import msgspec

from domain.commands import ClaimSeat, Start
from domain.heroes.commands import CreateHero, EnterBattle
from domain.rulesets.pericle.v5.version import PericleV5Command
from server.battle_service import BattleService
from server.hero_outcomes import OUTCOMES, HeroOutcomes
from server.hero_service import HeroService
from server.store.postgres import PostgresStore
from tests.unit.hero_battles import EMBERS, FIRE, MIRA, RAT, STARTS, TORVALD, hazard_map
from tests.unit.pericle_arena import encounter

PLAYERS = {"ana": "pa", "ben": "pb", "gm": "pg"}


def nothing(stream: str, messages: object) -> None:
    return None


async def send(battles: BattleService, battle_id: str, seat: str, body: dict[str, Any]) -> None:
    await battles.execute(battle_id, PLAYERS[seat], msgspec.convert(body, PericleV5Command), None, None)


async def won_battle(battles: BattleService, heroes: HeroService,
                     entered: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    """Mira (ana) and Torvald (ben) in the hazard encounter; Mira walks through embers, the rat
    into its fire; the heroes win. Only the heroes named in `entered` have recorded entering it."""
    created = await battles.create("pa", "pericle", list(PLAYERS), {"encounter": encounter(
        enemies=[RAT], map=hazard_map())}, None)
    battle_id = json.loads(created.body)["id"]
    for seat, player in PLAYERS.items():
        await battles.execute(battle_id, player, ClaimSeat(seat=seat), None, None)
    hero_ids = {}
    for seat, sheet in (("ana", MIRA), ("ben", TORVALD)):
        made = await heroes.create(PLAYERS[seat], msgspec.convert({"sheet": sheet}, CreateHero), None)
        hero_ids[seat] = json.loads(made.body)["id"]
        await send(battles, battle_id, seat, {"type": "submit_hero", "hero": sheet,
                                              "start": STARTS[f"hero-{sheet['name'].lower()}"]})
        if seat in entered:
            await heroes.execute(hero_ids[seat], PLAYERS[seat], EnterBattle(battle_id=battle_id, seat=seat), None, None)
    await battles.execute(battle_id, "pa", Start(), None, None)
    await send(battles, battle_id, "ana", {"type": "roll_initiative"})
    chooser = "ana" if (await battles.load(battle_id)).ruleset_state.initiative == "heroes" else "gm"
    await send(battles, battle_id, chooser, {"type": "choose_order", "first": "heroes"})
    await send(battles, battle_id, "ana", {"type": "move_figure", "figure": "hero-mira", "path": [EMBERS["hero-mira"]]})
    await send(battles, battle_id, "ana", {"type": "end_movement"})
    await send(battles, battle_id, "gm", {"type": "move_figure", "figure": "rat", "path": [FIRE["rat"]]})
    await send(battles, battle_id, "gm", {"type": "end_movement"})
    await send(battles, battle_id, "ana", {"type": "end_repositioning"})
    await send(battles, battle_id, "ana", {"type": "begin_actions"})
    assert (await battles.load(battle_id)).status == "ended"
    return battle_id, hero_ids


async def outcome_types(store: PostgresStore, hero_id: str) -> list[str]:
    return [e.type for e in await store.read_stream(f"hero-{hero_id}") if e.type == "hero_outcome_recorded"]


async def test_two_nodes_record_a_battles_outcome_on_each_hero_once(own_store: PostgresStore) -> None:
    battles, heroes = BattleService(own_store, nothing), HeroService(own_store, nothing)
    battle_id, hero_ids = await won_battle(battles, heroes, ("ana", "ben"))
    nodes = [HeroOutcomes(own_store, BattleService(own_store, nothing), HeroService(own_store, nothing))
             for _ in range(2)]
    await asyncio.gather(*(node.catch_up() for node in nodes))
    for hero_id in hero_ids.values():
        assert await outcome_types(own_store, hero_id) == ["hero_outcome_recorded"]
    mira = await heroes.load(hero_ids["ana"])
    battle_mira = (await battles.load(battle_id)).ruleset_state.figure("hero-mira")
    assert (mira.outcomes, mira.xp, mira.wounds) == ((battle_id,), 11, battle_mira.wounds)
    # Read again from the start of the log (a rebuilt checkpoint): nothing is doubled.
    await own_store.reset_projection(OUTCOMES)
    await nodes[0].catch_up()
    for hero_id in hero_ids.values():
        assert await outcome_types(own_store, hero_id) == ["hero_outcome_recorded"]


async def test_a_hero_whose_entry_is_recorded_after_the_battle_ended_gets_its_outcome(
        own_store: PostgresStore) -> None:
    battles, heroes = BattleService(own_store, nothing), HeroService(own_store, nothing)
    battle_id, hero_ids = await won_battle(battles, heroes, ("ana",))
    subscriber = HeroOutcomes(own_store, battles, heroes)
    await subscriber.catch_up()
    assert await outcome_types(own_store, hero_ids["ben"]) == []
    # Torvald's entry reaches his stream late (the battle took his sheet, then the node paused).
    await heroes.execute(hero_ids["ben"], "pb", EnterBattle(battle_id=battle_id, seat="ben"), None, None)
    await subscriber.catch_up()
    assert await outcome_types(own_store, hero_ids["ben"]) == ["hero_outcome_recorded"]
    torvald = await heroes.load(hero_ids["ben"])
    assert (torvald.xp, torvald.earned_xp, torvald.rest_due) == (4, 1, battle_id)
