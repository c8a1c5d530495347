"""Pericle's dice and checks against seed 001's own words and examples."""

from __future__ import annotations

from fractions import Fraction

import pytest

from domain.rulesets.pericle.dice import ACTION_DIE, CRIT_DIE, DEFENSE_DIE, Adjustment, check, opposed, succeeds
from tests.fakes import ScriptedDice

# Scripted faces are 1-based indexes into the face tables.
SUCCESS, CRIT, ONE, TWO, THREE, FOUR, CRIT_FAIL = 1, 5, 6, 7, 8, 9, 10
SHIELD, TORCH, EMPTY_TORCH, BLANK = 1, 4, 5, 6


@pytest.mark.parametrize(("ad", "chance"), [(0, 50), (1, 60), (2, 70), (3, 80), (4, 90)])
def test_the_success_table_comes_out_of_the_faces(ad: int, chance: int) -> None:
    """ "Probability of Successful AD Checks: AD0 - 50% ... AD4 - 90%\""""
    assert Fraction(sum(succeeds(face, ad) for face in ACTION_DIE), len(ACTION_DIE)) == Fraction(chance, 100)


def test_the_dice_have_the_faces_the_seed_describes() -> None:
    assert len(ACTION_DIE) == 10 and ACTION_DIE.count("success") + ACTION_DIE.count("crit") == 5
    assert sorted(DEFENSE_DIE) == ["blank", "empty torch", "shield", "shield", "shield", "torch"]
    assert len(CRIT_DIE) == 6 and sum("torch" in face for face in CRIT_DIE) == 3  # "appears on three die faces"


def test_vedr_pushes_the_statue_with_his_might_of_two() -> None:
    """ "he will succeed if he rolls a 1 or a 2 or if he rolls one of the success icons\""""
    for face, success in ((ONE, True), (TWO, True), (THREE, False), (SUCCESS, True), (CRIT_FAIL, False)):
        assert check(ScriptedDice([face]), "MT", 2, []).success is success


def test_emira_pushes_the_statue_downhill_at_ad3() -> None:
    """ "an Easy MT Check adds an additional AD+1 ... Emira rolling her MT Check as AD3\""""
    rolled = check(ScriptedDice([THREE]), "MT", 2, [Adjustment(1, "Easy")])
    assert rolled.ad == 3 and rolled.success


def test_vedr_casts_blur_jumps_the_ravine_and_misses_with_his_bow() -> None:
    assert check(ScriptedDice([SUCCESS]), "Blur", 1, []).success  # Base AD1, a success icon
    jump = check(ScriptedDice([TWO]), "Athletics", 2, [Adjustment(1, "Easy")])  # Athletics 2, Easy: AD3
    assert jump.ad == 3 and jump.success
    assert not check(ScriptedDice([THREE]), "bow", 1, []).success  # "He rolls a 3, which is a miss"


def test_emiras_missed_bow_shot_would_hit_with_archery() -> None:
    assert not check(ScriptedDice([TWO]), "bow", 0, []).success
    assert check(ScriptedDice([TWO]), "bow", 0, [Adjustment(2, "Archery")]).success


def test_a_score_of_zero_succeeds_only_on_an_icon() -> None:
    assert not check(ScriptedDice([ONE]), "Lore", 0, []).success
    assert check(ScriptedDice([SUCCESS]), "Lore", 0, []).success


def test_opposed_checks() -> None:
    """Callan (MT 5) holds the door, the troll (MT 8) pushes: the troll rolls AD3. Sindaro (KN 8)
    possesses the Bandit Lord (KN 6): AD2. The zombie (Grapple 2) grapples Callan (Grapple 4):
    Callan rolls AD2. On a tie the aggressor rolls."""
    assert opposed(aggressor=8, defender=5) == ("aggressor", 3)
    assert opposed(aggressor=8, defender=6) == ("aggressor", 2)
    assert opposed(aggressor=2, defender=4) == ("defender", 2)
    assert opposed(aggressor=3, defender=3) == ("aggressor", 0)


def test_clumsiness_gives_the_orc_misfortune() -> None:
    """Base AD1 - 2 = AD-1: "It rolls the AD check at AD0, but it must roll the check twice and
    use the worst result.\""""
    rolled = check(ScriptedDice([SUCCESS, ONE]), "attack", 1, [Adjustment(-2, "Clumsiness")])
    assert (rolled.ad, rolled.misfortune, len(rolled.action_faces)) == (0, 1, 2)
    assert rolled.kept == "1" and not rolled.success


def test_baerwyn_tries_a_hard_persuasion() -> None:
    """One rank, Hard (AD-2): "taken at -1 ... so Baerwyn has Misfortune on the roll\""""
    rolled = check(ScriptedDice([CRIT, SUCCESS]), "Persuasion", 1, [Adjustment(-2, "Hard")])
    assert (rolled.ad, rolled.misfortune) == (0, 1)
    assert rolled.kept == "success" and rolled.success and not rolled.crit, "the worst roll is used"


def test_misfortune_is_at_most_three_extra_rolls_and_fortune_cancels_it() -> None:
    assert check(ScriptedDice([ONE] * 4), "x", 0, [Adjustment(-6, "Colossal")]).misfortune == 3
    cancelled = check(ScriptedDice([ONE]), "x", 0, [], fortune=1, misfortune=1)
    assert (cancelled.fortune, cancelled.misfortune, len(cancelled.action_faces)) == (0, 0, 1)
    lucky = check(ScriptedDice([CRIT_FAIL, TWO]), "x", 2, [], fortune=1)
    assert lucky.kept == "2" and lucky.success


def test_above_ad4_is_rolled_at_ad4_without_fortune() -> None:
    rolled = check(ScriptedDice([FOUR]), "x", 4, [Adjustment(2, "Simple")])
    assert (rolled.ad, rolled.fortune, len(rolled.action_faces)) == (4, 0, 1) and rolled.success


def test_the_defense_die() -> None:
    """A shield blocks even a Crit; a torch adds 1 armour; an empty torch lowers the AD by 1."""
    blocked = check(ScriptedDice([CRIT, SHIELD]), "attack", 2, [], defense_dice=1)
    assert blocked.blocked and not blocked.success
    torch = check(ScriptedDice([ONE, TORCH]), "attack", 2, [], defense_dice=1)
    assert torch.success and torch.armour_bonus == 1
    emptied = check(ScriptedDice([TWO, EMPTY_TORCH]), "attack", 2, [], defense_dice=1)
    assert emptied.ad == 1 and not emptied.success  # "now a roll of 2 on the Action Die will result in a miss"
    two = check(ScriptedDice([ONE, BLANK, SHIELD]), "attack", 2, [], defense_dice=2)
    assert two.blocked, "several Defense Dice: one shield is enough"


def test_a_critical_failure_always_fails() -> None:
    assert not check(ScriptedDice([CRIT_FAIL]), "x", 4, []).success
