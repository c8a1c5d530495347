"""Tokens over HTTP: anonymous idempotency scoped to the caller and never replaying a token,
idempotency records that expire, and a player's tokens listed, created, rotated, revoked,
expiring and holding scopes.

"Another caller" is another client address: the test servers list 127.0.0.1 in
TRUSTED_PROXIES, so the caller's address is taken from `X-Forwarded-For`, and each test caller
sends the address it stands for."""

from __future__ import annotations

import asyncio
import hashlib
import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from typing import Any

import asyncpg
import httpx
import pytest

from server.settings import Settings
from server.stream_service import request_hash
from tests.conftest import LiveServer
from tests.e2e.helpers import auth, new_battle, new_player


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def from_address(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


def bearer(text: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {text}"}


def assert_problem(response: httpx.Response, status: int, rule: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["rule"] == rule, body
    return body


async def new_token(client: httpx.AsyncClient, creator: str, **body: Any) -> dict[str, Any]:
    response = await client.post("/v1/tokens", headers=bearer(creator), json=body)
    assert response.status_code == 201, response.text
    issued: dict[str, Any] = response.json()
    return issued


# ---- the reproduced attack on POST /v1/players ----

async def test_another_caller_repeating_a_key_and_body_never_gets_the_token(client: httpx.AsyncClient) -> None:
    key, body = str(uuid.uuid4()), {"name": "alice"}
    alice = await client.post("/v1/players", json=body,
                              headers={"Idempotency-Key": key, **from_address("198.51.100.7")})
    assert alice.status_code == 201
    stolen = await client.post("/v1/players", json=body,
                               headers={"Idempotency-Key": key, **from_address("203.0.113.66")})
    assert stolen.status_code == 201
    assert stolen.json()["id"] != alice.json()["id"], "another caller's request is a request of its own"
    assert stolen.json()["token"] != alice.json()["token"]
    retried = await client.post("/v1/players", json=body,
                                headers={"Idempotency-Key": key, **from_address("198.51.100.7")})
    assert retried.status_code == 201
    assert retried.json() == {"id": alice.json()["id"], "name": "alice", "token": None}, "the token is shown once"
    assert (await client.get("/v1/tokens", headers=bearer(alice.json()["token"]))).status_code == 200


@pytest.mark.parametrize("address", ["198.51.100.8", "203.0.113.67"], ids=["same caller", "another caller"])
async def test_a_different_body_under_a_known_key_is_just_another_request(client: httpx.AsyncClient,
                                                                          address: str) -> None:
    key = str(uuid.uuid4())
    first = await client.post("/v1/players", json={"name": "bob"},
                              headers={"Idempotency-Key": key, **from_address("198.51.100.8")})
    probe = await client.post("/v1/players", json={"name": "probe"},
                              headers={"Idempotency-Key": key, **from_address(address)})
    assert probe.status_code == 201, "no 422 telling anyone the key exists"
    assert probe.json()["id"] != first.json()["id"] and probe.json()["token"] is not None


# ---- a player's tokens ----

async def test_tokens_are_listed_created_rotated_and_revoked(client: httpx.AsyncClient) -> None:
    alice = await new_player(client, "alice")
    listed = await client.get("/v1/tokens", headers=auth(alice))
    assert listed.status_code == 200
    [first] = listed.json()["tokens"]
    assert set(first) == {"id", "label", "scopes", "created_at", "expires_at", "revoked"}, "never a secret"
    assert alice["token"] == f"ct1.{first['id']}.{alice['token'].split('.', 2)[2]}"
    assert (first["scopes"], first["expires_at"], first["revoked"]) == (["play", "organise", "read"], None, False)

    bot = await new_token(client, alice["token"], label="table bot", scopes=["read", "play"])
    assert bot["token"].startswith(f"ct1.{bot['id']}.") and bot["scopes"] == ["play", "read"]
    assert bot["label"] == "table bot" and bot["expires_at"] is None
    assert (await new_battle(client, {"token": bot["token"]}))["id"]
    listed = (await client.get("/v1/tokens", headers=auth(alice))).json()["tokens"]
    assert [t["id"] for t in listed] == [first["id"], bot["id"]]
    assert "token" not in listed[1]

    rotated = await client.post(f"/v1/tokens/{bot['id']}/rotate", headers=auth(alice))
    assert rotated.status_code == 200
    new_text = rotated.json()["token"]
    assert rotated.json()["id"] == bot["id"] and new_text != bot["token"]
    assert_problem(await client.get("/v1/tokens", headers=bearer(bot["token"])), 401, "token-unknown")
    assert (await client.get("/v1/tokens", headers=bearer(new_text))).status_code == 200

    revoked = await client.delete(f"/v1/tokens/{bot['id']}", headers=auth(alice))
    assert revoked.status_code == 204
    assert_problem(await client.get("/v1/tokens", headers=bearer(new_text)), 401, "token-revoked")
    listed = (await client.get("/v1/tokens", headers=auth(alice))).json()["tokens"]
    assert [t["revoked"] for t in listed] == [False, True]
    assert_problem(await client.post(f"/v1/tokens/{bot['id']}/rotate", headers=auth(alice)), 422, "token-revoked")
    assert (await client.delete(f"/v1/tokens/{bot['id']}", headers=auth(alice))).status_code == 204, "idempotent"

    assert (await client.delete(f"/v1/tokens/{first['id']}", headers=auth(alice))).status_code == 204
    assert_problem(await client.get("/v1/tokens", headers=auth(alice)), 401, "token-revoked")


async def test_only_the_owner_sees_its_tokens(client: httpx.AsyncClient) -> None:
    alice, mallory = await new_player(client, "alice"), await new_player(client, "mallory")
    alices = (await client.get("/v1/tokens", headers=auth(alice))).json()["tokens"][0]["id"]
    assert_problem(await client.delete(f"/v1/tokens/{alices}", headers=auth(mallory)), 404, "not-found")
    assert_problem(await client.post(f"/v1/tokens/{alices}/rotate", headers=auth(mallory)), 404, "not-found")
    assert alices not in [t["id"] for t in (await client.get("/v1/tokens", headers=auth(mallory))).json()["tokens"]]
    assert (await client.get("/v1/tokens", headers=auth(alice))).status_code == 200


async def test_a_new_token_is_checked_by_id_and_secret(client: httpx.AsyncClient) -> None:
    alice = await new_player(client, "alice")
    _, token_id, secret = alice["token"].split(".")
    wrong_secret = f"ct1.{token_id}.{secret[:-1]}{'A' if secret[-1] != 'A' else 'B'}"
    other = await new_player(client, "other")
    someone_elses_secret = f"ct1.{token_id}.{other['token'].split('.')[2]}"
    for text in (wrong_secret, someone_elses_secret, f"ct1.{uuid.uuid4()}.{secret}", f"ct1.{token_id}", secret):
        assert_problem(await client.get("/v1/tokens", headers=bearer(text)), 401, "token-unknown")
    assert (await client.get("/v1/tokens", headers=auth(alice))).status_code == 200


async def test_tokens_expire_and_never_outlive_their_creator(client: httpx.AsyncClient) -> None:
    alice = await new_player(client, "alice")
    brief = await new_token(client, alice["token"], expires_in=2)
    child = await new_token(client, brief["token"], expires_in=3600)
    assert datetime.fromisoformat(child["expires_at"]) <= datetime.fromisoformat(brief["expires_at"])
    assert (await client.get("/v1/tokens", headers=bearer(brief["token"]))).status_code == 200
    await asyncio.sleep(2.2)
    assert_problem(await client.get("/v1/tokens", headers=bearer(brief["token"])), 401, "token-expired")
    assert_problem(await client.get("/v1/tokens", headers=bearer(child["token"])), 401, "token-expired")
    assert_problem(await client.post(f"/v1/tokens/{brief['id']}/rotate", headers=auth(alice)), 422, "token-expired")
    assert (await client.get("/v1/tokens", headers=auth(alice))).status_code == 200


# ---- scopes ----

async def test_every_authenticated_operation_needs_its_scope(client: httpx.AsyncClient) -> None:
    alice = await new_player(client, "alice")
    read = (await new_token(client, alice["token"], scopes=["read"]))["token"]
    play = (await new_token(client, alice["token"], scopes=["play"]))["token"]
    organise = (await new_token(client, alice["token"], scopes=["organise"]))["token"]
    battle_body = {"ruleset": "d100", "seats": ["north", "south"]}

    refused = assert_problem(await client.post("/v1/battles", headers=bearer(read), json=battle_body),
                             403, "token-scope")
    assert refused["scope"] == "play"
    battle = (await client.post("/v1/battles", headers=bearer(play), json=battle_body)).json()
    for path, body in ((f"/v1/battles/{battle['id']}/seats/north", {}),
                       (f"/v1/battles/{battle['id']}/commands", {"type": "start"}),
                       (f"/v1/battles/{battle['id']}/fork", {"at": 1})):
        assert assert_problem(await client.post(path, headers=bearer(organise), json=body),
                              403, "token-scope")["scope"] == "play"
    assert (await client.post(f"/v1/battles/{battle['id']}/seats/north", headers=bearer(play),
                              json={})).status_code == 201
    preview = f"/v1/battles/{battle['id']}/preview"
    assert assert_problem(await client.post(preview, headers=bearer(play), json={"type": "start"}),
                          403, "token-scope")["scope"] == "read"
    assert (await client.post(preview, headers=bearer(read), json={"type": "start"})).status_code == 200
    assert assert_problem(await client.get("/v1/tokens", headers=bearer(play)), 403, "token-scope")["scope"] == "read"

    assert assert_problem(await client.post("/v1/tournaments", headers=bearer(play), json={"name": "Cup"}),
                          403, "token-scope")["scope"] == "organise"
    created = await client.post("/v1/tournaments", headers=bearer(organise), json={"name": "Cup"})
    assert created.status_code == 201
    commands = f"/v1/tournaments/{created.json()['id']}/commands"
    bob = await new_player(client, "bob")
    for body in ({"type": "pair_round"}, {"type": "name_judge", "player_id": bob["id"]},
                 {"type": "drop", "player_id": bob["id"]}, {"type": "close_round"},
                 {"type": "record_result", "round": 1, "table": 1, "winner": None, "reason": "x"}):
        assert assert_problem(await client.post(commands, headers=bearer(play), json=body),
                              403, "token-scope")["scope"] == "organise", body
    band = {"name": "Band", "characters": [{"name": f"B{n}", "gear": ["hand weapon"]} for n in range(4)]}
    for body in ({"type": "register", "name": "Alice", "army_list": band},
                 {"type": "replace_list", "army_list": band}, {"type": "drop"},
                 {"type": "drop", "player_id": alice["id"]}):
        assert assert_problem(await client.post(commands, headers=bearer(organise), json=body),
                              403, "token-scope")["scope"] == "play", body
    registered = await client.post(commands, headers=bearer(play),
                                   json={"type": "register", "name": "Alice", "army_list": band})
    assert registered.status_code == 201, registered.text
    named = await client.post(commands, headers=bearer(organise), json={"type": "name_judge", "player_id": bob["id"]})
    assert named.status_code == 201, named.text


async def test_a_token_acts_only_on_tokens_within_its_scopes(client: httpx.AsyncClient) -> None:
    alice = await new_player(client, "alice")
    first_id = (await client.get("/v1/tokens", headers=auth(alice))).json()["tokens"][0]["id"]
    leaked = await new_token(client, alice["token"], scopes=["read"])
    assert (await new_token(client, leaked["token"]))["scopes"] == ["read"], "by default, the creator's scopes"
    assert_problem(await client.post("/v1/tokens", headers=bearer(leaked["token"]), json={"scopes": ["play"]}),
                   403, "token-scope")
    assert_problem(await client.delete(f"/v1/tokens/{first_id}", headers=bearer(leaked["token"])), 403, "token-scope")
    assert_problem(await client.post(f"/v1/tokens/{first_id}/rotate", headers=bearer(leaked["token"])),
                   403, "token-scope")
    assert (await client.get("/v1/tokens", headers=auth(alice))).status_code == 200, "the owner's token still works"
    assert (await client.delete(f"/v1/tokens/{leaked['id']}", headers=bearer(leaked["token"]))).status_code == 204


# ---- idempotency records expire (a server whose records live three seconds: long enough for a
# retry on a loaded machine, where one second was once outlasted between two requests) ----

@pytest.fixture(scope="module")
def short_lived_server(database_url: str) -> Iterator[LiveServer]:
    with LiveServer(Settings(database_url=database_url, idempotency_ttl_seconds=3,
                             trusted_proxies=("127.0.0.1",))) as server:
        yield server


@pytest.fixture
async def short_lived_client(short_lived_server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=short_lived_server.url, timeout=20) as http:
        yield http


async def test_an_idempotency_key_is_remembered_until_its_record_expires(
        short_lived_client: httpx.AsyncClient) -> None:
    headers = {"Idempotency-Key": str(uuid.uuid4()), **from_address("198.51.100.9")}
    first = await short_lived_client.post("/v1/players", json={"name": "carol"}, headers=headers)
    retried = await short_lived_client.post("/v1/players", json={"name": "carol"}, headers=headers)
    assert retried.json()["id"] == first.json()["id"]
    await asyncio.sleep(3.5)
    later = await short_lived_client.post("/v1/players", json={"name": "carol"}, headers=headers)
    assert later.status_code == 201
    assert later.json()["id"] != first.json()["id"] and later.json()["token"], "an expired record is forgotten"


async def test_expired_idempotency_records_are_pruned(short_lived_client: httpx.AsyncClient,
                                                      database_url: str) -> None:
    key, address, body = str(uuid.uuid4()), "198.51.100.10", b'{"name":"dave"}'
    created = await short_lived_client.post("/v1/players", content=body, headers={
        "Idempotency-Key": key, "Content-Type": "application/json", **from_address(address)})
    assert created.status_code == 201
    scope = f"anonymous:{sha256_hex(address)}"  # the caller's address and the request, hashed
    stored_key = sha256_hex(f"{key}\n{request_hash('POST', '/v1/players', body)}")
    connection = await asyncpg.connect(database_url)
    try:
        count = "SELECT count(*) FROM idempotent_responses WHERE scope = $1 AND key = $2"
        assert await connection.fetchval(count, scope, stored_key) == 1
        row = await connection.fetchrow("SELECT body FROM idempotent_responses WHERE scope = $1", scope)
        assert created.json()["token"].encode() not in bytes(row["body"]), "no token stored"
        for _ in range(130):  # records live 3 s and the server prunes every second; give it up to 13
            if await connection.fetchval(count, scope, stored_key) == 0:
                break
            await asyncio.sleep(0.1)
        assert await connection.fetchval(count, scope, stored_key) == 0
    finally:
        await connection.close()
