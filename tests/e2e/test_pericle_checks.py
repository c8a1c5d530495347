"""Pericle checks through the API, every die recomputed afterwards by the independent verifier."""

from __future__ import annotations

import httpx

from tests.e2e.helpers import command, started_battle
from tests.e2e.independent_verifier import verify_battle


async def test_checks_opposed_checks_and_the_crit_die(client: httpx.AsyncClient) -> None:
    battle, alice, bob = await started_battle(client, ruleset="pericle")
    battle_id = battle["id"]
    hard = await command(client, alice, battle_id, {"type": "check", "score": 1, "difficulty": "Hard",
                                                    "purpose": "haggle with the merchant"})
    assert hard.status_code == 201, hard.text
    assert hard.json()["events"][0]["type"] == "command_recorded"
    rolled = hard.json()["events"][1]["data"]["check"]
    assert (rolled["ad"], rolled["misfortune"], len(rolled["action_faces"])) == (0, 1, 2)
    assert rolled["adjustments"] == [{"value": -2, "source": "Hard"}]
    troll = await command(client, bob, battle_id, {"type": "opposed_check", "aggressor_score": 8,
                                                   "defender_score": 5, "purpose": "push the door"})
    data = troll.json()["events"][1]["data"]
    assert data["opposed"]["roller"] == "aggressor" and data["check"]["ad"] == 3
    defended = await command(client, alice, battle_id, {"type": "check", "score": 2, "defense_dice": 2})
    assert len(defended.json()["events"][1]["data"]["check"]["defense_faces"]) == 2
    crit = await command(client, bob, battle_id, {"type": "crit_die", "purpose": "axe crit"})
    assert crit.json()["events"][1]["data"]["face"] in {"one star", "two stars", "torch", "two stars and torch",
                                                        "one star or torch"}
    bad = await command(client, alice, battle_id, {"type": "check", "score": 1, "difficulty": "Impossible"})
    assert bad.status_code == 400
    assert (await command(client, alice, battle_id, {"type": "concede"})).status_code == 201
    events = (await client.get(f"/v1/battles/{battle_id}/events", params={"limit": 1000})).json()["events"]
    assert verify_battle(events) == 4
    rulesets = (await client.get("/v1/rulesets/pericle")).json()
    assert rulesets["version"] == "6" and {r["id"] for r in rulesets["provisional_rules"]} >= {"PER-CRIT-DIE"}
