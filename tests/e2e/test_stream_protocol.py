"""The websocket as documented (issue #16, item 6), over real websockets: every way a stream
ends reaches the client as the close code that README.md and api_schema/asyncapi.yaml give
(never a refused handshake), `caught_up` names the version the stream has reached, and every
message a stream sends is one the AsyncAPI document describes."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema_rs
import pytest
import websockets
import yaml

from server.app import create_app
from server.settings import Settings
from server.store.base import StoreUnavailable, StreamRow
from server.store.memory import MemoryStore
from tests.conftest import LiveServer
from tests.e2e.helpers import auth, command, new_player, started_battle

ASYNCAPI = yaml.safe_load((Path(__file__).resolve().parents[2] / "api_schema" / "asyncapi.yaml").read_text())
DOCUMENTED = {entry["code"] for entry in ASYNCAPI["x-close-codes"]}


async def close_of(url: str) -> tuple[int, str, list[dict[str, Any]]]:
    """The close code and reason a stream ends with, and what it sent before. A handshake the
    server refuses raises here (websockets.InvalidStatus): that is the failure this file guards."""
    received: list[dict[str, Any]] = []
    async with websockets.connect(url) as watcher:
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                received.append(json.loads(await asyncio.wait_for(watcher.recv(), 10)))
    assert closed.value.rcvd is not None, "the server closed with a code"
    return closed.value.rcvd.code, closed.value.rcvd.reason, received


async def next_message(watcher: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(watcher.recv(), 10))
    return message


async def test_a_stream_that_cannot_be_served_is_accepted_then_closed_with_its_documented_code(
        client: httpx.AsyncClient, live_server: LiveServer) -> None:
    battle, _, _ = await started_battle(client)
    base = live_server.ws_url
    cases = {
        f"/v1/battles/{uuid.uuid4()}/stream": 4404,
        f"/v1/tournaments/{uuid.uuid4()}/stream": 4404,
        "/v1/battles/not-a-uuid/stream": 4404,  # used to be a bare HTTP 403 from the handshake
        f"/v1/battles/{battle['id']}/stream/more": 4404,
        "/v1/no-such-path": 4404,
        f"/v1/battles/{battle['id']}/stream?after=abc": 4400,
        f"/v1/battles/{battle['id']}/stream?after={2**31}": 4400,
    }
    for path, expected in cases.items():
        code, reason, received = await close_of(base + path)
        assert (code, received) == (expected, []), path
        assert reason, f"{path}: the close says why"
        assert code in DOCUMENTED


class DownStore(MemoryStore):
    async def stream(self, stream_id: str) -> StreamRow | None:
        raise StoreUnavailable("connection refused")


class BuggyStore(MemoryStore):
    async def stream(self, stream_id: str) -> StreamRow | None:
        raise RuntimeError("a bug in the store")


@pytest.fixture
def failing_servers() -> Iterator[dict[int, LiveServer]]:
    servers = {1013: LiveServer(Settings()), 1011: LiveServer(Settings())}
    servers[1013].server.config.app = create_app(Settings(), store=DownStore())  # served instead, before it starts
    servers[1011].server.config.app = create_app(Settings(), store=BuggyStore())
    with servers[1013], servers[1011]:
        yield servers


async def test_a_lost_database_closes_with_1013_and_a_bug_with_1011(failing_servers: dict[int, LiveServer]) -> None:
    for expected, server in failing_servers.items():
        code, _, received = await close_of(f"{server.ws_url}/v1/battles/{uuid.uuid4()}/stream")
        assert (code, received) == (expected, [])
        assert code in DOCUMENTED


async def test_caught_up_names_the_version_the_stream_has_reached(
        client: httpx.AsyncClient, live_server: LiveServer) -> None:
    battle, alice, _ = await started_battle(client)
    reached = (await client.get(f"/v1/battles/{battle['id']}")).json()["version"]
    stream = f"{live_server.ws_url}/v1/battles/{battle['id']}/stream"
    async with websockets.connect(f"{stream}?after={reached - 1}") as watcher:
        assert (await next_message(watcher))["version"] == reached
        assert await next_message(watcher) == {"type": "caught_up", "version": reached}
    # A client that claims more than the stream holds learns what it holds, and hears what comes next.
    async with websockets.connect(f"{stream}?after={2**31 - 1}") as watcher:
        assert await next_message(watcher) == {"type": "caught_up", "version": reached}
        rolled = await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6"})
        assert rolled.status_code == 201, rolled.text
        live = await next_message(watcher)
        assert (live["type"], live["version"]) == ("dice_rolled", reached + 1)


def message_schema(channel: str, message: str) -> dict[str, Any]:
    """A message's payload schema from the AsyncAPI document, with its components for $refs."""
    ref = ASYNCAPI["channels"][channel]["messages"][message]["$ref"]
    payload = ASYNCAPI["components"]["messages"][ref.rsplit("/", 1)[1]]["payload"]
    return {**payload, "components": ASYNCAPI["components"]}


async def test_every_message_is_one_the_asyncapi_document_describes(
        client: httpx.AsyncClient, live_server: LiveServer) -> None:
    battle, alice, _ = await started_battle(client)
    await command(client, alice, battle["id"], {"type": "roll", "expression": "2d6", "purpose": "schema"})
    organiser = await new_player(client, "organiser")
    tid = (await client.post("/v1/tournaments", headers=auth(organiser), json={"name": "Described"})).json()["id"]
    for channel, message, path in [("battleStream", "battleEvent", f"/v1/battles/{battle['id']}/stream"),
                                   ("tournamentStream", "tournamentEvent", f"/v1/tournaments/{tid}/stream")]:
        event = jsonschema_rs.Draft202012Validator(message_schema(channel, message))
        caught_up = jsonschema_rs.Draft202012Validator(message_schema(channel, "caughtUp"))
        async with websockets.connect(live_server.ws_url + path) as watcher:
            messages = [await next_message(watcher)]
            while messages[-1]["type"] != "caught_up":
                messages.append(await next_message(watcher))
            if channel == "battleStream":  # and one live, which carries the server's receipt
                await command(client, alice, battle["id"], {"type": "roll", "expression": "1d4"})
                messages.append(await next_message(watcher))
        assert len(messages) >= 2
        for sent in messages:
            (caught_up if sent["type"] == "caught_up" else event).validate(sent)
        assert not event.is_valid(messages[0] | {"version": "1"}), "the schema is no blank cheque"
