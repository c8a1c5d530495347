"""Pilgrimage version 3: one rule for a weather entry a Stormfront rolls twice (PIL-WEATHER-TWICE),
and the Cover clause of seed 000 with a body (PIL-COVER)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import RuleViolation
from domain.rulesets.pilgrimage.environment import current_sight
from domain.rulesets.pilgrimage.play import Activate, Climb, DeedPerformed, Deploy, Fire, Hide, Move, TurnBegan
from domain.rulesets.pilgrimage.rules import Reading, high_ground, move_allowance, ward
from tests.unit.pilgrimage_arena import Arena, band
from tests.unit.seed_text import PILGRIMAGE_GROUND, PILGRIMAGE_SIGHT, quote

OPEN: dict[str, Any] = {"terrain": [], "lights": [], "objectives": []}
TWICE = Reading(twice=True, body=0.5)


def deed(events: list[msgspec.Struct]) -> DeedPerformed:
    return next(e for e in events if isinstance(e, DeedPerformed))


def fire_sources(weather: tuple[str, ...], version: str = "3", table: dict[str, Any] = OPEN,
                 shooter: tuple[float, float] = (10, 10), target: tuple[float, float] = (10, 20),
                 **kwargs: Any) -> dict[str, Any]:
    arena = Arena(band({"name": "Archer", "gear": ["bow"]}), band({"name": "T"}), table=table, weather=weather,
                  version=version, **kwargs)
    arena.deploy_all(south_1=shooter, north_1=target)
    arena.run(Activate(character="south/1"), "p0")
    fired = deed(arena.run(Fire(target="north/1"), "p0", faces=[5, 5, 5]))
    assert fired.attack is not None
    return {m.source: m.value for m in fired.attack.modifiers} | {"advantage": fired.attack.advantage}


# ---- a weather entry rolled twice ------------------------------------------------------------


def test_deep_mist_twice_applies_every_effect_twice() -> None:
    """Seed 002, line 59: Stormfront: "Roll on this table twice and apply both results."; line 67:
    Deep Mist: "−3” Sight. Characters within 3” of water experience −1 Aim". Both results are Deep
    Mist: -6" Sight and -2 Aim (version 2 gave -6" Sight but -1 Aim)."""
    quote(PILGRIMAGE_SIGHT, 59, "Roll on this table twice and apply both results.")
    quote(PILGRIMAGE_SIGHT, 67, "Characters within 3” of water experience −1 Aim (A).")
    mere = {"terrain": [{"name": "mere", "kinds": ["water"], "polygon": [[8, 8], [9, 8], [9, 9], [8, 9]]}],
            "lights": [], "objectives": []}
    assert current_sight(18, "Muted", ("Deep Mist", "Deep Mist")) == 12
    twice = ("Deep Mist", "Deep Mist")
    assert fire_sources(twice, table=mere)["Deep Mist (within 3\" of water)"] == -2
    assert fire_sources(twice, version="2", table=mere)["Deep Mist (within 3\" of water)"] == -1
    assert fire_sources(("Deep Mist",), table=mere)["Deep Mist (within 3\" of water)"] == -1


@pytest.mark.parametrize(("entry", "once", "twice"), [("Hail", -1, -2), ("Downpour", -1, -2), ("Rising Gale", -1, -2)])
def test_aim_penalties_count_once_per_result(entry: str, once: int, twice: int) -> None:
    assert fire_sources((entry,))[entry] == once
    assert fire_sources((entry, entry))[entry] == twice


def test_pace_ward_climb_cost_valour_and_high_ground_count_twice() -> None:
    """Downpour, Frostbound and Close Heat -1 Pace each time; Windblown's +1 Ward to staves; Grey
    Drizzle's +1 to a Climb; Low Thunder's -1 Valour; Fresh Wind doubles High Ground each time."""
    arena = Arena(band({"name": "P", "pace": 3, "gear": ["staff or pole", "heavy armour"]}), band({"name": "T"}),
                  table=OPEN, weather=("Downpour", "Downpour", "Windblown", "Windblown"), version="3")
    arena.deploy_all()
    figure = arena.figure("south/1")
    assert move_allowance(arena.play, figure, first_move=True, reading=TWICE) == 3 + 3 - 1 - 2
    assert ward(arena.play, figure, TWICE) == 2 + 2
    windy = Arena(band({"name": "P"}), band({"name": "T"}), table=OPEN, weather=("Fresh Wind", "Fresh Wind"),
                  version="3")
    windy.deploy_all()
    windy.place("south/1", 4, 2, z=3)
    assert high_ground(windy.play, windy.figure("south/1"), windy.figure("north/1"), TWICE) == 4
    assert high_ground(windy.play, windy.figure("south/1"), windy.figure("north/1")) == 2, "version 2's reading"


def test_grey_drizzle_twice_makes_a_climb_cost_four() -> None:
    """Seed 002, line 69: "Climb Deeds cost +1 this Battle", once for each Grey Drizzle."""
    quote(PILGRIMAGE_SIGHT, 69, "Climb Deeds cost +1 this Battle.")
    crag = {"terrain": [{"name": "crag", "kinds": ["climbable"], "polygon": [[10, 10], [20, 10], [20, 20], [10, 20]],
                         "height": 2}], "lights": [], "objectives": []}
    arena = Arena(band({"name": "C"}), band({"name": "T"}), table=crag, weather=("Grey Drizzle",), version="3")
    arena.deploy_all(south_1=(15, 9.5))
    arena.run(Activate(character="south/1"), "p0")
    assert deed(arena.run(Climb(to=(15, 10.2)), "p0")).cost == 3
    twice = Arena(band({"name": "C"}), band({"name": "T"}), table=crag, weather=("Grey Drizzle",) * 2, version="3")
    twice.deploy_all(south_1=(15, 9.5))
    twice.run(Activate(character="south/1"), "p0")
    with pytest.raises(RuleViolation) as dear:
        twice.run(Climb(to=(15, 10.2)), "p0")
    assert dear.value.rule == "not-enough-deeds", "4 Deeds: more than an Act has"


def test_low_thunder_twice_costs_two_valour_at_initiative() -> None:
    """Seed 002, line 71: Low Thunder: "Characters experience −1 Valour (V)."."""
    quote(PILGRIMAGE_SIGHT, 71, "Characters experience −1 Valour (V).")
    arena = Arena(band({"name": "Leader", "valour": 3}), band({"name": "N"}), table=OPEN,
                  weather=("Low Thunder", "Low Thunder"), version="3")
    events: list[msgspec.Struct] = []
    for n, figure in enumerate(arena.play.figures):
        events += arena.run(Deploy(character=figure.id, x=4 + n, y=2 if figure.seat == "south" else 46),
                            arena.players[figure.seat])
    turn = next(e for e in events if isinstance(e, TurnBegan))
    assert {r["valour"] for r in turn.initiative if r["seat"] == "south"} == {1}


def test_hail_twice_hurts_a_third_move_twice() -> None:
    """Seed 002, line 61: Hail: "Characters who use three Move Deeds in the same Act suffer 1
    damage; Ward applies as normal." Twice: 2 damage, less Ward."""
    quote(PILGRIMAGE_SIGHT, 61, "Characters who use three Move Deeds in the same Act suffer 1 damage")
    arena = Arena(band({"name": "P"}), band({"name": "T"}), table=OPEN, weather=("Hail", "Hail"), version="3")
    arena.deploy_all(south_1=(20, 10))
    arena.run(Activate(character="south/1"), "p0")
    for y in (12, 14):
        arena.run(Move(path=[(20, y)]), "p0")
    assert deed(arena.run(Move(path=[(20, 16)]), "p0")).damage_taken == 2


# ---- Cover --------------------------------------------------------------------------------------


def wall_at(y0: float, y1: float, x0: float = 5, x1: float = 15) -> dict[str, Any]:
    return {"terrain": [{"name": "wall", "kinds": ["obscuring"], "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
                         "height": 2}], "lights": [], "objectives": []}


def test_terrain_within_one_inch_hiding_part_of_the_body_is_cover() -> None:
    """Seed 000, line 7: "A Character is in Cover from a shooter when they are within 1” of terrain
    that obscures part of their body from the shooter’s position, or when the shot must pass
    through such terrain to reach them." The line centre to centre clears the wall's end, but
    the wall hides part of the target's body (PIL-COVER: a disc of 0.5")."""
    quote(PILGRIMAGE_GROUND, 7, "within 1” of terrain that obscures part of their body from the shooter’s position")
    wall = wall_at(15.5, 16.5, x0=10.2, x1=20)
    assert "cover" in fire_sources((), table=wall, shooter=(10, 10), target=(10, 17)), "version 3: part of the body"
    assert "cover" not in fire_sources((), version="2", table=wall, shooter=(10, 10), target=(10, 17))
    far = wall_at(15.5, 16.5, x0=10.6, x1=20)  # hides nothing of a 0.5" body on that line
    assert "cover" not in fire_sources((), table=far, shooter=(10, 10), target=(10, 17))


def test_a_wall_is_no_shelter_from_an_arrow_loosed_behind_it() -> None:
    """Seed 000, lines 9: "Cover is judged from where the shooter stands. A wall is no shelter from
    an arrow loosed behind it." A wall within 1" behind the target, the target standing against it."""
    quote(PILGRIMAGE_GROUND, 9, "A wall is no shelter from an arrow loosed behind it.")
    assert "cover" not in fire_sources((), table=wall_at(15, 16), shooter=(10, 20), target=(10, 16.5))
    assert fire_sources((), table=wall_at(15, 16), shooter=(10, 10), target=(10, 16.5))["cover"] == -2


def test_the_body_radius_is_a_setting() -> None:
    wall = wall_at(15.5, 16.5, x0=10.6, x1=20)
    wide = {"provisional": {"PIL-COVER": {"body_radius": 1.0}}}
    assert "cover" in fire_sources((), table=wall, shooter=(10, 10), target=(10, 17), options=wide)


def test_hide_reads_cover_as_fire_does() -> None:
    """PIL-HIDE: in Cover from every enemy, with version 3's Cover."""
    wall = wall_at(15.5, 16.5, x0=10.2, x1=20)
    arena = Arena(band({"name": "H"}), band({"name": "Archer", "gear": ["bow"]}), table=wall, version="3")
    arena.deploy_all(south_1=(10, 17), north_1=(10, 10))
    arena.run(Activate(character="south/1"), "p0")
    assert deed(arena.run(Hide(), "p0")).hidden is True
    older = Arena(band({"name": "H"}), band({"name": "Archer", "gear": ["bow"]}), table=wall, version="2")
    older.deploy_all(south_1=(10, 17), north_1=(10, 10))
    older.run(Activate(character="south/1"), "p0")
    with pytest.raises(RuleViolation) as seen:
        older.run(Hide(), "p0")
    assert seen.value.rule == "cannot-hide", "version 2 measured the line only"
