"""Seed 004's Adventuring procedures as data and small pure functions: falling, fatigue and
daily travel. The dice are rolled by the ruleset; these say what the rolls mean."""

from __future__ import annotations

from typing import Literal

from domain.rulesets.d100.percentile import Level

Pace = Literal["walk", "forced march", "mounted"]
Terrain = Literal["road", "open", "forest", "hills", "mountains", "swamp"]
Condition = Literal["fresh", "fatigued", "exhausted"]
Deprivation = Literal["exposure", "starvation", "thirst"]
Illumination = Literal["illuminated", "partial darkness", "darkness", "pitch black"]
Sense = Literal["night vision", "night sight", "blind sight"]

# D100-LIGHT: each band's penalty dice, brightest first.
BANDS: tuple[Illumination, ...] = ("illuminated", "partial darkness", "darkness", "pitch black")

# D100-TRAVEL: daily rates for ten hours of travel, and the worst terrain's share of them.
DAILY_KM: dict[Pace, int] = {"walk": 30, "forced march": 40, "mounted": 50}
TERRAIN_SHARE: dict[Terrain, float] = {"road": 1.0, "open": 0.75, "forest": 0.5, "hills": 0.5,
                                       "mountains": 0.25, "swamp": 0.25}
NEEDS_FATIGUE_TEST: frozenset[Pace] = frozenset({"forced march"})


def fall_dice(metres: float, soft_ground: bool) -> int:
    """Falling damage: "1D6 damage per full 3 metres"; a yielding surface "may halve the
    effective distance before counting dice"."""
    effective = metres / 2 if soft_ground else metres
    return int(effective // 3)


def dice_removed(level: Level | None) -> int:
    """The Acrobatics test: a success removes 1D6, a critical 2D6; failure and fumble none."""
    return {"success": 1, "critical": 2}.get(level or "failure", 0)


def lands_prone(damage: int, level: Level | None) -> bool:
    """"A character damaged by a fall lands prone"; a successful Acrobatics test avoids it."""
    return damage > 0 and level not in ("success", "critical")


def fatigue_penalties(condition: Condition, *, overloaded: bool, without_food: bool, deprived: bool) -> list[str]:
    """Each -1P a Fatigue test takes, by its source."""
    found = []
    if condition != "fresh":
        found.append("already Fatigued")  # "another Fatigue test at -1P"
    if overloaded:
        found.append("Overloaded")
    if without_food:
        found.append("three days without food")
    if deprived:
        found.append("a deprivation's daily test")
    return found


def after_fatigue_test(condition: Condition, level: Level) -> Condition:
    """"A failed Fatigue test makes a fresh character Fatigued"; failing while Fatigued makes it
    Exhausted; a fumble knocks it out and it "awakens Fatigued" (D100-FATIGUE: an Exhausted one
    stays Exhausted)."""
    if level in ("success", "critical"):
        return condition
    if level == "fumble":
        return "exhausted" if condition == "exhausted" else "fatigued"
    return "fatigued" if condition == "fresh" else "exhausted"


def full_day(pace: Pace, terrain: Terrain) -> float:
    """Kilometres in a day: "Choose a daily travel rate, multiply it by the terrain percentage"."""
    return DAILY_KM[pace] * TERRAIN_SHARE[terrain]


def day_of_travel(pace: Pace, terrain: Terrain, navigation: Level | None) -> tuple[float, bool]:
    """Kilometres made good in a day, and whether the party is lost: "On a Success, make full
    progress. On a Failure, lose one quarter of that day's progress. On a Fumble, make no progress
    and become lost.\""""
    full = full_day(pace, terrain)
    if navigation == "fumble":
        return 0.0, True
    if navigation == "failure":
        return full * 0.75, False
    return full, False


def light_penalty(band: Illumination, sense: Sense | None, *, natural_night: bool = False) -> int:
    """Penalty dice for sight and attacks in a band of illumination (D100-LIGHT), after the one
    best applicable sense: Night Vision makes natural surface night Illuminated; Night Sight
    treats Partial darkness as Illuminated and Darkness as Partial darkness (Pitch black is
    unchanged); Blind Sight ignores illumination for a target the sense perceives."""
    if sense == "blind sight" or (sense == "night vision" and natural_night):
        return 0
    step = BANDS.index(band)
    if sense == "night sight" and band != "pitch black":
        step = max(0, step - 1)
    return step


def capacity(strength: int, size: int) -> int:
    """Encumbrance: "A character carries up to STR + SIZ ENC without penalty.\""""
    return strength + size
