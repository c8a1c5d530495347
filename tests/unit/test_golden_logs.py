"""Released ruleset versions are frozen: battles recorded through the API under every released
version (tests/golden/, python-chess's perft files for us) must replay exactly as they were
played. For every log, event by event: the event decodes, `evolve` takes it, and the state it
leaves (`GET /state?at=<version>`, as JSON) hashes to what the server served then; the final
state equals the recorded one; `verify` finds the chain, the dice and every command decided
again with its recorded dice exactly as recorded. A change to how a released version decides
or evolves fails here: it must come as a new version instead."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.battle import BattleState, evolve, replay
from domain.codec import event_from
from domain.contests import ActionReverted
from domain.rulesets import RULESETS
from projections.battle_summary import state_view
from server.battle_service import BATTLE_RULES, stream_id
from server.store.base import RecordedEvent
from server.store.jcs import canonical
from server.verification import FORK_COMMAND, verify
from tests.golden.coverage import GOLDEN, coverage_problems, final_of, log_files, read_log

LOGS = log_files()


def as_served(state: BattleState) -> Any:
    """`GET /state` as a client reads it: the state view through JSON."""
    return msgspec.json.decode(msgspec.json.encode(state_view(state)))


def digest(served: Any) -> str:
    return hashlib.sha256(canonical(served)).hexdigest()


def recorded(envelope: dict[str, Any]) -> RecordedEvent:
    return RecordedEvent(stream_id=stream_id(envelope["battle_id"]), version=envelope["version"],
                         position=envelope["version"], type=envelope["type"], data=envelope["data"],
                         actor=envelope["actor"], recorded_at=envelope["recorded_at"], hash=envelope["hash"],
                         prev_hash=envelope["prev_hash"], command=envelope["command"])


def test_every_released_version_has_golden_logs_covering_it() -> None:
    problems = [p for ruleset_id, version in RULESETS for p in coverage_problems(ruleset_id, version)]
    assert problems == []


def test_pilgrimage_2_logs_play_trials_to_their_end() -> None:
    trials = {line["event"]["data"]["trial"] for path in log_files("pilgrimage", "2") for line in read_log(path)
              if line["event"]["type"] == "trial_ended"}
    assert len(trials) >= 2, trials


@pytest.mark.parametrize("path", LOGS, ids=[str(p.relative_to(GOLDEN)) for p in LOGS])
def test_a_golden_log_replays_to_the_recorded_states_and_verifies(path: Path) -> None:
    lines = read_log(path)
    envelopes = [line["event"] for line in lines]
    assert [e["version"] for e in envelopes] == list(range(1, len(envelopes) + 1))
    events = [event_from(e["type"], e["data"]) for e in envelopes]
    state = BattleState()
    for index, (event, line) in enumerate(zip(events, lines, strict=True)):
        version = index + 1
        try:
            # A revert voids earlier events: the state at its version is the prefix replayed.
            state = replay(events[:version]) if isinstance(event, ActionReverted) else evolve(state, event)
        except Exception as exc:  # any raise is the failure this test reports
            pytest.fail(f"{path.name}: evolve raised for the recorded event {version} ({line['event']['type']}): "
                        f"{exc!r}")
        assert digest(as_served(state)) == line["state_sha256"], (
            f"{path.name}: the state after event {version} ({line['event']['type']}) is not the recorded one")
    final = final_of(path)
    assert as_served(state) == final["state"], f"{path.name}: the final state differs from the recorded one"
    assert state.server_seed == final["server_seed"]
    assert [e["void"] for e in envelopes] == [state.is_void(e["version"]) for e in envelopes]

    stored = [recorded(e) for e in envelopes]
    report = verify(stored, len(stored), envelopes[0]["battle_id"], rules=BATTLE_RULES,
                    stream_id=stream_id(envelopes[0]["battle_id"]))
    assert report.problems == [], f"{path.name}: {report.problems[:5]}"
    commands = [e for e in envelopes if e["command"] is not None and e["command"]["type"] != FORK_COMMAND]
    assert report.commands == len(commands), "every recorded command was decided again"
    assert final["server_seed"] is None or report.rolls > 0, "the revealed seed recomputes the battle's rolls"
