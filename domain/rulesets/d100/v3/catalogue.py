"""Poisons and diseases (seed 004, Poison and Disease): "Poisons and diseases list a Type, Delay,
Potency from 10 to 100, Effect, and—where needed—Duration." The seed's two entries are data,
transcribed as written; a battle may describe others the same way."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.commands import TEXT_PATTERN
from domain.rulesets.d100.body import CharacteristicName
from domain.rulesets.d100.commands import AfflictionName, DiceExpression

TimeUnit = Literal["rounds", "minutes", "hours", "days"]


class Change(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """An Effect on one characteristic: `add` (-3 CON) or `halve` (halves DEX)."""

    characteristic: CharacteristicName
    add: Annotated[int, msgspec.Meta(ge=-30, le=30)] = 0
    halve: bool = False


class Affliction(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A poison or a disease. Its Effect is `damage` (for a poison once, when it wins; for a
    disease each time it wins, or each day while it is active when `daily`) and `changes` to
    characteristics (a poison's for its Duration, a disease's while it is active)."""

    name: AfflictionName
    kind: Literal["poison", "disease"]
    vector: Annotated[str, msgspec.Meta(max_length=100, pattern=TEXT_PATTERN)] = ""  # the seed's "Type"
    delay: DiceExpression
    delay_unit: TimeUnit
    potency: Annotated[int, msgspec.Meta(ge=10, le=100)]
    damage: DiceExpression | None = None
    daily: bool = False
    changes: Annotated[tuple[Change, ...], msgspec.Meta(max_length=7)] = ()
    duration: DiceExpression | None = None
    duration_unit: TimeUnit = "minutes"


# "Gorgon Serpent Venom: Ingested or smeared; Delay 1D3 rounds; Potency 34; Effect 1D3 HP damage
# and -3 CON; Duration 6D10 minutes."
GORGON_SERPENT_VENOM = Affliction(
    name="Gorgon Serpent Venom", kind="poison", vector="Ingested or smeared", delay="1d3", delay_unit="rounds",
    potency=34, damage="1d3", changes=(Change(characteristic="con", add=-3),), duration="6d10",
    duration_unit="minutes")

# "The Shakes: Spread by touch; Delay 1D2 days; Potency 50; Effect halves DEX and deals 1D6 damage
# each day while active."
THE_SHAKES = Affliction(
    name="The Shakes", kind="disease", vector="Spread by touch", delay="1d2", delay_unit="days", potency=50,
    damage="1d6", daily=True, changes=(Change(characteristic="dex", halve=True),))

CATALOGUE: dict[str, Affliction] = {a.name: a for a in (GORGON_SERPENT_VENOM, THE_SHAKES)}

SECONDS: dict[TimeUnit, int] = {"minutes": 60, "hours": 3600, "days": 86_400}


def seconds_of(amount: int, unit: TimeUnit, round_seconds: int) -> int:
    """A Delay or a Duration on the battle's clock (a round lasts D100-CLOCK's seconds)."""
    return amount * (round_seconds if unit == "rounds" else SECONDS[unit])


def affliction_problems(affliction: Affliction) -> list[str]:
    """What keeps a described affliction from working as its entry says."""
    found = []
    if affliction.kind == "poison" and affliction.changes and affliction.duration is None:
        found.append("a poison's changes to characteristics need a Duration")
    if affliction.kind == "disease" and affliction.duration is not None:
        found.append("a disease lasts until its victim wins: it has no Duration")
    if affliction.daily and affliction.kind != "disease":
        found.append("only a disease deals damage each day while active")
    if affliction.daily and affliction.damage is None:
        found.append("daily damage needs a damage expression")
    if any(c.add == 0 and not c.halve for c in affliction.changes):
        found.append("a change must add to or halve its characteristic")
    if len({c.characteristic for c in affliction.changes}) != len(affliction.changes):
        found.append("one change per characteristic")
    return found
