"""Pericle 6: embedding and extracting runestones between combats (seed 001 lines 727-747, Runestone
Mastery line 1321, Magic Item Capacity line 721).

- Line 733: "Any hero may embed a runestone into an applicable item during Rest or Recovery. Heroes must
  spend 1E to embed a runestone." The runestone comes out of the record's pack, where it is carried as
  "<Stone> Runestone" (the catalogue's runestone rows: "Ruby Runestone"), into one of the sheet's weapons
  or its armour ("each gives its own properties to weapons and worn armor", line 731; "Except for special
  shield runestones, most runestones cannot be placed in shields": not in the shield). "During Rest or
  Recovery" (PER-HERO-RUNESTONE-REST): after a Rest, a Recovery or an Extended Recovery the record holds,
  until the hero enters its next battle.
- Line 735: extracting "may be done any time heroes are not in combat, draining 1E": back into the pack.
- Not in combat: the hero's last battle has its outcome recorded (or it has fought none).
- After either, the sheet obeys what version 6's battles check (v6/runestones.py `runestone_problems`):
  one runestone per item without Runestone Mastery, two with it (lines 735, 1321), and no more magical
  items (runestone-imbued items and runestones in the pack) than KN + 1 (line 721).
- The 1E is Exhaustion on the record, drawing from HP (line 652): refused when it would leave the hero
  at 0 HP or less (PER-HERO-RUNESTONE-EXHAUSTION), as the hero would fall unconscious (line 537)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import RuleViolation
from domain.heroes.commands import EmbedRunestone, ExtractRunestone
from domain.heroes.events import HeroRunestoneEmbedded, HeroRunestoneExtracted
from domain.rulesets.pericle.catalogue import RUNESTONE_SUFFIX, loose_runestone
from domain.rulesets.pericle.sheet import HeroSheet
from domain.rulesets.pericle.v6.runestones import runestone_problems

FROM_VERSION = 6
COST = 1  # "Heroes must spend 1E to embed a runestone" (line 733); "draining 1E" (line 735)
MAX_ITEMS = 20  # the sheet's pack (HeroSheet.items)


def keeps_runestones(version: str) -> bool:
    """Whether a hero record of Pericle `version` embeds and extracts runestones (from version 6)."""
    return int(version) >= FROM_VERSION


def carried(stone: str) -> str:
    """A runestone carried in the pack: "Ruby Runestone"."""
    return f"{stone}{RUNESTONE_SUFFIX}"


def _item(sheet: dict[str, Any], name: str) -> str:
    """The sheet's own spelling of the weapon or armour `name` (the shield refused, line 731)."""
    weapons = [w for w in sheet.get("weapons", []) if w.lower() == name.lower()]
    armour = sheet.get("armour")
    shield = sheet.get("shield")
    if shield and name.lower() in (shield.lower(), "shield"):
        raise RuleViolation("runestone-item", f"{name} is a shield: \"Except for special shield runestones, most "
                            "runestones cannot be placed in shields\" (seed 001 line 731)")
    if len(weapons) > 1:
        raise RuleViolation("runestone-item", f"the hero carries {len(weapons)} weapons named {weapons[0]}: a battle "
                            "knows a weapon's runestones by its name, so it would run both; embed in a weapon the "
                            "hero carries once")
    if weapons:
        return str(weapons[0])
    if armour and armour.lower() == name.lower():
        return str(armour)
    raise RuleViolation("runestone-item", f"{name!r} is none of the hero's weapons or its armour (runestones give "
                        "their properties to weapons and worn armor, seed 001 line 731)")


def _checked(after: dict[str, Any], hp: int, doing: str) -> None:
    if hp - COST <= 0:
        raise RuleViolation("hero-exhausted", f"{doing} costs 1E (seed 001 lines 733-735), and the hero has {hp} HP: "
                            "it would fall unconscious (line 537); recover first")
    held = {item: stones for item, stones in after.get("runestones", {}).items() if stones}
    found = runestone_problems(msgspec.convert({**after, "runestones": held}, HeroSheet))
    if found:
        raise RuleViolation("runestone-refused", "; ".join(found), problems=found)


def _in_combat(battles: tuple[str, ...], outcomes: tuple[str, ...]) -> bool:
    return bool(battles) and battles[-1] not in outcomes


def decide_runestone(command: EmbedRunestone | ExtractRunestone, version: str, sheet: dict[str, Any], hp: int,
                     battles: tuple[str, ...], outcomes: tuple[str, ...], resting: bool) -> msgspec.Struct:
    if not keeps_runestones(version):
        raise RuleViolation("hero-runestones", f"Pericle {version} hero records keep no runestones: a Pericle 6 "
                            "record embeds and extracts them (seed 001 lines 733-735)")
    if _in_combat(battles, outcomes):
        raise RuleViolation("hero-in-combat", f"the hero's battle {battles[-1]} has no outcome recorded yet: "
                            "runestones are embedded and extracted out of combat (seed 001 lines 733-735)")
    held: dict[str, list[str]] = {k: list(v) for k, v in sheet.get("runestones", {}).items()}
    named = _item(sheet, command.item)
    # The item as the sheet's `runestones` already names it (any case), else as its weapons or armour do.
    item = next((key for key in held if key.lower() == named.lower()), named)
    pack = list(sheet.get("items", []))
    if isinstance(command, EmbedRunestone):
        if not resting:
            raise RuleViolation("not-resting", "\"Any hero may embed a runestone into an applicable item during Rest "
                                "or Recovery\" (seed 001 line 733): record a Rest or a Recovery first (it lasts until "
                                "the hero's next battle)")
        stone = next((i for i in pack if loose_runestone(i) == command.runestone), None)
        if stone is None:
            raise RuleViolation("not-carried", f"the hero carries no {carried(command.runestone)} in its pack")
        pack.remove(stone)
        held[item] = [*held.get(item, []), command.runestone]
        _checked({**sheet, "items": pack, "runestones": held}, hp, "Embedding a runestone")
        return HeroRunestoneEmbedded(runestone=command.runestone, item=item, exhaustion=COST)
    if command.runestone not in held.get(item, []):
        raise RuleViolation("not-embedded", f"the {item} holds no {command.runestone} runestone")
    if len(pack) >= MAX_ITEMS:
        raise RuleViolation("pack-full", f"the hero's pack holds {MAX_ITEMS} items: no room for the runestone")
    held[item].remove(command.runestone)
    _checked({**sheet, "items": [*pack, carried(command.runestone)], "runestones": held}, hp,
             "Extracting a runestone")
    return HeroRunestoneExtracted(runestone=command.runestone, item=item, exhaustion=COST)


def embedded(sheet: dict[str, Any], event: HeroRunestoneEmbedded) -> dict[str, Any]:
    """The sheet after `event`: the runestone out of the pack, into the item."""
    pack = list(sheet.get("items", []))
    pack.remove(next(i for i in pack if loose_runestone(i) == event.runestone))
    held = {k: list(v) for k, v in sheet.get("runestones", {}).items()}
    held[event.item] = [*held.get(event.item, []), event.runestone]
    return {**sheet, "items": pack, "runestones": held}


def extracted(sheet: dict[str, Any], event: HeroRunestoneExtracted) -> dict[str, Any]:
    """The sheet after `event`: the runestone out of the item (the item dropped when it holds no more,
    and `runestones` dropped when none is embedded, as `sheet_data` records a sheet), into the pack."""
    held = {k: list(v) for k, v in sheet.get("runestones", {}).items()}
    held[event.item].remove(event.runestone)
    held = {k: v for k, v in held.items() if v}
    after = {**sheet, "items": [*sheet.get("items", []), carried(event.runestone)], "runestones": held}
    if not held:
        del after["runestones"]
    return after
