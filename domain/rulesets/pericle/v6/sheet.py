"""Version 6's hero sheet, as hero records (domain/heroes/) check it: version 5's checks of the sheet
without its Spell Scrolls and runestones, and version 6's own checks of those (v6/scrolls.py,
v6/runestones.py), the same checks version 6's `submit_hero` makes.

- Spell Scrolls ("Scroll of <Spell>" in `items`, seed 001 line 491) weigh nothing and cost no XP
  ("spells cast by scrolls do not cost XP"); a scroll of no Handbook Spell is refused.
- Runestones embedded in the sheet's weapons or armour (`runestones`, lines 727-747): one per item,
  two with Runestone Mastery (lines 735, 1321), none in a shield (line 731), no more runestone-imbued
  items and runestones carried in the pack ("Ruby Runestone") than the Magic Item Capacity (KN + 1,
  line 721). Runestones cost no XP (they are bought with
  gold coins, line 1634, which no record keeps)."""

from __future__ import annotations

from domain.rulesets.pericle.sheet import HeroSheet, Stats
from domain.rulesets.pericle.v5 import heroes
from domain.rulesets.pericle.v5 import sheet as v5
from domain.rulesets.pericle.v6.runestones import runestone_problems, without_runestones
from domain.rulesets.pericle.v6.scrolls import scroll_problems, without_scrolls

__all__ = ["bare", "problems", "stats", "veteran_problems", "xp_spent"]


def bare(sheet: HeroSheet) -> HeroSheet:
    """The sheet as version 5 checks it: no Spell Scrolls, no runestones (embedded or in the pack)."""
    return without_scrolls(without_runestones(sheet))


def _own(sheet: HeroSheet) -> list[str]:
    return scroll_problems(sheet) + runestone_problems(sheet)


def problems(sheet: HeroSheet) -> list[str]:
    """A beginning hero's sheet: version 5's checks, and version 6's of its scrolls and runestones."""
    return v5.problems(bare(sheet)) + _own(sheet)


def veteran_problems(sheet: HeroSheet) -> list[str]:
    """A grown hero's sheet (a record's, after XP spent): what any sheet obeys whatever XP it has
    earned (v5/heroes.py), and version 6's checks of its scrolls and runestones."""
    return heroes.veteran_problems(bare(sheet)) + _own(sheet)


def stats(sheet: HeroSheet) -> Stats:
    return v5.stats(bare(sheet))


def xp_spent(sheet: HeroSheet) -> int:
    spent: int = v5.xp_spent(bare(sheet))
    return spent
