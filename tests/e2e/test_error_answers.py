"""Bad input is a 4xx problem (a 44xx close code on the websocket), never a 500, whatever
the endpoint and field; an unexpected error is a 500 problem carrying the request id; a
command that keeps losing the race to another is retried, or refused with Retry-After."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import uuid
from collections.abc import Iterator

import httpx
import pytest
import websockets

from server.app import create_app
from server.request_limits import MAX_JSON_DEPTH
from server.settings import Settings
from server.store.memory import MemoryStore
from tests.conftest import LiveServer
from tests.e2e.helpers import auth, command, new_battle, new_player, started_battle
from tests.e2e.test_refusals import assert_problem, version_of
from tests.e2e.test_tournament_flow import oathband

JSON = {"Content-Type": "application/json"}


def nested(levels: int) -> str:
    """JSON text of `levels` objects, each inside the one before."""
    return '{"x":' * levels + "1" + "}" * levels


def with_options(options: str) -> bytes:
    return f'{{"ruleset": "pilgrimage", "seats": ["a", "b"], "options": {options}}}'.encode()


async def test_json_nested_too_deep_is_refused_before_anything_runs(client: httpx.AsyncClient) -> None:
    alice = await new_player(client)
    headers = {**auth(alice), **JSON}
    for depth in (1000, 10_000):  # a thousand levels used to exhaust the decoder's stack
        assert_problem(await client.post("/v1/battles", headers=headers, content=with_options(nested(depth))),
                       400, "body-too-deep")

    # The body's own object is the first level; `options` holds the rest.
    deepest = await client.post("/v1/battles", headers=headers, content=with_options(nested(MAX_JSON_DEPTH - 1)))
    assert deepest.json().get("rule") != "body-too-deep", deepest.text
    one_more = await client.post("/v1/battles", headers=headers, content=with_options(nested(MAX_JSON_DEPTH)))
    assert_problem(one_more, 400, "body-too-deep")
    assert one_more.json()["pointer"] == "/options" + "/x" * (MAX_JSON_DEPTH - 1)


async def test_army_lists_nested_too_deep_are_refused_and_record_nothing(client: httpx.AsyncClient) -> None:
    battle = await new_battle(client, alice := await new_player(client), ruleset="pilgrimage")
    assert (await client.post(f"/v1/battles/{battle['id']}/seats/north", headers=auth(alice), json={})
            ).status_code == 201
    deep_band = f'{{"type": "submit_oathband", "oathband": {nested(1000)}}}'.encode()
    assert_problem(await client.post(f"/v1/battles/{battle['id']}/commands", headers={**auth(alice), **JSON},
                                     content=deep_band), 400, "body-too-deep")
    assert await version_of(client, battle["id"]) == 2

    organiser = await new_player(client, "organiser")
    tid = (await client.post("/v1/tournaments", headers=auth(organiser), json={"name": "Deep Cup"})).json()["id"]
    deep_list = f'{{"type": "register", "name": "D", "army_list": {nested(1000)}}}'.encode()
    assert_problem(await client.post(f"/v1/tournaments/{tid}/commands", headers={**auth(alice), **JSON},
                                     content=deep_list), 400, "body-too-deep")
    registrations = (await client.get(f"/v1/tournaments/{tid}/registrations")).json()
    assert alice["id"] not in json.dumps(registrations)


async def test_a_nul_character_anywhere_in_a_body_is_refused_naming_the_field(client: httpx.AsyncClient) -> None:
    alice = await new_player(client)
    terrain = {"name": "Old\u0000Mill", "kinds": ["blocking"], "polygon": [[1, 1], [4, 1], [4, 4]]}
    refused = await client.post("/v1/battles", headers=auth(alice), json={
        "ruleset": "pilgrimage", "seats": ["a", "b"], "options": {"table": {"terrain": [terrain]}}})
    assert_problem(refused, 400, "bad-request")
    assert refused.json()["pointer"] == "/options/table/terrain/0/name"

    in_a_key = await client.post("/v1/battles", headers=auth(alice), json={
        "ruleset": "d100", "seats": ["a", "b"], "options": {"a/b\u0000": 1}})
    assert_problem(in_a_key, 400, "bad-request")
    assert in_a_key.json()["pointer"] == "/options/a~1b\u0000"

    organiser = await new_player(client, "organiser")
    tid = (await client.post("/v1/tournaments", headers=auth(organiser), json={"name": "Nul Cup"})).json()["id"]
    band = oathband("Band")
    band["characters"][2]["name"] = "\u0000"
    listed = await client.post(f"/v1/tournaments/{tid}/commands", headers=auth(alice),
                               json={"type": "register", "name": "N", "army_list": band})
    assert_problem(listed, 400, "bad-request")
    assert listed.json()["pointer"] == "/army_list/characters/2/name"

    # The six characters of the escape, written as text, are no U+0000.
    terrain["name"] = "Mill \\u0000"
    battle = await new_battle(client, alice, ruleset="pilgrimage", options={"table": {"terrain": [terrain]}})
    assert battle["version"] == 1


async def test_numbers_no_json_reader_holds_exactly_are_refused_naming_the_field(client: httpx.AsyncClient) -> None:
    """The hash chain's canonical JSON (RFC 8785) and JavaScript clients hold integers only within
    ±(2**53 - 1): a bigger one in `options` would be recorded and then break the chain (500)."""
    alice = await new_player(client)
    headers = {**auth(alice), **JSON}
    for number in ("9007199254740992", "-123456789012345678901234567890", "1e400"):
        refused = await client.post("/v1/battles", headers=headers,
                                    content=with_options(f'{{"provisional": {{"x": {number}}}}}'))
        assert_problem(refused, 400, "number-out-of-range")
        if number != "1e400":  # beyond even a float: the decoder cannot say where
            assert refused.json()["pointer"] == "/options/provisional/x"
    body = b'{"ruleset": "d100", "seats": ["a", "b"], "options": {"n": 9007199254740991, "f": 1.5e300}}'
    largest = await client.post("/v1/battles", headers=headers, content=body)
    assert largest.json().get("rule") != "number-out-of-range", largest.text


async def test_a_cursor_beyond_any_position_is_refused(client: httpx.AsyncClient) -> None:
    for seq in ("9" * 100, str(2**63), "0", "-3"):
        cursor = base64.urlsafe_b64encode(f"seq:{seq}".encode()).decode()
        assert_problem(await client.get("/v1/battles", params={"cursor": cursor}), 400, "cursor-invalid")


async def close_code(url: str) -> int:
    async with websockets.connect(url) as watcher:
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(watcher.recv(), 10)
    assert closed.value.rcvd is not None, "the server closed with a code"
    return closed.value.rcvd.code


async def test_the_stream_closes_with_4400_for_a_bad_after_and_4404_for_an_unknown_battle(
        client: httpx.AsyncClient, live_server: LiveServer) -> None:
    battle, _, _ = await started_battle(client)
    stream = f"{live_server.ws_url}/v1/battles/{battle['id']}/stream"
    for after in (str(2**31), str(10**30), "abc"):
        assert await close_code(f"{stream}?after={after}") == 4400
    reached = (await client.get(f"/v1/battles/{battle['id']}")).json()["version"]
    async with websockets.connect(f"{stream}?after={2**31 - 1}") as watcher:  # the largest `after` is taken
        assert json.loads(await asyncio.wait_for(watcher.recv(), 10)) == {"type": "caught_up", "version": reached}
    assert await close_code(f"{live_server.ws_url}/v1/battles/{uuid.uuid4()}/stream") == 4404


class BrokenStore(MemoryStore):
    async def ping(self) -> None:
        raise RuntimeError("a bug in the store")


@pytest.fixture(scope="module")
def broken_server() -> Iterator[LiveServer]:
    server = LiveServer(Settings())
    server.server.config.app = create_app(Settings(), store=BrokenStore())  # served instead, before it starts
    with server:
        yield server


async def test_an_unexpected_error_is_a_500_problem_with_the_request_id_and_a_logged_traceback(
        broken_server: LiveServer, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="chronicle"):
        async with httpx.AsyncClient(base_url=broken_server.url, timeout=20) as client:
            response = await client.get("/health", headers={"X-Request-ID": "trace-me-42"})
    assert_problem(response, 500, "internal-error")
    assert response.json()["request_id"] == "trace-me-42" == response.headers["x-request-id"]
    logged = [r for r in caplog.records if r.exc_info and isinstance(r.exc_info[1], RuntimeError)]
    assert logged and "a bug in the store" in str(logged[0].exc_info[1])


async def test_many_commands_at_once_are_all_decided_or_told_when_to_retry(client: httpx.AsyncClient) -> None:
    battle, alice, bob = await started_battle(client)
    start = await version_of(client, battle["id"])
    responses = await asyncio.gather(*[
        command(client, (alice, bob)[n % 2], battle["id"], {"type": "roll", "expression": "1d6"}) for n in range(100)])
    recorded = sorted(r.json()["version"] for r in responses if r.status_code == 201)
    for response in responses:
        if response.status_code != 201:
            assert_problem(response, 409, "version-conflict")
            assert response.headers["retry-after"] == "1"
    assert recorded == list(range(start + 1, start + 1 + len(recorded)))
    assert await version_of(client, battle["id"]) == start + len(recorded)
