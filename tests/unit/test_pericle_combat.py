"""Pericle combat numbers against seed 001."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.hexes import Hex, neighbours
from domain.rulesets.pericle.combat import condition, damage, melee_position_bonus, range_penalty, zone


@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 5))
def test_facing_has_three_front_two_side_and_one_rear_hex(q: int, r: int, facing: int) -> None:
    """PER-FACING: a 1-hex figure has three front hexes, two side hexes and one rear hex."""
    figure = Hex(q, r)
    zones = [zone(figure, facing, other) for other in neighbours(figure)]
    assert sorted(zones) == ["front", "front", "front", "rear", "side", "side"]  # type: ignore[type-var]
    assert zone(figure, facing, Hex(q + 3, r)) is None


def test_melee_attacks_from_the_side_or_rear_or_on_the_prone() -> None:
    """ "you gain +2 (side) or +4 (rear) on your AD to hit ... if your Base AD is 2 and you're
    attacking in a foe's side hex ... you will be able to attack your foe rolling AD4\""""
    assert 2 + melee_position_bonus("side") == 4
    assert melee_position_bonus("rear") == 4 and melee_position_bonus("front") == 0
    assert melee_position_bonus("front", target_prone=True) == 4


@pytest.mark.parametrize(("hexes", "thrown", "penalty"), [
    (9, False, 0), (10, False, -1), (14, False, -1), (15, False, -2), (29, False, -4),
    (3, True, 0), (4, True, -1), (9, True, -2), (19, True, -6), (40, True, -6),
])
def test_range_increments(hexes: int, thrown: bool, penalty: int) -> None:
    assert range_penalty(hexes, thrown) == penalty


def test_armour_and_shield_are_subtracted_from_every_blow() -> None:
    """ "an orc that is wearing chainmail, which provides 3 points of armor protection, and also has
    a small shield, which provides 1 point ... you'll subtract 4 from your damage.\""""
    assert damage(7, "sword", armour=3, shield=1, from_front=True) == 3
    assert damage(7, "sword", armour=3, shield=1, from_front=False) == 4, "shields guard the front only"


def test_weapon_classes_and_crits() -> None:
    assert damage(5, "hammer", armour=3, shield=0, from_front=True) == 4, "3 armour treated as 1"
    assert damage(5, "axe", armour=3, shield=0, from_front=True) == 3, "axe +1 damage"
    assert damage(5, "sword", armour=1, shield=0, from_front=True, crit_face="two stars") == 9
    assert damage(5, "sword", armour=1, shield=0, from_front=True, crit_face="one star") == 4
    assert damage(5, "sword", armour=1, shield=0, from_front=True, defense_torches=1) == 3, "a torch: +1 armour"
    assert damage(1, "sword", armour=4, shield=0, from_front=True) == 0


def test_death_and_unconsciousness() -> None:
    assert condition(0, hero=True) == "unconscious" and condition(-4, hero=True) == "unconscious"
    assert condition(-5, hero=True) == "dead" and condition(-9, hero=True, mode="saga") == "unconscious"
    assert condition(0, hero=False) == "dead" and condition(1, hero=False) == "standing"
