"""d100 versions 2 and 3 through the API, every die recomputed afterwards by the independent verifier."""

from __future__ import annotations

import httpx

from tests.e2e.helpers import command, started_battle
from tests.e2e.independent_verifier import verify_battle


async def test_tests_falls_fatigue_and_travel(client: httpx.AsyncClient) -> None:
    battle, alice, bob = await started_battle(client, ruleset="d100", version="2")
    battle_id = battle["id"]
    test = await command(client, alice, battle_id, {"type": "test", "skill": 55, "bonus": 1,
                                                    "purpose": "climb the wall"})
    assert test.status_code == 201, test.text
    [event] = test.json()["events"]
    rolled = event["data"]["test"]
    assert event["type"] == "test_rolled" and rolled["grade"] == 1 and len(rolled["tens"]) == 2
    assert rolled["level"] in {"critical", "success", "failure", "fumble"}
    fall = await command(client, bob, battle_id, {"type": "fall", "metres": 100, "acrobatics": 60})
    data = fall.json()["events"][0]["data"]
    assert data["dice"] == 33 and data["damage"] >= 31
    fatigue = await command(client, alice, battle_id, {"type": "fatigue_test", "resilience": 50,
                                                       "condition": "fatigued"})
    assert fatigue.json()["events"][0]["data"]["penalties"] == ["already Fatigued"]
    travel = await command(client, bob, battle_id, {"type": "travel_day", "pace": "walk", "terrain": "hills",
                                                    "navigation": 40})
    assert travel.json()["events"][0]["data"]["full_km"] == 15
    wrong = await command(client, alice, battle_id, {"type": "travel_day", "pace": "sprint", "terrain": "road"})
    assert wrong.status_code == 400
    arden = {"str": 12, "con": 12, "siz": 13, "dex": 11, "int": 14, "pow": 10, "cha": 9}
    added = await command(client, alice, battle_id, {"type": "add_character", "name": "Arden",
                                                     "characteristics": arden})
    assert added.json()["events"][0]["data"]["character"]["major_wound_level"] == 7
    hit = await command(client, bob, battle_id, {"type": "damage", "character": "arden", "amount": 9, "armour": 1})
    assert hit.json()["events"][0]["data"]["major_wound"] is True
    state = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    [shown] = state["ruleset_state"]["characters"]
    assert (shown["hp"], shown["wounded"], shown["bleeding"]) == (5, True, True)
    unknown = await command(client, bob, battle_id, {"type": "damage", "character": "nobody", "amount": 1})
    assert unknown.status_code == 422 and unknown.json()["rule"] == "character-unknown"
    assert (await command(client, alice, battle_id, {"type": "concede"})).status_code == 201
    events = (await client.get(f"/v1/battles/{battle_id}/events", params={"limit": 1000})).json()["events"]
    assert verify_battle(events) >= 4
    assert (await client.get(f"/v1/battles/{battle_id}")).json()["ruleset_version"] == "2"


async def test_version_3_a_poison_by_its_entry_on_the_clock(client: httpx.AsyncClient) -> None:
    """GET /v1/rulesets/d100 describes version 3 (its commands, events and settings); a battle
    exposes a character to the Gorgon venom, waits out its Delay on the clock, resists, rests
    by the hour; every die verifies."""
    ruleset = (await client.get("/v1/rulesets/d100")).json()
    assert ruleset["version"] == "3"
    assert {"expose", "resist", "pass_time", "move_character", "rest"} <= set(ruleset["command_types"])
    assert {"exposed", "time_passed", "character_moved"} <= set(ruleset["event_types"])
    rules = {r["id"]: r for r in ruleset["provisional_rules"]}
    assert rules["D100-CLOCK"]["settings"] == {"round_seconds": 5} and "D100-EFFECTS" in rules
    battle, alice, bob = await started_battle(client, ruleset="d100")
    battle_id = battle["id"]
    arden = {"str": 12, "con": 12, "siz": 13, "dex": 11, "int": 14, "pow": 10, "cha": 9}
    await command(client, alice, battle_id, {"type": "add_character", "name": "Arden", "characteristics": arden})
    exposed = await command(client, bob, battle_id, {"type": "expose", "character": "arden",
                                                     "affliction": "Gorgon Serpent Venom"})
    assert exposed.status_code == 201, exposed.text
    resist = {"type": "resist", "character": "arden", "name": "Gorgon Serpent Venom", "resilience": 50}
    early = await command(client, alice, battle_id, resist)
    assert early.status_code == 422 and early.json()["rule"] == "delay-not-over"
    passed = await command(client, alice, battle_id, {"type": "pass_time", "minutes": 1})
    assert [e["type"] for e in passed.json()["events"]] == ["time_passed"]
    tested = (await command(client, alice, battle_id, resist)).json()["events"][0]["data"]
    assert tested["penalties"] == [] and tested["health"]["character"] == "arden"
    rested = (await command(client, alice, battle_id, {"type": "rest", "hours": 8})).json()["events"]
    assert [e["type"] for e in rested] == ["time_passed", "rested"] and rested[1]["data"]["full_rest"] is True
    state = (await client.get(f"/v1/battles/{battle_id}/state")).json()["ruleset_state"]
    [shown] = state["characters"]
    assert shown["characteristics"]["con"] == 12, "the venom's Duration (at most 60 minutes) is over"
    assert (shown["movement_in_full_light"], shown["combat_order_modifier"]) == (6.0, 0)
    assert state["clock"] == 60 + 8 * 3600
    assert (await command(client, alice, battle_id, {"type": "concede"})).status_code == 201
    events = (await client.get(f"/v1/battles/{battle_id}/events", params={"limit": 1000})).json()["events"]
    assert verify_battle(events) >= 2
