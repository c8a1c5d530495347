"""Hero sheets against the Hero Handbook (seed 001, Part Two, Steps 1-8): a legal beginning
hero's derived numbers, and every broken rule listed at once."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.rulesets.pericle.sheet import HeroSheet, problems, stats
from tests.unit.pericle_arena import BAERWYN, SINDARO, VARYA


def sheet(**fields: Any) -> HeroSheet:
    return msgspec.convert(fields, HeroSheet)


@pytest.mark.parametrize("hero", [VARYA, BAERWYN, SINDARO], ids=lambda h: h["name"])
def test_the_arena_heroes_are_legal_beginning_heroes(hero: dict[str, Any]) -> None:
    assert problems(sheet(**hero)) == []


def test_varyas_numbers() -> None:
    """Step 8: HP = MT + 10; Base AD = DX less armour (leather AD-1, buckler AD-0); Grapple =
    MT/2 (down) + Base AD - 2; Movement 5; CC = MT + 2 (Carrying Capacity Chart: the short sword
    and the leather count, the MT1 dagger and the buckler do not); Step 3: 20 XP + 5 x KN + 10
    for a human, less 2 per skill rank and each Discipline's cost."""
    derived = stats(sheet(**VARYA))
    assert (derived.max_hp, derived.base_ad, derived.grapple, derived.movement) == (13, 1, 0, 5)
    assert (derived.armour, derived.shield, derived.carrying_capacity, derived.carried) == (1, 1, 5, 2)
    assert derived.xp_left == 30 - 4 - 5 - 6
    assert derived.magic_item_capacity == 1 and derived.karma == 1


def test_ancestries_disciplines_and_armour_change_the_numbers() -> None:
    """Fleet of Foot +1 Movement; Dwarvish Endurance +3 HP; Running +1 Movement; chainmail
    -2 Movement, 4 with Armor Proficiency I; Armor Proficiency II lowers the AD penalty by one;
    Grit I +1 armour; three Ardence make one Karma."""
    elf = stats(sheet(name="Ila", ancestry="forest elf", mt=1, dx=2, kn=2, weapons=["Knife"],
                      disciplines=["Running"], ardence=6))
    assert elf.movement == 7 and elf.karma == 2
    dwarf = stats(sheet(name="Odo", ancestry="stone dwarf", mt=3, dx=1, kn=1, weapons=["Dagger", "Hammer"],
                        armour="Chainmail", disciplines=["Armor Proficiency I", "Armor Proficiency II", "Grit I"]))
    assert dwarf.max_hp == 16 and dwarf.movement == 4
    assert dwarf.base_ad == 1 - 2 and dwarf.armour == 4
    plain = stats(sheet(name="Ulf", ancestry="human", mt=3, dx=2, kn=0, weapons=["Dagger"], armour="Chainmail"))
    assert plain.movement == 3 and plain.base_ad == -1


def test_at_most_two_slung_two_handed_weapons() -> None:
    """Carrying Capacity Chart: "Heroes can have a maximum of two slung two-handed weapons,
    regardless of their CC"."""
    found = problems(sheet(name="Pack", ancestry="human", mt=4, dx=1, kn=0,
                           weapons=["Knife", "Short Bow", "Quarterstaff", "Staff"]))
    assert found == ["Carrying Capacity: at most two slung two-handed weapons; got Short Bow, Quarterstaff, Staff"]


def test_overburden_costs_movement() -> None:
    """One Movement point per point carried beyond MT + 2."""
    weak = stats(sheet(name="Pip", ancestry="everkin", mt=0, dx=3, kn=2,
                       weapons=["Knife", "Short Bow", "Quarterstaff", "Staff"]))
    assert weak.carried == 6 and weak.carrying_capacity == 2 and weak.movement == 5 - 4


def test_every_broken_rule_is_listed() -> None:
    broken = sheet(name="Greedy", ancestry="odrim", mt=3, dx=2, kn=1,
                   skills={"Athletics": 5, "Lore": 6},
                   weapons=["Short Sword", "Rapier", "Hatchet", "Laser Sword"],
                   armour="Mithril", shield="Round",
                   disciplines=["Dual Weapons", "Grit I", "Armor Proficiency II", "Weapon Mastery", "Tactics",
                                "Tactics", "Cooking"],
                   spells=["Clumsiness", "Fireball"])
    found = problems(broken)
    expected = [
        "exactly 5 attribute points",
        "Lore rank 6 is above the maximum of 5",
        "no weapon 'Laser Sword'",
        "heroes start with a dagger or knife",
        "a dagger or knife and 2 other weapons (a shield takes the place of one); got 4",
        "no armour 'Mithril'",
        "Dual Weapons needs KN3",
        "Dual Weapons needs base AD3+",
        "Armor Proficiency II requires Armor Proficiency I first",
        "Tactics is learned once",
        "does not know the Discipline 'Cooking'",
        "name one weapon class in `mastery` for each Weapon Mastery taken",
        "does not know the Spell 'Fireball'",
        "XP spent but the hero starts with 25 XP",
    ]
    for text in expected:
        assert any(text in problem for problem in found), (text, found)
    assert not any("Clumsiness needs" in p for p in found), "KN1 is enough for Clumsiness"
    assert not any("Grit I needs" in p for p in found), "MT3 is enough for Grit I"


def test_forest_elves_learn_spells_a_point_of_kn_early_and_odrim_pay_less() -> None:
    """Magical Affinity: the KN requirement for spells is 1 lower; Arcane Insight: spells cost
    odrim 1 XP less."""
    elf = sheet(name="Ila", ancestry="forest elf", mt=2, dx=3, kn=0, weapons=["Knife"], spells=["Clumsiness"])
    human = sheet(name="Ivo", ancestry="human", mt=2, dx=3, kn=0, weapons=["Knife"], spells=["Clumsiness"])
    assert problems(elf) == [] and any("Clumsiness needs KN1" in p for p in problems(human))
    odrim = sheet(name="Oro", ancestry="odrim", mt=2, dx=2, kn=1, weapons=["Knife"], spells=["Blur", "Clumsiness"])
    assert stats(odrim).xp_left == 25 - 3 - 3


def test_a_special_weapon_needs_its_discipline_and_mt_short_is_no_error() -> None:
    """Special weapons need their Proficiency; a weapon above the hero's MT is allowed (it costs
    Misfortune when used, Step 4)."""
    found = problems(sheet(name="Kat", ancestry="human", mt=1, dx=3, kn=1, weapons=["Dagger", "Katar", "Longbow"]))
    assert found == ["Step 4: the Katar requires the Discipline Special Weapon Proficiency: Katar"]
