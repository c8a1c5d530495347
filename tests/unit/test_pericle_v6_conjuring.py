"""Pericle 6 enforces Tentacles of Gaia, Lesser and Greater (seed 001 lines 1542, 1572), with the
Grappling rules they lean on (lines 442-456, Grappling Expertise line 603); version 5 leaves them to
the table. Each test quotes the seed lines it follows and plays real commands on a version-6 battle."""

from __future__ import annotations

from domain.hexes import Hex, distance
from domain.rulesets.pericle.combat_events import (
    CheckMade,
    EscapedGrapple,
    SpellDamage,
    SpellEnded,
    TableApplied,
    TentaclesGrappled,
    TentaclesLetGo,
)
from domain.rulesets.pericle.v6 import tentacles
from tests.unit.pericle_arena import PericleArena
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v6_control import arena, begin_actions, cast, of, to_movement_of_next_turn

HIT, MISS = 1, 10  # Action Die faces: a success icon, the critical failure
LESSER, GREATER = "Tentacles of Gaia, Lesser", "Tentacles of Gaia, Greater"
AT = {"q": 4, "r": 3}  # the orc's hex, two hexes east of Ysolde (2,3)


def held(play: PericleArena) -> tuple[str, ...]:
    return tuple(f for s in play.combat.spells if s.spell in (LESSER, GREATER) for f in s.foes)


def test_version_5_leaves_the_tentacles_to_the_table() -> None:
    """Version 5 is frozen: Tentacles of Gaia (line 1542) is recorded for the table, nobody grappled."""
    play = arena(LESSER, version="5")
    events = cast(play, [HIT], LESSER, at=AT)
    assert [e.name for e in of(events, TableApplied)] == [LESSER] and not of(events, TentaclesGrappled)
    assert play.figure("orc").condition == "standing"


def test_the_catalogue_and_the_labels_of_version_6() -> None:
    from domain.rulesets import RULESETS
    from domain.rulesets.pericle.v4.catalogue import handbook_catalogue

    v6 = {s.name: s for s in handbook_catalogue("6").spells}
    v5 = {s.name: s for s in handbook_catalogue("5").spells}
    for name in (LESSER, GREATER):
        assert v6[name].effect == "enforced" and "v6/tentacles.py" in (v6[name].enforced_as or "")
        assert v5[name].effect == "table-applied"
    rules = {r.id: r.summary for r in RULESETS[("pericle", "6")].provisional_rules}
    assert "PER-TENTACLES" in rules and "PER-TENTACLES" not in {r.id for r in RULESETS[("pericle", "5")]
                                                                .provisional_rules}
    for phrase in ("The tentacles act on the turn of the casting hero", "Roll separately against each creature",
                   "Tentacles have AD2 for attacks", "out of the ground"):
        assert phrase in line(1542) and phrase in rules["PER-TENTACLES"]
    assert "If tied, the Hero team gets to roll the check" in line(442)


def test_lesser_grapples_every_creature_in_its_seven_hexes_friend_or_foe_but_not_adjacent_ones() -> None:
    """Line 1542: "Tentacles appear out of the ground in 7 contiguous hexes defined by the casting hero...
    The tentacles Grapple all creatures, friend or foe, in the affected hexes but not in adjacent hexes...
    Roll separately against each creature." Line 442: with a successful Grapple "both combatants fall
    Prone". The seven hexes are `at` and its ring (PER-SEVEN-HEXES)."""
    assert "Grapple all creatures, friend or foe, in the affected hexes but not in adjacent hexes" in line(1542)
    play = arena(LESSER)
    play.put("hero-bram", 3, 3, facing=0)  # next to the orc: in the seven hexes
    play.put("spearman", 6, 3)  # two hexes from (4,3): adjacent to the seven, not in them
    events = cast(play, [HIT, HIT, HIT, HIT, HIT, MISS, MISS], LESSER, at=AT)  # two dice a check (Expertise)
    grabs = of(events, TentaclesGrappled)
    assert sorted(g.figure for g in grabs) == ["hero-bram", "orc"]  # one roll each, the spearman none
    assert all(g.success for g in grabs) and sorted(held(play)) == ["hero-bram", "orc"]
    assert play.figure("orc").condition == "prone" and play.figure("hero-bram").condition == "prone"
    assert play.figure("spearman").condition == "standing"
    assert play.figure("hero-ysolde").exhaustion == 2  # "2E+1E/turn"


def test_grappling_expertise_is_the_better_of_two_rolls_whoever_rolls() -> None:
    """Line 1542: "have Grapple 3 for opposed Grapple checks. They have Grappling Expertise (may make a 2nd
    Grapple Check if the first one fails)". Line 603: "the combatant with the higher Grapple score will
    roll the die. Regardless of which combatant is rolling the check, two rolls are taken and the better
    outcome for the combatant with Grappling Expertise is used"."""
    assert "two rolls are taken and the better outcome" in line(603)
    play = arena(LESSER)
    # Tentacles 3 against the orc's 0: they roll at AD3; a failure then a success: held.
    events = cast(play, [HIT, MISS, HIT, MISS], LESSER, at=AT)
    [grab] = of(events, TentaclesGrappled)
    assert (grab.roller, grab.check.ad, grab.check.fortune, grab.check.action_faces) == (
        "hero-ysolde", 3, 1, ("critical failure", "success"))
    assert grab.success
    # Against a stronger creature (Grapple 7) the creature rolls, at AD4, with Misfortune: its success on
    # one die and failure on the other keep the failure, and it is held.
    play = arena(LESSER)
    play.put("orc", 4, 3, grapple=7)
    events = cast(play, [HIT, HIT, MISS, MISS], LESSER, at=AT)
    [grab] = of(events, TentaclesGrappled)
    assert (grab.roller, grab.check.ad, grab.check.misfortune) == ("orc", 4, 1)
    assert grab.success and held(play) == ("orc",)


def test_a_creature_that_wins_the_check_stays_free_and_standing() -> None:
    """Line 442: the Grapple is an Opposed Check; a failed one leaves the creature as it was."""
    play = arena(LESSER)
    events = cast(play, [HIT, MISS, MISS], LESSER, at=AT)
    [grab] = of(events, TentaclesGrappled)
    assert not grab.success and not held(play) and play.figure("orc").condition == "standing"
    assert not of(events, SpellDamage)  # only a held creature is struck


def test_the_tentacles_strike_at_ad2_for_1d6_plus_1d4_through_armour() -> None:
    """Line 1542: "Tentacles have AD2 for attacks and deal 1d6+1d4 damage." The orc (armour 3) is held,
    then struck: an AD2 roll, 1d6+1d4 less its armour."""
    assert "Tentacles have AD2 for attacks and deal 1d6+1d4 damage" in line(1542)
    play = arena(LESSER)
    events = cast(play, [HIT, HIT, HIT, HIT, 6, 4], LESSER, at=AT)
    [attack] = [c for c in of(events, CheckMade) if "attack on Orc" in c.purpose]
    assert attack.check.ad == 2
    [hurt] = of(events, SpellDamage)
    assert hurt.roll is not None and hurt.roll.expression == "1d6+1d4" and hurt.roll.total == 10
    assert hurt.hits[0].damage == 10 - 3 and play.figure("orc").hp == 8 - 7
    # A miss deals nothing.
    play = arena(LESSER)
    events = cast(play, [HIT, HIT, HIT, MISS], LESSER, at=AT)
    assert not of(events, SpellDamage) and play.figure("orc").hp == 8


def test_the_first_hex_must_be_within_three_hexes_of_the_caster() -> None:
    """Line 1542: "The first hex must be within three hexes of the caster." Refused before any die."""
    assert "The first hex must be within three hexes of the caster" in line(1542)
    play = arena(LESSER)
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": LESSER, "target": "hero-ysolde"}
    assert play.rule_of("ana", {**body, "at": {"q": 6, "r": 3}}, [HIT] * 5) == "spell-range"
    assert play.rule_of("ana", body, [HIT] * 5) == "spell-target"  # the hex must be named


def test_a_held_creature_may_not_move_stand_or_attack_but_may_escape_still_prone() -> None:
    """Line 450: "If Grappled, you can only take the following Actions": draw a weapon, attack, Defend,
    cast a spell, escape. Line 456: "Attempt to escape the Grapple. This requires an opposed Grapple
    check... If you're successful, you crawl to an adjacent empty hex. You are still Prone." Bram (Grapple
    2) against the tentacles' 3: they roll at AD1."""
    assert "you crawl to an adjacent empty hex. You are still Prone" in line(456)
    play = arena(LESSER)
    play.put("hero-bram", 3, 3, facing=0)
    cast(play, [HIT, MISS, MISS, HIT, HIT, MISS], LESSER, at=AT)  # the orc free, Bram held
    assert held(play) == ("hero-bram",)
    to_movement_of_next_turn(play)
    move = {"type": "move_figure", "figure": "hero-bram", "path": [{"q": 3, "r": 2}]}
    assert play.rule_of("ben", move, [HIT] * 5) == "grappled-no-move"
    begin_actions(play)
    play.pass_until("hero-bram")
    assert play.rule_of("ben", {"type": "stand_up", "figure": "hero-bram"}, [HIT] * 5) == "grappled"
    attack = {"type": "attack", "figure": "hero-bram", "strikes": [{"target": "orc"}]}
    assert play.rule_of("ben", attack, [HIT] * 5) == "grappled"
    events = play.act("hero-bram", "escape", [MISS], to={"q": 3, "r": 2})  # the tentacles fail: it escapes
    [out] = of(events, EscapedGrapple)
    assert out.success and out.roller == "hero-ysolde" and out.check.ad == 1
    assert [e.reason for e in of(events, TentaclesLetGo)] == ["escaped"]
    bram = play.figure("hero-bram")
    assert bram.hex == Hex(3, 2) and bram.condition == "prone" and "hero-bram" not in held(play)


def test_a_figure_cannot_grapple_a_creature_the_tentacles_hold() -> None:
    """PER-TENTACLES: a creature held by the tentacles is in no Grapple Pile of figures (line 442's pile
    is of combatants); Bram, in the ring but free (the tentacles failed against him), may not Grapple the
    held orc in front of him."""
    play = arena(LESSER)
    play.put("hero-bram", 5, 3, facing=3)  # east of the orc, facing it
    cast(play, [HIT, HIT, HIT, MISS, MISS, MISS], LESSER, at=AT)
    assert held(play) == ("orc",) and play.figure("hero-bram").condition == "standing"
    play.pass_until("hero-bram")
    grapple = {"type": "grapple", "figure": "hero-bram", "target": "orc"}
    assert play.rule_of("ben", grapple, [HIT] * 5) == "grapple-tentacles"
    # Version 5's rules would let him: the same Grapple on an orc lying prone and free is played.
    play = arena(LESSER)
    play.put("hero-bram", 5, 3, facing=3)
    play.put("orc", 4, 3, condition="prone")
    play.pass_until("hero-bram")
    assert play.command("ben", grapple, [HIT] * 5)


def test_the_tentacles_act_again_on_the_casters_turn_while_maintained() -> None:
    """Line 1542: "Once cast, the tentacles will not change locations on subsequent turns... The tentacles
    act on the turn of the casting hero"; "2E+1E/turn". Next turn, at Ysolde's Action, after she pays
    1E, the tentacles Grapple the spearman who walked in and strike the orc they hold again."""
    play = arena(LESSER)
    cast(play, [HIT, HIT, HIT, MISS], LESSER, at=AT)  # the orc held, unhurt
    to_movement_of_next_turn(play)
    play.command("ana", {"type": "end_movement"})
    play.put("spearman", 5, 3, facing=3)  # in the seven hexes
    begin_actions(play)
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "pass_action", [HIT, HIT, HIT, 1, 1, MISS])
    assert [g.figure for g in of(events, TentaclesGrappled)] == ["spearman"]
    assert play.figure("hero-ysolde").exhaustion == 3
    [hurt] = of(events, SpellDamage)
    assert hurt.maintained and [h.figure for h in hurt.hits] == ["orc"]
    assert sorted(held(play)) == ["orc", "spearman"]


def test_letting_the_spell_go_frees_them_still_prone() -> None:
    """Line 485 (a caster may stop maintaining a Spell): the tentacles are gone, and with them their hold;
    the orc lies prone (line 456: an escaped combatant "is still Prone"), and may stand up."""
    play = arena(LESSER)
    cast(play, [HIT, HIT, HIT, MISS], LESSER, at=AT)
    to_movement_of_next_turn(play)
    begin_actions(play)
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "pass_action", [HIT] * 5, cancel_spells=[LESSER])
    assert [e.reason for e in of(events, SpellEnded)] == ["cancelled"] and not of(events, TentaclesGrappled)
    assert not held(play) and play.figure("orc").condition == "prone"


def test_greater_is_thrown_at_a_hex_and_reaches_five_hexes_with_grapple_9_ad4_and_2d6_plus_1() -> None:
    """Line 1572: "As per Lesser Tentacles, but the Spell is thrown at a hex. With success, it affects the
    target hex and all hexes within a five-hex radius. The tentacles have MT16, Grapple 9, AD4, Grappling
    Expertise and deal 2d6+1 damage." The zombie five hexes from the target hex is grappled; Bram, out of
    reach of the area, is not."""
    assert "all hexes within a five-hex radius" in line(1572) and "Grapple 9, AD4" in line(1572)
    play = arena(GREATER)
    play.put("hero-bram", 0, 0)
    at = {"q": 4, "r": 3}
    assert distance(Hex(7, 7), Hex(4, 3)) > 5
    play.put("zombie", 7, 4)  # at distance 4
    play.put("spearman", 4, 7)  # at distance 4
    assert distance(Hex(0, 0), Hex(4, 3)) > 5 and distance(play.figure("hero-ysolde").hex, Hex(4, 3)) <= 5
    # cast; then, in figure order, the orc, the spearman, the zombie, Ysolde herself: each grapple roll
    # is one die pair (Fortune); then the strikes (one die) and damage (2d6).
    faces = [HIT] + [HIT, HIT] * 4 + [HIT, 6, 6] + [MISS] * 3
    events = cast(play, faces, GREATER, at=at)
    grabs = {g.figure: g for g in of(events, TentaclesGrappled)}
    assert set(grabs) == {"orc", "spearman", "zombie", "hero-ysolde"}  # friend or foe: the caster too
    assert (grabs["zombie"].check.base, grabs["zombie"].check.ad) == (9 - 2, 4)  # AD4 at most (line 140)
    [first] = [c for c in of(events, CheckMade) if "attack on" in c.purpose][:1]
    assert first.check.ad == 4
    [hurt, *_] = of(events, SpellDamage)
    assert hurt.roll is not None and hurt.roll.expression == "2d6+1" and hurt.roll.total == 13


def test_dispel_on_a_tentacle_hex_ends_them() -> None:
    """Dispel (line 1528): "Dispels all Spells and Spell effects in one chosen hex": a hex of the ring."""
    play = arena(LESSER, "Dispel")
    cast(play, [HIT, HIT, HIT, MISS], LESSER, at=AT)
    to_movement_of_next_turn(play)
    begin_actions(play)
    play.pass_until("hero-ysolde")
    # her upkeep first, then the tentacles' strike at the orc (a miss), then the Dispel
    events = play.act("hero-ysolde", "cast_spell", [MISS, HIT] + [MISS] * 5, spell="Dispel", target="hero-ysolde",
                      at={"q": 5, "r": 3})
    assert LESSER in [e.spell for e in of(events, SpellEnded) if e.reason == "dispelled"]
    assert not held(play)


def test_the_label_is_listed_with_its_setting() -> None:
    from domain.rulesets import RULESETS

    assert "PER-TENTACLES" in RULESETS[("pericle", "6")].resolve_options({})["provisional"]
    assert tentacles.TENTACLES[LESSER] == tentacles.Tentacles(3, 2, "1d6+1d4")
    assert tentacles.TENTACLES[GREATER] == tentacles.Tentacles(9, 4, "2d6+1")
