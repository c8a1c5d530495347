"""The Crit Die's effects by attack type (seed 001, Critical Success)."""

from __future__ import annotations

from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.state import Figure

# Swords disarm, axes bleed, hammers stun, polearms trip, bows and crossbows pin; other
# unlisted attacks stun; mage weapons, unarmed strikes and cesti have no crit effect.
EFFECTS: dict[str, str | None] = {
    "sword": "disarm", "axe": "bleed", "hammer": "stun", "polearm": "trip", "ranged": "pin", "natural": "stun",
    "mage": None, "unarmed": None,
}
TORCH_FACES = ("torch", "two stars and torch")


def crit_effect(weapon: Weapon, face: str, choice: str, target: Figure) -> str | None:
    """The effect a Crit Die face applies, if any: a torch face applies the weapon's effect; on
    "one star or torch" the attacker chose the effect (without damage) or damage (enemies
    always take damage)."""
    if face not in TORCH_FACES and not (face == "one star or torch" and choice == "effect"):
        return None
    weapon_class = "sword" if weapon.name == "Katar" else weapon.weapon_class
    effect = EFFECTS.get(weapon_class)
    if effect == "disarm" and (not target.in_hand or _natural_only(target)):
        return None  # foes with natural weapons, like claws, are not affected
    if effect == "trip" and target.size > 1:
        return None  # "If the foe is 1hex in size it immediately falls prone."
    return effect


def _natural_only(target: Figure) -> bool:
    held = [w for w in target.weapons if w.name.lower() in target.in_hand]
    return bool(held) and all(w.weapon_class == "natural" for w in held)
