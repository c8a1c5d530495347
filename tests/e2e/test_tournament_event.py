"""Issue 18's Must-show as one event over HTTP:

    "An e2e test of a 10-player event: a judge edits a drafted pairing with a named warning, a
    late entrant joins in round 2, fresh tables hold, a battle is won on time, another claimed
    after abandonment, standings correct; a webhook receiver on loopback gets every signed
    delivery once despite a failure in between."

The round's time limit (1 minute: 30 s a side) sets the battles' clocks, with the organiser's
`on_time` (a loss) and absence timeout (2 s); nobody sends a command in the battle won on time:
the server's clock watcher ends it. The server is test_notifications.py's (webhooks may post to
loopback only, retried after a fifth of a second), on a database of its own."""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from typing import Any

import httpx

from tests.e2e.helpers import auth, command, new_player
from tests.e2e.test_notifications import Receiver, http, notifying_server, own_database  # noqa: F401 (fixtures)
from tests.e2e.test_tournament_flow import oathband, play_battle_to_concession, t_command
from tests.e2e.test_tournament_organiser import ok

ABSENT_AFTER = 2  # seconds: the organiser's absence timeout
SIDE_SECONDS = 30  # half of the 1-minute round time limit


async def state_of(client: httpx.AsyncClient, battle_id: str) -> dict[str, Any]:
    response = await client.get(f"/v1/battles/{battle_id}/state")
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


async def round_tables(client: httpx.AsyncClient, tid: str) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = (await client.get(f"/v1/tournaments/{tid}/rounds")).json()[-1]["tables"]
    return tables


async def judged_draft(client: httpx.AsyncClient, judge: dict[str, str], tid: str, clubs: dict[str, str]) -> None:
    """The judge pairs two players of one club who were not drawn together: the edit is recorded
    with who and why, and the draft names its warning."""
    draft = (await client.get(f"/v1/tournaments/{tid}/draft")).json()
    drawn = [{t["a"], t["b"]} for t in draft["tables"]]
    a, b = next((x, y) for x in clubs for y in clubs if x < y and clubs[x] == clubs[y] and {x, y} not in drawn)
    edited = await ok(await t_command(client, judge, tid, {"type": "set_pairing", "a": a, "b": b,
                                                           "reason": "travelling together, asked to play"}))
    event = edited["events"][0]
    assert (event["type"], event["actor"], event["data"]["reason"]) == ("draft_edited", judge["id"],
                                                                        "travelling together, asked to play")
    draft = (await client.get(f"/v1/tournaments/{tid}/draft")).json()
    table = next(t for t in draft["tables"] if {t["a"], t["b"]} == {a, b})
    assert [w["code"] for w in table["warnings"]] == ["same-club"]
    await ok(await t_command(client, judge, tid, {"type": "publish_round"}))


async def started(client: httpx.AsyncClient, table: dict[str, Any], by_id: dict[str, dict[str, str]]) -> str:
    """Start the table's battle; the seat whose clock then runs (the first side to act)."""
    await ok(await command(client, by_id[table["a"]], table["battle_id"], {"type": "start"}))
    clock = (await state_of(client, table["battle_id"]))["clock"]
    assert clock["control"] == {"main_seconds": SIDE_SECONDS, "increment_seconds": 0, "per_turn_seconds": None,
                                "absent_after_seconds": ABSENT_AFTER, "on_time": "loss"}
    running: str = clock["running"]
    assert running in (table["a"], table["b"])
    return running


async def results_in(client: httpx.AsyncClient, tid: str, seconds: float) -> list[dict[str, Any]]:
    """The round's tables once every one has its result (the clock watcher's included)."""
    deadline = time.monotonic() + seconds
    tables = await round_tables(client, tid)
    while any(t["result"] is None for t in tables) and time.monotonic() < deadline:
        await asyncio.sleep(0.25)
        tables = await round_tables(client, tid)
    assert all(t["result"] is not None for t in tables), tables
    return tables


async def test_a_ten_player_event_with_clocks_an_abandonment_and_a_webhook(
        http: httpx.AsyncClient) -> None:  # noqa: F811 (the imported fixture)
    client = http  # the notifying server's client
    organiser, judge = await new_player(client, "organiser"), await new_player(client, "judge")
    players = [await new_player(client, f"player {n}") for n in range(10)]
    late = await new_player(client, "late")
    by_id = {p["id"]: p for p in [*players, late]}
    watched = players[0]  # the bot author: a webhook for everything that happens to them
    receiver = Receiver(fail=2)
    receiving = await receiver.start()
    try:
        hook = await client.post("/v1/webhooks", headers=auth(watched), json={
            "url": f"http://127.0.0.1:{receiver.port}/hook", "events": ["*"]})
        assert hook.status_code == 201, hook.text
        hook_id, receiver.secret = hook.json()["hook"]["hook_id"], hook.json()["secret"]

        tid = (await ok(await client.post("/v1/tournaments", headers=auth(organiser), json={
            "name": "Timed Open", "swiss_rounds": 2, "review_pairings": True, "late_registration_until_round": 2,
            "late_entry": "byes", "round_time_limit_minutes": 1, "on_time": "loss",
            "absent_after_seconds": ABSENT_AFTER})))["id"]
        summary = (await client.get(f"/v1/tournaments/{tid}")).json()
        assert (summary["on_time"], summary["absent_after_seconds"]) == ("loss", ABSENT_AFTER)
        await ok(await t_command(client, organiser, tid, {"type": "name_judge", "player_id": judge["id"]}))
        clubs = {p["id"]: f"club{n % 3}" for n, p in enumerate(players)}
        for n, player in enumerate(players):
            await ok(await t_command(client, player, tid, {"type": "register", "name": f"P{n}",
                                                           "army_list": oathband(f"Band{n}"),
                                                           "club": clubs[player["id"]]}))
        tables = [{"number": n, "name": f"Table {n}"} for n in range(1, 11)]
        await ok(await t_command(client, organiser, tid, {"type": "set_tables", "tables": tables}))

        # Round 1: drafted, edited by the judge, published; its battles have the organiser's clocks.
        await ok(await t_command(client, organiser, tid, {"type": "pair_round"}))
        await judged_draft(client, judge, tid, clubs)
        round_one = await round_tables(client, tid)
        assert len(round_one) == 5 and all(t["b"] is not None for t in round_one)
        winners: dict[int, dict[int, str]] = defaultdict(dict)  # round -> table -> winner, as played here

        # Table A: won on time. Nobody sends a command; the watcher ends it when the flag falls.
        timed = round_one[0]
        flagged = await started(client, timed, by_id)
        winners[1][timed["table"]] = timed["b"] if flagged == timed["a"] else timed["a"]
        timed_from = time.monotonic()

        # Table B: abandoned by the side to act; the other claims it once the timeout has passed.
        abandoned = round_one[1]
        absent = await started(client, abandoned, by_id)
        present = abandoned["b"] if absent == abandoned["a"] else abandoned["a"]
        early = await command(client, by_id[present], abandoned["battle_id"], {"type": "claim_victory"})
        assert early.status_code == 422 and early.json()["rule"] == "opponent-present", early.text
        await asyncio.sleep(ABSENT_AFTER + 0.3)
        claimed = await ok(await command(client, by_id[present], abandoned["battle_id"], {"type": "claim_victory"}))
        assert claimed["events"][0]["type"] == "battle_claimed"
        winners[1][abandoned["table"]] = present

        for table in round_one[2:]:
            winner, loser = sorted((table["a"], table["b"]))
            await play_battle_to_concession(client, table["battle_id"], by_id[winner], by_id[loser])
            winners[1][table["table"]] = winner

        round_one = await results_in(client, tid, SIDE_SECONDS + 15)
        assert time.monotonic() - timed_from >= SIDE_SECONDS - 1, "the flag fell no earlier than the clock said"
        ended = {t["battle_id"]: await state_of(client, t["battle_id"]) for t in (timed, abandoned)}
        assert (ended[timed["battle_id"]]["end_reason"], ended[timed["battle_id"]]["winners"]) == (
            "time", [winners[1][timed["table"]]])
        assert (ended[abandoned["battle_id"]]["end_reason"], ended[abandoned["battle_id"]]["winners"]) == (
            "abandonment", [present])
        events = (await client.get(f"/v1/battles/{timed['battle_id']}/events", params={"limit": 1000})).json()
        ran_out = next(e for e in events["events"] if e["type"] == "time_ran_out")
        assert (ran_out["actor"], ran_out["data"]["seat"]) == ("system", flagged)
        await ok(await t_command(client, organiser, tid, {"type": "close_round"}))

        # Round 2: a late entrant joins, with a bye for round 1 (the organiser's `late_entry`).
        await ok(await t_command(client, late, tid, {"type": "register", "name": "Late",
                                                     "army_list": oathband("Late")}))
        await ok(await t_command(client, organiser, tid, {"type": "pair_round"}))
        await ok(await t_command(client, organiser, tid, {"type": "publish_round"}))
        round_two = await round_tables(client, tid)
        assert late["id"] in {p for t in round_two for p in (t["a"], t["b"])}, "the late entrant is paired"
        for table in round_two:
            if table["b"] is None:
                winners[2][table["table"]] = table["a"]  # the round's bye
                continue
            winner, loser = sorted((table["a"], table["b"]))
            await play_battle_to_concession(client, table["battle_id"], by_id[winner], by_id[loser])
            winners[2][table["table"]] = winner
        round_two = await results_in(client, tid, 15)
        await ok(await t_command(client, organiser, tid, {"type": "close_round"}))

        # Fresh tables: nobody plays twice on one table.
        seen: dict[str, list[int]] = defaultdict(list)
        for table in (*round_one, *round_two):
            if table["b"] is not None:
                seen[table["a"]].append(table["table"])
                seen[table["b"]].append(table["table"])
        assert all(len(numbers) == len(set(numbers)) for numbers in seen.values()), f"fresh tables: {seen}"

        # Standings counted by hand: 3 points a win or bye (the late entrant's bye for round 1 too).
        for number, played in ((1, round_one), (2, round_two)):
            assert {t["table"]: t["result"]["winner"] for t in played} == winners[number]
        expected: dict[str, int] = defaultdict(int)
        expected[late["id"]] += 3
        for by_table in winners.values():
            for winner in by_table.values():
                expected[winner] += 3
        standings = (await client.get(f"/v1/tournaments/{tid}/standings")).json()
        assert {row["player_id"]: row["points"] for row in standings if row["points"]} == dict(expected)
        assert len(standings) == 11
        assert [row["points"] for row in standings] == sorted((row["points"] for row in standings), reverse=True)
        summary = (await client.get(f"/v1/tournaments/{tid}")).json()
        assert summary["status"] == "ended" and summary["champion"] == standings[0]["player_id"]
        report = (await client.get(f"/v1/tournaments/{tid}/verify")).json()
        assert report["ok"] is True, report["problems"]

        # The webhook: every notification of the watched player, signed, delivered exactly once
        # although the receiver answered its second request with a 500.
        notifications = (await client.get("/v1/players/me/notifications", headers=auth(watched))).json()
        assert {"pairings_published", "battle_started", "battle_ended"} <= {n["type"] for n in notifications}
        deadline = time.monotonic() + 20
        while len(receiver.accepted) < len(notifications) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)  # time for a double to arrive, if one were sent
    finally:
        receiving.close()

    accepted = sorted(receiver.accepted, key=lambda d: d["notification"]["seq"])
    assert [d["notification"] for d in accepted] == notifications, "every notification delivered exactly once"
    assert len(receiver.requests) == len(notifications) + 1  # one of them attempted twice
    failed_once = receiver.requests[1][0]["chronicle-delivery"]
    assert [h["chronicle-delivery"] for h, _ in receiver.requests].count(failed_once) == 2
    deliveries = (await client.get(f"/v1/webhooks/{hook_id}/deliveries", headers=auth(watched))).json()
    outcomes = sorted((d["status"], d["attempts"]) for d in deliveries["deliveries"])
    assert outcomes == [("delivered", 1)] * (len(notifications) - 1) + [("delivered", 2)]
