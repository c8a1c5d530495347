"""The server's alarm for a decision that fails after drawing dice (issue #12, point 4): the rules
never refuse after a draw, so if a ruleset ever does, the command is answered with a 500
`refused-after-draw`, logged at ERROR with the battle and the command, and counted for alerting;
nothing is recorded. A refusal before any draw stays an ordinary 422."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient
from prometheus_client import REGISTRY

from domain import rulesets
from domain.dice import Dice
from domain.errors import RuleViolation
from domain.rulesets import contract
from domain.rulesets.contract import Options, RulesetVersion
from server.app import create_app
from server.settings import Settings
from server.store.memory import MemoryStore


class FaultyOptions(Options, frozen=True, forbid_unknown_fields=True):
    fails: str = "refusal"


class NoSettings(contract.Settings, frozen=True, forbid_unknown_fields=True):
    pass


def _set_up(options: FaultyOptions, settings: NoSettings, dice: Dice) -> Sequence[msgspec.Struct]:
    """Its set-up (run by `start`) rolls a die, then fails as the battle's options say: with a
    refusal, with a bug, or before the roll."""
    if options.fails == "before-rolling":
        raise RuleViolation("not-ready-yet", "refused before any die")
    rolling = dice.start("set-up")
    rolling.draw(6)
    if options.fails == "refusal":
        raise RuleViolation("bad-luck", "refused once the die was seen")
    raise ZeroDivisionError("a bug after the die")


# A broken ruleset, registered only by these tests.
FAULTY: RulesetVersion[None, NoSettings, FaultyOptions] = RulesetVersion(
    id="faulty", version="1", title="Faulty", summary="fails after its dice", options_type=FaultyOptions,
    settings_type=NoSettings, initial_state=lambda creation: None,
    evolve=lambda state, event: None, setup=_set_up)


@pytest.fixture
async def client(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[AsyncTestClient[Any]]:
    faulty = FAULTY
    monkeypatch.setitem(rulesets.RULESETS, ("faulty", "1"), faulty)
    monkeypatch.setitem(rulesets.LATEST, "faulty", faulty)
    app = create_app(Settings(), store=MemoryStore())
    async with AsyncTestClient(app) as http:
        yield http


async def _battle_ready_to_start(http: AsyncTestClient[Any], fails: str) -> tuple[str, dict[str, str]]:
    """A battle of the faulty ruleset with both seats claimed, and its creator's credentials."""
    token = {}
    for name in ("ann", "bob"):
        created = await http.post("/v1/players", json={"name": name})
        token[name] = {"Authorization": f"Bearer {created.json()['token']}"}
    battle = await http.post("/v1/battles", headers=token["ann"],
                             json={"ruleset": "faulty", "seats": ["a", "b"], "options": {"fails": fails}})
    assert battle.status_code == 201, battle.text
    battle_id = battle.json()["id"]
    for name, seat in (("ann", "a"), ("bob", "b")):
        claimed = await http.post(f"/v1/battles/{battle_id}/seats/{seat}", headers=token[name], json={})
        assert claimed.status_code == 201, claimed.text
    return battle_id, token["ann"]


def _alarms() -> float:
    return REGISTRY.get_sample_value("chronicle_refusals_after_draw_total", {"kind": "battle"}) or 0.0


@pytest.mark.parametrize(("fails", "cause"), [("refusal", "refused once the die was seen"),
                                               ("bug", "a bug after the die")])
async def test_a_failure_after_a_draw_is_a_500_logged_and_counted(client: AsyncTestClient[Any], fails: str,
                                                                  cause: str, caplog: pytest.LogCaptureFixture
                                                                  ) -> None:
    early, early_creator = await _battle_ready_to_start(client, "before-rolling")
    battle_id, ann = await _battle_ready_to_start(client, fails)
    before = _alarms()
    refused = await client.post(f"/v1/battles/{early}/commands", headers=early_creator, json={"type": "start"})
    assert refused.status_code == 422 and refused.json()["rule"] == "not-ready-yet", "before any die: a refusal"
    assert _alarms() == before
    with caplog.at_level(logging.ERROR, logger="chronicle.streams"):
        response = await client.post(f"/v1/battles/{battle_id}/commands", headers=ann, json={"type": "start"})
    assert response.status_code == 500, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["rule"] == "refused-after-draw"
    assert _alarms() == before + 1
    [alarm] = [r for r in caplog.records if r.name == "chronicle.streams" and r.levelno == logging.ERROR]
    assert battle_id in alarm.getMessage() and "start" in alarm.getMessage() and cause in alarm.getMessage()
    assert "nonces [0]" in alarm.getMessage()
    summary = (await client.get(f"/v1/battles/{battle_id}")).json()
    assert summary["status"] == "open" and summary["version"] == 3, "nothing was recorded"
    metrics = (await client.get("/metrics")).text
    assert 'chronicle_refusals_after_draw_total{kind="battle"}' in metrics
