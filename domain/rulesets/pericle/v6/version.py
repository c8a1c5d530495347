"""Pericle ruleset version 6: version 5's rules with more of the Hero Handbook's Spells and
Disciplines enforced by the server. Versions 3 to 5 stay registered, and their battles replay
under them unchanged: version 6 plays every combat command with its own effects and tables
(`V6_PASSIVES`, v6/passives.py), which version 5's rules consult where a later version may
differ (which Spells and Disciplines are enforced, a Spell's effect as cast, a used Discipline's)."""

from __future__ import annotations

from domain.rulesets.contract import play as row
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle.rules import combat, figure_subject
from domain.rulesets.pericle.settings import PericleV6Settings
from domain.rulesets.pericle.v3 import NOT_YOURS
from domain.rulesets.pericle.v5 import attack_steps
from domain.rulesets.pericle.v5.version import PERICLE_V5, Row, rows
from domain.rulesets.pericle.v6 import disciplines
from domain.rulesets.pericle.v6.passives import V6_PASSIVES
from domain.rulesets.pericle.v6.provisional import V6_RULES


def _plays() -> tuple[Row, ...]:
    return PERICLE_V6.plays


def _rows() -> tuple[Row, ...]:
    """Version 5's rows played with version 6's effects, and the rows version 6 replaces: readying
    weapons (Quick Draw in the Movement phase, v6/disciplines.py), using a Discipline (Shield
    Bash II's push declared for a Defend) and the Initiative (Stalker's Surprise turn)."""
    own = (row(cmd.ReadyWeapons, combat(disciplines.ready_weapons, V6_PASSIVES), subject=figure_subject,
               not_yours=NOT_YOURS),
           row(cmd.UseDiscipline, combat(disciplines.use, V6_PASSIVES), subject=figure_subject, not_yours=NOT_YOURS),
           row(cmd.RollInitiative, combat(disciplines.roll_initiative, V6_PASSIVES)))
    replaced = {r.command for r in own}
    return (*(r for r in rows(V6_PASSIVES, _plays) if r.command not in replaced), *own)


PERICLE_V6 = PERICLE_V5.revise(
    "6",
    summary=(
        "Version 5's rules with more of the Hero Handbook's Spells and Disciplines enforced by the server "
        "(GET /v1/rulesets/pericle/catalogue says which)."
    ),
    settings_type=PericleV6Settings,
    provisional_rules=V6_RULES,
    # Every row again with version 6's effects; while an attack waits in a Karma window, only
    # `go_on` and `spend_karma` are played.
    plays=attack_steps.waiting_refused(_rows()),
)
