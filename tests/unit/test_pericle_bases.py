"""Figure bases of 1, 3 and 4 hexes (PER-FACING): their shapes, their front, side and rear
hexes, and a large figure on the board (Embattlement, attacks from its flank, movement)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.hexes import Hex, neighbours
from domain.rulesets.pericle import board
from domain.rulesets.pericle.bases import footprint, zones
from domain.rulesets.pericle.combat import zone
from domain.rulesets.pericle.v5.attack_steps import strikes_in
from tests.unit.pericle_arena import PericleArena, encounter

hexes_ = st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20))


def rotate(h: Hex, about: Hex) -> Hex:
    """60 degrees counter-clockwise about a hex (DIRECTIONS[i] to DIRECTIONS[i + 1])."""
    q, r = h.q - about.q, h.r - about.r
    return Hex(about.q + q + r, about.r - q)


@pytest.mark.parametrize(("size", "counts"), [(1, {"front": 3, "side": 2, "rear": 1}),
                                              (3, {"front": 5, "side": 2, "rear": 2}),
                                              (4, {"front": 5, "side": 2, "rear": 3})])
def test_every_hex_around_a_base_has_one_zone(size: int, counts: dict[str, int]) -> None:
    for facing in range(6):
        base = set(footprint(size, Hex(0, 0), facing))
        around = zones(size, Hex(0, 0), facing)
        assert len(base) == size
        assert set(around) == {n for h in base for n in neighbours(h)} - base
        assert Counter(around.values()) == counts


def test_the_pictured_shapes() -> None:
    """The pictures in bases.py: facing 1 (north) with the anchor P at (0, 1)."""
    p = Hex(0, 1)
    assert set(footprint(3, p, 1)) == {p, Hex(1, 0), Hex(0, 0)}
    assert set(footprint(4, p, 1)) == {p, Hex(1, 0), Hex(0, 0), Hex(1, 1)}
    around = zones(4, p, 1)
    assert {h for h, z in around.items() if z == "front"} == {Hex(0, -1), Hex(1, -1), Hex(2, -1), Hex(-1, 0),
                                                              Hex(2, 0)}
    assert {h for h, z in around.items() if z == "rear"} == {Hex(-1, 2), Hex(0, 2), Hex(1, 2)}
    assert {h for h, z in around.items() if z == "side"} == {Hex(-1, 1), Hex(2, 1)}


@given(anchor=hexes_, facing=st.integers(0, 5), size=st.sampled_from([1, 3, 4]))
def test_turning_a_base_turns_its_zones(anchor: Hex, facing: int, size: int) -> None:
    turned = zones(size, anchor, (facing + 1) % 6)
    assert {rotate(h, anchor): z for h, z in zones(size, anchor, facing).items()} == turned
    assert {rotate(h, anchor) for h in footprint(size, anchor, facing)} == set(footprint(size, anchor, facing + 1))


@given(anchor=hexes_, facing=st.integers(0, 5), other=st.integers(0, 5))
def test_a_one_hex_base_matches_the_facing_rule(anchor: Hex, facing: int, other: int) -> None:
    from domain.hexes import DIRECTIONS

    turn = (other - facing) % 6
    expected = "front" if turn in (0, 1, 5) else "rear" if turn == 3 else "side"
    assert zone(anchor, facing, anchor + DIRECTIONS[other]) == expected


TROLL = {"id": "troll", "name": "Troll", "hp": 20, "mt": 8, "base_ad": 1, "size": 3, "armour": 2,
         "attacks": [{"name": "Club", "damage": "2d6", "weapon_class": "hammer"}], "hex": {"q": 3, "r": 6},
         "facing": 3}


def troll_arena() -> PericleArena:
    """A 3-hex troll, anchor (3, 6), facing between west and south-west: its front edge is
    (2, 6) and (2, 7); its front hexes (1, 6), (1, 7), (1, 8), (2, 5), (2, 8); its rear hexes
    (4, 6) and (4, 5) (the table); its sides (3, 5) and (3, 7)."""
    return PericleArena(enemies=[*encounter()["enemies"][:2], TROLL])


def test_the_troll_arena_is_as_described() -> None:
    troll = troll_arena().figure("troll")
    assert set(troll.hexes) == {Hex(3, 6), Hex(2, 6), Hex(2, 7)}
    around = zones(3, troll.hex, troll.facing)
    assert {h for h, z in around.items() if z == "front"} == {Hex(1, 6), Hex(1, 7), Hex(1, 8), Hex(2, 5), Hex(2, 8)}
    assert {h for h, z in around.items() if z == "rear"} == {Hex(4, 6), Hex(4, 5)}


def test_a_large_base_embattles_along_its_front() -> None:
    arena = troll_arena()
    arena.to_movement("heroes")
    path = [{"q": 1, "r": 5}, {"q": 2, "r": 5}, {"q": 3, "r": 4}]
    assert arena.rule_of("ana", {"type": "move_figure", "figure": "hero-sindaro", "path": path}) == "embattled-stop"
    arena.act("hero-sindaro", "move_figure", path=path[:2], facing=5)
    assert [f.id for f in board.embattled_by(arena.combat, arena.figure("hero-sindaro"))] == ["troll"]
    assert [f.id for f in board.embattled_by(arena.combat, arena.figure("troll"))] == ["hero-sindaro"]


def test_striking_a_large_base_from_its_rear() -> None:
    """+4 from a foe's rear hex, whatever the size of its base."""
    arena = troll_arena()
    arena.to_actions("heroes")
    arena.put("troll", 3, 6, facing=3)  # as it stood before it turned to the heroes
    arena.put("hero-varya", 4, 6, facing=3)
    arena.pass_until("hero-varya")
    events = arena.act("hero-varya", "attack", [10], strikes=[{"target": "troll"}])
    strike = next(s for s in strikes_in(events))
    assert {a.source: a.value for a in strike.check.adjustments}["rear hex"] == 4


def test_a_large_base_moves_whole_and_turns_only_where_it_fits() -> None:
    arena = troll_arena()
    arena.to_movement("enemies")
    assert arena.rule_of("gm", {"type": "move_figure", "figure": "troll", "path": [], "facing": 1}) == "base-blocked"
    arena.act("troll", "move_figure", path=[{"q": 3, "r": 5}], facing=3)
    assert set(arena.figure("troll").hexes) == {Hex(3, 5), Hex(2, 5), Hex(2, 6)}


def test_a_large_foe_is_not_tripped_or_grappled() -> None:
    """Polearms' crit: "If the foe is 1hex in size it immediately falls prone"; grappling a
    large base is not hosted yet."""
    from domain.rulesets.pericle.catalogue import WEAPONS
    from domain.rulesets.pericle.crits import crit_effect

    arena = troll_arena()
    assert crit_effect(WEAPONS["short spear"], "torch", "damage", arena.figure("troll")) is None
    assert crit_effect(WEAPONS["short spear"], "torch", "damage", arena.figure("orc")) == "trip"
    arena.put("hero-varya", 1, 6, facing=0)
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    assert arena.rule_of("ana", {"type": "grapple", "figure": "hero-varya", "target": "troll"}) == "grapple-size"
