"""Pericle 6 hero records that keep Spell Scrolls and runestones, over HTTP: the record's sheet holds
them (checked by version 6's sheet rules), POST /v1/battles/{id}/heroes brings them into a version-6
battle, a scroll cast from there is gone from the record once the outcome is recorded (line 491:
"Once a scroll is used to cast a spell, it is consumed"), and between combats a runestone is embedded
during a Rest (line 733: "Heroes must spend 1E to embed a runestone") and extracted out of combat
(line 735: "draining 1E"). The history verifies."""

from __future__ import annotations

from typing import Any

import httpx

from domain.codec import event_from
from domain.heroes.aggregate import replay
from tests.e2e.helpers import new_player
from tests.e2e.test_hero_life import create, encounter_with, hero, history, ok, outcome, post, turn
from tests.e2e.test_pericle_combat import combat_state
from tests.unit.hero_battles import MIRA

SCROLL = "Scroll of Magic Armor I"
# Mira with only her dagger (a hand free for the scroll), a Sapphire in it, leather armour, the scroll
# of a Spell she has not learned and a Ruby runestone in her pack.
SCRIBE = {**MIRA, "weapons": ["Dagger"], "armour": "Leather", "items": [SCROLL, "Ruby Runestone"],
          "runestones": {"Dagger": ["Sapphire"]}}


async def battle_events(client: httpx.AsyncClient, battle: str) -> list[dict[str, Any]]:
    page = await ok(await client.get(f"/v1/battles/{battle}/events", params={"limit": 1000}), 200)
    events: list[dict[str, Any]] = page["events"]
    return events


async def test_a_hero_record_brings_its_scroll_and_runestones_and_the_cast_scroll_is_gone_after(
        client: httpx.AsyncClient) -> None:
    players = {seat: await new_player(client, seat) for seat in ("ana", "gm")}
    mira = await create(client, players["ana"], SCRIBE)
    shown = await hero(client, mira)
    assert shown["ruleset_version"] == "6" and shown["sheet"]["runestones"] == {"Dagger": ["Sapphire"]}
    battle = await encounter_with(client, players, {"ana": mira}, "adventure")
    _, combat = await combat_state(client, battle)
    figure = combat.figure("hero-mira")
    assert figure is not None and figure.runestones == {"dagger": ("Sapphire",)}
    assert figure.pack == ("scroll of magic armor i", "ruby runestone")
    await turn(client, players, battle, actions={"hero-mira": {"type": "fetch_item", "item": SCROLL}})
    cast = {"type": "cast_spell", "spell": "Magic Armor I", "target": "hero-mira"}
    for _ in range(8):  # a failed cast keeps the scroll in hand: try again next turn
        await turn(client, players, battle, actions={"hero-mira": cast})
        if any(e["type"] == "scroll_consumed" for e in await battle_events(client, battle)):
            break
    casts = [e["data"] for e in await battle_events(client, battle) if e["type"] == "spell_cast"]
    assert casts[-1]["success"], "eight casts at AD3 or better all failed"
    assert "Sapphire runestone" in [a["source"] for a in casts[-1]["check"]["adjustments"]]
    await turn(client, players, battle, rat_burns=True)
    after = await outcome(client, mira, battle)
    assert after["sheet"]["items"] == ["Ruby Runestone"], "the scroll is consumed; the runestone stays"
    recorded = [e["data"] for e in await history(client, mira) if e["type"] == "hero_outcome_recorded"]
    assert recorded[0]["items_used"] == [SCROLL]

    # Between combats: embed the Ruby into the armour during the Rest, extract the Sapphire.
    embed = {"runestone": "Ruby", "item": "Leather"}
    early = await post(client, players["ana"], mira, "runestones/embed", embed)
    assert early.status_code == 422 and early.json()["rule"] == "not-resting", early.text
    await ok(await post(client, players["ana"], mira, "rest", {"battle_id": battle}))
    rested = await hero(client, mira)
    embedded = await ok(await post(client, players["ana"], mira, "runestones/embed", embed))
    assert [e["type"] for e in embedded["events"]] == ["hero_runestone_embedded"]
    shown = await hero(client, mira)
    assert shown["sheet"]["runestones"] == {"Dagger": ["Sapphire"], "Leather": ["Ruby"]}
    assert shown["sheet"]["items"] == [] and shown["exhaustion"] == rested["exhaustion"] + 1
    again = await post(client, players["ana"], mira, "runestones/embed", embed)
    assert again.status_code == 422 and again.json()["rule"] == "not-carried", "the pack holds no Ruby now"
    extract = {"runestone": "Sapphire", "item": "Dagger"}
    await ok(await post(client, players["ana"], mira, "runestones/extract", extract))
    shown = await hero(client, mira)
    assert shown["sheet"]["runestones"] == {"Leather": ["Ruby"]} and shown["sheet"]["items"] == ["Sapphire Runestone"]
    assert shown["exhaustion"] == rested["exhaustion"] + 2

    events = await history(client, mira)
    replayed = replay([event_from(e["type"], e["data"]) for e in events])
    assert replayed.sheet == shown["sheet"] and replayed.exhaustion == shown["exhaustion"]
    verified = await ok(await client.get(f"/v1/heroes/{mira}/verify"), 200)
    assert verified["ok"] is True, verified
