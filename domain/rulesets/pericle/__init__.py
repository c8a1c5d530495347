"""Pericle: Gathering Darkness (seed 001). This version hosts the battle life cycle and
free dice rolls; the combat rules arrive in a later ruleset version."""

from typing import ClassVar

import msgspec

from domain.rulesets.base import Ruleset
from domain.rulesets.pericle.combat_events import COMBAT_EVENTS
from domain.rulesets.pericle.events import CheckRolled, CritDieRolled


class Pericle(Ruleset):
    id: ClassVar[str] = "pericle"
    title: ClassVar[str] = "Pericle: Gathering Darkness"
    version: ClassVar[str] = "1"
    summary: ClassVar[str] = (
        "Hex-grid fantasy RPG, heroes against enemies. Version 1 offers seats, free dice "
        "rolls and concession; combat rules are not enforced yet."
    )
    sources: ClassVar[tuple[str, ...]] = ("001_da6eaba1bafd55cc.txt",)

    # Every Pericle event type, whichever version first used it (one union decodes them all).
    events: ClassVar[tuple[type[msgspec.Struct], ...]] = (CheckRolled, CritDieRolled, *COMBAT_EVENTS)
