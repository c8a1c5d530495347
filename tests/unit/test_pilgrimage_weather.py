"""Every Turning Weather entry of seed 002 in play (Stormfront's re-rolls are in
test_pilgrimage_environment.py)."""

from __future__ import annotations

import pytest

from domain.rulesets.pilgrimage.environment import current_sight
from domain.rulesets.pilgrimage.play import Activate, Climb, DeedPerformed, Fire, Move, TurnBegan
from domain.rulesets.pilgrimage.rules import begin_turn, fall_damage, move_allowance, ward
from tests.unit.pilgrimage_arena import Arena, band

OPEN = {"terrain": [], "lights": [], "objectives": []}
ARCHER = {"name": "Archer", "gear": ["bow"]}


def deed(events: list) -> DeedPerformed:  # type: ignore[type-arg]
    return next(e for e in events if isinstance(e, DeedPerformed))


def fire_sources(weather: tuple[str, ...], table: object = OPEN, shooter: tuple[float, float] = (10, 10),
                 target: tuple[float, float] = (10, 20), shooter_band: dict | None = None) -> dict[str, int]:  # type: ignore[type-arg]
    arena = Arena(band(shooter_band or ARCHER), band({"name": "T"}), table=table, weather=weather)
    arena.deploy_all(south_1=shooter, north_1=target)
    arena.run(Activate(character="south/1"), "p0")
    fired = deed(arena.run(Fire(target="north/1"), "p0", faces=[5, 5, 5]))
    assert fired.attack is not None
    return {m.source: m.value for m in fired.attack.modifiers} | {"advantage": fired.attack.advantage}  # type: ignore[dict-item]


def allowance(weather: tuple[str, ...], **character: object) -> float:
    arena = Arena(band({"name": "P", **character}), band({"name": "T"}), table=OPEN, weather=weather)
    arena.deploy_all()
    return move_allowance(arena.play, arena.figure("south/1"), first_move=True)


def test_hail_costs_aim_and_hurts_a_third_move() -> None:
    """Hail: -1 Aim; three Move Deeds in the same Act: 1 damage, Ward applies."""
    assert fire_sources(("Hail",))["Hail"] == -1
    for ward_points, damage in ((0, 1), (1, 0)):
        arena = Arena(band({"name": "P", "ward": ward_points}), band({"name": "T"}), table=OPEN, weather=("Hail",))
        arena.deploy_all(south_1=(10, 10))
        arena.run(Activate(character="south/1"), "p0")
        arena.run(Move(path=[(10, 12)]), "p0")
        arena.run(Move(path=[(10, 14)]), "p0")
        assert deed(arena.run(Move(path=[(10, 16)]), "p0")).damage_taken == damage


def test_downpour_costs_aim_and_pace() -> None:
    assert fire_sources(("Downpour",))["Downpour"] == -1
    assert allowance(("Downpour",)) == 2 and allowance(()) == 3


def test_frostbound_costs_pace_and_adds_to_falls() -> None:
    assert allowance(("Frostbound",), pace=1) == 3
    assert fall_damage(7, frostbound=True) == 5 and fall_damage(3, frostbound=True) == 0  # PIL-FROST-FALL


def test_deep_mist_shortens_sight_and_blurs_aim_near_water() -> None:
    assert current_sight(18, "Muted", ["Deep Mist"]) == 15
    water = {"terrain": [{"name": "mere", "kinds": ["water"], "polygon": [[12, 8], [14, 8], [14, 12], [12, 12]]}],
             "lights": [], "objectives": []}
    assert fire_sources(("Deep Mist",), table=water)["Deep Mist (within 3\" of water)"] == -1
    assert "Deep Mist (within 3\" of water)" not in fire_sources(("Deep Mist",), table=water, shooter=(30, 10),
                                                                target=(30, 20))


def test_grey_drizzle_makes_climbing_dearer() -> None:
    crag = {"terrain": [{"name": "crag", "kinds": ["climbable"], "polygon": [[10, 10], [14, 10], [14, 14],
                                                                             [10, 14]], "height": 3}],
            "lights": [], "objectives": []}
    arena = Arena(band({"name": "P"}), band({"name": "T"}), table=crag, weather=("Grey Drizzle",))
    arena.deploy_all(south_1=(12, 9.5))
    arena.run(Activate(character="south/1"), "p0")
    assert deed(arena.run(Climb(to=(12, 10.2)), "p0")).cost == 3


def test_low_thunder_lowers_valour_for_initiative() -> None:
    arena = Arena(band({"name": "Hero", "valour": 2}), band({"name": "T"}), table=OPEN, weather=("Low Thunder",))
    arena.deploy_all()
    began = begin_turn(arena.play, 2, _Dice(), arena.settings)
    assert {r["seat"]: r["valour"] for r in began.initiative} == {"south": 1, "north": -1}


def test_rising_gale_blurs_long_shots_only() -> None:
    assert fire_sources(("Rising Gale",))["Rising Gale"] == -1
    assert "Rising Gale" not in fire_sources(("Rising Gale",), target=(10, 15))


def test_close_heat_slows_the_armoured_and_the_two_handed() -> None:
    assert allowance(("Close Heat",), gear=["medium armour"]) == 2
    assert allowance(("Close Heat",), gear=["two-handed weapon"]) == 2
    assert allowance(("Close Heat",), gear=["hand weapon"]) == 3


def test_clear_and_high_ignores_difficult_ground() -> None:
    bog = {"terrain": [{"name": "bog", "kinds": ["difficult"], "polygon": [[9, 11], [11, 11], [11, 12], [9, 12]]}],
           "lights": [], "objectives": []}
    for weather, cost in (((), 2), (("Clear and High",), 1)):
        arena = Arena(band({"name": "P"}), band({"name": "T"}), table=bog, weather=weather)
        arena.deploy_all(south_1=(10, 10))
        arena.run(Activate(character="south/1"), "p0")
        assert deed(arena.run(Move(path=[(10, 13)]), "p0")).cost == cost


def test_windblown_takes_close_fire_away_and_wards_staves() -> None:
    assert fire_sources((), target=(10, 15))["advantage"] == "close fire"
    assert fire_sources(("Windblown",), target=(10, 15))["advantage"] is None
    arena = Arena(band({"name": "Monk", "gear": ["staff or pole"]}), band({"name": "T"}), table=OPEN,
                  weather=("Windblown",))
    arena.deploy_all()
    assert ward(arena.play, arena.figure("south/1")) == 1


def test_fresh_wind_doubles_high_ground() -> None:
    arena = Arena(band(ARCHER), band({"name": "T"}), table=OPEN, weather=("Fresh Wind",))
    arena.deploy_all(south_1=(10, 10), north_1=(10, 20))
    arena.place("south/1", 10, 10, z=3)
    arena.run(Activate(character="south/1"), "p0")
    fired = deed(arena.run(Fire(target="north/1"), "p0", faces=[5, 5]))
    assert fired.attack is not None
    assert {m.source: m.value for m in fired.attack.modifiers}["high ground"] == 2


@pytest.mark.parametrize("light", ["Darkening", "Brightening"])
def test_darkening_and_brightening_drift_each_turn_after_the_first(light: str) -> None:
    """PIL-LIGHT-DRIFT: 3" per Turn, within 0"-24"."""
    import msgspec

    arena = Arena(band({"name": "P"}), band({"name": "T"}), table=OPEN, sight=12)
    arena.play = msgspec.structs.replace(arena.play, environment=msgspec.structs.replace(
        arena.play.environment, shifting_light=light))
    arena.deploy_all()
    began = begin_turn(arena.play, 2, _Dice(), arena.settings)
    assert isinstance(began, TurnBegan) and began.sight == (9 if light == "Darkening" else 15)


class _Dice:
    """Initiative dice that never tie: south rolls 12, north 1."""

    commitment = ""

    def __init__(self) -> None:
        from tests.fakes import ScriptedDice

        self._inner = ScriptedDice([12, 1] * 10)

    def start(self, purpose: str):  # type: ignore[no-untyped-def]
        return self._inner.start(purpose)

    def reveal(self) -> str:
        return ""
