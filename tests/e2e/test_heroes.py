"""Heroes over HTTP (issue 15, item 2): a player creates a hero, lists and reads it, brings it
into a Pericle battle by id (the battle records its sheet as it was), and reads its history,
a hash-chained stream of its own."""

from __future__ import annotations

from typing import Any

import httpx

from domain.codec import event_from
from domain.heroes.aggregate import replay
from server.store.chain import GENESIS
from tests.e2e.helpers import auth, new_player
from tests.unit.pericle_arena import BAERWYN, VARYA, encounter


async def create_hero(client: httpx.AsyncClient, player: dict[str, str], sheet: dict[str, Any]) -> httpx.Response:
    return await client.post("/v1/heroes", headers=auth(player), json={"sheet": sheet})


async def pericle_battle(client: httpx.AsyncClient, players: dict[str, dict[str, str]],
                         version: str | None = None) -> str:
    created = await client.post("/v1/battles", headers=auth(players["ana"]), json={
        "ruleset": "pericle", "seats": list(players), "options": {"encounter": encounter()},
        **({"ruleset_version": version} if version else {})})
    assert created.status_code == 201, created.text
    battle_id: str = created.json()["id"]
    for seat, player in players.items():
        claimed = await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
        assert claimed.status_code == 201, claimed.text
    return battle_id


async def test_a_hero_is_created_brought_into_a_battle_by_id_and_its_history_read(client: httpx.AsyncClient) -> None:
    players = {seat: await new_player(client, seat) for seat in ("ana", "ben", "gm")}
    made = await create_hero(client, players["ana"], VARYA)
    assert made.status_code == 201, made.text
    hero_id = made.json()["id"]
    assert made.json()["xp"] == 10  # 30 XP, 15 spent on the sheet, 5 for her one Karma

    shown = (await client.get(f"/v1/heroes/{hero_id}")).json()
    assert (shown["owner"], shown["name"], shown["status"], shown["hp"]) == (players["ana"]["id"], "Varya",
                                                                               "alive", 13)
    mine = await client.get("/v1/heroes", params={"player": "me"}, headers=auth(players["ana"]))
    assert [h["id"] for h in mine.json()["heroes"]] == [hero_id]
    theirs = await client.get("/v1/heroes", params={"player": "me"}, headers=auth(players["ben"]))
    assert theirs.json()["heroes"] == []
    by_id = await client.get("/v1/heroes", params={"player": players["ana"]["id"]})
    assert [h["id"] for h in by_id.json()["heroes"]] == [hero_id]

    battle_id = await pericle_battle(client, players)
    # Ben may not bring Ana's hero, even into his own seat.
    stolen = await client.post(f"/v1/battles/{battle_id}/heroes", headers=auth(players["ben"]),
                               json={"hero_id": hero_id, "start": {"q": 0, "r": 4}})
    assert stolen.status_code == 403, stolen.text
    assert stolen.json()["rule"] == "not-hero-owner"
    brought = await client.post(f"/v1/battles/{battle_id}/heroes", headers=auth(players["ana"]),
                                json={"hero_id": hero_id, "start": {"q": 0, "r": 3}})
    assert brought.status_code == 201, brought.text
    # From Pericle 5 the battle's event names the hero record and the version of it that joined.
    joined = [e for e in brought.json()["events"] if e["type"] == "hero_brought"]
    assert joined and joined[0]["data"]["sheet"] == shown["sheet"]
    assert (joined[0]["data"]["hero_id"], joined[0]["data"]["hero_version"]) == (hero_id, 1)
    # The battle records the command with the whole sheet: its replay never reads the hero.
    battle_events = (await client.get(f"/v1/battles/{battle_id}/events", params={"limit": 1000})).json()["events"]
    submitted = [e["command"] for e in battle_events if e.get("command") and e["command"]["type"] == "bring_hero"]
    assert submitted and submitted[0]["hero"] == shown["sheet"] and submitted[0]["hero_id"] == hero_id

    history = (await client.get(f"/v1/heroes/{hero_id}/events")).json()
    events = history["events"]
    assert [e["type"] for e in events] == ["hero_created", "hero_entered_battle"]
    assert events[0]["prev_hash"] == GENESIS and events[1]["prev_hash"] == events[0]["hash"]
    assert events[1]["data"] == {"battle_id": battle_id, "seat": "ana", "sheet": shown["sheet"]}
    assert history["next"] is None
    replayed = replay([event_from(e["type"], e["data"]) for e in events])
    assert replayed.battles == (battle_id,) and replayed.xp == 10
    assert (await client.get(f"/v1/heroes/{hero_id}")).json()["battles"] == [battle_id]
    verified = (await client.get(f"/v1/heroes/{hero_id}/verify")).json()
    assert verified["ok"] is True, verified


async def test_an_invalid_sheet_is_refused_with_every_problem(client: httpx.AsyncClient) -> None:
    ana = await new_player(client, "ana")
    refused = await create_hero(client, ana, {**BAERWYN, "karma": 2, "mt": 2})
    assert refused.status_code == 422, refused.text
    problems = refused.json()["problems"]
    assert any(p.startswith("Step 1") for p in problems) and any(p.startswith("Karma") for p in problems)
    unknown = await client.get("/v1/heroes/00000000-0000-0000-0000-000000000000")
    assert unknown.status_code == 404
    malformed = await client.post("/v1/heroes", headers=auth(ana), json={"sheet": {"name": "x"}})
    assert malformed.status_code == 400, malformed.text


async def test_bring_hero_is_the_servers_to_send_and_version_4_battles_take_the_sheet(
        client: httpx.AsyncClient) -> None:
    """`bring_hero` vouches for a hero record, so a client may not post it; a Pericle 4 battle
    (frozen) still takes a hero record as `submit_hero` with its sheet."""
    players = {seat: await new_player(client, seat) for seat in ("ana", "ben", "gm")}
    hero_id = (await create_hero(client, players["ana"], VARYA)).json()["id"]
    battle_id = await pericle_battle(client, players)
    forged = await client.post(f"/v1/battles/{battle_id}/commands", headers=auth(players["ana"]), json={
        "type": "bring_hero", "hero_id": hero_id, "hero_version": 1, "hero": {**VARYA, "mt": 9},
        "start": {"q": 0, "r": 3}})
    assert forged.status_code == 400, forged.text
    ruleset = (await client.get("/v1/rulesets/pericle")).json()
    assert "bring_hero" not in ruleset["command_types"] and "submit_hero" in ruleset["command_types"]

    old = await pericle_battle(client, players, version="4")
    brought = await client.post(f"/v1/battles/{old}/heroes", headers=auth(players["ana"]),
                                json={"hero_id": hero_id, "start": {"q": 0, "r": 3}})
    assert brought.status_code == 201, brought.text
    assert [e["type"] for e in brought.json()["events"]][-1] == "hero_joined"
