"""Pericle 5 enforces more of the Hero Handbook's Spells (seed 001, Appendix: Spells, lines
1397-1574; 3. Actions: Cast a Spell, lines 466-491): Arcane damage, healing, Sleep, Fly, a [T-T]
Spell's second throw, Furtherance I's upkeep, and a Spell Shield that keeps a Spell's effect
off its target. Each test quotes the seed lines it follows."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.pericle.combat_events import (
    Damaged,
    FellProne,
    FigureMoved,
    Healed,
    SlotSkipped,
    SpellCast,
    SpellDamage,
    SpellEnded,
    SpellMaintained,
    SpellThrown,
    TableApplied,
)
from domain.rulesets.pericle.v4.catalogue import handbook_catalogue
from domain.rulesets.pericle.v5.arcane import barrage_damage, doubled
from domain.rulesets.pericle.v5.attack_steps import strikes_in
from tests.unit.pericle_arena import PericleArena, cast, of
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v4_play import BRAM, YSOLDE

HIT, CRIT, MISS = 1, 5, 10  # Action Die faces: a success icon, the Crit, the critical failure
BLANK = 6  # Defense Die: blank
TWO_STARS_AND_TORCH, ONE_STAR = 5, 1  # Crit Die faces (PER-CRIT-DIE)


def arena(*spells: str, version: str | None = None, **ysolde: Any) -> PericleArena:
    """Ysolde (MT0, Base AD0) at (2,3) facing the orc (armour 3, shield 1, HP 8) two hexes east
    across open ground; Bram beside her, out of the line; the Action phase begun. The orc (AD1)
    acts first, then Ysolde, then Bram. `version`: the latest by default."""
    play = PericleArena(heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]}, version=version)
    play.put("hero-ysolde", 2, 3, facing=0, spells=spells, **ysolde)
    play.put("hero-bram", 2, 2, facing=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    return play


def next_turn(play: PericleArena, faces: list[int] | None = None) -> list[Any]:
    """The rest of the turn passes; the next turn's Action phase begins (nobody moves) and every
    figure before Ysolde passes, the last with `faces` (for what her slot's opening rolls)."""
    play.end_turn()
    play.to_actions("heroes")
    while play.combat.order[play.combat.position + 1] != "hero-ysolde":
        play.act(play.combat.current or "", "pass_action")
    return play.act(play.combat.current or "", "pass_action", faces)


def test_the_catalogue_says_what_the_latest_version_enforces() -> None:
    """The catalogue (GET /v1/rulesets/pericle/catalogue) serves the latest version's enforcement:
    Sleep (line 1478) is enforced in 5 and still table-applied in 4; version 4's enforced Spells
    stay enforced."""
    from domain.rulesets import LATEST
    from server.routes.rulesets import _PERICLE_CATALOGUE

    latest = LATEST["pericle"].version
    v4 = {s.name: s for s in handbook_catalogue("4").spells}
    v5 = {s.name: s for s in handbook_catalogue("5").spells}
    assert _PERICLE_CATALOGUE.ruleset_version == latest and int(latest) >= 5
    assert {s.name: s.effect for s in _PERICLE_CATALOGUE.spells} == {
        s.name: s.effect for s in handbook_catalogue(latest).spells}
    assert (v4["Sleep"].effect, v4["Sleep"].enforced_as) == ("table-applied", None)
    assert v5["Sleep"].effect == "enforced" and "prone" in (v5["Sleep"].enforced_as or "")
    assert {n for n, s in v4.items() if s.effect == "enforced"} < {n for n, s in v5.items() if s.effect == "enforced"}
    assert sum(s.effect == "enforced" for s in v4.values()) == 15


# ---- Arcane damage -------------------------------------------------------------------------


def test_arcane_barrage_damage_follows_the_casters_mt() -> None:
    """Arcane Barrage (lines 1419-1428): "deals damage corresponding to your MT as shown in the
    table below. MT Damage / 0 1d4 / 1 1d4 / 2 1d6 / 3 2d4 / 4 1d6+1d4 / 5 2d6 / 6 3d4"; above MT6
    the MT6 bolt (PER-BARRAGE-MT: the table stops there)."""
    table = {int(row.split("\t")[0]): row.split("\t")[1] for row in (line(n) for n in range(1422, 1429))}
    assert table == {mt: barrage_damage(mt) for mt in range(7)}
    assert barrage_damage(9) == "3d4"


def test_arcane_barrage_strikes_through_armour_and_shield() -> None:
    """An MT4 caster's bolt, 1d6+1d4 = 6 + 4, less the orc's armour 3 and shield 1 (it faces her:
    a shield guards against shots from its front sides)."""
    play = arena("Arcane Barrage", mt=4)
    events = cast(play, [HIT, 6, 4], "Arcane Barrage", "orc")
    [spell_cast] = of(events, SpellCast)
    [damage] = of(events, SpellDamage)
    assert spell_cast.exhaustion == 1 and damage.roll.expression == "1d6+1d4" and damage.roll.total == 10
    [hit] = damage.hits
    assert [(a.source, a.value) for a in hit.protection] == [("armour", 3), ("shield", 1)]
    assert hit.damage == 6 and play.figure("orc").wounds == 6
    assert not of(events, TableApplied) and of(events, SpellEnded)[0].reason == "instant"


def test_an_arcane_crit_rolls_the_crit_die_and_stuns_and_still_costs_exhaustion() -> None:
    """Line 179: "Arcane Spells: Stun"; line 182: "for all spells other than Arcane Spells, if a
    Crit is rolled on the Action Die the caster does not expend Exhaustion for the spell. In this
    case, the Crit Die is not rolled. This does not occur for Arcane Spells"; line 169: "Two stars
    and torch: the damage will be doubled and the crit effect will be applied". MT2: 1d6 = 4,
    doubled 8, less armour 3 and shield 1."""
    play = arena("Arcane Barrage", mt=2)
    events = cast(play, [CRIT, 4, TWO_STARS_AND_TORCH], "Arcane Barrage", "orc")
    [damage] = of(events, SpellDamage)
    assert damage.crit_face == "two stars and torch" and damage.hits[0].crit_effect == "stun"
    assert damage.hits[0].damage == 4 and play.figure("orc").stunned
    assert play.figure("hero-ysolde").exhaustion == 1


def test_arcane_ii_doubles_the_dice_for_one_more_exhaustion() -> None:
    """Staff & Wand Affinity: Arcane II (line 1345): "One additional Exhaustion may be spent on
    Arcane spells to double the number of damage dice rolled... a hero may cast Arcane Fire
    Barrage which would normally deal 1d6+1 damage at 0E cost because of Staff & Wand Affinity:
    Arcane, but the hero may choose to spend an additional E, in this case 1E total, and deal
    2d6+1 damage." The example's bolt without its element (Fire's +1 needs Elemental Bending,
    line 1199, which the command cannot name yet): an MT2 caster's 1d6 at 0E becomes 2d6 for 1E."""
    from domain.rulesets.pericle.catalogue import WEAPONS

    assert doubled("1d6+1") == "2d6+1" and doubled("1d6+1d4") == "2d6+2d4"
    affinity = ("Staff & Wand Affinity: Arcane I", "Staff & Wand Affinity: Arcane II")
    play = arena("Arcane Barrage", mt=2, disciplines=affinity, weapons=(WEAPONS["staff"],), in_hand=("staff",))
    events = cast(play, [HIT, 3, 4], "Arcane Barrage", "orc", power=1)
    [spell_cast], [damage] = of(events, SpellCast), of(events, SpellDamage)
    assert spell_cast.exhaustion == 1 and damage.roll.expression == "2d6" and damage.roll.total == 7
    play = arena("Arcane Barrage", mt=2, disciplines=affinity[:1], weapons=(WEAPONS["staff"],), in_hand=("staff",))
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Arcane Barrage", "target": "orc", "power": 1}
    assert play.rule_of("ana", body) == "spell-power", "Arcane I alone spends no extra E"
    [spell_cast] = of(cast(play, [HIT, 3], "Arcane Barrage", "orc"), SpellCast)
    assert spell_cast.exhaustion == 0


def test_arcane_storm_hurts_all_in_seven_hexes_but_the_caster_through_armour_each_turn() -> None:
    """Arcane Storm (line 1450): "1E+1E/turn. Does 1d4 damage to all creatures and allies, except
    for the casting hero... in the target hex and the surrounding adjacent hexes (7 hexes in
    total). Continues to deal damage each turn that the caster maintains the Spell. The damage
    bypasses armor and shields... Roll the damage once and apply it to all creatures." Thrown at
    the orc's hex; the spearman stands next to it, Bram two hexes off."""
    play = arena("Arcane Storm")
    play.put("spearman", 5, 2)
    events = cast(play, [HIT, 3], "Arcane Storm", "hero-ysolde", at={"q": 4, "r": 3})
    [damage] = of(events, SpellDamage)
    assert {(h.figure, h.damage) for h in damage.hits} == {("orc", 3), ("spearman", 3)}
    assert play.figure("orc").wounds == 3 and play.figure("hero-ysolde").exhaustion == 1
    [storm] = play.combat.spells
    assert storm.at is not None and (storm.at.q, storm.at.r) == (4, 3)
    next_turn(play)
    events = play.act("hero-ysolde", "pass_action", [2])
    [upkeep], [again] = of(events, SpellMaintained), of(events, SpellDamage)
    assert upkeep.exhaustion == 1 and again.maintained and {h.figure for h in again.hits} == {"orc", "spearman"}
    assert play.figure("orc").wounds == 5 and play.figure("spearman").condition == "dead"
    next_turn(play)
    events = play.act("hero-ysolde", "pass_action", cancel_spells=["Arcane Storm"])
    assert not of(events, SpellDamage) and [e.reason for e in of(events, SpellEnded)] == ["cancelled"]


def test_arcane_nova_cast_on_self_spares_its_caster() -> None:
    """Arcane Nova (line 1486): "Does 1d6 damage to all creatures, except for the casting hero,
    in the target hex and the surrounding adjacent hexes (seven hexes in total). The Spell may be
    cast on self." Bram beside her takes it, armour no help (his Grit I)."""
    play = arena("Arcane Nova")
    events = cast(play, [HIT, 5], "Arcane Nova", "hero-ysolde")
    [damage] = of(events, SpellDamage)
    assert [(h.figure, h.damage, h.protection) for h in damage.hits] == [("hero-bram", 5, [])]
    assert play.figure("hero-bram").wounds == 5 and play.figure("hero-ysolde").wounds == 0


# ---- healing -----------------------------------------------------------------------------------


def test_regeneration_heals_1d6_a_turn_for_three_turns_once_per_hero() -> None:
    """Regeneration (line 1530): "1E. Lasts three turns. Target heals 1d6 damage per turn.
    Regeneration can only be cast once per day on a target hero"; line 1393: "A Spell whose
    duration is X turns lasts until the caster acts on the Xth turn after the current turn."
    Healing never passes the maximum HP (line 652)."""
    play = arena("Regeneration")
    play.put("hero-bram", 3, 2, facing=0, wounds=9)
    events = cast(play, [HIT, 3], "Regeneration", "hero-bram")
    assert [h.amount for h in of(events, Healed)] == [3] and play.figure("hero-ysolde").exhaustion == 1
    healed = []
    for face in (4, 6, 6):
        healed += [h.amount for h in of(next_turn(play, [face]), Healed)]
    assert healed == [4, 2], "the second and third turns; the fourth, it has ended (6 would pass the maximum)"
    assert play.figure("hero-bram").wounds == 0 and play.combat.spells == ()
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Regeneration", "target": "hero-bram"}
    assert play.rule_of("ana", body) == "spell-once-a-day"


def test_transfer_wounds_throws_twice_and_moves_the_hp_chosen() -> None:
    """Transfer Wounds (line 1556): "[T-T] Enigmatic: xE. Transfers damage. The caster loses E
    equal to the HP transferred. The caster must first roll to throw a Spell at target1 to be
    healed... Then, if successful, the caster next rolls to throw the Spell at target2, who will
    receive the damage... Target2 loses HP equal to the amount of damage healed on target1. Armor
    provides no protection... the caster may choose to transfer less than the full amount"."""
    play = arena("Transfer Wounds")
    play.put("hero-bram", 3, 2, facing=0, wounds=4)
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Transfer Wounds", "target": "hero-bram",
            "second_target": "orc"}
    assert play.rule_of("ana", {**body, "power": 5}) == "spell-power", "Bram has suffered 4"
    events = cast(play, [HIT, HIT, BLANK], "Transfer Wounds", "hero-bram", second_target="orc", power=3)
    [spell_cast], [thrown] = of(events, SpellCast), of(events, SpellThrown)
    assert spell_cast.success and thrown.success and thrown.target == "orc"
    assert [(h.figure, h.amount) for h in of(events, Healed)] == [("hero-bram", 3)]
    assert [(d.figure, d.amount) for d in of(events, Damaged)] == [("orc", 3)]
    assert (play.figure("hero-bram").wounds, play.figure("orc").wounds) == (1, 3)
    assert play.figure("hero-ysolde").exhaustion == 3


def test_transfer_wounds_missing_the_second_target_moves_nothing_and_costs_nothing() -> None:
    play = arena("Transfer Wounds")
    play.put("hero-bram", 3, 2, facing=0, wounds=4)
    events = cast(play, [HIT, MISS, BLANK], "Transfer Wounds", "hero-bram", second_target="orc", power=3)
    assert not of(events, SpellThrown)[0].success and not of(events, Healed)
    assert play.figure("hero-bram").wounds == 4 and play.figure("hero-ysolde").exhaustion == 0


def test_transfer_wounds_to_heal_oneself_takes_one_throw() -> None:
    """Line 1556: "If the caster chooses Self as the target to heal, then only one roll is
    required, which is the attack roll to throw the Spell at the foe to be wounded"."""
    play = arena("Transfer Wounds", wounds=2)
    events = cast(play, [HIT, BLANK], "Transfer Wounds", "hero-ysolde", second_target="orc", power=2)
    [spell_cast] = of(events, SpellCast)
    assert not of(events, SpellThrown) and "orc" in spell_cast.check.roll.purpose.lower()
    assert (play.figure("hero-ysolde").wounds, play.figure("orc").wounds) == (0, 2)
    assert play.figure("hero-ysolde").exhaustion == 2


# ---- conditions ----------------------------------------------------------------------------------


def test_sleep_lays_the_target_down_until_an_attack_wakes_it() -> None:
    """Sleep (line 1478): "3E. Target falls prone and sleeps until awakened or hit by an attack
    or another Spell. Only works on creatures with MT less than 10." A sleeper neither moves nor
    acts: its slot passes."""
    play = arena("Sleep")
    play.put("zombie", 5, 4, mt=10)
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Sleep", "target": "zombie"}
    assert play.rule_of("ana", body) == "spell-target", "MT10"
    events = cast(play, [HIT], "Sleep", "orc")
    assert [e.reason for e in of(events, FellProne)] == ["Sleep"] and not of(events, SpellEnded)
    assert play.figure("hero-ysolde").exhaustion == 3 and play.figure("orc").condition == "prone"
    play.end_turn()
    play.to_movement("enemies")
    move = {"type": "move_figure", "figure": "orc", "path": [{"q": 5, "r": 3}]}
    assert play.rule_of("gm", move) == "asleep"
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    events = play.command("ana", {"type": "begin_actions"})
    assert [(e.figure, e.reason) for e in of(events, SlotSkipped)] == [("orc", "asleep")]
    assert [s.spell for s in play.combat.spells] == ["Sleep"], "no upkeep: it lasts until broken"
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "pass_action")
    play.put("hero-bram", 3, 3, facing=0)
    play.act("hero-bram", "attack", [HIT, 1], strikes=[{"target": "orc"}])
    assert play.combat.spells == () and play.figure("orc").condition == "prone"


def test_another_spell_wakes_a_sleeper() -> None:
    """Sleep (line 1478): "until awakened or hit by an attack or another Spell"."""
    play = arena("Sleep", "Armor Penetration")
    cast(play, [HIT], "Sleep", "orc")
    next_turn(play)
    events = cast(play, [HIT, BLANK], "Armor Penetration", "orc")  # a Defense Die: a prone target
    assert [(e.spell, e.reason) for e in of(events, SpellEnded)] == [("Sleep", "woken by a spell")]
    assert [s.spell for s in play.combat.spells] == ["Armor Penetration"]


def test_fly_gives_movement_6_in_the_air_and_a_fall_when_it_ends_aloft() -> None:
    """Fly (line 1492): "1E+1 every two turns. Gain Movement 6 while flying... If flight is
    canceled while flying, you fall to the ground taking 2d6 damage." Line 485: "A hero that has
    a Spell with a duration in effect may cancel it at any time"."""
    play = arena("Fly")
    path = [{"q": 2, "r": 4}, {"q": 2, "r": 5}, {"q": 2, "r": 6}, {"q": 1, "r": 6}, {"q": 1, "r": 7}, {"q": 0, "r": 7}]
    cast(play, [HIT], "Fly", "hero-ysolde")
    assert [s.spell for s in play.combat.spells] == ["Fly"]
    play.end_turn()
    play.to_movement("heroes")
    play.command("ana", {"type": "move_figure", "figure": "hero-ysolde", "path": path, "fly": True})
    assert play.figure("hero-ysolde").airborne and play.figure("hero-ysolde").hex.r == 7
    play.command("ana", {"type": "end_movement"})
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "pass_action", [2, 3], cancel_spells=["Fly"])
    assert [(e.reason, e.airborne) for e in of(events, FigureMoved)] == [("fall", False)]
    assert [(d.amount, d.source) for d in of(events, Damaged)] == [(5, "fall:Fly")]
    assert not play.figure("hero-ysolde").airborne and play.figure("hero-ysolde").wounds == 5


def test_without_fly_a_hero_does_not_fly() -> None:
    play = arena()
    play.end_turn()
    play.to_movement("heroes")
    move = {"type": "move_figure", "figure": "hero-ysolde", "path": [{"q": 2, "r": 4}], "fly": True}
    assert play.rule_of("ana", move) == "cannot-fly"


# ---- Spell Shield, Furtherance I, a caster who falls --------------------------------------------


def test_a_spell_at_a_spell_shield_is_cast_and_paid_but_does_not_affect_its_target() -> None:
    """Spell Shield (line 1534): "prevents all other Spells from affecting the target"; the cast
    itself is a Base AD check whose success pays the Exhaustion (line 468: "If successful, they
    immediately pay the Exhaustion (E) cost for the spell"). Version 4 refused the cast."""
    play = arena("Spell Shield", "Blur")
    play.put("hero-bram", 3, 2, facing=0)
    cast(play, [HIT], "Spell Shield", "hero-bram")
    next_turn(play)
    events = cast(play, [HIT], "Blur", "hero-bram")
    assert [(e.spell, e.reason) for e in of(events, SpellEnded)] == [("Blur", "spell shield")]
    assert [s.spell for s in play.combat.spells] == ["Spell Shield"]
    assert play.figure("hero-ysolde").exhaustion == 1 + 1 + 1, "Spell Shield, its upkeep, and Blur"


def test_furtherance_i_pays_the_upkeep_on_odd_turns_from_the_third() -> None:
    """Staff & Wand Affinity: Furtherance I (line 1232): "Pay the ongoing Exhaustion cost for
    Furtherance Spells on every odd turn, starting with turn three... if casting Ricochet Attack,
    you would pay the casting cost turn one, as normal. On turn two, the maintenance cost would be
    free. On turn three and every odd turn thereafter, you would pay the maintenance cost of 1E"
    (with a staff or wand in hand, line 966)."""
    from domain.rulesets.pericle.catalogue import WEAPONS

    play = arena("Ricochet Attack", disciplines=("Staff & Wand Affinity: Furtherance I",),
                 weapons=(WEAPONS["staff"],), in_hand=("staff",))
    play.put("hero-bram", 3, 2, facing=0)
    [spell_cast] = of(cast(play, [HIT], "Ricochet Attack", "hero-bram"), SpellCast)
    paid = [spell_cast.exhaustion]
    for _ in range(3):
        next_turn(play)
        paid += [e.exhaustion for e in of(play.act("hero-ysolde", "pass_action"), SpellMaintained)]
    assert paid == [1, 0, 1, 0]


def test_a_fallen_casters_spells_with_a_duration_last_and_maintained_ones_end() -> None:
    """Line 489: "If a hero is unconscious, then their spells that require exhaustion renewal are
    canceled at the start of the unconscious combatant's Action phase"; line 487: "The fire would
    continue burning". Magic Armor I lasts three turns (line 1458); Blur is maintained (line 1399)."""
    play = arena("Magic Armor I", "Blur")
    play.put("hero-bram", 3, 2, facing=0)
    cast(play, [HIT], "Magic Armor I", "hero-bram")
    next_turn(play)
    cast(play, [HIT], "Blur", "hero-bram")
    play.put("hero-ysolde", 2, 3, facing=0, wounds=12)  # down, unconscious
    play.put("hero-ysolde", 2, 3, facing=0, condition="unconscious")
    next_turn(play)
    ended = [(e.spell, e.reason) for e in play.events[-12:] if isinstance(e, SpellEnded)]
    assert ended == [("Blur", "caster unconscious")]
    assert [s.spell for s in play.combat.spells] == ["Magic Armor I"]


@pytest.mark.parametrize("version", ["4", "5"])
def test_a_karma_reroll_decides_the_cast_again_under_the_battles_version(version: str) -> None:
    """Seed 001, Karma (line 632): "force a re-roll of any set of dice"; the re-run is the
    battle's own version's rule: Pericle 5's bolt deals damage, version 4's records it for the
    table."""
    play = PericleArena(version=version, heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                                 "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]})
    play.put("hero-ysolde", 2, 3, facing=0, spells=("Arcane Barrage",), karma=1)
    play.put("hero-bram", 2, 2, facing=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    cast(play, [MISS], "Arcane Barrage", "orc")
    events = play.command("ana", {"type": "spend_karma", "hero": "hero-ysolde"}, [HIT, 2])
    assert bool(of(events, SpellDamage)) == (version == "5")
    assert bool(of(events, TableApplied)) == (version == "4")


# ---- summons -------------------------------------------------------------------------------------


def test_a_summoned_beast_joins_its_casters_side_acts_from_the_next_turn_and_vanishes_with_the_spell() -> None:
    """Summon Beast I (line 1413): "1E+1E/turn. Summon a non-flying small animal... completely
    under your control... The summoned creature cannot act on the turn it is summoned. Stats: HP 6,
    MT0, DX2/AD2, KN0, Grapple 0, Movement 4, bite/claws 1d4." Line 476: "Summoned creatures and
    Images must be created in an empty hex. They cannot act the turn that they are created";
    line 480: "This spell requires the hero to expend Exhaustion every turn to persist the
    summoned creature. The summoned creature can fight and be killed like a normal creature";
    line 485: a caster "may cancel it at any time... This includes summoned creatures"."""
    play = arena("Summon Beast I")
    events = cast(play, [HIT], "Summon Beast I", "hero-ysolde", at={"q": 3, "r": 3})
    [joined] = [e for e in events if type(e).__name__ == "FigureSummoned"]
    beast = play.figure(joined.figure.id)
    assert (beast.team, beast.seat, beast.max_hp, beast.mt, beast.base_ad, beast.grapple, beast.movement) == (
        "heroes", "ana", 6, 0, 2, 0, 4)
    assert [w.damage for w in beast.weapons] == ["1d4"] and (beast.hex.q, beast.hex.r) == (3, 3)
    assert beast.id not in play.combat.order, "it cannot act the turn it is summoned"
    play.end_turn()
    play.to_actions("heroes")
    assert beast.id in play.combat.order
    play.pass_until(beast.id)
    [strike] = list(strikes_in(play.act(beast.id, "attack", [HIT, 3], strikes=[{"target": "orc"}])))
    assert strike.hit and strike.weapon == "Bite/claws"
    play.pass_until("hero-ysolde")
    [upkeep] = of(play.act("hero-ysolde", "pass_action"), SpellMaintained)
    assert upkeep.exhaustion == 1
    next_turn(play)
    events = play.act("hero-ysolde", "pass_action", cancel_spells=["Summon Beast I"])
    assert [type(e).__name__ for e in events][1:3] == ["SpellEnded", "FigureVanished"]
    assert play.combat.figure(beast.id) is None and beast.id not in play.combat.order


def test_a_summons_cancelled_out_of_turn_takes_its_creature_with_it() -> None:
    """Line 485: "A hero that has a Spell with a duration in effect may cancel it at any time,
    during any Phase, even if it is not their turn to take an action. This includes summoned
    creatures" (`cancel_spell`, v5/spell_ends.py): the creature vanishes with its spell."""
    play = arena("Summon Beast I")
    events = cast(play, [HIT], "Summon Beast I", "hero-ysolde", at={"q": 3, "r": 3})
    [joined] = [e for e in events if type(e).__name__ == "FigureSummoned"]
    events = play.command("ana", {"type": "cancel_spell", "figure": "hero-ysolde", "spell": "Summon Beast I"})
    assert [type(e).__name__ for e in events][-2:] == ["SpellEnded", "FigureVanished"]
    assert play.combat.figure(joined.figure.id) is None


def test_a_slain_summons_spell_ends_without_upkeep() -> None:
    """Line 480: "The summoned creature can fight and be killed like a normal creature": with it
    dead, there is nothing left to pay for."""
    play = arena("Summon Spectral Warrior")
    events = cast(play, [HIT], "Summon Spectral Warrior", "hero-ysolde", at={"q": 3, "r": 3})
    [joined] = [e for e in events if type(e).__name__ == "FigureSummoned"]
    assert (joined.figure.max_hp, joined.figure.mt, joined.figure.base_ad, joined.figure.movement) == (14, 4, 2, 5)
    play.put(joined.figure.id, 3, 3, condition="dead")
    next_turn(play)
    events = play.act("hero-ysolde", "pass_action")
    assert not of(events, SpellMaintained) and [e.reason for e in of(events, SpellEnded)] == ["summon slain"]


def test_dispel_in_a_summoned_creatures_hex_sends_it_away() -> None:
    """Dispel (line 1528): "Dispels all Spells and Spell effects in one chosen hex, including
    creations and summoned creatures"."""
    play = arena("Summon Beast II", "Dispel")
    events = cast(play, [HIT], "Summon Beast II", "hero-ysolde", at={"q": 3, "r": 3})
    [joined] = [e for e in events if type(e).__name__ == "FigureSummoned"]
    next_turn(play)
    events = cast(play, [HIT], "Dispel", "hero-ysolde", at={"q": 3, "r": 3})
    assert [(e.spell, e.reason) for e in of(events, SpellEnded)] == [("Dispel", "instant"), ("Summon Beast II",
                                                                                             "dispelled")]
    assert play.combat.figure(joined.figure.id) is None and play.combat.spells == ()


# ---- Terror ----------------------------------------------------------------------------------------


def test_terror_makes_a_foe_that_has_not_acted_defend_this_turn() -> None:
    """Terror (line 1415): "2E. Target must Defend for its next Action. If the target has not
    taken an Action this turn, then it will Defend this turn." The zombie (AD0) acts after Ysolde:
    its slot passes, Defending."""
    play = arena("Terror")
    play.put("zombie", 3, 5, facing=3)
    events = cast(play, [HIT], "Terror", "zombie")
    assert [e.figure for e in events if type(e).__name__ == "DefendDeclared"] == ["zombie"]
    assert [(e.spell, e.reason) for e in of(events, SpellEnded)] == [("Terror", "defends this turn")]
    assert play.figure("hero-ysolde").exhaustion == 2
    events = play.act("hero-bram", "pass_action")
    assert [(e.figure, e.reason) for e in of(events, SlotSkipped)] == [("zombie", "defending")]


def test_terror_on_a_foe_that_has_acted_makes_it_defend_next_turn() -> None:
    """Terror (line 1415): "If the target has already taken an Action this turn, then its Action
    for next turn will be to Defend. This Spell does not work on creatures whose HP at full health
    is greater than 20." The orc (AD1) has acted before Ysolde."""
    play = arena("Terror")
    play.put("zombie", 5, 4, max_hp=21)
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Terror", "target": "zombie"}
    assert play.rule_of("ana", body) == "spell-target"
    cast(play, [HIT], "Terror", "orc")
    assert [s.spell for s in play.combat.spells] == ["Terror"] and not play.figure("orc").defending
    play.end_turn()
    play.to_movement("heroes")
    play.command("ana", {"type": "end_movement"})
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    events = play.command("ana", {"type": "begin_actions"})
    assert [(e.spell, e.reason) for e in of(events, SpellEnded)] == [("Terror", "defends")]
    assert ("orc", "defending") in [(e.figure, e.reason) for e in of(events, SlotSkipped)]


@pytest.mark.parametrize(("face", "affected"), [(HIT, True), (MISS, False)])
def test_terror_on_kn3_and_above_is_an_opposed_kn_check(face: int, affected: bool) -> None:
    """Terror (line 1415): "Creatures with KN3 or higher make an opposed KN check, and if the
    target succeeds on the opposed KN check, it is not affected"; seed 001, Opposed Checks (line
    206: "Sindaro has a KN of 8, so Sindaro gets to roll the KN Check at AD2"): equal KN5, the
    caster rolls at AD0. (Version 5's: from version 6 Ysolde, a forest elf, counts her KN a point
    higher, Elvish Arcanum: tests/unit/test_pericle_v6_combat.py.)"""
    play = arena("Terror", version="5")
    play.put("zombie", 3, 5, facing=3, kn=5)
    events = cast(play, [HIT, face], "Terror", "zombie")
    [opposed] = [e for e in events if type(e).__name__ == "CheckMade"]
    assert (opposed.figure, opposed.check.ad) == ("hero-ysolde", 0)
    assert play.figure("zombie").defending == affected
    assert [e.reason for e in of(events, SpellEnded)] == ["defends this turn" if affected else "resisted"]


# ---- Grease, Minor -------------------------------------------------------------------------------


def test_grease_trips_who_walks_or_stands_up_on_it_but_not_who_crawls() -> None:
    """Grease, Minor (line 1403): "1E. Select one hex to become greased until the end of combat...
    When a creature moves into the greased hex, it must roll a Base AD check or fall. Each time
    the creature moves into a greased hex, a new check must be rolled. Standing from a greased hex
    also requires a check... Creatures may crawl without rolling a check. If grease is cast on a
    hex already occupied by a creature, that creature must immediately roll an AD check or fall."
    """
    play = arena("Grease, Minor")
    events = cast(play, [HIT, MISS], "Grease, Minor", "hero-ysolde", at={"q": 4, "r": 3})
    assert [(e.figure, e.reason) for e in of(events, FellProne)] == [("orc", "slipped on grease")]
    assert [s.spell for s in play.combat.spells] == ["Grease, Minor"] and not of(events, SpellEnded)
    play.put("orc", 5, 3, condition="standing")
    play.end_turn()
    play.to_movement("enemies")
    events = play.command("gm", {"type": "move_figure", "figure": "orc", "path": [{"q": 4, "r": 3}]}, [MISS])
    assert [(e.figure, e.reason) for e in of(events, FellProne)] == [("orc", "slipped on grease")]
    assert (play.figure("orc").hex.q, play.figure("orc").condition) == (4, "prone")
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})
    events = play.act("orc", "stand_up", [MISS])
    assert [e.purpose for e in events if type(e).__name__ == "CheckMade"] == ["Base AD check to stand up from grease"]
    assert play.figure("orc").condition == "prone"
    play.end_turn()
    play.to_movement("enemies")
    events = play.command("gm", {"type": "move_figure", "figure": "orc", "path": [{"q": 5, "r": 3}]})
    assert not [e for e in events if type(e).__name__ == "CheckMade"], "a prone figure crawls without a check"


# ---- Word of Death, Revival ------------------------------------------------------------------------


def test_word_of_death_the_seeds_example() -> None:
    """Word of Death (line 1574): "Compare the current HP of the target and the caster. Whichever
    has less HP dies instantly, as if at -5 HP. If the caster survives, they then suffer an
    Exhaustion cost equal to the amount of HP that the target had prior to the Spell. For example,
    if the target had 7HP and the casting hero had 9HP prior to the Spell being cast, then the
    target dies and the casting hero suffers 7 points of exhaustion."""
    play = arena("Word of Death", wounds=1)
    play.put("orc", 4, 3, wounds=1)
    assert (play.figure("hero-ysolde").hp, play.figure("orc").hp) == (9, 7)
    [spell_cast] = of(cast(play, [HIT], "Word of Death", "orc"), SpellCast)
    assert spell_cast.exhaustion == 7 and play.figure("hero-ysolde").exhaustion == 7
    assert (play.figure("orc").hp, play.figure("orc").condition) == (-5, "dead")


def test_word_of_death_kills_the_caster_with_less_hp_and_costs_nothing() -> None:
    play = arena("Word of Death", wounds=7)
    cast(play, [HIT], "Word of Death", "orc")
    ysolde = play.figure("hero-ysolde")
    assert (ysolde.hp, ysolde.condition, ysolde.exhaustion) == (-5, "dead", 0)
    assert play.figure("orc").wounds == 0


@pytest.mark.parametrize(("power", "condition"), [(3, "dead"), (4, "unconscious"), (9, "prone")])
def test_revival_the_seeds_example(power: int, condition: str) -> None:
    """Revival (line 1552): "xE. Brings the target back to life... It costs 1E to increase the
    target's HP by 1. To be effective, the target's HP must be raised to at least -4, in which case
    the target is still unconscious. Raising HP to 1 will revive the target to consciousness. For
    example, if a dead hero has -8HP, the caster must spend at least 4E to bring the target to
    -4HP, and 9E would revive the dead hero to 1HP." Bram (13 HP) lies dead at -8."""
    play = arena("Revival")
    play.put("hero-bram", 3, 2, facing=0, wounds=21, condition="dead")
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Revival", "target": "orc", "power": 4}
    assert play.rule_of("ana", body) == "spell-target", "a dead hero"
    [spell_cast] = of(cast(play, [HIT], "Revival", "hero-bram", power=power), SpellCast)
    bram = play.figure("hero-bram")
    assert (bram.hp, bram.condition, spell_cast.exhaustion) == (-8 + power, condition, power)


# ---- Arcane Flux ------------------------------------------------------------------------------------


def test_arcane_flux_the_seeds_chainmail_example() -> None:
    """Arcane Flux (line 1430): "[C] Arcane: 1E. ...a pool of energy in one hex lasting until the
    end of combat. If a creature is in the hex, it causes 1HP damage. If a creature enters a hex
    with energy flux, it also takes 1HP damage. If a creature starts its turn in a hex with flux
    and does not leave, it takes 3HP damage during the Action phase on the casting hero's turn.
    Attacking while standing on a hex with flux is distracting, resulting in AD-2 on the attack
    roll. Armor (but not a shield) protects against damage until cumulative damage exceeds the
    armor bonus. For example, a hero with chainmail (3) will take no damage the turn it enters
    flux, but the chainmail effectiveness is reduced by one from three to two points by the flux.
    Thus on the second turn, when exposed to 3HP flux damage the chainmail only protects 2HP,
    resulting in 1HP damage... It does not hurt the caster". Bram wears chainmail (3)."""
    play = arena("Arcane Flux")
    play.put("hero-bram", 2, 2, facing=0, armour=3)
    events = cast(play, [HIT], "Arcane Flux", "hero-ysolde", at={"q": 3, "r": 3})
    assert [s.spell for s in play.combat.spells] == ["Arcane Flux"] and not of(events, SpellDamage)
    play.end_turn()
    play.to_movement("heroes")
    events = play.command("ben", {"type": "move_figure", "figure": "hero-bram",
                                  "path": [{"q": 3, "r": 2}, {"q": 3, "r": 3}]})
    [entered] = [h for d in of(events, SpellDamage) for h in d.hits]
    assert (entered.figure, entered.damage, entered.absorbed) == ("hero-bram", 0, 1)
    play.command("ana", {"type": "end_movement"})
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})
    play.pass_until("hero-ysolde")
    assert not of(play.act("hero-ysolde", "pass_action"), SpellDamage), "Bram entered this turn"
    burnt = [h for d in of(next_turn(play), SpellDamage) for h in d.hits]
    assert [(h.figure, h.damage) for h in burnt] == [("hero-bram", 1)] and play.figure("hero-bram").wounds == 1
    play.act("hero-ysolde", "pass_action")
    # Base AD0 at -2: AD0 with two Misfortune (three dice).
    [strike] = list(strikes_in(play.act("hero-bram", "attack", [HIT, HIT, HIT, 1], strikes=[{"target": "orc"}])))
    assert ("standing in Arcane Flux", -2) in [(a.source, a.value) for a in strike.check.adjustments]


def test_arcane_flux_on_an_occupied_hex_burns_its_occupant_not_its_caster() -> None:
    """Line 1430: "If a creature is in the hex, it causes 1HP damage... It does not hurt the
    caster"; the orc's armour 3 takes the 1HP."""
    play = arena("Arcane Flux")
    events = cast(play, [HIT], "Arcane Flux", "hero-ysolde", at={"q": 4, "r": 3})
    [hit] = [h for d in of(events, SpellDamage) for h in d.hits]
    assert (hit.figure, hit.damage, hit.absorbed) == ("orc", 0, 1) and play.figure("orc").flux_absorbed == 1
    play.put("orc", 5, 4)
    play.end_turn()
    play.to_movement("heroes")
    events = play.command("ana", {"type": "move_figure", "figure": "hero-ysolde", "path": [{"q": 3, "r": 3},
                                                                                         {"q": 4, "r": 3}]})
    assert play.figure("hero-ysolde").hex.q == 4 and not of(events, SpellDamage)


# ---- Create Undead ----------------------------------------------------------------------------------


def test_create_undead_takes_three_turns_then_the_corpse_rises_on_the_casters_side() -> None:
    """Create Undead (line 1468): "0E, 1HP. Creates a zombie from a corpse. The zombie has the
    same MT as prior to death... this Spell causes 1HP of damage from the caster instead of
    Exhaustion. The Spell takes three turns to cast... The zombie has the same HP as max HP (when
    at full health) prior to death. DX and Movement are the same as prior to death, but DX is
    reduced by 1, KN is 0, Movement is reduced by 2... The hero can control only 1 zombie at a
    time." The dead zombie (HP 6, MT2, AD0, Movement 4) rises for Ysolde."""
    play = arena("Create Undead")
    play.put("zombie", 4, 2, condition="dead")
    events = cast(play, [HIT, BLANK, BLANK], "Create Undead", "zombie")
    assert not of(events, Damaged) and [s.spell for s in play.combat.spells] == ["Create Undead"]
    for _ in range(2):
        play.end_turn()
        play.to_actions("heroes")
        play.pass_until("hero-bram")
        skipped = [(e.figure, e.reason) for e in play.events[-8:] if isinstance(e, SlotSkipped)]
        assert ("hero-ysolde", "casting Create Undead") in skipped
    events = next_turn(play)
    assert [(d.figure, d.amount) for d in of(events, Damaged)] == [("hero-ysolde", 1)]
    [risen] = [e.figure for e in events if type(e).__name__ == "FigureSummoned"]
    assert (risen.team, risen.seat, risen.max_hp, risen.mt, risen.base_ad, risen.kn, risen.movement) == (
        "heroes", "ana", 6, 2, -1, 0, 2)
    assert play.combat.figure("zombie") is None and play.combat.current == "hero-ysolde"
    play.put("orc", 4, 3, condition="dead")
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Create Undead", "target": "orc"}
    assert play.rule_of("ana", body) == "spell-one-zombie"


def test_elemental_protection_keeps_arcane_spells_off_its_target() -> None:
    """Elemental Protection (line 1440): "1E, lasts five turns. The target becomes immune to the
    elemental effects of spells, elemental damage (for example, fire), and Arcane spells for the
    duration of the spell." Bram, protected, stands beside Ysolde's Nova; the orc does not."""
    play = arena("Elemental Protection", "Arcane Nova")
    play.put("hero-bram", 3, 2, facing=0)
    play.put("orc", 3, 3, facing=3)
    [spell_cast] = of(cast(play, [HIT], "Elemental Protection", "hero-bram"), SpellCast)
    assert spell_cast.duration == 5
    next_turn(play)
    [damage] = of(cast(play, [HIT, 4], "Arcane Nova", "hero-ysolde"), SpellDamage)
    assert [h.figure for h in damage.hits] == ["orc"] and play.figure("hero-bram").wounds == 0


def test_dispel_on_self_sends_a_summon_away_with_the_spells_on_it() -> None:
    """Dispel (line 1528): "If cast on self, it affects every Spell within 10 hexes, including
    "friendly" Spells": the beast goes, and Blur on it with it."""
    play = arena("Summon Beast I", "Blur", "Dispel")
    [joined] = [e for e in cast(play, [HIT], "Summon Beast I", "hero-ysolde", at={"q": 3, "r": 3})
                if type(e).__name__ == "FigureSummoned"]
    next_turn(play)
    cast(play, [HIT], "Blur", joined.figure.id)
    next_turn(play)
    events = cast(play, [HIT], "Dispel", "hero-ysolde", cancel_spells=[])
    assert play.combat.figure(joined.figure.id) is None and play.combat.spells == ()
    assert [e.reason for e in of(events, SpellEnded)][-2:] == ["instant", "dispelled"]


def test_grappling_agility_wins_the_grapple_and_the_escape() -> None:
    """Grappling Agility (line 1452): "1E+1E/turn. Target automatically wins opposed checks to
    Grapple or to avoid a Grapple against 1-hex foes... If cast on a target that is already
    Grappled, the target will automatically succeed on attempts to escape, and then may crawl to
    an adjacent hex." Bram (Grapple 6) grapples the orc; the dice fail him, the Spell does not."""
    from domain.rulesets.pericle.combat_events import EscapedGrapple, Grappled

    play = arena("Grappling Agility")
    play.put("hero-bram", 3, 3, facing=0)
    cast(play, [HIT], "Grappling Agility", "hero-bram")
    [grappled] = of(play.act("hero-bram", "grapple", [MISS], target="orc"), Grappled)
    assert grappled.success and not grappled.check.success and play.figure("orc").grappled_with == ("hero-bram",)
    next_turn(play)
    play.act("hero-ysolde", "pass_action")
    [escaped] = of(play.act("hero-bram", "escape", [MISS], to={"q": 4, "r": 2}), EscapedGrapple)
    assert escaped.success and play.figure("hero-bram").grappled_with == ()


def test_magic_shield_guards_the_front_and_breaks_on_a_double_hit() -> None:
    """Magic Shield I (line 1409): "0E. Creates a magical force of energy that blocks attacks in
    the target's front hexes, granting one point of protection... The Spell lasts for 10 turns but
    is destroyed if the hero is hit with an attack that does double or triple damage. However, in
    this case it negates the critical hit, resulting in a normal hit instead. This armor
    protection will not stack with other shields"; Magic Shield II (line 1474): "2 points of
    armor". Bram (Grit I: armour 1, no shield) faces the orc, whose axe deals 1d6+1."""

    play = arena("Magic Shield II")
    play.put("hero-bram", 3, 3, facing=0)
    [spell_cast] = of(cast(play, [HIT], "Magic Shield II", "hero-bram"), SpellCast)
    assert spell_cast.duration == 10 and spell_cast.exhaustion == 1
    next_turn(play)
    # (the orc acted first this turn, passing; the next turn it swings)
    play.act("hero-ysolde", "pass_action")
    play.end_turn()
    play.to_actions("heroes")
    [strike] = strikes_in(play.act("orc", "attack", [HIT, 5], strikes=[{"target": "hero-bram"}]))
    assert [(a.source, a.value) for a in strike.protection] == [("armour", 1), ("Magic Shield II", 2)]
    assert strike.damage == 6 - 3
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "pass_action")
    play.end_turn()
    play.to_actions("heroes")
    events = play.act("orc", "attack", [CRIT, 5, TWO_STARS_AND_TORCH], strikes=[{"target": "hero-bram"}])
    strike = next(iter(strikes_in(events)))
    assert strike.crit_face == "two stars and torch" and strike.crit_effect is None
    assert strike.damage == 6 - 3, "a normal hit, not doubled"
    assert [(e.spell, e.reason) for e in of(events, SpellEnded)] == [("Magic Shield II", "destroyed by a critical hit")]


def test_ricochet_attack_the_seeds_example() -> None:
    """Ricochet Attack (line 1532): "When the target is hit by a melee attack, the blow is
    reflected back at the attacker. Both the attacker and the target take half of the damage
    rounded up. For example, if a foe hits a target for 7 HP damage, both the attacker and the
    individual protected by this Spell take 4 damage. This only impacts melee attacks... The armor
    value of each combatant is subtracted after dividing the damage." The orc's axe, 1d6 = 6 +1:
    7, halved 4; Bram's armour 1 leaves him 3, the orc's armour 3 leaves it 1."""

    play = arena("Ricochet Attack")
    play.put("hero-bram", 3, 3, facing=0)
    cast(play, [HIT], "Ricochet Attack", "hero-bram")
    next_turn(play)
    play.act("hero-ysolde", "pass_action")
    play.end_turn()
    play.to_actions("heroes")
    events = play.act("orc", "attack", [HIT, 6], strikes=[{"target": "hero-bram"}])
    strike = next(iter(strikes_in(events)))
    assert strike.damage == 3 and play.figure("hero-bram").wounds == 3
    assert [(d.figure, d.amount) for d in of(events, Damaged)] == [("orc", 1)] and play.figure("orc").wounds == 1


def test_reverse_ranged_attacks_turns_a_thrown_dagger_and_a_bolt_on_their_thrower() -> None:
    """Reverse Ranged Attacks (line 1476): "When the target is hit by ranged weapons, thrown
    weapons, or thrown Spells, the attacks are reversed and instead hit the original attacker. A
    second attack roll is not necessary; if the attacker hits a target who is protected by the
    Reverse Ranged Attack Spell, then the attacker automatically hits itself instead. Note that
    the attacker must still roll to hit the protected target." Cast on the orc; Bram's thrown
    dagger (1d6 = 4, less his armour 1) and Ysolde's bolt (1d4 = 2) come back at them."""
    play = arena("Reverse Ranged Attacks", "Arcane Barrage")
    play.put("hero-bram", 2, 4, facing=0, in_hand=("dagger",))
    cast(play, [HIT, BLANK], "Reverse Ranged Attacks", "orc")  # Bram gives the orc Partial Cover
    strike = next(iter(strikes_in(play.act("hero-bram", "attack", [HIT, 4],
                                           strikes=[{"target": "orc", "weapon": "dagger"}]))))
    assert strike.hit and strike.target == "hero-bram" and strike.damage == 3
    assert play.figure("hero-bram").wounds == 3 and play.figure("orc").wounds == 0
    next_turn(play)
    [damage] = of(cast(play, [HIT, BLANK, 2], "Arcane Barrage", "orc"), SpellDamage)
    assert [(h.figure, h.damage) for h in damage.hits] == [("hero-ysolde", 2)]


def test_immunity_keeps_off_all_damage_and_spells_until_dispelled() -> None:
    """Immunity (line 1566): "3E+2E/turn. Target is immune to all damage & Spells for as long as
    the Spell is maintained. Dispel removes Immunity." Bram, immune, takes nothing from the orc's
    axe and Ysolde's Nova; a Blur cast at him does not take; her Dispel ends the Immunity."""

    play = arena("Immunity", "Arcane Nova", "Blur", "Dispel", max_hp=20)  # (to bear the upkeep)
    play.put("hero-bram", 3, 3, facing=0)
    [spell_cast] = of(cast(play, [HIT], "Immunity", "hero-bram"), SpellCast)
    assert spell_cast.exhaustion == 3
    play.end_turn()
    play.to_actions("heroes")
    strike = next(iter(strikes_in(play.act("orc", "attack", [HIT, 6], strikes=[{"target": "hero-bram"}]))))
    assert strike.hit and strike.damage == 0 and play.figure("hero-bram").wounds == 0
    play.pass_until("hero-ysolde")
    events = cast(play, [HIT, 5], "Arcane Nova", "hero-ysolde")
    assert of(events, SpellDamage)[0].hits == () and play.figure("hero-bram").wounds == 0, "Bram is beside her"
    assert of(events, SpellMaintained)[0].exhaustion == 2
    next_turn(play)
    events = cast(play, [HIT], "Blur", "hero-bram", cancel_spells=["Arcane Nova"])
    assert [(e.spell, e.reason) for e in of(events, SpellEnded)][-1] == ("Blur", "immunity")
    next_turn(play)
    events = cast(play, [HIT], "Dispel", "hero-bram")
    assert ("Immunity", "dispelled") in [(e.spell, e.reason) for e in of(events, SpellEnded)]


def test_drop_item_and_sunder_item() -> None:
    """Drop Item (line 1401): "1E. Increase to 2E if the target has MT10+. Causes the target to
    drop one item in its hands, most often a weapon... This Spell has no effect when cast on a foe
    with intrinsic/natural weapons"; Sunder Item (line 1502): "2E. Shatters a weapon, shield, or
    other visible item, rendering it useless". The orc holds its axe and a shield; the zombie
    fights with claws."""
    play = arena("Drop Item", "Sunder Item")
    play.put("zombie", 3, 5, facing=3)
    cast(play, [HIT], "Drop Item", "orc")
    orc = play.figure("orc")
    assert orc.in_hand == ("shield",) and [(g.item, g.hex.q, g.hex.r) for g in play.combat.ground] == [("axe", 4, 3)]
    next_turn(play)
    cast(play, [HIT], "Drop Item", "zombie")
    assert play.figure("zombie").in_hand == ("claw",) and len(play.combat.ground) == 1
    next_turn(play)
    [spell_cast] = of(cast(play, [HIT], "Sunder Item", "orc"), SpellCast)
    orc = play.figure("orc")
    assert spell_cast.exhaustion == 2 and orc.in_hand == () and orc.shield == 0 and len(play.combat.ground) == 1


def test_greater_grease_covers_seven_hexes_with_misfortune() -> None:
    """Grease (line 1454): "As per Grease, Minor (KN0) except select seven contiguous hexes to
    become greased until the end of combat"; Grease, Greater (line 1510): "As per Grease except
    creatures have Misfortune on their checks to avoid falling". Thrown at the orc's hex: the orc
    and the spearman beside it check at once, with Misfortune (two dice, the worse kept)."""
    play = arena("Grease, Greater")
    play.put("spearman", 5, 2)
    events = cast(play, [HIT, HIT, MISS, HIT, HIT], "Grease, Greater", "hero-ysolde", at={"q": 4, "r": 3})
    checks = [e for e in events if type(e).__name__ == "CheckMade"]
    assert [(c.figure, c.check.misfortune) for c in checks] == [("orc", 1), ("spearman", 1)]
    assert [e.figure for e in of(events, FellProne)] == ["orc"]
    from domain.rulesets.pericle.spell_effects import greased

    assert len(greased(play.combat)) == 7


def test_paralysis_mass_holds_the_small_creatures_in_seven_hexes() -> None:
    """Paralysis, Mass (line 1568): "9E. As per Paralysis (KN4), except all creatures in seven
    contiguous hexes are immobilized. It only affects creatures with less than MT10, unless you
    intentionally target only one creature in which case it can freeze one creature up to MT30."
    The orc (MT3) and spearman (MT1) are held; the zombie beside them, made MT12, is not."""
    play = arena("Paralysis, Mass", max_hp=20)
    play.put("spearman", 5, 2)
    play.put("zombie", 4, 4, facing=3, mt=12)
    events = cast(play, [HIT], "Paralysis, Mass", "hero-ysolde", at={"q": 4, "r": 3})
    held = [e.target for e in events if type(e).__name__ == "SpellTookHold"]
    assert held == ["orc", "spearman"] and play.figure("hero-ysolde").exhaustion == 9
    assert {(s.target, s.expires_turn) for s in play.combat.spells} == {("orc", 4), ("spearman", 4)}
    play.end_turn()
    play.to_movement("enemies")
    move = {"type": "move_figure", "figure": "orc", "path": [{"q": 5, "r": 3}]}
    assert play.rule_of("gm", move) == "paralysed"
    play.put("zombie", 4, 4, facing=3, mt=31)
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Paralysis, Mass", "target": "zombie"}
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})
    play.pass_until("hero-ysolde")
    assert play.rule_of("ana", body) == "spell-target", "one creature: up to MT30"


def test_superior_flux_covers_seven_hexes() -> None:
    """Arcane Flux, Superior (line 1560): "As per Arcane Flux Spell, but 7 contiguous spaces or
    less." Thrown at the orc's hex: the orc (armour 3 takes it) and the spearman beside it (no
    armour) are in the flux as it is cast."""
    play = arena("Arcane Flux, Superior")
    play.put("spearman", 5, 2)
    events = cast(play, [HIT], "Arcane Flux, Superior", "hero-ysolde", at={"q": 4, "r": 3})
    hits = [(h.figure, h.damage, h.absorbed) for d in of(events, SpellDamage) for h in d.hits]
    assert hits == [("orc", 0, 1), ("spearman", 1, 0)]


def test_a_trap_stops_who_walks_in_and_holds_it_after() -> None:
    """Trap (line 1482): "1E. The caster chooses seven contiguous hexes that become trapped. The
    trap is invisible. Creatures must stop for the turn when they enter a trapped hex. In
    subsequent turns, trapped creatures must succeed on a Moderate MT check (AD+0) to move, then
    can only move one hex. If MT is 20 or greater they may move two hexes." Trapped around (4,4);
    the zombie walks into it and stops."""
    play = arena("Trap")
    cast(play, [HIT], "Trap", "hero-ysolde", at={"q": 4, "r": 4})
    play.put("zombie", 5, 5, facing=3)
    play.end_turn()
    play.to_movement("enemies")
    path = [{"q": 5, "r": 4}, {"q": 4, "r": 4}]
    events = play.command("gm", {"type": "move_figure", "figure": "zombie", "path": path})
    [moved] = of(events, FigureMoved)
    assert [(h.q, h.r) for h in moved.path] == [(5, 4)] and play.figure("zombie").hex.q == 5
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})
    play.pass_until("zombie")
    assert play.rule_of("gm", {"type": "move_figure", "figure": "zombie", "path": [{"q": 4, "r": 4}]}) == "trapped"
    play.end_turn()
    play.to_movement("enemies")
    two = {"type": "move_figure", "figure": "zombie", "path": [{"q": 5, "r": 5}, {"q": 4, "r": 6}]}
    assert play.rule_of("gm", two) == "trapped", "one hex at most"
    events = play.command("gm", {"type": "move_figure", "figure": "zombie", "path": [{"q": 5, "r": 5}]}, [MISS])
    assert of(events, FigureMoved)[0].path == () and play.figure("zombie").hex.r == 4


def test_delve_secrets_casts_an_unknown_spell_for_2e_more() -> None:
    """Delve Secrets I (line 1470): "2E + E cost of the Spell delved. You may cast a Creation [C]
    or Thrown [T] Spell that you do not know, but it costs 2E more than the normal cost for the
    Spell on initial casting. For spells that have a maintenance cost, the maintenance cost is
    the same. You cannot cast [S] Spells that you do not know... For Delve Secrets I, the unknown
    Spell that is cast must be KN 0-2." Ysolde knows none of Blur (KN0), Trip (KN2), Sleep (KN3)
    or Teleport ([S])."""
    play = arena("Delve Secrets I")
    body = {"type": "cast_spell", "figure": "hero-ysolde"}
    assert play.rule_of("ana", {**body, "spell": "Sleep", "target": "orc"}) == "spell-unknown", "KN3"
    assert play.rule_of("ana", {**body, "spell": "Teleport", "target": "hero-ysolde",
                                "at": {"q": 1, "r": 6}}) == "spell-unknown", "[S]"
    assert play.rule_of("ana", {**body, "spell": "Delve Secrets I", "target": "hero-ysolde"}) == "spell-delve"
    [spell_cast] = of(cast(play, [HIT], "Blur", "hero-ysolde"), SpellCast)
    assert spell_cast.exhaustion == 1 + 2
    next_turn(play)
    [upkeep] = of(play.act("hero-ysolde", "pass_action"), SpellMaintained)
    assert upkeep.exhaustion == 1, "the maintenance cost is the same"


def test_inversus_major_swaps_the_target_with_a_figure_near_the_caster() -> None:
    """Inversus Major (line 1494): "2E. Make an attack against a one-hex target... If successful,
    you immediately change the target's position on the map with that of another one-hex figure
    who is within three hexes of you. You may choose to be the target yourself... For the
    remainder of the turn, both the caster and the target remain facing in the same direction"."""
    play = arena("Inversus Major")
    far = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Inversus Major", "target": "orc",
           "second_target": "spearman"}
    assert play.rule_of("ana", far) == "spell-target", "the spearman is not within three hexes of her"
    cast(play, [HIT], "Inversus Major", "orc", second_target="hero-bram")
    orc, bram = play.figure("orc"), play.figure("hero-bram")
    assert ((orc.hex.q, orc.hex.r), orc.facing) == ((2, 2), 3)
    assert ((bram.hex.q, bram.hex.r), bram.facing) == ((4, 3), 0)
    assert play.figure("hero-ysolde").exhaustion == 2


def test_telekinesis_moves_a_target_one_hex_per_e_and_one_more() -> None:
    """Telekinesis (line 1520): "XE, minimum of 0E. You may move a target creature... the caster
    moves the target one hex for each point of Exhaustion spent, plus one additional hex... If
    the target collides with a one-hex creature, both must make an Acrobatics check or fall prone.
    (Creatures that do not have an Acrobatics stat use their AD.) The difficulty check is modified
    by the amount of hexes the target was moved." 1E moves the orc two hexes east; then, 2E
    toward the spearman beyond, it stops after one hex and both roll at Base AD1-1."""
    play = arena("Telekinesis", max_hp=20)
    [spell_cast] = of(cast(play, [HIT], "Telekinesis", "orc", power=1, at={"q": 7, "r": 3}), SpellCast)
    assert spell_cast.exhaustion == 1 and (play.figure("orc").hex.q, play.figure("orc").hex.r) == (6, 3)
    play.put("orc", 4, 3)
    play.put("spearman", 6, 3)
    next_turn(play)
    events = cast(play, [HIT, MISS, HIT], "Telekinesis", "orc", power=2, at={"q": 7, "r": 3})
    assert [(h.q, h.r) for h in of(events, FigureMoved)[0].path] == [(5, 3)]
    checks = [e for e in events if type(e).__name__ == "CheckMade"]
    assert [(c.figure, c.check.ad) for c in checks] == [("orc", 0), ("spearman", 0)]
    assert [e.figure for e in of(events, FellProne)] == ["orc"]


def test_an_image_cannot_hurt_and_pops_when_struck() -> None:
    """Image (line 1405): "1E. Create a 1-hex image of a giant rat, wolf, or spectral warrior. The
    creation must appear in an empty hex within three hexes of the caster"; line 481: "images are
    only mirages - they have no substance, so they cannot fight. In fact, if they are struck by an
    attack or impacted by a spell they automatically "pop" and are gone... On their turn to
    attack, they act like they're attacking but they automatically miss... they absorb attack
    damage from one attack before popping. If a foe attempts to Grapple an image, instead of
    rolling an Opposed Grapple score, have the foe roll a Base AD check. If successful, the image
    is canceled and the Grappler does not fall Prone. If unsuccessful, the Grappler falls Prone."
    """

    play = arena("Image")
    [joined] = [e for e in cast(play, [HIT], "Image", "hero-ysolde", at={"q": 3, "r": 3})
                if type(e).__name__ == "FigureSummoned"]
    image = joined.figure.id
    assert play.combat.spells[0].spell == "Image" and play.figure(image).movement == 5
    play.end_turn()
    play.to_actions("heroes")
    assert play.combat.current == image, "its AD2 puts it first"
    play.put(image, 3, 3, facing=0)
    [swing] = list(strikes_in(play.act(image, "attack", [HIT, 6], strikes=[{"target": "orc"}])))
    assert not swing.hit and play.figure("orc").wounds == 0
    events = play.act("orc", "attack", [HIT, 6], strikes=[{"target": image}])
    assert next(iter(strikes_in(events))).damage == 0 and play.combat.figure(image) is None
    assert [(e.spell, e.reason) for e in of(events, SpellEnded)] == [("Image", "struck by an attack")]
    play.pass_until("hero-ysolde")
    [again] = [e for e in cast(play, [HIT], "Image", "hero-ysolde", at={"q": 3, "r": 3})
               if type(e).__name__ == "FigureSummoned"]
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("orc")
    play.act("orc", "grapple", [MISS], target=again.figure.id)
    assert play.figure("orc").condition == "prone" and play.combat.figure(again.figure.id) is not None


def test_line_1520_telekinesis_three_hexes_then_a_check_at_ad_minus_3() -> None:
    """Telekinesis (line 1520): "The difficulty check is modified by the amount of hexes the target
    was moved. For example, if the target is moved three hexes, then the check is at (AD-3)." 3E
    would move the orc four hexes east; the map's edge stops it after three."""
    play = arena("Telekinesis", max_hp=20)
    play.put("orc", 3, 3)
    events = cast(play, [HIT, HIT, HIT, HIT], "Telekinesis", "orc", power=3, at={"q": 7, "r": 3})
    assert len(of(events, FigureMoved)[0].path) == 3
    [acrobatics] = [e for e in events if type(e).__name__ == "CheckMade"]
    assert [(a.value, a.source) for a in acrobatics.check.adjustments] == [(-3, "hexes moved")]


def test_an_image_grappled_with_a_strike_is_a_base_ad_check_and_no_strike() -> None:
    """Image (line 481): "If a foe attempts to Grapple an image, instead of rolling an Opposed
    Grapple score, have the foe roll a Base AD check. If successful, the image is canceled and the
    Grappler does not fall Prone." A Grapple sent with its follow-up strike (line 442: "the
    attacker may also immediately make a melee attack against the Grappled defender") grapples
    no one here, so no strike follows: the Action is done (version 5's Attack in steps)."""
    play = arena("Image")
    [summoned] = [e for e in cast(play, [HIT], "Image", "hero-ysolde", at={"q": 3, "r": 3})
                  if type(e).__name__ == "FigureSummoned"]
    image = summoned.figure.id
    play.put("zombie", 3, 4)
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("zombie")
    events = play.act("zombie", "grapple", [HIT], target=image, strike={"target": image})
    assert play.combat.figure(image) is None and play.figure("zombie").condition == "standing"
    assert not list(strikes_in(events)) and play.combat.pending is None
    assert [e.figure for e in events if type(e).__name__ == "ActionDone"] == ["zombie"]


def test_reverse_ranged_attacks_turns_a_crit_with_its_crit_die_rolled_before_the_damage() -> None:
    """Reverse Ranged Attacks (line 1476): "if the attacker hits a target who is protected by the
    Reverse Ranged Attack Spell, then the attacker automatically hits itself instead"; a Crit's
    Crit Die is rolled when the Crit is (line 162), before the damage it doubles (line 164), a step
    of its own in version 5's Attack (Karma windows, line 634): faces [CRIT, Crit Die, damage]."""
    play = arena("Reverse Ranged Attacks")
    play.put("hero-bram", 2, 4, facing=0, in_hand=("dagger",))
    cast(play, [HIT, BLANK], "Reverse Ranged Attacks", "orc")
    events = play.act("hero-bram", "attack", [CRIT, TWO_STARS_AND_TORCH, 4],
                      strikes=[{"target": "orc", "weapon": "dagger"}])
    strike = next(iter(strikes_in(events)))
    assert strike.hit and strike.target == "hero-bram" and strike.crit_face == "two stars and torch"
    assert strike.damage_roll is not None and strike.damage_roll.total == 4
    assert strike.damage > 4 - 1, "the crit's damage, not a normal hit's"
    assert play.figure("hero-bram").wounds == strike.damage and play.figure("orc").wounds == 0
