"""How heroes join a Pericle 5 battle.

A sheet pasted into a battle (`submit_hero`) is a beginning hero, and in version 5 its Karma is
paid for: "You gain Karma by spending 5 XP for 1 Karma" (seed 001, line 636), so Karma comes out
of the starting XP like any other purchase (version 4 let a sheet name Karma for free).

A hero kept by Chronicle (`/v1/heroes`) joins by `bring_hero`, which only the server sends, for
POST /v1/battles/{id}/heroes: the hero's record has already held every XP purchase to the
Handbook (attributes only from XP gained adventuring, line 893), so the battle checks what a
veteran's sheet must still obey at any time (Skills at most 5, line 686; known gear; Disciplines
and Spells with their KN and prerequisites) and not a beginner's budget. The hero arrives as its
record stands: its wounds and Exhaustion from earlier encounters not yet healed (Rest and
Recovery, lines 644-656), and the event names the hero and the version of its record."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from domain.errors import RuleViolation
from domain.hexes import Hex
from domain.rulesets.contract import Events
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle import sheet as v3
from domain.rulesets.pericle.combat_commands import SeatName, SubmitHero
from domain.rulesets.pericle.encounter import Facing, Name
from domain.rulesets.pericle.heroes import starting_xp
from domain.rulesets.pericle.joining import hero_joining_problems, submit_checked
from domain.rulesets.pericle.rules import Table
from domain.rulesets.pericle.sheet import HeroSheet
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.v4 import sheet as v4
from domain.rulesets.pericle.v5 import sheet as v5

KARMA_XP = 5  # seed 001, line 636
# The settings' REVISION from which `bring_hero` takes what a hero record keeps beyond its sheet:
# its own mode (seed 001 line 545) and a Regeneration cast on it earlier that day (line 1530).
RECORD_REVISION = 6


class BringHero(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="bring_hero"):
    """A hero of Chronicle's hero records joins as its record stands (the server sends this for
    POST /v1/battles/{id}/heroes; POST /commands refuses it)."""

    server_only: ClassVar[bool] = True
    hero_id: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    hero_version: Annotated[int, msgspec.Meta(ge=1)]
    hero: HeroSheet
    wounds: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0
    exhaustion: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0
    start: Hex
    facing: Facing = 0
    in_hand: Annotated[list[Name], msgspec.Meta(max_length=3)] = []
    seat: SeatName | None = None
    # Pericle 6: the hero's own mode, Adventure or Saga (line 545); None: the encounter's.
    # Version 5 plays one mode per encounter and refuses it.
    mode: Literal["adventure", "saga"] | None = None
    # Pericle 6: Regeneration was cast on the hero earlier this day, in another battle: "Regeneration
    # can only be cast once per day on a target hero" (line 1530). Version 5 refuses it.
    regenerated: bool = False


class HeroBrought(ev.HeroJoined, frozen=True, kw_only=True, tag="hero_brought"):
    """A hero of the hero records joined (a `hero_joined` that names its record)."""

    hero_id: str
    hero_version: int


def beginner_problems(sheet: HeroSheet) -> list[str]:
    """Version 4's Handbook checks, with the sheet's Karma paid from its starting XP."""
    found = v4.problems(sheet)
    left = v4.stats(sheet).xp_left
    if sheet.karma and left - KARMA_XP * sheet.karma < 0:
        found.append(f"Karma: {sheet.karma} Karma cost {KARMA_XP * sheet.karma} XP (5 XP each, seed 001 line 636) "
                     f"and the hero has {left} XP left after its sheet")
    return found


def veteran_problems(sheet: HeroSheet) -> list[str]:
    """What any hero's sheet obeys whatever XP it has earned (the record checked each purchase)."""
    found = [f"Skills: {skill} rank {rank} is above the maximum of {v3.MAX_SKILL} (seed 001 line 686)"
             for skill, rank in sheet.skills.items() if rank > v3.MAX_SKILL]
    return found + v3._gear_problems(sheet) + v4.discipline_problems(sheet) + v4.spell_problems(sheet)


def with_abilities(figure: Figure, sheet: HeroSheet) -> Figure:
    """The figure with the ancestry abilities that name checks the server rolls (v5/sheet.py)."""
    abilities = v5.ANCESTRY_ABILITIES.get(sheet.ancestry, ())
    return msgspec.structs.replace(figure, disciplines=(*figure.disciplines, *abilities)) if abilities else figure


def submit_hero(ctx: Table, command: SubmitHero) -> Events:
    return [msgspec.structs.replace(e, figure=with_abilities(e.figure, command.hero)) if isinstance(e, ev.HeroJoined)
            else e for e in submit_checked(ctx, command, beginner_problems, _paid_stats)]


def _paid_stats(sheet: HeroSheet) -> v3.Stats:
    derived = v5.stats(sheet)  # version 5's numbers: Armor Proficiency I as line 1137 gives them
    return msgspec.structs.replace(derived, xp_left=derived.xp_left - KARMA_XP * sheet.karma)


def bring_hero(ctx: Table, command: BringHero) -> Events:
    if command.mode is not None and ctx.settings.REVISION < RECORD_REVISION:
        raise RuleViolation("hero-mode", "this version plays the encounter's mode for every hero: a hero with a "
                            "mode of its own (seed 001 line 545) joins a battle of Pericle 6 or later")
    if command.regenerated and ctx.settings.REVISION < RECORD_REVISION:
        raise RuleViolation("hero-regenerated", "this version does not carry a Regeneration from one battle to the "
                            "next (seed 001 line 1530): a Pericle 6 battle does")
    joining = SubmitHero(hero=command.hero, start=command.start, facing=command.facing, in_hand=command.in_hand,
                         seat=command.seat)
    figure, found = hero_joining_problems(ctx, joining, veteran_problems, v5.stats)
    if figure is not None and command.wounds + command.exhaustion >= figure.max_hp:
        # Exhaustion and wounds both draw from HP (line 652): at 0 HP a hero lies unconscious.
        found.append(f"{command.hero.name} has {figure.max_hp - command.wounds - command.exhaustion} HP left "
                     f"(max {figure.max_hp}, {command.wounds} wounds, {command.exhaustion} Exhaustion): "
                     "heal it before it fights")
    if found or figure is None:
        raise RuleViolation("hero-invalid", "; ".join(found), problems=found)
    figure = msgspec.structs.replace(with_abilities(figure, command.hero), wounds=command.wounds,
                                     exhaustion=command.exhaustion, mode=command.mode,
                                     regenerated=command.regenerated)
    return [HeroBrought(seat=ctx.seat, sheet=v3.sheet_data(command.hero), figure=figure,
                        hero_id=command.hero_id, hero_version=command.hero_version)]


__all__ = ["BringHero", "HeroBrought", "beginner_problems", "bring_hero", "starting_xp", "submit_hero",
           "veteran_problems"]
