"""d100 version 3 against seed 004: Movement and Combat Order (Fatigue and Deprivation;
Encumbrance; Light and Darkness), light sources' outer bands, falls by a character (Falling, the
seed's 100-metre example) and days of travel with route changes (Travel)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.d100.commands import LightSource
from domain.rulesets.d100.v3.rules import band_at
from domain.rulesets.d100.v3.settings import Light
from tests.unit.d100_table import Table, roll


def shown(table: Table) -> tuple[float, list[str], int]:
    arden = table.shown("arden")
    return arden["movement_in_full_light"], arden["movement_reduced_by"], arden["combat_order_modifier"]


def test_movement_and_combat_order_under_fatigue_and_load() -> None:
    """Fatigue and Deprivation: "Fatigued applies -1P, three-quarter Movement, and -3 Combat Order;
    Exhausted applies -2P, half Movement, and -6 Combat Order." Encumbrance: an Overloaded
    character "has half Movement" (and no Combat Order penalty). D100-CHARACTER: Movement 6 m;
    D100-MOVEMENT: the lowest reduction applies."""
    table = Table(None, "Arden")
    assert shown(table) == (6.0, [], 0)
    table.send({"type": "fatigue_test", "character": "arden", "resilience": 10}, roll(6, 0))
    assert shown(table) == (4.5, ["Fatigued"], -3)
    table.send({"type": "carry", "character": "arden", "enc": 26})
    assert shown(table) == (3.0, ["Fatigued", "Overloaded"], -3)
    table.send({"type": "carry", "character": "arden", "enc": 0})
    table.send({"type": "fatigue_test", "character": "arden", "resilience": 10}, roll(6, 0, 6))
    assert shown(table) == (3.0, ["Exhausted"], -6)


def test_reductions_multiply_when_the_battle_says_so() -> None:
    table = Table({"D100-MOVEMENT": {"reductions": "multiply"}}, "Arden")
    table.send({"type": "fatigue_test", "character": "arden", "resilience": 10}, roll(6, 0))
    table.send({"type": "carry", "character": "arden", "enc": 26})
    assert shown(table)[0] == 2.25


def test_reduced_movement_is_never_less_than_one_metre() -> None:
    """"Reduced Movement is never less than 1 metre." (D100-CHARACTER's Movement is a setting.)"""
    table = Table({"D100-CHARACTER": {"movement": 1.5}}, "Arden")
    table.send({"type": "carry", "character": "arden", "enc": 26})
    assert shown(table)[0] == 1.0
    table.send({"type": "begin_combat"})
    assert table.refused({"type": "move_character", "character": "arden", "metres": 1.5}) == "too-far"
    assert table.send({"type": "move_character", "character": "arden", "metres": 1}).movement == 1.0


def test_darkness_on_movement_uses_the_light_reaching_the_mover() -> None:
    """Light and Darkness: "Illumination penalises sight, attacks, and Movement from -1P to -3P";
    "for Movement, use light reaching the mover" (D100-LIGHT: each die takes a quarter of it);
    Night Sight treats "Darkness as Partial darkness". A round's moves count together."""
    table = Table(None, "Arden")
    table.send({"type": "begin_combat"})
    dark = {"type": "move_character", "character": "arden", "light": "darkness"}
    assert table.refused({**dark, "metres": 3.5}) == "too-far"
    moved = table.send({**dark, "metres": 2})
    assert (moved.movement, moved.reduced_by, moved.moved) == (3.0, ("darkness",), 2.0)
    assert table.refused({**dark, "metres": 1.5}) == "too-far"
    table.rounds(1)
    seen = table.send({**dark, "metres": 4.5, "sense": "night sight"})
    assert seen.reduced_by == ("partial darkness",)
    assert table.refused({**dark, "metres": 1, "sense": "night sight"}) == "too-far"


@pytest.mark.parametrize(("distance", "band"), [
    (0, "illuminated"), (10, "illuminated"), (10.5, "partial darkness"), (20, "partial darkness"),
    (20.5, "darkness"), (30, "darkness"), (30.5, "pitch black"),
])
def test_a_light_sources_outer_bands(distance: float, band: str) -> None:
    """Light and Darkness: "A light source illuminates its listed radius; weaker outer bands
    extend from there." (D100-LIGHT: two outer bands, each as wide as the radius.)"""
    assert band_at(None, LightSource(radius=10, distance=distance), Light()) == band


def test_the_light_around_counts_where_it_is_brighter() -> None:
    assert band_at("partial darkness", LightSource(radius=10, distance=25), Light()) == "partial darkness"
    assert band_at("darkness", LightSource(radius=10, distance=5), Light()) == "illuminated"
    assert band_at(None, LightSource(radius=10, distance=15), Light(outer_bands=0)) == "pitch black"
    assert band_at(None, LightSource(radius=10, distance=25), Light(band_width=2)) == "partial darkness"


def test_a_light_too_small_for_its_bands_leaves_what_lies_beyond_them_in_the_light_around() -> None:
    """D100-LIGHT: outer bands "each `band_width` times the radius wide"; a radius so small (a
    subnormal float, which the command's `radius > 0` lets through) that a band has no width, or
    the count of bands overflows, puts a target outside it beyond every band, in the light around
    (this raised OverflowError: the property test of refusals found it)."""
    for radius in (2.2e-313, 5e-324):
        assert band_at(None, LightSource(radius=radius, distance=1), Light()) == "pitch black"
        assert band_at("darkness", LightSource(radius=radius, distance=1), Light()) == "darkness"
        assert band_at(None, LightSource(radius=radius, distance=radius), Light()) == "illuminated"


def test_an_attack_at_a_target_in_a_lanterns_outer_band() -> None:
    """"For vision and attacks, use illumination reaching the observed target"; the band's
    penalty dice are D100-LIGHT's settings."""
    table = Table({"D100-LIGHT": {"darkness": 3}}, "Arden")
    body: dict[str, Any] = {"type": "test", "skill": 60, "character": "arden", "light_source": {"radius": 6,
                                                                                                "distance": 15}}
    attack = table.send(body, roll(1, 1, 5, 6, 7))
    assert attack.penalties == ("darkness",) * 3 and attack.test.result == 71
    seen = table.send({**body, "sense": "night sight"}, roll(1, 1, 5))
    assert seen.penalties == ("partial darkness",), "Night Sight treats Darkness as Partial darkness"


# ---- Falling -----------------------------------------------------------------------------------


def test_the_hundred_metre_fall_of_a_character() -> None:
    """Falling: "Example: A 100-metre fall deals 33D6. A successful Acrobatics test reduces it to
    32D6; it does not make the fall survivable by halving the damage." "A fall deals 1D6 damage per
    full 3 metres and ignores armour." The faller takes it (D100-FALL: a Major Wound)."""
    table = Table(None, "Arden")
    fall = table.send({"type": "fall", "metres": 100, "acrobatics": 70, "character": "arden"}, roll(3, 0) + [3] * 32)
    assert fall.dice == 33 and fall.removed == 1 and fall.damage_roll.expression == "32d6" and fall.damage == 96
    assert not fall.prone and fall.health.hp == 0 and table.who("arden").dying and table.who("arden").wounded


def test_an_unconscious_faller_cannot_control_its_landing() -> None:
    """"If conscious, unsurprised, and able to control the landing, the character may make one
    Athletics (Acrobatics) test"."""
    table = Table(None, "Arden")
    table.send({"type": "damage", "character": "arden", "amount": 13})
    table.send({"type": "begin_combat"})
    body = {"type": "fall", "metres": 6, "character": "arden"}
    assert table.refused({**body, "acrobatics": 50}) == "unconscious"
    assert table.send(body, [1, 1]).health.hp == 0


def test_a_short_fall_on_soft_ground_harms_less() -> None:
    """"Soft ground ... may halve the effective distance before counting dice"; a fall of a
    character damaged leaves it prone."""
    table = Table({"D100-FALL": {"major_wound": False}}, "Arden")
    fall = table.send({"type": "fall", "metres": 13, "soft_ground": True, "character": "arden"}, [4, 4])
    assert fall.dice == 2 and fall.damage == 8 and fall.prone and table.who("arden").hp == 5
    assert not table.who("arden").wounded, "D100-FALL: no Major Wound from a fall here"


# ---- Travel ------------------------------------------------------------------------------------


def test_a_material_route_change_calls_for_another_navigation_test() -> None:
    """Navigation: "Once per uncertain travel day, make a Natural Lore navigation test. Make another
    test after a material route change. On a Success, make full progress. On a Failure, lose one
    quarter of that day's progress." (D100-ROUTE: the worst result of the day counts.)"""
    table = Table(None, "Arden")
    day = table.send({"type": "travel_day", "pace": "walk", "terrain": "forest", "navigation": 50,
                      "character": "arden", "route_changes": 1}, roll(2, 0) + roll(7, 0))
    assert day.navigation.level == "success" and [t.level for t in day.route_tests] == ["failure"]
    assert day.km == 11.25 and day.character == "arden"
    both = table.send({"type": "travel_day", "pace": "walk", "terrain": "forest", "navigation": 50,
                       "route_changes": 2}, roll(7, 0) + roll(7, 0) + roll(2, 0))
    assert both.km == 11.25
    assert table.refused({"type": "travel_day", "pace": "walk", "terrain": "road", "route_changes": 1}) == \
        "navigation-needed"


def test_each_failure_loses_a_quarter_when_the_battle_says_so() -> None:
    table = Table({"D100-ROUTE": {"results": "each"}})
    day = table.send({"type": "travel_day", "pace": "walk", "terrain": "road", "navigation": 50, "route_changes": 2},
                     roll(7, 0) + roll(7, 0) + roll(2, 0))
    assert day.km == 15


def test_a_day_of_travel_is_a_day_on_the_clock() -> None:
    """D100-TRAVEL: "Daily rates assume ten hours of travel"; the day passes (24 hours), and the
    rates and terrain shares are the battle's settings."""
    table = Table({"D100-TRAVEL": {"walk": 20, "hills": 40}})
    day, passed = table.send_all({"type": "travel_day", "pace": "walk", "terrain": "hills"})
    assert day.full_km == 8 and day.km == 8 and passed.clock == 86_400 and table.state.ruleset_state.day == 2
