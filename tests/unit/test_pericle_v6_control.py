"""Pericle 6 enforces the Spells that put creatures on the map or change their caster's shape
(seed 001, Appendix: Spells; 3. Actions: Cast a Spell, lines 466-491): Summon Colossus, Summon
Hydra, Summon Djinn, Guise of the Beast I-IV, Control Animal and Control Humanoid, all table-applied
in version 5. Each test quotes the
seed lines it follows and plays real commands on a version-6 battle."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.pericle.combat_events import (
    Attacked,
    CheckMade,
    ControlLost,
    ControlTaken,
    FigureSummoned,
    Grappled,
    ShapeLeft,
    ShapeTaken,
    SpellEnded,
    TableApplied,
)
from domain.rulesets.pericle.v5.attack_steps import strikes_in
from tests.unit.pericle_arena import PericleArena, of
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v4_play import BRAM, YSOLDE

HIT, CRIT, MISS = 1, 5, 10  # Action Die faces: a success icon, the Crit, the critical failure
BLANK = 6  # Defense Die: blank


def arena(*spells: str, version: str | None = None, **ysolde: Any) -> PericleArena:
    """Ysolde (KN5) at (2,3) facing east; Bram beside her; the orc (AD1) two hexes east; the
    Action phase begun, Ysolde's slot open (as test_pericle_v5_spells.py's arena)."""
    play = PericleArena(heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]}, version=version)
    play.put("hero-ysolde", 2, 3, facing=0, spells=spells, **ysolde)
    play.put("hero-bram", 2, 2, facing=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    return play


def cast(play: PericleArena, faces: list[int], spell: str, **fields: Any) -> list[Any]:
    return play.act("hero-ysolde", "cast_spell", faces, spell=spell, target="hero-ysolde", **fields)


def summon(play: PericleArena, spell: str, q: int = 3, r: int = 3) -> str:
    [joined] = of(cast(play, [HIT], spell, at={"q": q, "r": r}), FigureSummoned)
    return str(joined.figure.id)


def to_movement_of_next_turn(play: PericleArena) -> None:
    play.end_turn()
    play.to_movement("heroes")


def begin_actions(play: PericleArena, faces: list[int] | None = None) -> list[Any]:
    """From the heroes' Movement phase: both sides end it, then the Action phase begins."""
    while play.combat.phase == "movement":
        moving = play.combat.moving
        play.command("ana" if moving == "heroes" else "gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    return play.command("ana", {"type": "begin_actions"}, faces)


def test_version_5_leaves_these_spells_to_the_table() -> None:
    """Version 5 is frozen: Summon Colossus (line 1538) and Guise of the Beast I (line 1472) are still
    recorded for the table there, with no creature and no change of shape."""
    play = arena("Summon Colossus", "Guise of the Beast I", version="5")
    events = cast(play, [HIT], "Summon Colossus", at={"q": 3, "r": 3})
    assert [e.name for e in of(events, TableApplied)] == ["Summon Colossus"] and not of(events, FigureSummoned)
    play = arena("Guise of the Beast I", version="5")
    events = cast(play, [HIT], "Guise of the Beast I")
    assert [e.name for e in of(events, TableApplied)] == ["Guise of the Beast I"] and not of(events, ShapeTaken)
    assert play.figure("hero-ysolde").base_ad == 0


def test_the_catalogue_of_version_6_says_where_each_is_enforced() -> None:
    from domain.rulesets.pericle.v4.catalogue import handbook_catalogue

    v6 = {s.name: s for s in handbook_catalogue("6").spells}
    v5 = {s.name: s for s in handbook_catalogue("5").spells}
    for name in ("Summon Colossus", "Summon Hydra", "Summon Djinn", "Guise of the Beast I", "Guise of the Beast II",
                 "Guise of the Beast III", "Guise of the Beast IV", "Control Animal", "Control Humanoid"):
        assert v6[name].effect == "enforced" and "v6/control.py" in (v6[name].enforced_as or "")
        assert v5[name].effect == "table-applied"


# ---- Summon Colossus ------------------------------------------------------------------------


def test_summon_colossus_brings_its_stat_block_reach_and_overrun() -> None:
    """Summon Colossus (line 1538): "2E+1E/turn. Summons a colossus, such as a giant or cyclops, who
    acts as an ally and has the following statistics. Colossus: HP40, MT30, DX0, AD0, KN0, Grapple 3
    except 8 to avoid being Grappled, Movement 4, 4d6 damage. Has Reach and Overrun." Line 476:
    "They cannot act the turn that they are created"."""
    assert "Grapple 3 except 8 to avoid being Grappled" in line(1538)
    play = arena("Summon Colossus")
    colossus_id = summon(play, "Summon Colossus")
    colossus = play.figure(colossus_id)
    assert (colossus.team, colossus.seat, colossus.max_hp, colossus.mt, colossus.base_ad, colossus.kn,
            colossus.grapple, colossus.movement) == ("heroes", "ana", 40, 30, 0, 0, 3, 4)
    [blow] = colossus.weapons
    assert (blow.damage, blow.reach) == ("4d6", 2) and "Overrun" in colossus.disciplines
    assert colossus_id not in play.combat.order
    assert play.figure("hero-ysolde").exhaustion == 2


def test_a_colossus_resists_a_grapple_with_8() -> None:
    """Line 1538: "Grapple 3 except 8 to avoid being Grappled": the orc (Grapple 0) grappling it
    meets 8, so the colossus rolls the opposed check at the difference (line 442: "the combatant with
    the higher Grapple score gets to roll the check"), the Action Die's AD4 at most."""
    play = arena("Summon Colossus")
    colossus_id = summon(play, "Summon Colossus", 3, 3)
    play.end_turn()
    play.put("orc", 4, 3, facing=3)
    play.to_actions("enemies")
    play.pass_until("orc")
    [grappled] = of(play.act("orc", "grapple", [HIT], target=colossus_id), Grappled)
    assert grappled.roller == colossus_id and grappled.check.base == 8 and not grappled.success


def test_a_colossus_strikes_with_reach_two_hexes_away() -> None:
    """Line 1538: "4d6 damage. Has Reach" (line 406: polearms with Reach "can attack from either an
    adjacent hex or 2 hexes away"): the orc two hexes east of it, 4d6 = 6+3+3+3 less armour 3 and
    shield 1."""
    play = arena("Summon Colossus")
    colossus_id = summon(play, "Summon Colossus")
    play.end_turn()
    play.put("orc", 5, 3, facing=3)
    play.to_actions("heroes")
    play.pass_until(colossus_id)
    [strike] = list(strikes_in(play.act(colossus_id, "attack", [HIT, 6, 3, 3, 3], strikes=[{"target": "orc"}])))
    assert strike.hit and strike.weapon == "Colossal blow" and strike.damage == 11


# ---- Summon Hydra ---------------------------------------------------------------------------


def test_summon_hydra_is_four_hexes_and_strikes_with_five_heads_separately() -> None:
    """Summon Hydra (line 1554): "Summons a hydra or similar four-hex beast who acts as an ally...
    Hydra: HP40, MT30, DX3, AD3, KN0, Grapple 6, Movement 5. It has five heads which each attack
    separately and do 1d6+1d4 damage. Has Overrun." Five strikes in one Attack, none at a penalty
    (line 410's penalties are for a hero's Disciplines and items)."""
    play = arena("Summon Hydra")
    play.put("orc", 6, 6)
    hydra_id = summon(play, "Summon Hydra", 3, 3)
    hydra = play.figure(hydra_id)
    assert (hydra.size, hydra.max_hp, hydra.mt, hydra.base_ad, hydra.grapple, hydra.movement) == (4, 40, 30, 3, 6, 5)
    assert len(set(hydra.hexes)) == 4 and "Overrun" in hydra.disciplines
    assert [w.damage for w in hydra.weapons] == ["1d6+1d4"] * 5
    play.end_turn()
    play.put("orc", 5, 3, facing=3, max_hp=80, armour=0, shield=0)
    play.to_actions("heroes")
    play.pass_until(hydra_id)
    heads = [{"target": "orc", "weapon": f"Head {n}"} for n in range(1, 6)]
    events = play.act(hydra_id, "attack", [HIT, 1, 1] * 5, strikes=heads)
    strikes = list(strikes_in(events))
    assert len(strikes) == 5 and all(s.hit for s in strikes)
    assert all(not [a for a in s.check.adjustments if "multiple" in a.source] for s in strikes)
    assert play.figure("orc").wounds == 10


def test_a_hydra_head_strikes_once_and_the_base_must_fit() -> None:
    """"each attack separately": one strike per head. Line 476: "Summoned creatures and Images must
    be created in an empty hex": all four hexes of its base, checked before the cast's roll."""
    play = arena("Summon Hydra")
    # A wall at (3,0) and (3,1): a base anchored at (3,2) facing east reaches into (3,1)... or
    # off the map at the top row; either way it does not fit.
    rule = play.rule_of("ana", {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Summon Hydra",
                                "target": "hero-ysolde", "at": {"q": 3, "r": 1}}, [HIT])
    assert rule == "spell-target"
    # ... nor where the orc stands in one of its hexes (the orc at (4,3), east of its anchor).
    assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Summon Hydra",
                                "target": "hero-ysolde", "at": {"q": 3, "r": 3}}, [HIT]) == "spell-target"
    play.put("orc", 6, 6)
    hydra_id = summon(play, "Summon Hydra", 3, 3)
    play.end_turn()
    play.put("orc", 5, 3, facing=3)
    play.to_actions("heroes")
    play.pass_until(hydra_id)
    twice = [{"target": "orc", "weapon": "Head 1"}, {"target": "orc", "weapon": "Head 1"}]
    assert play.rule_of("ana", {"type": "attack", "figure": hydra_id, "strikes": twice}) == "one-attack"


# ---- Summon Djinn ---------------------------------------------------------------------------


def test_summon_djinn_stat_block_haste_and_ten_turns() -> None:
    """Summon Djinn (line 1570): "4E. Lasts 10 turns. Summons a djinn or similar entity with the
    following statistics. Djinn: HP50, MT40, AD3 but Haste in attack order, KN6"."""
    play = arena("Summon Djinn")
    djinn_id = summon(play, "Summon Djinn")
    djinn = play.figure(djinn_id)
    assert (djinn.max_hp, djinn.mt, djinn.base_ad, djinn.kn, djinn.team) == (50, 40, 3, 6, "heroes")
    [kept] = [s for s in play.combat.spells if s.spell == "Summon Djinn"]
    assert kept.expires_turn == play.combat.turn + 10
    assert play.figure("hero-ysolde").exhaustion == 4
    to_movement_of_next_turn(play)
    begin_actions(play, [MISS])  # Ysolde wins the opposed KN check: the djinn acts
    assert play.combat.order[0] == djinn_id, "Haste in attack order"


def test_a_djinn_acts_only_when_its_caster_forces_it_with_an_opposed_kn_check() -> None:
    """Line 1570: "The casting hero must use their Movement phase each turn to force the djinn to act
    according to the hero's will by rolling an opposed KN check. With failure, the djinn taunts the
    caster and does not act." Ysolde KN5 against the djinn's KN6: the djinn rolls at AD1 (seed 001,
    Opposed Checks); its success is her failure, and it has no slot this turn."""
    play = arena("Summon Djinn")
    djinn_id = summon(play, "Summon Djinn")
    to_movement_of_next_turn(play)
    events = begin_actions(play, [HIT])
    [forced] = of(events, CheckMade)
    assert forced.figure == djinn_id and forced.check.ad == 1 and forced.check.success
    assert djinn_id not in play.combat.order
    # The next turn Ysolde moves in her Movement phase: she did not use it, and the djinn does not act.
    play.end_turn()
    play.to_movement("heroes")
    play.act("hero-ysolde", "move_figure", path=[{"q": 2, "r": 4}])
    events = begin_actions(play)
    assert not of(events, CheckMade) and djinn_id not in play.combat.order


def test_a_djinn_crits_on_every_hit_face_and_teleports_as_its_movement() -> None:
    """Line 1570: "can teleport without E cost as Movement. Actions: Claw 2d6 + Spellstrike... crits
    on all hit faces as per Swordsmanship" (line 1286: "All hit markers on the Action Die are treated
    as critical hit icons")."""
    play = arena("Summon Djinn")
    djinn_id = summon(play, "Summon Djinn")
    to_movement_of_next_turn(play)
    play.act(djinn_id, "move_figure", path=[{"q": 5, "r": 3}], facing=3)
    assert (play.figure(djinn_id).hex.q, play.figure(djinn_id).hex.r) == (5, 3)
    begin_actions(play, [MISS])
    play.pass_until(djinn_id)
    events = play.act(djinn_id, "attack", [HIT, BLANK, 1, 3, 3], strikes=[{"target": "orc"}])
    [strike] = list(strikes_in(events))
    assert strike.hit and strike.check.kept == "success" and strike.crit_face is not None


def test_a_djinn_casts_terror_at_no_exhaustion() -> None:
    """Line 1570: "Actions: Claw 2d6 + Spellstrike, Terror Spell at no E cost": its cast is a Base AD
    check (AD3) as any caster's; Terror (line 1415): "Target must Defend for its next Action. If the
    target has not taken an Action this turn, then it will Defend this turn"."""
    play = arena("Summon Djinn")
    djinn_id = summon(play, "Summon Djinn")
    to_movement_of_next_turn(play)
    begin_actions(play, [MISS])
    play.pass_until(djinn_id)
    events = play.act(djinn_id, "cast_spell", [HIT, BLANK], spell="Terror", target="orc")
    [terror] = [e for e in events if type(e).__name__ == "SpellCast"]
    assert terror.success and terror.exhaustion == 0 and play.figure(djinn_id).exhaustion == 0
    assert play.figure("orc").defending


# ---- Guise of the Beast ---------------------------------------------------------------------


def test_guise_of_the_beast_i_gives_the_wolfs_statistics_and_takes_armour_and_weapons() -> None:
    """Guise of the Beast I (line 1472): "1E. The caster transforms into a wolf or similar beast, and
    gains the following statistics: +5 HP, +5 MT, DX 4, AD 4, Grapple 3, Movement 6, 1d6+1 damage...
    can't cast Spells nor use weapons or items while in beast form... Armor does not carry over to
    beast form.\""""
    play = arena("Guise of the Beast I", "Blur", armour=2)
    own = play.figure("hero-ysolde")
    [taken] = of(cast(play, [HIT], "Guise of the Beast I"), ShapeTaken)
    wolf = play.figure("hero-ysolde")
    assert taken.form.max_hp == wolf.max_hp and play.combat.forms[0].max_hp == own.max_hp
    assert (wolf.max_hp, wolf.mt, wolf.base_ad, wolf.grapple, wolf.movement, wolf.armour) == (
        own.max_hp + 5, own.mt + 5, 4, 3, 6, 0)
    assert [w.damage for w in wolf.weapons] == ["1d6+1"] and wolf.exhaustion == 1
    assert [s.spell for s in play.combat.spells] == ["Guise of the Beast I"], "it lasts until she morphs back"
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Blur",
                                "target": "hero-ysolde"}, [HIT]) == "beast-form"
    assert play.rule_of("ana", {"type": "ready_weapons", "figure": "hero-ysolde",
                                "in_hand": ["dagger"]}) == "beast-form"


def test_the_bonus_hp_absorbs_wounds_first_the_seeds_example() -> None:
    """Line 1472: "The caster may return to normal by spending the Movement phase or an Action
    morphing back... The bonus HP obtained while in beast form absorbs wounds and/or Exhaustion
    first. Example: with +5 HP, if a hero takes 6 HP damage, when returning to normal form they will
    only accrue 1 HP of damage." Morphing back as the Action: `pass_action` letting the Guise go."""
    play = arena("Guise of the Beast I", armour=2)
    own = play.figure("hero-ysolde")
    cast(play, [HIT], "Guise of the Beast I")
    play.put("hero-ysolde", 2, 3, wounds=6)  # 6 HP damage taken as a wolf
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    assert play.rule_of("ana", {"type": "attack", "figure": "hero-ysolde", "strikes": [{"target": "orc"}],
                                "cancel_spells": ["Guise of the Beast I"]}) == "beast-form"
    events = play.act("hero-ysolde", "pass_action", cancel_spells=["Guise of the Beast I"])
    [left] = of(events, ShapeLeft)
    ysolde = play.figure("hero-ysolde")
    assert left.form.wounds == ysolde.wounds == 1 and ysolde.exhaustion == 1
    assert (ysolde.max_hp, ysolde.mt, ysolde.base_ad, ysolde.armour, ysolde.weapons, ysolde.in_hand) == (
        own.max_hp, own.mt, own.base_ad, 2, own.weapons, own.in_hand)
    assert play.combat.forms == () and play.combat.spells == ()


def test_morphing_back_in_the_movement_phase_spends_it() -> None:
    """Line 1472: "return to normal by spending the Movement phase": `cancel_spell` while her side
    moves, before she moves; she then moves no more this phase. Out of it, a cancel is refused."""
    play = arena("Guise of the Beast II")
    cast(play, [HIT], "Guise of the Beast II")
    bear = play.figure("hero-ysolde")
    assert (bear.base_ad, bear.grapple, bear.movement, bear.armour, bear.weapons[0].damage) == (1, 4, 5, 1, "2d6")
    cancel = {"type": "cancel_spell", "figure": "hero-ysolde", "spell": "Guise of the Beast II"}
    assert play.rule_of("ana", cancel) == "beast-form"
    play.end_turn()
    play.to_movement("heroes")
    events = play.command("ana", cancel)
    assert [e.reason for e in of(events, SpellEnded)] == ["cancelled"] and of(events, ShapeLeft)
    assert play.figure("hero-ysolde").base_ad == 0
    assert play.rule_of("ana", {"type": "move_figure", "figure": "hero-ysolde",
                                "path": [{"q": 2, "r": 4}]}) == "already-moved"


def test_guise_of_the_beast_iii_flies_with_talons_and_armour() -> None:
    """Guise of the Beast III (line 1548): "transforms into a hippogriff or similar beast and gains
    the following statistics: +6 HP, +5 MT, DX1, AD1, Grapple 6, Movement 6 on the ground, 8 flying,
    Talons 2d6 damage. 2 armor protection"."""
    play = arena("Guise of the Beast III")
    own = play.figure("hero-ysolde")
    cast(play, [HIT], "Guise of the Beast III")
    griff = play.figure("hero-ysolde")
    assert (griff.max_hp, griff.mt, griff.base_ad, griff.grapple, griff.movement, griff.flying_speed,
            griff.armour) == (own.max_hp + 6, own.mt + 5, 1, 6, 6, 8, 2)
    assert [(w.name, w.damage) for w in griff.weapons] == [("Talons", "2d6")]


def test_a_dispel_returns_the_caster_to_its_own_form() -> None:
    """Dispel (line 1528): "Dispels all Spells and Spell effects in one chosen hex": the Guise ends,
    and the caster is back in its own form (its bonus HP gone, the wounds beyond it kept)."""
    play = arena("Guise of the Beast I", "Dispel")
    cast(play, [HIT], "Guise of the Beast I")
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    play.put("hero-bram", 2, 2, spells=("Dispel",))
    events = play.act("hero-bram", "cast_spell", [HIT, BLANK], spell="Dispel", target="hero-bram",
                      at={"q": 2, "r": 3})
    assert [e.reason for e in of(events, ShapeLeft)] == ["dispelled"]
    assert play.figure("hero-ysolde").base_ad == 0


@pytest.mark.parametrize("spell", ["Guise of the Beast I", "Summon Colossus"])
def test_version_6_applies_no_table_entry_for_them(spell: str) -> None:
    play = arena(spell)
    events = cast(play, [HIT], spell, **({"at": {"q": 3, "r": 3}} if spell.startswith("Summon") else {}))
    assert not of(events, TableApplied) and not of(events, Attacked)


# ---- Control Animal, Control Humanoid -------------------------------------------------------------


def control_arena(spell: str, **orc: Any) -> PericleArena:
    play = arena(spell)
    play.put("orc", 4, 3, facing=3, **orc)
    return play


def test_control_animal_the_target_rolls_at_its_kn_minus_the_casters_and_fails() -> None:
    """Control Animal (line 1466): "1E+1E/turn. Gain control of one animal or magic beast that has KN0
    and MT less than 20. The animal immediately gets an opposed KN check to prevent being controlled
    (roll AD equal to the animal's KN minus the caster's KN, which will be a negative AD.)... If the
    animal fails the save, the caster may immediately control the animal, deciding all movements and
    actions on the animal's turn for as long as the Spell is maintained." The orc (KN0) against
    Ysolde's KN5, counted one higher as she is a forest elf (Elvish Arcanum, line 836: "treat the
    casting elf's KN as if it is 1 point higher"): AD-6; it fails, and Ysolde's seat plays it on the
    heroes' side."""
    play = control_arena("Control Animal", kn=0, mt=3)
    events = play.act("hero-ysolde", "cast_spell", [HIT] + [MISS] * 4, spell="Control Animal", target="orc")
    [save] = of(events, CheckMade)
    assert save.figure == "orc" and save.check.base == -(5 + 1) and not save.check.success
    [taken] = of(events, ControlTaken)
    orc = play.figure("orc")
    assert (taken.seat, orc.team, orc.seat) == ("ana", "heroes", "ana")
    assert play.figure("hero-ysolde").exhaustion == 1
    # It ends as its caster lets it go: the orc is the enemies' again.
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "pass_action", cancel_spells=["Control Animal"])
    [lost] = of(events, ControlLost)
    assert (play.figure("orc").team, play.figure("orc").seat) == ("enemies", "gm") and lost.seat == "gm"


def test_spell_tenacity_takes_two_from_the_targets_save_against_control() -> None:
    """Spell Tenacity (line 1323): "A hero with Spell Tenacity can require the target to subtract two
    points from their opposed AD score for Spells that require an opposed check"; Control Animal's
    save is one (line 1466). The orc (KN0) against Ysolde (KN5, a forest elf: one higher, line 836)
    with Spell Tenacity: AD 0 - 2 - 6."""
    play = control_arena("Control Animal", kn=0, mt=3)
    ysolde = play.figure("hero-ysolde")
    play.put("hero-ysolde", 2, 3, facing=0, disciplines=(*ysolde.disciplines, "Spell Tenacity"))
    events = play.act("hero-ysolde", "cast_spell", [HIT] + [MISS] * 4, spell="Control Animal", target="orc")
    [save] = of(events, CheckMade)
    assert save.check.base == 0 - 2 - (5 + 1)
    assert any("Spell Tenacity" in a.source for a in save.check.adjustments)


def test_control_animal_a_save_costs_the_caster_1e_and_the_spell_fails() -> None:
    """Line 1466: "If the target makes the save, the caster still expends 1E but the Spell fails."
    Only KN0 and MT under 20 may be its target."""
    play = control_arena("Control Animal", kn=0, mt=3)
    events = play.act("hero-ysolde", "cast_spell", [HIT] * 5, spell="Control Animal", target="orc")
    assert [e.reason for e in of(events, SpellEnded)] == ["resisted"] and not of(events, ControlTaken)
    assert play.figure("orc").team == "enemies" and play.figure("hero-ysolde").exhaustion == 1
    for changes in ({"kn": 1}, {"mt": 20}):
        play = control_arena("Control Animal", **changes)
        assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Control Animal",
                                    "target": "orc"}, [HIT]) == "spell-target"


def test_control_humanoid_and_the_wizards_contest() -> None:
    """Control Humanoid (line 1524): "3E+1E/turn. Gain control of one humanoid. The target immediately
    makes a KN opposed check (subtract the caster's KN from the target's KN to determine the AD for
    the opposed check)... If cast on a person who is controlled by another wizard, there is no opposed
    check. Instead, both wizards make opposed KN checks against one another to determine which wizard
    gains control of the target." The orc (KN1) saves at AD1 - (5 + 1) against Ysolde, a forest elf
    (Elvish Arcanum, line 836); then Bram (KN2) takes the orc from Ysolde (KN5): Ysolde, the higher,
    rolls at AD3 and fails, so Bram wins it (no save, so no Arcanum, in the wizards' contest)."""
    play = control_arena("Control Humanoid", kn=1, mt=3)
    events = play.act("hero-ysolde", "cast_spell", [HIT] + [MISS] * 4, spell="Control Humanoid", target="orc")
    [save] = of(events, CheckMade)
    assert save.check.base == 1 - (5 + 1) and of(events, ControlTaken) and play.figure("hero-ysolde").exhaustion == 3
    play.put("hero-bram", 2, 2, spells=("Control Humanoid",), kn=2, max_hp=20)
    play.pass_until("hero-bram")
    assert play.rule_of("ben", {"type": "cast_spell", "figure": "hero-bram", "spell": "Control Humanoid",
                                "target": "hero-ysolde"}, [HIT]) == "spell-target"
    events = play.act("hero-bram", "cast_spell", [HIT, MISS], spell="Control Humanoid", target="orc")
    [contest] = of(events, CheckMade)
    assert contest.figure == "hero-ysolde" and contest.check.ad == 3 and not contest.check.success
    assert [(e.caster, e.reason) for e in of(events, SpellEnded)] == [("hero-ysolde", "control taken")]
    assert play.figure("orc").seat == "ben" and play.figure("orc").team == "heroes"
    assert [s.caster for s in play.combat.spells if s.spell == "Control Humanoid"] == ["hero-bram"]


def test_control_dispels_an_image_and_not_undead() -> None:
    """Line 1524: "This Spell automatically dispels images"; line 1466: "If cast on an image, the image
    is dispelled and disappears... All undead, including undead (zombie) animals, are not affected"."""
    play = arena("Control Humanoid", "Image")
    [joined] = of(cast(play, [HIT], "Image", at={"q": 3, "r": 3}), FigureSummoned)
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "cast_spell", [HIT], spell="Control Humanoid", target=joined.figure.id)
    assert play.combat.figure(joined.figure.id) is None and not of(events, ControlTaken)
    assert not [s for s in play.combat.spells if s.spell == "Control Humanoid"]


def test_a_wizard_who_loses_the_contest_leaves_the_control_with_the_other() -> None:
    """Line 1524: the opposed KN check "to determine which wizard gains control of the target": Ysolde
    (KN5) rolls at AD3 and succeeds; Bram's Spell fails (its Exhaustion paid) and she keeps the orc."""
    play = control_arena("Control Humanoid", kn=1, mt=3)
    play.act("hero-ysolde", "cast_spell", [HIT] + [MISS] * 4, spell="Control Humanoid", target="orc")
    play.put("hero-bram", 2, 2, spells=("Control Humanoid",), kn=2, max_hp=20)
    play.pass_until("hero-bram")
    events = play.act("hero-bram", "cast_spell", [HIT, HIT], spell="Control Humanoid", target="orc")
    assert [(e.caster, e.reason) for e in of(events, SpellEnded)] == [("hero-bram", "resisted")]
    assert play.figure("orc").seat == "ana" and play.figure("hero-bram").exhaustion == 3
    assert [s.caster for s in play.combat.spells if s.spell == "Control Humanoid"] == ["hero-ysolde"]


def test_a_colossus_goes_with_its_spell_and_a_hydra_with_a_dispel_on_any_of_its_hexes() -> None:
    """Line 485: a caster "may cancel it at any time... This includes summoned creatures"; Dispel (line
    1528): "Dispels all Spells and Spell effects in one chosen hex, including creations and summoned
    creatures": a hex of the hydra's base that is not its anchor."""
    play = arena("Summon Colossus")
    colossus_id = summon(play, "Summon Colossus")
    events = play.command("ana", {"type": "cancel_spell", "figure": "hero-ysolde", "spell": "Summon Colossus"})
    assert [type(e).__name__ for e in events][-2:] == ["SpellEnded", "FigureVanished"]
    assert play.combat.figure(colossus_id) is None
    play = arena("Summon Hydra", "Dispel")
    play.put("orc", 6, 6)
    hydra_id = summon(play, "Summon Hydra", 3, 3)
    far = play.figure(hydra_id).hexes[-1]
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "cast_spell", [HIT], spell="Dispel", target="hero-ysolde",
                      at={"q": far.q, "r": far.r})
    assert ("Summon Hydra", "dispelled") in [(e.spell, e.reason) for e in of(events, SpellEnded)]
    assert play.combat.figure(hydra_id) is None


def test_a_shapeshifted_state_keeps_to_the_published_schema() -> None:
    """GET /state shows `forms` while a caster is in a beast form (hidden when empty, as before):
    the state validates against version 6's published state schema."""
    from tests.unit.test_golden_logs import as_served
    from tests.unit.test_published_schemas import problems, version_validator

    play = control_arena("Guise of the Beast I")
    cast(play, [HIT], "Guise of the Beast I")
    served = as_served(play.state)
    assert served["ruleset_state"]["forms"][0]["id"] == "hero-ysolde"
    assert problems(version_validator("pericle", "6", "state"), served) == []


def test_guise_of_the_beast_iv_grows_to_four_hexes_with_five_heads() -> None:
    """Guise of the Beast IV (line 1564): "As per Guise of the Beast I, except the caster transforms
    into a hydra or similar beast, becomes four hexes in size, and gains the following statistics:
    MT+15, HP+15 DX3, AD3, Movement 5, five separate attacks each 1d6+1d4." Its base grows from her
    hex as she faces (PER-FACING), into empty hexes only; back in her own form she is one hex again."""
    from domain.rulesets.pericle.bases import footprint

    play = arena("Guise of the Beast IV")
    ysolde = play.figure("hero-ysolde")
    grown = footprint(4, ysolde.hex, ysolde.facing)
    play.put("hero-bram", grown[2].q, grown[2].r)
    assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Guise of the Beast IV",
                                "target": "hero-ysolde"}, [HIT]) == "spell-target"
    play.put("hero-bram", 0, 0)
    play.put("orc", 4, 3, facing=3, armour=0, shield=0, max_hp=60)  # before the front edge
    cast(play, [HIT], "Guise of the Beast IV")
    hydra = play.figure("hero-ysolde")
    assert (hydra.size, hydra.hexes, hydra.max_hp, hydra.mt, hydra.base_ad, hydra.movement, hydra.grapple) == (
        4, grown, ysolde.max_hp + 15, ysolde.mt + 15, 3, 5, ysolde.grapple)
    assert [w.damage for w in hydra.weapons] == ["1d6+1d4"] * 5
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    heads = [{"target": "orc", "weapon": f"Head {n}"} for n in range(1, 6)]
    strikes = list(strikes_in(play.act("hero-ysolde", "attack", [HIT, 1, 1] * 5, strikes=heads)))
    assert len(strikes) == 5 and play.figure("orc").wounds == 10
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "pass_action", cancel_spells=["Guise of the Beast IV"])
    back = play.figure("hero-ysolde")
    assert (back.size, back.hexes, back.max_hp) == (1, (ysolde.hex,), ysolde.max_hp)


def test_a_djinn_teleports_only_where_it_fits_and_a_hippogriff_lands_before_morphing_back() -> None:
    """Line 1570: "can teleport... as Movement": not into a wall or a standing figure. Line 1548 with
    line 1472: the hippogriff morphs back, but aloft it lands first (PER-GUISE-ABSORB)."""
    play = arena("Summon Djinn")
    djinn_id = summon(play, "Summon Djinn")
    to_movement_of_next_turn(play)
    for q, r in ((3, 0), (4, 3)):  # a wall; the orc
        assert play.rule_of("ana", {"type": "move_figure", "figure": djinn_id, "path": [{"q": q, "r": r}]}) == \
            "teleport"
    play = arena("Guise of the Beast III")
    cast(play, [HIT], "Guise of the Beast III")
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    play.put("hero-ysolde", 2, 3, airborne=True)
    assert play.rule_of("ana", {"type": "pass_action", "figure": "hero-ysolde",
                                "cancel_spells": ["Guise of the Beast III"]}) == "beast-form"
    play.put("hero-ysolde", 2, 3, airborne=False)
    assert of(play.act("hero-ysolde", "pass_action", cancel_spells=["Guise of the Beast III"]), ShapeLeft)
