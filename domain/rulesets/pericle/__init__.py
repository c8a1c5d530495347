"""Pericle: Gathering Darkness (seed 001). Version 1 hosts the battle life cycle and free dice
rolls; the checks arrive in version 2 (`checks.py`), the combat in version 3 (`v3.py`)."""

from __future__ import annotations

import msgspec

from domain.rulesets.contract import Creation, Options, RulesetVersion, Settings
from domain.rulesets.pericle.combat_events import COMBAT_EVENTS
from domain.rulesets.pericle.events import CheckRolled, CritDieRolled
from domain.rulesets.pericle.settings import PericleV1Settings


def no_state(creation: Creation[Options, Settings]) -> None:
    """Versions 1 and 2 keep no state of their own."""
    return None


def unchanged(state: None, event: msgspec.Struct) -> None:
    return None


PERICLE_V1: RulesetVersion[None, PericleV1Settings, Options] = RulesetVersion(
    id="pericle", version="1", title="Pericle: Gathering Darkness",
    summary=("Hex-grid fantasy RPG, heroes against enemies. Version 1 offers seats, free dice "
             "rolls and concession; combat rules are not enforced yet."),
    sources=("001_da6eaba1bafd55cc.txt",),
    # Every Pericle event type, whichever version first used it (one union decodes them all).
    events=(CheckRolled, CritDieRolled, *COMBAT_EVENTS),
    options_type=Options, settings_type=PericleV1Settings,
    initial_state=no_state, evolve=unchanged,
)
