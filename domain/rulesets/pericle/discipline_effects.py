"""Attack modifiers of Disciplines version 4 adds to those version 3 applies (seed 001, Appendix:
Disciplines). Version 3's sheets cannot name them and its enemies' abilities are Grappling
Expertise and Overrun only, so its battles never meet them."""

from __future__ import annotations

from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.dice import Adjustment
from domain.rulesets.pericle.state import Figure


def attack_adjustments(attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> list[Adjustment]:
    found = []
    if weapon.crossbow:
        # Arbalist I (line 1135): "Gain AD+1 when attacking with a crossbow"; Arbalist II (line
        # 1183): "an additional AD+1 (for a total of AD+2 with both Arbalist Disciplines)".
        found += [Adjustment(1, d) for d in ("Arbalist I", "Arbalist II") if d in attacker.disciplines]
    if kind == "thrown" and "Thrown Weapon Expertise" in attacker.disciplines:
        # Line 1173: "Gain AD+2 when throwing a weapon."
        found.append(Adjustment(2, "Thrown Weapon Expertise"))
    if kind in ("ranged", "thrown") and "Dodge Projectiles" in target.disciplines:
        # Line 1139: "Your foes have AD-1 on attacks to hit you with a ranged attack or Spell."
        found.append(Adjustment(-1, "Dodge Projectiles"))
    return found


def damage_bonuses(attacker: Figure, weapon: Weapon) -> list[Adjustment]:
    """Martial Arts I-III (lines 1211, 1264, 1317): +1, +2, +3 damage with an unarmed strike or a
    cestus (in a Grapple too)."""
    if weapon.weapon_class != "unarmed" and weapon.name.lower() != "cestus":
        return []
    ranks = [d for d in ("Martial Arts III", "Martial Arts II", "Martial Arts I") if d in attacker.disciplines]
    return [Adjustment({"Martial Arts I": 1, "Martial Arts II": 2, "Martial Arts III": 3}[ranks[0]], ranks[0])] \
        if ranks else []
