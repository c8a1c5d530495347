"""Spending XP between encounters (seed 001, Hero Handbook Step 3, lines 876-895; Karma line 636):
the purchase is applied to the hero's sheet and the sheet checked by its Pericle version's own
Handbook checks (KN needs, prerequisites, ancestry adjustments), so a hero grows only as the
Handbook lets a hero be built."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import RuleViolation
from domain.heroes.commands import BuyKarma, LearnDiscipline, LearnSpell, Purchase, RaiseAttribute, RaiseSkill
from domain.heroes.events import XpSpent
from domain.heroes.recovery import enforced_between_combats
from domain.heroes.sheets import KARMA_XP, growth_problems, learning_cost, sheet_rules
from domain.rulesets.pericle.sheet import HeroSheet, sheet_data

# "Raising your MT or DX by 1 point costs 8 XP. Raising your KN by 1 point costs 3XP." (lines 889-890)
ATTRIBUTE_XP = {"MT": 8, "DX": 8, "KN": 3}
QUICK_STUDY = "Quick Study"  # "Increasing your MT, DX, or KN requires one less XP than normal." (line 1145)


def attribute_cost(attribute: str, disciplines: list[str], version: str) -> int:
    """What raising `attribute` by 1 costs: 1 XP less with Quick Study where the hero's version
    enforces it (Pericle 6; earlier versions leave it to the table, as before)."""
    quick = QUICK_STUDY in disciplines and enforced_between_combats(QUICK_STUDY, version)
    return ATTRIBUTE_XP[attribute] - (1 if quick else 0)


def _changed(sheet: dict[str, Any], buy: Purchase) -> tuple[dict[str, Any], str, str]:
    """The sheet with the purchase applied, what was bought, and its kind."""
    match buy:
        case RaiseAttribute(attribute=attribute):
            field = attribute.lower()
            return {**sheet, field: sheet[field] + 1}, attribute, "attribute"
        case RaiseSkill(skill=skill):
            skills = dict(sheet.get("skills", {}))
            return {**sheet, "skills": {**skills, skill: skills.get(skill, 0) + 1}}, skill, "skill"
        case LearnDiscipline(discipline=name, mastery=mastery):
            masteries = list(sheet.get("mastery", [])) + ([mastery] if mastery else [])
            return ({**sheet, "disciplines": [*sheet.get("disciplines", []), name], "mastery": masteries},
                    name, "discipline")
        case LearnSpell(spell=name):
            return {**sheet, "spells": [*sheet.get("spells", []), name]}, name, "spell"
        case BuyKarma(count=count):
            return {**sheet, "karma": sheet.get("karma", 0) + count}, "Karma", "karma"
    raise RuleViolation("unknown-purchase", f"XP buys no {type(buy).__name__}")


def _sheet(data: dict[str, Any]) -> HeroSheet:
    try:
        return msgspec.convert(data, HeroSheet)
    except msgspec.ValidationError as exc:  # an attribute above 20, Karma above 20, too many entries
        raise RuleViolation("hero-invalid", f"the sheet would not hold it: {exc}") from exc


def spend(sheet: dict[str, Any], version: str, xp: int, earned_xp: int, buy: Purchase) -> XpSpent:
    """XP spent on `buy` by a hero with `xp` unspent, `earned_xp` of it gained adventuring."""
    before = _sheet(sheet)
    changed, bought, kind = _changed(sheet, buy)
    after = _sheet(changed)
    found = growth_problems(after, version)
    if found:
        raise RuleViolation("hero-invalid", "; ".join(found), problems=found)
    if isinstance(buy, RaiseAttribute):
        # Raising KN "does NOT grant you additional XP" (line 891): XP is never derived from KN again.
        cost = attribute_cost(buy.attribute, list(sheet.get("disciplines", [])), version)
        if earned_xp < cost:
            raise RuleViolation("xp-not-earned", f"raising {bought} costs {cost} XP of XP gained adventuring, and "
                                f"the hero has {earned_xp}: \"You cannot spend any of your starting pool of XP to "
                                "raise attributes!\" (seed 001 line 893)")
        from_earned = cost
    else:
        cost = KARMA_XP * buy.count if isinstance(buy, BuyKarma) else learning_cost(before, after, version)
        # PER-HERO-XP-POOL: the starting pool pays first, keeping XP gained adventuring for attributes.
        from_earned = max(0, cost - (xp - earned_xp))
    if cost > xp:
        raise RuleViolation("xp-short", f"{bought} costs {cost} XP and the hero has {xp} XP unspent")
    return XpSpent(bought=bought, kind=kind, xp=cost, earned_xp=from_earned, sheet=sheet_data(after),
                   max_hp=sheet_rules(version).stats(after).max_hp)
