"""Disciplines version 6 declares with the declarations (`use_discipline` in the declare phase),
because they move the hero in the Action Order, which is fixed as the Action phase begins: Curse I
(v6/affinities.py) and Elemental Bending's Air (v6/field.py), as version 5 declares Marksmanship."""

from __future__ import annotations

from domain.errors import RuleViolation
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle.play import Play, require_phase
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.turns import may_declare


def may_declare_alone(play: Play, figure: Figure, command: cmd.UseDiscipline, discipline: str, shown: str) -> None:
    """Refuse the declaration of `discipline` (named `shown` in refusals) unless it is the declare
    phase, the command names no other field, the figure has learned it and may declare this turn."""
    require_phase(play.state, "declare")
    if command.target is not None or command.at is not None or command.on_failure is not None \
            or command.follow is not None:
        raise RuleViolation("discipline-fields", f"{shown} is declared with no other field")
    if discipline not in figure.disciplines:
        raise RuleViolation("discipline-unknown", f"{figure.name} has not learned {discipline!r}")
    may_declare(play.state, figure)
