"""Pericle 4 over HTTP: the Hero Handbook's catalogues, a hero sheet naming Disciplines and Spells
version 3 never knew, and a Spell the server does not model cast as a command whose cost, check
and text for the table are recorded; every die recomputed by the independent verifier."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.e2e.helpers import auth, command, new_player
from tests.e2e.independent_verifier import verify_battle
from tests.e2e.test_pericle_combat import all_events, combat_state
from tests.unit.pericle_arena import encounter
from tests.unit.pericle_bot import proposals
from tests.unit.test_pericle_v4_play import BRAM, ELOWEN

TURN_ONLY = frozenset({"roll_initiative", "choose_order", "end_movement", "end_repositioning", "begin_actions",
                       "pass_action"})


async def test_the_catalogue_lists_every_entry_with_its_seed_line_and_enforcement(client: httpx.AsyncClient) -> None:
    ruleset = (await client.get("/v1/rulesets/pericle")).json()
    assert ruleset["version"] == "6" and "use_discipline" in ruleset["command_types"]
    found = await client.get("/v1/rulesets/pericle/catalogue")
    assert found.status_code == 200, found.text
    catalogue = found.json()
    assert catalogue["ruleset_version"] == "6"
    assert (len(catalogue["disciplines"]), len(catalogue["spells"])) == (103, 75)
    spells = {s["name"]: s for s in catalogue["spells"]}
    assert spells["Blur"]["effect"] == "enforced" and spells["Augury"]["effect"] == "table-applied"
    assert spells["Augury"]["seed"] == {"line": 1490, "section": "Appendix: Spells, KN4",
                                        "source": "001_da6eaba1bafd55cc.txt"}
    assert {k for k in catalogue} >= {"ancestries", "weapons", "armour", "skills", "items"}


async def _battle(client: httpx.AsyncClient, version: str | None) -> tuple[str, dict[str, dict[str, str]]]:
    players = {seat: await new_player(client, seat) for seat in ("ana", "ben", "gm")}
    pinned = {"ruleset_version": version} if version else {}
    created = await client.post("/v1/battles", headers=auth(players["ana"]), json={
        "ruleset": "pericle", "seats": list(players), "options": {"encounter": encounter()}, **pinned})
    assert created.status_code == 201, created.text
    battle_id = created.json()["id"]
    for seat, player in players.items():
        claimed = await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
        assert claimed.status_code == 201, claimed.text
    return battle_id, players


async def test_a_handbook_hero_casts_a_spell_the_table_applies(client: httpx.AsyncClient) -> None:
    old, old_players = await _battle(client, "3")
    refused = await command(client, old_players["ana"], old, {"type": "submit_hero", "hero": ELOWEN,
                                                               "start": {"q": 0, "r": 3}})
    assert refused.status_code == 422 and "does not know the Spell 'Terror'" in refused.text

    # Version 4, where Terror is table-applied (version 5 enforces it: test_pericle_v5_spells.py).
    battle_id, players = await _battle(client, "4")
    for seat, hero, start in (("ana", ELOWEN, (0, 3)), ("ben", BRAM, (0, 4))):
        joined = await command(client, players[seat], battle_id, {
            "type": "submit_hero", "hero": hero, "start": {"q": start[0], "r": start[1]}, "facing": 0})
        assert joined.status_code == 201, joined.text
    assert (await command(client, players["ana"], battle_id, {"type": "start"})).status_code == 201
    rng = random.Random(3)
    cast: dict[str, Any] | None = None
    for _ in range(200):
        state, combat = await combat_state(client, battle_id)
        assert state["status"] == "active"
        if combat.current == "hero-elowen":
            cast = (await command(client, players["ana"], battle_id, {
                "type": "cast_spell", "figure": "hero-elowen", "spell": "Terror", "target": "hero-bram"})).json()
            break
        for seat, body in proposals(combat, rng):
            if body["type"] in TURN_ONLY and (await command(client, players[seat], battle_id, body)).status_code == 201:
                break
    assert cast is not None, "Elowen's Action never came"
    kinds = [e["type"] for e in cast["events"]]
    spell = next(e["data"] for e in cast["events"] if e["type"] == "spell_cast")
    _, combat = await combat_state(client, battle_id)
    elowen = combat.figure("hero-elowen")
    assert elowen is not None
    if spell["success"] and not spell["check"]["crit"]:
        assert spell["exhaustion"] == 2 and elowen.exhaustion == 2
    else:
        assert spell["exhaustion"] == 0 and elowen.exhaustion == 0
    assert ("table_applied" in kinds) == spell["success"]
    if spell["success"]:
        table = next(e["data"] for e in cast["events"] if e["type"] == "table_applied")
        assert table["line"] == 1415 and table["text"].startswith("Terror (4XP) [T] Curse: 2E.")
    for seat in ("ana", "ben"):
        assert (await command(client, players[seat], battle_id, {"type": "concede"})).status_code == 201
    assert verify_battle(await all_events(client, battle_id)) > 0
