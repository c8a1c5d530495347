"""A Pilgrimage battle's PIL-GEAR settings through the HTTP API, honoured both ways.

The seeds fix only two numbers of an Oathband: "Oathband: The group of characters a player
commands, built from 600 Supplies" and "a basic character costs 50 Supplies" (seed 002's
glossary). What gear and raised stats cost, and whether 600 is a cap, they leave unsaid: that
gap is RULES-NOTES' provisional `PIL-GEAR` ("gear with Supplies costs ... Raising Pace, Aim,
Might or Valour by 1 costs 10, Ward 15, each at most +3. The Oathband may not exceed 600
Supplies"), and a provisional rule's numbers are "settings of the battle (with these
defaults)". A battle created with `"provisional": {"PIL-GEAR": {"supplies": 900}}` records
900 and must then hold its Oathbands to 900, not 600."""

from __future__ import annotations

from typing import Any

import httpx

from tests.e2e.helpers import auth, command, new_player

# A basic Character (50) with a two-handed weapon (10) and medium armour (10): 70 Supplies.
KNIGHT = {"name": "Knight", "gear": ["two-handed weapon", "medium armour"]}
PILGRIM = {"name": "Pilgrim"}  # 50 Supplies


async def seated_battle(client: httpx.AsyncClient, supplies: int) -> tuple[str, dict[str, str]]:
    player = await new_player(client, "south")
    created = await client.post("/v1/battles", headers=auth(player), json={
        "ruleset": "pilgrimage", "seats": ["south", "north"],
        "options": {"provisional": {"PIL-GEAR": {"supplies": supplies}}}})
    assert created.status_code == 201, created.text
    battle_id: str = created.json()["id"]
    claimed = await client.post(f"/v1/battles/{battle_id}/seats/south", headers=auth(player), json={})
    assert claimed.status_code == 201, claimed.text
    return battle_id, player


def oathband(*characters: dict[str, Any]) -> dict[str, Any]:
    return {"type": "submit_oathband", "oathband": {"name": "Band", "characters": list(characters)}}


async def test_a_battle_of_900_supplies_takes_a_770_supply_oathband(client: httpx.AsyncClient) -> None:
    battle_id, player = await seated_battle(client, 900)
    submitted = await command(client, player, battle_id, oathband(*[KNIGHT] * 11))
    assert submitted.status_code == 201, submitted.text
    state = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    assert state["options"]["provisional"]["PIL-GEAR"]["supplies"] == 900
    assert len(state["ruleset_state"]["figures"]) == 11
    events = (await client.get(f"/v1/battles/{battle_id}/events")).json()["events"]
    assert [e["data"]["supplies"] for e in events if e["type"] == "oathband_submitted"] == [770]


async def test_a_battle_of_100_supplies_refuses_a_150_supply_oathband(client: httpx.AsyncClient) -> None:
    battle_id, player = await seated_battle(client, 100)
    refused = await command(client, player, battle_id, oathband(*[PILGRIM] * 3))
    assert refused.status_code == 422, refused.text
    assert refused.json()["rule"] == "army-list-invalid"
    assert refused.json()["problems"] == ["the Oathband costs 150 Supplies, over the 100 allowed"]
    state = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    assert state["ruleset_state"]["figures"] == []
