"""Version 6's Disciplines (seed 001, Appendix: Disciplines): always on (`DisciplinePassives`)
and used (`USED`)."""

from __future__ import annotations

from domain.rulesets.pericle.v5.passives import V5Passives
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect

SPELL_EFFECTS: dict[str, SpellEffect] = {}
USED: dict[str, UsedEffect] = {}


class DisciplinePassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""
