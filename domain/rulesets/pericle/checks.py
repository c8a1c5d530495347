"""Pericle ruleset version 2: verifiable checks. A seated player rolls an ability or skill
check at its AD (difficulty by name or by modifier, Fortune, Misfortune, Defense Dice), an
opposed check between two scores, or the Crit Die; each event shows every face and why."""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar

import msgspec

from domain.commands import TEXT_PATTERN
from domain.rulesets.contract import Context, Events, Options, ProvisionalRule, RulesetVersion, Settings
from domain.rulesets.contract import play as row
from domain.rulesets.pericle import PERICLE_V1, no_state, unchanged
from domain.rulesets.pericle.dice import DIFFICULTIES, Adjustment, check, crit_die, opposed
from domain.rulesets.pericle.events import CheckRolled, CritDieRolled
from domain.rulesets.pericle.settings import PericleChecksSettings

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


# The checks read the acting seat and the dice only: version 3 decides them with its own state
# and settings.
StateT = TypeVar("StateT")
SettingsT = TypeVar("SettingsT", bound=Settings)


def roll_check(ctx: Context[StateT, SettingsT], command: RollCheck) -> Events:
    adjustments = []
    if command.difficulty is not None:
        adjustments.append(Adjustment(DIFFICULTIES[command.difficulty], command.difficulty))
    if command.modifier:
        adjustments.append(Adjustment(command.modifier, command.modifier_source))
    rolled = check(ctx.dice, command.purpose or "check", command.score, adjustments, fortune=command.fortune,
                   misfortune=command.misfortune, defense_dice=command.defense_dice)
    return [CheckRolled(seat=ctx.seat, purpose=command.purpose, check=rolled)]


def roll_opposed_check(ctx: Context[StateT, SettingsT], command: RollOpposedCheck) -> Events:
    roller, ad = opposed(command.aggressor_score, command.defender_score)
    rolled = check(ctx.dice, command.purpose or "opposed check", ad, [], fortune=command.fortune,
                   misfortune=command.misfortune, defense_dice=command.defense_dice)
    return [CheckRolled(seat=ctx.seat, purpose=command.purpose, check=rolled, opposed={
        "aggressor_score": command.aggressor_score, "defender_score": command.defender_score, "roller": roller})]


def roll_crit_die(ctx: Context[StateT, SettingsT], command: RollCritDie) -> Events:
    face, roll = crit_die(ctx.dice, command.purpose or "crit")
    return [CritDieRolled(seat=ctx.seat, purpose=command.purpose, face=face, roll=roll)]


def action_seat(event: msgspec.Struct) -> str | None:
    """Each check is an action of the seat that rolled it."""
    return event.seat if isinstance(event, CheckRolled | CritDieRolled) else None


CHECK_RULES: tuple[ProvisionalRule, ...] = (
    ProvisionalRule("PER-CRIT-DIE", (
        "Crit Die faces: one star, one star, two stars, torch, two stars and torch, one star or torch.")),
    ProvisionalRule("PER-FORTUNE-MISFORTUNE", "Fortune and Misfortune cancel one for one."),
    ProvisionalRule("PER-EMPTY-TORCH", (
        "An empty torch on a Defense Die lowers that check's AD by 1, not below AD0; it adds no Misfortune "
        "roll, since the dice are rolled together.")),
)


# Version 2: the three checks, rolled during play (before `start` the engine refuses them).
PERICLE_V2: RulesetVersion[None, PericleChecksSettings, Options] = RulesetVersion(
    id=PERICLE_V1.id, version="2", title=PERICLE_V1.title, sources=PERICLE_V1.sources, events=PERICLE_V1.events,
    summary=(
        "Hex-grid fantasy RPG, heroes against enemies. Version 2 rolls the Action Die, Defense Die and "
        "Crit Die verifiably: checks at an AD with named difficulties, Fortune and Misfortune, Defense "
        "Dice, and opposed checks. The hex map, heroes and combat are not enforced yet."
    ),
    provisional_rules=CHECK_RULES,
    options_type=Options,
    settings_type=PericleChecksSettings,
    initial_state=no_state,
    evolve=unchanged,
    action_seat=action_seat,
    plays=(row(RollCheck, roll_check), row(RollOpposedCheck, roll_opposed_check), row(RollCritDie, roll_crit_die)),
)
