"""The game's integrity against its own players (issue #12): forks never count as games won,
and nobody is both a referee and a player of the same battle."""

from __future__ import annotations

from typing import Any

import httpx

from tests.e2e.helpers import auth, command, new_battle, new_player, started_battle


async def _record(client: httpx.AsyncClient, player: dict[str, str]) -> dict[str, Any]:
    response = await client.get(f"/v1/players/{player['id']}")
    assert response.status_code == 200, response.text
    record: dict[str, Any] = response.json()
    return record


async def _rating(client: httpx.AsyncClient, player: dict[str, str]) -> dict[str, Any] | None:
    board = (await client.get("/v1/ratings", params={"limit": 100})).json()["ratings"]
    return next((r for r in board if r["player_id"] == player["id"]), None)


async def test_forking_a_won_battle_adds_no_win_no_loss_and_no_rating(client: httpx.AsyncClient) -> None:
    battle, winner, loser = await started_battle(client)
    conceded = await command(client, loser, battle["id"], {"type": "concede"})
    assert conceded.status_code == 201, conceded.text
    last = conceded.json()["version"]
    won, lost = await _record(client, winner), await _record(client, loser)
    rating = await _rating(client, winner)
    assert (won["won"], lost["lost"]) == (1, 1) and rating is not None and rating["games"] == 1

    forks = []
    for _ in range(10):
        forked = await client.post(f"/v1/battles/{battle['id']}/fork", headers=auth(winner), json={"at": last})
        assert forked.status_code == 201, forked.text
        forks.append(forked.json()["id"])

    assert await _record(client, winner) == won
    assert await _record(client, loser) == lost
    assert await _rating(client, winner) == rating
    summary = (await client.get(f"/v1/battles/{forks[-1]}")).json()
    assert summary["status"] == "ended", "a fork at the last event is born ended, as its origin was"
    assert summary["forked_from"] == {"battle_id": battle["id"], "version": last}
    assert summary["counts_in_records"] is False and summary["creator"] == winner["id"]
    assert (await client.get(f"/v1/battles/{battle['id']}")).json()["counts_in_records"] is True


async def test_a_fork_played_to_its_end_still_counts_for_nobody(client: httpx.AsyncClient) -> None:
    battle, alice, bob = await started_battle(client)
    forked = await client.post(f"/v1/battles/{battle['id']}/fork", headers=auth(alice),
                               json={"at": battle["version"] + 3})
    assert forked.status_code == 201, forked.text
    before = await _record(client, alice)
    assert (await command(client, bob, forked.json()["id"], {"type": "concede"})).status_code == 201
    assert await _record(client, alice) == before
    assert await _rating(client, alice) is None


async def _referee_and_players(client: httpx.AsyncClient) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    return await new_player(client, "ref"), await new_player(client, "alice"), await new_player(client, "bob")


async def test_a_referee_named_at_creation_cannot_claim_a_seat(client: httpx.AsyncClient) -> None:
    referee, alice, _ = await _referee_and_players(client)
    created = await client.post("/v1/battles", headers=auth(alice), json={
        "ruleset": "d100", "seats": ["north", "south"], "referees": [referee["id"]]})
    assert created.status_code == 201, created.text
    claimed = await client.post(f"/v1/battles/{created.json()['id']}/seats/south", headers=auth(referee), json={})
    assert claimed.status_code == 422 and claimed.json()["rule"] == "referee-seated", claimed.text


async def test_an_appointed_referee_cannot_claim_a_seat(client: httpx.AsyncClient) -> None:
    referee, alice, _ = await _referee_and_players(client)
    battle = await new_battle(client, alice)
    appointed = await command(client, alice, battle["id"], {"type": "appoint_referee", "player_id": referee["id"]})
    assert appointed.status_code == 201, appointed.text
    claimed = await client.post(f"/v1/battles/{battle['id']}/seats/north", headers=auth(referee), json={})
    assert claimed.status_code == 422 and claimed.json()["rule"] == "referee-seated", claimed.text


async def test_a_seated_player_cannot_be_appointed_or_named_referee(client: httpx.AsyncClient) -> None:
    referee, alice, _ = await _referee_and_players(client)
    battle = await new_battle(client, alice)
    assert (await client.post(f"/v1/battles/{battle['id']}/seats/north", headers=auth(referee),
                              json={})).status_code == 201
    appointed = await command(client, alice, battle["id"], {"type": "appoint_referee", "player_id": referee["id"]})
    assert appointed.status_code == 422 and appointed.json()["rule"] == "referee-seated", appointed.text
    own = await client.post("/v1/battles", headers=auth(alice), json={
        "ruleset": "d100", "seats": ["north", "south"], "referees": [alice["id"]]})
    assert own.status_code == 201, "the creator may referee a battle it does not play in"
    claimed = await client.post(f"/v1/battles/{own.json()['id']}/seats/north", headers=auth(alice), json={})
    assert claimed.status_code == 422 and claimed.json()["rule"] == "referee-seated"


async def test_a_referee_must_be_a_player_that_exists(client: httpx.AsyncClient) -> None:
    _, alice, _ = await _referee_and_players(client)
    battle = await new_battle(client, alice)
    appointed = await command(client, alice, battle["id"], {"type": "appoint_referee", "player_id": "nobody-at-all"})
    assert appointed.status_code == 422 and appointed.json()["rule"] == "player-unknown", appointed.text
    created = await client.post("/v1/battles", headers=auth(alice), json={
        "ruleset": "d100", "seats": ["north", "south"], "referees": ["nobody-at-all"]})
    assert created.status_code == 422 and created.json()["rule"] == "player-unknown", created.text


async def test_receipts_come_with_commands_and_stream_messages_and_verify_names_a_lost_one(
        client: httpx.AsyncClient, live_server: Any) -> None:
    import json

    import websockets

    battle, alice, _ = await started_battle(client)
    rolled = await command(client, alice, battle["id"], {"type": "roll", "expression": "2d6"})
    receipt = rolled.json()["receipt"]
    assert receipt["stream"] == f"battle-{battle['id']}" and receipt["version"] == rolled.json()["version"]
    assert receipt["hash"] == rolled.json()["events"][-1]["hash"]
    keys = (await client.get("/v1/receipts/keys")).json()
    assert receipt["key_id"] == keys["signing"] and keys["keys"][0]["algorithm"] == "ed25519"

    async with websockets.connect(f"{live_server.ws_url}/v1/battles/{battle['id']}/stream") as watcher:
        first = json.loads(await watcher.recv())
    assert first["version"] == 1 and first["receipt"]["version"] == 1 and first["receipt"]["hash"] == first["hash"]

    kept = await client.post(f"/v1/battles/{battle['id']}/verify", json={"receipts": [receipt, first["receipt"]]})
    assert kept.status_code == 200 and kept.json()["ok"] is True and kept.json()["receipts"] == 2
    lost = {**receipt, "version": receipt["version"] + 5}
    report = (await client.post(f"/v1/battles/{battle['id']}/verify", json={"receipts": [lost]})).json()
    assert report["ok"] is False and "not signed by a key" in report["problems"][0]["problem"], \
        "a receipt changed by hand proves nothing"
    assert (await client.get(f"/v1/battles/{battle['id']}/verify")).json()["commands"] == 5, \
        "create, two claims, start and the roll, each decided again"
