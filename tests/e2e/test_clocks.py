"""Clocks over HTTP: a battle won on time with nobody sending a command (the server's clock
watcher notices the flag), a battle claimed from an absent opponent, both verified again."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx

from tests.e2e.helpers import auth, command, new_player
from tests.unit.test_published_schemas import openapi_validator, problems


async def clocked_battle(client: httpx.AsyncClient, clock: dict[str, Any],
                         ) -> tuple[str, dict[str, str], dict[str, str]]:
    """A started Pilgrimage 1 battle (free dice rolls: the turn passes with every action)."""
    alice, bob = await new_player(client, "alice"), await new_player(client, "bob")
    created = await client.post("/v1/battles", headers=auth(alice), json={
        "ruleset": "pilgrimage", "ruleset_version": "1", "seats": ["north", "south"], "clock": clock})
    assert created.status_code == 201, created.text
    battle_id = created.json()["id"]
    for player, seat in ((alice, "north"), (bob, "south")):
        claimed = await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
        assert claimed.status_code == 201, claimed.text
    started = await command(client, alice, battle_id, {"type": "start"})
    assert started.status_code == 201, started.text
    return battle_id, alice, bob


async def state_of(client: httpx.AsyncClient, battle_id: str) -> dict[str, Any]:
    response = await client.get(f"/v1/battles/{battle_id}/state")
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


async def events_of(client: httpx.AsyncClient, battle_id: str) -> list[dict[str, Any]]:
    response = await client.get(f"/v1/battles/{battle_id}/events", params={"limit": 1000})
    assert response.status_code == 200, response.text
    events: list[dict[str, Any]] = response.json()["events"]
    return events


async def test_a_battle_is_won_on_time_without_anyone_sending_a_command(client: httpx.AsyncClient) -> None:
    battle_id, alice, bob = await clocked_battle(client, {"per_turn_seconds": 4})
    rolled = await command(client, alice, battle_id, {"type": "roll", "expression": "1d12"})
    assert rolled.status_code == 201, rolled.text
    assert [e["type"] for e in rolled.json()["events"]] == ["dice_rolled", "clock_switched"]
    state = await state_of(client, battle_id)
    assert state["clock"]["running"] == "south"
    assert state["clock"]["control"]["per_turn_seconds"] == 4
    assert 0 <= state["clock"]["left_ms"]["south"] <= 4000
    # Bob does nothing: his flag falls 4 s later, and the server ends the battle by itself.
    deadline = time.monotonic() + 15
    while state["status"] != "ended" and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
        state = await state_of(client, battle_id)
    assert (state["status"], state["winners"], state["end_reason"]) == ("ended", ["north"], "time")
    events = await events_of(client, battle_id)
    claimed = next(e for e in events if e["type"] == "time_ran_out")
    assert claimed["actor"] == "system" and claimed["data"]["seat"] == "south"
    assert claimed["command"] == {"type": "claim_time", "seat": None}
    assert [e["type"] for e in events[-4:]] == ["time_ran_out", "clock_switched", "battle_ended",
                                                "dice_seed_revealed"]
    # Too late for Bob; and everything, the clock included, is decided again by verify.
    late = await command(client, bob, battle_id, {"type": "roll", "expression": "1d12"})
    assert late.status_code == 422 and late.json()["rule"] == "battle-not-active", late.text
    report = (await client.get(f"/v1/battles/{battle_id}/verify")).json()
    assert report["ok"], report["problems"]
    summary = (await client.get(f"/v1/battles/{battle_id}")).json()
    assert (summary["status"], summary["end_reason"]) == ("ended", "time")


async def test_a_clocked_battle_keeps_to_the_published_schemas(client: httpx.AsyncClient) -> None:
    """The clock's events and what GET /state shows of it are in the OpenAPI document (issue #16:
    every event type and the state have a schema), checked strictly."""
    battle_id, alice, _ = await clocked_battle(client, {"main_seconds": 60, "increment_seconds": 2,
                                                        "absent_after_seconds": 30})
    rolled = await command(client, alice, battle_id, {"type": "roll", "expression": "1d12"})
    assert rolled.status_code == 201, rolled.text
    for state in (await state_of(client, battle_id),
                  (await client.get(f"/v1/battles/{battle_id}/state", params={"at": 3})).json()):
        assert "clock" in state
        assert not problems(openapi_validator("BattleState"), state)
    events = await events_of(client, battle_id)
    assert {"clock_set", "clock_switched"} <= {e["type"] for e in events}
    for event in events:
        assert not problems(openapi_validator("Envelope"), event), event


async def test_a_battle_is_claimed_from_an_opponent_absent_past_the_timeout(client: httpx.AsyncClient) -> None:
    battle_id, alice, bob = await clocked_battle(client, {"absent_after_seconds": 3})
    rolled = await command(client, alice, battle_id, {"type": "roll", "expression": "1d12"})
    assert rolled.status_code == 201, rolled.text
    early = await command(client, alice, battle_id, {"type": "claim_victory"})
    assert early.status_code == 422 and early.json()["rule"] == "opponent-present", early.text
    own = await command(client, bob, battle_id, {"type": "claim_victory"})
    assert own.status_code == 422 and own.json()["rule"] == "your-turn", own.text
    await asyncio.sleep(3.2)
    claimed = await command(client, alice, battle_id, {"type": "claim_victory"})
    assert claimed.status_code == 201, claimed.text
    assert [e["type"] for e in claimed.json()["events"]] == ["battle_claimed", "clock_switched", "battle_ended",
                                                            "dice_seed_revealed"]
    state = await state_of(client, battle_id)
    assert (state["status"], state["winners"], state["end_reason"]) == ("ended", ["north"], "abandonment")
    assert state["clock"]["running"] is None
    report = (await client.get(f"/v1/battles/{battle_id}/verify")).json()
    assert report["ok"], report["problems"]


async def test_a_clock_that_cannot_count_is_a_clear_refusal(client: httpx.AsyncClient) -> None:
    alice = await new_player(client, "alice")
    for clock, rule in (({"main_seconds": 60, "per_turn_seconds": 30}, "clock-invalid"),
                        ({"main_seconds": 0}, None), ({"tick": 1}, None)):
        response = await client.post("/v1/battles", headers=auth(alice), json={
            "ruleset": "pilgrimage", "seats": ["north", "south"], "clock": clock})
        assert response.status_code in (400, 422), response.text
        if rule is not None:
            assert response.json()["rule"] == rule
