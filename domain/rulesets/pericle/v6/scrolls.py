"""Pericle 6's Spell Scrolls in combat (seed 001 line 491, "Spell Scrolls"):

"To use a scroll, a hero must first have one in hand. The would-be caster then makes a Base AD
Check to cast the spell during their Action phase. The difficulty of this Check is +/- 1AD per
point of difference between the scroll's KN and the hero's KN... If successful, the spell is cast
as if the hero knows the spell, regardless of their KN level. Exhaustion is paid as normal, per
each spell's individual requirements." "Scrolls only disappear after the spell is successfully
cast, and not on a failed cast."

How the server plays it, with the commands and fields that exist:
- A scroll is an item of the hero sheet's pack (`items`), named by its Spell: "Scroll of Fireball"
  ("Scrolls are categorized by their Knowledge (KN) level, and can only be used to cast spells within
  the same KN level": the scroll's KN is its Spell's). Version 6's sheet check refuses a scroll of a
  Spell the Handbook does not have; versions 3-5 refuse every scroll (sheet.py `_gear_problems`).
- It comes into a free hand by `fetch_item` as an Action, never after running (line 370: "you
  cannot run and fetch a scroll from a backpack"); `ready_weapons` puts it back into the pack.
- `cast_spell` of a Spell the hero has not learned, while that Spell's scroll is in hand, casts
  from the scroll (v5/casting.py consults `scroll` below): the cast's own Base AD check (with the
  aim's range, cover and Defense Dice, as any cast) adjusted by the hero's KN minus the scroll's;
  Exhaustion as the Spell costs; `scroll_consumed` takes it out of the hand when the check
  succeeded. A Spell the hero has learned is cast as learned, its scroll kept.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import Events
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import SCROLL_PREFIX, is_scroll
from domain.rulesets.pericle.combat_commands import SubmitHero
from domain.rulesets.pericle.dice import Adjustment
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.rules import Table
from domain.rulesets.pericle.sheet import HeroSheet, sheet_data
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.v4.book import SPELLS
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5 import heroes
from domain.rulesets.pericle.v5.passives import V5Passives

_BY_LOWER = {name.lower(): name for name in SPELLS}


def scroll_item(spell: str) -> str:
    """The scroll of a Spell as a figure holds it (lower case)."""
    return f"{SCROLL_PREFIX}{spell}".lower()


def scroll_spell(item: str) -> HandbookSpell | None:
    """The Handbook Spell a scroll holds (None: not a scroll, or no such Spell)."""
    if not is_scroll(item):
        return None
    name = _BY_LOWER.get(item[len(SCROLL_PREFIX):].lower())
    return None if name is None else SPELLS[name]


def scroll_problems(sheet: HeroSheet) -> list[str]:
    return [f"Items: {item!r} names no Spell of the Hero Handbook (a Spell Scroll is named 'Scroll of <Spell>', "
            "line 491)" for item in sheet.items if is_scroll(item) and scroll_spell(item) is None]


def without_scrolls(sheet: HeroSheet) -> HeroSheet:
    return msgspec.structs.replace(sheet, items=[i for i in sheet.items if not is_scroll(i)])


def with_sheet_problems(found: list[str], decide: Callable[[], Events]) -> Events:
    """`decide`'s events, or one `hero-invalid` refusal listing its problems with the sheet and
    `found`, what this version checks of the sheet besides."""
    try:
        events = decide()
    except RuleViolation as refused:
        if not found or refused.rule != "hero-invalid":
            raise
        found = [*(refused.problems or [refused.detail]), *found]
        raise RuleViolation("hero-invalid", "; ".join(found), problems=found) from None
    if found:
        raise RuleViolation("hero-invalid", "; ".join(found), problems=found)
    return events


def submit_hero(ctx: Table, command: SubmitHero) -> Events:
    """Version 5's `submit_hero` (v5/heroes.py) of the sheet without its scrolls, which weigh nothing
    and cost no XP ("spells cast by scrolls do not cost XP", line 491); the scrolls join the pack and
    the sheet is recorded as submitted. A scroll of no Handbook Spell is refused with the rest."""
    events = with_sheet_problems(scroll_problems(command.hero), lambda: heroes.submit_hero(
        ctx, msgspec.structs.replace(command, hero=without_scrolls(command.hero))))
    if not any(is_scroll(item) for item in command.hero.items):
        return events
    pack = tuple(item.lower() for item in command.hero.items)  # as joining.py packs them, in the sheet's order
    return [msgspec.structs.replace(e, sheet=sheet_data(command.hero),
                                    figure=msgspec.structs.replace(e.figure, pack=pack))
            if isinstance(e, ev.HeroJoined) else e for e in events]


class ScrollPassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""

    def scroll(self, play: Play, caster: Figure, spell: HandbookSpell) -> Adjustment | None:
        if scroll_item(spell.name) not in caster.in_hand:
            return super().scroll(play, caster, spell)
        if play.state.phase != "actions":
            # "The would-be caster then makes a Base AD Check to cast the spell during their Action
            # phase" (line 491): not with an Enchantment Affinity's cast in the Movement phase.
            raise RuleViolation("scroll-phase", f"a Spell Scroll is cast during the Action phase (line 491): "
                                                f"{caster.name} has not learned {spell.name!r}")
        # "+/- 1AD per point of difference between the scroll's KN and the hero's KN" (line 491).
        return Adjustment(caster.kn - spell.kn, f"Spell Scroll: a KN{spell.kn} scroll, the caster KN{caster.kn}")
