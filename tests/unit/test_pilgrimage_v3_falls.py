"""Pilgrimage version 3: falling happens in play, and every height can be climbed and left
(seed 000, "Falling"; seed 002 glossary, "Climb"). Each fall records its cause, inches, damage
and Knocked Down (`character_fell`)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import RuleViolation
from domain.rulesets.pilgrimage.play import Activate, Assault, Climb, DeedPerformed, EndAct, Fire, Guard, Move
from domain.rulesets.pilgrimage.rules import side_to_act
from domain.rulesets.pilgrimage.v3.falls import CharacterFell, CharacterShoved, fall_damage
from domain.rulesets.pilgrimage.v3.settings import FallSettings
from tests.unit.pilgrimage_arena import Arena, band
from tests.unit.seed_text import PILGRIMAGE_GROUND, PILGRIMAGE_SIGHT, quote


def table(height: float, kinds: tuple[str, ...] = ("climbable",)) -> dict[str, Any]:
    """A block 10" square, `height` inches high, from (10, 10) to (20, 20)."""
    return {"terrain": [{"name": "ledge", "kinds": list(kinds), "polygon": [[10, 10], [20, 10], [20, 20], [10, 20]],
                         "height": height}], "lights": [], "objectives": []}


def fell(events: list[msgspec.Struct]) -> list[CharacterFell]:
    return [e for e in events if isinstance(e, CharacterFell)]


def deed(events: list[msgspec.Struct]) -> DeedPerformed:
    return next(e for e in events if isinstance(e, DeedPerformed))


def arena_v3(south: dict[str, Any], north: dict[str, Any], height: float = 7, **kwargs: Any) -> Arena:
    return Arena(band(south), band(north), table=table(height), version="3", **kwargs)


def pass_turn(arena: Arena) -> None:
    """South ends its Act, north acts and ends: the next Turn begins (north acts first if it wins
    the Initiative) and south acts again."""
    turn = arena.play.turn
    arena.run(EndAct(), "p0")
    while arena.play.turn == turn or side_to_act(arena.play) == "north":
        arena.run(Activate(character="north/1"), "p1")
        arena.run(EndAct(), "p1")
    arena.run(Activate(character="south/1"), "p0")


# ---- unwilling movement: the seed's own example ----------------------------------------------


def test_the_pilgrim_pushed_from_a_seven_inch_ledge() -> None:
    """Seed 000, line 13: "a Pilgrim is pushed from a ledge 7” up. They take 4 direct damage and
    are Knocked Down at the base." Line 11: "A Character who falls more than 3”, by misadventure or
    unwilling movement, takes direct damage equal to the distance fallen in inches minus 3,
    ignoring Ward." The push is an Assault that wins with `shove` (PIL-SHOVE)."""
    quote(PILGRIMAGE_GROUND, 13, "a Pilgrim is pushed from a ledge 7” up. They take 4 direct damage and are "
                                 "Knocked Down at the base.")
    quote(PILGRIMAGE_GROUND, 11, "ignoring Ward")
    arena = arena_v3({"name": "Pusher", "might": 2}, {"name": "Pilgrim", "gear": ["heavy armour"]})
    arena.deploy_all(south_1=(15, 18.6), north_1=(15, 19.5))
    arena.run(Activate(character="south/1"), "p0")
    events = arena.run(Assault(target="north/1", shove=True), "p0", faces=[9, 2])
    hit = deed(events)
    assert hit.attack is not None and hit.attack.margin > 0 and hit.attack.damage == 0
    shoved = next(e for e in events if isinstance(e, CharacterShoved))
    assert shoved.to == (15, 20.5, 7)
    [fall] = fell(events)
    assert (fall.cause, fall.inches, fall.damage, fall.knocked_down) == ("shoved", 7, 4, True)
    pilgrim = arena.figure("north/1")
    assert (pilgrim.x, pilgrim.y, pilgrim.z) == (15, 20.5, 0), "at the base"
    assert pilgrim.knocked_down and pilgrim.health == 6, "4 damage through Ward 2"


def test_a_shove_that_loses_moves_no_one_and_a_shove_on_level_ground_only_moves() -> None:
    arena = arena_v3({"name": "Pusher"}, {"name": "Pilgrim"}, height=0)
    arena.deploy_all(south_1=(30, 30), north_1=(30, 30.5))
    arena.run(Activate(character="south/1"), "p0")
    lost = arena.run(Assault(target="north/1", shove=True), "p0", faces=[2, 9])
    assert not any(isinstance(e, CharacterShoved) for e in lost)
    won = arena.run(Assault(target="north/1", shove=True), "p0", faces=[9, 2])
    assert not fell(won) and (arena.figure("north/1").x, arena.figure("north/1").y) == (30, 31.5)


@pytest.mark.parametrize(("weather", "damage"), [((), 4), (("Frostbound",), 5), (("Frostbound", "Frostbound"), 6)])
def test_frostbound_adds_to_a_fall_that_deals_damage(weather: tuple[str, ...], damage: int) -> None:
    """Seed 002, line 65: Frostbound: "Characters taking a fall suffer +1 damage." (PIL-FROST-FALL,
    once per time it applies: PIL-WEATHER-TWICE.)"""
    quote(PILGRIMAGE_SIGHT, 65, "Characters taking a fall suffer +1 damage.")
    arena = arena_v3({"name": "Pusher", "might": 3}, {"name": "Pilgrim"}, weather=weather,
                     options={"provisional": {"PIL-HEALTH": {"health": 20}}})
    arena.deploy_all(south_1=(15, 18.6), north_1=(15, 19.5))
    arena.run(Activate(character="south/1"), "p0")
    [fall] = fell(arena.run(Assault(target="north/1", shove=True), "p0", faces=[12, 1]))
    assert fall.damage == damage


@pytest.mark.parametrize(("inches", "rounding", "damage"), [
    (3, "down", 0), (3.5, "down", 0), (4.5, "down", 1), (4.5, "nearest", 2), (4.2, "up", 2), (7, "down", 4)])
def test_fall_damage_is_inches_minus_three(inches: float, rounding: str, damage: int) -> None:
    """Seed 000, line 11: "A drop of 3” or less is safe"; damage "equal to the distance fallen in
    inches minus 3"; a fraction of an inch is rounded by PIL-FALL-INCHES (down by default)."""
    quote(PILGRIMAGE_GROUND, 11, "A drop of 3” or less is safe.")
    assert fall_damage(inches, 0, msgspec.convert({"rounding": rounding}, FallSettings)) == damage


# ---- the deliberate drop ------------------------------------------------------------------------


def test_a_character_on_a_seven_inch_ledge_may_drop_down() -> None:
    """Seed 000, line 12: "A Character may drop deliberately from any height as part of a Move Deed,
    counting the distance fallen as distance moved." The 7" drop takes this 4" Move beyond its
    allowance, and ends it where the Character lands, at the foot of the edge (PIL-DELIBERATE-DROP:
    no damage); a walk beyond the allowance is still refused."""
    quote(PILGRIMAGE_GROUND, 12, "A Character may drop deliberately from any height as part of a Move Deed, "
                                 "counting the distance fallen as distance moved.")
    arena = arena_v3({"name": "Pilgrim", "pace": 1}, {"name": "T"})
    arena.deploy_all(south_1=(15, 14))
    arena.run(Activate(character="south/1"), "p0")
    with pytest.raises(RuleViolation) as walked:
        arena.run(Move(path=[(15, 21)]), "p0")
    assert walked.value.rule == "move-too-far", "6\" of walking before the edge"
    arena.place("south/1", 15, 19.5)
    events = arena.run(Move(path=[(15, 20.5), (15, 21.5)]), "p0")
    [fall] = fell(events)
    assert (fall.cause, fall.inches, fall.damage, fall.knocked_down) == ("deliberate drop", 7, 0, False)
    moved = deed(events)
    assert moved.distance == 7.5 and moved.allowance == 4 and moved.position == (15, 20, 0)
    assert "the Move ends where the Character lands" in moved.notes[-1]


def test_a_drop_within_the_allowance_leaves_the_rest_of_the_move() -> None:
    arena = arena_v3({"name": "Pilgrim", "pace": 1}, {"name": "T"}, height=2)
    arena.deploy_all(south_1=(15, 19.5))
    arena.run(Activate(character="south/1"), "p0")
    events = arena.run(Move(path=[(15, 20.5), (15, 21.5)]), "p0")
    assert fell(events)[0].inches == 2 and deed(events).distance == 4
    assert deed(events).position == (15, 21.5, 0)
    figure = arena.figure("south/1")
    assert (figure.x, figure.y, figure.z) == (15, 21.5, 0), "where the path ends, past the drop"
    # The deed comes first: a contest of the Move reverts from it, the drop included.
    assert [type(e).__name__ for e in events[:2]] == ["DeedPerformed", "CharacterFell"]


def test_a_move_cannot_pass_over_a_tall_piece_between_its_waypoints() -> None:
    """The path is followed over the terrain it crosses, not only at its waypoints: a 2" wall
    between two points on the ground needs a Climb (PIL-CLIMB: a Move steps up at most 1")."""
    wall = {"terrain": [{"name": "wall", "kinds": ["obscuring"], "polygon": [[12, 5], [12.5, 5], [12.5, 30], [12, 30]],
                         "height": 2}], "lights": [], "objectives": []}
    for version, refused in (("3", True), ("2", False)):
        arena = Arena(band({"name": "P", "pace": 1}), band({"name": "T"}), table=wall, version=version)
        arena.deploy_all(south_1=(11.5, 15))
        arena.run(Activate(character="south/1"), "p0")
        if refused:
            with pytest.raises(RuleViolation) as over:
                arena.run(Move(path=[(13, 15)]), "p0")
            assert over.value.rule == "climb-needed"
        else:
            assert deed(arena.run(Move(path=[(13, 15)]), "p0")).distance == 1.5, "version 2 saw waypoints only"


# ---- climbing -----------------------------------------------------------------------------------


def test_a_six_inch_wall_is_climbed_in_two_climbs_holding_on_between_acts() -> None:
    """Seed 002, line 89: "Climb: A Deed (cost 2) that moves a character 3" vertically." A Climb
    costs 2 of an Act's 3 Deeds, so a 6" wall takes two Acts: between them the Character holds on
    part-way up the face (PIL-CLIMB), where it may only Climb on or drop."""
    quote(PILGRIMAGE_SIGHT, 89, "Climb: A Deed (cost 2) that moves a character 3\" vertically.")
    arena = arena_v3({"name": "Climber"}, {"name": "T"}, height=6)
    arena.deploy_all(south_1=(15, 9.5))
    arena.run(Activate(character="south/1"), "p0")
    first = deed(arena.run(Climb(to=(15, 10.2)), "p0"))
    assert first.position == (15, 9.5, 3) and first.notes == ("part-way up the face: 3\" still to climb",)
    with pytest.raises(RuleViolation) as clinging:
        arena.run(Guard(), "p0")
    assert clinging.value.rule == "on-a-face"
    pass_turn(arena)
    second = deed(arena.run(Climb(to=(15, 10.2)), "p0"))
    assert second.position == (15, 10.2, 6) and second.notes == ()


def test_a_seven_inch_ledge_is_climbed_down_three_inches_at_a_time() -> None:
    arena = arena_v3({"name": "Climber"}, {"name": "T"})
    arena.deploy_all(south_1=(15, 10.5))
    arena.run(Activate(character="south/1"), "p0")
    assert deed(arena.run(Climb(to=(15, 9.6)), "p0")).position == (15, 9.6, 4)
    pass_turn(arena)
    assert deed(arena.run(Climb(to=(15, 9.6)), "p0")).position == (15, 9.6, 1)
    pass_turn(arena)
    assert deed(arena.run(Climb(to=(15, 9.6)), "p0")).position == (15, 9.6, 0)


def test_a_character_on_a_face_may_let_go() -> None:
    """Part-way up (4" above the ground), a Move drops it: a deliberate drop of 4", no damage."""
    arena = arena_v3({"name": "Climber", "pace": 1}, {"name": "T"})
    arena.deploy_all(south_1=(15, 9.6))
    arena.place("south/1", 15, 9.6, z=4)
    arena.run(Activate(character="south/1"), "p0")
    events = arena.run(Move(path=[(15, 9.6)]), "p0")
    assert [(f.cause, f.inches, f.damage) for f in fell(events)] == [("deliberate drop", 4, 0)]
    assert arena.figure("south/1").z == 0


def test_knocked_down_part_way_up_a_face_the_character_falls() -> None:
    """Seed 000, line 11: a fall "by misadventure" deals damage; line 30 (glossary): Knocked Down
    "From taking 4+ damage in one attack". Knocked Down 6" up a face, it falls to the foot."""
    quote(PILGRIMAGE_GROUND, 11, "by misadventure or unwilling movement")
    quote(PILGRIMAGE_GROUND, 30, "From taking 4+ damage in one attack")
    arena = arena_v3({"name": "Archer", "gear": ["bow"]}, {"name": "Climber"},
                     options={"provisional": {"PIL-HEALTH": {"health": 20}}})
    arena.deploy_all(south_1=(15, 0.5), north_1=(15, 9.4))
    arena.place("north/1", 15, 9.4, z=6)
    arena.run(Activate(character="south/1"), "p0")
    events = arena.run(Fire(target="north/1"), "p0", faces=[10, 1])
    hit = deed(events)
    assert hit.attack is not None and hit.attack.knocked_down
    [fall] = fell(events)
    assert (fall.cause, fall.inches, fall.damage, fall.landed) == ("knocked off a climb", 6, 3, (15, 9.4, 0))
    assert arena.figure("north/1").health == 20 - hit.attack.damage - 3


def test_climbing_needs_a_climbable_face_within_reach_and_a_height() -> None:
    """PIL-CLIMB: within `reach` (1") of terrain marked climbable; a Move steps up at most
    `step_up` (1" by default), which a battle may change (counted as distance moved)."""
    bare = Arena(band({"name": "C"}), band({"name": "T"}), table=table(2, kinds=("obscuring",)), version="3")
    bare.deploy_all(south_1=(15, 9.5))
    bare.run(Activate(character="south/1"), "p0")
    with pytest.raises(RuleViolation) as smooth:
        bare.run(Climb(to=(15, 10.2)), "p0")
    assert smooth.value.rule == "not-climbable"
    with pytest.raises(RuleViolation) as far:
        bare.run(Climb(to=(15, 11)), "p0")
    assert far.value.rule == "climb-too-far"
    with pytest.raises(RuleViolation) as up:
        bare.run(Move(path=[(15, 11)]), "p0")
    assert up.value.rule == "climb-needed"
    steps = Arena(band({"name": "C"}), band({"name": "T"}), table=table(2, kinds=("obscuring",)), version="3",
                  options={"provisional": {"PIL-CLIMB": {"step_up": 2}}})
    steps.deploy_all(south_1=(15, 9.5))
    steps.run(Activate(character="south/1"), "p0")
    assert deed(steps.run(Move(path=[(15, 10.5)]), "p0")).distance == 3


def test_version_2_refuses_a_shove() -> None:
    arena = Arena(band({"name": "P"}), band({"name": "T"}), table=table(0))
    arena.deploy_all(south_1=(30, 30), north_1=(30, 30.5))
    arena.run(Activate(character="south/1"), "p0")
    with pytest.raises(RuleViolation) as refused:
        arena.run(Assault(target="north/1", shove=True), "p0")
    assert refused.value.rule == "not-in-this-version"


def test_a_move_with_a_drop_is_one_action_that_a_revert_undoes_whole() -> None:
    """A contest reverts from the contested action's version on: the Move's deed comes before its
    drop and begins the only action, so reverting the Move reverts the drop with it."""
    arena = arena_v3({"name": "Pilgrim", "pace": 1}, {"name": "T"})
    arena.deploy_all(south_1=(15, 19.5))
    arena.run(Activate(character="south/1"), "p0")
    before = arena.state
    events = arena.run(Move(path=[(15, 20.5)]), "p0")
    assert [type(e).__name__ for e in events] == ["DeedPerformed", "CharacterFell"]
    actions = [a.version for a in arena.state.actions if a.version > before.version]
    assert actions == [before.version + 1], "the deed begins the only action; the fall is part of it"
