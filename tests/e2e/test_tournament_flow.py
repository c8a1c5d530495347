"""A hosted tournament through the HTTP API: registration with list checks, four Swiss
rounds whose battles are spawned with both players seated and scored from their own end
(by concession until the Pilgrimage engine decides battles), a drop that brings byes,
standings checked against the rounds, and ratings."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import httpx

from tests.e2e.helpers import auth, command, new_player


def oathband(name: str) -> dict[str, Any]:
    return {"name": name, "characters": [{"name": f"{name} {n}", "gear": ["hand weapon"]} for n in range(4)]}


async def t_command(client: httpx.AsyncClient, who: dict[str, str], tid: str, body: dict[str, Any]) -> httpx.Response:
    return await client.post(f"/v1/tournaments/{tid}/commands", headers=auth(who), json=body)


async def play_battle_to_concession(client: httpx.AsyncClient, battle_id: str, winner: dict[str, str],
                                    loser: dict[str, str]) -> None:
    battle = (await client.get(f"/v1/battles/{battle_id}")).json()
    assert {s["player_id"] for s in battle["seats"]} == {winner["id"], loser["id"]}, "both players seated"
    assert (await command(client, winner, battle_id, {"type": "start"})).status_code == 201
    assert (await command(client, loser, battle_id, {"type": "concede"})).status_code == 201


async def test_a_sixteen_player_four_round_event(client: httpx.AsyncClient) -> None:
    organiser = await new_player(client, "organiser")
    judge = await new_player(client, "judge")
    players = [await new_player(client, f"player {n}") for n in range(16)]
    by_id = {p["id"]: p for p in players}
    created = await client.post("/v1/tournaments", headers=auth(organiser),
                                json={"name": "Winter Cup", "swiss_rounds": 4, "bye_margin": 2})
    assert created.status_code == 201, created.text
    tid = created.json()["id"]
    assert len(created.json()["dice"]["commitment"]) == 64
    named = await t_command(client, organiser, tid, {"type": "name_judge", "player_id": judge["id"]})
    assert named.status_code == 201

    too_big = {"name": "Horde", "characters": [{"name": f"H{n}", "might": 4} for n in range(13)]}
    refused = await t_command(client, players[0], tid, {"type": "register", "name": "P0", "army_list": too_big})
    assert refused.status_code == 422 and refused.json()["rule"] == "army-list-invalid"
    assert len(refused.json()["problems"]) == 14  # 13 stats over +3 and the Supplies
    for n, player in enumerate(players):
        response = await t_command(client, player, tid, {"type": "register", "name": f"P{n}",
                                                         "army_list": oathband(f"Band{n}"), "club": f"club{n % 4}"})
        assert response.status_code == 201, response.text
    replaced = await t_command(client, players[3], tid, {"type": "replace_list", "army_list": oathband("New")})
    assert replaced.status_code == 201

    for round_number in range(1, 5):
        paired = await t_command(client, organiser, tid, {"type": "pair_round"})
        assert paired.status_code == 201, paired.text
        rounds = (await client.get(f"/v1/tournaments/{tid}/rounds")).json()
        current = rounds[-1]
        assert current["round"] == round_number and current["stage"] == "swiss"
        for table in current["tables"]:
            if table["b"] is None:
                continue
            state = (await client.get(f"/v1/battles/{table['battle_id']}/state")).json()
            assert state["tournament"]["round"] == round_number and state["tournament"]["tournament_id"] == tid
            assert organiser["id"] in state["referees"] and judge["id"] in state["referees"]
            a, b = sorted((table["a"], table["b"]))  # the lower id wins: results known in advance
            await play_battle_to_concession(client, table["battle_id"], by_id[a], by_id[b])
        closed = await t_command(client, organiser, tid, {"type": "close_round"})
        assert closed.status_code == 201, closed.text
        if round_number == 1:
            dropped = await t_command(client, players[15], tid, {"type": "drop"})
            assert dropped.status_code == 201

    rounds = (await client.get(f"/v1/tournaments/{tid}/rounds")).json()
    meetings = [frozenset((t["a"], t["b"])) for r in rounds for t in r["tables"] if t["b"]]
    assert len(meetings) == len(set(meetings)), "no rematch"
    byes = [t["a"] for r in rounds for t in r["tables"] if t["b"] is None]
    assert len(byes) == 3 and len(set(byes)) == 3, "a bye in each round after the drop, never twice to one player"
    assert players[15]["id"] not in {p for r in rounds[1:] for t in r["tables"] for p in (t["a"], t["b"])}
    assert all(t["result"] for r in rounds for t in r["tables"])

    standings = (await client.get(f"/v1/tournaments/{tid}/standings")).json()
    expected_points: dict[str, int] = defaultdict(int)
    opponents: dict[str, list[str]] = defaultdict(list)
    for r in rounds:
        for t in r["tables"]:
            expected_points[t["result"]["winner"]] += 3
            if t["b"]:
                opponents[t["a"]].append(t["b"])
                opponents[t["b"]].append(t["a"])
    for row in standings:
        assert row["points"] == expected_points[row["player_id"]]
        assert row["sos"] == sum(expected_points[o] for o in opponents[row["player_id"]])
    assert [r["points"] for r in standings] == sorted((r["points"] for r in standings), reverse=True)

    summary = (await client.get(f"/v1/tournaments/{tid}")).json()
    assert summary["status"] == "ended" and summary["champion"] == standings[0]["player_id"]
    history = (await client.get(f"/v1/tournaments/{tid}/players/{players[0]['id']}")).json()
    assert len(history["games"]) == 4 and all(g["outcome"] in ("win", "loss", "bye") for g in history["games"])
    events = (await client.get(f"/v1/tournaments/{tid}/events?limit=1000")).json()["events"]
    assert events[-1]["type"] == "dice_seed_revealed"
    report = (await client.get(f"/v1/tournaments/{tid}/verify")).json()
    assert report["ok"] is True and report["rolls"] == 4, "each round's pairing order, checked against the seed"
    leaderboard = (await client.get("/v1/ratings?limit=1000")).json()["ratings"]
    rated = {r["player_id"]: r for r in leaderboard}
    assert rated[standings[0]["player_id"]]["games"] >= 3


async def test_a_judge_records_and_corrects_a_result_by_hand(client: httpx.AsyncClient) -> None:
    organiser, judge, stranger = [await new_player(client, n) for n in ("o", "j", "s")]
    players = [await new_player(client, f"q{n}") for n in range(4)]
    tid = (await client.post("/v1/tournaments", headers=auth(organiser), json={"name": "Club night"})).json()["id"]
    await t_command(client, organiser, tid, {"type": "name_judge", "player_id": judge["id"]})
    for n, player in enumerate(players):
        await t_command(client, player, tid, {"type": "register", "name": f"Q{n}", "army_list": oathband(f"Q{n}")})
    await t_command(client, organiser, tid, {"type": "pair_round"})
    table = (await client.get(f"/v1/tournaments/{tid}/rounds")).json()[0]["tables"][0]
    body = {"type": "record_result", "round": 1, "table": 1, "winner": table["a"], "margin": 3,
            "reason": "played on a kitchen table"}
    assert (await t_command(client, stranger, tid, body)).status_code == 403
    assert (await t_command(client, judge, tid, body)).status_code == 201
    corrected = await t_command(client, judge, tid, {**body, "winner": table["b"], "reason": "scores misread"})
    assert corrected.status_code == 201 and corrected.json()["events"][0]["data"]["corrects"] is True
    rounds = (await client.get(f"/v1/tournaments/{tid}/rounds")).json()
    assert rounds[0]["tables"][0]["result"]["winner"] == table["b"]
    early = await t_command(client, organiser, tid, {"type": "close_round"})
    assert early.status_code == 422 and early.json()["rule"] == "results-missing"


async def test_the_tournament_stream_carries_its_events(client: httpx.AsyncClient, live_server: Any) -> None:
    import json

    import websockets

    organiser = await new_player(client, "streamer")
    tid = (await client.post("/v1/tournaments", headers=auth(organiser), json={"name": "Live"})).json()["id"]
    async with websockets.connect(f"{live_server.ws_url}/v1/tournaments/{tid}/stream") as watcher:
        first = [json.loads(await watcher.recv()) for _ in range(2)]
        assert [m["type"] for m in first] == ["tournament_created", "caught_up"]
        assert first[0]["tournament_id"] == tid
        player = await new_player(client, "entrant")
        await t_command(client, player, tid, {"type": "register", "name": "E", "army_list": oathband("E")})
        live = json.loads(await watcher.recv())
        assert (live["type"], live["version"]) == ("player_registered", 2)


async def test_standings_of_a_small_fixed_event_equal_the_hand_computed_table(client: httpx.AsyncClient) -> None:
    """Four players, three Swiss rounds: with no rematch allowed, everyone meets everyone,
    whatever order the dice draw. Results by strength A > B > C > D, margin = the gap in
    strength, and C-D drawn. Hand-computed (win 3, draw 1):
        A 9 pts, SoS 6+1+1 = 8,  margin +1+2+3 = +6
        B 6 pts, SoS 9+1+1 = 11, margin -1+1+2 = +2
        C 1 pt,  SoS 9+6+1 = 16, margin -2-1+0 = -3
        D 1 pt,  SoS 9+6+1 = 16, margin -3-2+0 = -5   (C above D on margin)"""
    organiser = await new_player(client, "org")
    names = ["A", "B", "C", "D"]
    players = {name: await new_player(client, name) for name in names}
    strength = {players[name]["id"]: n for n, name in enumerate(names)}
    tid = (await client.post("/v1/tournaments", headers=auth(organiser),
                             json={"name": "Round robin", "swiss_rounds": 3})).json()["id"]
    for name, player in players.items():
        await t_command(client, player, tid, {"type": "register", "name": name, "army_list": oathband(name)})
    for round_number in (1, 2, 3):
        assert (await t_command(client, organiser, tid, {"type": "pair_round"})).status_code == 201
        for table in (await client.get(f"/v1/tournaments/{tid}/rounds")).json()[-1]["tables"]:
            a, b = sorted((table["a"], table["b"]), key=strength.__getitem__)
            drawn = {strength[a], strength[b]} == {2, 3}
            body = {"type": "record_result", "round": round_number, "table": table["table"],
                    "winner": None if drawn else a, "margin": 0 if drawn else strength[b] - strength[a],
                    "reason": "fixed event"}
            assert (await t_command(client, organiser, tid, body)).status_code == 201
        assert (await t_command(client, organiser, tid, {"type": "close_round"})).status_code == 201
    table = (await client.get(f"/v1/tournaments/{tid}/standings")).json()
    rows = [(r["rank"], r["name"], r["points"], r["wins"], r["draws"], r["losses"], r["sos"], r["margin"])
            for r in table]
    assert rows == [
        (1, "A", 9, 3, 0, 0, 8, 6),
        (2, "B", 6, 2, 0, 1, 11, 2),
        (3, "C", 1, 0, 1, 2, 16, -3),
        (4, "D", 1, 0, 1, 2, 16, -5),
    ]
