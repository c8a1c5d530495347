"""Battle state snapshots: the state as plain data, tagged with the schema it was written
under. A snapshot whose schema differs from the running code's is ignored, never trusted:
the caller replays the stream instead."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.battle import BattleState
from domain.errors import DomainError
from domain.rulesets import find_ruleset

# Bump when BattleState changes shape; ruleset state versions are part of the schema too.
BATTLE_STATE_VERSION = 3  # 2: contests, referees and the action log; 3: the clock


def snapshot_schema(ruleset_id: str, ruleset_version: str) -> str:
    ruleset = find_ruleset(ruleset_id, ruleset_version)
    return f"battle-{BATTLE_STATE_VERSION}/{ruleset.id}-{ruleset.version}-{ruleset.state_version}"


def to_snapshot(state: BattleState) -> tuple[str, dict[str, Any]]:
    data: dict[str, Any] = msgspec.to_builtins(state)
    return snapshot_schema(state.ruleset, state.ruleset_version), data


def encoded_snapshot(state: BattleState) -> tuple[str, msgspec.Raw]:
    """`to_snapshot`'s data as the JSON a store keeps, encoded straight from the state: a long
    battle's action log is thousands of entries, and building them as dicts first cost the
    command path several times the encoding itself (issue #19)."""
    return snapshot_schema(state.ruleset, state.ruleset_version), msgspec.Raw(msgspec.json.encode(state))


def from_snapshot(schema: str, data: dict[str, Any] | msgspec.Raw) -> BattleState | None:
    """The state a snapshot holds (as a dict, or as its JSON), or None when it was written under
    another schema."""
    try:
        fields: dict[str, Any] = msgspec.json.decode(data) if isinstance(data, msgspec.Raw) else data
        ruleset_id, ruleset_version = fields["ruleset"], fields["ruleset_version"]
        if schema != snapshot_schema(ruleset_id, ruleset_version):
            return None
        ruleset = find_ruleset(ruleset_id, ruleset_version)
        state = msgspec.convert({**fields, "ruleset_state": None}, BattleState)
        stored = fields["ruleset_state"]
        ruleset_state = (None if ruleset.state_type is None or stored is None
                         else msgspec.convert(stored, ruleset.state_type))
        return msgspec.structs.replace(state, ruleset_state=ruleset_state)
    except (KeyError, TypeError, ValueError, msgspec.DecodeError, DomainError):  # ValidationError is a DecodeError
        return None
