"""Pericle ruleset version 5: version 4's Hero Handbook with the combat chapter re-checked line by
line against seed 001 and more of the Handbook's Spells and Disciplines enforced by the server.
Versions 3 and 4 stay registered, and their battles replay under them unchanged: every change
here is a row of `CHANGED` (a command decided by new rules) or a new event type."""

from __future__ import annotations

from typing import Any, Union, get_args

import msgspec

from domain.rulesets.contract import Events, Phase, Play
from domain.rulesets.contract import play as row
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import acting
from domain.rulesets.pericle.karma import karma
from domain.rulesets.pericle.rules import Table, combat, figure_subject, hero_subject
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState
from domain.rulesets.pericle.v3 import NOT_YOURS
from domain.rulesets.pericle.v4.version import PERICLE_V4, PericleV4Command
from domain.rulesets.pericle.v5 import casting, heroes

# The commands version 5 decides by rules of its own (each area's module adds its rows).
CHANGED: tuple[Play[CombatState | None, PericleCombatSettings], ...] = (
    row(cmd.SubmitHero, heroes.submit_hero, phase=Phase.SETUP),
    row(heroes.BringHero, heroes.bring_hero, phase=Phase.SETUP),
    row(cmd.CastSpell, combat(acting(casting.cast_spell)), subject=figure_subject, not_yours=NOT_YOURS),
)


def rerun(ctx: Table, command: dict[str, Any]) -> Events:
    """A Karma re-roll decides the command again under version 5's rules (version 4's `rerun`
    would decide it by version 4's)."""
    found = next(r for r in PERICLE_V5.plays if r.command.__struct_config__.tag == command["type"])
    return found.rule(ctx, msgspec.convert(command, found.command))[1:]


PERICLE_V5 = PERICLE_V4.revise(
    "5",
    summary=(
        "Version 4's whole Hero Handbook with the combat chapter re-checked against the seed and more of the "
        "Handbook's Spells and Disciplines enforced by the server. A pasted hero sheet pays for its Karma (5 XP each); "
        "a hero kept by Chronicle joins by POST /v1/battles/{id}/heroes as its record stands (`bring_hero`)."
    ),
    events=(*PERICLE_V4.events, heroes.HeroBrought, *ev.SPELL_EVENTS),
    plays=(*CHANGED, row(cmd.SpendKarma, karma(rerun), subject=hero_subject, not_yours=NOT_YOURS)),
)

# Every command a Pericle 5 battle takes of its own.
PericleV5Command = Union[(*get_args(PericleV4Command), heroes.BringHero)]  # type: ignore[valid-type]
