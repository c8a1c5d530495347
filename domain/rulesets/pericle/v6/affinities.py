"""Version 6's Staff & Wand Affinities (seed 001, Appendix: Disciplines, lines 1226-1361): always
on (`AffinityPassives`) and used (`USED`), with what they change of a cast (`SPELL_EFFECTS`)."""

from __future__ import annotations

from domain.rulesets.pericle.v5.passives import V5Passives
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect

SPELL_EFFECTS: dict[str, SpellEffect] = {}
USED: dict[str, UsedEffect] = {}


class AffinityPassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""
