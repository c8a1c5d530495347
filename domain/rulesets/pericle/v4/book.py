"""The Hero Handbook's Disciplines and Spells by name, and which of their effects the server
enforces in version 4. An entry not enforced is `table-applied`: using it is still a command
whose cost, check and duration the server enforces and records, and its event carries the
entry's text for the table to apply."""

from __future__ import annotations

from typing import Literal

from domain.rulesets.pericle.v4.discipline_book import DISCIPLINE_BOOK
from domain.rulesets.pericle.v4.handbook import HandbookDiscipline, HandbookSpell
from domain.rulesets.pericle.v4.spell_book import SPELL_BOOK

Enforcement = Literal["enforced", "table-applied"]

DISCIPLINES: dict[str, HandbookDiscipline] = {d.name: d for d in DISCIPLINE_BOOK}
SPELLS: dict[str, HandbookSpell] = {s.name: s for s in SPELL_BOOK}

# Disciplines whose effect the server applies, and where (each has a test citing its line).
ENFORCED_DISCIPLINES: dict[str, str] = {
    "Archery": "AD+2 with a bow, in the Action Order too (strikes.py, turns.py)",
    "Tactics": "AD+1 to the party's Initiative roll (turns.py)",
    "Haste": "acts first in the Action Phase (turns.py)",
    "Weapon Mastery": "AD+1 or +1 damage per Mastery of the weapon's class (strikes.py)",
    "Dual Weapons": "a second attack at AD-3, or a parry for +2 armour (strikes.py, actions.py)",
    "Deft Strikes": "two strikes at AD-1 with a dagger, cestus, katar, knife or unarmed (strikes.py)",
    "Shield Bash I": "a shield attack at AD-2 for 1d4, and when Defending (strikes.py)",
    "Dodge": "a Defense Die against ranged attacks and Spells, two when Defending (strikes.py)",
    "Defensive Fighting": "foes AD-1 in melee, AD-2 when Defending (strikes.py)",
    "Armor Proficiency I": "armour's Movement penalty 1 less (sheet.py)",
    "Armor Proficiency II": "armour's AD penalty 1 less (sheet.py)",
    "Running": "+1 Movement (sheet.py)",
    "Grit I": "+1 armour (sheet.py)",
    "Grit II": "+1 armour more (v4/sheet.py)",
    "Grit III": "+1 armour more (v4/sheet.py)",
    "Grappler I": "+1 Grapple (v4/sheet.py)",
    "Grappler II": "+1 Grapple more (v4/sheet.py)",
    "Grappler III": "+1 Grapple more (v4/sheet.py)",
    "Grappling Expertise": "Fortune or the foe's Misfortune on opposed Grapple checks (actions.py)",
    "Special Weapon Proficiency: Cestus": "the Cestus may be carried (sheet.py)",
    "Special Weapon Proficiency: Katar": "the Katar may be carried (sheet.py)",
    "Spell Throwing": "AD+2 casting a Thrown Spell (v4/casting.py)",
    "Arbalist I": "AD+1 with a crossbow (discipline_effects.py)",
    "Arbalist II": "AD+1 more with a crossbow (discipline_effects.py)",
    "Thrown Weapon Expertise": "AD+2 throwing a weapon; readying another as it throws is the table's "
                               "(discipline_effects.py)",
    "Dodge Projectiles": "foes AD-1 with ranged and thrown attacks and Spells at the hero (discipline_effects.py, "
                         "v4/casting.py)",
    "Martial Arts I": "+1 damage unarmed or with a cestus (discipline_effects.py)",
    "Martial Arts II": "+2 damage in all unarmed or with a cestus; the MT push instead of an attack is the table's "
                       "(discipline_effects.py)",
    "Martial Arts III": "+3 damage in all unarmed or with a cestus; the Trip after a hit is the table's "
                        "(discipline_effects.py)",
    "Staff & Wand Affinity: Arcane I": "Arcane Spells cost 1E less to cast (v4/casting.py)",
}

# Spells whose effect the server applies, and where.
ENFORCED_SPELLS: dict[str, str] = {
    "Blur": "attacks on the target at AD0 with Misfortune (strikes.py)",
    "Clumsiness": "the target's attacks at -2 AD per E (strikes.py)",
    "Magic Armor I": "+3 armour on the target for three turns, not with another Magic Armor (spell_effects.py)",
    "Magic Armor II": "+4 armour on the target for three turns, not with another Magic Armor (spell_effects.py)",
    "Magic Armor III": "+6 armour on the target for three turns, not with another Magic Armor (spell_effects.py)",
    "Armor Penetration": "the target's armour, then shield, 3 less against every attack for three turns "
                         "(spell_effects.py)",
    "Trip": "the target falls prone (v4/casting.py)",
    "True Vision": "the target's attacks ignore Blur; darkness and invisibility are not modelled (strikes.py)",
    "Divine Might": "the target's melee damage rolls 1d6 more per E the spell was cast with, up to 3 (strikes.py)",
    "Inversus Minor": "caster and target swap hexes, each keeping its facing (v4/casting.py)",
    "Paralysis": "for three turns the target neither moves nor attacks nor grapples, and melee attacks on it are "
                 "at AD+4; not on MT10+ (spell_effects.py). That it cannot Embattle, and casts only Spells two KN "
                 "below its own, is the table's",
    "Paralysis, Greater": "as Paralysis, four turns, any MT (spell_effects.py); its Embattlement and casting are "
                          "the table's",
    "Spell Shield": "no other Spell may be cast at the target, nor does a Dispel reach it (v4/casting.py)",
    "Teleport": "the caster moves to the hex `at` its base fits in, facing `facing` (v4/casting.py)",
    "Dispel": "every Spell on the figure in the hex ends, or on every figure within 10 hexes when cast on self; "
              "creations and summons, which the server does not put on the map, are the table's (v4/casting.py)",
}


def discipline_enforcement(name: str) -> Enforcement:
    return "enforced" if name in ENFORCED_DISCIPLINES else "table-applied"


def spell_enforcement(name: str) -> Enforcement:
    return "enforced" if name in ENFORCED_SPELLS else "table-applied"
