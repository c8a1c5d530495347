"""Small HTTP helpers for end-to-end tests."""

from __future__ import annotations

import uuid
from typing import Any

import httpx

from tests.bands import BAND


async def new_player(client: httpx.AsyncClient, name: str = "player") -> dict[str, str]:
    response = await client.post("/v1/players", json={"name": name})
    assert response.status_code == 201, response.text
    player: dict[str, str] = response.json()
    return player


def auth(player: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {player['token']}"}


async def new_battle(client: httpx.AsyncClient, creator: dict[str, str], seats: list[str] | None = None,
                     ruleset: str = "d100", options: dict[str, Any] | None = None,
                     version: str | None = None) -> dict[str, Any]:
    pinned = {"ruleset_version": version} if version else {}
    response = await client.post("/v1/battles", headers=auth(creator), json={
        "ruleset": ruleset, "seats": seats or ["north", "south"], "options": options or {}, **pinned})
    assert response.status_code == 201, response.text
    battle: dict[str, Any] = response.json()
    return battle


async def command(client: httpx.AsyncClient, player: dict[str, str], battle_id: str,
                  body: dict[str, Any], key: str | None = None) -> httpx.Response:
    headers = auth(player)
    if key:
        headers["Idempotency-Key"] = key
    return await client.post(f"/v1/battles/{battle_id}/commands", headers=headers, json=body)


async def submit_band(client: httpx.AsyncClient, player: dict[str, str], battle_id: str,
                      band: dict[str, Any] | None = None) -> None:
    response = await command(client, player, battle_id, {"type": "submit_oathband", "oathband": band or BAND})
    assert response.status_code == 201, response.text


async def started_battle(client: httpx.AsyncClient, ruleset: str = "d100",
                         client_seeds: tuple[str | None, str | None] = (None, None), version: str | None = None,
                         ) -> tuple[dict[str, Any], dict[str, str], dict[str, str]]:
    """A two-seat battle, both seats claimed (Oathbands submitted in Pilgrimage), started."""
    alice, bob = await new_player(client, "alice"), await new_player(client, "bob")
    battle = await new_battle(client, alice, ruleset=ruleset, version=version)
    for player, seat, seed in ((alice, "north", client_seeds[0]), (bob, "south", client_seeds[1])):
        claimed = await client.post(f"/v1/battles/{battle['id']}/seats/{seat}", headers=auth(player),
                                    json={"client_seed": seed} if seed else {})
        assert claimed.status_code == 201, claimed.text
        if ruleset == "pilgrimage":
            await submit_band(client, player, battle["id"])
    started = await command(client, alice, battle["id"], {"type": "start"})
    assert started.status_code == 201, started.text
    return battle, alice, bob


def key() -> str:
    return str(uuid.uuid4())
