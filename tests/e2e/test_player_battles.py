"""A player's battles (issue 18, item 6): "`GET /v1/battles?player=` (and `me`), with status,
ruleset and result, newest first"."""

from __future__ import annotations

import httpx

from tests.e2e.helpers import auth, command, new_battle, new_player


async def test_a_players_battles_newest_first_with_status_ruleset_and_result(client: httpx.AsyncClient) -> None:
    alice, bob, carol = [await new_player(client, name) for name in ("alice", "bob", "carol")]
    first = await new_battle(client, alice)
    for player, seat in ((alice, "north"), (bob, "south")):
        claimed = await client.post(f"/v1/battles/{first['id']}/seats/{seat}", headers=auth(player))
        assert claimed.status_code == 201, claimed.text
    assert (await command(client, alice, first["id"], {"type": "start"})).status_code == 201
    assert (await command(client, bob, first["id"], {"type": "concede"})).status_code == 201
    second = await new_battle(client, carol)
    claimed = await client.post(f"/v1/battles/{second['id']}/seats/north", headers=auth(bob))
    assert claimed.status_code == 201
    await new_battle(client, carol)  # bob holds no seat in it

    listed = (await client.get(f"/v1/battles?player={bob['id']}")).json()["battles"]
    assert [b["id"] for b in listed] == [second["id"], first["id"]], "bob's two battles, newest first"
    newest, oldest = listed
    assert (newest["status"], newest["ruleset"], newest["winners"]) == ("open", "d100", [])
    assert (oldest["status"], oldest["winners"], oldest["end_reason"]) == ("ended", ["north"], "concession")

    mine = await client.get("/v1/battles?player=me", headers=auth(bob))
    assert [b["id"] for b in mine.json()["battles"]] == [second["id"], first["id"]]
    ended = (await client.get("/v1/battles?player=me&status=ended", headers=auth(bob))).json()["battles"]
    assert [b["id"] for b in ended] == [first["id"]]
    paged = (await client.get("/v1/battles?player=me&limit=1", headers=auth(bob))).json()
    rest = (await client.get(f"/v1/battles?player=me&cursor={paged['next_cursor']}", headers=auth(bob))).json()
    assert [b["id"] for b in paged["battles"] + rest["battles"]] == [second["id"], first["id"]]

    anonymous = await client.get("/v1/battles?player=me")
    assert anonymous.status_code == 401 and anonymous.json()["rule"] == "token-missing"
    assert (await client.get(f"/v1/battles?player={'x' * 65}")).status_code == 400
    assert (await client.get("/v1/battles", params={"player": "a\x00b"})).status_code == 400, "never a 500"
