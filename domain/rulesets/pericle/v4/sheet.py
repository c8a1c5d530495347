"""A hero sheet checked against the whole Hero Handbook (version 4): any of its 103 Disciplines
and 75 Spells may be named, each with its XP, KN and prerequisites (seed 001, Steps 3, 6 and 7).
Gear, attributes and Skills are checked as version 3 checks them."""

from __future__ import annotations

import msgspec

from domain.rulesets.pericle import sheet as v3
from domain.rulesets.pericle.catalogue import ARMOURS
from domain.rulesets.pericle.heroes import starting_xp
from domain.rulesets.pericle.sheet import HeroSheet, Stats
from domain.rulesets.pericle.v4.book import DISCIPLINES, SPELLS
from domain.rulesets.pericle.v4.handbook import HandbookDiscipline, spell_kn, spell_xp

GRIT = ("Grit I", "Grit II", "Grit III")  # +1 armour each (lines 1205, 1311, 1341)
GRAPPLER = ("Grappler I", "Grappler II", "Grappler III")  # +1 Grapple each (lines 1141, 1203, 1258)


def problems(sheet: HeroSheet) -> list[str]:
    """Every Hero Handbook rule the sheet breaks; empty when it is a legal beginning hero."""
    found: list[str] = []
    if sheet.mt + sheet.dx + sheet.kn != v3.ATTRIBUTE_POINTS:
        found.append(f"Step 1: a new hero distributes exactly {v3.ATTRIBUTE_POINTS} attribute points "
                     f"(MT {sheet.mt} + DX {sheet.dx} + KN {sheet.kn} = {sheet.mt + sheet.dx + sheet.kn})")
    found += [f"Skills: {skill} rank {rank} is above the maximum of {v3.MAX_SKILL}"
              for skill, rank in sheet.skills.items() if rank > v3.MAX_SKILL]
    found += v3._gear_problems(sheet)
    found += discipline_problems(sheet) + spell_problems(sheet)
    spent, budget = xp_spent(sheet), starting_xp(sheet.kn, sheet.ancestry)
    if spent > budget:
        found.append(f"Step 3: {spent} XP spent but the hero starts with {budget} XP (20 + 5 x KN"
                     f"{' + 10 Boundless Spirit' if sheet.ancestry == 'human' else ''})")
    return found


def _prerequisite_problems(sheet: HeroSheet, discipline: HandbookDiscipline) -> list[str]:
    name, needs = discipline.name, discipline.requires
    found = [f"Step 6: {name} requires {need} first" for need in needs.disciplines if need not in sheet.disciplines]
    if sheet.mt < needs.mt:
        found.append(f"Step 6: {name} needs MT{needs.mt}")
    if sheet.dx < needs.dx:
        found.append(f"Step 6: {name} needs basic DX{needs.dx} (not adjusted)")
    if needs.base_ad and v3.base_ad(sheet) < needs.base_ad:
        found.append(f"Step 6: {name} needs base AD{needs.base_ad}+")
    if needs.school_spells is not None:
        school, count = needs.school_spells
        learned = sum(1 for s in sheet.spells if s in SPELLS and SPELLS[s].school == school)
        if learned < count:
            found.append(f"Step 6: {name} needs {count} learned {school} Spells (the hero has {learned})")
    return found


def discipline_problems(sheet: HeroSheet) -> list[str]:
    found: list[str] = []
    for index, name in enumerate(sheet.disciplines):
        discipline = DISCIPLINES.get(name)
        if discipline is None:
            found.append(f"Step 6: the Hero Handbook has no Discipline {name!r}")
            continue
        if name in sheet.disciplines[:index] and not discipline.repeatable:
            found.append(f"Step 6: {name} is learned once")
        if sheet.kn < discipline.kn:
            found.append(f"Step 6: {name} needs KN{discipline.kn} (the hero has KN{sheet.kn})")
        found += _prerequisite_problems(sheet, discipline)
    if len(sheet.mastery) != sheet.disciplines.count("Weapon Mastery"):
        found.append("Step 6: name one weapon class in `mastery` for each Weapon Mastery taken")
    return found


def spell_problems(sheet: HeroSheet) -> list[str]:
    found: list[str] = []
    for name in sheet.spells:
        spell = SPELLS.get(name)
        if spell is None:
            found.append(f"Step 7: the Hero Handbook has no Spell {name!r}")
        elif sheet.kn < spell_kn(spell, sheet.ancestry):
            found.append(f"Step 7: {name} needs KN{spell.kn}"
                         f"{' (KN' + str(spell.kn - 1) + ' for a forest elf)' if spell.kn else ''}")
    if len(set(sheet.spells)) != len(sheet.spells):
        found.append("Step 7: a Spell is learned once")
    return found


def xp_spent(sheet: HeroSheet) -> int:
    """Skills 2 XP a rank; Disciplines and Spells at their listed cost (odrim pay 1 XP less a Spell)."""
    skills = v3.SKILL_XP * sum(sheet.skills.values())
    disciplines = sum(DISCIPLINES[d].xp for d in sheet.disciplines if d in DISCIPLINES)
    spells = sum(spell_xp(SPELLS[s], sheet.ancestry) for s in sheet.spells if s in SPELLS)
    return skills + disciplines + spells


def stats(sheet: HeroSheet) -> Stats:
    """Version 3's numbers, with the XP left after the whole Handbook's costs, every Grit's armour
    and every Grappler's Grapple."""
    derived = v3.stats(sheet)
    grit = sum(1 for d in GRIT if d in sheet.disciplines)
    grappler = sum(1 for d in GRAPPLER if d in sheet.disciplines)
    worn = ARMOURS.get((sheet.armour or "").lower())
    return msgspec.structs.replace(
        derived, xp_left=starting_xp(sheet.kn, sheet.ancestry) - xp_spent(sheet),
        armour=(worn.armour if worn else 0) + grit, grapple=derived.grapple + grappler)
