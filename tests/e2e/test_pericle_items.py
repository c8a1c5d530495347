"""Pericle 6's Spell Scrolls and runestones over HTTP (seed 001 lines 491, 727-747): a hero sheet
carrying a scroll and naming its runestones joins a version-6 battle and is refused by version 5;
`fetch_item` names a scroll; the catalogue lists the Sapphire from version 6."""

from __future__ import annotations

import httpx

from tests.e2e.helpers import command
from tests.e2e.test_pericle_combat import all_events
from tests.e2e.test_pericle_handbook import _battle
from tests.unit.test_pericle_v6_items import RUNA, SCRIBE

HERO = {**RUNA, "items": ["Scroll of Magic Shield II", "Potion of Healing"]}


async def test_a_hero_with_a_scroll_and_runestones_joins_version_6_only(client: httpx.AsyncClient) -> None:
    old, old_players = await _battle(client, "5")
    refused = await command(client, old_players["ana"], old, {"type": "submit_hero", "hero": HERO,
                                                               "start": {"q": 0, "r": 3}})
    assert refused.status_code == 422 and refused.json()["rule"] == "hero-invalid", refused.text
    assert "Spell Scrolls are carried from Pericle 6" in refused.text
    assert "runestones work from Pericle 6" in refused.text

    battle_id, players = await _battle(client, None)
    joined = await command(client, players["ana"], battle_id, {"type": "submit_hero", "hero": HERO,
                                                                "start": {"q": 0, "r": 3}})
    assert joined.status_code == 201, joined.text
    plain = await command(client, players["ben"], battle_id, {"type": "submit_hero", "hero": SCRIBE,
                                                               "start": {"q": 0, "r": 4}})
    assert plain.status_code == 201, plain.text
    state = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    figures = {f["id"]: f for f in state["ruleset_state"]["figures"]}
    assert figures["hero-runa"]["pack"] == ["scroll of magic shield ii", "potion of healing"]
    assert figures["hero-runa"]["runestones"]["dagger"] == ["Diamond", "Ruby"]
    assert "runestones" not in figures["hero-scribe"]
    sheets = {e["data"]["sheet"]["name"]: e["data"]["sheet"] for e in await all_events(client, battle_id)
              if e["type"] == "hero_joined"}
    assert sheets["Runa"]["runestones"] == RUNA["runestones"] and "runestones" not in sheets["Scribe"]
    # `fetch_item` takes a scroll's name: refused only because the battle has not begun, where an
    # item of no such name is refused as it is read.
    body = {"type": "fetch_item", "figure": "hero-runa", "item": "Scroll of Magic Shield II"}
    fetch = await command(client, players["ana"], battle_id, body)
    assert fetch.status_code == 422 and fetch.json()["rule"] == "battle-not-active", fetch.text
    bogus = await command(client, players["ana"], battle_id, {**body, "item": "Magic Shield II"})
    assert bogus.status_code == 400 and bogus.json()["rule"] == "bad-request", bogus.text


async def test_the_catalogue_lists_the_sapphire_runestone(client: httpx.AsyncClient) -> None:
    catalogue = (await client.get("/v1/rulesets/pericle/catalogue")).json()
    runestones = {i["name"]: i for i in catalogue["items"] if i["kind"] == "runestone"}
    assert set(runestones) == {"Amethyst", "Diamond", "Emerald", "Ruby", "Sapphire"}
    assert runestones["Sapphire"]["price_gc"] == 210 and runestones["Sapphire"]["seed"]["line"] == 1639
