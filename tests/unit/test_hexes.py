"""Hex geometry (Red Blob Games' cube coordinates) and the seed's two-line sight (seed 001,
"Cover & Line of Sight"), with property tests."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.hexes import Hex, cover, distance, line, neighbours, sight_line_hexes

coordinate = st.integers(-12, 12)
hexes = st.builds(Hex, coordinate, coordinate)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_six_neighbours_each_one_step_away(h: Hex) -> None:
    around = neighbours(h)
    assert len(set(around)) == 6 and all(distance(h, n) == 1 for n in around)


@given(hexes, hexes)
def test_a_line_steps_through_neighbours_from_end_to_end(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert path[0] == a and path[-1] == b and len(path) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in itertools.pairwise(path))


@settings(max_examples=150)
@given(hexes, hexes, st.sets(hexes, max_size=12), st.sets(hexes, max_size=4))
def test_sight_is_symmetric(a: Hex, b: Hex, walls: set[Hex], furniture: set[Hex]) -> None:
    """The two parallel lines are the same pair whichever end they are drawn from."""
    assert cover(a, b, walls, furniture) == cover(b, a, walls, furniture)


@settings(max_examples=150)
@given(hexes, hexes)
def test_sight_lines_touch_only_hexes_between_the_ends(a: Hex, b: Hex) -> None:
    """Found by the Pericle bot: a flyer above a figure shares its hex, and a shot between
    them has no line to draw (it divided by a zero length)."""
    touched = sight_line_hexes(a, b)
    assert a not in touched and b not in touched
    assert all(distance(a, h) <= distance(a, b) and distance(b, h) <= distance(a, b) for h in touched)


def test_clear_partial_and_complete_cover() -> None:
    shooter, target = Hex(0, 0), Hex(4, 0)
    assert cover(shooter, target, set()) == "clear"
    assert cover(shooter, target, {Hex(2, 0)}) == "complete", "a wall on the line blocks both lines"
    assert cover(shooter, target, {Hex(2, -1)}) == "partial", "a wall beside the line blocks one of them"
    assert cover(shooter, target, set(), {Hex(2, 0)}) == "partial", "furniture: shoot over, Defense Die"
    assert cover(shooter, target, {Hex(2, 2)}) == "clear", "a wall away from both lines"
