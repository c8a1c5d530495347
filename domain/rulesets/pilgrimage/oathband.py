"""Oathbands (seed 000/002 glossary: "built from 600 Supplies"; a basic Character costs 50)
and their gear and raises (PIL-GEAR). `problems` lists every broken rule, not just the first,
against the PIL-GEAR settings it is given: a battle's own, or the defaults for a tournament's
registration (which has no battle settings)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.rulesets.pilgrimage.settings import Gear


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


def character_cost(character: Character, gear: Gear) -> int:
    raises = sum(cost * max(0, int(getattr(character, stat))) for stat, cost in gear.raises().items())
    costs = gear.gear()
    return gear.character + raises + sum(costs.get(item, 0) for item in character.gear)


def band_cost(band: Oathband, gear: Gear) -> int:
    return sum(character_cost(c, gear) for c in band.characters)


def problems(band: Oathband, gear: Gear) -> list[str]:
    found = []
    if not band.characters:
        found.append("an Oathband needs at least one Character")
    costs = gear.gear()
    for character in band.characters:
        for stat in gear.raises():
            value = getattr(character, stat)
            if not 0 <= value <= gear.max_raise:
                found.append(f"{character.name}: {stat} {value} is outside 0..+{gear.max_raise} (PIL-GEAR)")
        for item in character.gear:
            if item not in costs:
                found.append(f"{character.name}: unknown gear {item!r} (known: {', '.join(costs)})")
    total = band_cost(band, gear)
    if total > gear.supplies:
        found.append(f"the Oathband costs {total} Supplies, over the {gear.supplies} allowed")
    return found
