"""Pericle ruleset version 6: version 5's rules with more of the Hero Handbook's Spells and
Disciplines enforced by the server. Versions 3 to 5 stay registered, and their battles replay
under them unchanged: version 6 plays every combat command with its own effects and tables
(`V6_PASSIVES`, v6/passives.py), which version 5's rules consult where a later version may
differ (which Spells and Disciplines are enforced, a Spell's effect as cast, a used Discipline's)."""

from __future__ import annotations

import dataclasses

from domain.rulesets.contract import Phase
from domain.rulesets.contract import play as row
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.rules import combat, figure_subject
from domain.rulesets.pericle.settings import PericleV6Settings
from domain.rulesets.pericle.v3 import NOT_YOURS
from domain.rulesets.pericle.v4.casting import use_instead_of_moving
from domain.rulesets.pericle.v5 import attack_steps, heroes, skill_checks, using
from domain.rulesets.pericle.v5.version import PERICLE_V5, Row, rows
from domain.rulesets.pericle.v6 import (
    affinities,
    arcanum,
    disciplines,
    field,
    karma_steps,
    runestones,
    sight,
    tentacles,
)
from domain.rulesets.pericle.v6.passives import V6_PASSIVES
from domain.rulesets.pericle.v6.provisional import V6_RULES

JOINING = (cmd.SubmitHero, heroes.BringHero)


def _plays() -> tuple[Row, ...]:
    return PERICLE_V6.plays


def use_discipline(play: Play, command: cmd.UseDiscipline) -> None:
    """Version 6's `use_discipline`: the Staff & Wand Affinities used in combat (Curse I declared,
    Conjuration's attack: v6/affinities.py), Shield Bash II or III declared for a Defend
    (v6/disciplines.py), Animal Handler III+ instead of moving (v6/field.py); anything else as version 5
    (v5/using.py, through disciplines.use)."""
    if command.discipline in affinities.USED_IN_COMBAT:
        affinities.use(play, command)
    elif command.discipline in field.IN_MOVEMENT:
        use_instead_of_moving(play, command, using.use_discipline)
    elif command.discipline == field.ELEMENTAL_BENDING and play.state.phase == "declare":
        field.declare_air(play, command)
    else:
        disciplines.use(play, command)


def move(play: Play, command: cmd.MoveFigure) -> None:
    """Version 6's `move_figure`: a creature held by Tentacles of Gaia does not move (v6/tentacles.py);
    anything else as version 5 (v5/attack_steps.py)."""
    tentacles.not_held(play, command)
    attack_steps.move(play, command)


def _rows() -> tuple[Row, ...]:
    """Version 5's rows played with version 6's effects, and the rows version 6 replaces: casting
    and delaying (the Staff & Wand Affinities, v6/affinities.py), readying weapons (Quick Draw in
    the Movement phase, v6/disciplines.py), using a Discipline (`use_discipline` above) and the
    Initiative (Stalker's Surprise turn); heroes join with version 6's ancestry abilities (v6/arcanum.py)."""
    own = (row(cmd.ReadyWeapons, combat(disciplines.ready_weapons, V6_PASSIVES), subject=figure_subject,
               not_yours=NOT_YOURS),
           row(cmd.UseDiscipline, combat(use_discipline, V6_PASSIVES), subject=figure_subject, not_yours=NOT_YOURS),
           row(cmd.RollInitiative, combat(disciplines.roll_initiative, V6_PASSIVES)),
           row(cmd.CastSpell, combat(field.cast_spell, V6_PASSIVES), subject=figure_subject, not_yours=NOT_YOURS),
           # Tentacles of Gaia: a held creature escapes them, and does not move (v6/tentacles.py).
           row(cmd.Escape, combat(tentacles.escape_row, V6_PASSIVES), subject=figure_subject, not_yours=NOT_YOURS),
           row(cmd.MoveFigure, combat(move, V6_PASSIVES), subject=figure_subject, not_yours=NOT_YOURS),
           # A waiting strike's next step, or a waiting cast's effect (v6/karma_steps.py).
           row(attack_steps.GoOn, combat(karma_steps.go_on, V6_PASSIVES), subject=figure_subject,
               not_yours=NOT_YOURS))
    replaced = {r.command for r in own}
    # Heroes join by version 6's sheet (runestones, scrolls: v6/runestones.py) carrying the ancestry
    # abilities version 6 enforces (Elvish Arcanum, v6/arcanum.py).
    # A hero record brings them too (`bring_hero`, v6/runestones.py).
    joining = {cmd.SubmitHero: row(cmd.SubmitHero, skill_checks.with_checks(runestones.submit_hero),
                                   phase=Phase.SETUP),
               heroes.BringHero: row(heroes.BringHero, skill_checks.with_checks(runestones.bring_hero),
                                     phase=Phase.SETUP)}
    revised = tuple(joining.get(r.command, r)
                    for r in affinities.revised(rows(V6_PASSIVES, _plays), V6_PASSIVES))
    revised = tuple(dataclasses.replace(r, rule=arcanum.with_ancestry(r.rule)) if r.command in JOINING else r
                    for r in revised)
    return (*(r for r in revised if r.command not in replaced), *own)


PERICLE_V6 = PERICLE_V5.revise(
    "6",
    summary=(
        "Version 5's rules with more of the Hero Handbook's Spells and Disciplines enforced by the server "
        "(GET /v1/rulesets/pericle/catalogue says which)."
    ),
    settings_type=PericleV6Settings,
    # The combat carries the version's REVISION: Embattlement by Reach reads the line as the Reach
    # blow does (v6/sight.py).
    initial_state=sight.initial_state,
    # Version 6's own events: a beast form taken and left, control taken and lost (v6/control.py),
    # an Affinity's copied spell and added slot (v6/affinities.py), a Boon's raised attribute (v6/body.py),
    # an animal befriended and convinced (v6/field.py), the tentacles' Grapple and letting go
    # (v6/tentacles.py), a Gateway's second gate (v6/gateway.py), a cast waiting for Karma
    # (v6/karma_steps.py), a Spell Scroll consumed (v6/scrolls.py).
    events=(*PERICLE_V5.events, *ev.SHAPE_EVENTS, *ev.AFFINITY_EVENTS_V6, *ev.BODY_EVENTS_V6,
            *ev.FIELD_EVENTS_V6, *ev.CONJURED_EVENTS_V6, *ev.KARMA_EVENTS_V6, *ev.ITEM_EVENTS_V6),
    provisional_rules=V6_RULES,
    # Every row again with version 6's effects; while an attack waits in a Karma window, only
    # `go_on` and `spend_karma` are played.
    plays=attack_steps.waiting_refused(_rows()),
)
