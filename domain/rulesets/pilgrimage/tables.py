"""The environment tables of `002_822d1b97ac6fc1e9.txt` ("Sight, Shroud & Light"), transcribed.

Each row gives, per season, the inclusive D12 range that reads it; None where the
seed prints "–" (the row cannot be rolled in that season).
"""

from __future__ import annotations

from typing import Literal

import msgspec

Season = Literal["Spring", "Summer", "Autumn", "Winter"]
SEASONS: tuple[Season, ...] = ("Spring", "Summer", "Autumn", "Winter")
Range = tuple[int, int] | None


class SeasonRow(msgspec.Struct, frozen=True):
    season: Season
    d12: tuple[int, int]


class TimeRow(msgspec.Struct, frozen=True):
    result: str
    baseline_sight: int
    by_season: dict[str, Range]


class ShiftingLightRow(msgspec.Struct, frozen=True):
    result: str
    sight_modifier: int  # inches, applied once when rolled
    per_turn: int  # inches each Turn after the first (PIL-LIGHT-DRIFT), 0 when static
    by_season: dict[str, Range]


class WeatherRow(msgspec.Struct, frozen=True):
    weather: str
    by_season: dict[str, Range]
    effect: str
    sight_modifier: int = 0


def _seasons(spring: Range, summer: Range, autumn: Range, winter: Range) -> dict[str, Range]:
    return {"Spring": spring, "Summer": summer, "Autumn": autumn, "Winter": winter}


SEASON_TABLE: tuple[SeasonRow, ...] = (
    SeasonRow("Spring", (1, 3)),
    SeasonRow("Summer", (4, 6)),
    SeasonRow("Autumn", (7, 9)),
    SeasonRow("Winter", (10, 12)),
)

TIME_TABLE: tuple[TimeRow, ...] = (
    TimeRow("Black Night", 0, _seasons((1, 1), (1, 1), (1, 2), (1, 3))),
    TimeRow("Gloom", 6, _seasons((2, 3), (2, 2), (3, 5), (4, 7))),
    TimeRow("Grey Light", 12, _seasons((4, 6), (3, 4), (6, 8), (8, 10))),
    TimeRow("Daylight", 18, _seasons((7, 10), (5, 8), (9, 11), (11, 12))),
    TimeRow("Full Sun", 24, _seasons((11, 12), (9, 12), (12, 12), None)),
)

SHIFTING_LIGHT_TABLE: tuple[ShiftingLightRow, ...] = (
    ShiftingLightRow("Gloaming", -6, 0, _seasons((1, 1), None, (1, 2), (1, 2))),
    ShiftingLightRow("Cloudshade", -3, 0, _seasons((2, 3), (1, 1), (3, 4), (3, 5))),
    ShiftingLightRow("Darkening", 0, -3, _seasons((4, 5), (2, 2), (5, 7), (6, 8))),
    ShiftingLightRow("Muted", 0, 0, _seasons((6, 6), (3, 4), (8, 9), (9, 10))),
    ShiftingLightRow("Brightening", 0, 3, _seasons((7, 9), (5, 8), (10, 10), None)),
    ShiftingLightRow("Favourful", 3, 0, _seasons((10, 11), (9, 10), (11, 11), (11, 11))),
    ShiftingLightRow("Clear Sky", 6, 0, _seasons((12, 12), (11, 12), (12, 12), (12, 12))),
)

STORMFRONT = "Stormfront"

WEATHER_TABLE: tuple[WeatherRow, ...] = (
    WeatherRow(STORMFRONT, _seasons(None, None, (1, 1), (1, 2)),
               "Roll on this table twice and apply both results."),
    WeatherRow("Hail", _seasons((1, 2), None, None, (3, 4)),
               "-1 Aim. Characters who use three Move Deeds in the same Act suffer 1 damage; "
               "Ward applies as normal."),
    WeatherRow("Downpour", _seasons((3, 4), (1, 2), (2, 3), (5, 6)), "-1 Aim and -1 Pace."),
    WeatherRow("Frostbound", _seasons(None, None, None, (7, 8)),
               "-1 Pace. Characters taking a fall suffer +1 damage."),
    WeatherRow("Deep Mist", _seasons((5, 5), None, (4, 5), None),
               "-3\" Sight. Characters within 3\" of water experience -1 Aim.", sight_modifier=-3),
    WeatherRow("Grey Drizzle", _seasons((6, 6), None, (6, 7), (9, 9)), "Climb Deeds cost +1 this Battle."),
    WeatherRow("Low Thunder", _seasons((7, 8), (3, 3), (8, 8), None), "-1 Valour."),
    WeatherRow("Rising Gale", _seasons((9, 9), None, (9, 9), (10, 10)), "-1 Aim unless shooting within 6\"."),
    WeatherRow("Close Heat", _seasons(None, (4, 6), None, None),
               "Characters in Medium and Heavy Armour, or carrying Two Handed Weapons, lose -1 Pace."),
    WeatherRow("Clear and High", _seasons(None, (7, 8), (10, 10), None),
               "Characters ignore Difficult Ground this Battle."),
    WeatherRow("Windblown", _seasons((10, 11), (9, 10), (11, 11), (11, 11)),
               "Ranged weapons lose Close Fire advantage. Staff and Pole weapons give +1 Ward this Battle."),
    WeatherRow("Fresh Wind", _seasons((12, 12), (11, 12), (12, 12), (12, 12)),
               "High Ground benefits are doubled this Battle."),
)

MIN_SIGHT = 0
MAX_SIGHT = 24


def _reads(span: Range, face: int) -> bool:
    return span is not None and span[0] <= face <= span[1]


def season_for(face: int) -> Season:
    return next(row.season for row in SEASON_TABLE if _reads(row.d12, face))


def time_for(season: str, face: int) -> TimeRow:
    return next(row for row in TIME_TABLE if _reads(row.by_season[season], face))


def shifting_light_for(season: str, face: int) -> ShiftingLightRow:
    return next(row for row in SHIFTING_LIGHT_TABLE if _reads(row.by_season[season], face))


def weather_for(season: str, face: int) -> WeatherRow:
    return next(row for row in WEATHER_TABLE if _reads(row.by_season[season], face))


WEATHER_BY_NAME: dict[str, WeatherRow] = {row.weather: row for row in WEATHER_TABLE}
SHIFTING_LIGHT_BY_NAME: dict[str, ShiftingLightRow] = {row.result: row for row in SHIFTING_LIGHT_TABLE}
