"""Pericle ruleset version 4: the whole Hero Handbook. A hero sheet may name any of its 103
Disciplines and 75 Spells (XP, KN, prerequisites and ancestry adjustments checked), every Spell
can be cast and every used Discipline used as a command whose cost, check and duration the server
enforces, and the ruleset serves the Handbook's catalogues. Version 3 stays registered, and its
battles replay under it unchanged."""

from __future__ import annotations

from typing import Any, Union

import msgspec

from domain.rulesets.contract import Events, Phase, Play
from domain.rulesets.contract import play as row
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import acting
from domain.rulesets.pericle.checks import RollCheck, RollCritDie, RollOpposedCheck
from domain.rulesets.pericle.joining import submit_checked
from domain.rulesets.pericle.karma import karma
from domain.rulesets.pericle.rules import Table, combat, figure_subject, hero_subject
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState
from domain.rulesets.pericle.v3 import NOT_YOURS, PERICLE_V3, PLAYS
from domain.rulesets.pericle.v4 import casting, sheet


def submit_hero(ctx: Table, command: cmd.SubmitHero) -> Events:
    """A hero joins with a sheet checked against the whole Handbook."""
    return submit_checked(ctx, command, sheet.problems, sheet.stats)


CHANGED: tuple[Play[CombatState | None, PericleCombatSettings], ...] = (
    row(cmd.SubmitHero, submit_hero, phase=Phase.SETUP),
    row(cmd.CastSpell, combat(acting(casting.cast_spell)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.UseDiscipline, combat(casting.use), subject=figure_subject, not_yours=NOT_YOURS),
)
_CHANGED_TYPES = {r.command for r in CHANGED}
PLAYS_V4 = (*(r for r in PLAYS if r.command not in _CHANGED_TYPES), *CHANGED)


def rerun(ctx: Table, command: dict[str, Any]) -> Events:
    """A Karma re-roll decides the command again under version 4's rules."""
    found = next(r for r in PLAYS_V4 if r.command.__struct_config__.tag == command["type"])
    return found.rule(ctx, msgspec.convert(command, found.command))[1:]


PERICLE_V4 = PERICLE_V3.revise(
    "4",
    summary=(
        "Version 3's combat with the whole Hero Handbook: hero sheets may name any of its 103 Disciplines and 75 "
        "Spells (XP, KN, prerequisites and ancestry adjustments checked); every Spell is cast and every used "
        "Discipline used as a command whose Exhaustion, check and duration are enforced and recorded, effects the "
        "server does not model recorded with their text for the table; GET /v1/rulesets/pericle/catalogue serves "
        "the Handbook's catalogues with each entry's seed line and whether its effect is enforced."
    ),
    events=(*PERICLE_V3.events, *ev.HANDBOOK_EVENTS),
    plays=(*CHANGED, row(cmd.SpendKarma, karma(rerun), subject=hero_subject, not_yours=NOT_YOURS)),
)

# Every command a Pericle 4 battle takes of its own (version 3's and UseDiscipline).
PericleV4Command = Union[(*cmd.COMBAT_COMMANDS, cmd.UseDiscipline, RollCheck, RollOpposedCheck,  # type: ignore[valid-type]
                          RollCritDie)]
