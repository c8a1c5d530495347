"""What a d100 battle of version 3 keeps: its characters with their bodies (body.py), conditions,
afflictions, breath and what they did this round; its objects; the combat round; and the
battle's clock in seconds (Combat Rounds, minutes, hours and days pass on it: D100-CLOCK)."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.rulesets.d100.body import Effect, Unhealed, Vitals
from domain.rulesets.d100.characters import Character, Characteristics, Thing
from domain.rulesets.d100.v3.catalogue import Affliction
from domain.rulesets.d100.v3.settings import D100V3Settings

DAY = 86_400
Fatigue = Literal["fresh", "fatigued", "exhausted"]


class Exposure(msgspec.Struct, frozen=True, kw_only=True):
    """A poison or disease a character was exposed to: its next resistance test is due at
    `test_at` (the clock, in seconds); a disease that has taken hold is `active`, and deals its
    daily damage next at `next_daily_at`."""

    affliction: Affliction
    test_at: int
    active: bool = False
    next_daily_at: int | None = None


class Adventurer(msgspec.Struct, frozen=True, kw_only=True):
    """A character as version 3 keeps it. `base` are its characteristics as it joined;
    `characteristics` what its afflictions' effects leave of them, from which its hit points and
    Major Wound Level derive."""

    id: str
    name: str
    seat: str
    base: Characteristics
    characteristics: Characteristics
    max_hp: int
    major_wound_level: int
    hp: int
    wounded: bool = False
    bleeding: bool = False
    dying_rounds: int | None = None
    dead: bool = False
    operated: bool = False
    unhealed: tuple[Unhealed, ...] = ()
    effects: tuple[Effect, ...] = ()
    exposures: tuple[Exposure, ...] = ()
    enc: int = 0
    deprivations: tuple[str, ...] = ()
    deprived_on: dict[str, int] = {}  # deprivation -> the day of its last daily test
    fatigue: Fatigue = "fresh"
    unconscious_until: int | None = None  # a fumbled Fatigue test (the clock)
    treated: bool = False  # had its one Healing attempt since its last full rest
    air: Literal["breathing", "holding", "inhaled"] = "breathing"
    held_since: int | None = None  # the clock when it began to hold its breath
    breath_round: int | None = None  # the round of holding of its last breath test
    fumes: str | None = None
    gasping_until: int | None = None  # the clock when it can do more than retch or gasp
    # This combat round: metres moved, whether it acted, spent the round healing, or was tended.
    moved: float = 0.0
    acted: bool = False
    healing: bool = False
    tended: bool = False

    @property
    def dying(self) -> bool:
        return self.dying_rounds is not None

    def exposure(self, name: str) -> Exposure | None:
        return next((e for e in self.exposures if e.affliction.name == name), None)

    def vitals(self) -> Vitals:
        return Vitals(character=self.id, characteristics=self.characteristics, max_hp=self.max_hp,
                      major_wound_level=self.major_wound_level, hp=self.hp, wounded=self.wounded,
                      bleeding=self.bleeding, dying_rounds=self.dying_rounds, dead=self.dead, operated=self.operated,
                      unhealed=self.unhealed)

    def with_vitals(self, vitals: Vitals) -> Adventurer:
        return msgspec.structs.replace(
            self, characteristics=vitals.characteristics, max_hp=vitals.max_hp,
            major_wound_level=vitals.major_wound_level, hp=vitals.hp, wounded=vitals.wounded,
            bleeding=vitals.bleeding, dying_rounds=vitals.dying_rounds, dead=vitals.dead, operated=vitals.operated,
            unhealed=vitals.unhealed)


def joined(character: Character) -> Adventurer:
    """A character as `character_added` records it."""
    return Adventurer(id=character.id, name=character.name, seat=character.seat, base=character.characteristics,
                      characteristics=character.characteristics, max_hp=character.max_hp,
                      major_wound_level=character.major_wound_level, hp=character.hp)


class Adventure(msgspec.Struct, frozen=True, kw_only=True):
    characters: tuple[Adventurer, ...] = ()
    things: tuple[Thing, ...] = ()
    round: int = 0  # rounds ended in this combat
    in_combat: bool = False
    clock: int = 0  # seconds since the battle began
    # The battle's settings, for GET /state's Movement; the rules read them from their context.
    settings: D100V3Settings = D100V3Settings()

    @property
    def day(self) -> int:
        """The day on the clock, from 1."""
        return self.clock // DAY + 1

    def character(self, character_id: str) -> Adventurer | None:
        return next((c for c in self.characters if c.id == character_id), None)

    def thing(self, thing_id: str) -> Thing | None:
        return next((t for t in self.things if t.id == thing_id), None)
