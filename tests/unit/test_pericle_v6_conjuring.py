"""Pericle 6 enforces Tentacles of Gaia, Lesser and Greater (seed 001 lines 1542, 1572), with the
Grappling rules they lean on (lines 442-456, Grappling Expertise line 603); version 5 leaves them to
the table. Each test quotes the seed lines it follows and plays real commands on a version-6 battle."""

from __future__ import annotations

from typing import Any

from domain.hexes import Hex, distance
from domain.rulesets.pericle.combat_events import (
    CheckMade,
    EscapedGrapple,
    GateOpened,
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
    for name, where in ((LESSER, "v6/tentacles.py"), (GREATER, "v6/tentacles.py"), ("Gateway", "v6/gateway.py")):
        assert v6[name].effect == "enforced" and where in (v6[name].enforced_as or "")
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


def test_greater_is_aimed_as_a_thrown_spell() -> None:
    """Line 1572: "the Spell is thrown at a hex": a thrown Spell's front sides (version 4's aim at a hex),
    not Lesser's "within three hexes of the caster": a hex behind Ysolde is refused, one four hexes ahead is
    not."""
    play = arena(GREATER)
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": GREATER, "target": "hero-ysolde"}
    assert play.rule_of("ana", {**body, "at": {"q": 0, "r": 3}}, [HIT] * 20) == "front-sides"
    play.put("hero-bram", 0, 0)
    for figure_id in ("orc", "spearman", "zombie"):
        play.put(figure_id, 0, 7)  # far out of the five hexes, Ysolde herself still in them
    events = cast(play, [HIT, HIT, HIT, HIT, MISS], GREATER, at={"q": 6, "r": 3})  # range: Misfortune on the cast
    assert [g.figure for g in of(events, TentaclesGrappled)] == ["hero-ysolde"]


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


# ---- Gateway ---------------------------------------------------------------------------------

GATE_A, GATE_B = {"q": 3, "r": 2}, "5,5"


def open_gateway(play: PericleArena, faces: list[int] | None = None, **fields: Any) -> list[Any]:
    body = {"spell": "Gateway", "target": "hero-ysolde", "at": GATE_A, "second_target": GATE_B, **fields}
    return play.act("hero-ysolde", "cast_spell", faces or [HIT], **body)


def adjustments(events: list[Any]) -> list[str]:
    checks = [getattr(e, "check", None) or getattr(getattr(e, "pending", None), "check", None) for e in events]
    return [a.source for c in checks if c is not None for a in c.adjustments]


def test_version_5_leaves_gateway_to_the_table() -> None:
    """Version 5 is frozen: Gateway (line 1442) is recorded for the table; no gate joins two hexes."""
    play = arena("Gateway", version="5")
    events = play.act("hero-ysolde", "cast_spell", [HIT], spell="Gateway", target="hero-ysolde", at=GATE_A)
    assert [e.name for e in of(events, TableApplied)] == ["Gateway"] and not of(events, GateOpened)


def test_gateway_opens_two_gates_for_ten_turns() -> None:
    """Gateway (line 1442): "2E. Lasts 10 turns. Create a gateway between two target locations... The first
    gateway must be within Creation range (3 hexes), but the second gateway can be anywhere within line of
    sight of the caster." The second gate is named in `second_target` as "q,r" (PER-GATEWAY)."""
    assert "Lasts 10 turns. Create a gateway between two target locations" in line(1442)
    play = arena("Gateway")
    events = open_gateway(play)
    [opened] = of(events, GateOpened)
    assert opened.gate == Hex(5, 5)
    [gate] = [s for s in play.combat.spells if s.spell == "Gateway"]
    assert (gate.at, gate.gate, gate.expires_turn) == (Hex(3, 2), Hex(5, 5), play.combat.turn + 10)
    assert play.figure("hero-ysolde").exhaustion == 2


def test_gateway_hexes_must_be_empty_within_range_and_in_line_of_sight() -> None:
    """Line 1442: "Both hexes must be empty of creatures and major obstacles"; the first "within Creation range
    (3 hexes)"; for the second "hexes that have complete cover are not eligible". Refused before any die."""
    assert "Both hexes must be empty of creatures and major obstacles" in line(1442)
    play = arena("Gateway")
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Gateway", "target": "hero-ysolde"}
    assert play.rule_of("ana", {**body, "at": {"q": 4, "r": 3}, "second_target": GATE_B}) == "spell-target"  # the orc
    assert play.rule_of("ana", {**body, "at": GATE_A, "second_target": "4,5"}) == "spell-target"  # furniture
    assert play.rule_of("ana", {**body, "at": {"q": 6, "r": 3}, "second_target": GATE_B}) == "spell-range"
    assert play.rule_of("ana", {**body, "at": GATE_A}) == "spell-target"  # no second gate
    # Behind the wall (3,1) from Ysolde at (2,1): Complete Cover.
    play.put("hero-ysolde", 2, 1, facing=0)
    assert play.rule_of("ana", {**body, "at": {"q": 1, "r": 1}, "second_target": "4,1"}) == "spell-target"


def test_a_figure_steps_from_one_gate_to_the_other_for_one_hex_of_movement() -> None:
    """Line 1442: "It takes 1 movement to enter a gate hex from an adjacent hex. From a gate, a figure may
    then spend 1 more movement to move to the second gate. A figure that moves into a gate hex is not
    required to travel to the second gate". Bram walks into the first gate, through, and out: three hexes of
    movement. In version 5 the same path is refused (the two hexes are not adjacent)."""
    assert "From a gate, a figure may then spend 1 more movement to move to the second gate" in line(1442)
    play = arena("Gateway")
    open_gateway(play)
    to_movement_of_next_turn(play)
    path = [{"q": 3, "r": 2}, {"q": 5, "r": 5}, {"q": 5, "r": 4}]
    events = play.command("ben", {"type": "move_figure", "figure": "hero-bram", "path": path})
    [moved] = [e for e in events if type(e).__name__ == "FigureMoved"]
    assert moved.counted == 3 and play.figure("hero-bram").hex == Hex(5, 4)
    v5 = arena("Gateway", version="5")
    v5.act("hero-ysolde", "cast_spell", [HIT], spell="Gateway", target="hero-ysolde", at=GATE_A)
    to_movement_of_next_turn(v5)
    assert v5.rule_of("ben", {"type": "move_figure", "figure": "hero-bram", "path": path}) == "path-not-adjacent"


def test_an_obstructed_gate_or_a_mindless_creature_does_not_pass() -> None:
    """Line 1442: "Any 1 hex combatant may move through a gate if it is unobstructed... Creatures with animal
    intelligence or no intelligence, like undead, will not move through the gate": a standing combatant in the
    second gate stops Bram; Ysolde's summoned beast will not go through."""
    assert "Creatures with animal intelligence or no intelligence, like undead, will not move through" in line(1442)
    play = arena("Gateway", "Summon Beast I")
    open_gateway(play)
    to_movement_of_next_turn(play)
    play.put("zombie", 5, 5)
    path = [{"q": 3, "r": 2}, {"q": 5, "r": 5}]
    assert play.rule_of("ben", {"type": "move_figure", "figure": "hero-bram", "path": path}) == "path-occupied"
    play = arena("Gateway", "Summon Beast I")
    play.put("orc", 6, 1)  # out of the way: the beast is Embattled by no one
    open_gateway(play)
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    summoned = play.act("hero-ysolde", "cast_spell", [HIT], spell="Summon Beast I", target="hero-ysolde",
                        at={"q": 3, "r": 3})
    beast = next(e.figure.id for e in summoned if type(e).__name__ == "FigureSummoned")
    to_movement_of_next_turn(play)
    path = [{"q": 3, "r": 2}, {"q": 5, "r": 5}]
    assert play.rule_of("ana", {"type": "move_figure", "figure": beast, "path": path}) == "gate"


def test_a_figure_in_one_gate_strikes_one_in_the_other_at_ad_minus_4() -> None:
    """Line 1442: "While standing in a gate, the hexes immediately surrounding the gate are adjacent. The
    corresponding gate hex is also adjacent. A figure standing in a gate may attack adjacent hexes as per
    normal rules, and may make a melee attack against a figure in the other gate. However, all attacks
    against the other gate are as -4 AD." Version 5: the orc is out of reach."""
    assert "all attacks against the other gate are as -4 AD" in line(1442)
    play = arena("Gateway")
    open_gateway(play)
    play.end_turn()
    play.put("hero-bram", 3, 2, facing=3)  # facing away from the other gate: facing does not matter
    play.put("orc", 5, 5)
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    events = play.act("hero-bram", "attack", [HIT, 6, 6, 6, 6], strikes=[{"target": "orc", "weapon": "Club"}])
    assert "through the Gateway" in adjustments(events)
    v5 = arena("Gateway", version="5")
    v5.act("hero-ysolde", "cast_spell", [HIT], spell="Gateway", target="hero-ysolde", at=GATE_A)
    v5.end_turn()
    v5.put("hero-bram", 3, 2, facing=3)
    v5.put("orc", 5, 5)
    v5.to_actions("heroes")
    v5.pass_until("hero-bram")
    attack = {"type": "attack", "figure": "hero-bram", "strikes": [{"target": "orc", "weapon": "Club"}]}
    assert v5.rule_of("ben", attack, [HIT] * 5) == "out-of-reach"
    # Out of the gate, the orc is out of reach again.
    play = arena("Gateway")
    open_gateway(play)
    play.end_turn()
    play.put("hero-bram", 3, 2, facing=3)
    play.put("orc", 5, 4)
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    assert play.rule_of("ben", attack, [HIT] * 5) == "out-of-reach"


def test_a_dispel_on_a_gate_closes_the_gateway() -> None:
    """Dispel (line 1528): "Dispels all Spells and Spell effects in one chosen hex": the second gate."""
    play = arena("Gateway", "Dispel")
    open_gateway(play)
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "cast_spell", [HIT, HIT] + [MISS] * 5, spell="Dispel", target="hero-ysolde",
                      at={"q": 5, "r": 5})  # at range: Misfortune, two dice
    assert "Gateway" in [e.spell for e in of(events, SpellEnded) if e.reason == "dispelled"]
    assert not [s for s in play.combat.spells if s.spell == "Gateway"]
