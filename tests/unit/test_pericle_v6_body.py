"""Pericle 6 enforces Spells of movement, fortune and the senses that version 5 left to the table
(seed 001, Appendix: Spells; v6/body.py). Each test quotes the seed lines it follows, plays real
commands on a version-6 battle, and checks that version 5 still records the Spell for the table."""

from __future__ import annotations

from typing import Any

from domain.rulesets.pericle import board, spell_effects
from domain.rulesets.pericle.combat_events import (
    AttributeRaised,
    CheckMade,
    SpellCast,
    SpellDamage,
    SpellEnded,
    TableApplied,
)
from domain.rulesets.pericle.v5 import sight
from domain.rulesets.pericle.v6.body import readied_foes
from domain.rulesets.pericle.v6.enforced import SPELLS_OF_THE_BODY, enforced_spells
from projections.battle_summary import state_view
from tests.unit.pericle_arena import PericleArena, cast, of
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v4_play import BRAM, YSOLDE
from tests.unit.test_pericle_v4_play import strikes as strikes_of

HIT, MISS = 1, 10  # Action Die faces: a success icon, the critical failure
ONE = 6  # Action Die face "1": a success at AD1 and above, a failure at AD0
BLANK = 6  # Defense Die: blank
SPELLS = ("Slow/Speed Movement", "Luck of Esteus", "Heightened Senses", "Arcane Flux, Greater", "Boon",
          "Readied Strike")


def arena(version: str | None = None) -> PericleArena:
    """Ysolde (KN5, Base AD0, Movement 6) at (2,3) facing east, the orc (Base AD1, armour 3,
    shield 1) two hexes east of her facing west, Bram (MT3, Base AD0, Movement 5) at (3,2), in
    her front hexes; the
    Action phase begun and passed to Ysolde. The order: orc, spearman, Ysolde, Bram, zombie."""
    play = PericleArena(heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]}, version=version)
    play.put("hero-ysolde", 2, 3, facing=0, spells=SPELLS)
    play.put("hero-bram", 3, 2, facing=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    return play


def to_movement(play: PericleArena) -> None:
    """The rest of the turn passes; the next turn's Movement phase begins, the heroes first."""
    play.end_turn()
    play.to_movement("heroes")


def move(play: PericleArena, figure: str, *path: tuple[int, int]) -> list[Any]:
    return play.act(figure, "move_figure", path=[{"q": q, "r": r} for q, r in path])


def rule_of_move(play: PericleArena, figure: str, *path: tuple[int, int]) -> str:
    return play.rule_of(play.figure(figure).seat, {"type": "move_figure", "figure": figure,
                                                     "path": [{"q": q, "r": r} for q, r in path]})


SIX_HEXES = ((2, 2), (1, 2), (0, 2), (0, 1), (0, 0), (1, 0))  # from Bram's (3,2), away from every foe


def test_version_6_enforces_the_spells_of_the_body_and_version_5_does_not() -> None:
    assert set(SPELLS_OF_THE_BODY) <= set(enforced_spells("6"))
    assert not set(SPELLS_OF_THE_BODY) & set(enforced_spells("5"))


# ---- Slow/Speed Movement ---------------------------------------------------------------------


def test_speed_movement_doubles_the_targets_movement_for_four_turns() -> None:
    """Slow/Speed Movement (line 1411): "[T] Enchantment: 0E, lasts 4 turns. Halves or doubles
    Movement as selected by the caster." `power: 2` selects Speed and costs no Exhaustion."""
    assert "Halves or doubles Movement as selected by the caster" in line(1411)
    play = arena()
    cast_events = cast(play, [HIT], "Slow/Speed Movement", "hero-bram", power=2)
    spell = of(cast_events, SpellCast)[0]
    assert (spell.success, spell.exhaustion, spell.duration, spell.rules) == (True, 0, 4, "6")
    assert not of(cast_events, TableApplied) and play.figure("hero-ysolde").exhaustion == 0
    for _ in range(4):  # the Movement phases of the four turns after the cast
        to_movement(play)
        move(play, "hero-bram", *SIX_HEXES)  # Movement 5 doubled: 10
        assert (play.figure("hero-bram").hex.q, play.figure("hero-bram").hex.r) == (1, 0)
        play.put("hero-bram", 3, 2, facing=0)
        play.command("ana", {"type": "end_movement"})
        play.command("gm", {"type": "end_movement"})
        play.command("ana", {"type": "end_repositioning"}, [1] * 20)
        play.command("ana", {"type": "begin_actions"})
    # It ends at Ysolde's slot of the fourth turn after the cast: Bram has his 5 again.
    play.pass_until("hero-bram")
    assert [s.spell for s in play.combat.spells] == []
    assert [e.reason for e in of(play.events, SpellEnded)] == ["expired"]
    to_movement(play)
    assert rule_of_move(play, "hero-bram", *SIX_HEXES) == "movement-exceeded"


def test_slow_movement_halves_the_targets_movement_rounded_down() -> None:
    """Line 1411: "Halves or doubles Movement": `power: 1` halves it (the zombie's Movement 4 to 2;
    Bram's 5 to 2, rounded down as the seed rounds a half of MT, line 1250)."""
    play = arena()
    cast(play, [HIT], "Slow/Speed Movement", "hero-bram", power=1)
    assert play.combat.spells[0].exhaustion == 1  # the choice the cast recorded
    to_movement(play)
    assert rule_of_move(play, "hero-bram", (2, 2), (1, 2), (0, 2)) == "movement-exceeded"
    move(play, "hero-bram", (2, 2), (1, 2))
    assert play.figure("hero-bram").hex.q == 1


def test_slow_speed_movement_needs_the_casters_selection() -> None:
    """"as selected by the caster" (line 1411): `power` 1 (Slow) or 2 (Speed); nothing else, and
    refused before any die is rolled."""
    play = arena()
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Slow/Speed Movement", "target": "hero-bram"}
    assert play.rule_of("ana", body) == "spell-power"
    assert play.rule_of("ana", {**body, "power": 3}) == "spell-power"


def test_version_5_leaves_slow_speed_movement_to_the_table() -> None:
    play = arena(version="5")
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Slow/Speed Movement", "target": "hero-bram"}
    assert play.rule_of("ana", {**body, "power": 2}) == "spell-power"  # version 5 takes no `power` for a 0E Spell
    events = cast(play, [HIT], "Slow/Speed Movement", "hero-bram")
    assert [t.name for t in of(events, TableApplied)] == ["Slow/Speed Movement"]
    to_movement(play)
    assert rule_of_move(play, "hero-bram", *SIX_HEXES) == "movement-exceeded"
    move(play, "hero-bram", *SIX_HEXES[:5])  # Movement 5 unchanged
    assert play.figure("hero-bram").hex.q == 0


# ---- Luck of Esteus --------------------------------------------------------------------------


def luck_arena(version: str | None = None) -> PericleArena:
    """`arena`, the orc moved next to Bram (east of him, facing him)."""
    play = arena(version)
    play.put("orc", 4, 2, facing=3)
    return play


def checks_made(events: list[Any]) -> list[Any]:
    return [e.check for e in of(events, CheckMade)]


def test_luck_of_esteus_gives_fortune_on_the_next_ad_roll_then_it_is_spent() -> None:
    """Luck of Esteus (line 1407): "1E. The target gains Fortune on the next AD roll." Bram's
    attack roll right after the cast is rolled twice, the better kept (line 220: "roll twice and
    keep the better roll"); his next AD roll, a turn later, has no Fortune."""
    assert "The target gains Fortune on the next AD roll" in line(1407)
    play = luck_arena()
    spell = of(cast(play, [HIT], "Luck of Esteus", "hero-bram"), SpellCast)[0]
    assert (spell.success, spell.exhaustion, spell.rules) == (True, 1, "6")
    events = play.act("hero-bram", "attack", [MISS, HIT, 3, 3, 3, 3], strikes=[{"target": "orc"}])
    [strike] = strikes_of(events)
    assert (strike.check.fortune, strike.check.action_faces, strike.hit) == (1, ("critical failure", "success"), True)
    assert [(e.spell, e.target, e.reason) for e in of(events, SpellEnded)] == [
        ("Luck of Esteus", "hero-bram", "fortune used")]
    assert play.combat.spells == ()
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    [again] = checks_made(play.act("hero-bram", "skill_check", [MISS], skill="MT"))
    assert (again.fortune, again.success) == (0, False)


def test_luck_of_esteus_is_spent_on_whatever_ad_roll_comes_first() -> None:
    """"the next AD roll" (line 1407): a Skill Check is an AD roll (line 660: "a Skill Check,
    which is an AD roll"); it takes the Fortune, and the attack after it has none."""
    play = luck_arena()
    cast(play, [HIT], "Luck of Esteus", "hero-bram")
    [rolled] = checks_made(play.act("hero-bram", "skill_check", [MISS, HIT], skill="MT"))
    assert (rolled.fortune, rolled.success) == (1, True)
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    [strike] = strikes_of(play.act("hero-bram", "attack", [MISS], strikes=[{"target": "orc"}]))
    assert (strike.check.fortune, strike.hit) == (0, False)


def test_luck_of_esteus_is_lost_without_an_ad_roll_within_one_turn() -> None:
    """Line 1407: "If the target doesn't make an AD roll within one turn, then the Fortune bonus
    is lost": it ends as its caster's slot comes up again, one turn after the cast."""
    play = luck_arena()
    cast(play, [HIT], "Luck of Esteus", "hero-bram")
    play.act("hero-bram", "pass_action")
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    assert [(e.spell, e.reason) for e in of(play.events, SpellEnded)] == [("Luck of Esteus", "expired")]
    [strike] = strikes_of(play.act("hero-bram", "attack", [MISS], strikes=[{"target": "orc"}]))
    assert strike.check.fortune == 0


def test_version_5_leaves_luck_of_esteus_to_the_table() -> None:
    play = luck_arena(version="5")
    events = cast(play, [HIT], "Luck of Esteus", "hero-bram")
    assert [t.name for t in of(events, TableApplied)] == ["Luck of Esteus"]
    [strike] = strikes_of(play.act("hero-bram", "attack", [MISS], strikes=[{"target": "orc"}]))
    assert (strike.check.fortune, strike.check.action_faces) == (0, ("critical failure",))


# ---- Heightened Senses -----------------------------------------------------------------------


def senses_arena(version: str | None = None) -> PericleArena:
    """`arena`, Bram turned west (his rear hex east of him), the orc in that rear hex facing him."""
    play = arena(version)
    play.put("hero-bram", 3, 2, facing=3)
    play.put("orc", 4, 2, facing=3)
    return play


def orc_attacks_bram(play: PericleArena) -> Any:
    """The next turn: the orc, first in the order, strikes Bram."""
    play.end_turn()
    play.to_actions("heroes")
    [strike] = strikes_of(play.act("orc", "attack", [ONE, 3, 3, 3], strikes=[{"target": "hero-bram"}]))
    return strike


def test_heightened_senses_makes_every_hex_around_the_target_a_front_hex() -> None:
    """Heightened Senses (line 1444): "0E. Lasts five turns. For the duration of the spell, the
    target's senses are heightened. Therefore, all surrounding hexes are treated as front hexes."
    The orc in Bram's rear hex gets no +4 for a rear attack (line 402: "+2 (side) or +4 (rear)");
    Bram may strike it there and Embattles it."""
    assert "all surrounding hexes are treated as front hexes" in line(1444)
    play = senses_arena()
    assert board.zone_toward(play.figure("hero-bram"), play.figure("orc")) == "rear"
    assert "hero-bram" not in [f.id for f in board.embattled_by(play.combat, play.figure("orc"))]
    spell = of(cast(play, [HIT], "Heightened Senses", "hero-bram"), SpellCast)[0]
    assert (spell.success, spell.exhaustion, spell.duration, spell.rules) == (True, 0, 5, "6")
    shown = {f["id"]: f for f in state_view(play.state)["ruleset_state"]["figures"]}
    assert play.figure("hero-bram").all_front and shown["hero-bram"]["all_front"] and "all_front" not in shown["orc"]
    assert "hero-bram" in [f.id for f in board.embattled_by(play.combat, play.figure("orc"))]
    [strike] = strikes_of(play.act("hero-bram", "attack", [HIT, 3, 3, 3], strikes=[{"target": "orc"}]))
    assert strike.hit
    strike = orc_attacks_bram(play)
    assert [a.source for a in strike.check.adjustments] == [] and (strike.check.ad, strike.hit) == (1, True)


def test_heightened_senses_ends_after_five_turns() -> None:
    """"Lasts five turns" (line 1444): at Ysolde's slot five turns after the cast, Bram's rear is
    his rear again."""
    play = senses_arena()
    cast(play, [HIT], "Heightened Senses", "hero-bram")
    for _ in range(4):
        play.end_turn()
        play.to_actions("heroes")
        play.pass_until("hero-bram")
        assert play.figure("hero-bram").all_front
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    assert not play.figure("hero-bram").all_front
    assert [(e.spell, e.reason) for e in of(play.events, SpellEnded)] == [("Heightened Senses", "expired")]


def test_version_5_leaves_heightened_senses_to_the_table() -> None:
    play = senses_arena(version="5")
    events = cast(play, [HIT], "Heightened Senses", "hero-bram")
    assert [t.name for t in of(events, TableApplied)] == ["Heightened Senses"]
    assert not play.figure("hero-bram").all_front
    assert play.rule_of("ben", {"type": "attack", "figure": "hero-bram", "strikes": [{"target": "orc"}]}) \
        == "front-hexes"
    strike = orc_attacks_bram(play)
    assert [(a.source, a.value) for a in strike.check.adjustments] == [("rear hex", 4)]


# ---- Arcane Flux, Greater --------------------------------------------------------------------


def test_greater_flux_lies_on_three_hexes_in_a_row_as_arcane_flux() -> None:
    """Arcane Flux, Greater (line 1488): "2E. As per Arcane Flux, but on 3 contiguous spaces."
    Arcane Flux (line 1430): "If a creature is in the hex, it causes 1HP damage... If a creature
    starts its turn in a hex with flux and does not leave, it takes 3HP damage during the Action
    phase on the casting hero's turn... Armor (but not a shield) protects against damage until
    cumulative damage exceeds the armor bonus." The row runs from `at` (3,3) east (`power: 0`)
    over the orc's (4,3): its armour 3 takes the first 1HP, then 2 of the 3HP."""
    assert "As per Arcane Flux, but on 3 contiguous spaces" in line(1488)
    play = arena()
    events = cast(play, [HIT], "Arcane Flux, Greater", "hero-ysolde", at={"q": 3, "r": 3})
    spell = of(events, SpellCast)[0]
    assert (spell.success, spell.exhaustion, spell.rules, spell.at.q, spell.at.r) == (True, 2, "6", 3, 3)
    assert not of(events, SpellEnded) and not of(events, TableApplied)
    assert sorted((h.q, h.r) for h in spell_effects.fluxes(play.combat)) == [(3, 3), (4, 3), (5, 3)]
    [burn] = [hit for e in of(events, SpellDamage) for hit in e.hits]
    assert (burn.figure, burn.damage, burn.absorbed) == ("orc", 0, 1)
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")  # her slot: the orc started the turn in flux and did not leave
    [stayed] = [hit for e in of(play.events, SpellDamage) for hit in e.hits][1:]
    assert (stayed.figure, stayed.damage, stayed.absorbed) == ("orc", 1, 2)
    assert play.figure("orc").wounds == 1


def test_greater_flux_grants_no_cover_and_runs_the_way_power_points() -> None:
    """Line 1488: "Hexes with Arcane Flux do not grant partial cover": a shot along the row is
    clear. `power` (0-5) points the row; one off the map, or another `power`, is refused before
    any die."""
    play = arena()
    play.put("orc", 6, 3, facing=3)
    play.put("hero-bram", 0, 0)  # out of the line
    cast(play, [HIT], "Arcane Flux, Greater", "hero-ysolde", at={"q": 3, "r": 3}, power=0)
    assert sight.sight_pair(play.combat, play.figure("hero-ysolde"), play.figure("orc"))[2] == "clear"
    play = arena()
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Arcane Flux, Greater", "target": "hero-ysolde",
            "at": {"q": 3, "r": 2}}
    assert play.rule_of("ana", {**body, "power": 6}) == "spell-power"
    assert play.rule_of("ana", {**body, "power": 2}) == "spell-target"  # (3,2), (3,1) a wall, (3,0)
    events = play.act("hero-ysolde", "cast_spell", [HIT], **{k: v for k, v in body.items() if k not in ("type",
                                                                                                       "figure")},
                      power=1)
    assert of(events, SpellCast)[0].power == 1
    assert sorted((h.q, h.r) for h in spell_effects.fluxes(play.combat)) == [(3, 2), (4, 1), (5, 0)]


def test_version_5_leaves_greater_flux_to_the_table() -> None:
    play = arena(version="5")
    events = cast(play, [HIT], "Arcane Flux, Greater", "hero-ysolde", at={"q": 3, "r": 3})
    assert [t.name for t in of(events, TableApplied)] == ["Arcane Flux, Greater"]
    assert [e.reason for e in of(events, SpellEnded)] == ["instant"] and of(events, SpellCast)[0].at is None
    assert spell_effects.fluxes(play.combat) == {} and not of(events, SpellDamage)


# ---- Boon --------------------------------------------------------------------------------------


def bram(play: PericleArena) -> tuple[int, int, int, int, int, int]:
    """Bram's MT, HP (max), Base AD, KN, Grapple score and MT Ability Check score."""
    b = play.figure("hero-bram")
    return b.mt, b.max_hp, b.base_ad, b.kn, b.grapple, b.checks["MT"]


def next_turn(play: PericleArena, until: str = "hero-ysolde") -> None:
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until(until)


def test_boon_gives_temporary_mt_and_hp_for_five_turns_at_an_e_a_point() -> None:
    """Boon (line 1434): "xE, lasts five turns. The caster decides if the target gains temporary
    points in MT, DX, KN, or a Skill. If MT is granted, the target also gains temporary HP... The
    caster incurs the amount of E equal to the temporary points granted to the target." Bram's MT3
    becomes MT5 (`power: 2`, `second_target: "MT"`), his HP 13 (MT+10, line 1045) 15, his Grapple
    score (1/2 MT + Base AD - 2) one more; Ysolde pays 2E; all of it goes five turns later."""
    assert "The caster decides if the target gains temporary points in MT, DX, KN, or a Skill" in line(1434)
    play = arena()
    before = bram(play)
    events = cast(play, [HIT], "Boon", "hero-bram", power=2, second_target="MT")
    spell = of(events, SpellCast)[0]
    assert (spell.success, spell.exhaustion, spell.duration, spell.rules) == (True, 2, 5, "6")
    assert play.figure("hero-ysolde").exhaustion == 2
    assert [(e.choice, e.points, e.grapple) for e in of(events, AttributeRaised)] == [("MT", 2, 1)]
    mt, hp, ad, kn, grapple, mt_check = before
    assert bram(play) == (mt + 2, hp + 2, ad, kn, grapple + 1, mt_check + 2)
    for _ in range(4):
        next_turn(play)
        assert bram(play)[0] == mt + 2
    next_turn(play)
    assert [(e.spell, e.reason) for e in of(play.events, SpellEnded)] == [("Boon", "expired")]
    assert bram(play) == before


def test_boon_on_dx_raises_the_base_ad_an_attack_rolls_at() -> None:
    """Line 1434: temporary points in DX; the Base AD is "a dexterity-based AD that will be used for
    most actions you take in combat, including attacking" (line 1053)."""
    play = arena()
    play.put("orc", 4, 2, facing=3)
    cast(play, [HIT], "Boon", "hero-bram", power=1, second_target="DX")
    assert play.figure("hero-bram").base_ad == 1
    [strike] = strikes_of(play.act("hero-bram", "attack", [ONE, 3, 3, 3], strikes=[{"target": "orc"}]))
    assert (strike.check.ad, strike.hit) == (1, True)  # the face "1" hits at AD1, not at Bram's own AD0


def test_boon_on_a_skill_raises_the_heros_check() -> None:
    """Line 1434: "or a Skill": Bram's Perception 0 becomes 2 for a Perception Check (line 680:
    "she rolls it at AD1 since she has one rank in Perception")."""
    play = arena()
    cast(play, [HIT], "Boon", "hero-bram", power=2, second_target="Perception")
    [rolled] = checks_made(play.act("hero-bram", "skill_check", [HIT], skill="Perception"))
    assert rolled.ad == 2


def test_boon_needs_a_choice_the_target_has() -> None:
    play = arena()
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Boon", "target": "hero-bram", "power": 1}
    assert play.rule_of("ana", body) == "spell-choice"
    assert play.rule_of("ana", {**body, "second_target": "Grapple"}) == "spell-choice"
    assert play.rule_of("ana", {**body, "target": "orc", "second_target": "Perception"}) == "spell-choice"
    assert play.rule_of("ana", {**body, "power": 0, "second_target": "MT"}) == "spell-power"


def test_the_temporary_hp_go_with_the_boon() -> None:
    """"temporary HP" (line 1434): Bram, 14 HP down under a Boon of MT+3 (16 HP, 2 left), is left at
    -1 HP, unconscious, when it ends (line 1045: HP are MT+10)."""
    play = arena()
    cast(play, [HIT], "Boon", "hero-bram", power=3, second_target="MT")
    play.put("hero-bram", 3, 2, wounds=14)
    assert play.figure("hero-bram").hp == 2
    for _ in range(4):
        next_turn(play)
        assert play.figure("hero-bram").hp == 2
    next_turn(play)  # Ysolde's slot five turns on: the Boon ends
    assert (play.figure("hero-bram").hp, play.figure("hero-bram").condition) == (-1, "unconscious")


def test_a_boon_cast_again_on_its_target_replaces_the_first() -> None:
    """A Spell cast again on its target replaces it (as every Spell in the server): the first Boon's
    points go, the second's come."""
    play = arena()
    before = bram(play)
    cast(play, [HIT], "Boon", "hero-bram", power=1, second_target="DX")
    next_turn(play)
    cast(play, [HIT], "Boon", "hero-bram", power=2, second_target="KN")
    mt, hp, ad, kn, grapple, mt_check = before
    assert bram(play) == (mt, hp, ad, kn + 2, grapple, mt_check)
    assert [s.boost.choice for s in play.combat.spells if s.boost is not None] == ["KN"]


def test_version_5_leaves_boon_to_the_table() -> None:
    play = arena(version="5")
    before = bram(play)
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Boon", "target": "hero-bram", "power": 1}
    assert play.rule_of("ana", {**body, "second_target": "MT"}) == "spell-target"
    events = cast(play, [HIT], "Boon", "hero-bram", power=1)
    assert [t.name for t in of(events, TableApplied)] == ["Boon"] and not of(events, AttributeRaised)
    assert bram(play) == before


# ---- Readied Strike ----------------------------------------------------------------------------


def orc_closes_in(play: PericleArena, faces: list[int] | None = None) -> None:
    """The next turn: the heroes stay, the orc steps from (4,3) next to Bram (4,2), in his front
    hex and facing him (each Embattles the other); then the Action phase begins."""
    play.end_turn()
    play.to_movement("heroes")
    play.command("ana", {"type": "end_movement"})
    play.act("orc", "move_figure", path=[{"q": 4, "r": 2}], facing=3)
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})


def test_readied_strike_on_a_foe_that_becomes_embattled_comes_first_and_crits() -> None:
    """Readied Strike (line 1446): "Readied Strike applies on the first attack against foes that
    become Embattled by the Target. The Target makes this attack at the start of the Attack Order
    (although at their normal AD) and, if successful, deals critical damage, enabling the Crit Die
    to be rolled." The orc (Base AD1) acts before Bram (AD0) in the order; once it closes in, Bram
    acts first, and his hit rolls the Crit Die. The next turn it is over: the orc was Embattled as
    the turn began."""
    assert "The Target makes this attack at the start of the Attack Order" in line(1446)
    play = arena()
    spell = of(cast(play, [HIT], "Readied Strike", "hero-bram"), SpellCast)[0]
    assert (spell.success, spell.exhaustion, spell.duration, spell.rules) == (True, 2, 10, "6")
    assert play.combat.order.index("orc") < play.combat.order.index("hero-bram")
    orc_closes_in(play)
    assert play.combat.order[0] == "hero-bram" and play.combat.current == "hero-bram"
    events = play.act("hero-bram", "attack", [HIT, 1, 3, 3, 3, 3], strikes=[{"target": "orc"}])
    [strike] = strikes_of(events)
    assert [(a.value, a.source) for a in strike.check.adjustments] == [(0, "Readied Strike")]
    assert strike.check.ad == 0 and strike.hit and strike.check.crit and strike.crit_face is not None
    assert "orc" in play.combat.spells[0].foes and readied_foes(play.combat, play.figure("hero-bram")) == []
    play.end_turn()
    play.to_actions("heroes")
    assert play.combat.order.index("orc") < play.combat.order.index("hero-bram")
    play.pass_until("hero-bram")
    [again] = strikes_of(play.act("hero-bram", "attack", [HIT, 3, 3, 3], strikes=[{"target": "orc"}]))
    assert again.check.adjustments == () and not again.check.crit


def test_no_readied_strike_on_a_foe_embattled_once_the_action_phase_has_begun() -> None:
    """Line 1446: "The Target makes this attack at the start of the Attack Order... This attack must
    be made on the same turn that the foe becomes Embattled": the orc, first in the order, steps next
    to Bram as its Move Action; Bram, acting after it, is past the start of the order."""
    play = arena()
    cast(play, [HIT], "Readied Strike", "hero-bram")
    play.end_turn()
    play.to_actions("heroes")
    assert play.combat.current == "orc"
    play.act("orc", "move_figure", path=[{"q": 4, "r": 2}], facing=3)
    play.pass_until("hero-bram")
    [strike] = strikes_of(play.act("hero-bram", "attack", [HIT, 3, 3, 3], strikes=[{"target": "orc"}]))
    assert strike.check.adjustments == () and not strike.check.crit


def test_readied_strike_is_lost_as_its_target_moves() -> None:
    """Line 1446: "gains Readied Strike as long as it does not move. As soon as the Target moves,
    Readied Strike is lost"."""
    play = arena()
    cast(play, [HIT], "Readied Strike", "hero-bram")
    play.end_turn()
    play.to_movement("heroes")
    move(play, "hero-bram", (3, 3))
    assert play.combat.spells == ()


def test_no_readied_strike_on_a_foe_embattled_as_it_is_cast() -> None:
    """Line 1446: "If Readied Strike is cast on a Target that is already Embattled, the Target
    cannot make Readied Strikes against any foes it is already Embattled with"."""
    play = arena()
    play.put("orc", 4, 2, facing=3)
    cast(play, [HIT], "Readied Strike", "hero-bram")
    assert "orc" in play.combat.spells[0].foes and readied_foes(play.combat, play.figure("hero-bram")) == []
    play.end_turn()
    play.to_actions("heroes")
    assert play.combat.order.index("orc") < play.combat.order.index("hero-bram")
    play.pass_until("hero-bram")
    [strike] = strikes_of(play.act("hero-bram", "attack", [HIT, 3, 3, 3], strikes=[{"target": "orc"}]))
    assert not strike.check.crit


def test_version_5_leaves_readied_strike_to_the_table() -> None:
    play = arena(version="5")
    events = cast(play, [HIT], "Readied Strike", "hero-bram")
    assert [t.name for t in of(events, TableApplied)] == ["Readied Strike"]
    orc_closes_in(play)
    assert play.combat.order.index("orc") < play.combat.order.index("hero-bram")


def test_a_dead_casters_boon_and_heightened_senses_go_with_it() -> None:
    """A dead caster's spells leave play (evolve.py): the points a Boon gave and the all-round front
    of Heightened Senses go with them."""
    from domain.rulesets.pericle.combat_events import Damaged
    from domain.rulesets.pericle.evolve import apply

    play = arena()
    before = bram(play)
    cast(play, [HIT], "Boon", "hero-bram", power=2, second_target="KN")
    next_turn(play)
    cast(play, [HIT], "Heightened Senses", "hero-bram")
    assert bram(play)[3] == before[3] + 2 and play.figure("hero-bram").all_front
    after = apply(play.combat, Damaged(figure="hero-ysolde", amount=20, source="orc"))
    ysolde, bram_after = after.figure("hero-ysolde"), after.figure("hero-bram")
    assert ysolde is not None and bram_after is not None
    assert ysolde.condition == "dead" and after.spells == ()
    assert bram_after.kn == before[3] and not bram_after.all_front
