"""The environment roll before each Battle (seed 002, "Sight, Shroud & Light"): the Season,
then D12 on Time, Shifting Light and Turning Weather read down the season's column."""

from __future__ import annotations

import msgspec

from domain.dice import Dice, Roll, roll_dice
from domain.rulesets.pilgrimage import tables


class EnvironmentRolled(msgspec.Struct, frozen=True, tag="environment_rolled"):
    season: str
    time: str
    baseline_sight: int
    shifting_light: str
    weather: tuple[str, ...]
    sight: int
    rolls: tuple[Roll, ...]


def _d12(dice: Dice, purpose: str, rolls: list[Roll]) -> int:
    roll = roll_dice(dice, purpose, (12,))
    rolls.append(roll)
    return roll.dice[0].face


def _with_result(roll: Roll, result: str) -> Roll:
    return msgspec.structs.replace(roll, result=result)


def roll_weather(dice: Dice, season: str, rolls: list[Roll], stormfront_extra_rolls: int) -> list[str]:
    """Turning Weather; a Stormfront rolls again `stormfront_extra_rolls` times, re-rolling a
    second Stormfront (PIL-WEATHER-STORMFRONT), and is not itself listed."""
    first = tables.weather_for(season, _d12(dice, "weather", rolls))
    rolls[-1] = _with_result(rolls[-1], first.weather)
    if first.weather != tables.STORMFRONT:
        return [first.weather]
    weather: list[str] = []
    while len(weather) < stormfront_extra_rolls:
        row = tables.weather_for(season, _d12(dice, "weather", rolls))
        rolls[-1] = _with_result(rolls[-1], row.weather)
        if row.weather != tables.STORMFRONT:
            weather.append(row.weather)
    return weather


def current_sight(baseline: int, shifting_light: str, weather: list[str] | tuple[str, ...]) -> int:
    modifier = tables.SHIFTING_LIGHT_BY_NAME[shifting_light].sight_modifier
    modifier += sum(tables.WEATHER_BY_NAME[name].sight_modifier for name in weather)
    return max(tables.MIN_SIGHT, min(tables.MAX_SIGHT, baseline + modifier))


def roll_environment(dice: Dice, season: str | None, stormfront_extra_rolls: int) -> EnvironmentRolled:
    rolls: list[Roll] = []
    if season is None:
        season = tables.season_for(_d12(dice, "season", rolls))
        rolls[-1] = _with_result(rolls[-1], season)
    time = tables.time_for(season, _d12(dice, "time", rolls))
    rolls[-1] = _with_result(rolls[-1], time.result)
    light = tables.shifting_light_for(season, _d12(dice, "shifting_light", rolls))
    rolls[-1] = _with_result(rolls[-1], light.result)
    weather = roll_weather(dice, season, rolls, stormfront_extra_rolls)
    return EnvironmentRolled(
        season=season,
        time=time.result,
        baseline_sight=time.baseline_sight,
        shifting_light=light.result,
        weather=tuple(weather),
        sight=current_sight(time.baseline_sight, light.result, weather),
        rolls=tuple(rolls),
    )
