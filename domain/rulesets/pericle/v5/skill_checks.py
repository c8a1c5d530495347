"""Skill and Ability Checks from the hero sheet, for version 5 (seed 001, Skill Checks, lines
660-697). Versions 2-4 roll a check at whatever `score` the player sends; version 5 reads the
hero's own ranks from the sheet it joined with.

- line 662: "The difficulty for Skill AD Checks is calculated by adding the modifier for a
  specific check, as stated by Loremaster, to a hero's ranks in the Skill";
- line 680: "If Loremaster or the rules do not list a modifier, then the Skill check is not
  modified and made against a hero's ranks in the Skill. For example, if Loremaster prompts
  Varya to make a Perception Check, she rolls it at AD1 since she has one rank in Perception";
- line 684: "When these Skill Checks are undertaken in combat, they take an Action during the
  Actions phase";
- line 695: "Ability Checks use a hero's base MT, DX, and KN scores";
- line 822 (everkin, Everkin Wit): "All skill checks are +1 AD easier for everkin"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal, TypeVar, get_args

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import Events
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle import poison
from domain.rulesets.pericle.checks import Difficulty, Extra, Purpose
from domain.rulesets.pericle.dice import DIFFICULTIES, Adjustment, check
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.rules import Table
from domain.rulesets.pericle.sheet import HeroSheet, Skill
from domain.rulesets.pericle.state import Figure

CommandT = TypeVar("CommandT")
SKILLS: tuple[Skill, ...] = get_args(Skill)
ABILITIES = ("MT", "DX", "KN")
CheckName = Literal["Athletics", "Lore", "Navigation", "Perception", "Persuasion", "Scoundrel", "MT", "DX", "KN"]
SeatName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]


def scores(sheet: HeroSheet) -> dict[str, int]:
    """What the sheet gives each check: its ranks in each Skill (0 when it has none) and its
    Attributes."""
    return {**{skill: sheet.skills.get(skill, 0) for skill in SKILLS}, "MT": sheet.mt, "DX": sheet.dx,
            "KN": sheet.kn}


def with_checks(rule: Callable[[Table, CommandT], Events]) -> Callable[[Table, CommandT], Events]:
    """A joining rule whose hero's figure keeps its sheet's scores for checks (a `hero_joined`,
    or a `hero_brought` for a hero record, carries the sheet)."""

    def joining(ctx: Table, command: CommandT) -> Events:
        return [msgspec.structs.replace(e, figure=msgspec.structs.replace(
                    e.figure, checks=scores(msgspec.convert(e.sheet, HeroSheet))))
                if isinstance(e, ev.HeroJoined) else e for e in rule(ctx, command)]

    return joining


class SkillCheck(cmd._Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="skill_check"):
    """Version 5: a hero's Skill or Ability Check in combat, at the hero's own ranks (or
    Attribute) as its sheet gives them, as its Action (line 684); the difficulty by name and/or a
    modifier, as the Loremaster states them."""

    skill: CheckName
    difficulty: Difficulty | None = None
    modifier: Annotated[int, msgspec.Meta(ge=-20, le=20)] = 0
    modifier_source: Purpose = "modifier"
    fortune: Extra = 0
    misfortune: Extra = 0
    purpose: Purpose = ""
    seat: SeatName | None = None


def skill_check(play: Play, hero: Figure, command: SkillCheck) -> None:
    """Roll at the sheet's score for the check, with the named difficulty and modifier, Everkin
    Wit on a Skill check and a poison's penalty on an Athletics check (PER-POISON)."""
    if hero.team != "heroes" or not hero.checks:
        raise RuleViolation("skill-check", f"{hero.name} has no hero sheet to check against")
    adjustments: list[Adjustment] = []
    if command.difficulty is not None and DIFFICULTIES[command.difficulty]:
        adjustments.append(Adjustment(DIFFICULTIES[command.difficulty], command.difficulty))
    if command.modifier:
        adjustments.append(Adjustment(command.modifier, command.modifier_source))
    if hero.everkin and command.skill in SKILLS:
        adjustments.append(Adjustment(1, "Everkin Wit"))
    if command.skill == "Athletics":
        adjustments += poison.penalty(hero)
    kind = "Skill" if command.skill in SKILLS else "Ability"
    score = hero.checks[command.skill]
    rolled = check(play.dice, f"{hero.name}: {command.skill} check", score, adjustments,
                   fortune=command.fortune + play.passives.luck(play, hero), misfortune=command.misfortune)
    what = f"{command.difficulty + ' ' if command.difficulty else ''}{command.skill} {kind} Check"
    play.emit(ev.CheckMade(figure=hero.id, purpose=f"{what}{': ' + command.purpose if command.purpose else ''}",
                           check=rolled))
