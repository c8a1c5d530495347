"""The percentile "Adventuring" rules (seed 004). This version hosts the battle life
cycle and free dice rolls; the adventuring rules arrive in a later ruleset version."""

from typing import ClassVar

import msgspec

from domain.rulesets.base import Ruleset
from domain.rulesets.d100.events import D100_EVENTS


class D100(Ruleset):
    id: ClassVar[str] = "d100"
    title: ClassVar[str] = "Adventuring (d100)"
    version: ClassVar[str] = "1"
    summary: ClassVar[str] = (
        "Percentile fantasy RPG adventuring rules. Version 1 offers seats, free dice rolls "
        "and concession; the adventuring rules are not enforced yet."
    )
    sources: ClassVar[tuple[str, ...]] = ("004_ebdc87bf0448ab50.txt",)
    # Every d100 event type, whichever version first used it (one union decodes them all).
    events: ClassVar[tuple[type[msgspec.Struct], ...]] = D100_EVENTS
