"""A hero sheet checked by the Hero Handbook rules of a Pericle ruleset version: each version's
own sheet module (`problems`, `stats`), so a hero is held to the catalogues of the newest
version, and Karma bought at creation is paid for in XP (seed 001, line 636)."""

from __future__ import annotations

import importlib
from typing import Protocol

from domain.rulesets.pericle import sheet as v3
from domain.rulesets.pericle.sheet import HeroSheet, Stats
from domain.rulesets.pericle.v5.heroes import veteran_problems
from domain.rulesets.pericle.v6 import sheet as v6

# The module holding each Pericle version's sheet check. Versions 1 and 2 host no heroes;
# version 4's module is only imported once version 4 is registered (its branch brings it).
SHEET_MODULES = {"3": "domain.rulesets.pericle.sheet", "4": "domain.rulesets.pericle.v4.sheet",
                 "5": "domain.rulesets.pericle.v5.sheet", "6": "domain.rulesets.pericle.v6.sheet"}
# Pericle 6: its records keep Spell Scrolls and runestones (v6/sheet.py checks them as version 6's
# battles do); before, version 6's records were checked by version 5's sheet module, which refuses both.
KARMA_XP = 5  # "You gain Karma by spending 5 XP for 1 Karma." (seed 001, line 636)


class SheetRules(Protocol):
    def problems(self, sheet: HeroSheet) -> list[str]: ...

    def stats(self, sheet: HeroSheet) -> Stats: ...


def sheet_rules(version: str) -> SheetRules:
    """The sheet check of Pericle `version`; a version that hosts no heroes is refused by the
    caller (`hosts_heroes`)."""
    module: SheetRules = importlib.import_module(SHEET_MODULES[version])
    return module


def hosts_heroes(version: str) -> bool:
    return version in SHEET_MODULES


def xp_left(sheet: HeroSheet, version: str) -> int:
    """The XP a new hero keeps: its starting XP less what the sheet spends, less 5 XP a Karma.
    The rulesets' own checks let a sheet name Karma without paying for it."""
    return sheet_rules(version).stats(sheet).xp_left - KARMA_XP * sheet.karma


def creation_problems(sheet: HeroSheet, version: str) -> list[str]:
    """Every Handbook rule a new hero's sheet breaks under Pericle `version`."""
    found = sheet_rules(version).problems(sheet)
    left = xp_left(sheet, version)
    if sheet.karma and left < 0:
        found.append(f"Karma: {sheet.karma} Karma cost {KARMA_XP * sheet.karma} XP (5 XP each, seed 001 "
                     f"line 636) and the hero has {left + KARMA_XP * sheet.karma} XP left after its sheet")
    if sheet.ardence:
        found.append("Ardence: points of Ardence are awarded by the Loremaster for heroic deeds (seed 001 "
                     "line 630); a new hero has none")
    return found


def growth_problems(sheet: HeroSheet, version: str) -> list[str]:
    """Every Hero Handbook rule a grown hero's sheet breaks under Pericle `version`: the creation
    checks of what it knows, carries and has learned (Steps 4-7, Skill ranks), but not Step 1's
    five attribute points nor Step 3's starting budget, which hold only at creation (line 893:
    attributes rise later with XP gained adventuring; XP is spent "at any time", line 636)."""
    if version not in SHEET_MODULES:
        return [f"Pericle {version} hosts no heroes"]
    if SHEET_MODULES[version] == "domain.rulesets.pericle.sheet":
        found = [f"Skills: {skill} rank {rank} is above the maximum of {v3.MAX_SKILL}"
                 for skill, rank in sheet.skills.items() if rank > v3.MAX_SKILL]
        return found + v3._gear_problems(sheet) + v3._learning_problems(sheet)
    if version == "6":
        # Version 6's `bring_hero`: the same checks, and its own of scrolls and runestones.
        return v6.veteran_problems(sheet)
    # The whole Handbook's catalogues: the check a Pericle 5 battle makes of a hero record's sheet.
    return veteran_problems(sheet)


def learning_cost(before: HeroSheet, after: HeroSheet, version: str) -> int:
    """The XP a Discipline, Spell or Skill rank costs: what the version's own sheet count says
    `after` spends beyond `before` (so every ancestry adjustment it knows applies)."""
    module = importlib.import_module(SHEET_MODULES[version])
    spent: int = module.xp_spent(after) - module.xp_spent(before)
    return spent
