"""Pericle ruleset version 5: version 4's Hero Handbook with the combat chapter re-checked line by
line against seed 001 and more of the Handbook's Spells and Disciplines enforced by the server.
Versions 3 and 4 stay registered, and their battles replay under them unchanged: every change
here is a row of `CHANGED` (a command decided by new rules) or a new event type."""

from __future__ import annotations

from typing import Union

from domain.rulesets.contract import Play
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState
from domain.rulesets.pericle.v4.version import PERICLE_V4, PericleV4Command
from domain.rulesets.pericle.v5 import discipline_rows

# The commands version 5 decides by rules of its own (each area's module adds its rows).
CHANGED: tuple[Play[CombatState | None, PericleCombatSettings], ...] = (
    *discipline_rows.ROWS,
    # A Karma re-roll decides the latest command again by version 5's own rules.
    discipline_rows.karma_row(lambda: _plays()),
)

PERICLE_V5 = PERICLE_V4.revise(
    "5",
    summary=(
        "Version 4's whole Hero Handbook with the combat chapter re-checked against the seed and more of the "
        "Handbook's Spells and Disciplines enforced by the server."
    ),
    events=(*PERICLE_V4.events, *ev.DISCIPLINE_EVENTS_V5),
    plays=CHANGED,
)

def _plays() -> tuple[Play[CombatState | None, PericleCombatSettings], ...]:
    return PERICLE_V5.plays


# Every command a Pericle 5 battle takes of its own.
PericleV5Command = Union[PericleV4Command]  # noqa: UP007
