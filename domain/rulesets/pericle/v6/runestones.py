"""Pericle 6's runestones in combat (seed 001, Runestones, lines 727-747; Runestone Mastery, line 1321).

A hero sheet names the runestones embedded in its items (`runestones`: {"Longsword": ["Ruby"]}, an
item being one of the sheet's `weapons` or its `armour`); versions 3-5 refuse the field when it is
not empty (sheet.py `_gear_problems`). A version-6 hero record keeps them (its sheet checked by
v6/sheet.py) and joins with them by `bring_hero` below.

Enforced (what the server models):
- a weapon's Diamond: "that weapon gains AD+1 when rolling to attack. This does not alter the
  attack order" (line 741): +1 on each attack roll with it;
- a weapon's Ruby: "an additional +1 damage" (line 745): +1 on each hit's damage with it;
- a weapon's Emerald: "regain 1d4 HP whenever they land a natural critical hit with the weapon" (line
  743): a hit whose Action Die kept the Crit face (not a Crit a Discipline made) heals its wielder 1d4;
- a weapon's Sapphire: "the wielder gains AD+1 to rolls made to cast spells" (line 747): +1 on a
  cast's roll (and a [T-T] Spell's second throw) while the weapon is in hand;
- armour's Ruby: "reduces all damage dealt to their wearers through means other than spells by one
  point" (line 745): a point off each strike's damage after armour (strikes.py) and off bleeding,
  poison, hazards, overrun and falls (spell_effects.hurt, which reads `Figure.runestones`), not off
  a Spell's damage (a Ricochet's share included);
- armour's Sapphire: "reduces damage from spells by four points" (line 747): 4 off the damage each
  Arcane Spell deals its wearer (Arcane Barrage, Storm, Nova, Flux), after its armour (v5/arcane.py
  asks `spell_ward`);
- armour's Amethyst: "the wielder may move one additional hex in combat" (line 739): Movement +1;
- armour's Diamond: "reduce one point of AD penalty that the armor may have given their wearer"
  (line 741): Base AD +1 (and the Grapple score that follows it) when the worn armour costs AD;
- "Heroes may only benefit from the magical properties of one runestone in an item" without
  Runestone Mastery, which lets them "gain the bonuses of two runestones that are embedded in an
  item" (lines 735, 1321): a second runestone in an item needs Runestone Mastery, a third is refused
  (the choice of which runestone works, "at the beginning of each turn in combat", has no command);
- a runestone-imbued item is a magical item (the Sindaro example, line 725): more of them than the
  hero's Magic Item Capacity (KN + 1, line 721) is refused, as the hero could use none of them.

Left to the table (docs/pericle-6-notes.md says why): a weapon's Amethyst (a second attack at AD+0
for 1d4); armour's Emerald (crit damage against the wearer with Misfortune); runestones in shields
(line 731: "Except for special shield runestones").
"""

from __future__ import annotations

import msgspec

from domain.dice_expression import roll_expression
from domain.rulesets.contract import Events
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import ARMOURS, Weapon, loose_runestone
from domain.rulesets.pericle.combat_commands import SubmitHero
from domain.rulesets.pericle.dice import Adjustment
from domain.rulesets.pericle.heroes import magic_item_capacity
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.rules import Table
from domain.rulesets.pericle.sheet import HeroSheet, sheet_data
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.v5 import heroes
from domain.rulesets.pericle.v5.passives import V5Passives
from domain.rulesets.pericle.v6 import scrolls

MASTERY = "Runestone Mastery"
ARMOUR = "armour"  # the key of the worn armour's runestones on a figure
SAPPHIRE_WARD = 4  # line 747: "reduces damage from spells by four points"


def _armour_penalty(sheet: HeroSheet) -> int:
    """The AD penalty the worn armour gives (Armor Proficiency II takes one off, as sheet.py)."""
    worn = ARMOURS.get((sheet.armour or "").lower())
    if worn is None:
        return 0
    return max(0, worn.ad_penalty - (1 if "Armor Proficiency II" in sheet.disciplines else 0))


def runestone_problems(sheet: HeroSheet) -> list[str]:
    found = []
    weapons = {w.lower() for w in sheet.weapons}
    for item, stones in sheet.runestones.items():
        if sheet.shield and item.lower() in (sheet.shield.lower(), "shield"):
            found.append(f"Runestones: {item} is a shield: \"most runestones cannot be placed in shields\" (line 731)")
        elif item.lower() not in weapons and item.lower() != (sheet.armour or "").lower():
            found.append(f"Runestones: {item!r} is none of the sheet's weapons or its armour")
        if len(stones) > 2:
            found.append(f"Runestones: {item} holds {len(stones)} runestones; at most two benefit its wielder "
                         "(Runestone Mastery, line 1321), and the server does not model the choice made each turn "
                         "between them (line 735)")
        elif len(stones) == 2 and MASTERY not in sheet.disciplines:
            found.append(f"Runestones: {item} holds two runestones; without Runestone Mastery a hero benefits from one "
                         "(lines 735, 1321), chosen each turn, which the server does not model: embed one")
    imbued = len({item.lower() for item in sheet.runestones})
    # A runestone carried in the pack, embedded in nothing (a hero record's, after it was extracted):
    # a magical item "stowed in their equipment" and not of "one-time use" (lines 721-723).
    loose = sum(1 for item in sheet.items if loose_runestone(item))
    if imbued + loose > magic_item_capacity(sheet.kn):
        carried = f"{imbued} items with runestones" + (f" and {loose} runestones in the pack" if loose else "")
        found.append(f"Magic Item Capacity: {carried}, and a KN{sheet.kn} hero carries at most "
                     f"{magic_item_capacity(sheet.kn)} magical items (KN + 1, line 721) to use any of them")
    return found


def without_runestones(sheet: HeroSheet) -> HeroSheet:
    """The sheet without runestones, embedded or carried in the pack (what version 5's checks take)."""
    if not sheet.runestones and not any(loose_runestone(item) for item in sheet.items):
        return sheet
    return msgspec.structs.replace(sheet, runestones={},
                                   items=[item for item in sheet.items if not loose_runestone(item)])


def with_runestones(figure: Figure, sheet: HeroSheet) -> Figure:
    """The joining figure with its runestones, keyed by weapon (lower case) or `armour`, and what the
    armour's do to its numbers: Amethyst +1 Movement (line 739), Diamond one point of the armour's AD
    penalty back (line 741), its Grapple score following its Base AD."""
    weapons = {w.lower() for w in sheet.weapons}
    held = {(item.lower() if item.lower() in weapons else ARMOUR): tuple(stones)
            for item, stones in sheet.runestones.items()}
    worn = held.get(ARMOUR, ())
    back = 1 if "Diamond" in worn and _armour_penalty(sheet) > 0 else 0
    return msgspec.structs.replace(figure, runestones=held, movement=figure.movement + ("Amethyst" in worn),
                                   base_ad=figure.base_ad + back, grapple=figure.grapple + back)


def submit_hero(ctx: Table, command: SubmitHero) -> Events:
    """Version 6's `submit_hero`: the sheet's Spell Scrolls (v6/scrolls.py) and runestones, every other
    check as version 5 makes it; the sheet recorded as submitted."""
    sheet = command.hero
    bare = msgspec.structs.replace(command, hero=without_runestones(sheet))
    events = scrolls.with_sheet_problems(runestone_problems(sheet), lambda: scrolls.submit_hero(ctx, bare))
    if bare.hero == sheet:
        return events
    return _with_items(events, sheet)


def _with_items(events: Events, sheet: HeroSheet) -> Events:
    """The joining recorded with the whole sheet: its pack (scrolls, runestones carried) in the sheet's
    order, lower case as joining.py packs it, and its embedded runestones on the figure."""
    pack = tuple(item.lower() for item in sheet.items)
    return [msgspec.structs.replace(e, sheet=sheet_data(sheet),
                                    figure=with_runestones(msgspec.structs.replace(e.figure, pack=pack), sheet))
            if isinstance(e, ev.HeroJoined) else e for e in events]


def _in_beast_form(play: Play, figure: Figure) -> bool:
    """"Armor does not carry over to beast form" (line 1472): nor do its runestones."""
    return any(f.id == figure.id for f in play.state.forms)


def _in(figure: Figure, weapon: Weapon) -> tuple[str, ...]:
    return figure.runestones.get(weapon.name.lower(), ())


class RunestonePassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""

    def attack(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> list[Adjustment]:
        found = super().attack(play, attacker, target, weapon, kind)
        if "Diamond" in _in(attacker, weapon):
            found = [*found, Adjustment(1, "Diamond runestone")]  # line 741
        return found

    def extra_damage(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str,
                     first: bool) -> tuple[str, list[Adjustment]]:
        dice, bonuses = super().extra_damage(play, attacker, target, weapon, kind, first)
        if "Ruby" in _in(attacker, weapon):
            bonuses = [*bonuses, Adjustment(1, "Ruby runestone")]  # line 745
        return dice, bonuses

    def after_strike(self, play: Play, strike: ev.Strike) -> None:
        super().after_strike(play, strike)
        # Line 743: Emerald "runestones imbued into weapons grant their wielder the ability to regain
        # 1d4 HP whenever they land a natural critical hit with the weapon in which the emerald
        # runestone is imbued. A natural critical hit is only a crit made by rolling the Crit Face,
        # not one achieved with a Discipline": a hit whose Action Die kept the Crit face.
        attacker = play.state.figure(strike.attacker)
        if attacker is None or not attacker.active or strike.kind == "stray" or not (strike.hit and strike.check.crit):
            return
        if "Emerald" not in attacker.runestones.get(strike.weapon.lower(), ()):
            return
        roll = roll_expression(play.dice, "1d4", f"{attacker.name}: Emerald runestone, a natural critical hit")
        play.emit(ev.Healed(figure=attacker.id, amount=min(max(0, roll.total or 0), attacker.wounds),
                            source="runestone:Emerald", roll=roll))

    def spell_ward(self, play: Play, figure: Figure) -> list[Adjustment]:
        found = super().spell_ward(play, figure)
        # Line 747: "Armor with sapphire runestones reduces damage from spells by four points."
        if "Sapphire" in figure.runestones.get(ARMOUR, ()) and not _in_beast_form(play, figure):
            found = [*found, Adjustment(SAPPHIRE_WARD, "Sapphire runestone")]
        return found

    def cast_adjustments(self, caster: Figure) -> list[Adjustment]:
        found = super().cast_adjustments(caster)
        # Line 747: "When imbued into weapons, the wielder gains AD+1 to rolls made to cast spells":
        # a weapon in hand (one such weapon is enough; two do not add).
        if any("Sapphire" in caster.runestones.get(item, ()) for item in caster.in_hand if caster.weapon(item)):
            found = [*found, Adjustment(1, "Sapphire runestone")]
        return found


def bring_hero(ctx: Table, command: heroes.BringHero) -> Events:
    """Version 6's `bring_hero` (a hero record joins as it stands, v5/heroes.py): the record's Spell
    Scrolls join its pack and its runestones its figure, as `submit_hero` above takes them; every
    other check as version 5 makes it; the sheet recorded as the record holds it. A sheet with neither
    is decided exactly as version 5's `bring_hero` decides it."""
    sheet = command.hero
    bare = scrolls.without_scrolls(without_runestones(sheet))
    events = scrolls.with_sheet_problems([*scrolls.scroll_problems(sheet), *runestone_problems(sheet)],
                                         lambda: heroes.bring_hero(ctx, msgspec.structs.replace(command, hero=bare)))
    if bare == sheet:
        return events
    return _with_items(events, sheet)
