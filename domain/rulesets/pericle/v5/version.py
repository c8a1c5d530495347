"""Pericle ruleset version 5: version 4's Hero Handbook with the combat chapter re-checked line by
line against seed 001 and more of the Handbook's Spells and Disciplines enforced by the server.
Versions 3 and 4 stay registered, and their battles replay under them unchanged: every change
here is a row of `CHANGED` (a command decided by new rules) or a new event type."""

from __future__ import annotations

from typing import Union, get_args

from domain.rulesets.contract import Phase, Play
from domain.rulesets.contract import play as row
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState
from domain.rulesets.pericle.v4.version import PERICLE_V4, PericleV4Command
from domain.rulesets.pericle.v5 import discipline_rows, heroes

# The commands version 5 decides by rules of its own (each area's module adds its rows).
CHANGED: tuple[Play[CombatState | None, PericleCombatSettings], ...] = (
    row(cmd.SubmitHero, heroes.submit_hero, phase=Phase.SETUP),
    row(heroes.BringHero, heroes.bring_hero, phase=Phase.SETUP),
    # Every combat command with version 5's Disciplines (discipline_rows.py).
    *discipline_rows.ROWS,
    # A Karma re-roll decides the latest command again by version 5's own rules.
    discipline_rows.karma_row(lambda: _plays()),
)

PERICLE_V5 = PERICLE_V4.revise(
    "5",
    summary=(
        "Version 4's whole Hero Handbook with the combat chapter re-checked against the seed and more of the "
        "Handbook's Spells and Disciplines enforced by the server. A pasted hero sheet pays for its Karma (5 XP each); "
        "a hero kept by Chronicle joins by POST /v1/battles/{id}/heroes as its record stands (`bring_hero`)."
    ),
    events=(*PERICLE_V4.events, heroes.HeroBrought, *ev.DISCIPLINE_EVENTS_V5),
    plays=CHANGED,
)


def _plays() -> tuple[Play[CombatState | None, PericleCombatSettings], ...]:
    return PERICLE_V5.plays


# Every command a Pericle 5 battle takes of its own.
PericleV5Command = Union[(*get_args(PericleV4Command), heroes.BringHero)]  # type: ignore[valid-type]
