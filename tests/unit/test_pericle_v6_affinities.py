"""Pericle 6 enforces the Staff & Wand Affinities (seed 001, Appendix: Disciplines, lines
1226-1361; line 966: "Staves and wands allow heroes to gain the benefits of the Staff & Wand
Disciplines"), table-applied in version 5. Each test quotes the seed lines it follows, plays real
commands on a version-6 battle, and where it is cheap shows version 5 as it was."""

from __future__ import annotations

from typing import Any

from domain.rulesets.pericle.catalogue import WEAPONS
from domain.rulesets.pericle.combat_events import (
    DisciplineUsed,
    FigureSummoned,
    SlotAdded,
    SpellCast,
    SpellCopied,
    SpellDamage,
    SpellEnded,
    SpellMaintained,
)
from domain.rulesets.pericle.v5.attack_steps import strikes_in
from domain.rulesets.pericle.v6.enforced import AFFINITIES_V6, discipline_enforcement
from tests.unit.pericle_arena import PericleArena, cast, of
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v4_play import BRAM, YSOLDE

HIT = 1  # Action Die: a success icon
AFFINITY = "Staff & Wand Affinity: "
STAFF = {"weapons": (WEAPONS["staff"],), "in_hand": ("staff",)}


def field(*spells: str, version: str | None = None, disciplines: tuple[str, ...] = (), staff: bool = True,
          bram: tuple[int, int] = (3, 2), **ysolde: Any) -> PericleArena:
    """Ysolde (MT0, Base AD0, KN5) at (2,3) facing the orc (Base AD1) two hexes east, Bram in her
    front arc (or at `bram`: (2,2) is out of her line to the orc); no phase begun yet."""
    play = PericleArena(heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]}, version=version)
    play.put("hero-ysolde", 2, 3, facing=0, spells=spells or YSOLDE["spells"],
             disciplines=tuple(AFFINITY + d for d in disciplines), **(STAFF if staff else {}), **ysolde)
    play.put("hero-bram", *bram, facing=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    return play


def to_declarations(play: PericleArena) -> None:
    """Nobody moves; the heroes end their repositioning: the declarations are open."""
    play.to_movement("heroes")
    for _ in range(2):
        play.command("ana" if play.combat.moving == "heroes" else "gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)


def begin_actions(play: PericleArena) -> None:
    play.command("ana", {"type": "begin_actions"})


def at_her_action(play: PericleArena) -> None:
    to_declarations(play)
    begin_actions(play)
    play.pass_until("hero-ysolde")


def next_turn_at_her_action(play: PericleArena) -> None:
    play.end_turn()
    at_her_action(play)


def test_the_affinities_are_enforced_from_version_6() -> None:
    """Disciplines by Category (line 1107) lists the Staff & Wand Affinities; version 6 names where
    each it enforces is applied, version 5 left them to the table (but Arcane I, version 4's)."""
    assert line(1107).startswith("Mage: Staff & Wand Affinity: Enchantment I (KN1)")
    for name in AFFINITIES_V6:
        assert discipline_enforcement(name, "6") == "enforced", name
        assert discipline_enforcement(name, "5") == "table-applied", name
    assert discipline_enforcement(AFFINITY + "Arcane I", "5") == "enforced"


# ---- Arcane II, Furtherance I: version 5 applied them already --------------------------------


def test_arcane_ii_doubles_the_damage_dice_for_one_more_exhaustion() -> None:
    """Arcane II (line 1345): "One additional Exhaustion may be spent on Arcane spells to double
    the number of damage dice rolled... a hero may cast Arcane Fire Barrage which would normally
    deal 1d6+1 damage at 0E cost because of Staff & Wand Affinity: Arcane, but the hero may choose to
    spend an additional E, in this case 1E total, and deal 2d6+1 damage." Line 966: with a staff or
    wand. Version 5 applied it already (v5/casting.py), as version 6 does."""
    for version in ("6", "5"):
        play = field("Arcane Barrage", version=version, disciplines=("Arcane I", "Arcane II"), bram=(2, 2), mt=2)
        at_her_action(play)
        events = cast(play, [HIT, 3, 4], "Arcane Barrage", "orc", power=1)
        [spell_cast], [damage] = of(events, SpellCast), of(events, SpellDamage)
        assert (spell_cast.exhaustion, damage.roll.expression, damage.roll.total) == (1, "2d6", 7), version
    play = field("Arcane Barrage", disciplines=("Arcane I", "Arcane II"), staff=False, mt=2)
    at_her_action(play)
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Arcane Barrage", "target": "orc", "power": 1}
    assert play.rule_of("ana", body) == "spell-power", "no staff or wand in hand: no Affinity"


def test_furtherance_i_frees_every_other_upkeep_with_a_staff_in_hand() -> None:
    """Furtherance I (line 1232): "Pay the ongoing Exhaustion cost for Furtherance Spells on every
    odd turn, starting with turn three... if casting Ricochet Attack, you would pay the casting cost
    turn one, as normal. On turn two, the maintenance cost would be free. On turn three and every
    odd turn thereafter, you would pay the maintenance cost of 1E as per normal." Turns are counted
    from the cast (the example's "turn one"). Without a staff or wand (line 966) every upkeep is paid."""
    for staff, expected in ((True, [1, 0, 1, 0]), (False, [1, 1, 1, 1])):
        play = field("Ricochet Attack", disciplines=("Furtherance I",), staff=staff)
        at_her_action(play)
        paid = [e.exhaustion for e in of(cast(play, [HIT], "Ricochet Attack", "hero-bram"), SpellCast)]
        for _ in range(3):
            next_turn_at_her_action(play)
            paid += [e.exhaustion for e in of(play.act("hero-ysolde", "pass_action"), SpellMaintained)]
        assert paid == expected, staff


# ---- Furtherance II ------------------------------------------------------------------------


def test_furtherance_ii_copies_a_spell_on_an_ally_onto_its_caster() -> None:
    """Furtherance II (line 1282): "When you cast a Furtherance Spell on an ally, you gain a copy of
    the Spell on yourself at no initial cost. However, on subsequent turns when you incur the
    maintenance cost, you incur the E for both Spells. You may choose to drop one of the Spells
    without dropping the other." Blur (1E+1E/turn) on Bram: 1E, and Blur on Ysolde too; next turn
    2E of upkeep; then she lets her own copy go and Bram's stays."""
    play = field(disciplines=("Furtherance I", "Furtherance II"))
    at_her_action(play)
    events = cast(play, [HIT], "Blur", "hero-bram")
    [spell_cast], [copied] = of(events, SpellCast), of(events, SpellCopied)
    assert spell_cast.exhaustion == 1 and (copied.caster, copied.spell) == ("hero-ysolde", "Blur")
    assert {(s.spell, s.target) for s in play.combat.spells} == {("Blur", "hero-bram"), ("Blur", "hero-ysolde")}
    assert play.figure("hero-ysolde").exhaustion == 1, "the copy costs nothing as cast"
    next_turn_at_her_action(play)  # (Furtherance I frees this turn's upkeep of both)
    next_turn_at_her_action(play)
    events = play.act("hero-ysolde", "pass_action")
    assert sorted((e.target, e.exhaustion) for e in of(events, SpellMaintained)) == [
        ("hero-bram", 1), ("hero-ysolde", 1)]
    play.command("ana", {"type": "cancel_spell", "figure": "hero-ysolde", "spell": "Blur", "target": "hero-ysolde"})
    assert [(s.spell, s.target) for s in play.combat.spells] == [("Blur", "hero-bram")]


def test_furtherance_ii_copies_nothing_cast_on_oneself_or_in_version_5() -> None:
    """"When you cast a Furtherance Spell on an ally": Blur on herself is not copied; version 5
    left the Affinity to the table."""
    play = field(disciplines=("Furtherance II",))
    at_her_action(play)
    assert not of(cast(play, [HIT], "Blur", "hero-ysolde"), SpellCopied)
    play = field(version="5", disciplines=("Furtherance II",))
    at_her_action(play)
    cast(play, [HIT], "Blur", "hero-bram")
    assert [(s.spell, s.target) for s in play.combat.spells] == [("Blur", "hero-bram")]


# ---- Curse I -------------------------------------------------------------------------------


def test_curse_i_declared_puts_the_curse_first_in_the_action_order() -> None:
    """Curse I (line 1228): "If you successfully cast a Curse Spell, you may take your Action first
    before all other combatants during the Action Phase. Your probability of success is not
    affected, so you still roll your normal AD to determine if your Spell is successful." Declared
    before the Action phase (the order is fixed then): Ysolde (AD0) goes before the orc (AD1), and
    her Action is a Curse Spell cast, Trip at the orc, rolled at her own AD."""
    play = field(disciplines=("Curse I",), bram=(2, 2))
    to_declarations(play)
    use = {"type": "use_discipline", "figure": "hero-ysolde", "discipline": AFFINITY + "Curse I"}
    events = play.command("ana", use)
    assert [e.discipline for e in of(events, DisciplineUsed)] == [AFFINITY + "Curse I"]
    begin_actions(play)
    assert play.combat.current == "hero-ysolde" and play.combat.order.index("orc") > 0
    attack = {"type": "attack", "figure": "hero-ysolde", "strikes": [{"target": "orc"}]}
    assert play.rule_of("ana", attack) == "curse-first"
    blur = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Blur", "target": "hero-bram"}
    assert play.rule_of("ana", blur) == "curse-first", "Blur is a Furtherance Spell"
    [spell_cast] = of(cast(play, [HIT], "Trip", "orc"), SpellCast)
    assert spell_cast.success and spell_cast.check.base == 0, "her own Base AD"
    assert play.figure("orc").condition == "prone" and play.combat.current == "orc"


def test_curse_i_needs_a_staff_and_is_the_tables_in_version_5() -> None:
    """Line 966: without a staff or wand the Affinity gives nothing; version 5 has no declaration
    of it (a Discipline used is an Action there)."""
    use = {"type": "use_discipline", "figure": "hero-ysolde", "discipline": AFFINITY + "Curse I"}
    play = field(disciplines=("Curse I",), staff=False)
    to_declarations(play)
    assert play.rule_of("ana", use) == "mage-weapon"
    play = field(version="5", disciplines=("Curse I",))
    to_declarations(play)
    assert play.rule_of("ana", use) == "wrong-phase"
    begin_actions(play)
    assert play.combat.order.index("orc") < play.combat.order.index("hero-ysolde")


# ---- Enchantment I-III ---------------------------------------------------------------------


def cast_in_movement(play: PericleArena, spell: str = "Magic Armor I") -> list[Any]:
    return play.act("hero-ysolde", "cast_spell", [HIT], spell=spell, target="hero-ysolde")


def finish_movement(play: PericleArena) -> None:
    for _ in range(2):
        play.command("ana" if play.combat.moving == "heroes" else "gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    begin_actions(play)
    play.pass_until("hero-ysolde")


def test_enchantment_i_casts_instead_of_moving_and_then_no_spell() -> None:
    """Enchantment I (line 1230): "Instead of moving during the Movement phase, you may cast an
    Enchantment spell. If you do so, you cannot cast a Spell during the Action phase, regardless of
    whether or not the cast was successful. However, you may take any other Action." Magic Armor I
    (an Enchantment) in the heroes' Movement: it is her move; her Action may not be a Spell."""
    play = field(disciplines=("Enchantment I",))
    play.to_movement("heroes")
    events = cast_in_movement(play)
    [spell_cast] = of(events, SpellCast)
    assert spell_cast.success and spell_cast.exhaustion == 1
    assert "hero-ysolde" in play.combat.moved_figures
    assert [s.spell for s in play.combat.spells if s.spell == "Magic Armor I"] == ["Magic Armor I"]
    move = {"type": "move_figure", "figure": "hero-ysolde", "path": [{"q": 2, "r": 4}]}
    assert play.rule_of("ana", move) == "already-moved"
    blur = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Blur", "target": "hero-bram"}
    assert play.rule_of("ana", blur) == "wrong-phase", "an Enchantment Spell only"
    finish_movement(play)
    assert play.rule_of("ana", blur) == "cast-in-movement"
    play.act("hero-ysolde", "pass_action")


def test_enchantment_ii_casts_besides_moving_and_iii_lets_a_spell_follow() -> None:
    """Enchantment II (line 1280): "In addition to moving, you may also cast an Enchantment Spell
    during the Movement phase. If you do so, you cannot cast a Spell during the Action phase, but
    you may take any other Action." III (line 1347): "... You may then take any Action during the
    Action phase, including casting any other Spell." Ysolde moves a hex, then casts; once a turn."""
    for known, spell_after in (("Enchantment II", False), ("Enchantment III", True)):
        play = field(disciplines=("Enchantment I", "Enchantment II", known))
        play.to_movement("heroes")
        play.act("hero-ysolde", "move_figure", path=[{"q": 2, "r": 4}], facing=0)
        [spell_cast] = of(cast_in_movement(play), SpellCast)
        assert spell_cast.success and "hero-ysolde" in play.combat.moved_figures
        assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Magic Armor I",
                                    "target": "hero-ysolde"}) == "discipline-active", "once a turn"
        finish_movement(play)
        blur = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Blur", "target": "hero-ysolde"}
        if spell_after:
            assert of(play.command("ana", blur, [HIT]), SpellCast)
        else:
            assert play.rule_of("ana", blur) == "cast-in-movement"


def test_no_spell_in_the_movement_phase_without_the_affinity_or_in_version_5() -> None:
    """Line 466: a Spell is cast as an Action; only the Enchantment Affinities (with a staff or
    wand, line 966) bring one into the Movement phase."""
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Magic Armor I", "target": "hero-ysolde"}
    for play, rule in ((field(), "wrong-phase"), (field(disciplines=("Enchantment I",), staff=False), "mage-weapon"),
                       (field(version="5", disciplines=("Enchantment I",)), "wrong-phase")):
        play.to_movement("heroes")
        assert play.rule_of("ana", body, [HIT]) == rule


# ---- Summon --------------------------------------------------------------------------------


def test_a_summoned_creature_attacks_at_the_end_of_the_action_phase() -> None:
    """Summon (line 1234): "Creatures that you summon may attack (but not move) at the end of the
    Action phase during the turn they're summoned." Line 476 ("They cannot act the turn that they
    are created") is what the Affinity overrides. Ysolde's beast, summoned next to the orc, gets
    the last slot of the turn: it may not move, it bites the orc."""
    play = field("Summon Beast I", disciplines=("Summon",))
    at_her_action(play)
    events = cast(play, [HIT], "Summon Beast I", "hero-ysolde", at={"q": 3, "r": 3})
    [joined], [slot] = of(events, FigureSummoned), of(events, SlotAdded)
    beast = joined.figure.id
    assert slot.figure == beast and play.combat.order[-1] == beast
    play.pass_until(beast)
    move = {"type": "move_figure", "figure": beast, "path": [{"q": 3, "r": 4}]}
    assert play.rule_of("ana", move) == "summoned-attacks"
    assert play.rule_of("ana", {"type": "delay", "figure": beast}) == "summoned-attacks"
    [strike] = list(strikes_in(play.act(beast, "attack", [HIT, 3], strikes=[{"target": "orc"}])))
    assert strike.hit and strike.weapon == "Bite/claws"
    assert play.combat.phase == "initiative", "its slot was the turn's last"


def test_without_the_affinity_a_summoned_creature_waits_for_the_next_turn() -> None:
    """Line 476: "They cannot act the turn that they are created": no staff (line 966), or
    version 5, and the beast has no slot this turn."""
    for play in (field("Summon Beast I", disciplines=("Summon",), staff=False),
                 field("Summon Beast I", version="5", disciplines=("Summon",))):
        at_her_action(play)
        events = cast(play, [HIT], "Summon Beast I", "hero-ysolde", at={"q": 3, "r": 3})
        [joined] = of(events, FigureSummoned)
        assert not of(events, SlotAdded) and joined.figure.id not in play.combat.order
        assert not of(events, SpellEnded)


# ---- Conjuration ---------------------------------------------------------------------------


def test_conjuration_lets_a_weapon_attack_follow_a_successful_cast() -> None:
    """Conjuration (line 1226): "If you successfully cast a Conjuration spell, you can immediately
    make an attack with a weapon." Ysolde greases an empty hex beside her (Grease, Minor, a
    Conjuration Spell) and her slot waits: no other Action, no Delay; she strikes the orc next to
    her with her staff (MT1: 1d6 = 6, less armour 3 and shield 1), and the turn goes on to Bram."""
    play = field("Grease, Minor", disciplines=("Conjuration",), bram=(2, 2), mt=1)
    play.put("orc", 3, 3, facing=3)
    at_her_action(play)
    events = cast(play, [HIT], "Grease, Minor", "hero-ysolde", at={"q": 2, "r": 4})
    assert of(events, SpellCast)[0].success and play.combat.current == "hero-ysolde"
    assert play.rule_of("ana", {"type": "pass_action", "figure": "hero-ysolde"}) == "conjuration-attack"
    assert play.rule_of("ana", {"type": "delay", "figure": "hero-ysolde"}) == "conjuration-attack"
    use = {"type": "use_discipline", "figure": "hero-ysolde", "discipline": AFFINITY + "Conjuration"}
    [strike] = list(strikes_in(play.command("ana", {**use, "target": "orc"}, [HIT, 6])))
    assert (strike.attacker, strike.weapon, strike.hit, strike.damage) == ("hero-ysolde", "Staff", True, 2)
    assert play.figure("orc").wounds == 2 and play.combat.current == "hero-bram"
    assert play.rule_of("ana", use) == "conjuration-attack", "one attack, right after the cast"


def test_conjurations_attack_may_be_let_go_and_needs_a_successful_cast() -> None:
    """"you can immediately make an attack": without `target` the hero lets it go and the turn goes
    on; a failed cast (line 1226: "If you successfully cast") brings no attack; version 5 left the
    Affinity to the table."""
    use = {"type": "use_discipline", "figure": "hero-ysolde", "discipline": AFFINITY + "Conjuration"}
    play = field("Grease, Minor", disciplines=("Conjuration",), bram=(2, 2))
    at_her_action(play)
    cast(play, [HIT], "Grease, Minor", "hero-ysolde", at={"q": 2, "r": 4})
    events = play.command("ana", use)
    assert not list(strikes_in(events)) and play.combat.current == "hero-bram"
    play = field("Grease, Minor", disciplines=("Conjuration",), bram=(2, 2))
    at_her_action(play)
    assert not of(cast(play, [10], "Grease, Minor", "hero-ysolde", at={"q": 2, "r": 4}), SpellCast)[0].success
    assert play.combat.current == "hero-bram"
    play = field("Grease, Minor", version="5", disciplines=("Conjuration",), bram=(2, 2))
    at_her_action(play)
    cast(play, [HIT], "Grease, Minor", "hero-ysolde", at={"q": 2, "r": 4})
    assert play.combat.current == "hero-bram"


# ---- Curse II ------------------------------------------------------------------------------


def cursed_orc(version: str | None = None) -> PericleArena:
    """Ysolde (Curse I and II, a staff) put Armor Penetration (a Curse, "lasts three turns") on the
    orc in turn 1; turn 2's Movement phase has begun, the heroes moving."""
    play = field(version=version, disciplines=("Curse I", "Curse II"), bram=(2, 2))
    at_her_action(play)
    assert of(cast(play, [HIT], "Armor Penetration", "orc"), SpellCast)[0].success
    play.end_turn()
    play.to_movement("heroes")
    return play


def curse_ii(play: PericleArena, faces: list[int], **fields: Any) -> list[Any]:
    return play.act("hero-ysolde", "use_discipline", faces, discipline=AFFINITY + "Curse II", **fields)


def test_curse_ii_extends_a_curse_by_a_turn_and_holds_the_hero_to_one_hex() -> None:
    """Curse II (line 1325): "If there is a Curse Spell in effect that you casted and if you only
    move a maximum of one hex, then you can make a Moderate KN check (AD+0) during the Movement
    phase to either extend the duration of the Spell by one turn or to transfer the Curse Spell to
    another foe." Armor Penetration (line 1432: "1E, lasts three turns") cast in turn 1 would
    end at turn 4; a successful KN check (her KN5) makes it turn 5. Then she moves one hex, not two."""
    play = cursed_orc()
    [before] = [s.expires_turn for s in play.combat.spells if s.spell == "Armor Penetration"]
    events = curse_ii(play, [HIT], target="orc")
    [extended] = [e for e in events if type(e).__name__ == "SpellExtended"]
    [checked] = [e for e in events if type(e).__name__ == "CheckMade"]
    assert checked.check.base == 5 and (extended.spell, extended.target) == ("Armor Penetration", "orc")
    assert [s.expires_turn for s in play.combat.spells if s.spell == "Armor Penetration"] == [before + 1]
    move = {"type": "move_figure", "figure": "hero-ysolde", "path": [{"q": 2, "r": 4}, {"q": 2, "r": 5}]}
    assert play.rule_of("ana", move) == "movement-exceeded"
    play.act("hero-ysolde", "move_figure", path=[{"q": 2, "r": 4}])
    assert play.rule_of("ana", {"type": "use_discipline", "figure": "hero-ysolde",
                                "discipline": AFFINITY + "Curse II", "target": "orc"}) == "discipline-active"


def test_curse_ii_transfers_a_curse_to_another_foe_with_thrown_ranges() -> None:
    """"to transfer the Curse Spell to another foe. However, if this foe is more than three hexes
    away from you, apply the range increments to your AD check as per Thrown Spell ranges (-1 for
    4-6 hexes, -2 for 7-9 hexes, etc.)": the spearman, five hexes off, takes the orc's Armor
    Penetration for the turns it had left, after a KN check at AD-1."""
    play = cursed_orc()
    play.put("spearman", 7, 3)
    before = next(s for s in play.combat.spells if s.spell == "Armor Penetration")
    events = curse_ii(play, [HIT], target="spearman")
    [checked] = [e for e in events if type(e).__name__ == "CheckMade"]
    assert [(a.source, a.value) for a in checked.check.adjustments] == [("range", -1)]
    [after] = [s for s in play.combat.spells if s.spell == "Armor Penetration"]
    assert (after.target, after.expires_turn) == ("spearman", before.expires_turn)


def test_curse_ii_needs_a_short_move_and_is_the_tables_in_version_5() -> None:
    """"if you only move a maximum of one hex": not after a two-hex move; version 5 had no use of
    it in the Movement phase."""
    play = cursed_orc()
    play.act("hero-ysolde", "move_figure", path=[{"q": 2, "r": 4}, {"q": 2, "r": 5}])
    assert play.rule_of("ana", {"type": "use_discipline", "figure": "hero-ysolde",
                                "discipline": AFFINITY + "Curse II", "target": "orc"}) == "ran"
    play = cursed_orc(version="5")
    assert play.rule_of("ana", {"type": "use_discipline", "figure": "hero-ysolde",
                                "discipline": AFFINITY + "Curse II", "target": "orc"}) == "wrong-phase"


# ---- Curse III -----------------------------------------------------------------------------


def test_curse_iii_casts_last_turns_curse_again_and_the_action_follows() -> None:
    """Curse III (line 1357): "If you successfully casted a Curse Spell last turn, then during the
    Action phase you can make a Base AD check to re-cast the same Spell at the same or a different
    target, paying the Exhaustion cost. You may then also take an Action." Turn 1: Trip (2E) lays
    the orc prone. Turn 2, in her slot: Trip again at the spearman (2E more), and her Action still
    to come; a second re-cast this turn has nothing to re-cast."""
    play = field(disciplines=("Curse I", "Curse II", "Curse III"), bram=(2, 2))
    at_her_action(play)
    assert of(cast(play, [HIT], "Trip", "orc"), SpellCast)[0].success
    next_turn_at_her_action(play)
    play.put("spearman", 3, 2, facing=3)
    spent = play.figure("hero-ysolde").exhaustion
    use = {"type": "use_discipline", "figure": "hero-ysolde", "discipline": AFFINITY + "Curse III"}
    events = play.command("ana", {**use, "target": "spearman"}, [HIT, 6])  # (a blank Defense Die)
    [again] = of(events, SpellCast)
    assert (again.spell, again.target, again.success, again.exhaustion) == ("Trip", "spearman", True, 2)
    assert play.figure("spearman").condition == "prone" and play.figure("hero-ysolde").exhaustion == spent + 2
    assert play.combat.current == "hero-ysolde", "her Action follows"
    assert play.rule_of("ana", {**use, "target": "orc"}) == "curse-none"
    play.act("hero-ysolde", "pass_action")
    assert play.combat.current == "hero-bram"


def test_curse_iii_needs_last_turns_curse_and_is_the_tables_in_version_5() -> None:
    """"If you successfully casted a Curse Spell last turn": a failed Trip leaves nothing to re-cast;
    version 5 recorded the Discipline for the table as the hero's Action."""
    use = {"type": "use_discipline", "figure": "hero-ysolde", "discipline": AFFINITY + "Curse III",
           "target": "orc"}
    play = field(disciplines=("Curse I", "Curse II", "Curse III"), bram=(2, 2))
    at_her_action(play)
    assert not of(cast(play, [10], "Trip", "orc"), SpellCast)[0].success
    next_turn_at_her_action(play)
    assert play.rule_of("ana", use) == "curse-none"
    play = field(version="5", disciplines=("Curse I", "Curse II", "Curse III"), bram=(2, 2))
    at_her_action(play)
    cast(play, [HIT], "Trip", "orc")
    next_turn_at_her_action(play)
    events = play.command("ana", use)
    assert [type(e).__name__ for e in events][-2:] == ["TableApplied", "ActionDone"]
