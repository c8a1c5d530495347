"""Pilgrimage: Skirmish (seeds 000 and 002). Version 1: the battle life cycle and the
environment roll at set-up; Oathbands, terrain and Deeds arrive in version 2 (`v2.py`)."""

from __future__ import annotations

import msgspec

from domain.dice import Dice
from domain.rulesets.contract import Events, Options, ProvisionalRule, RulesetVersion
from domain.rulesets.pilgrimage import oathband
from domain.rulesets.pilgrimage.environment import EnvironmentRolled, roll_environment
from domain.rulesets.pilgrimage.oathband import Oathband
from domain.rulesets.pilgrimage.play import PLAY_EVENTS
from domain.rulesets.pilgrimage.settings import Gear, PilgrimageV1Settings, refuse_unplayable
from domain.rulesets.pilgrimage.tables import Season


class PilgrimageOptions(Options, frozen=True, forbid_unknown_fields=True):
    # The campaign's season; without one the Season is rolled on a D12 (seed 002, Season table).
    season: Season | None = None


class PilgrimageState(msgspec.Struct, frozen=True):
    environment: EnvironmentRolled | None = None


def list_problems(army_list: object) -> list[str]:
    """A tournament's Oathband against PIL-GEAR's defaults: registration has no battle settings."""
    try:
        band = msgspec.convert(army_list, Oathband)
    except msgspec.ValidationError as exc:
        return [f"not an Oathband: {exc}"]
    return oathband.problems(band, Gear())


def _set_up(options: PilgrimageOptions, settings: PilgrimageV1Settings, dice: Dice) -> Events:
    """`start` rolls the environment (PIL-WEATHER-STORMFRONT: its extra rolls)."""
    return (roll_environment(dice, options.season, settings.PIL_WEATHER_STORMFRONT.extra_rolls),)


def _evolve(state: PilgrimageState, event: msgspec.Struct) -> PilgrimageState:
    if isinstance(event, EnvironmentRolled):
        return msgspec.structs.replace(state, environment=event)
    return state


STORMFRONT = ProvisionalRule(
    "PIL-WEATHER-STORMFRONT", "Stormfront rolls twice more on Turning Weather; a second Stormfront is re-rolled.")
GEAR = ProvisionalRule(
    "PIL-GEAR", "Gear costs Supplies (hand weapon 0, two-handed weapon 10, staff or pole 5, sling 5, bow 10, "
                "crossbow 15, light armour 0, medium armour 10, heavy armour 20); raising Pace, Aim, Might or "
                "Valour by 1 costs 10, Ward 15, each at most +3; an Oathband may not exceed 600 Supplies. "
                "Version 1 applies it to tournament registration with these defaults.")

# Every Pilgrimage event type, whichever version first used it (one union decodes them all).
PILGRIMAGE_EVENTS: tuple[type[msgspec.Struct], ...] = (EnvironmentRolled, *PLAY_EVENTS)

def _creation_problems(options: PilgrimageOptions, settings: PilgrimageV1Settings, seats: tuple[str, ...]) -> list[str]:
    refuse_unplayable(settings)
    return []


PILGRIMAGE_V1: RulesetVersion[PilgrimageState, PilgrimageV1Settings, PilgrimageOptions] = RulesetVersion(
    id="pilgrimage", version="1", title="Pilgrimage: Skirmish",
    summary=("Inch-measured skirmish wargame with D12 opposed rolls. Version 1 rolls the Season, "
             "Time, Shifting Light and Turning Weather at set-up and offers free dice rolls and "
             "concession; Oathbands, terrain and Deeds are not enforced yet."),
    sources=("000_244d29e6b625a4cd.txt", "002_822d1b97ac6fc1e9.txt"),
    provisional_rules=(STORMFRONT, GEAR),
    events=PILGRIMAGE_EVENTS,
    options_type=PilgrimageOptions, settings_type=PilgrimageV1Settings, state_type=PilgrimageState,
    initial_state=lambda creation: PilgrimageState(),
    creation_problems=_creation_problems,
    setup=_set_up,
    evolve=_evolve,
    list_problems=list_problems,
)
