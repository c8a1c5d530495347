"""d100 characters and their wounds (seed 004, Healing and Recovery; D100-CHARACTER): hit points,
the Major Wound Level, and the Wounded, Bleeding and Dying conditions."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Annotated, Literal

import msgspec

Characteristic = Annotated[int, msgspec.Meta(ge=1, le=30)]
DYING_ROUNDS = 3  # "die at the end of the third round unless stabilised"


class Characteristics(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The seven characteristics: STR, CON, SIZ, DEX, INT, POW, CHA (D100-CHARACTER)."""

    str: Characteristic
    con: Characteristic
    siz: Characteristic
    dex: Characteristic
    int: Characteristic
    pow: Characteristic
    cha: Characteristic


class Character(msgspec.Struct, frozen=True, kw_only=True):
    """A character as the battle keeps it."""

    id: str
    name: str
    seat: str
    characteristics: Characteristics
    max_hp: int
    major_wound_level: int
    hp: int
    wounded: bool = False  # -1P to every skill test
    bleeding: bool = False  # loses 1 HP at the end of every round
    dying_rounds: int | None = None  # rounds ended while Dying (None: not Dying)
    dead: bool = False
    diseases: tuple[str, ...] = ()  # active: their damage cannot heal until the victim wins
    enc: int = 0  # what it carries (ENC)
    deprivations: tuple[str, ...] = ()  # active: no natural recovery until remedied
    air: Literal["breathing", "holding", "inhaled"] = "breathing"
    held_rounds: int = 0  # rounds ended holding its breath
    fumes: str | None = None  # the damage of what it would breathe (suffocation, smoke, water)
    fatigue: Literal["fresh", "fatigued", "exhausted"] = "fresh"  # cleared by a full day's rest
    treated: bool = False  # had its one Healing attempt for ordinary damage since its last full rest
    operated: bool = False  # a Wounded character's successful Surgery: natural recovery may begin

    @property
    def overloaded(self) -> bool:
        """Above Capacity (STR + SIZ ENC): -1P on physical tests, half Movement."""
        return self.enc > self.characteristics.str + self.characteristics.siz

    @property
    def dying(self) -> bool:
        return self.dying_rounds is not None

    @property
    def conscious(self) -> bool:
        return self.hp > 0 and not self.dead


class Thing(msgspec.Struct, frozen=True, kw_only=True):
    """An object that can be damaged (seed 004, Damaging Objects): Armour Points and Hit Points."""

    id: str
    name: str
    ap: int
    hp: int

    @property
    def broken(self) -> bool:
        return self.hp <= 0


class AdventureState(msgspec.Struct, frozen=True, kw_only=True):
    characters: tuple[Character, ...] = ()
    things: tuple[Thing, ...] = ()
    round: int = 0
    in_combat: bool = False

    def character(self, character_id: str) -> Character | None:
        return next((c for c in self.characters if c.id == character_id), None)

    def thing(self, thing_id: str) -> Thing | None:
        return next((t for t in self.things if t.id == thing_id), None)


def hit_points(con: int, siz: int) -> int:
    """D100-CHARACTER: HP = ceil((CON + SIZ) / 2)."""
    return math.ceil((con + siz) / 2)


def major_wound_level(hp: int) -> int:
    """D100-CHARACTER: Major Wound Level = ceil(HP / 2)."""
    return math.ceil(hp / 2)


def slug(name: str) -> str:
    """The id a name gives a character or an object at the table."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "unnamed"


def new_character(name: str, seat: str, characteristics: Characteristics) -> Character:
    hp = hit_points(characteristics.con, characteristics.siz)
    return Character(id=slug(name), name=name, seat=seat, characteristics=characteristics, max_hp=hp,
                     major_wound_level=major_wound_level(hp), hp=hp)


def is_major_wound(dealt: int, character: Character) -> bool:
    """"A post-armour hit that deals damage equal to or greater than the target's Major Wound
    Level makes the target Wounded and Bleeding after damage is applied.\""""
    return dealt >= character.major_wound_level


def after_damage(character: Character, dealt: int, *, hit: bool = True) -> Character:
    """Damage applied (HP does not go below 0: D100-DYING); a hit's major wound adds Wounded and
    Bleeding (poison and disease are no hits: D100-AFFLICTION); at 0 HP the character falls
    unconscious and starts Dying."""
    hp = max(0, character.hp - dealt)
    major = hit and dealt > 0 and is_major_wound(dealt, character)
    dying = character.dying_rounds if character.dying or hp > 0 else 0
    return msgspec.structs.replace(character, hp=hp, wounded=character.wounded or major,
                                   bleeding=character.bleeding or major, dying_rounds=dying)


def after_disease_test(character: Character, disease: str, disease_won: bool, dealt: int) -> Character:
    """A disease that wins is (or stays) active and deals its damage; one the victim beats ends."""
    others = tuple(name for name in character.diseases if name != disease)
    diseases = (*others, disease) if disease_won else others
    return after_damage(msgspec.structs.replace(character, diseases=diseases), dealt, hit=False)


def after_deprived_day(character: Character, deprivations: Sequence[str],
                       fatigue: Literal["fresh", "fatigued", "exhausted"], dealt: int) -> Character:
    """The day's deprivations become active, its fatigue stays, and its damage (no hit) is taken."""
    active = tuple(dict.fromkeys((*character.deprivations, *deprivations)))
    worn = msgspec.structs.replace(character, deprivations=active, fatigue=fatigue)
    return after_damage(worn, dealt, hit=False)


def at_round_end(character: Character) -> Character:
    """The end of a round: a Bleeding character loses 1 HP; a Dying one comes a round nearer
    death, and dies at the end of its third (the round it fell counts: D100-DYING)."""
    if character.dead:
        return character
    if character.air == "holding":
        character = msgspec.structs.replace(character, held_rounds=character.held_rounds + 1)
    if character.bleeding:
        character = after_damage(character, 1) if not character.dying else character
    if character.dying:
        rounds = (character.dying_rounds or 0) + 1
        if rounds >= DYING_ROUNDS:
            return msgspec.structs.replace(character, dying_rounds=rounds, dead=True, bleeding=False)
        character = msgspec.structs.replace(character, dying_rounds=rounds)
    return character


def healed(character: Character, amount: int) -> Character:
    """HP restored, never past the maximum; "Wounded ends once current HP is greater than Major
    Wound Level"."""
    hp = min(character.max_hp, character.hp + amount)
    wounded = character.wounded and hp <= character.major_wound_level
    return msgspec.structs.replace(character, hp=hp, wounded=wounded, operated=character.operated and wounded,
                                   dying_rounds=None if hp > 0 else character.dying_rounds)


def daily_recovery(character: Character) -> int:
    """"A character performing no more than light activity recovers a quarter of CON in HP per 24
    hours" (D100-RECOVERY: rounded down); "a Wounded character begins this recovery only after
    treatment"; the dead and the Bleeding recover nothing, nor does anyone while a disease is
    active ("damage from the disease cannot heal, while the disease is active")."""
    if character.dead or character.bleeding or character.dying or (character.wounded and not character.operated):
        return 0
    if character.diseases or character.deprivations:
        return 0  # nor while a deprivation lasts: "This damage cannot recover naturally until ... remedied"
    return character.characteristics.con // 4


def stabilised(character: Character) -> Character:
    """Battlefield healing: "Success removes Bleeding and Dying, but restores no HP.\""""
    return msgspec.structs.replace(character, bleeding=False, dying_rounds=None)
