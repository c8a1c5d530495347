"""The whole platform as a client sees it: two players, a Pilgrimage battle, rolls, a
websocket that drops and resumes, a concession, and the dice checked by a verifier
that shares no code with the server."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import websockets

from tests.conftest import LiveServer
from tests.e2e.helpers import auth, command, new_battle, new_player, started_battle, submit_band
from tests.e2e.independent_verifier import verify_battle


async def receive_until(ws: Any, version: int, caught_up: bool = False) -> list[dict[str, Any]]:
    """Messages until the stream has caught up (pass True once it has) and delivered `version`."""
    messages: list[dict[str, Any]] = []
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        messages.append(message)
        caught_up = caught_up or message["type"] == "caught_up"
        if caught_up and message["version"] >= version:
            return messages


async def read_all_events(client: httpx.AsyncClient, battle_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    after: int | None = 0
    while after is not None:
        page = (await client.get(f"/v1/battles/{battle_id}/events", params={"after": after, "limit": 3})).json()
        events += page["events"]
        after = page["next"]
    return events


async def test_a_whole_battle_with_a_resuming_watcher_and_independent_dice_check(
        client: httpx.AsyncClient, live_server: LiveServer) -> None:
    alice, bob = await new_player(client, "alice"), await new_player(client, "bob")
    battle = await new_battle(client, alice, ruleset="pilgrimage")
    battle_id = battle["id"]
    assert battle["status"] == "open" and battle["version"] == 1
    assert battle["dice"]["algorithm"] == "chronicle-hmac-sha256-v1"
    assert len(battle["dice"]["commitment"]) == 64

    stream_url = f"{live_server.ws_url}/v1/battles/{battle_id}/stream"
    async with websockets.connect(f"{stream_url}?after=0") as watcher:
        first = await receive_until(watcher, 1)
        assert [m["type"] for m in first] == ["battle_created", "caught_up"]

        for player, seat, client_seed in ((alice, "north", "alice-luck"), (bob, "south", "bob's seed")):
            claimed = await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player),
                                        json={"client_seed": client_seed})
            assert claimed.status_code == 201, claimed.text
            await submit_band(client, player, battle_id)
        started = await command(client, bob, battle_id, {"type": "start"})
        assert started.status_code == 201, started.text
        start_events = started.json()["events"]
        assert [e["type"] for e in start_events] == ["battle_started", "environment_rolled"]
        environment = start_events[1]["data"]
        assert environment["season"] in {"Spring", "Summer", "Autumn", "Winter"}
        assert [r["purpose"] for r in environment["rolls"]][:4] == ["season", "time", "shifting_light", "weather"]

        rolled = await command(client, alice, battle_id, {"type": "roll", "expression": "2d6+1d4",
                                                          "purpose": "opening volley"})
        assert rolled.status_code == 201, rolled.text
        roll = rolled.json()["events"][0]["data"]["roll"]
        assert [d["sides"] for d in roll["dice"]] == [6, 6, 4]
        assert roll["total"] == sum(d["index"] + 1 for d in roll["dice"])
        version_seen = rolled.json()["version"]
        live = await receive_until(watcher, version_seen, caught_up=True)
        assert [m["version"] for m in live] == list(range(2, version_seen + 1))

    # The watcher drops; play goes on without it.
    for expression in ("1d100", "4d6kh3"):
        response = await command(client, bob, battle_id, {"type": "roll", "expression": expression})
        assert response.status_code == 201, response.text
    conceded = await command(client, alice, battle_id, {"type": "concede"})
    assert conceded.status_code == 201, conceded.text
    final_version = conceded.json()["version"]
    assert [e["type"] for e in conceded.json()["events"]] == ["seat_conceded", "battle_ended",
                                                              "dice_seed_revealed"]

    async with websockets.connect(f"{stream_url}?after={version_seen}") as watcher:
        resumed = await receive_until(watcher, final_version)
    assert [m["version"] for m in resumed[:-1]] == list(range(version_seen + 1, final_version + 1))
    assert resumed[-1] == {"type": "caught_up", "version": final_version}

    events = await read_all_events(client, battle_id)
    assert [e["version"] for e in events] == list(range(1, final_version + 1))
    assert verify_battle(events) == 4 + 3 + (len(environment["rolls"]) - 4)
    dice = (await client.get(f"/v1/battles/{battle_id}/dice")).json()
    assert dice["client_seeds"] == "alice-luck,bob's seed"
    assert dice["server_seed"] == events[-1]["data"]["server_seed"]
    report = (await client.get(f"/v1/battles/{battle_id}/verify")).json()
    assert report["ok"] is True and report["problems"] == [], report["problems"]
    summary = (await client.get(f"/v1/battles/{battle_id}")).json()
    assert summary["status"] == "ended" and summary["winners"] == ["south"]


async def test_live_events_committed_during_catch_up_arrive_once_in_order(
        client: httpx.AsyncClient, live_server: LiveServer) -> None:
    battle, alice, _ = await started_battle(client)

    async def roll_many() -> int:
        last = 0
        for _ in range(15):
            response = await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6"})
            assert response.status_code == 201
            last = response.json()["version"]
        return last

    stream_url = f"{live_server.ws_url}/v1/battles/{battle['id']}/stream?after=0"
    rolling = asyncio.create_task(roll_many())
    async with websockets.connect(stream_url) as watcher:
        last = await rolling
        messages = await receive_until(watcher, last)
    versions = [m["version"] for m in messages if m["type"] != "caught_up"]
    assert versions == list(range(1, last + 1))


async def test_player_records_follow_finished_battles(client: httpx.AsyncClient) -> None:
    battle, alice, bob = await started_battle(client)
    assert (await command(client, alice, battle["id"], {"type": "concede"})).status_code == 201
    alice_record = (await client.get(f"/v1/players/{alice['id']}")).json()
    bob_record = (await client.get(f"/v1/players/{bob['id']}")).json()
    assert (alice_record["battles"], alice_record["won"], alice_record["lost"], alice_record["active"]) == (1, 0, 1, 0)
    assert (bob_record["battles"], bob_record["won"], bob_record["lost"]) == (1, 1, 0)
    assert bob_record["name"] == "bob"
    assert (await client.get("/v1/players/nobody")).status_code == 404
