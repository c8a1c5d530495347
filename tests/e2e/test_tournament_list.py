"""`GET /v1/tournaments`: every tournament, newest first, paged by cursor, with the summary
`GET /v1/tournaments/{id}` gives (the browser table's `/` lists them from it, issue #17)."""

from __future__ import annotations

import httpx

from tests.e2e.helpers import auth, new_player


async def test_tournaments_are_listed_newest_first_page_by_page(client: httpx.AsyncClient) -> None:
    organiser = await new_player(client, "organiser")
    ids = []
    for name in ("First Cup", "Second Cup", "Third Cup"):
        created = await client.post("/v1/tournaments", headers=auth(organiser), json={"name": name})
        assert created.status_code == 201, created.text
        ids.append(created.json()["id"])
    first = await client.get("/v1/tournaments", params={"limit": 2})
    assert first.status_code == 200, first.text
    page = first.json()
    assert [t["id"] for t in page["tournaments"]] == [ids[2], ids[1]]  # the newest, as nothing came after
    after = (await client.get("/v1/tournaments", params={"limit": 2, "cursor": page["next_cursor"]})).json()
    assert after["tournaments"][0]["id"] == ids[0]
    assert after["tournaments"][0] == (await client.get(f"/v1/tournaments/{ids[0]}")).json()


async def test_a_cursor_not_from_the_api_is_a_400(client: httpx.AsyncClient) -> None:
    response = await client.get("/v1/tournaments", params={"cursor": "not-a-cursor"})
    assert response.status_code == 400 and response.json()["rule"] == "cursor-invalid", response.text
