"""Pericle's events (every ruleset version's, so one union decodes them all)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import Roll
from domain.rulesets.pericle.dice import Check


class CheckRolled(msgspec.Struct, frozen=True, tag="check_rolled"):
    seat: str
    purpose: str
    check: Check
    opposed: dict[str, Any] | None = None  # {"aggressor_score", "defender_score", "roller"}


class CritDieRolled(msgspec.Struct, frozen=True, tag="crit_die_rolled"):
    seat: str
    purpose: str
    face: str
    roll: Roll
