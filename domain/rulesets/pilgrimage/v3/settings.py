"""Pilgrimage version 3's settings: version 2's, and the numbers and choices of the provisional
rules version 3 adds where the seeds are silent (Climb, falls, shoves, Cover, a doubled weather
entry). Version 3's settings derive from version 2's, so version 2's rules, which version 3
reuses, read them unchanged."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.rulesets.contract import NoSetting, Settings
from domain.rulesets.pilgrimage.settings import PilgrimageV2Settings


class ClimbSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """PIL-CLIMB: how far from a face a Character may begin a Climb, whether only terrain marked
    `climbable` can be climbed, and how high a Move may step up without a Climb."""

    reach: float = 1.0
    needs_climbable: bool = True
    step_up: float = 1.0


class FallSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """PIL-FALL-INCHES: how a fall's fractional inches become whole damage ("the distance fallen
    in inches minus 3")."""

    rounding: Literal["down", "nearest", "up"] = "down"


class ShoveSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """PIL-SHOVE: how far an Assault that wins may shove its target instead of dealing damage."""

    inches: float = 1.0


class CoverSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """PIL-COVER: the radius of a Character's body (a 25 mm base is about 1" across)."""

    body_radius: float = 0.5


class PilgrimageV3Settings(PilgrimageV2Settings, frozen=True, forbid_unknown_fields=True):
    PIL_CLIMB: ClimbSettings = ClimbSettings()
    PIL_FALL_INCHES: FallSettings = FallSettings()
    PIL_SHOVE: ShoveSettings = ShoveSettings()
    PIL_COVER: CoverSettings = CoverSettings()
    PIL_WEATHER_TWICE: NoSetting = NoSetting()


# What a new battle may set of version 3's own numbers, in inches (version 2's are checked as before).
BOUNDS_V3: dict[tuple[str, str], tuple[float, float]] = {
    ("PIL-CLIMB", "reach"): (0, 6), ("PIL-CLIMB", "step_up"): (0, 24),
    ("PIL-SHOVE", "inches"): (0, 12), ("PIL-COVER", "body_radius"): (0, 3),
}


def v3_problems(settings: Settings) -> list[str]:
    """Every number of version 3's own rules outside what a battle can be played with."""
    recorded: dict[str, dict[str, object]] = msgspec.to_builtins(settings)
    found = []
    for (rule, name), (low, high) in BOUNDS_V3.items():
        value = recorded.get(rule, {}).get(name)
        if isinstance(value, int | float) and not isinstance(value, bool) and not low <= value <= high:
            found.append(f"{rule}.{name} must be within {low:g}..{high:g}")
    return found
