"""Pericle 6's Elvish Arcanum, the forest elves' ancestry ability (seed 001 line 836): "Forest elves
have Fortune on all opposed checks to resist Spells cast on them. When forest elves cast Spells on
foes that require an opposed save, treat the casting elf's KN as if it is 1 point higher."

Version 5 left it to the table (the server rolled no opposed check against a Spell when it was
written). From version 6 a forest elf joins carrying it among its Disciplines, as version 5 carries
a stone dwarf's Strength of the Mountain (v5/sheet.py `ANCESTRY_ABILITIES`), and every opposed check
the server rolls to resist a Spell asks `V5Passives.spell_save` (Terror, v5/casting.py; Control
Animal and Control Humanoid, v6/control.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from domain.rulesets.contract import Events
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.dice import Adjustment
from domain.rulesets.pericle.rules import Table
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.v5.passives import SpellSave, V5Passives

ELVISH_ARCANUM = "Elvish Arcanum"
ARCANUM_KN = 1  # "treat the casting elf's KN as if it is 1 point higher"
# Ancestry abilities version 6 carries on a hero's figure beyond version 5's (v5/sheet.py).
ANCESTRY_ABILITIES_V6: dict[str, tuple[str, ...]] = {"forest elf": (ELVISH_ARCANUM,)}

CommandT = TypeVar("CommandT")


def with_ancestry(rule: Callable[[Table, CommandT], Events]) -> Callable[[Table, CommandT], Events]:
    """A joining rule (`submit_hero`, `bring_hero`) whose hero's figure also carries the ancestry
    abilities version 6 enforces (the joining event carries the sheet and its ancestry)."""

    def joining(ctx: Table, command: CommandT) -> Events:
        return [_with_abilities(e) if isinstance(e, ev.HeroJoined) else e for e in rule(ctx, command)]

    return joining


def _with_abilities(event: ev.HeroJoined) -> ev.HeroJoined:
    sheet: dict[str, Any] = event.sheet
    added = [a for a in ANCESTRY_ABILITIES_V6.get(str(sheet.get("ancestry", "")), ())
             if a not in event.figure.disciplines]
    if not added:
        return event
    figure = msgspec.structs.replace(event.figure, disciplines=(*event.figure.disciplines, *added))
    return msgspec.structs.replace(event, figure=figure)


class ArcanumPassives(V5Passives):
    """Elvish Arcanum in the opposed checks that resist Spells."""

    def spell_save(self, caster: Figure, target: Figure) -> SpellSave:
        found = super().spell_save(caster, target)
        # "When forest elves cast Spells on foes that require an opposed save": a foe is a figure
        # of the other side (a controlled creature is of its controller's side while controlled).
        kn = ARCANUM_KN if ELVISH_ARCANUM in caster.disciplines and caster.team != target.team else 0
        # "Fortune on all opposed checks to resist Spells cast on them": whoever casts.
        fortune = 1 if ELVISH_ARCANUM in target.disciplines else 0
        if not kn and not fortune:
            return found
        noted = list(found.noted)
        if kn:
            noted.append(Adjustment(0, f"Elvish Arcanum: {caster.name}'s KN counts {kn} more"))
        if fortune:
            noted.append(Adjustment(0, f"Elvish Arcanum: Fortune for {target.name} resisting"))
        return SpellSave(caster=found.caster + kn, fortune=found.fortune + fortune, noted=tuple(noted))


__all__ = ["ANCESTRY_ABILITIES_V6", "ELVISH_ARCANUM", "ArcanumPassives", "with_ancestry"]
