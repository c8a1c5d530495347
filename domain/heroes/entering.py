"""A hero record entering a Pericle battle (POST /v1/battles/{id}/heroes): the battle command that
brings it in as its record stands, with what the battle's version takes of the record beyond its
sheet (Pericle 6: the hero's own mode, seed 001 line 545; Regeneration's day, line 1530; the
Inspiration point of Bardic Arts, line 1298)."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.errors import RuleViolation
from domain.heroes.aggregate import HeroState
from domain.hexes import Hex
from domain.rulesets import Ruleset
from domain.rulesets.pericle.combat_commands import SubmitHero
from domain.rulesets.pericle.sheet import HeroSheet
from domain.rulesets.pericle.v5.heroes import RECORD_REVISION
from domain.rulesets.pericle.v5.heroes import BringHero as BringHeroCommand

MAX_KARMA = 20  # the most Karma a hero sheet holds (HeroSheet.karma)
Mode = Literal["adventure", "saga"]


def inspiration_taken(hero: HeroState) -> int:
    """The Inspiration point (Pericle 6, Bardic Arts, line 1298) the hero takes into a battle: "exactly
    like Karma", one more Karma on the sheet the battle takes, while the sheet holds no more than
    its 20 Karma."""
    return min(hero.inspiration, MAX_KARMA - int(hero.sheet.get("karma", 0)))


def takes_record(ruleset: Ruleset) -> bool:
    """Whether the battle's `bring_hero` takes what a record keeps beyond its sheet (its own mode, a
    Regeneration cast on it that day): from settings REVISION 6."""
    return bool(getattr(ruleset.settings_type, "REVISION", 0) >= RECORD_REVISION)


def own_mode(hero: HeroState, encounter_mode: str | None, ruleset: Ruleset) -> Mode | None:
    """The hero's own mode (Pericle 6, line 545) for a battle that takes it (`bring_hero`'s `mode`,
    from settings REVISION 6); a battle of an earlier version plays the encounter's mode
    (`encounter_mode`) for every hero, so it takes a hero of its own mode only when that is the
    encounter's."""
    if hero.mode is None:
        return None
    mode: Mode = "saga" if hero.mode == "saga" else "adventure"
    if takes_record(ruleset):
        return mode
    if encounter_mode != mode:
        raise RuleViolation("hero-mode", f"{hero.name} plays {mode.capitalize()} Mode (seed 001 line 545) and "
                            f"this Pericle {ruleset.version} battle plays the encounter's mode ({encounter_mode}) for "
                            "every hero: bring the hero into a Pericle 6 battle")
    return None


def joining(hero: HeroState, ruleset: Ruleset, *, start: Hex, facing: int = 0, in_hand: list[str] | None = None,
            seat: str | None = None, inspiration: int = 0, mode: Mode | None = None) -> msgspec.Struct:
    """The battle command that brings the hero in: from Pericle 5, `bring_hero` (the record's
    sheet, wounds and id, checked as a veteran's); before, `submit_hero` with its sheet. The sheet's
    Karma counts the Inspiration point the hero takes in."""
    sheet = msgspec.convert({**hero.sheet, "karma": int(hero.sheet.get("karma", 0)) + inspiration}, HeroSheet)
    hand = list(in_hand or [])
    if BringHeroCommand in ruleset.commands:
        return BringHeroCommand(hero_id=hero.hero_id, hero_version=hero.version, hero=sheet, wounds=hero.wounds,
                                exhaustion=hero.exhaustion, start=start, facing=facing, in_hand=hand, seat=seat,
                                mode=mode, regenerated=hero.regenerated and takes_record(ruleset))
    return SubmitHero(hero=sheet, start=start, facing=facing, in_hand=hand, seat=seat)
