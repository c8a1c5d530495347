"""Pilgrimage set-up: the Season, Time, Shifting Light and Turning Weather tables of seed
002 ("Sight, Shroud & Light"), checked row by row against the seed's own text, and the
environment roll that reads them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain.rulesets.pilgrimage import tables
from domain.rulesets.pilgrimage.environment import current_sight, roll_environment
from tests.fakes import ScriptedDice

SEED_TEXT = (Path(__file__).resolve().parents[1] / "seeds" / "002_822d1b97ac6fc1e9.txt").read_text()
SEASONS = ["Spring", "Summer", "Autumn", "Winter"]


def _span(cell: str) -> tuple[int, int] | None:
    cell = cell.strip()
    if cell == "–":
        return None
    low, _, high = cell.partition("–")
    return int(low), int(high or low)


def _seed_rows(after_heading: str, columns: int) -> list[list[str]]:
    """The tab-separated rows under a heading, up to the next blank line after the table."""
    section = SEED_TEXT.split(after_heading, 1)[1]
    rows = []
    started = False
    for line in section.splitlines():
        cells = line.split("\t")
        if len(cells) == columns:
            started = True
            rows.append(cells)
        elif started and line.strip():
            break
    return rows[1:]  # without the header


def test_season_table_matches_the_seed() -> None:
    rows = _seed_rows("Season (1/4)", 2)
    assert [(row.season, row.d12) for row in tables.SEASON_TABLE] == [(s, _span(d)) for d, s in rows]


def test_time_table_matches_the_seed() -> None:
    rows = _seed_rows("Time Table (2/4)", 6)
    expected = [(r[4], int(r[5].rstrip("”")), dict(zip(SEASONS, map(_span, r[:4]), strict=True))) for r in rows]
    assert [(r.result, r.baseline_sight, r.by_season) for r in tables.TIME_TABLE] == expected


def _light_modifier(text: str) -> tuple[int, int]:
    """(once, per Turn) in inches from the seed's Sight Modifier column."""
    if text == "No change":
        return 0, 0
    inches = int(re.match(r"([+−])(\d+)”", text).group(2)) * (-1 if text.startswith("−") else 1)  # type: ignore[union-attr]
    return (0, inches) if text.endswith("/Turn") else (inches, 0)


def test_shifting_light_table_matches_the_seed() -> None:
    rows = _seed_rows("Shifting Light Table (3/4)", 6)
    expected = [(r[4], _light_modifier(r[5]), dict(zip(SEASONS, map(_span, r[:4]), strict=True))) for r in rows]
    actual = [(r.result, (r.sight_modifier, r.per_turn), r.by_season) for r in tables.SHIFTING_LIGHT_TABLE]
    assert actual == expected


def test_turning_weather_table_matches_the_seed() -> None:
    rows = _seed_rows("Turning Weather Table (4/4)", 5)
    expected = [(r[4], dict(zip(SEASONS, map(_span, r[:4]), strict=True))) for r in rows]
    assert [(r.weather, r.by_season) for r in tables.WEATHER_TABLE] == expected


@pytest.mark.parametrize("season", SEASONS)
@pytest.mark.parametrize("lookup", [tables.time_for, tables.shifting_light_for, tables.weather_for])
def test_every_d12_face_reads_exactly_one_row_in_every_season(season: str, lookup: object) -> None:
    table = {tables.time_for: tables.TIME_TABLE, tables.shifting_light_for: tables.SHIFTING_LIGHT_TABLE,
             tables.weather_for: tables.WEATHER_TABLE}[lookup]  # type: ignore[index]
    for face in range(1, 13):
        hits = [row for row in table if row.by_season[season] and
                row.by_season[season][0] <= face <= row.by_season[season][1]]  # type: ignore[index]
        assert len(hits) == 1
        assert lookup(season, face) is hits[0]  # type: ignore[operator]


@pytest.mark.parametrize("face", range(1, 13))
def test_season_roll(face: int) -> None:
    expected = SEASONS[(face - 1) // 3]
    environment = roll_environment(ScriptedDice([face, 1, 6, 12]), None, 2)
    assert environment.season == expected
    assert [r.purpose for r in environment.rolls] == ["season", "time", "shifting_light", "weather"]
    assert [r.nonce for r in environment.rolls] == [0, 1, 2, 3]


def test_given_season_is_not_rolled_and_columns_are_read_down_that_season() -> None:
    # Autumn: Time 7 -> Grey Light (12"), Shifting Light 4 -> Cloudshade (-3"), Weather 4 -> Deep Mist (-3" Sight)
    environment = roll_environment(ScriptedDice([7, 4, 4]), "Autumn", 2)
    assert (environment.season, environment.time, environment.baseline_sight) == ("Autumn", "Grey Light", 12)
    assert (environment.shifting_light, environment.weather, environment.sight) == ("Cloudshade", ("Deep Mist",), 6)
    assert [r.purpose for r in environment.rolls] == ["time", "shifting_light", "weather"]
    assert [r.result for r in environment.rolls] == ["Grey Light", "Cloudshade", "Deep Mist"]


def test_stormfront_rolls_twice_more_and_rerolls_a_second_stormfront() -> None:
    """Seed 002: "Stormfront — Roll on this table twice and apply both results";
    PIL-WEATHER-STORMFRONT: a second Stormfront is re-rolled and Stormfront itself is not listed."""
    # Winter: Time 11 -> Daylight, Light 9 -> Muted,
    # Weather 1 Stormfront, 2 Stormfront (re-rolled), 3 Hail, 7 Frostbound
    environment = roll_environment(ScriptedDice([11, 9, 1, 2, 3, 7]), "Winter", 2)
    assert environment.weather == ("Hail", "Frostbound")
    assert [r.result for r in environment.rolls if r.purpose == "weather"] == [
        "Stormfront", "Stormfront", "Hail", "Frostbound"]
    assert environment.sight == 18


@pytest.mark.parametrize(("baseline", "light", "weather", "sight"), [
    (18, "Clear Sky", [], 24),        # Daylight + 6" = 24"
    (24, "Clear Sky", [], 24),        # never above 24"
    (0, "Gloaming", [], 0),           # never below 0"
    (12, "Favourful", ["Deep Mist"], 12),
    (12, "Darkening", [], 12),        # Darkening changes Sight per Turn, not at once
    (6, "Cloudshade", ["Hail"], 3),
])
def test_sight_now(baseline: int, light: str, weather: list[str], sight: int) -> None:
    assert current_sight(baseline, light, weather) == sight
