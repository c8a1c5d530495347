"""Overrun (seed 001, Monster Disciplines & Abilities): "When creatures with Overrun move from a
position where they are not Embattled to become Embattled, they can move one more hex during the
Movement phase", pushing the foes there back one hex (PER-OVERRUN)."""

from __future__ import annotations

from typing import Any

from domain.hexes import Hex
from domain.rulesets.pericle.combat_events import CheckMade, Damaged, FellProne, FigureMoved
from tests.unit.pericle_arena import PericleArena, encounter, hexes

MISS, HIT = 10, 1
OGRE = {"id": "ogre", "name": "Ogre", "hp": 20, "mt": 8, "base_ad": 1, "movement": 4, "abilities": ["Overrun"],
        "overrun_damage": "1d6", "attacks": [{"name": "Club", "damage": "2d6", "weapon_class": "hammer"}],
        "hex": {"q": 5, "r": 3}, "facing": 3}
CHARGE = {"path": [{"q": 4, "r": 3}], "facing": 3, "overrun": {"q": 3, "r": 3}}


def ogre_charges(ogre: dict[str, Any] | None = None, **changes: Any) -> PericleArena:
    """The ogre, two hexes east of Varya (who faces it), is about to move; the others are away."""
    arena = PericleArena(enemies=[*encounter()["enemies"], ogre or OGRE], **changes)
    arena.put("hero-varya", 3, 3, facing=0)
    arena.put("orc", 7, 7)
    arena.put("spearman", 7, 0)
    arena.put("zombie", 6, 6)
    arena.to_movement("enemies")
    return arena


def moves(events: list[Any]) -> list[tuple[str, Hex, str]]:
    return [(e.figure, e.path[-1], e.reason) for e in events if isinstance(e, FigureMoved) and e.path]


def test_a_foe_in_the_overrun_hex_retreats_and_may_fall() -> None:
    """"the foe automatically vacates the hex, moving backward one hex"; "All retreating
    combatants must make a Moderate Athletics check at AD+0. With failure, the retreating foe
    falls prone." The ogre becomes Embattled entering Varya's front, then overruns her hex."""
    arena = ogre_charges()
    events = arena.act("ogre", "move_figure", [MISS], **CHARGE)
    assert moves(events) == [("ogre", Hex(4, 3), "movement"), ("ogre", Hex(3, 3), "overrun"),
                             ("hero-varya", Hex(2, 3), "overrun")]
    [kept] = [e for e in events if isinstance(e, CheckMade)]
    assert kept.figure == "hero-varya" and kept.check.base == 1 and not kept.check.success
    assert arena.figure("hero-varya").condition == "prone" and arena.figure("ogre").hex == Hex(3, 3)
    assert not [e for e in events if isinstance(e, Damaged)], "a foe able to move takes no damage"


def test_the_immobile_are_pushed_and_take_overrun_damage_and_so_are_those_behind() -> None:
    """"Combatants that are unable to move because they are prone ... are also pushed back one
    hex, but the Overrunning creature automatically deals damage to these combatants"; "ALL
    combatants that are adjacent are also Overrun, and get pushed backward to make room". Prone,
    Varya Embattles nobody; Sindaro, south of the ogre's path, does."""
    arena = ogre_charges()
    arena.put("hero-varya", 3, 3, condition="prone")
    arena.put("hero-baerwyn", 2, 3, facing=0)
    arena.put("hero-sindaro", 4, 4, facing=2)
    events = arena.act("ogre", "move_figure", [HIT, 4], **CHARGE)
    assert ("hero-varya", Hex(2, 3), "overrun") in moves(events)
    assert ("hero-baerwyn", Hex(1, 3), "overrun") in moves(events)
    [trampled] = [e for e in events if isinstance(e, Damaged)]
    assert (trampled.figure, trampled.amount, trampled.source) == ("hero-varya", 4, "overrun:ogre")
    assert arena.figure("hero-baerwyn").condition == "standing", "Baerwyn keeps his feet"


def test_with_no_room_behind_nobody_moves_and_all_in_the_way_are_trampled() -> None:
    """"If there is no adjacent empty hex nor adjacent combatants to move, such as in a case where
    the combatant is surrounded by walls, then the Overrunning creature cannot Overrun the
    combatant. Instead, all combatants that would be overrun take Overrun damage and they all
    fall prone.\""""
    walled = {**encounter()["map"], "walls": [*encounter()["map"]["walls"], *hexes((2, 3))]}
    arena = ogre_charges(map=walled)
    events = arena.act("ogre", "move_figure", [3], **CHARGE)
    assert moves(events) == [("ogre", Hex(4, 3), "movement")]
    assert [(e.figure, e.amount) for e in events if isinstance(e, Damaged)] == [("hero-varya", 3)]
    assert [e.figure for e in events if isinstance(e, FellProne)] == ["hero-varya"]


def test_a_battle_may_let_armour_count_against_overrun_damage() -> None:
    """PER-OVERRUN's setting `armour_counts`: Varya's leather (1) takes a point off the 3."""
    walled = {**encounter()["map"], "walls": [*encounter()["map"]["walls"], *hexes((2, 3))]}
    arena = ogre_charges(map=walled, provisional={"PER-OVERRUN": {"armour_counts": True}})
    events = arena.act("ogre", "move_figure", [3], **CHARGE)
    assert [(e.figure, e.amount) for e in events if isinstance(e, Damaged)] == [("hero-varya", 3 - 1)]


def test_overrun_needs_the_ability_embattlement_and_a_hex_free_of_allies() -> None:
    plain = {**OGRE, "abilities": []}
    assert ogre_charges(plain).rule_of("gm", {"type": "move_figure", "figure": "ogre", **CHARGE}) == "overrun"
    arena = ogre_charges()
    body = {"type": "move_figure", "figure": "ogre", "path": [], "overrun": {"q": 4, "r": 3}}
    assert arena.rule_of("gm", body) == "overrun-not-embattled"
    arena.put("zombie", 3, 3)
    arena.put("hero-varya", 4, 2, facing=5)  # Embattles the ogre arriving at 4,3, from the north
    assert arena.rule_of("gm", {"type": "move_figure", "figure": "ogre", **CHARGE}) == "overrun-hex"
