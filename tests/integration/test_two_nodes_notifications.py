"""Two app nodes on one Postgres and one Redis: a player watching their stream on node A is
told, in order and once, what commands sent to node B did, whichever node's notifier
recorded it (its live message goes through Redis)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import httpx
import pytest
import websockets

from server.settings import Settings
from tests.conftest import LiveServer
from tests.databases import database_of_its_own
from tests.e2e.helpers import auth, command, new_player


@pytest.fixture(scope="module")
def two_nodes(database_url: str, redis_url: str) -> Iterator[tuple[LiveServer, LiveServer]]:
    """A database of their own: the session's server (no Redis) would otherwise record some
    notifications and publish them only to its own watchers."""
    with database_of_its_own(database_url, "chronicle_two_nodes") as dsn:
        settings = Settings(database_url=dsn, redis_url=redis_url)
        with LiveServer(settings) as node_a, LiveServer(settings) as node_b:
            yield node_a, node_b


async def test_a_players_stream_on_one_node_tells_what_commands_to_the_other_did(
        two_nodes: tuple[LiveServer, LiveServer]) -> None:
    node_a, node_b = two_nodes
    async with httpx.AsyncClient(base_url=node_b.url, timeout=20) as client:
        alice, bob = await new_player(client, "alice"), await new_player(client, "bob")
        async with websockets.connect(f"{node_a.ws_url}/v1/players/me/stream",
                                      additional_headers=auth(bob)) as stream:
            assert json.loads(await asyncio.wait_for(stream.recv(), 10)) == {"type": "caught_up", "seq": 0}
            created = await client.post("/v1/battles", headers=auth(alice), json={
                "ruleset": "pilgrimage", "ruleset_version": "1", "seats": ["north", "south"]})
            battle_id = created.json()["id"]
            for player, seat in ((alice, "north"), (bob, "south")):
                claimed = await client.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=auth(player), json={})
                assert claimed.status_code == 201, claimed.text
            assert (await command(client, alice, battle_id, {"type": "start"})).status_code == 201
            for n in range(6):  # the turn passes with every roll: Bob's comes three times
                player = alice if n % 2 == 0 else bob
                rolled = await command(client, player, battle_id, {"type": "roll", "expression": "1d6"})
                assert rolled.status_code == 201, rolled.text
            received = [json.loads(await asyncio.wait_for(stream.recv(), 10)) for _ in range(5)]
    assert [(n["seq"], n["type"]) for n in received] == [
        (1, "seat_claimed"), (2, "battle_started"), (3, "your_turn"), (4, "your_turn"), (5, "your_turn")]
    assert {n["data"]["battle_id"] for n in received} == {battle_id}
