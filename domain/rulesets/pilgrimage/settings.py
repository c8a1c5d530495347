"""The settings of Pilgrimage's provisional rules (RULES-NOTES.md: "make its numbers settings
of the battle, with these defaults"): one field per rule, named by its id, in the order the
version lists its rules (GET /v1/rulesets/pilgrimage shows them with their schema). A released
version's settings never change: its creation event records them, every one, and the rules
read them through the context only."""

from __future__ import annotations

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import NoSetting, Settings


class Stormfront(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """PIL-WEATHER-STORMFRONT: how many more times a Stormfront rolls on Turning Weather."""

    extra_rolls: int = 2


class Gear(msgspec.Struct, frozen=True, forbid_unknown_fields=True,
           rename={"gear_two_handed_weapon": "gear_two-handed_weapon"}):
    """PIL-GEAR: the Supplies an Oathband may spend, what a basic Character costs (seeds 000
    and 002: "built from 600 Supplies", "a basic character costs 50 Supplies"), the most a stat
    may be raised, the cost of each raise and of each piece of gear. A gear name's spaces are
    underscores here (`gear_staff_or_pole` is "staff or pole")."""

    supplies: int = 600
    character: int = 50
    max_raise: int = 3
    raise_pace: int = 10
    raise_aim: int = 10
    raise_might: int = 10
    raise_valour: int = 10
    raise_ward: int = 15
    gear_hand_weapon: int = 0
    gear_two_handed_weapon: int = 10
    gear_staff_or_pole: int = 5
    gear_sling: int = 5
    gear_bow: int = 10
    gear_crossbow: int = 15
    gear_light_armour: int = 0
    gear_medium_armour: int = 10
    gear_heavy_armour: int = 20

    def raises(self) -> dict[str, int]:
        """What raising each stat by 1 costs, by stat."""
        return {"pace": self.raise_pace, "aim": self.raise_aim, "might": self.raise_might,
                "valour": self.raise_valour, "ward": self.raise_ward}

    def gear(self) -> dict[str, int]:
        """What each piece of gear costs, by its name as an Oathband lists it."""
        return {"hand weapon": self.gear_hand_weapon, "two-handed weapon": self.gear_two_handed_weapon,
                "staff or pole": self.gear_staff_or_pole, "sling": self.gear_sling, "bow": self.gear_bow,
                "crossbow": self.gear_crossbow, "light armour": self.gear_light_armour,
                "medium armour": self.gear_medium_armour, "heavy armour": self.gear_heavy_armour}


class Health(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """PIL-HEALTH: each Character's Health."""

    health: int = 10


class Length(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """PIL-LENGTH: the Turns a Battle lasts."""

    turns: int = 6


class LightDrift(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """PIL-LIGHT-DRIFT: inches of Sight that Darkening or Brightening moves each Turn after the first."""

    inches_per_turn: int = 3


class PilgrimageV1Settings(Settings, frozen=True, forbid_unknown_fields=True):
    """Version 1 rolls the environment (Stormfront) and checks tournament lists (PIL-GEAR)."""

    PIL_WEATHER_STORMFRONT: Stormfront = Stormfront()
    PIL_GEAR: Gear = Gear()


class PilgrimageV2Settings(Settings, frozen=True, forbid_unknown_fields=True):
    PIL_WEATHER_STORMFRONT: Stormfront = Stormfront()
    PIL_GEAR: Gear = Gear()
    PIL_HEALTH: Health = Health()
    PIL_ADVANTAGE: NoSetting = NoSetting()
    PIL_TIES: NoSetting = NoSetting()
    PIL_ASSAULT: NoSetting = NoSetting()
    PIL_WARD: NoSetting = NoSetting()
    PIL_DEED_COST: NoSetting = NoSetting()
    PIL_INITIATIVE: NoSetting = NoSetting()
    PIL_GUARD: NoSetting = NoSetting()
    PIL_HIDE: NoSetting = NoSetting()
    PIL_USE: NoSetting = NoSetting()
    PIL_MEASURE: NoSetting = NoSetting()
    PIL_RANGE: NoSetting = NoSetting()
    PIL_LENGTH: Length = Length()
    PIL_TRIALS: NoSetting = NoSetting()
    PIL_LIGHT_DRIFT: LightDrift = LightDrift()
    PIL_FROST_FALL: NoSetting = NoSetting()
    PIL_DELIBERATE_DROP: NoSetting = NoSetting()


# What a new battle may set (checked when it is created, never when a recorded one is read: a
# bound on the types would refuse to read what an older battle recorded). Beyond them a battle
# could not be played: a thousand extra Stormfront rolls, Characters that start Out of Action.
BOUNDS: dict[tuple[str, str], tuple[int, int]] = {
    ("PIL-WEATHER-STORMFRONT", "extra_rolls"): (0, 10), ("PIL-HEALTH", "health"): (1, 100),
    ("PIL-LENGTH", "turns"): (1, 50), ("PIL-LIGHT-DRIFT", "inches_per_turn"): (0, 24),
    ("PIL-GEAR", "supplies"): (0, 100_000), ("PIL-GEAR", "max_raise"): (0, 10),
}
COSTS = (0, 10_000)  # every other PIL-GEAR number is a cost in Supplies


def settings_problems(settings: Settings) -> list[str]:
    """Every setting of a new battle outside what a battle can be played with."""
    recorded: dict[str, dict[str, object]] = msgspec.to_builtins(settings)
    found = []
    for rule, values in recorded.items():
        for name, value in values.items():
            low, high = BOUNDS.get((rule, name), COSTS if rule == "PIL-GEAR" else (-(2**53), 2**53))
            if isinstance(value, int) and not low <= value <= high:
                found.append(f"{rule}.{name} must be within {low}..{high}")
    return found


def refuse_unplayable(settings: Settings) -> None:
    found = settings_problems(settings)
    if found:
        raise RuleViolation("options-invalid", "; ".join(found), problems=found)
