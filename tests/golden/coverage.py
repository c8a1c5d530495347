"""Reading the golden logs, and what the logs of each released version must cover: every command
type of the version, an overturned contest, a fork, and battles that end (by concession, and by
the ruleset's own end where it has one). Shared by the recorder and the tests."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from domain.rulesets import RULESETS
from domain.rulesets.contract import Ruleset, RulesetVersion

GOLDEN = Path(__file__).resolve().parent
CORE_COMMANDS = frozenset({"create_battle", "claim_seat", "start", "roll", "concede"})
CONTEST_COMMANDS = frozenset({"appoint_referee", "contest", "rule", "agree", "refuse"})


def tag(command: type) -> str:
    return str(command.__struct_config__.tag)  # type: ignore[attr-defined]


def required_commands(ruleset: Ruleset) -> frozenset[str]:
    """The core and contest commands, the version's own, and those of the earlier versions it
    extends (Pericle 3 still decides Pericle 2's checks)."""
    return CORE_COMMANDS | CONTEST_COMMANDS | {tag(c) for c in ruleset.commands}


def has_own_end(ruleset: Ruleset) -> bool:
    """Whether the ruleset's own events can end a battle (it names winners)."""
    assert isinstance(ruleset, RulesetVersion)
    return ruleset.ends_by_rules


def folder(ruleset: str, version: str) -> Path:
    return GOLDEN / ruleset / version


def log_files(ruleset: str | None = None, version: str | None = None) -> list[Path]:
    found = sorted(GOLDEN.glob("*/*/*.jsonl"))
    return [p for p in found if (ruleset is None or p.parent.parent.name == ruleset)
            and (version is None or p.parent.name == version)]


def read_log(path: Path) -> list[dict[str, Any]]:
    """The lines of a golden log: {"event": envelope, "state_sha256": hex}."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def final_of(path: Path) -> dict[str, Any]:
    """The sidecar of a log: the full final state (for humans to diff) and the revealed seed."""
    final: dict[str, Any] = json.loads(path.with_suffix(".final.json").read_text())
    return final


def _events(paths: list[Path]) -> Iterator[tuple[Path, dict[str, Any]]]:
    for path in paths:
        for line in read_log(path):
            yield path, line["event"]


def coverage_problems(ruleset_id: str, version: str) -> list[str]:
    """What the logs of one released version fail to cover (empty when they cover it all)."""
    ruleset = RULESETS[(ruleset_id, version)]
    paths = log_files(ruleset_id, version)
    if not paths:
        return [f"{ruleset_id} {version}: no golden logs"]
    events = list(_events(paths))
    problems = []
    sent = {event["command"]["type"] for _, event in events if event.get("command")}
    missing = sorted(required_commands(ruleset) - sent)
    if missing:
        problems.append(f"{ruleset_id} {version}: no log sends {missing}")
    types = {event["type"] for _, event in events}
    if "action_reverted" not in types:
        problems.append(f"{ruleset_id} {version}: no contested action is overturned")
    if "battle_forked" not in types:
        problems.append(f"{ruleset_id} {version}: no log is a fork's stream")
    ends = {event["data"]["reason"] for _, event in events if event["type"] == "battle_ended"}
    if "concession" not in ends:
        problems.append(f"{ruleset_id} {version}: no battle ends by concession")
    if has_own_end(ruleset) and ruleset.end_reason not in ends:
        problems.append(f"{ruleset_id} {version}: no battle ends by its rules ({ruleset.end_reason})")
    for path, event in events:
        if event["type"] == "battle_created" and event["data"]["ruleset_version"] != version:
            problems.append(f"{path.name}: a battle of version {event['data']['ruleset_version']}")
    return problems
