"""Pericle 5's sight (domain/rulesets/pericle/v5/sight.py), shared by version 6: the edge cases
of the seed's two sight lines (seed 001, Cover & Line of Sight, lines 414-432)."""

from __future__ import annotations

from types import SimpleNamespace

from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.settings import PericleV5Settings
from domain.rulesets.pericle.v5.sight import in_the_way
from tests.unit.pericle_arena import PericleArena


def test_nobody_is_in_the_way_between_two_figures_sharing_a_hex() -> None:
    """Line 420: "other combatants also provide Cover and Partial Cover": the figures between a
    shooter and its target. Two figures in one hex (a Grapple Pile's standees "will be stacked in
    the same hex", line 442) have no line between them and nobody in the way; the two sight lines
    of a hex to itself have no direction (this divided by zero after a missed throw)."""
    play = PericleArena(version="5")
    play.put("hero-varya", 3, 3, facing=0)
    play.put("orc", 3, 3, facing=3)
    fight = SimpleNamespace(state=play.combat, settings=PericleV5Settings(), dice=None)
    assert in_the_way(Play(fight), play.figure("hero-varya"), play.figure("orc")) == []  # type: ignore[arg-type]
