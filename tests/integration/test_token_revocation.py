"""A revoked or rotated token stops working everywhere: at once on the node that revoked it,
and on another node that had just checked it once that node's short cache lets it go
(server/credentials.py CACHE_SECONDS; the README states the figure)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest

from server.credentials import CACHE_SECONDS
from server.settings import Settings
from tests.conftest import LiveServer
from tests.e2e.helpers import auth, new_player


@pytest.fixture(scope="module")
def two_nodes(database_url: str) -> Iterator[tuple[LiveServer, LiveServer]]:
    settings = Settings(database_url=database_url)
    with LiveServer(settings) as node_a, LiveServer(settings) as node_b:
        yield node_a, node_b


async def _rule_once_refused(client: httpx.AsyncClient, headers: dict[str, str]) -> str:
    """Ask until the token is refused, for a few times the cache's lifetime; the rule refusing it."""
    for _ in range(int(CACHE_SECONDS * 4 / 0.2)):
        response = await client.get("/v1/tokens", headers=headers)
        if response.status_code != 200:
            rule: str = response.json()["rule"]
            return rule
        await asyncio.sleep(0.2)
    return "still accepted"


@pytest.mark.parametrize("change", ["revoke", "rotate"])
async def test_a_revoked_or_rotated_token_stops_working_on_every_node(
        two_nodes: tuple[LiveServer, LiveServer], change: str) -> None:
    node_a, node_b = two_nodes
    async with httpx.AsyncClient(base_url=node_a.url, timeout=20) as a, \
            httpx.AsyncClient(base_url=node_b.url, timeout=20) as b:
        alice = await new_player(a, "alice")
        bot = (await a.post("/v1/tokens", headers=auth(alice), json={"label": "bot"})).json()
        for client in (a, b):  # both nodes have checked, and cached, the bot's token
            assert (await client.get("/v1/tokens", headers=auth(bot))).status_code == 200
        if change == "revoke":
            assert (await a.delete(f"/v1/tokens/{bot['id']}", headers=auth(alice))).status_code == 204
        else:
            assert (await a.post(f"/v1/tokens/{bot['id']}/rotate", headers=auth(alice))).status_code == 200
        expected = "token-revoked" if change == "revoke" else "token-unknown"
        assert (await a.get("/v1/tokens", headers=auth(bot))).json()["rule"] == expected, "at once on node A"
        assert await _rule_once_refused(b, auth(bot)) == expected, "and soon on node B"
