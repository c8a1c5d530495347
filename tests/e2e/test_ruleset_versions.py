"""A battle of any released ruleset version can be created through the API (`ruleset_version`),
the latest by default; an unknown version is refused naming the known ones. The recorded
creation names its version, so `verify` decides it again under the same rules."""

from __future__ import annotations

import httpx

from tests.e2e.helpers import auth, command, new_player


async def test_a_battle_is_created_under_the_version_asked_for(client: httpx.AsyncClient) -> None:
    alice, bob = await new_player(client, "alice"), await new_player(client, "bob")
    created = await client.post("/v1/battles", headers=auth(alice), json={
        "ruleset": "pilgrimage", "ruleset_version": "1", "seats": ["north", "south"]})
    assert created.status_code == 201, created.text
    battle_id = created.json()["id"]
    assert (await client.get(f"/v1/battles/{battle_id}")).json()["ruleset_version"] == "1"
    for player, seat in ((alice, "north"), (bob, "south")):
        claimed = await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
        assert claimed.status_code == 201, claimed.text
    # Version 1 takes no Oathbands: it starts as soon as the seats are claimed.
    assert (await command(client, alice, battle_id, {"type": "start"})).status_code == 201
    refused = await command(client, alice, battle_id, {"type": "activate", "character": "north/1"})
    assert refused.status_code == 422 and refused.json()["rule"] == "command-unknown"
    events = (await client.get(f"/v1/battles/{battle_id}/events")).json()["events"]
    assert events[0]["command"]["ruleset_version"] == "1"
    assert (await client.get(f"/v1/battles/{battle_id}/verify")).json()["ok"] is True


async def test_the_latest_version_by_default_recorded_by_name(client: httpx.AsyncClient) -> None:
    alice = await new_player(client, "alice")
    latest = (await client.get("/v1/rulesets/d100")).json()["version"]
    created = await client.post("/v1/battles", headers=auth(alice), json={"ruleset": "d100", "seats": ["a", "b"]})
    assert created.status_code == 201, created.text
    battle_id = created.json()["id"]
    assert (await client.get(f"/v1/battles/{battle_id}")).json()["ruleset_version"] == latest
    [first] = (await client.get(f"/v1/battles/{battle_id}/events")).json()["events"]
    assert first["command"]["ruleset_version"] == latest, "the creation pins the version it was made under"


async def test_an_unknown_version_is_refused_naming_the_known_ones(client: httpx.AsyncClient) -> None:
    alice = await new_player(client, "alice")
    for version in ("9", "0", "two"):
        refused = await client.post("/v1/battles", headers=auth(alice), json={
            "ruleset": "pericle", "ruleset_version": version, "seats": ["a", "b"]})
        assert refused.status_code == 422, refused.text
        assert refused.json()["rule"] == "ruleset-unknown"
        assert "1, 2, 3" in refused.json()["detail"]
    unknown = await client.post("/v1/battles", headers=auth(alice), json={
        "ruleset": "chess", "ruleset_version": "1", "seats": ["a", "b"]})
    assert unknown.status_code == 422 and unknown.json()["rule"] == "ruleset-unknown"
