"""Pericle ruleset version 5: version 4's Hero Handbook with the combat chapter re-checked line by
line against seed 001 and more of the Handbook's Spells and Disciplines enforced by the server.
Versions 3 and 4 stay registered, and their battles replay under them unchanged: every change
here is a row of `CHANGED` (a command decided by new rules) or a new event type. Where a shared
rule deep inside an attack or a spell changed (cover and sight, a Grapple Pile's Defense Dice),
it reads the version's settings type (`PericleV5Settings.REVISION`), so that every command that
aims, a Karma re-roll's included, decides by version 5's reading."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Union, get_args

import msgspec

from domain.rulesets.contract import Events, Phase, Play
from domain.rulesets.contract import play as row
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import acting
from domain.rulesets.pericle.karma import karma
from domain.rulesets.pericle.passives import Passives
from domain.rulesets.pericle.rules import Table, combat, figure_subject, hero_subject
from domain.rulesets.pericle.settings import PericleCombatSettings, PericleV5Settings
from domain.rulesets.pericle.state import CombatState
from domain.rulesets.pericle.v3 import NOT_YOURS
from domain.rulesets.pericle.v4.version import PERICLE_V4, PericleV4Command
from domain.rulesets.pericle.v5 import attack_steps, casting, discipline_rows, heroes, piles, skill_checks, spell_ends
from domain.rulesets.pericle.v5.passives import V5_PASSIVES
from domain.rulesets.pericle.v5.provisional import V5_RULES

Row = Play[CombatState | None, PericleCombatSettings]


def rerun_by(plays: Callable[[], tuple[Row, ...]]) -> Callable[[Table, dict[str, Any]], Events]:
    """A Karma re-roll decides the latest command again by the rule of its type among `plays()`,
    the version's own table (version 4's `rerun` would decide it by version 4's)."""

    def rerun(ctx: Table, command: dict[str, Any]) -> Events:
        found = next(r for r in plays() if r.command.__struct_config__.tag == command["type"])
        return found.rule(ctx, msgspec.convert(command, found.command))[1:]

    return rerun


def own_rows(passives: Passives, plays: Callable[[], tuple[Row, ...]]) -> tuple[Row, ...]:
    """The commands version 5 decides by rules of its own (each area's module adds its rows), played
    with `passives`: a version's always-on Discipline effects and tables (v5/passives.py); `plays`,
    the version's whole table, for a Karma re-roll."""
    mine: dict[str, Any] = {"subject": figure_subject, "not_yours": NOT_YOURS}
    return (
        # Heroes join with their Karma paid (line 636), version 5's sheet numbers (Armor Proficiency I,
        # line 1137), the ancestry abilities that name checks the server rolls (line 866), and their
        # sheet's Skill ranks and Attributes (v5/skill_checks.py), pasted or brought from a record.
        row(cmd.SubmitHero, skill_checks.with_checks(heroes.submit_hero), phase=Phase.SETUP),
        row(heroes.BringHero, skill_checks.with_checks(heroes.bring_hero), phase=Phase.SETUP),
        # Karma (seed 001 lines 632-634): strikes in steps, a Karma window after each set of dice.
        row(cmd.Attack, combat(attack_steps.attack, passives), **mine),
        row(attack_steps.GoOn, combat(attack_steps.go_on, passives), **mine),
        row(cmd.Grapple, combat(attack_steps.grapple, passives), **mine),
        row(cmd.MoveFigure, combat(attack_steps.move, passives), **mine),
        row(cmd.SpendKarma, karma(rerun_by(plays)), subject=hero_subject, not_yours=NOT_YOURS),
        # A tied escape: the heroes' side rolls (line 442; v5/piles.py).
        row(cmd.Escape, combat(acting(piles.escape), passives), **mine),
        # A hero cancels a spell at any time, in any phase (line 485; v5/spell_ends.py).
        row(spell_ends.CancelSpell, combat(spell_ends.cancel_spell, passives), **mine),
        # Skill and Ability Checks at the sheet's scores, as the hero's Action (lines 662, 680, 684, 695).
        row(skill_checks.SkillCheck, combat(acting(skill_checks.skill_check), passives), **mine),
        # Every Spell cast by version 5's casting (v5/casting.py: the Spells it enforces).
        row(cmd.CastSpell, combat(acting(casting.cast_spell), passives), **mine),
    )


def rows(passives: Passives, plays: Callable[[], tuple[Row, ...]]) -> tuple[Row, ...]:
    """Version 5's own rows, then every other combat command with `passives` (discipline_rows.py)."""
    own = own_rows(passives, plays)
    own_types = {r.command for r in own}
    return (*own, *(r for r in discipline_rows.rows(passives) if r.command not in own_types))


def _plays() -> tuple[Row, ...]:
    return PERICLE_V5.plays


CHANGED = rows(V5_PASSIVES, _plays)

_REVISED = PERICLE_V4.revise(
    "5",
    summary=(
        "Version 4's whole Hero Handbook with the combat chapter re-checked against the seed and more of the "
        "Handbook's Spells and Disciplines enforced by the server. A pasted hero sheet pays for its Karma (5 XP each); "
        "a hero kept by Chronicle joins by POST /v1/battles/{id}/heroes as its record stands (`bring_hero`). A strike "
        "waits for Karma after each set of dice (`go_on` rolls on)."
    ),
    events=(*PERICLE_V4.events, heroes.HeroBrought, *ev.SPELL_EVENTS, *ev.STEP_EVENTS,
            *ev.DISCIPLINE_EVENTS_V5),
    provisional_rules=V5_RULES,
    # Shared rules read `REVISION` where version 5 reads the seed differently (v5/sight.py).
    settings_type=PericleV5Settings,
    plays=CHANGED,
)
# While an attack waits in a Karma window, only `go_on` and `spend_karma` are played.
PERICLE_V5 = dataclasses.replace(_REVISED, plays=attack_steps.waiting_refused(_REVISED.plays))


# Every command a Pericle 5 battle takes of its own.
PericleV5Command = Union[(*get_args(PericleV4Command), heroes.BringHero, attack_steps.GoOn,  # type: ignore[valid-type]
                          spell_ends.CancelSpell, skill_checks.SkillCheck)]
