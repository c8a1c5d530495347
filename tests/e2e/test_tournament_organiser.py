"""The organiser's flow of issue 18 (items 1-3) over HTTP, for a 10-player event:

    "a judge edits a drafted pairing with a named warning, a late entrant joins in round 2,
    fresh tables hold, [...] standings correct"

Check-in drops a no-show, a forbidden pairing is refused, a published round is deleted and
paired again while nothing is played (and refused once a battle has started), the tables'
terrain reaches the battles, and the tournament still verifies."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import httpx

from tests.e2e.helpers import auth, command, new_player
from tests.e2e.test_tournament_flow import oathband, play_battle_to_concession, t_command

CHAPEL = {"width": 36, "depth": 36,
          "terrain": [{"name": "Ruined chapel", "kinds": ["blocking"],
                       "polygon": [[10, 10], [16, 10], [16, 16], [10, 16]]}],
          "objectives": [{"name": "Relic", "x": 20, "y": 20}]}


async def ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


async def play_round(client: httpx.AsyncClient, tid: str, by_id: dict[str, dict[str, str]]) -> list[dict[str, Any]]:
    """Every table won by the lower player id, by concession; the round closed."""
    tables = (await client.get(f"/v1/tournaments/{tid}/rounds")).json()[-1]["tables"]
    for table in tables:
        if table["b"] is not None:
            winner, loser = sorted((table["a"], table["b"]))
            await play_battle_to_concession(client, table["battle_id"], by_id[winner], by_id[loser])
    return tables


async def test_a_ten_player_event_with_a_judged_draft_a_late_entrant_and_fresh_tables(
        client: httpx.AsyncClient) -> None:
    organiser, judge = await new_player(client, "organiser"), await new_player(client, "judge")
    players = [await new_player(client, f"player {n}") for n in range(10)]
    no_show, late = await new_player(client, "no-show"), await new_player(client, "late")
    by_id = {p["id"]: p for p in [*players, late]}
    tid = (await ok(await client.post("/v1/tournaments", headers=auth(organiser), json={
        "name": "Spring Open", "swiss_rounds": 3, "bye_margin": 2, "review_pairings": True,
        "late_registration_until_round": 2, "late_entry": "byes", "check_in": True})))["id"]
    await ok(await t_command(client, organiser, tid, {"type": "name_judge", "player_id": judge["id"]}))
    clubs = {p["id"]: f"club{n % 3}" for n, p in enumerate(players)}
    for n, player in enumerate([*players, no_show]):
        await ok(await t_command(client, player, tid, {"type": "register", "name": f"P{n}",
                                                       "army_list": oathband(f"Band{n}"),
                                                       "club": clubs.get(player["id"], "club9")}))
    tables = [{"number": 1, "name": "Chapel", "terrain": CHAPEL}] + [
        {"number": n, "name": f"Table {n}"} for n in range(2, 11)]
    await ok(await t_command(client, organiser, tid, {"type": "set_tables", "tables": tables}))
    await ok(await t_command(client, organiser, tid, {"type": "forbid_pairing", "a": players[0]["id"],
                                                      "b": players[1]["id"], "reason": "siblings"}))
    for player in players:
        await ok(await t_command(client, player, tid, {"type": "check_in"}))

    # Round 1 is drafted: the no-show is dropped, nothing is spawned yet.
    drafted = await ok(await t_command(client, organiser, tid, {"type": "pair_round"}))
    assert [e["type"] for e in drafted["events"]] == ["player_dropped", "round_drafted"]
    assert drafted["events"][0]["data"] == {"player_id": no_show["id"], "reason": "did not check in"}
    assert (await client.get(f"/v1/tournaments/{tid}/rounds")).json() == []
    draft = (await client.get(f"/v1/tournaments/{tid}/draft")).json()
    pairs = [(t["a"], t["b"]) for t in draft["tables"]]
    assert all({a, b} != {players[0]["id"], players[1]["id"]} for a, b in pairs), "a forbidden pairing is never drawn"
    forbidden = await t_command(client, judge, tid, {"type": "set_pairing", "a": players[0]["id"],
                                                     "b": players[1]["id"], "reason": "they insist"})
    assert forbidden.status_code == 422 and forbidden.json()["rule"] == "pairing-forbidden"

    # The judge pairs two players of one club: the edit is recorded with who and why, the warning named.
    a, b = next((x["id"], y["id"]) for x in players for y in players
                if x["id"] < y["id"] and clubs[x["id"]] == clubs[y["id"]] and (x["id"], y["id"]) not in pairs
                and (y["id"], x["id"]) not in pairs and {x["id"], y["id"]} != {players[0]["id"], players[1]["id"]})
    edited = await ok(await t_command(client, judge, tid, {"type": "set_pairing", "a": a, "b": b,
                                                           "reason": "travelling together, asked to play"}))
    event = edited["events"][0]
    assert (event["type"], event["actor"], event["data"]["reason"]) == ("draft_edited", judge["id"],
                                                                        "travelling together, asked to play")
    draft = (await client.get(f"/v1/tournaments/{tid}/draft")).json()
    table = next(t for t in draft["tables"] if {t["a"], t["b"]} == {a, b})
    assert [w["code"] for w in table["warnings"]] == ["same-club"]
    published = await ok(await t_command(client, judge, tid, {"type": "publish_round"}))
    assert [e["type"] for e in published["events"]] == ["round_paired"]
    assert (await client.get(f"/v1/tournaments/{tid}/draft")).status_code == 404

    # Deleted and paired again while nothing is played; refused once a battle has started.
    first_battles = {t["battle_id"] for t in (await client.get(f"/v1/tournaments/{tid}/rounds")).json()[0]["tables"]}
    await ok(await t_command(client, organiser, tid, {"type": "delete_round", "reason": "the judge's edit was a "
                                                                                        "mistake"}))
    assert (await client.get(f"/v1/tournaments/{tid}/rounds")).json() == []
    await ok(await t_command(client, organiser, tid, {"type": "pair_round"}))
    await ok(await t_command(client, organiser, tid, {"type": "publish_round"}))
    round_one = (await client.get(f"/v1/tournaments/{tid}/rounds")).json()[0]["tables"]
    assert not first_battles & {t["battle_id"] for t in round_one}, "the round paired again has battles of its own"
    first = round_one[0]
    assert (await command(client, by_id[first["a"]], first["battle_id"], {"type": "start"})).status_code == 201
    started = await t_command(client, organiser, tid, {"type": "delete_round", "reason": "too late"})
    assert started.status_code == 422 and started.json()["rule"] == "round-started"
    chapel = next(t for t in round_one if t["table"] == 1)  # with no history, the top game takes table 1
    assert chapel["name"] == "Chapel" and chapel["terrain"] == CHAPEL
    state = (await client.get(f"/v1/battles/{chapel['battle_id']}/state")).json()
    assert state["ruleset_state"]["table"]["terrain"][0]["name"] == "Ruined chapel", "the table's terrain is the " \
                                                                                     "battle's"
    assert state["options"]["table"]["objectives"] == CHAPEL["objectives"]
    await ok(await command(client, by_id[first["b"] if first["a"] < first["b"] else first["a"]],
                           first["battle_id"], {"type": "concede"}))
    for t in round_one[1:]:
        winner, loser = sorted((t["a"], t["b"]))
        await play_battle_to_concession(client, t["battle_id"], by_id[winner], by_id[loser])
    await ok(await t_command(client, organiser, tid, {"type": "close_round"}))

    # A late entrant joins in round 2, with a bye for round 1 (the organiser's choice).
    await ok(await t_command(client, late, tid, {"type": "register", "name": "Late", "army_list": oathband("Late")}))
    registration = next(r for r in (await client.get(f"/v1/tournaments/{tid}/registrations")).json()
                        if r["player_id"] == late["id"])
    assert (registration["missed_rounds"], registration["byes_for_missed"]) == (1, True)
    for _ in (2, 3):
        await ok(await t_command(client, organiser, tid, {"type": "pair_round"}))
        await ok(await t_command(client, organiser, tid, {"type": "publish_round"}))
        await play_round(client, tid, by_id)
        await ok(await t_command(client, organiser, tid, {"type": "close_round"}))

    rounds = (await client.get(f"/v1/tournaments/{tid}/rounds")).json()
    assert late["id"] in {p for t in rounds[1]["tables"] for p in (t["a"], t["b"])}, "paired from round 2"
    assert no_show["id"] not in {p for r in rounds for t in r["tables"] for p in (t["a"], t["b"])}
    seen: dict[str, list[int]] = defaultdict(list)
    for r in rounds:
        for t in r["tables"]:
            if t["b"] is not None:
                seen[t["a"]].append(t["table"])
                seen[t["b"]].append(t["table"])
                assert t["name"] == ("Chapel" if t["table"] == 1 else f"Table {t['table']}")
    assert all(len(numbers) == len(set(numbers)) for numbers in seen.values()), f"fresh tables: {seen}"

    expected: dict[str, int] = defaultdict(int)
    expected[late["id"]] += 3  # the bye for round 1
    for r in rounds:
        for t in r["tables"]:
            expected[t["result"]["winner"]] += 3
    standings = (await client.get(f"/v1/tournaments/{tid}/standings")).json()
    assert {row["player_id"]: row["points"] for row in standings if row["points"]} == dict(expected)
    assert next(row for row in standings if row["player_id"] == late["id"])["byes"] >= 1
    assert [row["points"] for row in standings] == sorted((row["points"] for row in standings), reverse=True)
    history = (await client.get(f"/v1/tournaments/{tid}/players/{late['id']}")).json()["games"]
    assert [g["round"] for g in history] == [1, 2, 3] and (history[0]["outcome"], history[0]["table"]) == ("bye", 0)
    summary = (await client.get(f"/v1/tournaments/{tid}")).json()
    assert summary["status"] == "ended" and summary["champion"] == standings[0]["player_id"]
    report = (await client.get(f"/v1/tournaments/{tid}/verify")).json()
    assert report["ok"] is True, report["problems"]
