"""Pericle combat numbers (seed 001): facing (PER-FACING), the melee position bonus, range
increments, damage after weapon classes, armour and shields, crits, and death."""

from __future__ import annotations

from typing import Literal

from domain.hexes import Hex
from domain.rulesets.pericle.bases import Zone, zones

WeaponClass = Literal["sword", "hammer", "axe", "polearm", "ranged", "other"]


def zone(figure: Hex, facing: int, other: Hex) -> Zone | None:
    """Where an adjacent hex lies around a 1-hex figure facing DIRECTIONS[facing]: the faced hex
    and the two beside it are front, the next two side, the opposite one rear (PER-FACING)."""
    return zones(1, figure, facing).get(other)


def melee_position_bonus(attacker_zone: Zone, target_prone: bool = False) -> int:
    """+2 from a foe's side hex, +4 from its rear (seed 001, Attacking); +4 against a prone foe."""
    return max({"front": 0, "side": 2, "rear": 4}[attacker_zone], 4 if target_prone else 0)


def range_penalty(hexes: int, thrown: bool) -> int:
    """Ranged weapons: none up to 9 hexes, then AD-1 per 5 hexes (10-14: -1, 15-19: -2, ...).
    Thrown weapons and spells: none up to 3 hexes, then AD-1 per 3 hexes, at most -6."""
    if thrown:
        return -min(6, max(0, (hexes - 1) // 3))
    return -max(0, (hexes - 5) // 5)


def damage(rolled: int, weapon: WeaponClass, armour: int, shield: int, from_front: bool,
           crit_face: str | None = None, defense_torches: int = 0) -> int:
    """Damage dealt: the roll (axe +1), doubled on a two-star crit, less armour (a hammer
    pierces 2), a shield only against attacks from the bearer's front hexes, and +1 armour per
    torch on the defender's Defense Dice; never below 0."""
    dealt = rolled + (1 if weapon == "axe" else 0)
    if crit_face is not None and "two stars" in crit_face:
        dealt *= 2
    protection = max(0, armour - (2 if weapon == "hammer" else 0)) + (shield if from_front else 0) + defense_torches
    return max(0, dealt - protection)


def condition(hit_points: int, hero: bool, mode: Literal["adventure", "saga"] = "adventure") -> str:
    """A hero at 0 HP or below is unconscious and prone, and in Adventure mode dies at -5; in
    Saga mode heroes never die; enemies die at 0."""
    if hit_points > 0:
        return "standing"
    if not hero:
        return "dead"
    if mode == "adventure" and hit_points <= -5:
        return "dead"
    return "unconscious"
