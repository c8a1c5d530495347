"""Version 6's Spells that put creatures on the map or take control of them (seed 001,
Appendix: Spells): their effects as cast (`SPELL_EFFECTS`) and while they last (`ControlPassives`)."""

from __future__ import annotations

from domain.rulesets.pericle.v5.passives import V5Passives
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect

SPELL_EFFECTS: dict[str, SpellEffect] = {}
USED: dict[str, UsedEffect] = {}


class ControlPassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""
