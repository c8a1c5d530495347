"""The percentile "Adventuring" rules (seed 004). Version 1 hosts the battle life cycle and
free dice rolls; the adventuring rules arrive in version 2 (`v2.py`)."""

from __future__ import annotations

import msgspec

from domain.rulesets.contract import Creation, Options, RulesetVersion, Settings
from domain.rulesets.d100.events import D100_EVENTS


class D100V1Settings(Settings, frozen=True, forbid_unknown_fields=True):
    """Version 1 has no provisional rules."""


def _nothing_kept(creation: Creation[Options, D100V1Settings]) -> None:
    return None


def _unchanged(state: None, event: msgspec.Struct) -> None:
    return None


D100_V1: RulesetVersion[None, D100V1Settings, Options] = RulesetVersion(
    id="d100", version="1", title="Adventuring (d100)",
    summary=("Percentile fantasy RPG adventuring rules. Version 1 offers seats, free dice rolls "
             "and concession; the adventuring rules are not enforced yet."),
    sources=("004_ebdc87bf0448ab50.txt",),
    # Every d100 event type, whichever version first used it (one union decodes them all).
    events=D100_EVENTS,
    options_type=Options, settings_type=D100V1Settings,
    initial_state=_nothing_kept, evolve=_unchanged,
)
