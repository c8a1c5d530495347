"""The shapes of version 6's effects by name (v6/passives.py gathers each area's)."""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle.dice import Check
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.v4.handbook import HandbookSpell

# A Spell's effect as it is cast (on a successful cast, not kept off by a Spell Shield):
# (play, caster, spell, target, command, second target, the cast's check, Arcane II's doubling).
SpellEffect = Callable[[Play, Figure, HandbookSpell, Figure, cmd.CastSpell, Figure | None, Check, bool], None]
# A used Discipline's effect: checked when called (before any die), applied by the function returned.
UsedEffect = Callable[[Play, Figure, Figure | None, cmd.UseDiscipline], Callable[[], None]]
