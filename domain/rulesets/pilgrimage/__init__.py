"""Pilgrimage: Skirmish (seeds 000 and 002). Version 1: the battle life cycle and the
environment roll at set-up; Oathbands, terrain and Deeds arrive in a later version."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from domain.dice import Dice
from domain.rulesets.base import ProvisionalRule, Ruleset
from domain.rulesets.pilgrimage import oathband
from domain.rulesets.pilgrimage.environment import EnvironmentRolled, roll_environment
from domain.rulesets.pilgrimage.oathband import Oathband
from domain.rulesets.pilgrimage.play import PLAY_EVENTS
from domain.rulesets.pilgrimage.tables import Season


class PilgrimageOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # The campaign's season; without one the Season is rolled on a D12 (seed 002, Season table).
    season: Season | None = None


class PilgrimageState(msgspec.Struct, frozen=True):
    environment: EnvironmentRolled | None = None


class Pilgrimage(Ruleset):
    id: ClassVar[str] = "pilgrimage"
    title: ClassVar[str] = "Pilgrimage: Skirmish"
    version: ClassVar[str] = "1"
    summary: ClassVar[str] = (
        "Inch-measured skirmish wargame with D12 opposed rolls. Version 1 rolls the Season, "
        "Time, Shifting Light and Turning Weather at set-up and offers free dice rolls and "
        "concession; Oathbands, terrain and Deeds are not enforced yet."
    )
    sources: ClassVar[tuple[str, ...]] = ("000_244d29e6b625a4cd.txt", "002_822d1b97ac6fc1e9.txt")
    provisional_rules: ClassVar[tuple[ProvisionalRule, ...]] = (
        ProvisionalRule(
            id="PIL-WEATHER-STORMFRONT",
            summary="Stormfront rolls twice more on Turning Weather; a second Stormfront is re-rolled.",
            settings={"extra_rolls": 2},
        ),
        ProvisionalRule(
            id="PIL-GEAR",
            summary=("Gear costs Supplies (hand weapon 0, two-handed weapon 10, staff or pole 5, sling 5, bow 10, "
                     "crossbow 15, light armour 0, medium armour 10, heavy armour 20); raising Pace, Aim, Might or "
                     "Valour by 1 costs 10, Ward 15, each at most +3; an Oathband may not exceed 600 Supplies. "
                     "Version 1 applies it to tournament registration with these defaults."),
            settings={"supplies": oathband.SUPPLIES, "character": oathband.CHARACTER_COST,
                      "max_raise": oathband.MAX_RAISE, **{f"raise_{k}": v for k, v in oathband.RAISE_COST.items()},
                      **{f"gear_{k.replace(' ', '_')}": v for k, v in oathband.GEAR_COST.items()}},
        ),
    )
    options_type: ClassVar[type[msgspec.Struct]] = PilgrimageOptions
    # Every Pilgrimage event type, whichever version first used it (one union decodes them all).
    events: ClassVar[tuple[type[msgspec.Struct], ...]] = (EnvironmentRolled, *PLAY_EVENTS)
    state_type: ClassVar[type[msgspec.Struct] | None] = PilgrimageState

    def list_problems(self, army_list: Any) -> list[str]:
        try:
            band = msgspec.convert(army_list, Oathband)
        except msgspec.ValidationError as exc:
            return [f"not an Oathband: {exc}"]
        return oathband.problems(band)

    def initial_state(self, options: dict[str, Any], seats: Sequence[str]) -> PilgrimageState:
        return PilgrimageState()

    def setup(self, options: dict[str, Any], dice: Dice) -> Sequence[msgspec.Struct]:
        extra = options["provisional"]["PIL-WEATHER-STORMFRONT"]["extra_rolls"]
        return (roll_environment(dice, options.get("season"), extra),)

    def evolve(self, state: Any, event: msgspec.Struct) -> Any:
        if isinstance(event, EnvironmentRolled):
            return msgspec.structs.replace(state, environment=event)
        return state
