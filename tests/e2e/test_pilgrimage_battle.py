"""Whole Pilgrimage Battles through the HTTP API, one per Trial, from Oathbands to result;
each replays from its events to the same state. Illegal Deeds are refused with a 422 naming
the rule, and the preview tells a client so beforehand, recording nothing."""

from __future__ import annotations

import math
from typing import Any

import httpx
import msgspec
import pytest

from domain.battle import replay
from domain.codec import event_from
from domain.rulesets.pilgrimage.play import PlayState
from domain.rulesets.pilgrimage.rules import move_allowance, side_to_act
from projections.battle_summary import state_view
from tests.e2e.helpers import auth, command, new_player

BAND = {"name": "Wayfarers", "characters": [
    {"name": "Archer", "aim": 2, "gear": ["bow"]},
    {"name": "Runner", "pace": 2, "gear": ["hand weapon"]},
    {"name": "Brute", "might": 2, "ward": 1, "gear": ["two-handed weapon", "medium armour"]},
]}


async def setup(client: httpx.AsyncClient, trial: str) -> tuple[str, dict[str, dict[str, str]]]:
    south, north = await new_player(client, "south"), await new_player(client, "north")
    players = {"south": south, "north": north}
    battle = (await client.post("/v1/battles", headers=auth(south), json={
        "ruleset": "pilgrimage", "seats": ["south", "north"], "options": {"trial": trial}})).json()
    for seat, player in players.items():
        assert (await client.post(f"/v1/battles/{battle['id']}/seats/{seat}", headers=auth(player),
                                  json={})).status_code == 201
        submitted = await command(client, player, battle["id"], {"type": "submit_oathband", "oathband": BAND})
        assert submitted.status_code == 201, submitted.text
    assert (await command(client, south, battle["id"], {"type": "start"})).status_code == 201
    for seat, player in players.items():
        for n, x in enumerate((2, 44, 46), start=1):  # lanes the built-in tables leave clear
            y = 3 if seat == "south" else 45
            deployed = await command(client, player, battle["id"], {"type": "deploy", "character": f"{seat}/{n}",
                                                                     "x": x, "y": y})
            assert deployed.status_code == 201, deployed.text
    return battle["id"], players


async def play_state(client: httpx.AsyncClient, battle_id: str) -> tuple[dict[str, Any], PlayState]:
    state = (await client.get(f"/v1/battles/{battle_id}/state")).json()
    return state, msgspec.convert(state["ruleset_state"], PlayState)


def goal(play: PlayState, figure: Any) -> tuple[float, float]:
    if play.trial == "Crossing":
        return (figure.x, play.table.depth - 2) if figure.seat == "south" else (figure.x, 2)
    if play.trial == "Vigil":
        return min(((o.x, o.y) for o in play.table.objectives), key=lambda p: math.dist(p, figure.point))
    enemies = [f for f in play.figures if f.seat != figure.seat and f.deployed and not f.out_of_action]
    return min((e.point for e in enemies), key=lambda p: math.dist(p, figure.point)) if enemies else figure.point


async def try_deed(client: httpx.AsyncClient, player: dict[str, str], battle_id: str, body: dict[str, Any]) -> bool:
    preview = (await client.post(f"/v1/battles/{battle_id}/preview", headers=auth(player), json=body)).json()
    if not preview["legal"]:
        return False
    response = await command(client, player, battle_id, body)
    assert response.status_code == 201, response.text
    return True


async def take_act(client: httpx.AsyncClient, battle_id: str, players: dict[str, dict[str, str]]) -> None:
    _, play = await play_state(client, battle_id)
    seat = side_to_act(play)
    assert seat is not None
    player = players[seat]
    figure = next(f for f in play.figures if f.seat == seat and f.deployed and not f.tired and not f.out_of_action)
    assert (await command(client, player, battle_id, {"type": "activate", "character": figure.id})).status_code == 201
    if figure.knocked_down:
        await try_deed(client, player, battle_id, {"type": "stand"})
    for _ in range(3):
        state, play = await play_state(client, battle_id)
        if play.activation is None or state["status"] != "active":
            return
        me = play.figure(figure.id)
        assert me is not None
        enemies = sorted((f for f in play.figures if f.seat != seat and f.deployed and not f.out_of_action),
                         key=lambda f: math.dist(f.point, me.point))
        if play.trial == "Reckoning" and enemies:
            if await try_deed(client, player, battle_id, {"type": "fire", "target": enemies[0].id}):
                continue
            if await try_deed(client, player, battle_id, {"type": "assault", "target": enemies[0].id}):
                continue
        target = goal(play, me)
        step = move_allowance(play, me, first_move=play.activation.moves == 0)
        gap = math.dist(target, me.point)
        if gap < 0.5 or step <= 0:
            break
        fraction = min(1.0, (step - 0.01) / gap)
        to = (me.point[0] + (target[0] - me.point[0]) * fraction, me.point[1] + (target[1] - me.point[1]) * fraction)
        if not await try_deed(client, player, battle_id, {"type": "move", "path": [list(to)]}):
            break
    _, play = await play_state(client, battle_id)
    if play.activation is not None:
        assert (await command(client, player, battle_id, {"type": "end_act"})).status_code == 201


@pytest.mark.parametrize("trial", ["Crossing", "Vigil", "Reckoning"])
async def test_a_whole_battle_of_each_trial(client: httpx.AsyncClient, trial: str) -> None:
    battle_id, players = await setup(client, trial)
    for _ in range(80):
        state, _ = await play_state(client, battle_id)
        if state["status"] != "active":
            break
        await take_act(client, battle_id, players)
    state, _ = await play_state(client, battle_id)
    assert state["status"] == "ended" and state["end_reason"] == "trial"
    events = (await client.get(f"/v1/battles/{battle_id}/events", params={"limit": 1000})).json()["events"]
    ended = next(e for e in events if e["type"] == "trial_ended")
    assert ended["data"]["trial"] == trial and set(ended["data"]["scores"]) == {"south", "north"}
    assert state["winners"] == ended["data"]["winners"]
    assert events[-1]["type"] == "dice_seed_revealed"
    assert (await client.get(f"/v1/battles/{battle_id}/verify")).json()["ok"] is True
    replayed = replay([event_from(e["type"], e["data"]) for e in events])
    assert msgspec.json.decode(msgspec.json.encode(state_view(replayed))) == state, "replays to the same state"
    if trial == "Crossing":
        assert sum(ended["data"]["scores"].values()) > 0, "Characters reached the far edge"


async def test_an_illegal_deed_is_refused_naming_the_rule_and_recorded_nowhere(client: httpx.AsyncClient) -> None:
    battle_id, players = await setup(client, "Reckoning")
    _, play = await play_state(client, battle_id)
    seat = side_to_act(play)
    assert seat is not None
    other = "north" if seat == "south" else "south"
    await command(client, players[seat], battle_id, {"type": "activate", "character": f"{seat}/1"})
    version = (await client.get(f"/v1/battles/{battle_id}")).json()["version"]
    dice_before = (await client.get(f"/v1/battles/{battle_id}/dice")).json()["next_nonce"]
    body = {"type": "fire", "target": f"{other}/3"}  # 42" away: beyond a bow's 24"
    preview = (await client.post(f"/v1/battles/{battle_id}/preview", headers=auth(players[seat]), json=body)).json()
    assert (preview["legal"], preview["rule"]) == (False, "out-of-range")
    refused = await command(client, players[seat], battle_id, body)
    assert refused.status_code == 422 and refused.json()["rule"] == "out-of-range"
    wrong_side = await command(client, players[other], battle_id, {"type": "move", "path": [[20, 40]]})
    assert wrong_side.status_code in (403, 422)
    assert (await client.get(f"/v1/battles/{battle_id}")).json()["version"] == version
    assert (await client.get(f"/v1/battles/{battle_id}/dice")).json()["next_nonce"] == dice_before
    fine = (await client.post(f"/v1/battles/{battle_id}/preview", headers=auth(players[seat]),
                              json={"type": "aim"})).json()
    assert (fine["legal"], fine["cost"], fine["deeds_left"]) == (True, 2, 1)


async def test_every_command_may_name_the_seat_it_acts_for(client: httpx.AsyncClient) -> None:
    """A Deed is the acting Character's side's: naming that seat is accepted, naming another is
    refused (`seat-mismatch`), whoever sends it."""
    battle_id, players = await setup(client, "Reckoning")
    _, play = await play_state(client, battle_id)
    seat = side_to_act(play)
    assert seat is not None
    other = "north" if seat == "south" else "south"
    activated = await command(client, players[seat], battle_id,
                              {"type": "activate", "character": f"{seat}/1", "seat": seat})
    assert activated.status_code == 201, activated.text
    for player in (players[seat], players[other]):
        mismatch = await command(client, player, battle_id, {"type": "guard", "seat": other})
        assert mismatch.status_code == 422 and mismatch.json()["rule"] == "seat-mismatch", mismatch.text
    for body in ({"type": "guard", "seat": seat}, {"type": "end_act", "seat": seat}):
        accepted = await command(client, players[seat], battle_id, body)
        assert accepted.status_code == 201, accepted.text
