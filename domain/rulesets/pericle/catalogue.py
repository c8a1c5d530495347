"""The Hero Handbook's tables as data (seed 001, Part Two): weapons, armour, shields, the
Disciplines and Spells this ruleset version plays, and the unarmed strike. Rows are
transcribed as printed; where the extraction lost a row, the gap is named, not filled."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

WeaponClass = Literal["sword", "hammer", "axe", "polearm", "ranged", "mage", "special", "natural", "unarmed"]
Dice = Annotated[str, msgspec.Meta(pattern=r"^\d{1,2}d(4|6)([+-]\d{1,2}d(4|6))*([+-]\d{1,2})?$", max_length=30)]


class Poison(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Venom or poison an attack delivers when its damage gets through armour (seed 001, Venom &
    Poison: "[Delivery] | [Effect] | [MT AD save]"): until an MT save succeeds, each turn deals
    `damage`, or adds `ad` to a penalty that the save lifts."""

    damage: Dice | None = None  # "2d6 damage" (the Gray Spider's)
    ad: Annotated[int, msgspec.Meta(ge=-5, le=0)] = 0  # "-1 AD, cumulative effect with each failed save"
    save: Annotated[int, msgspec.Meta(ge=-6, le=2)] = 0  # the save's AD modifier: "Easy MT (AD+1)" is 1


HealingItemName = Literal["Potion of Healing", "Healing Salve", "Healing Berry"]
# What a hero's pack may name: a healing item, or (Pericle 6) a Spell Scroll named by its Spell,
# "Scroll of Fireball" (seed 001 line 491: "Scrolls are categorized by their Knowledge (KN) level,
# and can only be used to cast spells within the same KN level"). Versions 3-5 refuse scrolls in
# their sheet checks (sheet.py `_gear_problems`).
# Pericle 6 hero records also carry a runestone embedded in no item, named by the catalogue's
# runestone row: "Ruby Runestone" (lines 733-735: embedded and extracted between combats).
SCROLL_PREFIX = "Scroll of "
RUNESTONE_SUFFIX = " Runestone"
PackItemName = Annotated[str, msgspec.Meta(
    pattern=r"^(Potion of Healing|Healing Salve|Healing Berry|Scroll of [^\x00-\x1f]{1,40}"
            r"|(Amethyst|Diamond|Emerald|Ruby|Sapphire) Runestone)$", max_length=50)]


# The Handbook's runestones (lines 739-747; the price list, lines 1634-1639).
RunestoneName = Literal["Amethyst", "Diamond", "Emerald", "Ruby", "Sapphire"]
RUNESTONES: tuple[str, ...] = ("Amethyst", "Diamond", "Emerald", "Ruby", "Sapphire")


def loose_runestone(item: str) -> str | None:
    """The runestone a pack item is, embedded in nothing ("Ruby Runestone", any case); None: not one."""
    for stone in RUNESTONES:
        if item.lower() == f"{stone}{RUNESTONE_SUFFIX}".lower():
            return stone
    return None


def is_scroll(item: str) -> bool:
    """A Spell Scroll's name (any case: a figure's pack holds names in lower case)."""
    return item.lower().startswith(SCROLL_PREFIX.lower())


class HealingItem(msgspec.Struct, frozen=True):
    name: str
    heal: str  # the dice it heals, or a whole number


# The Handbook's potions chart (Magic Items): the healing ones, which combat uses.
HEALING_ITEMS: dict[str, HealingItem] = {item.name.lower(): item for item in (
    HealingItem("Potion of Healing", "2d6kh1"),  # "Heals 1d6 with Fortune. Roll 2d6 and use the highest 1d6"
    HealingItem("Healing Salve", "3"),  # "Applying salve heals 3 points of damage."
    HealingItem("Healing Berry", "1"),  # "Consuming one berry heals 1 point of damage."
)}


class Weapon(msgspec.Struct, frozen=True):
    name: str
    mt: int  # MT requirement: 1 Misfortune per point the wielder lacks
    damage: str  # dice expression
    weapon_class: WeaponClass
    two_handed: bool = False
    thrown: bool = False  # a melee weapon that may also be thrown (thrown range increments)
    grapple: bool = False  # usable in a Grapple, +2 damage there
    ranged: bool = False  # on the Ranged Weapon chart (ranged increments; not while Embattled)
    crossbow: bool = False  # fires every other turn; may be fired while prone
    bow: bool = False
    melee: bool = True
    reach: int = 1  # hexes it strikes at (2 = Reach)
    discipline: str | None = None  # a Special weapon's required Discipline
    poison: Poison | None = None  # an enemy attack's venom


def _melee(name: str, mt: int, damage: str, weapon_class: WeaponClass, *, two_handed: bool = False,
           thrown: bool = False, grapple: bool = False, melee: bool = True, discipline: str | None = None) -> Weapon:
    return Weapon(name=name, mt=mt, damage=damage, weapon_class=weapon_class, two_handed=two_handed, thrown=thrown,
                  grapple=grapple, melee=melee, discipline=discipline)


def _ranged(name: str, mt: int, damage: str, *, two_handed: bool = False, bow: bool = False,
            crossbow: bool = False) -> Weapon:
    return Weapon(name=name, mt=mt, damage=damage, weapon_class="ranged", ranged=True, melee=False,
                  two_handed=two_handed, bow=bow, crossbow=crossbow)


# Melee Weapons chart, rows MT0-MT2 (the MT3 row's names did not survive extraction: only its
# damage, 1d6+1d4, did). The Short Sword is the hero sheet example's "Short Sword, damage
# 1d6 + 1d4", a sword on that row (PER-WEAPON-GAPS).
WEAPONS: dict[str, Weapon] = {w.name.lower(): w for w in (
    _melee("Knife", 0, "1d4", "sword", thrown=True, grapple=True),
    _melee("Sap", 0, "1d4", "hammer"),
    _melee("Dagger", 1, "1d6", "sword", thrown=True, grapple=True),
    _melee("Club", 1, "1d6", "hammer"),
    _melee("Hammer", 1, "1d6", "hammer"),
    _melee("Throwing Axe", 1, "1d6", "axe", thrown=True),
    _melee("Javelin", 1, "1d6", "polearm", thrown=True),
    _melee("Cestus", 1, "1d6", "special", grapple=True, discipline="Special Weapon Proficiency: Cestus"),
    _melee("Rapier", 2, "2d4", "sword"),
    _melee("Quarterstaff", 2, "2d4", "hammer", two_handed=True),
    _melee("Hatchet", 2, "2d4", "axe", thrown=True),
    _melee("Short Spear", 2, "2d4", "polearm", thrown=True),
    _melee("Katar", 2, "2d4", "special", grapple=True, discipline="Special Weapon Proficiency: Katar"),
    _melee("Short Sword", 3, "1d6+1d4", "sword"),
    # Mage Weapons (no crit effect).
    _melee("Wand", 0, "0", "mage", melee=False),
    _melee("Staff", 1, "1d6", "mage", two_handed=True),
    _melee("Great Staff", 4, "2d6", "mage", two_handed=True),
    # Ranged Weapons chart.
    Weapon(name="Dart", mt=0, damage="1d4", weapon_class="ranged", ranged=True, thrown=True),
    _ranged("Sling", 1, "1d4"),
    _ranged("Short Bow", 1, "1d4", two_handed=True, bow=True),
    _ranged("Recurve Bow", 2, "1d6", two_handed=True, bow=True),
    _ranged("Hand Crossbow", 2, "1d6", two_handed=True, crossbow=True),
    _ranged("War Bow", 3, "2d4", two_handed=True, bow=True),
    _ranged("Light Crossbow", 3, "2d4", two_handed=True, crossbow=True),
    _ranged("Longbow", 4, "1d6+1d4", two_handed=True, bow=True),
    _ranged("Guard's Crossbow", 4, "1d6+1d4", two_handed=True, crossbow=True),
)}

# Unarmed Attacks chart: damage by MT.
UNARMED: tuple[tuple[int, str], ...] = ((0, "1d4-3"), (2, "1d4-2"), (4, "1d4-1"), (6, "1d4"), (8, "1d4+1"),
                                        (10, "1d4+2"))


def unarmed(mt: int) -> Weapon:
    damage = next((expr for top, expr in UNARMED if mt <= top), UNARMED[-1][1])
    return Weapon(name="Unarmed", mt=0, damage=damage, weapon_class="unarmed", grapple=True)


class Armour(msgspec.Struct, frozen=True):
    name: str
    armour: int
    ad_penalty: int
    move_penalty: int


ARMOURS: dict[str, Armour] = {a.name.lower(): a for a in (
    Armour("Leather", 1, 1, 0),
    Armour("Gambeson", 2, 2, 1),
    Armour("Chainmail", 3, 3, 2),
    Armour("Breastplate", 3, 3, 1),
    Armour("Scale Mail", 4, 4, 2),
)}
SHIELDS: dict[str, Armour] = {s.name.lower(): s for s in (
    Armour("Buckler", 1, 0, 0),
    Armour("Round", 2, 1, 0),
    Armour("Heater", 3, 2, 0),
    Armour("Kite", 4, 3, 0),
    Armour("Pavise", 3, 4, 0),
)}


class Discipline(msgspec.Struct, frozen=True):
    name: str
    xp: int
    kn: int
    requires: tuple[str, ...] = ()
    min_mt: int = 0
    min_base_ad: int = 0
    repeatable: bool = False


# The Disciplines this version plays (Appendix: Disciplines); the rest arrive as data later.
DISCIPLINES: dict[str, Discipline] = {d.name: d for d in (
    Discipline("Archery", 15, 1),
    Discipline("Tactics", 6, 0),
    Discipline("Haste", 10, 1),
    Discipline("Weapon Mastery", 5, 0, repeatable=True),
    Discipline("Dual Weapons", 15, 3, min_base_ad=3),
    Discipline("Deft Strikes", 10, 1),
    Discipline("Shield Bash I", 3, 0),
    Discipline("Dodge", 5, 2),
    Discipline("Defensive Fighting", 5, 2),
    Discipline("Armor Proficiency I", 6, 0),
    Discipline("Armor Proficiency II", 6, 1, requires=("Armor Proficiency I",)),
    Discipline("Running", 4, 0),
    Discipline("Grit I", 8, 1, min_mt=3),
)}
DEFT_WEAPONS = frozenset({"dagger", "cestus", "katar", "knife", "unarmed"})


class Spell(msgspec.Struct, frozen=True):
    name: str
    xp: int
    kn: int
    category: Literal["T", "C", "S"]
    school: str
    initial_exhaustion: int  # 0 for an "xE" spell: the caster chooses
    upkeep: int  # Exhaustion per later turn to maintain it; 0 = not maintained
    duration: int = 0  # turns, for spells that last a fixed time
    target: Literal["any", "foe", "ally"] = "any"


SPELLS: dict[str, Spell] = {s.name: s for s in (
    Spell("Blur", 4, 0, "T", "Furtherance", 1, 1, target="any"),
    Spell("Clumsiness", 4, 1, "T", "Curse", 0, 0, duration=3, target="foe"),
)}
