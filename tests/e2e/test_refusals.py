"""Every refusal a client can meet is a problem response with the right status and rule, and
records nothing."""

from __future__ import annotations

import uuid

import httpx
import pytest

from tests.e2e.helpers import auth, command, key, new_battle, new_player, started_battle
from tests.unit.pericle_arena import encounter


def assert_problem(response: httpx.Response, status: int, rule: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["status"] == status and body["rule"] == rule, body


async def version_of(client: httpx.AsyncClient, battle_id: str) -> int:
    version: int = (await client.get(f"/v1/battles/{battle_id}")).json()["version"]
    return version


async def test_writes_need_a_known_token(client: httpx.AsyncClient) -> None:
    body = {"ruleset": "pilgrimage", "seats": ["a", "b"]}
    assert_problem(await client.post("/v1/battles", json=body), 401, "token-missing")
    assert_problem(await client.post("/v1/battles", json=body, headers={"Authorization": "Bearer nope"}),
                   401, "token-unknown")


async def test_bad_battle_definitions_are_refused(client: httpx.AsyncClient) -> None:
    alice = await new_player(client)
    for body, status, rule in [
        ({"ruleset": "chess", "seats": ["a", "b"]}, 422, "ruleset-unknown"),
        ({"ruleset": "pilgrimage", "seats": ["a", "a"]}, 422, "seat-names-unique"),
        ({"ruleset": "pilgrimage", "seats": ["a"]}, 400, "bad-request"),
        ({"ruleset": "pilgrimage", "seats": [str(n) for n in range(9)]}, 400, "bad-request"),
        ({"ruleset": "pilgrimage", "seats": ["a", "b"], "options": {"season": "Monsoon"}}, 422, "options-invalid"),
        ({"ruleset": "pilgrimage", "seats": ["a", "b"], "options": {"provisional": {"PIL-NOPE": {}}}},
         422, "options-invalid"),
        ({"ruleset": "pericle", "seats": ["a", "b"], "options": {"season": "Winter"}}, 422, "options-invalid"),
        ({"ruleset": "pericle", "seats": ["a", "b"], "options": {"encounter": encounter(
            enemies=[{"id": "ogre", "name": "Ogre", "hp": 9, "mt": 5, "base_ad": 0, "hex": {"q": 30, "r": 3},
                      "attacks": [{"name": "Club", "damage": "2d6"}]}])}}, 422, "encounter-invalid"),
        ({"ruleset": "pericle", "seats": ["a", "b"], "options": {"encounter": encounter(enemy_seat="c")}},
         422, "encounter-invalid"),
    ]:
        assert_problem(await client.post("/v1/battles", json=body, headers=auth(alice)), status, rule)


async def test_unknown_battles_are_404(client: httpx.AsyncClient) -> None:
    alice = await new_player(client)
    missing = uuid.uuid4()
    for path in ("", "/events", "/state", "/verify", "/dice"):
        assert_problem(await client.get(f"/v1/battles/{missing}{path}"), 404, "not-found")
    assert_problem(await command(client, alice, str(missing), {"type": "start"}), 404, "not-found")
    assert_problem(await client.post(f"/v1/battles/{missing}/seats/a", headers=auth(alice), json={}),
                   404, "not-found")
    assert_problem(await client.get("/v1/rulesets/chess"), 404, "not-found")


async def test_seat_rules(client: httpx.AsyncClient) -> None:
    alice, bob = await new_player(client), await new_player(client)
    battle = await new_battle(client, alice)
    seats = f"/v1/battles/{battle['id']}/seats"
    assert_problem(await client.post(f"{seats}/west", headers=auth(bob), json={}), 422, "seat-unknown")
    assert_problem(await client.post(f"{seats}/north", headers=auth(bob), json={"client_seed": "x" * 65}),
                   400, "bad-request")
    assert_problem(await command(client, alice, battle["id"], {"type": "start"}), 422, "seats-unclaimed")
    assert (await client.post(f"{seats}/north", headers=auth(alice), json={})).status_code == 201
    assert_problem(await client.post(f"{seats}/north", headers=auth(bob), json={}), 422, "seat-taken")
    assert_problem(await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6"}),
                   422, "battle-not-active")
    assert await version_of(client, battle["id"]) == 2


async def test_play_rules(client: httpx.AsyncClient) -> None:
    battle, alice, bob = await started_battle(client)
    stranger = await new_player(client)
    before = await version_of(client, battle["id"])
    battle_id = battle["id"]
    assert_problem(await command(client, stranger, battle_id, {"type": "roll", "expression": "1d6"}),
                   403, "not-seated")
    assert_problem(await command(client, alice, battle_id, {"type": "roll", "expression": "1d6",
                                                            "seat": "south"}), 403, "not-your-seat")
    assert_problem(await command(client, alice, battle_id, {"type": "start"}), 422, "battle-not-open")
    for expression, rule in [("2d6+", "dice-expression-invalid"), ("101d6", "dice-expression-too-many-dice"),
                             ("1d6+" * 30, "dice-expression-too-long"), ("1d100000", "dice-expression-too-many-sides"),
                             ("1d0", "dice-expression-invalid")]:
        response = await command(client, alice, battle_id, {"type": "roll", "expression": expression})
        assert response.status_code in (400, 422), response.text
        if response.status_code == 422:
            assert response.json()["rule"] == rule
    assert_problem(await command(client, alice, battle_id, {"type": "fly"}), 400, "bad-request")
    assert_problem(await command(client, alice, battle_id, {"type": "roll"}), 400, "bad-request")
    broken = await client.post(f"/v1/battles/{battle_id}/commands", headers=auth(alice), content=b"{not json")
    assert_problem(broken, 400, "bad-request")
    assert await version_of(client, battle_id) == before, "nothing was recorded"
    state = (await client.get(f"/v1/battles/{battle_id}/dice")).json()
    conceded = await command(client, alice, battle_id, {"type": "concede"})
    assert conceded.status_code == 201
    assert_problem(await command(client, bob, battle_id, {"type": "roll", "expression": "1d6"}),
                   422, "battle-not-active")
    assert state["server_seed"] is None


async def test_expected_version_conflict_is_409(client: httpx.AsyncClient) -> None:
    battle, alice, _ = await started_battle(client)
    current = await version_of(client, battle["id"])
    ok = await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6",
                                                     "expected_version": current})
    assert ok.status_code == 201
    stale = await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6",
                                                        "expected_version": current})
    assert_problem(stale, 409, "version-conflict")
    assert stale.json()["actual_version"] == current + 1


async def test_idempotency_key_returns_the_first_result_and_refuses_a_different_body(
        client: httpx.AsyncClient) -> None:
    battle, alice, _ = await started_battle(client)
    retry_key = key()
    first = await command(client, alice, battle["id"], {"type": "roll", "expression": "3d6"}, key=retry_key)
    again = await command(client, alice, battle["id"], {"type": "roll", "expression": "3d6"}, key=retry_key)
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert await version_of(client, battle["id"]) == first.json()["version"], "no second event"
    other = await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6"}, key=retry_key)
    assert_problem(other, 422, "idempotency-key-reused")


async def test_idempotent_player_and_battle_creation(client: httpx.AsyncClient) -> None:
    player_key = key()
    first = await client.post("/v1/players", json={"name": "carol"}, headers={"Idempotency-Key": player_key})
    again = await client.post("/v1/players", json={"name": "carol"}, headers={"Idempotency-Key": player_key})
    assert first.status_code == again.status_code == 201
    assert again.json() == {**first.json(), "token": None}, "the same player; its token is shown only once"
    carol = first.json()
    battle_key = key()
    body = {"ruleset": "d100", "seats": ["a", "b"]}
    created = await client.post("/v1/battles", json=body, headers={**auth(carol), "Idempotency-Key": battle_key})
    retried = await client.post("/v1/battles", json=body, headers={**auth(carol), "Idempotency-Key": battle_key})
    assert created.status_code == retried.status_code == 201
    assert created.json()["id"] == retried.json()["id"]


async def test_oversized_body_is_413(client: httpx.AsyncClient) -> None:
    alice = await new_player(client)
    response = await client.post("/v1/battles", headers=auth(alice),
                                 json={"ruleset": "pilgrimage", "seats": ["a", "b"], "options": {"x": "y" * 100_000}})
    assert response.status_code == 413


@pytest.mark.parametrize("query", ["?limit=0", "?limit=5000", "?after=-1", "?after=abc"])
async def test_bad_paging_is_400(client: httpx.AsyncClient, query: str) -> None:
    alice = await new_player(client)
    battle = await new_battle(client, alice)
    assert_problem(await client.get(f"/v1/battles/{battle['id']}/events{query}"), 400, "bad-request")


async def test_battle_list_filters_by_status_and_pages(client: httpx.AsyncClient) -> None:
    alice = await new_player(client)
    made = [(await new_battle(client, alice, ruleset="d100"))["id"] for _ in range(3)]
    seen: list[str] = []
    cursor = None
    while True:
        params = {"status": "open", "limit": 2, **({"cursor": cursor} if cursor else {})}
        page = (await client.get("/v1/battles", params=params)).json()
        seen += [b["id"] for b in page["battles"]]
        assert all(b["status"] == "open" for b in page["battles"])
        cursor = page["next_cursor"]
        if cursor is None or set(made) <= set(seen):
            break
    # Newest first (the session's server may create battles of its own meanwhile, such as a
    # tournament round's: only the order of ours is known).
    assert [b for b in seen if b in made] == list(reversed(made)), "newest first"
    assert len(seen) == len(set(seen)), "no battle on two pages"
    assert_problem(await client.get("/v1/battles", params={"cursor": "garbage"}), 400, "cursor-invalid")


async def test_text_that_postgres_cannot_store_is_refused_not_a_500(client: httpx.AsyncClient) -> None:
    """Found by schemathesis: U+0000 in a name reached Postgres and failed with a 500."""
    assert_problem(await client.post("/v1/players", json={"name": "nul\u0000name"}), 400, "bad-request")
    alice = await new_player(client)
    assert_problem(await client.post("/v1/battles", headers=auth(alice),
                                     json={"ruleset": "pilgrimage", "seats": ["a\u0000", "b"]}), 400, "bad-request")
    battle, alice, _ = await started_battle(client)
    assert_problem(await command(client, alice, battle["id"], {"type": "roll", "expression": "1d6",
                                                               "purpose": "\u0000"}), 400, "bad-request")
    assert_problem(await client.get("/v1/battles", params={"status": "\u0000"}), 400, "bad-request")
