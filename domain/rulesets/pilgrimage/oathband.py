"""Oathbands (seed 000/002 glossary: "built from 600 Supplies"; a basic Character costs 50)
and their gear and raises (PIL-GEAR). `problems` lists every broken rule, not just the first."""

from __future__ import annotations

from typing import Annotated

import msgspec

SUPPLIES = 600
CHARACTER_COST = 50
MAX_RAISE = 3
RAISE_COST = {"pace": 10, "aim": 10, "might": 10, "valour": 10, "ward": 15}

# PIL-GEAR: Supplies per item.
GEAR_COST = {
    "hand weapon": 0,
    "two-handed weapon": 10,
    "staff or pole": 5,
    "sling": 5,
    "bow": 10,
    "crossbow": 15,
    "light armour": 0,
    "medium armour": 10,
    "heavy armour": 20,
}


class Character(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One Character of an Oathband: raises to its stats and the gear it carries."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=60, pattern=r"^[^\x00-\x1f\x7f]+$")]
    pace: int = 0
    aim: int = 0
    might: int = 0
    ward: int = 0
    valour: int = 0
    gear: list[str] = []


class Oathband(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat's list of Characters."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=80, pattern=r"^[^\x00-\x1f\x7f]+$")]
    characters: Annotated[list[Character], msgspec.Meta(max_length=60)]


def character_cost(character: Character) -> int:
    raises = sum(cost * max(0, int(getattr(character, stat))) for stat, cost in RAISE_COST.items())
    return CHARACTER_COST + raises + sum(GEAR_COST.get(item, 0) for item in character.gear)


def band_cost(band: Oathband) -> int:
    return sum(character_cost(c) for c in band.characters)


def problems(band: Oathband) -> list[str]:
    found = []
    if not band.characters:
        found.append("an Oathband needs at least one Character")
    for character in band.characters:
        for stat in RAISE_COST:
            value = getattr(character, stat)
            if not 0 <= value <= MAX_RAISE:
                found.append(f"{character.name}: {stat} {value} is outside 0..+{MAX_RAISE} (PIL-GEAR)")
        for item in character.gear:
            if item not in GEAR_COST:
                found.append(f"{character.name}: unknown gear {item!r} (known: {', '.join(GEAR_COST)})")
    total = band_cost(band)
    if total > SUPPLIES:
        found.append(f"the Oathband costs {total} Supplies, over the {SUPPLIES} allowed")
    return found
