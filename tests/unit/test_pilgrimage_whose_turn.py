"""Whose turn it is during an Act (issue #16, item 9). Seed 002, line 99: "Turn: One round: roll
Initiative, then sides alternate activating one character at a time until all are Tired"; line
85: "Act: A character's activation: up to 3 Deeds in any order; the character is then marked
Tired." Between Acts `side_to_act` names the side to activate next; during an Act, version 3
names the side of the Character acting. Version 2 showed null then, and its battles keep showing
it (its golden logs pin every state as served: tests/unit/test_golden_logs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.battle import BattleState, evolve, replay
from domain.codec import event_from
from domain.contests import ActionReverted
from tests.golden.coverage import GOLDEN, log_files, read_log
from tests.unit.test_golden_logs import as_served

LOGS = log_files("pilgrimage", "3")


def served_states(path: Path) -> list[dict[str, object]]:
    envelopes = [line["event"] for line in read_log(path)]
    events = [event_from(e["type"], e["data"]) for e in envelopes]
    state, served = BattleState(), []
    for index, event in enumerate(events):
        state = replay(events[:index + 1]) if isinstance(event, ActionReverted) else evolve(state, event)
        served.append(as_served(state))
    return served


@pytest.mark.parametrize("path", LOGS, ids=[str(p.relative_to(GOLDEN)) for p in LOGS])
def test_during_an_act_version_3_names_the_side_acting(path: Path) -> None:
    acts = 0
    for served in served_states(path):
        play = served["ruleset_state"]
        assert isinstance(play, dict)
        if play.get("activation") is None:
            continue
        acts += 1
        acting = play["activation"]["character"]
        seat = next(f["sheet"]["seat"] for f in play["figures"] if f["sheet"]["id"] == acting)
        assert play["side_to_act"] == seat
    if path.stem in ("vigil", "reckoning"):
        assert acts > 0


def test_version_2_battles_still_show_null_during_an_act() -> None:
    during = [s["ruleset_state"] for path in log_files("pilgrimage", "2") for s in served_states(path)
              if isinstance(s["ruleset_state"], dict) and s["ruleset_state"].get("activation") is not None]
    assert during and all(play["side_to_act"] is None for play in during)
