"""No re-roll by refusal (issue #12, point 4): every input is checked before any die is drawn, so
a player cannot make a bad outcome fail and retry until the dice favour them."""

from __future__ import annotations

from typing import Any

import httpx

from tests.e2e.helpers import command, started_battle
from tests.e2e.test_refusals import assert_problem, version_of

HARDY = {"str": 10, "con": 1, "siz": 30, "dex": 10, "int": 10, "pow": 10, "cha": 10}  # holds its breath 1 round


async def next_nonce(client: httpx.AsyncClient, battle_id: str) -> int:
    nonce: int = (await client.get(f"/v1/battles/{battle_id}/dice")).json()["next_nonce"]
    return nonce


async def test_bad_roll_expressions_are_refused_before_any_die(client: httpx.AsyncClient) -> None:
    """`1/0` and `1d6%0` answered 500; a divisor that a die can make zero, an expression without
    dice, unbounded rerolls and totals beyond 10^9 are refused as well, all before a nonce is
    spent."""
    battle, alice, _ = await started_battle(client)
    battle_id = battle["id"]
    before, nonce = await version_of(client, battle_id), await next_nonce(client, battle_id)
    for expression, rule in [("1/0", "dice-expression-divisor"), ("1d6%0", "dice-expression-divisor"),
                             ("1d6/(1d2-1)", "dice-expression-divisor"), ("0d6", "dice-expression-no-dice"),
                             ("7", "dice-expression-no-dice"), ("1d6e6", "dice-expression-unbounded"),
                             ("1d1rr1", "dice-expression-unbounded"), ("1d6*99999999999", "dice-expression-too-large"),
                             ("60d6+60d6", "dice-expression-too-many-dice"), ("1d6mih2", "dice-expression-invalid"),
                             ("1d0", "dice-expression-invalid")]:
        response = await command(client, alice, battle_id, {"type": "roll", "expression": expression})
        assert_problem(response, 422, rule)
        assert expression in response.json()["detail"]
    assert await version_of(client, battle_id) == before and await next_nonce(client, battle_id) == nonce
    fine = await command(client, alice, battle_id, {"type": "roll", "expression": "2d6/2+1d4ro1"})
    assert fine.status_code == 201, fine.text


async def test_fumes_that_cannot_be_rolled_are_refused_and_failed_breath_tests_are_recorded(
        client: httpx.AsyncClient) -> None:
    """The reported hole: `hold_breath` took `fumes: "1d0"`, every failed breath test then rolled a
    0-sided die and was refused, and 40 tries recorded only successes. Now the fumes are refused
    before anything is drawn, and every one of 40 breath tests is recorded, failures included."""
    battle, alice, _ = await started_battle(client)
    battle_id = battle["id"]

    async def send(body: dict[str, Any]) -> dict[str, Any]:
        response = await command(client, alice, battle_id, body)
        assert response.status_code == 201, response.text
        event: dict[str, Any] = response.json()["events"][0]
        return event

    for name in ("Ada", "Bo"):
        await send({"type": "add_character", "name": name, "characteristics": HARDY})
    await send({"type": "begin_combat"})
    before = await version_of(client, battle_id)
    for fumes in ("1d0", "2d00+1"):
        assert_problem(await command(client, alice, battle_id, {"type": "hold_breath", "character": "ada",
                                                                "fumes": fumes}), 422, "dice-expression-invalid")
    assert_problem(await command(client, alice, battle_id, {"type": "hold_breath", "character": "ada",
                                                            "fumes": "0d4"}), 422, "dice-expression-no-dice")
    assert await version_of(client, battle_id) == before
    outcomes = []
    for attempt in range(40):
        character = ("ada", "bo")[attempt % 2]  # two of them, so that the choking kills neither
        await send({"type": "hold_breath", "character": character, "fumes": "1D1"})
        await send({"type": "end_round"})
        tested = await send({"type": "breath_test", "character": character, "resilience": 75})
        outcomes.append(tested["data"]["inhaled"])
        await send({"type": "reach_air", "character": character, "resilience": 75})
    assert len(outcomes) == 40 and any(outcomes) and not all(outcomes)
