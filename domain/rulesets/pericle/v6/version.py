"""Pericle ruleset version 6: version 5's rules with more of the Hero Handbook's Spells and
Disciplines enforced by the server. Versions 3 to 5 stay registered, and their battles replay
under them unchanged: version 6 plays every combat command with its own effects and tables
(`V6_PASSIVES`, v6/passives.py), which version 5's rules consult where a later version may
differ (which Spells and Disciplines are enforced, a Spell's effect as cast, a used Discipline's)."""

from __future__ import annotations

from typing import Any

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
    """Version 5's rows played with version 6's effects, and the rows version 6 replaces."""
    mine: dict[str, Any] = {"subject": figure_subject, "not_yours": NOT_YOURS}
    own = (
        # Heroes join by version 6's sheet (scrolls and runestones, v6/runestones.py), pasted or
        # brought from a record, carrying the ancestry abilities version 6 enforces (v6/arcanum.py).
        row(cmd.SubmitHero, arcanum.with_ancestry(skill_checks.with_checks(runestones.submit_hero)),
            phase=Phase.SETUP),
        row(heroes.BringHero, arcanum.with_ancestry(skill_checks.with_checks(runestones.bring_hero)),
            phase=Phase.SETUP),
        # Quick Draw in the Movement phase (v6/disciplines.py); Stalker's Surprise turn.
        row(cmd.ReadyWeapons, combat(disciplines.ready_weapons, V6_PASSIVES), **mine),
        row(cmd.RollInitiative, combat(disciplines.roll_initiative, V6_PASSIVES)),
        row(cmd.UseDiscipline, combat(use_discipline, V6_PASSIVES), **mine),
        # Casting with an element named (v6/field.py), then by the Staff & Wand Affinities
        # (v6/affinities.py), whose Summon slot a delay must wait for.
        row(cmd.CastSpell, combat(field.cast_spell, V6_PASSIVES), **mine),
        row(cmd.Delay, combat(affinities.delay, V6_PASSIVES), **mine),
        # Tentacles of Gaia: a held creature escapes them, and does not move (v6/tentacles.py).
        row(cmd.Escape, combat(tentacles.escape_row, V6_PASSIVES), **mine),
        row(cmd.MoveFigure, combat(move, V6_PASSIVES), **mine),
        # A waiting strike's next step, or a waiting cast's effect (v6/karma_steps.py).
        row(attack_steps.GoOn, combat(karma_steps.go_on, V6_PASSIVES), **mine),
    )
    replaced = {r.command for r in own}
    return (*(r for r in rows(V6_PASSIVES, _plays) if r.command not in replaced), *own)


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
