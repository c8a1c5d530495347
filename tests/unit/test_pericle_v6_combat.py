"""Pericle 6 closes gaps of the combat chapter that version 5 left: Elvish Arcanum in the opposed
checks that resist Spells (seed 001 line 836; v6/arcanum.py). Each test quotes the seed lines it
follows, plays real commands on a version-6 battle, and checks that version 5 decides as before."""

from __future__ import annotations

from typing import Any

import pytest

from domain.hexes import Hex
from domain.rulesets.pericle.catalogue import WEAPONS
from domain.rulesets.pericle.combat_events import CheckMade, SpellEnded
from domain.rulesets.pericle.v5 import sight
from domain.rulesets.pericle.v5.attack_steps import strikes_in
from domain.rulesets.pericle.v6.enforced import AFFINITIES_V6, enforced_disciplines
from projections.battle_summary import state_view
from tests.unit.pericle_arena import BAERWYN, PericleArena, of
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v4_play import YSOLDE

HIT, MISS = 1, 10  # Action Die faces: a success icon, the critical failure
ONE, FOUR = 6, 9  # Action Die faces "1" and "4"


# ---- Elvish Arcanum --------------------------------------------------------------------------------

ARCANUM = "Elvish Arcanum: Forest elves have Fortune on all opposed checks to resist Spells cast on them."
ARCANUM_KN = ("When forest elves cast Spells on foes that require an opposed save, treat the casting elf's KN as "
              "if it is 1 point higher.")


def party(version: str) -> PericleArena:
    """Ysolde (forest elf, KN5) and Baerwyn (forest elf, KN1) join; the Action phase begins."""
    play = PericleArena(version=version, heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                                 "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 5}}]})
    play.put("hero-ysolde", 2, 3, facing=0, spells=("Terror",))
    play.put("zombie", 3, 5, facing=3)
    play.put("spearman", 7, 0)
    return play


def test_a_forest_elf_carries_elvish_arcanum_from_version_6() -> None:
    """Line 836 (Forest Elf, Hero Abilities): "Elvish Arcanum: ..." - carried on the figure of a
    forest elf joining a version-6 battle (not on a human's, nor in version 5)."""
    assert ARCANUM in line(836) and ARCANUM_KN in line(836)
    assert "Elvish Arcanum" in party("6").figure("hero-baerwyn").disciplines
    assert "Elvish Arcanum" not in party("5").figure("hero-baerwyn").disciplines
    # A hero of the hero records joins by `bring_hero` (v5/heroes.py), an elf carrying it too.
    kept = PericleArena(version="6", heroes={"ana": [{"type": "bring_hero", "hero_id": "2b0c6f1e-0000-4000-8000-"
                                                      "000000000001", "hero_version": 1, "hero": BAERWYN,
                                                      "start": {"q": 0, "r": 3}}],
                                             "ben": [{"hero": YSOLDE, "start": {"q": 0, "r": 5}}]})
    assert "Elvish Arcanum" in kept.figure("hero-baerwyn").disciplines
    default = PericleArena(version="6")  # Varya is human, Sindaro odrim
    assert "Elvish Arcanum" not in default.figure("hero-varya").disciplines
    assert "Elvish Arcanum" not in default.figure("hero-sindaro").disciplines


def terror_by_ysolde(version: str, zombie_kn: int, faces: list[int]) -> tuple[PericleArena, list[Any]]:
    play = party(version)
    play.put("zombie", 3, 5, facing=3, kn=zombie_kn)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    return play, play.act("hero-ysolde", "cast_spell", faces, spell="Terror", target="zombie")


def test_a_casting_forest_elf_counts_its_kn_one_higher_in_a_foes_opposed_save() -> None:
    """Line 836: "When forest elves cast Spells on foes that require an opposed save, treat the
    casting elf's KN as if it is 1 point higher." Terror (line 1415): "Creatures with KN3 or higher
    make an opposed KN check"; Opposed Checks (line 202): "The combatant that has the higher score
    gets to roll ... In the case of a tie, the aggressor rolls". Ysolde (KN5) against the zombie's
    KN6: her KN counts 6, a tie, so she rolls at AD0 (version 5: the zombie rolls at AD1)."""
    assert "In the case of a tie, the aggressor rolls the Opposed Check" in line(202)
    play, events = terror_by_ysolde("6", 6, [HIT, HIT])
    [opposed] = of(events, CheckMade)
    assert (opposed.figure, opposed.check.ad) == ("hero-ysolde", 0)
    assert [a.source for a in opposed.check.adjustments] == ["Elvish Arcanum: Ysolde's KN counts 1 more"]
    assert play.figure("zombie").defending
    old, events = terror_by_ysolde("5", 6, [HIT, HIT])
    [opposed] = of(events, CheckMade)
    assert (opposed.figure, opposed.check.ad, opposed.check.adjustments) == ("zombie", 1, ())
    assert [e.reason for e in of(events, SpellEnded)] == ["resisted"] and not old.figure("zombie").defending


def test_the_casting_elfs_point_counts_with_its_roll_and_against_its_foes_roll() -> None:
    """Line 836's point moves the difference either way: against the zombie's KN8 Ysolde's KN counts
    6, so the zombie rolls at AD2 (not AD3); a "3" on the Action Die is then a failure of its save."""
    play, events = terror_by_ysolde("6", 8, [HIT, 8])  # the cast's success icon, then a "3"
    [opposed] = of(events, CheckMade)
    assert (opposed.figure, opposed.check.ad, opposed.check.success) == ("zombie", 2, False)
    assert play.figure("zombie").defending
    _, events = terror_by_ysolde("5", 8, [HIT, 8])
    [opposed] = of(events, CheckMade)
    assert (opposed.figure, opposed.check.ad, opposed.check.success) == ("zombie", 3, True)


def terror_on_ysolde(version: str, orc_kn: int, faces: list[int]) -> tuple[PericleArena, list[Any]]:
    """The orc (before Ysolde in the Action Order) casts Terror at Ysolde (KN5), who has not acted."""
    play = party(version)
    play.put("orc", 4, 3, facing=3, kn=orc_kn, spells=("Terror",))
    play.to_actions("heroes")
    play.pass_until("orc")
    assert not play.figure("hero-ysolde").acted
    return play, play.act("orc", "cast_spell", faces, spell="Terror", target="hero-ysolde")


@pytest.mark.parametrize("version", ["6", "5"])
def test_a_forest_elf_resisting_a_spell_rolls_its_opposed_check_with_fortune(version: str) -> None:
    """Line 836: "Forest elves have Fortune on all opposed checks to resist Spells cast on them";
    Fortune & Misfortune (line 220): "roll twice and keep the better roll". The orc (KN3) casts
    Terror at Ysolde (KN5): she rolls the opposed check at AD2; a "4" then a success icon: with
    Fortune (version 6) she keeps the success and is not affected; version 5 rolls once, the "4"
    fails and she Defends."""
    assert "roll twice and keep the better roll. This is termed Fortune" in line(220)
    play, events = terror_on_ysolde(version, 3, [HIT, FOUR, HIT])
    [opposed] = of(events, CheckMade)
    assert (opposed.figure, opposed.check.ad) == ("hero-ysolde", 2)
    if version == "6":
        assert (opposed.check.fortune, opposed.check.action_faces) == (1, ("4", "success"))
        assert [a.source for a in opposed.check.adjustments] == ["Elvish Arcanum: Fortune for Ysolde resisting"]
        assert [e.reason for e in of(events, SpellEnded)] == ["resisted"]
        assert not play.figure("hero-ysolde").defending
    else:
        assert (opposed.check.fortune, opposed.check.action_faces) == (0, ("4",))
        assert play.figure("hero-ysolde").defending


def test_a_forest_elfs_fortune_when_the_caster_rolls_is_the_casters_misfortune() -> None:
    """Line 836's Fortune is on the opposed check, which only the higher score rolls (line 202): the
    orc (KN8) rolls at AD3 against Ysolde's KN5, and her Fortune makes it roll twice and keep the
    worse (line 214: Misfortune "requires the check to be rolled additional times, and the worst of
    the rolls must be used"). A success icon, then a critical failure: Terror fails."""
    assert "the worst of the rolls must be used" in line(214)
    play, events = terror_on_ysolde("6", 8, [HIT, HIT, MISS])
    [opposed] = of(events, CheckMade)
    assert (opposed.figure, opposed.check.ad, opposed.check.misfortune) == ("orc", 3, 1)
    assert opposed.check.action_faces == ("success", "critical failure") and not opposed.check.success
    assert [e.reason for e in of(events, SpellEnded)] == ["resisted"] and not play.figure("hero-ysolde").defending
    old, events = terror_on_ysolde("5", 8, [HIT, HIT, MISS])
    [opposed] = of(events, CheckMade)
    assert (opposed.figure, opposed.check.misfortune, opposed.check.success) == ("orc", 0, True)
    assert old.figure("hero-ysolde").defending


def test_elvish_arcanums_kn_is_for_spells_cast_on_foes_only() -> None:
    """Line 836: "cast Spells on foes": Ysolde's Terror on Baerwyn (an ally, KN raised to 6 for the
    check) is the plain opposed check, in which Baerwyn, an elf too, resists with Fortune."""
    play = party("6")
    play.put("hero-baerwyn", 3, 3, facing=0, kn=6)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "cast_spell", [HIT, FOUR, FOUR], spell="Terror", target="hero-baerwyn")
    [opposed] = of(events, CheckMade)
    assert (opposed.figure, opposed.check.ad, opposed.check.fortune) == ("hero-baerwyn", 1, 1)
    assert [a.source for a in opposed.check.adjustments] == ["Elvish Arcanum: Fortune for Baerwyn resisting"]


# ---- Reach and Embattlement by the Reach blow's line of sight ---------------------------------------


def behind_baerwyn(version: str, varya: tuple[int, int] = (3, 2)) -> PericleArena:
    """The goblin spearman (a spear with Reach) at (5,2) facing west; Baerwyn adjacent in front of
    it at (4,2); Varya two hexes from it at `varya`, straight behind Baerwyn by default; the orc and
    the zombie far off."""
    play = PericleArena(version=version)
    play.put("spearman", 5, 2, facing=3)
    play.put("orc", 7, 6)
    play.put("zombie", 7, 7)
    play.put("hero-baerwyn", 4, 2, facing=0)
    play.put("hero-sindaro", 0, 7)
    play.put("hero-varya", *varya, facing=0)
    return play


def embattling(play: PericleArena, figure: str) -> list[str]:
    """Who Embattles the figure, as GET /state shows it."""
    [shown] = [f for f in state_view(play.state)["ruleset_state"]["figures"] if f["id"] == figure]
    return list(shown["embattled_by"])


EMBATTLED_BY_REACH = ("you become Embattled by your foe when you move to within two hexes of the foe, once the foe "
                      "can attack you with its Reach")
SIGHT_LINE = ("Attempting a ranged attack, spell or a reach weapon with a blocked line of sight results in a failed "
              "attack", "walls, other combatants (friend or foe), furniture")


def test_a_reach_weapon_embattles_only_a_foe_its_blow_could_reach_from_version_6() -> None:
    """Embattled Condition (line 230): "you become Embattled by your foe when you move to within two
    hexes of the foe, once the foe can attack you with its Reach"; Cover & Line of Sight (line 414):
    "Attempting a ranged attack, spell or a reach weapon with a blocked line of sight results in a
    failed attack"; both lines touching obstructions such as "walls, other combatants
    (friend or foe), furniture": Complete Cover. Baerwyn stands on the line from the spearman to
    Varya: its blow at her is refused (Complete Cover) in versions 5 and 6, and from version 6 she is
    not Embattled by it either, nor it by her (version 5 judged Embattlement by walls alone)."""
    assert EMBATTLED_BY_REACH in line(230) and all(quoted in line(414) for quoted in SIGHT_LINE)
    play = behind_baerwyn("6")
    assert embattling(play, "hero-varya") == []
    assert embattling(play, "spearman") == ["hero-baerwyn"]
    assert state_view(play.state)["ruleset_state"]["revision"] == 6
    old = behind_baerwyn("5")
    assert embattling(old, "hero-varya") == ["spearman"]
    assert embattling(old, "spearman") == ["hero-baerwyn", "hero-varya"]
    assert "revision" not in state_view(old.state)["ruleset_state"]
    for each in (play, old):
        each.to_actions("heroes")
        each.pass_until("spearman")
        body = {"type": "attack", "figure": "spearman", "strikes": [{"target": "hero-varya"}]}
        assert each.rule_of("gm", body) == "complete-cover"


def test_a_reach_weapon_still_embattles_a_foe_its_blow_can_reach() -> None:
    """Line 230 (as above); line 416: one line clear, the other obstructed: "Partial Cover, but you
    may still make the attack". Varya at (3,3), two hexes from the spearman beside Baerwyn's line:
    Embattled by it, and its blow at her is made."""
    assert "the target has Partial Cover, but you may still make the attack" in line(416)
    play = behind_baerwyn("6", varya=(3, 3))
    assert sight.sight_pair(play.combat, play.figure("spearman"), play.figure("hero-varya"))[2] == "partial"
    assert embattling(play, "hero-varya") == ["spearman"]
    play.to_actions("heroes")
    play.pass_until("spearman")
    events = play.act("spearman", "attack", [MISS] + [6] * 5, strikes=[{"target": "hero-varya"}])
    assert [(s.target, s.kind) for s in strikes_in(events)] == [("hero-varya", "reach")]


def move_varya(play: PericleArena, refused: str | None, *path: tuple[int, int]) -> None:
    """Varya's move in the heroes' Movement phase: refused by the rule `refused`, or made."""
    play.to_movement("heroes")
    body = {"type": "move_figure", "figure": "hero-varya", "path": [{"q": q, "r": r} for q, r in path]}
    if refused is not None:
        assert play.rule_of("ana", body) == refused
        return
    play.command("ana", body)
    assert play.figure("hero-varya").hex == Hex(*path[-1])


@pytest.mark.parametrize(("version", "refused"), [("6", None), ("5", "embattled-stop")])
def test_a_foe_behind_a_combatant_is_not_stopped_by_reach_from_version_6(version: str, refused: str | None) -> None:
    """Embattled Condition (line 230): "When moving, you must immediately stop when a foe can strike
    you with a melee attack"; with Reach, "once the foe can attack you with its Reach". Varya walks
    through (3,2), behind Baerwyn from the spearman: version 6 lets her walk on (its Reach cannot
    strike her there); version 5 stopped her there."""
    assert "you must immediately stop when a foe can strike you with a melee attack" in line(230)
    move_varya(behind_baerwyn(version, varya=(2, 2)), refused, (3, 2), (2, 3))


@pytest.mark.parametrize(("version", "refused"), [("6", None), ("5", "movement-exceeded")])
def test_a_foe_behind_a_combatant_moves_freely_away_from_reach_from_version_6(version: str,
                                                                              refused: str | None) -> None:
    """Line 306: "If you are Embattled at the start of your Movement Phase by a foe's Reach attack ...
    you still can only make a 1-hex Pivot". Varya behind Baerwyn is not Embattled by the spearman in
    version 6, so she moves two hexes away; version 5 held her to one; line 304: "Combatants with Reach
    that Embattle a foe two hexes away are also Embattled", so neither is the spearman by her."""
    assert "you still can only make a 1-hex Pivot" in line(306)
    assert "Combatants with Reach that Embattle a foe two hexes away are also Embattled" in line(304)
    move_varya(behind_baerwyn(version), refused, (2, 2), (1, 2))


# ---- Staff & Wand Affinity: Shapeshifter I and II ------------------------------------------------

SHAPESHIFTER_I = "Staff & Wand Affinity: Shapeshifter I"
SHAPESHIFTER_II = "Staff & Wand Affinity: Shapeshifter II"
GUISE = "Guise of the Beast I"


def shifter(*known: str, version: str = "6", in_hand: tuple[str, ...] = ("staff",)) -> PericleArena:
    """Ysolde (KN6) with a staff in hand, a Potion of Healing in her pack, the Disciplines `known`,
    Guise of the Beast I, Blur (KN0), Trip (KN2) and Dispel (KN6) learned; she takes the wolf's form
    in her slot, and the next turn's Action phase comes to her slot."""
    play = PericleArena(version=version, heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                                 "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 5}}]})
    play.put("hero-ysolde", 2, 3, facing=0, kn=6, spells=(GUISE, "Blur", "Trip", "Dispel"), disciplines=known,
             weapons=(WEAPONS["staff"], WEAPONS["dagger"]), in_hand=in_hand, pack=("potion of healing",))
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT], spell=GUISE, target="hero-ysolde")
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    return play


def body_of(kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "figure": "hero-ysolde", **fields}


def test_version_6_enforces_the_shapeshifter_affinities_and_version_5_does_not() -> None:
    """Lines 1349 and 1361, listed where version 6 says what it enforces (GET /v1/rulesets/pericle/
    catalogue); version 5 leaves them, and Guise of the Beast itself, to the table."""
    assert {SHAPESHIFTER_I, SHAPESHIFTER_II} <= set(AFFINITIES_V6) <= set(enforced_disciplines("6"))
    assert not {SHAPESHIFTER_I, SHAPESHIFTER_II} & set(enforced_disciplines("5"))


def test_shapeshifter_ii_casts_spells_up_to_three_below_the_casters_kn_in_beast_form() -> None:
    """Shapeshifter II (line 1361): "When you cast a Shapeshifting Spell and are in your morphed form,
    you may cast Spells that have a KN requirement up to your KN level minus three. Without this
    Discipline, you cannot cast spells while morphed." Ysolde (KN6) as a wolf casts Blur (KN0) and
    Trip (KN2), not Dispel (KN6), nor another Shapeshifting Spell."""
    assert "you may cast Spells that have a KN requirement up to your KN level minus three" in line(1361)
    play = shifter(SHAPESHIFTER_II)
    wolf = play.figure("hero-ysolde")
    assert wolf.base_ad == 4 and wolf.spells == ("Blur", "Trip") and wolf.pack == ()
    assert play.rule_of("ana", body_of("cast_spell", spell="Dispel", target="orc"), [HIT]) == "beast-form"
    assert play.rule_of("ana", body_of("cast_spell", spell=GUISE, target="hero-ysolde"), [HIT]) == "beast-form"
    delving = (*play.figure("hero-ysolde").spells, "Delve Secrets I")
    play.put("hero-ysolde", 2, 3, spells=delving)  # an unknown Spell is not delved in beast form
    assert play.rule_of("ana", body_of("cast_spell", spell="Luck of Esteus", target="hero-ysolde"),
                        [HIT]) == "beast-form"
    assert play.rule_of("ana", body_of("fetch_item", item="Potion of Healing")) == "beast-form"
    events = play.act("hero-ysolde", "cast_spell", [HIT], spell="Blur", target="hero-ysolde")
    [cast] = [e for e in events if type(e).__name__ == "SpellCast"]
    assert (cast.spell, cast.success) == ("Blur", True)
    assert {s.spell for s in play.combat.spells} == {GUISE, "Blur"}
    # Without the Affinity, the wolf casts nothing (v6/control.py).
    assert shifter().rule_of("ana", body_of("cast_spell", spell="Blur", target="hero-ysolde"), [HIT]) == "beast-form"


def test_shapeshifter_needs_the_staff_in_hand_as_the_shapeshifting_spell_is_cast() -> None:
    """Line 966: "Staves and wands allow heroes to gain the benefits of the Staff & Wand Disciplines";
    Shapeshifter I and II (lines 1349, 1361): "When you cast a Shapeshifting spell". Ysolde takes the
    wolf's form with her dagger in hand: the wolf keeps neither Spells nor items."""
    assert "Staves and wands allow heroes to gain the benefits of the Staff & Wand Disciplines" in line(966)
    play = shifter(SHAPESHIFTER_I, SHAPESHIFTER_II, in_hand=("dagger",))
    assert (play.figure("hero-ysolde").spells, play.figure("hero-ysolde").pack) == ((), ())
    assert play.rule_of("ana", body_of("cast_spell", spell="Blur", target="hero-ysolde"), [HIT]) == "beast-form"
    assert play.rule_of("ana", body_of("fetch_item", item="Potion of Healing")) == "beast-form"


def test_shapeshifter_i_keeps_the_healing_items_for_use_in_beast_form() -> None:
    """Shapeshifter I (line 1349): "When you cast a Shapeshifting spell, non-weapon and non-armor
    magic items are still available for use. Without this Discipline, none of your items are
    available to you when you shapeshift." Line 723: "lesser magical items include scrolls, potions,
    berries". The wolf fetches the Potion of Healing (an Action), drinks it the next turn, and the
    potion is gone from Ysolde's pack when she morphs back; it casts no Spell (Shapeshifter II)."""
    assert "non-weapon and non-armor magic items are still available for use" in line(1349)
    assert "lesser magical items include scrolls, potions, berries" in line(723)
    play = shifter(SHAPESHIFTER_I)
    assert play.figure("hero-ysolde").pack == ("potion of healing",) and play.figure("hero-ysolde").spells == ()
    assert play.rule_of("ana", body_of("cast_spell", spell="Blur", target="hero-ysolde"), [HIT]) == "beast-form"
    play.act("hero-ysolde", "fetch_item", item="Potion of Healing")
    play.put("hero-ysolde", 2, 3, wounds=6)
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "use_item", [1, 1], item="Potion of Healing")
    [used] = [e for e in events if type(e).__name__ == "ItemUsed"]
    assert used.success and used.healed > 0 and play.figure("hero-ysolde").wounds == 6 - used.healed
    assert play.combat.forms[0].pack == ()
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "pass_action", cancel_spells=[GUISE])
    ysolde = play.figure("hero-ysolde")
    assert (ysolde.pack, ysolde.in_hand, ysolde.spells) == ((), ("staff",), (GUISE, "Blur", "Trip", "Dispel"))
    # Without the Affinity the wolf's pack is empty, and fetching is refused (v6/control.py).
    assert shifter().rule_of("ana", body_of("fetch_item", item="Potion of Healing")) == "beast-form"


def test_an_unused_healing_item_goes_back_to_the_pack_with_the_heros_form() -> None:
    """Line 1349 (as above): an item the wolf fetched and did not use is back in Ysolde's pack when
    she morphs back (line 1472: "return to normal ... morphing back"), not lost."""
    play = shifter(SHAPESHIFTER_I)
    play.act("hero-ysolde", "fetch_item", item="Potion of Healing")
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "pass_action", cancel_spells=[GUISE])
    assert (play.figure("hero-ysolde").pack, play.figure("hero-ysolde").in_hand) == (("potion of healing",),
                                                                                     ("staff",))
