"""Pericle 6 hero records between combats over HTTP: Alchemy, Herbalism and Bardic Arts attempted
during a Recovery (seed 001 lines 1248, 1260, 1298: "a successful Moderate KN check (AD+0)",
"regardless of and in addition to your Recovery activity"), each a check the server rolls on the
hero's own dice; the catalogue says what version 6 enforces between combats; the history verifies."""

from __future__ import annotations

import httpx

from domain.codec import event_from
from domain.heroes.aggregate import replay
from tests.e2e.helpers import auth, new_player
from tests.e2e.test_hero_life import ASH, create, encounter_with, hero, history, ok, outcome, post, turn
from tests.e2e.test_pericle_combat import combat_state
from tests.unit.hero_battles import FIRE, RAT, STARTS, hazard_map
from tests.unit.pericle_arena import encounter

# A human KN3: 45 XP; Quick Study, Alchemy, Herbalism and Bardic Arts (23 XP).
LARK = {"name": "Lark", "ancestry": "human", "mt": 1, "dx": 1, "kn": 3, "weapons": ["Dagger"],
        "disciplines": ["Quick Study", "Alchemy", "Herbalism", "Bardic Arts"], "items": ["Healing Berry"]}


async def test_a_version_6_hero_brews_and_is_inspired_during_a_recovery(client: httpx.AsyncClient) -> None:
    ana = await new_player(client, "ana")
    lark = await create(client, ana, LARK)
    assert (await hero(client, lark))["ruleset_version"] == "6"
    body = {"days": 1, "alchemy": "Perception", "herbalism": True, "bardic_arts": True}
    recovered = await ok(await post(client, ana, lark, "recover", body))
    types = [e["type"] for e in recovered["events"]]
    assert types == ["hero_recovered", "hero_recovery_check", "hero_recovery_check", "hero_recovery_check"]
    checks = {e["data"]["discipline"]: e["data"] for e in recovered["events"][1:]}
    for name, check in checks.items():
        assert check["check"]["ad"] == 3, f"{name}: KN3, Moderate (AD+0)"
        assert check["check"]["roll"]["purpose"] == f"{name}: Moderate KN check during Recovery"
        assert (check["made"] is not None) == check["check"]["success"]
    shown = await hero(client, lark)
    assert shown["alchemy_potions"] == (["Alchemy potion: +2 Perception"] if checks["Alchemy"]["made"] else [])
    assert shown["sheet"]["items"] == ["Healing Berry"] + (["Potion of Healing"] if checks["Herbalism"]["made"]
                                                            else [])
    assert shown["inspiration"] == (1 if checks["Bardic Arts"]["made"] else 0)
    if shown["inspiration"]:
        again = await post(client, ana, lark, "recover", {"bardic_arts": True})
        assert again.status_code == 422 and again.json()["rule"] == "inspiration-held"
    unknown = await post(client, ana, lark, "recover", {"alchemy": "Charm"})
    assert unknown.status_code == 400, unknown.text
    # Another player's hero is not Lark's to command.
    ben = await new_player(client, "ben")
    assert (await client.post(f"/v1/heroes/{lark}/recover", headers=auth(ben), json={"herbalism": True})
            ).status_code == 403

    events = await history(client, lark)
    replayed = replay([event_from(e["type"], e["data"]) for e in events])
    assert (replayed.alchemy_potions, replayed.inspiration, replayed.sheet) == (
        tuple(shown["alchemy_potions"]), shown["inspiration"], shown["sheet"])
    verified = await ok(await client.get(f"/v1/heroes/{lark}/verify"), 200)
    assert verified["ok"] is True and verified["commands"] == 2, verified

    catalogue = await ok(await client.get("/v1/rulesets/pericle/catalogue"), 200)
    disciplines = {d["name"]: d for d in catalogue["disciplines"]}
    for name in ("Healer I", "Healer II", "Meditate I", "Meditate II", "Quick Study", "Alchemy", "Herbalism",
                 "Bardic Arts"):
        assert disciplines[name]["effect"] == "enforced" and "/v1/heroes/" in disciplines[name]["enforced_as"]
    # Runestone Mastery works in combat (v6/runestones.py), not between combats.
    assert disciplines["Runestone Mastery"]["effect"] == "enforced"
    assert "v6/runestones.py" in disciplines["Runestone Mastery"]["enforced_as"]


async def test_the_inspiration_point_goes_into_a_battle_as_karma_and_comes_back_unspent(
        client: httpx.AsyncClient) -> None:
    """Line 1298: "Inspiration points are exactly like Karma" (PER-HERO-INSPIRATION-FIRST)."""
    players = {seat: await new_player(client, seat) for seat in ("ana", "gm")}
    lark = await create(client, players["ana"], LARK)
    for _ in range(20):  # a Moderate KN check at KN3 (AD3): 8 faces in 10 succeed
        await ok(await post(client, players["ana"], lark, "recover", {"bardic_arts": True}))
        if (await hero(client, lark))["inspiration"]:
            break
    assert (await hero(client, lark))["inspiration"] == 1
    battle = await encounter_with(client, players, {"ana": lark}, "adventure")
    brought = [e["command"] for e in (await ok(await client.get(
        f"/v1/battles/{battle}/events", params={"limit": 1000}), 200))["events"]
        if e.get("command") and e["command"]["type"] == "bring_hero"]
    assert brought[0]["hero"]["karma"] == 1, "Lark's sheet has no Karma: the battle takes her Inspiration point"
    inside = await hero(client, lark)
    assert (inside["inspiration"], inside["sheet"]["karma"]) == (0, 0)
    entered = [e for e in await history(client, lark) if e["type"] == "hero_entered_battle"]
    assert entered[0]["data"]["inspiration"] == 1
    await turn(client, players, battle, rat_burns=True)
    shown = await outcome(client, lark, battle)
    assert (shown["inspiration"], shown["sheet"]["karma"]) == (1, 0), "unspent: back on her record"
    verified = await ok(await client.get(f"/v1/heroes/{lark}/verify"), 200)
    assert verified["ok"] is True, verified


async def test_a_saga_hero_in_an_adventure_encounter_is_revived_and_version_5_refuses_it(
        client: httpx.AsyncClient) -> None:
    """Line 545: "one player may wish to play Saga Mode, whereas another player in the party may
    choose Adventure Mode"; line 543: "Revived heroes have 1 HP"."""
    players = {seat: await new_player(client, seat) for seat in ("ana", "gm")}
    made = await ok(await client.post("/v1/heroes", headers=auth(players["ana"]),
                                      json={"sheet": ASH, "mode": "saga"}))
    ash = made["id"]
    assert (await hero(client, ash))["mode"] == "saga"
    battle = await encounter_with(client, players, {"ana": ash}, "adventure")
    brought = [e for e in (await ok(await client.get(f"/v1/battles/{battle}/events", params={"limit": 1000}),
                                    200))["events"] if e["type"] == "hero_brought"]
    assert brought[0]["command"]["mode"] == "saga" and brought[0]["data"]["figure"]["mode"] == "saga"
    await turn(client, players, battle, movement={"hero-ash": {"type": "move_figure", "path": [FIRE["hero-mira"]]}})
    state, combat = await combat_state(client, battle)
    figure = combat.figure("hero-ash")
    assert state["status"] == "ended" and figure is not None and figure.hp <= -5
    assert figure.condition == "unconscious", "Saga: heroes do not die, whatever the encounter's mode"
    shown = await outcome(client, ash, battle)
    assert (shown["status"], shown["hp"]) == ("alive", 1)
    assert (await ok(await client.get(f"/v1/heroes/{ash}/verify"), 200))["ok"] is True

    # A Pericle 5 battle plays the encounter's mode for every hero.
    old = await ok(await client.post("/v1/battles", headers=auth(players["ana"]), json={
        "ruleset": "pericle", "ruleset_version": "5", "seats": list(players),
        "options": {"encounter": encounter(enemies=[RAT], map=hazard_map(), mode="adventure")}}))
    for seat, player in players.items():
        await ok(await client.post(f"/v1/battles/{old['id']}/seats/{seat}", headers=auth(player), json={}))
    refused = await client.post(f"/v1/battles/{old['id']}/heroes", headers=auth(players["ana"]),
                                json={"hero_id": ash, "start": STARTS["hero-mira"]})
    assert refused.status_code == 422 and refused.json()["rule"] == "hero-mode", refused.text
