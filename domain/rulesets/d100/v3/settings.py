"""The settings of d100 version 3's provisional rules: one field per rule, named by its id
(GET /v1/rulesets/d100 lists them with their schema and defaults). Every number and choice a
provisional rule of version 3 holds is here, and the rules read it through `ctx.settings` only;
the numbers the seed states (a quarter of CON, 1D6 per full 3 metres...) are not settings.
`settings_problems` refuses, when a battle is created, values no battle can be played with."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import NoSetting, Settings
from domain.rulesets.d100.percentile import Levels
from domain.rulesets.d100.settings import Grades


class Travel(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-TRAVEL: kilometres a day by pace (ten hours of travel), the worst terrain's share
    of them in percent, and whether a forced march calls for a Fatigue test."""

    walk: int = 30
    forced_march: int = 40
    mounted: int = 50
    road: int = 100
    open: int = 75
    forest: int = 50
    hills: int = 50
    mountains: int = 25
    swamp: int = 25
    forced_march_fatigue: bool = True

    def daily_km(self, pace: str) -> int:
        return {"walk": self.walk, "forced march": self.forced_march, "mounted": self.mounted}[pace]

    def share(self, terrain: str) -> int:
        return {"road": self.road, "open": self.open, "forest": self.forest, "hills": self.hills,
                "mountains": self.mountains, "swamp": self.swamp}[terrain]


class Opposed(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-OPPOSED: on equal levels the higher successful roll wins (or the lower)."""

    higher_wins: bool = True


class Route(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-ROUTE: how a day's navigation tests (the first and one after each material route
    change) decide its progress: the `worst` result counts, or `each` failure loses a quarter."""

    results: Literal["worst", "each"] = "worst"


class Body(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-CHARACTER: Movement in metres."""

    movement: float = 6.0


class Movement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-MOVEMENT: several reductions of Movement at once: the `lowest` applies, or they
    `multiply`."""

    reductions: Literal["lowest", "multiply"] = "lowest"


class Dying(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-DYING: whether the round a character falls to 0 HP counts as the first of its three."""

    falling_round_counts: bool = True


class Recovery(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-RECOVERY: how a quarter of CON is rounded, and the hours of complete rest that make a
    full rest (it renews the one treatment attempt)."""

    rounding: Literal["down", "up", "nearest"] = "down"
    full_rest_hours: int = 8


class Affliction(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-AFFLICTION: who a stalemate in the resistance test goes to; whether a disease's daily
    damage comes on the day it takes hold (or first a day after)."""

    stalemate: Literal["victim", "affliction"] = "victim"
    daily_damage_on_taking_hold: bool = True


class Effects(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-EFFECTS: how a halved characteristic is rounded, the least a characteristic falls to,
    and whether current hit points move with the maximum when a characteristic changes
    (`shifted`) or are only kept within it (`capped`)."""

    halving: Literal["down", "up"] = "up"
    floor: int = 1
    current_hp: Literal["shifted", "capped"] = "shifted"


class Light(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-LIGHT: each band's penalty dice; a light source's outer bands (how many, and how wide
    in multiples of its radius); the share of Movement each penalty die of the light reaching a
    mover takes."""

    partial_darkness: int = 1
    darkness: int = 2
    pitch_black: int = 3
    outer_bands: int = 2
    band_width: float = 1.0
    movement_per_die: float = 0.25

    def dice(self, band: str) -> int:
        return {"illuminated": 0, "partial darkness": self.partial_darkness, "darkness": self.darkness,
                "pitch black": self.pitch_black}[band]


class Clock(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-CLOCK: the seconds a Combat Round lasts on the battle's clock."""

    round_seconds: int = 5


class Fall(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """D100-FALL: whether a fall's damage at or above the faller's Major Wound Level is a Major
    Wound."""

    major_wound: bool = True


class D100V3Settings(Settings, frozen=True, forbid_unknown_fields=True):
    D100_TEST: Levels = Levels()
    D100_GRADES: Grades = Grades()
    D100_OPPOSED: Opposed = Opposed()
    D100_TRAVEL: Travel = Travel()
    D100_ROUTE: Route = Route()
    D100_CHARACTER: Body = Body()
    D100_MOVEMENT: Movement = Movement()
    D100_DYING: Dying = Dying()
    D100_RECOVERY: Recovery = Recovery()
    D100_AFFLICTION: Affliction = Affliction()
    D100_EFFECTS: Effects = Effects()
    D100_LIGHT: Light = Light()
    D100_FATIGUE: NoSetting = NoSetting()
    D100_CLOCK: Clock = Clock()
    D100_FALL: Fall = Fall()


# What a new battle may set: beyond these a battle cannot be played (no test could succeed, or
# every roll would fumble; a day with no travel; a round that takes no time; a light that
# brightens as it goes).
BOUNDS: dict[tuple[str, str], tuple[float, float]] = {
    ("D100-TEST", "critical_divisor"): (1, 100), ("D100-TEST", "fumble_from"): (51, 100),
    ("D100-TEST", "only_100_fumbles_from_skill"): (1, 201), ("D100-GRADES", "cap"): (0, 10),
    ("D100-TRAVEL", "walk"): (1, 500), ("D100-TRAVEL", "forced_march"): (1, 500), ("D100-TRAVEL", "mounted"): (1, 500),
    ("D100-CHARACTER", "movement"): (1, 100), ("D100-RECOVERY", "full_rest_hours"): (1, 24),
    ("D100-EFFECTS", "floor"): (0, 30), ("D100-LIGHT", "outer_bands"): (0, 2),
    ("D100-LIGHT", "band_width"): (0.1, 100), ("D100-LIGHT", "movement_per_die"): (0, 0.33),
    ("D100-CLOCK", "round_seconds"): (1, 600),
}
TERRAIN_PERCENT = (1, 100)
PENALTY_DICE = (0, 10)
TERRAINS = ("road", "open", "forest", "hills", "mountains", "swamp")
BANDS = ("partial_darkness", "darkness", "pitch_black")


def _bounds(rule: str, name: str) -> tuple[float, float] | None:
    if rule == "D100-TRAVEL" and name in TERRAINS:
        return TERRAIN_PERCENT
    if rule == "D100-LIGHT" and name in BANDS:
        return PENALTY_DICE
    return BOUNDS.get((rule, name))


def settings_problems(settings: D100V3Settings) -> list[str]:
    """Every setting of a new battle outside what a battle can be played with."""
    recorded: dict[str, dict[str, object]] = msgspec.to_builtins(settings)
    found = []
    for rule, values in recorded.items():
        for name, value in values.items():
            bounds = _bounds(rule, name)
            if bounds is not None and isinstance(value, int | float) and not isinstance(value, bool) \
                    and not bounds[0] <= value <= bounds[1]:
                found.append(f"{rule}.{name} must be within {bounds[0]:g}..{bounds[1]:g}")
    light = settings.D100_LIGHT
    if not light.partial_darkness <= light.darkness <= light.pitch_black:
        found.append("D100-LIGHT: a darker band cannot take fewer penalty dice than a lighter one")
    return found


def refuse_unplayable(settings: D100V3Settings) -> None:
    found = settings_problems(settings)
    if found:
        raise RuleViolation("options-invalid", "; ".join(found), problems=found)
