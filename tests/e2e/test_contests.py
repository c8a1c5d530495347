"""Contests over HTTP: a referee overturns, play resumes with new dice, the log keeps it all;
refusals; forks that replay to their origin's state."""

from __future__ import annotations

from typing import Any

import httpx

from tests.e2e.helpers import auth, command, new_player, submit_band

BOOKKEEPING = ("version", "next_nonce", "contests", "voided", "referees")


def game(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in BOOKKEEPING}


async def refereed_battle(client: httpx.AsyncClient, seats: int = 2) -> tuple[str, list[dict[str, str]],
                                                                                dict[str, str]]:
    referee = await new_player(client, "referee")
    players = [await new_player(client, f"p{n}") for n in range(seats)]
    names = [f"s{n}" for n in range(seats)]
    created = await client.post("/v1/battles", headers=auth(players[0]),
                                json={"ruleset": "pilgrimage", "seats": names, "referees": [referee["id"]]})
    assert created.status_code == 201, created.text
    battle_id = created.json()["id"]
    for player, seat in zip(players, names, strict=True):
        await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
        await submit_band(client, player, battle_id)
    assert (await command(client, players[0], battle_id, {"type": "start"})).status_code == 201
    return battle_id, players, referee


async def roll(client: httpx.AsyncClient, player: dict[str, str], battle_id: str, purpose: str = "") -> int:
    response = await command(client, player, battle_id, {"type": "roll", "expression": "2d12", "purpose": purpose})
    assert response.status_code == 201, response.text
    return int(response.json()["version"])


async def test_a_referee_overturns_an_action_and_play_resumes_with_new_dice(client: httpx.AsyncClient) -> None:
    battle_id, (alice, bob), referee = await refereed_battle(client)
    contested = await roll(client, alice, battle_id, "first shot")
    before = (await client.get(f"/v1/battles/{battle_id}/state", params={"at": contested - 1})).json()

    opened = await command(client, bob, battle_id, {"type": "contest", "version": contested, "reason": "out of range"})
    assert opened.status_code == 201, opened.text
    blocked = await command(client, alice, battle_id, {"type": "roll", "expression": "1d6"})
    assert blocked.status_code == 409 and blocked.json()["rule"] == "contest-open"
    not_referee = await command(client, alice, battle_id, {"type": "rule", "contest": 1, "decision": "overturn",
                                                           "text": "mine"})
    assert not_referee.status_code == 403
    ruled = await command(client, referee, battle_id, {"type": "rule", "contest": 1, "decision": "overturn",
                                                       "text": "measured 13 inches: out of range"})
    assert [e["type"] for e in ruled.json()["events"]] == ["contest_ruled", "action_reverted"]

    after = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    assert game(after) == game(before)
    redo = await roll(client, alice, battle_id, "second shot")
    events = (await client.get(f"/v1/battles/{battle_id}/events", params={"limit": 1000})).json()["events"]
    shots = [e for e in events if e["type"] == "dice_rolled"]
    assert [(s["data"]["roll"]["purpose"], s["void"]) for s in shots] == [("first shot", True), ("second shot", False)]
    assert shots[1]["data"]["roll"]["nonce"] == shots[0]["data"]["roll"]["nonce"] + 1, "the nonce never rewinds"
    assert {e["type"] for e in events} >= {"contest_opened", "contest_ruled", "action_reverted"}
    assert redo == events[-1]["version"]

    contests = (await client.get(f"/v1/battles/{battle_id}/contests")).json()["contests"]
    assert len(contests) == 1
    entry = contests[0]
    assert (entry["player_id"], entry["version"], entry["reason"]) == (bob["id"], contested, "out of range")
    assert (entry["status"], entry["ruled_by"], entry["ruling"]) == ("overturned", referee["id"],
                                                                     "measured 13 inches: out of range")
    assert entry["voided"] == [contested, entry["opened_at_version"]]


async def test_an_upheld_contest_changes_nothing_but_the_log(client: httpx.AsyncClient) -> None:
    battle_id, (alice, bob), referee = await refereed_battle(client)
    contested = await roll(client, alice, battle_id)
    before = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    await command(client, bob, battle_id, {"type": "contest", "version": contested, "reason": "suspicious"})
    upheld = await command(client, referee, battle_id, {"type": "rule", "contest": 1, "decision": "uphold",
                                                        "text": "fair roll"})
    assert upheld.status_code == 201
    after = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    assert game(after) == game(before) and after["version"] == before["version"] + 2
    await roll(client, alice, battle_id)


async def test_contest_refusals(client: httpx.AsyncClient) -> None:
    battle_id, (alice, bob), _ = await refereed_battle(client)
    spectator = await new_player(client, "spectator")
    first = await roll(client, alice, battle_id)
    for who, body, rule in [
        (spectator, {"type": "contest", "version": first, "reason": "x"}, "not-seated"),
        (bob, {"type": "contest", "version": 9999, "reason": "x"}, "not-an-action"),
        (bob, {"type": "contest", "version": 1, "reason": "x"}, "not-an-action"),
    ]:
        response = await command(client, who, battle_id, body)
        assert response.status_code == 422 and response.json()["rule"] == rule, response.text
    opened = await command(client, bob, battle_id, {"type": "contest", "version": first, "reason": "x"})
    assert opened.status_code == 201
    piled = await command(client, bob, battle_id, {"type": "contest", "version": first, "reason": "y"})
    assert piled.status_code == 422 and piled.json()["rule"] == "contest-already-open"


async def test_the_window_closes_when_another_side_acts_without_a_referee(client: httpx.AsyncClient) -> None:
    alice, bob = await new_player(client, "a"), await new_player(client, "b")
    battle_id = (await client.post("/v1/battles", headers=auth(alice),
                                   json={"ruleset": "d100", "seats": ["a", "b"]})).json()["id"]
    for player, seat in ((alice, "a"), (bob, "b")):
        await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
    await command(client, alice, battle_id, {"type": "start"})
    first = await roll(client, alice, battle_id)
    await roll(client, bob, battle_id)
    late = await command(client, bob, battle_id, {"type": "contest", "version": first, "reason": "too late"})
    assert late.status_code == 422 and late.json()["rule"] == "contest-window-closed"
    second = await roll(client, bob, battle_id)
    await command(client, alice, battle_id, {"type": "contest", "version": second, "reason": "no"})
    agreed = await command(client, bob, battle_id, {"type": "agree", "contest": 1})
    assert [e["type"] for e in agreed.json()["events"]] == ["contest_vote_cast", "contest_ruled", "action_reverted"]


async def test_a_fork_replays_to_its_origin_at_the_fork_point(client: httpx.AsyncClient) -> None:
    battle_id, (alice, bob), referee = await refereed_battle(client)
    await roll(client, alice, battle_id)
    at = await roll(client, bob, battle_id)
    await roll(client, alice, battle_id)
    origin = (await client.get(f"/v1/battles/{battle_id}/state", params={"at": at})).json()
    stranger = await new_player(client, "stranger")
    refused = await client.post(f"/v1/battles/{battle_id}/fork", headers=auth(stranger), json={"at": at})
    assert refused.status_code == 403
    forked = await client.post(f"/v1/battles/{battle_id}/fork", headers=auth(referee), json={"at": at})
    assert forked.status_code == 201, forked.text
    fork_id = forked.json()["id"]
    parent_dice = (await client.get(f"/v1/battles/{battle_id}/dice")).json()
    assert forked.json()["dice"]["commitment"] != parent_dice["commitment"]
    assert (await client.get(f"/v1/battles/{fork_id}/state", params={"at": at})).json() == origin
    state = (await client.get(f"/v1/battles/{fork_id}/state")).json()
    assert state["forked_from"]["origin_battle_id"] == battle_id and state["forked_from"]["origin_version"] == at
    assert state["ruleset_version"] == origin["ruleset_version"]
    await roll(client, alice, fork_id, "what if")
    assert (await command(client, bob, fork_id, {"type": "concede"})).status_code == 201
    report = (await client.get(f"/v1/battles/{fork_id}/verify")).json()
    assert report["ok"] is True and report["rolls"] == 1, "the fork's own roll, against the fork's own seed"
    events = (await client.get(f"/v1/battles/{fork_id}/events", params={"limit": 1000})).json()["events"]
    fork_point = next(e["version"] for e in events if e["type"] == "battle_forked")
    assert fork_point == at + 1


async def test_an_overturned_concession_is_undone_in_the_battle_summary(client: httpx.AsyncClient) -> None:
    battle_id, (alice, bob, carol), referee = await refereed_battle(client, seats=3)
    conceded = await command(client, alice, battle_id, {"type": "concede"})
    version = conceded.json()["version"]
    summary = (await client.get(f"/v1/battles/{battle_id}")).json()
    assert [s["conceded"] for s in summary["seats"]] == [True, False, False]
    await command(client, bob, battle_id, {"type": "contest", "version": version, "reason": "she misclicked"})
    await command(client, referee, battle_id, {"type": "rule", "contest": 1, "decision": "overturn", "text": "ok"})
    summary = (await client.get(f"/v1/battles/{battle_id}")).json()
    assert [s["conceded"] for s in summary["seats"]] == [False, False, False]
    assert (await command(client, alice, battle_id, {"type": "roll", "expression": "1d6"})).status_code == 201
    assert carol["id"] in {s["player_id"] for s in summary["seats"]}


async def pilgrimage_with_referee(client: httpx.AsyncClient) -> tuple[str, dict[str, dict[str, str]], dict[str, str],
                                                                      str]:
    """A refereed Pilgrimage battle, deployed, with the first side's archer activated in range of two foes."""
    from tests.e2e.test_pilgrimage_battle import BAND, play_state

    referee = await new_player(client, "referee")
    players = {"south": await new_player(client, "south"), "north": await new_player(client, "north")}
    battle_id = (await client.post("/v1/battles", headers=auth(players["south"]), json={
        "ruleset": "pilgrimage", "seats": ["south", "north"], "referees": [referee["id"]],
        "options": {"trial": "Reckoning",
                    "table": {"width": 24, "depth": 24, "terrain": [], "lights": [], "objectives": []}}})).json()["id"]
    for seat, player in players.items():
        await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
        await submit_band(client, player, battle_id, BAND)
    await command(client, players["south"], battle_id, {"type": "start"})
    for seat, player in players.items():
        for n in (1, 2, 3):
            await command(client, player, battle_id, {"type": "deploy", "character": f"{seat}/{n}",
                                                      "x": 4 + 2 * n, "y": 6 if seat == "south" else 18})
    _, play = await play_state(client, battle_id)
    from domain.rulesets.pilgrimage.rules import side_to_act

    seat = side_to_act(play)
    assert seat is not None
    await command(client, players[seat], battle_id, {"type": "activate", "character": f"{seat}/1"})
    return battle_id, players, referee, seat


async def test_a_fire_deed_contested_for_range_is_overturned_and_fired_again(client: httpx.AsyncClient) -> None:
    battle_id, players, referee, seat = await pilgrimage_with_referee(client)
    foe = "north" if seat == "south" else "south"
    shot = await command(client, players[seat], battle_id, {"type": "fire", "target": f"{foe}/1"})
    assert shot.status_code == 201, shot.text
    fire_version = shot.json()["events"][0]["version"]
    before = (await client.get(f"/v1/battles/{battle_id}/state", params={"at": fire_version - 1})).json()
    contest = await command(client, players[foe], battle_id, {"type": "contest", "version": fire_version,
                                                              "reason": "measured 24.5 inches: out of range"})
    assert contest.status_code == 201, contest.text
    ruling = await command(client, referee, battle_id, {"type": "rule", "contest": 1, "decision": "overturn",
                                                        "text": "out of range by half an inch"})
    assert ruling.status_code == 201
    after = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    assert game(after) == game(before), "exactly the state before the Fire"
    again = await command(client, players[seat], battle_id, {"type": "fire", "target": f"{foe}/2"})
    assert again.status_code == 201, again.text
    events = (await client.get(f"/v1/battles/{battle_id}/events", params={"limit": 1000})).json()["events"]
    shots = [e for e in events if e["type"] == "deed_performed" and e["data"]["deed"] == "fire"]
    assert [(s["data"]["target"], s["void"]) for s in shots] == [(f"{foe}/1", True), (f"{foe}/2", False)]
    first, second = (s["data"]["attack"]["attacker_roll"]["nonce"] for s in shots)
    assert second > first, "new dice: the voided shot's stay spent"
    assert {"contest_opened", "contest_ruled", "action_reverted"} <= {e["type"] for e in events}


async def test_an_upheld_fire_contest_changes_nothing_but_the_log(client: httpx.AsyncClient) -> None:
    battle_id, players, referee, seat = await pilgrimage_with_referee(client)
    foe = "north" if seat == "south" else "south"
    shot = await command(client, players[seat], battle_id, {"type": "fire", "target": f"{foe}/1"})
    fire_version = shot.json()["events"][0]["version"]
    before = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    await command(client, players[foe], battle_id, {"type": "contest", "version": fire_version, "reason": "range"})
    await command(client, referee, battle_id, {"type": "rule", "contest": 1, "decision": "uphold", "text": "in range"})
    after = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    assert game(after) == game(before) and after["version"] == before["version"] + 2
