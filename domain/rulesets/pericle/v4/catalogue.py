"""What a client builds a Pericle hero from (version 4), each entry with its seed reference: the
ancestries, weapons, armour and shields, Disciplines, Spells, Skills, and the items and prices of
the Trade & Commerce appendix (seed 001). Served by GET /v1/rulesets/pericle/catalogue. The
price rows are transcribed as printed: a row the extraction lost (Leather Armor's price, the
Round Shield and the Pavise, most weapons) is absent or priceless, not filled in."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.rulesets.pericle.catalogue import ARMOURS, SHIELDS, WEAPONS, Armour, Weapon
from domain.rulesets.pericle.heroes import Ancestry
from domain.rulesets.pericle.sheet import MAX_SKILL, SKILL_XP, Skill
from domain.rulesets.pericle.v4.book import (
    DISCIPLINES,
    SPELLS,
    Enforcement,
)
from domain.rulesets.pericle.v4.handbook import (
    SPELL_ANCESTRY_ADJUSTMENTS,
    Category,
    DisciplineCategory,
    Prerequisites,
    School,
    spell_kn,
    spell_xp,
)
from domain.rulesets.pericle.v6.enforced import discipline_enforcement, enforced_disciplines
from domain.rulesets.pericle.v6.enforced import enforced_spells as enforced_by_version

SOURCE = "001_da6eaba1bafd55cc.txt"


class SeedRef(msgspec.Struct, frozen=True):
    """Where in the seed an entry is printed."""

    line: int
    section: str
    source: str = SOURCE


class AncestryEntry(msgspec.Struct, frozen=True):
    """An ancestry and its Hero Abilities (Step 2: Ancestry)."""

    name: Ancestry
    abilities: list[str]
    seed: SeedRef


class WeaponEntry(msgspec.Struct, frozen=True):
    """A weapon of the Melee, Ranged or Mage Weapons charts, with its price where the
    Trade & Commerce appendix prints one (0: free)."""

    name: str
    mt: int
    damage: str
    weapon_class: str
    two_handed: bool
    thrown: bool
    grapple: bool
    ranged: bool
    crossbow: bool
    bow: bool
    discipline: str | None
    price_gc: int | None  # None: the price table does not list it ("Darts, knives, saps, and wands" are free)
    seed: SeedRef


class ArmourEntry(msgspec.Struct, frozen=True):
    """A suit of armour or a shield (Step 5), with its prices where printed."""

    name: str
    kind: Literal["armour", "shield"]
    armour: int
    ad_penalty: int
    move_penalty: int
    price_gc: int | None
    tailored_price_gc: int | None
    seed: SeedRef


class DisciplineEntry(msgspec.Struct, frozen=True):
    """A Discipline of the Hero Handbook and whether the server enforces its effect."""

    name: str
    xp: int
    kn: int
    categories: list[DisciplineCategory]
    prerequisites: Prerequisites
    repeatable: bool
    exhaustion: int
    upkeep: int
    effect: Enforcement
    enforced_as: str | None  # what the server does, when it enforces the effect
    text: str
    seed: SeedRef


class SpellEntry(msgspec.Struct, frozen=True):
    """A Spell of the Hero Handbook and whether the server enforces its effect."""

    name: str
    xp: int
    kn: int
    category: Category
    school: School
    cost: str  # as printed
    exhaustion: int | None  # None: xE, the caster chooses (`power`)
    upkeep: int | None  # None: the E it was cast with
    duration: int
    outside_combat: bool
    ancestry: dict[str, dict[str, int]]  # {"forest elf": {"kn": 2}, "odrim": {"xp": 4}}
    effect: Enforcement
    enforced_as: str | None
    text: str
    seed: SeedRef


class SkillEntry(msgspec.Struct, frozen=True):
    """A Skill: 2 XP a rank, at most 5 ranks."""

    name: Skill
    description: str
    xp_per_rank: int
    max_rank: int
    seed: SeedRef


class ItemEntry(msgspec.Struct, frozen=True):
    """A row of the Trade & Commerce appendix (or a runestone): its price as printed, None
    where the extraction lost it."""

    name: str
    kind: Literal["weapon", "gear", "armour", "shield", "potion", "runestone"]
    price_gc: int | None
    ability: str | None
    seed: SeedRef


class PericleCatalogue(msgspec.Struct, frozen=True):
    """The Hero Handbook's catalogues for building a hero in the latest Pericle version. `effect`
    says whether the server applies a Discipline's or Spell's effect (`enforced`) or records its
    use, cost and check and leaves the effect to the table (`table-applied`)."""

    ruleset_version: str
    ancestries: list[AncestryEntry]
    weapons: list[WeaponEntry]
    armour: list[ArmourEntry]
    disciplines: list[DisciplineEntry]
    spells: list[SpellEntry]
    skills: list[SkillEntry]
    items: list[ItemEntry]
    spell_ancestry_adjustments: dict[str, str]


ANCESTRIES: tuple[AncestryEntry, ...] = (
    AncestryEntry("everkin", ["Everkin Wit: all skill checks AD+1", "Grappling Evasion: +3 Grapple to avoid a Grapple",
                              "Darkvision"], SeedRef(822, "Step 2: Ancestry")),
    AncestryEntry("forest elf", ["Fleet of Foot: +1 Movement", "Magical Affinity: KN to learn Spells 1 lower",
                                 "Elvish Arcanum: Fortune resisting Spells; KN+1 for opposed saves of its Spells"],
                  SeedRef(834, "Step 2: Ancestry")),
    AncestryEntry("human", ["Boundless Spirit: +10 XP at Hero Creation"], SeedRef(846, "Step 2: Ancestry")),
    AncestryEntry("odrim", ["Arcane Insight: Spells cost 1 XP less"], SeedRef(856, "Step 2: Ancestry")),
    AncestryEntry("stone dwarf", ["Strength of the Mountain: +1 AD on Might checks",
                                  "Dwarvish Endurance: +3 HP; heal 2 HP during Recovery", "Darkvision"],
                  SeedRef(866, "Step 2: Ancestry")),
)

SKILL_DESCRIPTIONS: tuple[tuple[Skill, str, int], ...] = (
    ("Athletics", "climbing, swimming, running, leaping, tumbling, and other physical abilities", 688),
    ("Lore", "specific knowledge, such as deciphering ancient runes, identifying wildlife, and recalling historical "
             "events", 689),
    ("Navigation", "travel-related skills: the simplest path, maps, tracking, sailing; riding and steering creatures",
     690),
    ("Perception", "searching, sensing one's surroundings, and noticing intricate details", 691),
    ("Persuasion", "compelling arguments, talking your way out of difficult situations, interpersonal guile", 692),
    ("Scoundrel", "sneaky skills such as hiding, moving silently, and picking locks", 693),
)
SKILLS: tuple[SkillEntry, ...] = tuple(SkillEntry(name, text, SKILL_XP, MAX_SKILL, SeedRef(line, "Skills"))
                                       for name, text, line in SKILL_DESCRIPTIONS)

# Weapon Pricing (gc), as printed (lines 1587-1593); weapons the charts do not list are items.
WEAPON_PRICES: dict[str, tuple[int, int]] = {
    "Arming Sword": (20, 1587), "Light Crossbow": (15, 1587), "Bardiche": (30, 1588), "Longbow": (25, 1588),
    "Bastard Sword": (16, 1589), "Longsword": (17, 1589), "Bearded Axe": (20, 1590), "Mace": (15, 1590),
    "Broadsword": (30, 1591), "Maul": (35, 1591), "Cestus": (5, 1592), "Morning Star": (20, 1592), "Club": (5, 1593),
}
FREE_WEAPONS = frozenset({"Dart", "Knife", "Sap", "Wand"})  # "considered common items... these items are free" (1582)
# The chart row each weapon is printed on (the Short Sword's MT3 row lost its names: the hero
# sheet example, line 991, names it with that row's damage; PER-WEAPON-GAPS).
WEAPON_LINES: dict[str, int] = {
    "Knife": 920, "Sap": 920, "Dagger": 921, "Club": 921, "Hammer": 921, "Throwing Axe": 921, "Javelin": 921,
    "Cestus": 921, "Rapier": 922, "Quarterstaff": 922, "Hatchet": 922, "Short Spear": 922, "Katar": 922,
    "Short Sword": 991, "Dart": 930, "Sling": 931, "Short Bow": 931, "Recurve Bow": 932, "Hand Crossbow": 932,
    "War Bow": 933, "Light Crossbow": 933, "Longbow": 934, "Guard's Crossbow": 934, "Wand": 969, "Staff": 970,
    "Great Staff": 971,
}
# Shield & Armor Pricing (gc), as printed (lines 1611-1622): (price, tailored price).
ARMOUR_PRICES: dict[str, tuple[int | None, int | None]] = {
    "Breastplate": (40, 240), "Chainmail": (10, 210), "Gambeson": (8, 210), "Leather": (None, None),
    "Buckler": (5, None), "Heater": (5, None), "Kite": (5, None),
}
ARMOUR_LINES: dict[str, int] = {"Leather": 1000, "Gambeson": 1001, "Chainmail": 1002, "Breastplate": 1003,
                                "Scale Mail": 1004, "Buckler": 1007, "Round": 1008, "Heater": 1009, "Kite": 1010,
                                "Pavise": 1011}

ITEMS: tuple[ItemEntry, ...] = (
    *(ItemEntry(name, "weapon", price, None, SeedRef(line, "Weapon Purchase Pricing"))
      for name, (price, line) in WEAPON_PRICES.items()),
    *(ItemEntry(name, "gear", price, ability, SeedRef(line, "Non-magical Items with Bonuses"))
      for name, ability, price, line in (
        ("Artifact", "+1 on Lore checks. Must be held in one hand to use.", 15, 1600),
        ("Books", "+1 on KN checks, except opposed KN checks to resist a Spell or magic effect. Must be in hand.", 3,
         1601),
        ("Climbing Kit", "+1 on Athletics checks for climbing. Contains rope, grappling hook, pitons.", 5, 1602),
        ("Cloak", "+1 on Scoundrel checks for sneaking.", 8, 1603),
        ("Crowbar", "+1 to lift or move objects or open doors. Requires two hands to use.", 3, 1604),
        ("Fine Attire & Makeup", "+1 on Persuasion checks.", 12, 1605),
        ("Fine Boots", "+1 on Athletics for jumping and tumbling.", 10, 1606),
    )),
    *(ItemEntry(name, "armour", price, None, SeedRef(line, "Shield & Armor Pricing")) for name, price, line in (
        ("Breastplate Armor", 40, 1611), ("Breastplate Armor, Tailored", 240, 1612), ("Brigandine Armor", 50, 1613),
        ("Brigandine Armor, Tailored", 250, 1614), ("Chainmail Armor", 10, 1616),
        ("Chainmail Armor, Tailored", 210, 1617), ("Gambeson (Padded Cloth) Armor", 8, 1618),
        ("Gambeson (Padded Cloth) Armor, Tailored", 210, 1619), ("Leather Armor", None, 1622),
    )),
    *(ItemEntry(name, "shield", price, None, SeedRef(line, "Shield & Armor Pricing")) for name, price, line in (
        ("Buckler Shield", 5, 1615), ("Heater Shield", 5, 1620), ("Kite Shield", 5, 1621),
    )),
    *(ItemEntry(name, "potion", price, ability, SeedRef(line, "Magic Items")) for name, ability, price, line in (
        ("Boon Elixir", "Temporarily increases an ability of the drinker's choosing (MT, DX, KN) by 1 point. Lasts "
                        "until end of day.", 40, 1629),
        ("Healing Berry", "Consuming one berry heals 1 point of damage.", 14, 1630),
        ("Healing Salve", "Applying salve heals 3 points of damage.", 26, 1631),
        ("Potion of Healing", "Heals 1d6 with Fortune. Roll 2d6 and use the highest 1d6 to determine how many points "
                              "of damage are restored.", 32, 1632),
    )),
    *(ItemEntry(name, "runestone", price, ability, SeedRef(line, "Magic Items: Runestone"))
      for name, price, line, ability in (
        ("Amethyst", 210, 1635, "weapon: a second attack at AD+0 for 1d4; armour: +1 Movement (line 739)"),
        ("Diamond", 210, 1636, "weapon: AD+1 to attack; armour: 1 less AD penalty (line 741)"),
        ("Emerald", 260, 1637, "weapon: regain 1d4 HP on a natural crit; armour: crit damage against with Misfortune "
                               "(line 743)"),
        ("Ruby", 210, 1638, "weapon: +1 damage; armour: 1 less damage from other than spells (line 745)"),
    )),
)


# Pericle 6 lists the runestone the price list prints last (line 1639) and earlier versions' catalogue
# left out (theirs is served as it was): "Sapphire (210gc). When imbued into weapons, the wielder gains
# AD+1 to rolls made to cast spells. Armor with sapphire runestones reduces damage from spells by four
# points." (line 747).
SAPPHIRE = ItemEntry("Sapphire", "runestone", 210, "weapon: AD+1 to rolls to cast spells; armour: 4 less damage "
                     "from spells (line 747)", SeedRef(1639, "Magic Items: Runestone"))
ITEMS_FROM_V6: tuple[ItemEntry, ...] = (SAPPHIRE,)


def _weapon(w: Weapon) -> WeaponEntry:
    price = 0 if w.name in FREE_WEAPONS else WEAPON_PRICES.get(w.name, (None, 0))[0]
    section = "Mage Weapons" if w.weapon_class == "mage" else "Ranged Weapons" if w.ranged else "Melee Weapons"
    return WeaponEntry(name=w.name, mt=w.mt, damage=w.damage, weapon_class=w.weapon_class, two_handed=w.two_handed,
                       thrown=w.thrown, grapple=w.grapple, ranged=w.ranged, crossbow=w.crossbow, bow=w.bow,
                       discipline=w.discipline, price_gc=price, seed=SeedRef(WEAPON_LINES[w.name], section))


def _armour(a: Armour, kind: Literal["armour", "shield"]) -> ArmourEntry:
    price, tailored = ARMOUR_PRICES.get(a.name, (None, None))
    return ArmourEntry(name=a.name, kind=kind, armour=a.armour, ad_penalty=a.ad_penalty, move_penalty=a.move_penalty,
                       price_gc=price, tailored_price_gc=tailored,
                       seed=SeedRef(ARMOUR_LINES[a.name], "Step 5: Equip Your Armor"))


def _ancestry_changes(name: str) -> dict[str, dict[str, int]]:
    spell = SPELLS[name]
    return {"forest elf": {"kn": spell_kn(spell, "forest elf")}, "odrim": {"xp": spell_xp(spell, "odrim")}}


def handbook_catalogue(version: str) -> PericleCatalogue:
    """The catalogues as `version` plays them: which Spells it enforces is the version's own."""
    enforced_spells = enforced_by_version(version)
    disciplines = [
        DisciplineEntry(name=d.name, xp=d.xp, kn=d.kn, categories=list(d.categories), prerequisites=d.requires,
                        repeatable=d.repeatable, exhaustion=d.exhaustion, upkeep=d.upkeep,
                        effect=discipline_enforcement(d.name, version),
                        enforced_as=enforced_disciplines(version).get(d.name),
                        text=d.text, seed=SeedRef(d.line, f"Appendix: Disciplines, KN{d.kn}"))
        for d in DISCIPLINES.values()]
    spells = [
        SpellEntry(name=s.name, xp=s.xp, kn=s.kn, category=s.category, school=s.school, cost=s.cost,
                   exhaustion=s.exhaustion, upkeep=s.upkeep, duration=s.duration, outside_combat=s.outside_combat,
                   ancestry=_ancestry_changes(s.name),
                   effect="enforced" if s.name in enforced_spells else "table-applied",
                   enforced_as=enforced_spells.get(s.name), text=s.text,
                   seed=SeedRef(s.line, f"Appendix: Spells, KN{s.kn}"))
        for s in SPELLS.values()]
    return PericleCatalogue(
        ruleset_version=version, ancestries=list(ANCESTRIES), weapons=[_weapon(w) for w in WEAPONS.values()],
        armour=[*(_armour(a, "armour") for a in ARMOURS.values()), *(_armour(s, "shield") for s in SHIELDS.values())],
        disciplines=disciplines, spells=spells, skills=list(SKILLS),
        items=[*ITEMS, *(ITEMS_FROM_V6 if version not in ("3", "4", "5") else ())],
        spell_ancestry_adjustments={str(k): v for k, v in SPELL_ANCESTRY_ADJUSTMENTS.items()})
