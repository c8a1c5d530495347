"""Version 6's always-on Discipline effects and tables: version 5's (v5/passives.py) with the
Spells and Disciplines version 6 enforces (v6/enforced.py), the effects of those Spells as they
are cast and of those Disciplines as they are used. Each area's module adds its effects by name
(`SPELL_EFFECTS`, `USED`); a Discipline always on overrides a hook of `V5Passives` here."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle.dice import Check
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5.passives import V5Passives
from domain.rulesets.pericle.v6.enforced import ENFORCED_DISCIPLINES_V6, ENFORCED_SPELLS_V6

# A Spell's effect as it is cast (on a successful cast, not kept off by a Spell Shield):
# (play, caster, spell, target, command, second target, the cast's check, Arcane II's doubling).
SpellEffect = Callable[[Play, Figure, HandbookSpell, Figure, cmd.CastSpell, Figure | None, Check, bool], None]
# A used Discipline's effect: checked when called (before any die), applied by the function returned.
UsedEffect = Callable[[Play, Figure, Figure | None, cmd.UseDiscipline], Callable[[], None]]

SPELL_EFFECTS: Mapping[str, SpellEffect] = {}
USED: Mapping[str, UsedEffect] = {}


class V6Passives(V5Passives):
    """Version 6's effects."""

    rules = "6"
    spells_enforced = ENFORCED_SPELLS_V6
    disciplines_enforced = ENFORCED_DISCIPLINES_V6
    applied_when_used = frozenset(USED)

    def apply_spell(self, play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
                    second: Figure | None, rolled: Check, double: bool) -> bool:
        effect = SPELL_EFFECTS.get(spell.name)
        if effect is None:
            return False
        effect(play, caster, spell, target, command, second, rolled, double)
        return True

    def used(self, play: Play, figure: Figure, name: str, target: Figure | None, command: cmd.UseDiscipline,
             ) -> Callable[[], None] | None:
        effect = USED.get(name)
        return None if effect is None else effect(play, figure, target, command)


V6_PASSIVES = V6Passives()
