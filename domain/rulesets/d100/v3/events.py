"""The events version 3 adds to d100's (events.py holds those it shares with version 2, with the
fields version 3 fills in)."""

from __future__ import annotations

import msgspec

from domain.dice import Roll
from domain.rulesets.d100.body import Vitals
from domain.rulesets.d100.v3.catalogue import Affliction


class CharacterMoved(msgspec.Struct, frozen=True, kw_only=True, tag="character_moved"):
    """A move within a combat round: the metres, the character's Movement this round and what
    reduced it, and the metres it has moved this round."""

    seat: str
    character: str
    metres: float
    movement: float
    reduced_by: tuple[str, ...]
    moved: float


class Exposed(msgspec.Struct, frozen=True, kw_only=True, tag="exposed"):
    """A character met a poison or a disease: its Delay, rolled, and when (the clock, in seconds)
    the resistance test is due."""

    seat: str
    character: str
    affliction: Affliction
    delay_roll: Roll
    test_at: int


class DailyHarm(msgspec.Struct, frozen=True, kw_only=True):
    """A day's damage of an active disease ("deals 1D6 damage each day while active"), and when
    the next day's comes."""

    character: str
    disease: str
    roll: Roll
    dealt: int
    next_at: int


class EffectEnded(msgspec.Struct, frozen=True, kw_only=True):
    """A poison's effect on a characteristic whose Duration ran out."""

    character: str
    source: str
    characteristic: str


class TimePassed(msgspec.Struct, frozen=True, kw_only=True, tag="time_passed"):
    """The battle's clock moves on (`clock`, seconds since the battle began): a round, minutes,
    hours of rest, a day of travel. What the time did: each active disease's daily damage,
    effects whose Duration ended, who woke, and the body after of each it changed."""

    seat: str
    seconds: int
    clock: int
    harms: tuple[DailyHarm, ...] = ()
    ended: tuple[EffectEnded, ...] = ()
    woke: tuple[str, ...] = ()
    health: tuple[Vitals, ...] = ()


V3_EVENTS: tuple[type[msgspec.Struct], ...] = (CharacterMoved, Exposed, TimePassed)
