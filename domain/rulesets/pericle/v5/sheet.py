"""Version 5's hero sheet: version 4's checks, with the numbers of Armor Proficiency I as seed 001
gives them for each armour, and the ancestry abilities that name checks the server rolls.

Armor Proficiency I (line 1137): "When wearing plate armor or chainmail, your Movement is 4 instead of
3. When wearing Gambeson (cloth) armor, your Movement is 5 instead of 4." The armour chart (lines
1000-1004) gives Gambeson -1 hex, Chainmail -2 hex, Breastplate -1 hex, Scale Mail -2 hex. Version 4
took one hex off every named armour's penalty, so a breastplate left Movement 5; the line's own numbers
say plate (the breastplate, the chart's only plate) leaves Movement 4 - which the chart already gives it:
the seed contradicts itself there (PER-ARMOR-PROFICIENCY). Version 5 follows line 1137's numbers, for a
hero of Movement 5: chainmail and breastplate cost at most 1 hex, gambeson none; scale mail, which the
line does not name, keeps its 2."""

from __future__ import annotations

import msgspec

from domain.rulesets.pericle import sheet as v3
from domain.rulesets.pericle.catalogue import ARMOURS
from domain.rulesets.pericle.heroes import movement, overburden
from domain.rulesets.pericle.sheet import HeroSheet, Stats
from domain.rulesets.pericle.v4 import sheet as v4
from domain.rulesets.pericle.v4.sheet import discipline_problems, problems, spell_problems, xp_spent

__all__ = ["ANCESTRY_ABILITIES", "armour_move_penalty", "discipline_problems", "problems", "spell_problems", "stats",
           "xp_spent"]

# Line 1137: the Movement penalty each armour leaves with Armor Proficiency I (Movement 4 for "plate armor
# or chainmail", 5 for gambeson, out of a hero's 5).
PROFICIENT_MOVE_PENALTY = {"Chainmail": 1, "Breastplate": 1, "Gambeson": 0}

# Ancestry abilities that name a check the server rolls, carried on the figure among its Disciplines so
# that the check finds them. Line 866: "Strength of the Mountain: Stone dwarves gain +1AD when making Might
# checks" (the MT save against poison, line 621: "[MT AD save]").
ANCESTRY_ABILITIES = {"stone dwarf": ("Strength of the Mountain",)}


def armour_move_penalty(sheet: HeroSheet) -> int:
    worn = ARMOURS.get((sheet.armour or "").lower())
    if worn is None:
        return 0
    if "Armor Proficiency I" in sheet.disciplines and worn.name in PROFICIENT_MOVE_PENALTY:
        return min(worn.move_penalty, PROFICIENT_MOVE_PENALTY[worn.name])
    return worn.move_penalty


def stats(sheet: HeroSheet) -> Stats:
    """Version 4's numbers, with line 1137's Movement for Armor Proficiency I."""
    derived = v4.stats(sheet)
    return msgspec.structs.replace(derived, movement=movement(
        sheet.ancestry, armour_move_penalty(sheet), overburden(sheet.mt, v3._gear(sheet)),
        running="Running" in sheet.disciplines))
