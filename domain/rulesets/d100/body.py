"""What version 3's events record of a character's body (seed 004, Healing and Recovery; Poison
and Disease; Exposure, starvation, and thirst), so that its `evolve` only sets what they say:
hit points and wounds after the event, the characteristics and everything derived from them,
the damage that cannot heal yet, and the effects of poisons and diseases on characteristics.
Events of version 2 leave these fields out (None)."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.rulesets.d100.characters import Characteristics

CharacteristicName = Literal["str", "con", "siz", "dex", "int", "pow", "cha"]


class Unhealed(msgspec.Struct, frozen=True, kw_only=True):
    """Damage that cannot heal yet, by its cause: a deprivation's "cannot recover naturally until
    adequate shelter, food, or water remedies its cause"; a disease's "cannot heal, while the
    disease is active"."""

    cause: str
    kind: Literal["deprivation", "disease"]
    hp: int


class Effect(msgspec.Struct, frozen=True, kw_only=True):
    """A poison's or a disease's effect on one characteristic (the Gorgon venom's -3 CON, The
    Shakes' halved DEX): `add` is added, `halve` halves it; it lasts until `ends_at` on the
    battle's clock (seconds), or while the disease is active (None)."""

    source: str
    characteristic: CharacteristicName
    add: int = 0
    halve: bool = False
    ends_at: int | None = None


class Vitals(msgspec.Struct, frozen=True, kw_only=True):
    """A character's body after an event: its characteristics as they now are (effects
    included), the hit points and Major Wound Level derived from them, its hit points, wounds
    and conditions, and the damage that cannot heal yet."""

    character: str
    characteristics: Characteristics
    max_hp: int
    major_wound_level: int
    hp: int
    wounded: bool
    bleeding: bool
    dying_rounds: int | None  # rounds ended while Dying (None: not Dying)
    dead: bool
    operated: bool  # a Wounded character's successful Surgery: natural recovery may begin
    unhealed: tuple[Unhealed, ...] = ()
