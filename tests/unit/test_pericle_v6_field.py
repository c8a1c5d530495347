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


@pytest.mark.parametrize("label", ["PER-RAISED-HEX", "PER-BEFRIENDED"])
def test_each_label_is_a_version_6_setting_and_quotes_the_lines_it_cites(label: str) -> None:
    """As tests/unit/test_pericle_v6_labels.py checks the others: listed, a setting of a version-6
    battle only, and every phrase it quotes on the lines it cites."""
    import re

    ruleset = RULESETS[("pericle", "6")]
    assert label in ruleset.resolve_options({})["provisional"]
    assert label not in RULESETS[("pericle", "5")].resolve_options({})["provisional"]
    summary = next(r for r in ruleset.provisional_rules if r.id == label).summary
    cited = [int(n) for n in re.findall(r"lines? (\d+)", summary)]
    quoted = re.findall(r'"([^"]+)"', summary)
    assert cited and quoted
    for phrase in quoted:
        assert any(phrase in line(n) for n in cited), f"{label}: {phrase!r} is not on lines {cited}"


# ---- Animal Handler I-III+ (lines 1181, 1296, 1335) ---------------------------------------------

HANDLER = {**YSOLDE, "disciplines": ["Animal Handler I", "Animal Handler II", "Animal Handler III+"]}
WOLF = {"id": "wolf", "name": "Wolf", "hp": 6, "mt": 2, "base_ad": -1, "kn": 0, "movement": 6,
        "attacks": [{"name": "Bite", "damage": "1d6", "natural": True}], "hex": {"q": 4, "r": 4}, "facing": 0}


def animal_arena(version: str | None = None) -> PericleArena:
    """Ysolde (KN5, Animal Handler I-III+) at (1,3) facing east, Bram at (0,5); the wolf (KN0, one
    hex, Base AD-1: last in the order) at (4,4), four hexes from her; the orc at (5,4) east of the
    wolf, the others far off. The Action phase begun and passed to Ysolde."""
    from tests.unit.pericle_arena import encounter

    play = PericleArena(heroes={"ana": [{"hero": HANDLER, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]},
                        version=version, enemies=[*encounter()["enemies"], WOLF])
    play.put("hero-ysolde", 1, 3, facing=0)
    play.put("hero-bram", 0, 5, facing=0)
    play.put("orc", 5, 4, facing=3)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    return play


def handle(play: PericleArena, faces: list[int], discipline: str = "Animal Handler I", target: str = "wolf") -> Any:
    return play.act("hero-ysolde", "use_discipline", faces, discipline=discipline, target=target)


def kinds(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def befriended(play: PericleArena) -> None:
    """Ysolde befriends the wolf (a success on her KN check) and the turn ends."""
    handle(play, [HIT])
    play.end_turn()


def test_animal_handler_i_befriends_an_animal_foe_with_a_kn_check_as_the_action() -> None:
    """Animal Handler I (line 1181): "As an Action, you may attempt to befriend an animal with a KN
    check as long as the animal is within six hexes of you, has KN0, and the animal is no larger than
    one hex." On a success the wolf is on the heroes' side, played by Ysolde's seat, a befriended
    animal; version 5 records the Discipline for the table and the wolf stays a foe."""
    assert "attempt to befriend an animal with a KN check as long as the animal is within six hexes" in line(1181)
    play = animal_arena(version="6")
    events = handle(play, [HIT])
    assert "AnimalBefriended" in kinds(events) and "TableApplied" not in kinds(events)
    [rolled] = [e for e in events if type(e).__name__ == "CheckMade"]
    assert (rolled.figure, rolled.check.success) == ("hero-ysolde", True) and "befriend" in rolled.purpose
    wolf = play.figure("wolf")
    assert (wolf.team, wolf.seat, wolf.companion, wolf.befriended_by) == ("heroes", "ana", True, "hero-ysolde")
    assert play.combat.current != "hero-ysolde"  # it was her Action
    old = animal_arena(version="5")
    assert "TableApplied" in kinds(handle(old, [HIT])) and old.figure("wolf").team == "enemies"


def test_a_failed_befriending_changes_nothing_and_may_be_retried_next_turn() -> None:
    """Line 1181: "You may retry on subsequent turns if you fail." """
    assert "You may retry on subsequent turns if you fail" in line(1181)
    play = animal_arena(version="6")
    assert "AnimalBefriended" not in kinds(handle(play, [MISS]))
    assert play.figure("wolf").team == "enemies"
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    assert "AnimalBefriended" in kinds(handle(play, [HIT]))


def test_befriending_is_refused_beyond_six_hexes_above_kn0_or_for_a_second_animal() -> None:
    """Line 1181: "within six hexes of you, has KN0, and the animal is no larger than one hex";
    line 1296: "Heroes may only have 1 befriended animal at a time." Refused before any die."""
    assert "Heroes may only have 1 befriended animal at a time" in line(1296)
    body = {"type": "use_discipline", "figure": "hero-ysolde", "discipline": "Animal Handler I"}
    play = animal_arena(version="6")
    play.put("wolf", 7, 7)  # ten hexes away
    assert play.rule_of("ana", {**body, "target": "wolf"}) == "discipline-target"
    play.put("wolf", 4, 4)
    play.put("orc", 5, 4, kn=2)
    assert play.rule_of("ana", {**body, "target": "orc"}) == "discipline-target"
    play.put("orc", 5, 4, kn=0)
    handle(play, [HIT])
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    assert play.rule_of("ana", {**body, "target": "orc"}) == "discipline-target"


def test_a_befriended_animal_is_inert_until_convinced() -> None:
    """Line 1181: "Once befriended, the animal remains befriended and will not attack you or your
    allies ... This does not give you the ability to control the animal (see Animal Handler II)":
    the wolf only passes in its slot, and does not move in the heroes' Movement phase."""
    assert "This does not give you the ability to control the animal" in line(1181)
    play = animal_arena(version="6")
    handle(play, [HIT])
    play.pass_until("wolf")
    assert play.rule_of("ana", {"type": "attack", "figure": "wolf", "strikes": [{"target": "orc"}]}) == "animal-inert"
    play.act("wolf", "pass_action")
    play.end_turn()
    play.to_movement("heroes")
    assert play.rule_of("ana", {"type": "move_figure", "figure": "wolf", "path": hexes((3, 4))}) == "animal-inert"


def test_animal_handler_ii_convinces_the_animal_with_a_kn_check_spending_the_whole_turn() -> None:
    """Animal Handler II (line 1296): "You may spend an entire turn (Movement and Action phases) to
    convince a befriended animal to take an action. During your Action phase, make a KN check. If
    successful, the animal will follow a simple instruction such as "attack a foe" ... The animal will
    immediately carry out the action it was convinced to do, as long as it hasn't already taken an
    action on this turn. It will continue the same action on subsequent turns until redirected." Ysolde
    does not move, convinces the wolf, and the wolf bites the orc in its own slot after hers, and again
    the next turn; a failure leaves it inert ("If your check is unsuccessful, the befriended animal
    remains inert")."""
    assert "During your Action phase, make a KN check" in line(1296)
    assert "It will continue the same action on subsequent turns until redirected" in line(1296)
    play = animal_arena(version="6")
    befriended(play)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    assert "AnimalConvinced" not in kinds(handle(play, [MISS], "Animal Handler II"))
    play.pass_until("wolf")
    assert play.rule_of("ana", {"type": "attack", "figure": "wolf", "strikes": [{"target": "orc"}]}) == "animal-inert"
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    assert "AnimalConvinced" in kinds(handle(play, [HIT], "Animal Handler II"))
    assert play.figure("wolf").convinced
    play.pass_until("wolf")
    play.put("wolf", 4, 4, facing=0)  # the foes' repositioning may have turned it: facing the orc
    [bite] = strikes_of(play.act("wolf", "attack", [MISS, MISS], strikes=[{"target": "orc"}]))
    assert (bite.attacker, bite.target) == ("wolf", "orc")
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("wolf")
    play.put("wolf", 4, 4, facing=0)
    assert strikes_of(play.act("wolf", "attack", [MISS, MISS], strikes=[{"target": "orc"}]))


def test_animal_handler_ii_is_refused_after_the_hero_has_moved_this_turn() -> None:
    """Line 1296: "spend an entire turn (Movement and Action phases)": not after a move."""
    play = animal_arena(version="6")
    befriended(play)
    play.to_movement("heroes")
    play.act("hero-ysolde", "move_figure", path=hexes((1, 4)))
    play.command("ana", {"type": "end_movement"})
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})
    play.pass_until("hero-ysolde")
    assert play.rule_of("ana", {"type": "use_discipline", "figure": "hero-ysolde", "discipline": "Animal Handler II",
                                "target": "wolf"}) == "discipline-turn"


def test_animal_handler_iii_convinces_in_the_movement_phase_and_the_animal_moves_then() -> None:
    """Animal Handler III+ (line 1335): "instead of taking a full turn to control a befriended
    animal, you may instead spend your Movement phase to attempt the control. Control still requires
    a KN check. If successful, the animal can move based on your direction in the same turn if it
    hasn't moved yet." Used instead of Ysolde's move; the wolf then moves that phase, and Ysolde
    still has her Action."""
    assert "spend your Movement phase to attempt the control" in line(1335)
    play = animal_arena(version="6")
    befriended(play)
    play.to_movement("heroes")
    events = handle(play, [HIT], "Animal Handler III+")
    assert "AnimalConvinced" in kinds(events)
    [used] = [e for e in events if type(e).__name__ == "DisciplineUsed"]
    assert used.instead_of_moving
    assert play.rule_of("ana", {"type": "move_figure", "figure": "hero-ysolde", "path": hexes((1, 4))}) \
        == "already-moved"
    play.put("orc", 7, 5)  # out of the way: the wolf walks off freely
    play.act("wolf", "move_figure", path=hexes((3, 4)))
    assert play.figure("wolf").hex.q == 3


# ---- Elemental Bending I and II (lines 1195-1199, 1256) ----------------------------------------

BENDING = ("Elemental Bending",)
BENDING_II = ("Elemental Bending", "Elemental Bending II")


def bending_arena(version: str | None = "6", declare_air: bool = False, **ysolde: Any) -> PericleArena:
    """Ysolde (Base AD0) at (2,3) facing the orc (armour 3, shield 1, HP 8, Base AD1) two hexes
    east; Bram at (2,2), out of the line. The Action phase begun (with Ysolde's declaration of Air
    if `declare_air`) and passed to Ysolde."""
    play = PericleArena(heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]}, version=version)
    play.put("hero-ysolde", 2, 3, facing=0, **{"spells": ("Arcane Barrage", "Arcane Storm"), **ysolde})
    play.put("hero-bram", 2, 2, facing=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions(declare=(("hero-ysolde", "Elemental Bending"),) if declare_air else ())
    play.pass_until("hero-ysolde")
    return play


def bend(play: PericleArena, faces: list[int], spell: str, target: str = "orc", **fields: Any) -> list[Any]:
    return play.act("hero-ysolde", "cast_spell", faces, spell=spell, target=target, **fields)


def damage_of(events: list[Any]) -> Any:
    [damage] = [e for e in events if type(e).__name__ == "SpellDamage"]
    return damage


def test_fire_adds_one_damage_to_an_arcane_spell_named_as_the_seed_names_it() -> None:
    """Elemental Bending (line 1195): "All Arcane spells you cast may be imbued with an element and
    gain the corresponding effect"; line 1198: "Fire: Add +1 damage to any successful Arcane Spell
    Attack"; line 1345 names the cast "Arcane Fire Barrage ... 1d6+1 damage". An MT4 caster's bolt,
    1d6+1d4+1 = 6 + 4 + 1, less the orc's armour 3 and shield 1: 7. Version 5 knows no such Spell."""
    assert "All Arcane spells you cast may be imbued with an element" in line(1195)
    assert "Fire: Add +1 damage to any successful Arcane Spell Attack" in line(1198)
    assert "Arcane Fire Barrage which would normally deal 1d6+1 damage" in line(1345)
    play = bending_arena(mt=4, disciplines=BENDING)
    events = bend(play, [HIT, 6, 4], "Arcane Fire Barrage")
    [cast] = [e for e in events if type(e).__name__ == "SpellCast"]
    damage = damage_of(events)
    assert (cast.spell, cast.success) == ("Arcane Barrage", True)
    assert (damage.roll.expression, damage.roll.total, damage.hits[0].damage) == ("1d6+1d4+1", 11, 7)
    assert play.figure("orc").wounds == 7
    plain = damage_of(bend(bending_arena(mt=4, disciplines=BENDING), [HIT, 6, 4], "Arcane Barrage"))
    assert (plain.roll.expression, plain.hits[0].damage) == ("1d6+1d4", 6)
    old = bending_arena(version="5", mt=4, disciplines=BENDING)
    assert old.rule_of("ana", {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Arcane Fire Barrage",
                               "target": "orc"}, [HIT, 6, 4]) == "spell-unknown"


def test_elemental_bending_ii_adds_one_more_and_fire_totals_two() -> None:
    """Elemental Bending II (line 1256): "Damage caused by elemental energy that you cast is
    increased by one additional point. If you evoke fire, the bonus will total +2 damage." Fire:
    1d4+2 (MT0); Ice: 1d4+1; Arcane Storm imbued with Fire: 1d4+2 on every figure in its seven hexes."""
    assert "If you evoke fire, the bonus will total +2 damage" in line(1256)
    fire = damage_of(bend(bending_arena(disciplines=BENDING_II), [HIT, 3], "Arcane Fire Barrage"))
    ice = damage_of(bend(bending_arena(disciplines=BENDING_II), [HIT, 3], "Arcane Ice Barrage"))
    assert (fire.roll.expression, ice.roll.expression) == ("1d4+2", "1d4+1")
    storm = damage_of(bend(bending_arena(disciplines=BENDING_II), [HIT, 3], "Arcane Fire Storm"))
    assert (storm.roll.expression, [(h.figure, h.damage) for h in storm.hits]) == ("1d4+2", [("orc", 5)])


def test_arcane_ii_doubles_the_dice_but_not_the_element() -> None:
    """Line 1345: "This does not double the Elemental effects. For example, a hero may cast Arcane Fire
    Barrage which would normally deal 1d6+1 damage at 0E cost because of Staff & Wand Affinity:
    Arcane, but the hero may choose to spend an additional E, in this case 1E total, and deal 2d6+1
    damage." The seed's example, an MT2 caster with a staff."""
    from domain.rulesets.pericle.catalogue import WEAPONS

    assert "and deal 2d6+1 damage" in line(1345)
    affinity = ("Staff & Wand Affinity: Arcane I", "Staff & Wand Affinity: Arcane II")
    play = bending_arena(mt=2, disciplines=(*affinity, *BENDING), weapons=(WEAPONS["staff"],), in_hand=("staff",))
    events = bend(play, [HIT, 3, 4], "Arcane Fire Barrage", power=1)
    [cast] = [e for e in events if type(e).__name__ == "SpellCast"]
    assert (cast.exhaustion, damage_of(events).roll.expression, damage_of(events).roll.total) == (1, "2d6+1", 8)
    plain = bending_arena(mt=2, disciplines=(*affinity, *BENDING), weapons=(WEAPONS["staff"],), in_hand=("staff",))
    assert damage_of(bend(plain, [HIT, 3], "Arcane Fire Barrage")).roll.expression == "1d6+1"


def test_ice_chills_what_it_hurts_ad_minus_one_and_a_hex_less_for_one_turn() -> None:
    """Line 1199: "Ice: For one turn, if you damage your target with an Arcane spell, the target
    suffers AD-1 and moves one less hex for one turn." An MT4 bolt (6 + 4 less 4) hurts the orc: its
    next attack is at AD-1, its Movement (5) is 4 in the next Movement phase, and the chill is gone
    at Ysolde's slot a turn later. A bolt the armour stops wholly chills nothing."""
    assert "the target suffers AD-1 and moves one less hex for one turn" in line(1199)
    play = bending_arena(mt=4, disciplines=BENDING)
    bend(play, [HIT, 6, 4], "Arcane Ice Barrage")
    assert [(s.spell, s.target) for s in play.combat.spells] == [
        ("Elemental Bending: Ice", "hero-ysolde"),  # the cast's element, this turn
        ("Elemental Bending: Ice (chilled)", "orc")]
    play.end_turn()
    play.to_movement("enemies")
    play.put("orc", 4, 3, facing=0)
    four = [(4, 4), (5, 4), (5, 5), (4, 6)]
    assert play.rule_of("gm", {"type": "move_figure", "figure": "orc",
                               "path": hexes(*four, (4, 7))}) == "movement-exceeded"
    play.act("orc", "move_figure", path=hexes(*four))
    play.put("orc", 3, 3, facing=3)  # then beside Ysolde, facing her
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})
    play.pass_until("orc")
    [strike] = strikes_of(play.act("orc", "attack", [MISS], strikes=[{"target": "hero-ysolde"}]))
    assert Adjustment(-1, "Ice (Elemental Bending)") in strike.check.adjustments
    play.pass_until("hero-ysolde")
    assert not [s for s in play.combat.spells if "Ice" in s.spell]
    stopped = bending_arena(mt=0, disciplines=BENDING)  # 1d4 = 2, less armour 3 and shield 1: nothing
    bend(stopped, [HIT, 2], "Arcane Ice Barrage")
    assert [s.spell for s in stopped.combat.spells] == ["Elemental Bending: Ice"]


def test_air_declared_puts_the_casters_slot_first_and_its_action_is_the_air_cast() -> None:
    """Line 1197: "Air: You may attack first in the attack order with your Arcane spell, as described
    in the Discipline Haste. Your AD does not change for the attack roll." Declared with the
    declarations (`use_discipline` "Elemental Bending"), Ysolde (Base AD0) acts before the orc (AD1);
    her Action is the Air cast, at her own AD (no adjustment of Air's own); anything else is refused."""
    assert "You may attack first in the attack order with your Arcane spell" in line(1197)
    plain = bending_arena(disciplines=BENDING)
    assert plain.combat.order.index("orc") < plain.combat.order.index("hero-ysolde")
    play = bending_arena(declare_air=True, disciplines=BENDING)
    assert play.combat.order[0] == "hero-ysolde"
    assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Arcane Fire Barrage",
                                "target": "orc"}) == "air-first"
    assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Arcane Barrage",
                                "target": "orc"}) == "air-first"
    events = bend(play, [HIT, 3], "Arcane Air Barrage")
    [cast] = [e for e in events if type(e).__name__ == "SpellCast"]
    assert cast.success and not cast.check.adjustments
    assert damage_of(events).roll.expression == "1d4"  # Air adds no damage without Elemental Bending II


def test_an_element_is_refused_without_the_discipline_or_on_a_spell_the_server_does_not_imbue() -> None:
    """Line 1195: the element is the Discipline's ("All Arcane spells you cast may be imbued"); Arcane
    Flux has elemental rules of its own (line 1430), left to the table: cast without an element."""
    body = {"type": "cast_spell", "figure": "hero-ysolde", "target": "orc"}
    assert bending_arena().rule_of("ana", {**body, "spell": "Arcane Fire Barrage"}) == "discipline-unknown"
    play = bending_arena(disciplines=BENDING, spells=("Arcane Barrage", "Arcane Flux"))
    assert play.rule_of("ana", {**body, "spell": "Arcane Fire Flux"}) == "spell-element"
