"""Version 6's field of battle: the height advantage of a figure standing on a raised hex (seed 001
line 404). The encounter names the raised hexes (`HexMap.raised`, version 6 only: v3.py refuses
it below REVISION 6); `FieldPassives.attack` adds the +1 AD."""

from __future__ import annotations

from domain.hexes import Hex, neighbours
from domain.rulesets.contract import ProvisionalRule
from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.dice import Adjustment
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import CombatState, Figure
from domain.rulesets.pericle.v5.passives import V5Passives

# Line 404: "Details of a scenario may state that if your hero is standing on a table attacking
# enemies on the ground that are adjacent to the table, you gain +1 AD from a height advantage.
# Under this circumstance, attackers from the table will still attack in their normal attack order
# based on their Base AD, but their attack roll may be made at +1 AD."
HEIGHT_ADVANTAGE = "height advantage"
HEIGHT_AD = 1

RAISED_HEX = ProvisionalRule(
    "PER-RAISED-HEX",
    "A raised hex (the encounter map's `raised`: a table, a dais) is open ground that figures move onto and off "
    "at one hex of Movement, with no check, and that obstructs no line of sight; a figure standing on it (every "
    "hex of its base raised, on the ground, not flying) gains +1 AD on a melee or Reach attack at a foe on the "
    "ground (no hex of its base raised, not flying) with a hex adjacent to the same raised area. The seed is "
    "silent: line 404 gives the +1 AD to a hero \"standing on a table attacking enemies on the ground that are "
    "adjacent to the table\" and does not say how a figure gets up on the table, whether a foe on the ground has "
    "a penalty against it, nor what a table with a figure on it does to a line of sight.")

FIELD_RULES: tuple[ProvisionalRule, ...] = (RAISED_HEX,)


def raised_area(state: CombatState, start: Hex) -> frozenset[Hex]:
    """The raised hexes joined to `start` (the table it is part of; empty if it is not raised)."""
    raised = state.encounter.map.raised_hexes
    if start not in raised:
        return frozenset()
    found, frontier = {start}, [start]
    while frontier:
        for h in neighbours(frontier.pop()):
            if h in raised and h not in found:
                found.add(h)
                frontier.append(h)
    return frozenset(found)


def height_advantage(state: CombatState, attacker: Figure, target: Figure, kind: str) -> bool:
    """Line 404: the attacker stands on a table, the target on the ground adjacent to that table."""
    raised = state.encounter.map.raised_hexes
    if kind not in ("melee", "reach") or not raised or attacker.airborne or target.airborne:
        return False
    if not all(h in raised for h in attacker.hexes) or any(h in raised for h in target.hexes):
        return False
    table = raised_area(state, attacker.hex)
    return any(n in table for h in target.hexes for n in neighbours(h))


class FieldPassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""

    def attack(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> list[Adjustment]:
        found = super().attack(play, attacker, target, weapon, kind)
        if height_advantage(play.state, attacker, target, kind):
            found = [*found, Adjustment(HEIGHT_AD, HEIGHT_ADVANTAGE)]
        return found
