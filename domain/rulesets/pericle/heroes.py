"""Hero numbers from the Hero Handbook of seed 001: starting XP, Hit Points, Grapple score,
Carrying Capacity, Magic Item Capacity, the Action Order and the multiple-attack penalties.
Small pure functions, each tested against the seed's own example."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

Ancestry = Literal["everkin", "forest elf", "human", "odrim", "stone dwarf"]
ItemKind = Literal["weapon", "armor", "shield", "other"]
LESSER_MAGIC = frozenset({"scroll", "potion", "berries", "one-time"})


def starting_xp(kn: int, ancestry: Ancestry) -> int:
    """Step 3: 20 XP + (KN x 5); humans (Boundless Spirit) +10."""
    return 20 + 5 * kn + (10 if ancestry == "human" else 0)


def hit_points(mt: int, ancestry: Ancestry) -> int:
    """Step 8: MT + 10; stone dwarves (Dwarvish Endurance) +3."""
    return mt + 10 + (3 if ancestry == "stone dwarf" else 0)


def movement(ancestry: Ancestry, armor_penalty: int = 0, overburden: int = 0, running: bool = False) -> int:
    """Step 8: 5 hexes unencumbered; forest elves (Fleet of Foot) +1; the Running Discipline +1;
    armour and overburden reduce it."""
    bonus = (1 if ancestry == "forest elf" else 0) + (1 if running else 0)
    return max(0, 5 + bonus - armor_penalty - overburden)


def grapple_score(mt: int, base_ad: int) -> int:
    """Step 8: 1/2 MT (rounded down) + Base AD - 2."""
    return mt // 2 + base_ad - 2


class Item(msgspec.Struct, frozen=True):
    name: str
    kind: ItemKind
    mt_requirement: int = 0
    two_handed: bool = False
    magic: str | None = None  # None, "lesser" kinds (scroll, potion, berries, one-time), or "magic"


def carrying_points(item: Item) -> int:
    """The Carrying Capacity Chart: 0 for weapons needing MT0, daggers, and everything that is
    not a weapon or armour; 1 for one-handed weapons needing MT1+, Round, Heater and Kite shields,
    and all armour; 2 for two-handed weapons and the Pavise. (The buckler, the chart's remaining
    shield, counts 0: the seed's Varya example leaves it out.)"""
    name = item.name.lower()
    if item.kind == "armor":
        return 1
    if item.kind == "shield":
        return 2 if name == "pavise" else 0 if name == "buckler" else 1
    if item.kind == "weapon":
        if item.two_handed:
            return 2
        return 0 if item.mt_requirement == 0 or name == "dagger" else 1
    return 0


def carrying_capacity(mt: int) -> int:
    return mt + 2


def overburden(mt: int, items: Sequence[Item]) -> int:
    """Movement points lost: one per point carried beyond the Carrying Capacity."""
    return max(0, sum(carrying_points(i) for i in items) - carrying_capacity(mt))


def magic_item_capacity(kn: int) -> int:
    return kn + 1


def magic_items_counted(items: Sequence[Item]) -> int:
    """Lesser magical items (scrolls, potions, berries, one-time uses) and mundane items do not count."""
    return sum(1 for i in items if i.magic is not None and i.magic not in LESSER_MAGIC)


class Combatant(msgspec.Struct, frozen=True):
    name: str
    team: Literal["heroes", "enemies"]
    base_ad: int


def action_order(combatants: Sequence[Combatant], initiative_winner: str) -> list[str]:
    """Highest Base AD first; on a tie between teams, the team that won initiative first
    (heroes tied among themselves may choose their order: listed order kept)."""
    ranked = sorted(enumerate(combatants),
                    key=lambda pair: (-pair[1].base_ad, pair[1].team != initiative_winner, pair[0]))
    return [c.name for _, c in ranked]


def multiple_attack_penalties(granted: Sequence[int]) -> list[int]:
    """Each attack's AD modifier, in the order taken: what its Discipline grants, plus AD-1 for
    the 3rd attack, AD-2 for the 4th, AD-3 for the 5th..."""
    return [penalty - max(0, n - 1) for n, penalty in enumerate(granted)]
