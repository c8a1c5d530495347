"""A whole Pericle combat through the HTTP API: three heroes (two players) against an orc, a
goblin with a Reach spear and a zombie (a third player), from hero sheets to the last blow;
every roll recomputed by the independent verifier; the events replay to the same state."""

from __future__ import annotations

import random
from typing import Any

import httpx
import msgspec

from domain.battle import replay
from domain.codec import event_from
from domain.rulesets.pericle.state import CombatState
from projections.battle_summary import state_view
from tests.e2e.helpers import auth, command, new_player
from tests.e2e.independent_verifier import verify_battle
from tests.unit.pericle_arena import BAERWYN, SINDARO, VARYA, encounter
from tests.unit.pericle_bot import proposals

Players = dict[str, dict[str, str]]


async def setup(client: httpx.AsyncClient) -> tuple[str, Players]:
    players = {seat: await new_player(client, seat) for seat in ("ana", "ben", "gm")}
    created = await client.post("/v1/battles", headers=auth(players["ana"]), json={
        "ruleset": "pericle", "seats": list(players), "options": {"encounter": encounter()}})
    assert created.status_code == 201, created.text
    battle_id = created.json()["id"]
    for seat, player in players.items():
        claimed = await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player),
                                    json={"client_seed": f"{seat}-luck"})
        assert claimed.status_code == 201, claimed.text
    for seat, hero, start in (("ana", VARYA, (0, 3)), ("ana", SINDARO, (0, 5)), ("ben", BAERWYN, (0, 4))):
        joined = await command(client, players[seat], battle_id, {
            "type": "submit_hero", "hero": hero, "start": {"q": start[0], "r": start[1]}})
        assert joined.status_code == 201, joined.text
    assert (await command(client, players["ana"], battle_id, {"type": "start"})).status_code == 201
    return battle_id, players


async def combat_state(client: httpx.AsyncClient, battle_id: str) -> tuple[dict[str, Any], CombatState]:
    state = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    shown = {key: value for key, value in state["ruleset_state"].items() if key not in ("last", "current")}
    return state, msgspec.convert(shown, CombatState)


async def all_events(client: httpx.AsyncClient, battle_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    while True:
        page = (await client.get(f"/v1/battles/{battle_id}/events",
                                 params={"after": len(events), "limit": 1000})).json()["events"]
        if not page:
            return events
        events += page


async def test_a_whole_combat_to_its_end(client: httpx.AsyncClient) -> None:
    battle_id, players = await setup(client)
    rng = random.Random(5)
    refused: dict[str, int] = {}
    previewed_attacks = 0
    for _ in range(1500):
        state, combat = await combat_state(client, battle_id)
        if state["status"] != "active":
            break
        for seat, body in proposals(combat, rng):
            preview = None
            if body["type"] == "attack" and previewed_attacks < 10:
                previewed_attacks += 1
                preview = (await client.post(f"/v1/battles/{battle_id}/preview", headers=auth(players[seat]),
                                             json=body)).json()
            response = await command(client, players[seat], battle_id, body)
            if preview is not None:
                assert preview["legal"] == (response.status_code == 201), (preview, response.text)
                if preview["legal"]:
                    # Version 5 rolls a strike's attack as its own step (`attack_rolled`, Karma windows).
                    first = next(e["data"] for e in response.json()["events"]
                                 if e["type"] in ("attacked", "attack_rolled"))
                    rolled = first["strikes"][0] if "strikes" in first else first["pending"]
                    assert [m for m in preview["modifiers"] if m["strike"] == 0] == [
                        {"strike": 0, "target": body["strikes"][0]["target"], **a}
                        for a in rolled["check"]["adjustments"]]
            if response.status_code == 201:
                break
            assert response.status_code == 422, response.text
            refused[response.json()["rule"]] = refused.get(response.json()["rule"], 0) + 1
        else:
            raise AssertionError(f"nothing legal in phase {combat.phase}")
    state, combat = await combat_state(client, battle_id)
    assert state["status"] == "ended" and state["end_reason"] == "combat", "the combat ran to its end"
    winners = {"heroes": ["ana", "ben"], "enemies": ["gm"]}[combat.winner or ""]
    assert state["winners"] == winners
    beaten = "enemies" if combat.winner == "heroes" else "heroes"
    assert not any(f.active for f in combat.team(beaten))

    events = await all_events(client, battle_id)
    types = [e["type"] for e in events]
    attacks = types.count("attacked") + types.count("attack_rolled")
    assert attacks >= 5 and "initiative_rolled" in types and "action_phase_began" in types
    assert types[-2:] == ["battle_ended", "dice_seed_revealed"]
    # Every attack rolls at least once; the verifier imports nothing of Chronicle.
    assert verify_battle(events) > attacks, "every roll recomputed by an independent verifier"
    report = (await client.get(f"/v1/battles/{battle_id}/verify")).json()
    assert report["ok"] is True, report["problems"][:5]
    replayed = replay([event_from(e["type"], e["data"]) for e in events])
    assert msgspec.json.decode(msgspec.json.encode(state_view(replayed))) == state, "replays to the same state"
    assert refused, "the bot's illegal proposals were refused with a named rule"


async def test_a_bad_hero_and_an_illegal_action_are_refused_naming_the_rule(client: httpx.AsyncClient) -> None:
    players = {seat: await new_player(client, seat) for seat in ("ana", "gm")}
    created = (await client.post("/v1/battles", headers=auth(players["ana"]), json={
        "ruleset": "pericle", "seats": ["ana", "gm"], "options": {"encounter": encounter()}})).json()
    battle_id = created["id"]
    for seat, player in players.items():
        await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
    bad = await command(client, players["ana"], battle_id, {
        "type": "submit_hero", "start": {"q": 0, "r": 3},
        "hero": {**VARYA, "mt": 4, "weapons": ["Short Sword", "Trident"]}})
    assert bad.status_code == 422 and bad.json()["rule"] == "hero-invalid"
    assert len(bad.json()["problems"]) >= 3, bad.json()
    joined = await command(client, players["ana"], battle_id, {"type": "submit_hero", "hero": VARYA,
                                                              "start": {"q": 0, "r": 3}})
    assert joined.status_code == 201
    await command(client, players["ana"], battle_id, {"type": "start"})
    version = (await client.get(f"/v1/battles/{battle_id}")).json()["version"]
    early = await command(client, players["ana"], battle_id, {"type": "attack", "figure": "hero-varya",
                                                             "strikes": [{"target": "orc"}]})
    assert early.status_code == 422 and early.json()["rule"] == "wrong-phase"
    theirs = await command(client, players["ana"], battle_id, {"type": "move_figure", "figure": "orc", "path": []})
    assert theirs.status_code == 403 and theirs.json()["rule"] == "not-your-figure"
    preview = (await client.post(f"/v1/battles/{battle_id}/preview", headers=auth(players["ana"]), json={
        "type": "attack", "figure": "hero-varya", "strikes": [{"target": "orc"}]})).json()
    assert (preview["legal"], preview["rule"]) == (False, "wrong-phase")
    assert (await client.get(f"/v1/battles/{battle_id}")).json()["version"] == version, "nothing recorded"
    listed = (await client.get("/v1/rulesets/pericle")).json()
    assert {r["id"] for r in listed["provisional_rules"]} >= {"PER-FACING", "PER-ENEMY-CHOICE", "PER-KARMA-WINDOW"}
