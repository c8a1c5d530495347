"""Pericle ruleset version 2: verifiable checks. A seated player rolls an ability or skill
check at its AD (difficulty by name or by modifier, Fortune, Misfortune, Defense Dice), an
opposed check between two scores, or the Crit Die; each event shows every face and why."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import msgspec

from domain.commands import TEXT_PATTERN
from domain.dice import Dice
from domain.errors import RuleViolation
from domain.rulesets.base import ProvisionalRule, provisional
from domain.rulesets.pericle import Pericle
from domain.rulesets.pericle.dice import DIFFICULTIES, Adjustment, check, crit_die, opposed
from domain.rulesets.pericle.events import CheckRolled, CritDieRolled
from domain.seats import acting_seat

Difficulty = Literal["Simple", "Easy", "Moderate", "Trying", "Hard", "Difficult", "Very Difficult", "Arduous",
                     "Colossal"]
Score = Annotated[int, msgspec.Meta(ge=-20, le=40)]
Extra = Annotated[int, msgspec.Meta(ge=0, le=10)]
Purpose = Annotated[str, msgspec.Meta(max_length=200, pattern=TEXT_PATTERN)]
SeatName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]


class _CheckOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """What every check may carry besides its score."""

    fortune: Extra = 0
    misfortune: Extra = 0
    defense_dice: Extra = 0
    purpose: Purpose = ""
    seat: SeatName | None = None


class RollCheck(_CheckOptions, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="check"):
    """A check at `score` (an Attribute, skill ranks or Base AD), adjusted by a named
    difficulty and/or a modifier (e.g. +1 for height, -2 for Clumsiness)."""

    score: Score
    difficulty: Difficulty | None = None
    modifier: Annotated[int, msgspec.Meta(ge=-20, le=20)] = 0
    modifier_source: Purpose = "modifier"


class RollOpposedCheck(_CheckOptions, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="opposed_check"):
    """The higher score rolls at the difference; the aggressor on a tie."""

    aggressor_score: Score
    defender_score: Score


class RollCritDie(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="crit_die"):
    """Roll the Crit Die once."""

    purpose: Purpose = ""
    seat: SeatName | None = None


def _seat(battle: Any, requested: str | None, actor: str) -> str:
    if battle.status != "active":
        raise RuleViolation("battle-not-active", "checks are rolled during play")
    return acting_seat(battle.seats, requested, actor)


class PericleChecks(Pericle):
    version: ClassVar[str] = "2"
    summary: ClassVar[str] = (
        "Hex-grid fantasy RPG, heroes against enemies. Version 2 rolls the Action Die, Defense Die and "
        "Crit Die verifiably: checks at an AD with named difficulties, Fortune and Misfortune, Defense "
        "Dice, and opposed checks. The hex map, heroes and combat are not enforced yet."
    )
    provisional_rules: ClassVar[tuple[ProvisionalRule, ...]] = (
        provisional("PER-CRIT-DIE", (
            "Crit Die faces: one star, one star, two stars, torch, two stars and torch, one star or torch.")),
        provisional("PER-FORTUNE-MISFORTUNE", "Fortune and Misfortune cancel one for one."),
        provisional("PER-EMPTY-TORCH", (
            "An empty torch on a Defense Die lowers that check's AD by 1, not below AD0; it adds no Misfortune "
            "roll, since the dice are rolled together.")),
    )
    commands: ClassVar[tuple[type[msgspec.Struct], ...]] = (RollCheck, RollOpposedCheck, RollCritDie)
    events: ClassVar[tuple[type[msgspec.Struct], ...]] = ()  # registered by version 1 (one union for all)

    def decide(self, battle: Any, command: msgspec.Struct, dice: Dice, actor: str) -> list[msgspec.Struct]:
        match command:
            case RollCheck():
                seat = _seat(battle, command.seat, actor)
                adjustments = []
                if command.difficulty is not None:
                    adjustments.append(Adjustment(DIFFICULTIES[command.difficulty], command.difficulty))
                if command.modifier:
                    adjustments.append(Adjustment(command.modifier, command.modifier_source))
                rolled = check(dice, command.purpose or "check", command.score, adjustments,
                               fortune=command.fortune, misfortune=command.misfortune,
                               defense_dice=command.defense_dice)
                return [CheckRolled(seat=seat, purpose=command.purpose, check=rolled)]
            case RollOpposedCheck():
                seat = _seat(battle, command.seat, actor)
                roller, ad = opposed(command.aggressor_score, command.defender_score)
                rolled = check(dice, command.purpose or "opposed check", ad, [], fortune=command.fortune,
                               misfortune=command.misfortune, defense_dice=command.defense_dice)
                return [CheckRolled(seat=seat, purpose=command.purpose, check=rolled, opposed={
                    "aggressor_score": command.aggressor_score, "defender_score": command.defender_score,
                    "roller": roller})]
            case RollCritDie():
                seat = _seat(battle, command.seat, actor)
                face, roll = crit_die(dice, command.purpose or "crit")
                return [CritDieRolled(seat=seat, purpose=command.purpose, face=face, roll=roll)]
        return super().decide(battle, command, dice, actor)

    def action_seat(self, event: msgspec.Struct) -> str | None:
        return event.seat if isinstance(event, CheckRolled | CritDieRolled) else None
