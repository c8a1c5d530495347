"""A hero sheet and the Hero Handbook's creation rules (seed 001, Part Two, Steps 1-8): what a
player submits, every rule it breaks, and the numbers the sheet derives."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import msgspec

from domain.records import omit_empty
from domain.rulesets.pericle.catalogue import (
    ARMOURS,
    DISCIPLINES,
    HEALING_ITEMS,
    SHIELDS,
    SPELLS,
    WEAPONS,
    PackItemName,
    RunestoneName,
    Weapon,
)
from domain.rulesets.pericle.heroes import (
    Ancestry,
    Item,
    carrying_capacity,
    carrying_points,
    grapple_score,
    hit_points,
    magic_item_capacity,
    movement,
    overburden,
    starting_xp,
)

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f]+$")]
Attribute = Annotated[int, msgspec.Meta(ge=0, le=20)]
Rank = Annotated[int, msgspec.Meta(ge=0, le=10)]
Skill = Literal["Athletics", "Lore", "Navigation", "Perception", "Persuasion", "Scoundrel"]
ATTRIBUTE_POINTS = 5
SKILL_XP, MAX_SKILL = 2, 5


class HeroSheet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A beginning hero. Names of weapons, armour, shields, Disciplines and Spells are the
    Handbook's; `mastery` names the weapon class of each Weapon Mastery taken."""

    name: Name
    ancestry: Ancestry
    mt: Attribute
    dx: Attribute
    kn: Attribute
    skills: dict[Skill, Rank] = {}
    weapons: Annotated[list[Name], msgspec.Meta(max_length=6)] = []
    armour: Name | None = None
    shield: Name | None = None
    disciplines: Annotated[list[Name], msgspec.Meta(max_length=20)] = []
    mastery: Annotated[list[Literal["axe", "hammer", "polearm", "sword"]], msgspec.Meta(max_length=5)] = []
    spells: Annotated[list[Name], msgspec.Meta(max_length=10)] = []
    # In the pack; they weigh nothing. Healing items; Pericle 6 also carries Spell Scrolls ("Scroll of
    # Fireball"), which versions 3-5 refuse (`_gear_problems`).
    items: Annotated[list[PackItemName], msgspec.Meta(max_length=20)] = []
    karma: Annotated[int, msgspec.Meta(ge=0, le=20)] = 0
    ardence: Annotated[int, msgspec.Meta(ge=0, le=60)] = 0
    # Pericle 6: the runestones embedded in the sheet's items, by item (one of its `weapons`, or its
    # `armour`): {"Longsword": ["Ruby"]} (seed 001 lines 727-747). Versions 3-5 refuse them
    # (`_gear_problems`); recorded in a sheet's events only when given (`sheet_data`).
    runestones: Annotated[dict[Name, Annotated[list[RunestoneName], msgspec.Meta(min_length=1, max_length=4)]],
                          msgspec.Meta(max_length=8)] = {}


    # Recorded (in events, and in the commands recorded with them) only when given, as every sheet was
    # recorded before Pericle 6 embedded runestones (`sheet_data`, domain/codec.py `omit_empty`).
    OMITTED_WHEN_EMPTY: ClassVar[tuple[str, ...]] = ("runestones",)


def sheet_data(sheet: HeroSheet) -> dict[str, Any]:
    """The sheet as events record it: without `runestones` when it has none."""
    data: dict[str, Any] = msgspec.to_builtins(sheet)
    omit_empty(sheet, data)
    return data


class Stats(msgspec.Struct, frozen=True):
    """What the sheet derives (Step 8) and what combat reads."""

    max_hp: int
    movement: int
    base_ad: int
    grapple: int
    armour: int  # worn armour plus Grit
    shield: int
    carrying_capacity: int
    carried: int
    magic_item_capacity: int
    xp_left: int
    karma: int


def _weapon(name: str) -> Weapon | None:
    return WEAPONS.get(name.lower())


def problems(sheet: HeroSheet) -> list[str]:
    """Every Hero Handbook rule the sheet breaks; empty when it is a legal beginning hero."""
    found: list[str] = []
    if sheet.mt + sheet.dx + sheet.kn != ATTRIBUTE_POINTS:
        found.append(f"Step 1: a new hero distributes exactly {ATTRIBUTE_POINTS} attribute points "
                     f"(MT {sheet.mt} + DX {sheet.dx} + KN {sheet.kn} = {sheet.mt + sheet.dx + sheet.kn})")
    for skill, rank in sheet.skills.items():
        if rank > MAX_SKILL:
            found.append(f"Skills: {skill} rank {rank} is above the maximum of {MAX_SKILL}")
    found += _gear_problems(sheet)
    found += _learning_problems(sheet)
    spent = xp_spent(sheet)
    budget = starting_xp(sheet.kn, sheet.ancestry)
    if spent > budget:
        found.append(f"Step 3: {spent} XP spent but the hero starts with {budget} XP (20 + 5 x KN"
                     f"{' + 10 Boundless Spirit' if sheet.ancestry == 'human' else ''})")
    return found


def _gear_problems(sheet: HeroSheet) -> list[str]:
    found = []
    unknown = [w for w in sheet.weapons if _weapon(w) is None]
    found += [f"Step 4: no weapon {w!r} in the Handbook's tables this version knows" for w in unknown]
    blades = [w for w in sheet.weapons if w.lower() in ("dagger", "knife")]
    others = len(sheet.weapons) - min(1, len(blades))
    allowed = 2 if sheet.shield else 3
    if not blades:
        found.append("Step 4: heroes start with a dagger or knife")
    if others > allowed:
        found.append(f"Step 4: a dagger or knife and {allowed} other weapons"
                     f"{' (a shield takes the place of one)' if sheet.shield else ''}; got {others}")
    two_handed = [w.name for w in map(_weapon, sheet.weapons) if w is not None and w.two_handed]
    if len(two_handed) > 2:
        found.append(f"Carrying Capacity: at most two slung two-handed weapons; got {', '.join(two_handed)}")
    for name in sheet.weapons:
        weapon = _weapon(name)
        if weapon and weapon.discipline and weapon.discipline not in sheet.disciplines:
            found.append(f"Step 4: the {weapon.name} requires the Discipline {weapon.discipline}")
    if sheet.armour and sheet.armour.lower() not in ARMOURS:
        found.append(f"Step 5: no armour {sheet.armour!r} (known: {', '.join(a.name for a in ARMOURS.values())})")
    if sheet.shield and sheet.shield.lower() not in SHIELDS:
        found.append(f"Step 5: no shield {sheet.shield!r} (known: {', '.join(s.name for s in SHIELDS.values())})")
    if sheet.runestones:
        found.append("Runestones: this version embeds none in a hero's items (runestones work from Pericle 6)")
    found += [f"Items: this version carries only healing items in the pack, not {item!r} (Spell Scrolls are carried "
              "from Pericle 6)" for item in sheet.items if item.lower() not in HEALING_ITEMS]
    return found


def _learning_problems(sheet: HeroSheet) -> list[str]:
    found = []
    taken: list[str] = []
    for name in sheet.disciplines:
        discipline = DISCIPLINES.get(name)
        if discipline is None:
            found.append(f"Step 6: this version does not know the Discipline {name!r} "
                         f"(known: {', '.join(sorted(DISCIPLINES))})")
            continue
        if name in taken and not discipline.repeatable:
            found.append(f"Step 6: {name} is learned once")
        taken.append(name)
        if sheet.kn < discipline.kn:
            found.append(f"Step 6: {name} needs KN{discipline.kn} (the hero has KN{sheet.kn})")
        if sheet.mt < discipline.min_mt:
            found.append(f"Step 6: {name} needs MT{discipline.min_mt}")
        if discipline.min_base_ad and base_ad(sheet) < discipline.min_base_ad:
            found.append(f"Step 6: {name} needs base AD{discipline.min_base_ad}+")
        found += [f"Step 6: {name} requires {need} first" for need in discipline.requires
                  if need not in sheet.disciplines]
    if len(sheet.mastery) != sheet.disciplines.count("Weapon Mastery"):
        found.append("Step 6: name one weapon class in `mastery` for each Weapon Mastery taken")
    for name in sheet.spells:
        spell = SPELLS.get(name)
        if spell is None:
            found.append(f"Step 7: this version does not know the Spell {name!r} (known: {', '.join(SPELLS)})")
        elif sheet.kn < spell.kn - (1 if sheet.ancestry == "forest elf" else 0):
            found.append(f"Step 7: {name} needs KN{spell.kn}"
                         f"{' (KN' + str(spell.kn - 1) + ' for a forest elf)' if spell.kn else ''}")
    if len(set(sheet.spells)) != len(sheet.spells):
        found.append("Step 7: a Spell is learned once")
    return found


def xp_spent(sheet: HeroSheet) -> int:
    """Skills 2 XP a rank; Disciplines and Spells at their listed cost (odrim pay 1 XP less a Spell)."""
    skills = SKILL_XP * sum(sheet.skills.values())
    disciplines = sum(DISCIPLINES[d].xp for d in sheet.disciplines if d in DISCIPLINES)
    spells = sum(max(0, SPELLS[s].xp - (1 if sheet.ancestry == "odrim" else 0)) for s in sheet.spells if s in SPELLS)
    return skills + disciplines + spells


def armour_ad_penalty(sheet: HeroSheet) -> int:
    worn = ARMOURS.get((sheet.armour or "").lower())
    penalty = worn.ad_penalty if worn else 0
    if worn and "Armor Proficiency II" in sheet.disciplines:
        penalty = max(0, penalty - 1)
    shield = SHIELDS.get((sheet.shield or "").lower())
    return penalty + (shield.ad_penalty if shield else 0)


def base_ad(sheet: HeroSheet) -> int:
    """DX adjusted by armour and shield penalties (Step 8); may be negative."""
    return sheet.dx - armour_ad_penalty(sheet)


def armour_move_penalty(sheet: HeroSheet) -> int:
    """Armour's Movement penalty; Armor Proficiency I: chainmail or plate leave Movement 4, gambeson 5."""
    worn = ARMOURS.get((sheet.armour or "").lower())
    if worn is None:
        return 0
    if "Armor Proficiency I" in sheet.disciplines and worn.name in ("Chainmail", "Breastplate", "Gambeson"):
        return max(0, worn.move_penalty - 1)
    return worn.move_penalty


def _gear(sheet: HeroSheet) -> list[Item]:
    """The sheet's weapons, armour and shield as the Carrying Capacity Chart weighs them."""
    items = [Item(w.name, "weapon", mt_requirement=w.mt, two_handed=w.two_handed)
             for w in (_weapon(name) for name in sheet.weapons) if w is not None]
    if sheet.armour:
        items.append(Item(sheet.armour, "armor"))
    if sheet.shield:
        items.append(Item(sheet.shield, "shield"))
    return items


def stats(sheet: HeroSheet) -> Stats:
    ad = base_ad(sheet)
    gear = _gear(sheet)
    worn = ARMOURS.get((sheet.armour or "").lower())
    shield = SHIELDS.get((sheet.shield or "").lower())
    grit = 1 if "Grit I" in sheet.disciplines else 0
    return Stats(
        max_hp=hit_points(sheet.mt, sheet.ancestry),
        movement=movement(sheet.ancestry, armour_move_penalty(sheet), overburden(sheet.mt, gear),
                          running="Running" in sheet.disciplines),
        base_ad=ad, grapple=grapple_score(sheet.mt, ad), armour=(worn.armour if worn else 0) + grit,
        shield=shield.armour if shield else 0, carrying_capacity=carrying_capacity(sheet.mt),
        carried=sum(carrying_points(item) for item in gear), magic_item_capacity=magic_item_capacity(sheet.kn),
        xp_left=starting_xp(sheet.kn, sheet.ancestry) - xp_spent(sheet), karma=sheet.karma + sheet.ardence // 3)
