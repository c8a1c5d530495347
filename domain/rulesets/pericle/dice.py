"""Pericle's dice and checks (seed 001, "Reading the Action Die", "Reading the Defense Die",
"Opposed Checks", "Fortune & Misfortune", "Skill Check AD Difficulties"), drawn from the
platform's verifiable dice: each die is a numbered face index, read through these tables."""

from __future__ import annotations

import msgspec

from domain.dice import Dice, Roll

# Action Die, 10 faces: four success icons, the Crit (a success icon with a star), the numbers
# 1-4, and the critical failure (a slashed success icon).
ACTION_DIE: tuple[str, ...] = ("success", "success", "success", "success", "crit", "1", "2", "3", "4",
                               "critical failure")
# Defense Die, 6 faces: three shields (blocked), a torch (+1 armour), an empty torch (AD-1), a blank.
DEFENSE_DIE: tuple[str, ...] = ("shield", "shield", "shield", "torch", "empty torch", "blank")
# Crit Die, 6 faces (PER-CRIT-DIE: the seed names the faces, not how many of each star face).
CRIT_DIE: tuple[str, ...] = ("one star", "one star", "two stars", "torch", "two stars and torch",
                             "one star or torch")

MIN_AD, MAX_AD = 0, 4
MAX_EXTRA_ROLLS = 3  # "Misfortune (3) is the maximum possible"
DIFFICULTIES: dict[str, int] = {
    "Simple": 2, "Easy": 1, "Moderate": 0, "Trying": -1, "Hard": -2, "Difficult": -3, "Very Difficult": -4,
    "Arduous": -5, "Colossal": -6,
}


def succeeds(face: str, ad: int) -> bool:
    """A success icon (the Crit among them) or a number no higher than the AD."""
    if face in ("success", "crit"):
        return True
    return face.isdigit() and int(face) <= ad


def _rank(face: str, ad: int) -> int:
    """Worst to best, for choosing the roll Misfortune keeps or Fortune keeps."""
    if face == "critical failure":
        return 0
    if face == "crit":
        return 3
    return 2 if succeeds(face, ad) else 1


class Adjustment(msgspec.Struct, frozen=True):
    value: int
    source: str


class Check(msgspec.Struct, frozen=True):
    """One check, everything an auditor needs to follow it."""

    base: int
    adjustments: tuple[Adjustment, ...]
    ad: int  # the AD rolled at, 0..4
    fortune: int  # net extra rolls keeping the best (after cancelling Misfortune one for one)
    misfortune: int  # net extra rolls keeping the worst
    roll: Roll
    action_faces: tuple[str, ...]
    defense_faces: tuple[str, ...]
    kept: str  # the Action Die face that counts
    success: bool
    crit: bool
    critical_failure: bool
    blocked: bool
    armour_bonus: int


def rolled_at(base: int, adjustments: list[Adjustment], fortune: int, misfortune: int,
              below_zero_cap: int = MAX_EXTRA_ROLLS) -> tuple[int, int, int]:
    """The AD rolled at and the net Fortune and Misfortune: above 4 is rolled at 4 without
    Fortune; below 0 is rolled at 0 with one Misfortune per point below (at most three, or
    `below_zero_cap`: Clumsiness gives one at most); Fortune and Misfortune cancel one for one
    (PER-FORTUNE-MISFORTUNE)."""
    total = base + sum(a.value for a in adjustments)
    misfortune += min(below_zero_cap, max(0, MIN_AD - total))
    ad = max(MIN_AD, min(MAX_AD, total))
    net = fortune - misfortune
    return ad, min(MAX_EXTRA_ROLLS, max(0, net)), min(MAX_EXTRA_ROLLS, max(0, -net))


def check(dice: Dice, purpose: str, base: int, adjustments: list[Adjustment], *, fortune: int = 0,
          misfortune: int = 0, defense_dice: int = 0, below_zero_cap: int = MAX_EXTRA_ROLLS) -> Check:
    """Roll a check: the Action Die (more than once with Fortune or Misfortune) and any Defense
    Dice, together, in that order, as one roll."""
    ad, luck, bad_luck = rolled_at(base, adjustments, fortune, misfortune, below_zero_cap)
    in_progress = dice.start(purpose)
    action = tuple(ACTION_DIE[in_progress.draw(len(ACTION_DIE))] for _ in range(1 + luck + bad_luck))
    defense = tuple(DEFENSE_DIE[in_progress.draw(len(DEFENSE_DIE))] for _ in range(defense_dice))
    # An empty torch lowers the AD of this check (not below AD0: the dice fall together, so
    # it adds no Misfortune roll; PER-EMPTY-TORCH).
    final_ad = max(MIN_AD, ad - defense.count("empty torch"))
    choose = min if bad_luck else max
    kept = choose(action, key=lambda face: _rank(face, final_ad))
    blocked = "shield" in defense  # blocks even a Crit
    success = succeeds(kept, final_ad) and kept != "critical failure" and not blocked
    roll = in_progress.finish(result=kept)
    return Check(base=base, adjustments=tuple(adjustments), ad=final_ad, fortune=luck, misfortune=bad_luck,
                 roll=roll, action_faces=action, defense_faces=defense, kept=kept, success=success,
                 crit=success and kept == "crit", critical_failure=kept == "critical failure", blocked=blocked,
                 armour_bonus=defense.count("torch"))


def opposed(aggressor: int, defender: int) -> tuple[str, int]:
    """Seed 001, Opposed Checks: the higher score rolls at the difference; the aggressor on a tie."""
    if defender > aggressor:
        return "defender", defender - aggressor
    return "aggressor", aggressor - defender


def crit_die(dice: Dice, purpose: str) -> tuple[str, Roll]:
    in_progress = dice.start(purpose)
    face = CRIT_DIE[in_progress.draw(len(CRIT_DIE))]
    return face, in_progress.finish(result=face)
