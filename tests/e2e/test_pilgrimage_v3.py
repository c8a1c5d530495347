"""Pilgrimage version 3 over HTTP: what `GET /v1/rulesets/pilgrimage` tells a client building an
Oathband, and the Oathbands chosen once `start` has rolled the weather (seed 002: "Roll them
before the Oathband prepares ... so the weather is known when those choices are made")."""

from __future__ import annotations

import httpx

from tests.e2e.helpers import auth, command, new_player


async def test_the_ruleset_gives_the_base_values_of_an_oathband(client: httpx.AsyncClient) -> None:
    shown = (await client.get("/v1/rulesets/pilgrimage")).json()
    assert shown["version"] == "3"
    reference = shown["reference"]
    band = reference["oathband"]
    assert (band["supplies"], band["character_cost"]) == (600, 50)
    assert band["stats"]["ward"] == {"base": 0, "max_raise": 3, "raise_cost": 15}
    assert band["gear"]["crossbow"]["cost"] == 15 and "heavy armour" in band["gear"]
    assert reference["move"]["inches"] == 3 and reference["move"]["first_move_adds"] == "pace"
    assert reference["table"]["edges"][0] == {"seat": 1, "edge": "south", "deploys": "y <= 6"}
    ids = [rule["id"] for rule in shown["provisional_rules"]]
    assert {"PIL-CLIMB", "PIL-FALL-INCHES", "PIL-SHOVE", "PIL-COVER", "PIL-WEATHER-TWICE"} <= set(ids)


async def test_oathbands_are_chosen_knowing_the_weather(client: httpx.AsyncClient) -> None:
    south, north = await new_player(client, "south"), await new_player(client, "north")
    created = await client.post("/v1/battles", headers=auth(south), json={
        "ruleset": "pilgrimage", "seats": ["south", "north"], "options": {"trial": "Reckoning"}})
    assert created.status_code == 201, created.text
    battle_id = created.json()["id"]
    for seat, player in (("south", south), ("north", north)):
        claimed = await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
        assert claimed.status_code == 201, claimed.text
    started = await command(client, south, battle_id, {"type": "start"})
    assert started.status_code == 201, started.text
    state = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    play = state["ruleset_state"]
    assert play["environment"]["weather"] and play["phase"] == "muster" and play["figures"] == []
    for player in (south, north):
        band = {"type": "submit_oathband", "oathband": {"name": "Band", "characters": [{"name": "Pilgrim"}]}}
        submitted = await command(client, player, battle_id, band)
        assert submitted.status_code == 201, submitted.text
    again = await command(client, north, battle_id, {"type": "submit_oathband",
                                                      "oathband": {"name": "B", "characters": [{"name": "X"}]}})
    assert again.status_code == 422 and again.json()["rule"] == "not-muster"
    state = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    assert state["ruleset_state"]["phase"] == "deployment"
