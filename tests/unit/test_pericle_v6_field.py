"""Pericle 6's field of battle and the Disciplines that reach beyond one's own figure (seed 001;
v6/field.py): the height advantage of a figure on a raised hex (line 404). Each test quotes the seed
lines it follows, plays real commands on a version-6 battle, and checks version 5 where it is cheap."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import DomainError
from domain.rulesets import RULESETS
from domain.rulesets.pericle.dice import Adjustment
from tests.unit.pericle_arena import PericleArena, hexes
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v4_play import BRAM, YSOLDE
from tests.unit.test_pericle_v4_play import strikes as strikes_of

HIT, MISS = 1, 10  # Action Die faces: a success icon, the critical failure
HEIGHT = Adjustment(1, "height advantage")


def field_map(raised: list[tuple[int, int]] | None) -> dict[str, Any]:
    """The arena's 8 x 8 map (pericle_arena.encounter), with these raised hexes."""
    board: dict[str, Any] = {"width": 8, "height": 8, "walls": hexes((3, 0), (3, 1)), "furniture": hexes((4, 5))}
    if raised is not None:
        board["raised"] = hexes(*raised)
    return board


def arena(raised: list[tuple[int, int]] | None = None, version: str | None = None,
          bram: tuple[int, int] = (3, 3)) -> PericleArena:
    """Bram (Club, Base AD0) at `bram` facing east, the orc (Base AD1, facing west) at (4,3) in his
    front hexes, Ysolde at (1,2); the Action phase begun and passed to Bram."""
    play = PericleArena(heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]},
                        version=version, map=field_map(raised))
    play.put("hero-ysolde", 1, 2, facing=0)
    play.put("hero-bram", *bram, facing=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    return play


def bram_strikes_orc(play: PericleArena) -> Any:
    [strike] = strikes_of(play.act("hero-bram", "attack", [MISS], strikes=[{"target": "orc", "weapon": "Club"}]))
    return strike


# ---- Height advantage (line 404) ---------------------------------------------------------------


def test_a_figure_on_a_raised_hex_strikes_a_foe_on_the_ground_beside_it_at_plus_one_ad() -> None:
    """Line 404: "if your hero is standing on a table attacking enemies on the ground that are
    adjacent to the table, you gain +1 AD from a height advantage ... their attack roll may be made at
    +1 AD." Bram on the table (3,3)-(3,4) strikes the orc on the ground at (4,3): +1 AD; the same
    blow from the ground, on a map without the table, has none."""
    assert "standing on a table attacking enemies on the ground that are adjacent to the table" in line(404)
    assert "their attack roll may be made at +1 AD" in line(404)
    strike = bram_strikes_orc(arena(raised=[(3, 3), (3, 4)], version="6"))
    assert HEIGHT in strike.check.adjustments and strike.kind == "melee"
    assert HEIGHT not in bram_strikes_orc(arena(raised=None, version="6")).check.adjustments


def test_height_advantage_leaves_the_attack_order_alone() -> None:
    """Line 404: "attackers from the table will still attack in their normal attack order based on
    their Base AD": the Action Order is the same with the table as without it."""
    assert "will still attack in their normal attack order based on their Base AD" in line(404)
    assert arena(raised=[(3, 3)], version="6").combat.order == arena(raised=None, version="6").combat.order


def test_no_height_advantage_from_the_ground_nor_against_a_foe_on_the_table() -> None:
    """Line 404 gives the bonus to the one "standing on a table" against "enemies on the ground":
    Bram on the ground next to a table gains nothing, nor does he when the orc stands on the table
    too (a table of (3,3) and (4,3))."""
    assert HEIGHT not in bram_strikes_orc(arena(raised=[(3, 4)], version="6", bram=(3, 3))).check.adjustments
    both = arena(raised=[(3, 3), (4, 3)], version="6")
    assert HEIGHT not in bram_strikes_orc(both).check.adjustments


def test_the_orc_on_the_ground_gains_nothing_against_the_hero_on_the_table() -> None:
    """Line 404 names only the attacker on the table: the orc striking up at Bram has no height
    advantage (and the seed gives it no penalty either: PER-RAISED-HEX)."""
    play = arena(raised=[(3, 3)], version="6")
    play.act("hero-bram", "pass_action")
    play.end_turn()
    play.to_actions("enemies")
    play.pass_until("orc")
    [strike] = strikes_of(play.act("orc", "attack", [MISS], strikes=[{"target": "hero-bram"}]))
    assert HEIGHT not in strike.check.adjustments and not [a for a in strike.check.adjustments
                                                           if "height" in a.source]


def test_figures_step_onto_and_off_a_raised_hex_as_onto_open_ground() -> None:
    """PER-RAISED-HEX (the seed is silent on how a figure gets up on the table): one hex of Movement
    each, no check. Bram (Movement 5) walks five hexes over the table and off it."""
    play = arena(raised=[(1, 3), (2, 3)], version="6", bram=(0, 3))
    play.act("hero-bram", "pass_action")
    play.end_turn()
    play.to_movement("heroes")
    path = [(1, 3), (2, 3), (2, 4), (1, 5), (1, 6)]
    events = play.act("hero-bram", "move_figure", path=hexes(*path))
    assert (play.figure("hero-bram").hex.q, play.figure("hero-bram").hex.r) == (1, 6)
    assert not [e for e in events if type(e).__name__ == "CheckMade"]


def test_a_version_5_battle_refuses_raised_hexes_as_it_refused_an_unknown_field() -> None:
    """The raised hexes are version 6's: a battle of versions 3-5 refuses a map naming them, with
    the rule it always refused an unknown field of the map with (`options-invalid`); without them
    its options resolve to what they always did (no `raised` key is recorded)."""
    options = {"encounter": {"map": field_map([(3, 3)]), "hero_starts": hexes((0, 3)),
                             "enemies": [{"id": "orc", "name": "Orc", "hp": 8, "mt": 3, "base_ad": 1,
                                          "attacks": [{"name": "Axe", "damage": "1d6"}],
                                          "hex": {"q": 4, "r": 3}}]}}
    for version in ("3", "4", "5"):
        with pytest.raises(DomainError) as refused:
            RULESETS[("pericle", version)].resolve_options(options, ("ana", "gm"))
        assert refused.value.rule == "options-invalid" and "raised" in str(refused.value)
    plain = {"encounter": {**options["encounter"], "map": field_map(None)}}
    assert "raised" not in RULESETS[("pericle", "5")].resolve_options(plain, ("ana", "gm"))["encounter"]["map"]
    resolved = RULESETS[("pericle", "6")].resolve_options(options, ("ana", "gm"))
    assert resolved["encounter"]["map"]["raised"] == [{"q": 3, "r": 3}]
    assert "raised" not in RULESETS[("pericle", "6")].resolve_options(plain, ("ana", "gm"))["encounter"]["map"]


def test_a_raised_hex_must_be_open_ground_on_the_map() -> None:
    """A raised hex is stood on (line 404): not a wall, furniture, pit or door, nor off the map."""
    options = {"encounter": {"map": field_map([(3, 0), (40, 40)]), "hero_starts": hexes((0, 3)),
                             "enemies": [{"id": "orc", "name": "Orc", "hp": 8, "mt": 3, "base_ad": 1,
                                          "attacks": [{"name": "Axe", "damage": "1d6"}],
                                          "hex": {"q": 4, "r": 3}}]}}
    with pytest.raises(DomainError) as refused:
        RULESETS[("pericle", "6")].resolve_options(options, ("ana", "gm"))
    assert str(refused.value).count("raised hex") == 2


def test_the_raised_hex_label_is_listed_and_quotes_line_404() -> None:
    ruleset = RULESETS[("pericle", "6")]
    assert "PER-RAISED-HEX" in ruleset.resolve_options({})["provisional"]
    assert "PER-RAISED-HEX" not in RULESETS[("pericle", "5")].resolve_options({})["provisional"]
    summary = next(r for r in ruleset.provisional_rules if r.id == "PER-RAISED-HEX").summary
    assert "line 404" in summary
    assert "standing on a table attacking enemies on the ground that are adjacent to the table" in line(404)
