"""Pericle 4 plays the whole Hero Handbook: sheets naming any Discipline or Spell (seed 001,
Steps 6 and 7, lines 1066-1076), every Spell cast as a command (3. Actions: Cast a Spell, lines
466-491) and Disciplines used, with their Exhaustion, checks and durations. Pinned to version 4,
which is released and frozen (Pericle 5's Spells: test_pericle_v5_spells.py)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.rulesets.pericle import sheet as v3_sheet
from domain.rulesets.pericle.combat_events import (
    DisciplineUsed,
    SpellCast,
    SpellEnded,
    SpellMaintained,
    TableApplied,
)
from domain.rulesets.pericle.sheet import HeroSheet
from domain.rulesets.pericle.v4 import sheet
from domain.rulesets.pericle.v4.book import SPELLS
from tests.unit.pericle_arena import PericleArena, of

HIT, CRIT, MISS = 1, 5, 10
BLANK = 6

# A forest elf caster, KN4 (40 XP): Magical Affinity lets her learn Sleep (KN3) and Fly (KN4) at KN one lower.
ELOWEN = {"name": "Elowen", "ancestry": "forest elf", "mt": 0, "dx": 1, "kn": 4, "weapons": ["Dagger"],
          "spells": ["Terror", "Sleep", "Fly", "Summon Beast I", "Trip", "Arcane Barrage"],
          "disciplines": ["Spell Throwing"]}
# A human bruiser, KN2 (40 XP with Boundless Spirit).
BRAM = {"name": "Bram", "ancestry": "human", "mt": 3, "dx": 0, "kn": 2, "weapons": ["Dagger", "Club"],
        "disciplines": ["Grappler I", "Grappler II", "Grappler III", "Grit I", "Berserk", "Taunt I"]}


def hero(**fields: Any) -> HeroSheet:
    return msgspec.convert(fields, HeroSheet)


def test_a_sheet_may_name_any_discipline_and_spell_of_the_handbook() -> None:
    assert sheet.problems(hero(**ELOWEN)) == [] and sheet.problems(hero(**BRAM)) == []
    assert sheet.stats(hero(**ELOWEN)).xp_left == 40 - (4 + 5 + 5 + 5 + 5 + 5) - 7
    # Version 3 knew 13 Disciplines and 2 Spells: it still refuses these sheets.
    assert any("does not know the Spell 'Terror'" in p for p in v3_sheet.problems(hero(**ELOWEN)))


def test_prerequisites_kn_and_xp_are_checked() -> None:
    """Step 6 (line 1066): "You are not capable of learning a Discipline unless you meet the
    requirements in the prerequisite" (line 1101)."""
    found = sheet.problems(hero(name="Ulf", ancestry="human", mt=3, dx=0, kn=2, weapons=["Dagger"],
                                disciplines=["Grappler II", "Grit II", "Staff & Wand Affinity: Curse II", "Alchemy",
                                             "Alchemy", "Flying Kick"]))
    assert "Step 6: Grappler II requires Grappler I first" in found
    assert "Step 6: Grit II needs KN3 (the hero has KN2)" in found
    assert "Step 6: Grit II needs MT4" in found and "Step 6: Grit II requires Grit I first" in found
    assert "Step 6: Staff & Wand Affinity: Curse II needs 2 learned Curse Spells (the hero has 0)" in found
    assert "Step 6: Alchemy is learned once" in found
    assert "Step 6: the Hero Handbook has no Discipline 'Flying Kick'" in found
    rich = hero(name="Ulf", ancestry="human", mt=3, dx=0, kn=2, weapons=["Dagger"],
                disciplines=["Spell Strike", "Archery", "Polearm Charge"])
    assert sheet.problems(rich) == ["Step 3: 45 XP spent but the hero starts with 40 XP (20 + 5 x KN + 10 Boundless "
                                    "Spirit)"]


def test_martial_arts_ii_needs_unadjusted_dx2() -> None:
    """Line 1264: "Prerequisite basic DX2 (not adjusted) & Martial Arts I"."""
    base = {"name": "Kai", "ancestry": "human", "kn": 2, "weapons": ["Dagger"],
            "disciplines": ["Martial Arts I", "Martial Arts II"]}
    assert "Step 6: Martial Arts II needs basic DX2 (not adjusted)" in sheet.problems(hero(mt=2, dx=1, **base))
    assert sheet.problems(hero(mt=1, dx=2, **base)) == []


def test_ancestry_changes_what_a_spell_takes() -> None:
    """Magical Affinity (line 835) and Arcane Insight (line 856)."""
    human = hero(name="Hal", ancestry="human", mt=1, dx=1, kn=3, weapons=["Dagger"], spells=["Fly"])
    assert sheet.problems(human) == ["Step 7: Fly needs KN4 (KN3 for a forest elf)"]
    elf = msgspec.structs.replace(human, ancestry="forest elf")
    assert sheet.problems(elf) == []
    odrim = msgspec.structs.replace(human, ancestry="odrim", kn=4, dx=0)
    assert sheet.xp_spent(odrim) == 4


def test_grappler_and_grit_change_the_sheet() -> None:
    """Grappler I-III: "+3 from Grappler Disciplines" (line 1258); Grit I-III +1 armour each
    (lines 1205, 1311, 1341)."""
    bram = sheet.stats(hero(**BRAM))
    plain = v3_sheet.stats(hero(**{**BRAM, "disciplines": []}))
    assert bram.grapple == plain.grapple + 3 and bram.armour == plain.armour + 1


def arena() -> PericleArena:
    """Elowen two hexes west of the orc, facing it; Bram beside her; the Action phase begun."""
    found = PericleArena(version="4", heroes={"ana": [{"hero": ELOWEN, "start": {"q": 0, "r": 3}}],
                                 "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]})
    found.put("hero-elowen", 2, 3, facing=0)
    found.put("hero-bram", 1, 5, facing=0)
    found.put("spearman", 7, 0)
    found.put("zombie", 7, 7)
    found.to_actions("heroes")
    return found


def test_a_table_applied_spell_costs_its_exhaustion_and_carries_its_text() -> None:
    """Terror (line 1415): "Curse: 2E" — the server judges the cast and charges 2E; what the
    target does is for the table, with the entry's text."""
    play = arena()
    play.pass_until("hero-elowen")
    events = play.act("hero-elowen", "cast_spell", [HIT], spell="Terror", target="orc")
    [cast] = of(events, SpellCast)
    assert cast.success and cast.exhaustion == 2 and play.figure("hero-elowen").exhaustion == 2
    assert [a.source for a in cast.check.adjustments] == ["Spell Throwing"] and cast.check.ad == 3
    [ended] = of(events, SpellEnded)
    assert ended.reason == "instant" and play.combat.spells == ()
    [table] = of(events, TableApplied)
    assert table.enforcement == "table-applied" and table.line == 1415 and table.text == SPELLS["Terror"].text


def test_a_failed_cast_costs_nothing_and_a_crit_costs_nothing_but_for_arcane() -> None:
    """Line 182: "for all spells other than Arcane Spells, if a Crit is rolled on the Action Die
    the caster does not expend Exhaustion for the spell... This does not occur for Arcane Spells"."""
    play = arena()
    play.pass_until("hero-elowen")
    events = play.act("hero-elowen", "cast_spell", [MISS], spell="Sleep", target="orc")
    assert not of(events, SpellCast)[0].success and not of(events, TableApplied)
    assert play.figure("hero-elowen").exhaustion == 0
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-elowen")
    play.act("hero-elowen", "cast_spell", [CRIT], spell="Sleep", target="orc")
    assert play.figure("hero-elowen").exhaustion == 0
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-elowen")
    [cast] = of(play.act("hero-elowen", "cast_spell", [CRIT], spell="Arcane Barrage", target="orc"), SpellCast)
    assert cast.exhaustion == 1, "Arcane Barrage (line 1419) costs 1E even on a Crit"


def test_trip_costs_more_against_a_big_target() -> None:
    """Line 1462: "2E if the target has less than MT20, or 4E if target has MT20+"."""
    play = arena()
    play.put("orc", 4, 3, mt=20)
    play.pass_until("hero-elowen")
    [cast] = of(play.act("hero-elowen", "cast_spell", [HIT], spell="Trip", target="orc"), SpellCast)
    assert cast.exhaustion == 4


def test_a_summon_appears_within_three_hexes_in_an_empty_hex_and_is_maintained() -> None:
    """Line 476: Creation spells "up to 3 hexes from the hero... must be created in an empty hex";
    Summon Beast I (line 1413): "1E+1E/turn", paid at the start of the caster's next Action."""
    play = arena()
    play.pass_until("hero-elowen")
    far = {"spell": "Summon Beast I", "target": "hero-elowen", "at": {"q": 6, "r": 3}}
    assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-elowen", **far}) == "spell-range"
    taken = {**far, "at": {"q": 4, "r": 3}}
    assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-elowen", **taken}) == "spell-target"
    unnamed = {"spell": "Summon Beast I", "target": "hero-elowen"}
    assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-elowen", **unnamed}) == "spell-target"
    events = play.act("hero-elowen", "cast_spell", [HIT], spell="Summon Beast I", target="hero-elowen",
                      at={"q": 3, "r": 4})
    [table] = of(events, TableApplied)
    assert table.at is not None and (table.at.q, table.at.r) == (3, 4)
    assert [s.spell for s in play.combat.spells] == ["Summon Beast I"]
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-elowen")
    [upkeep] = of(play.act("hero-elowen", "pass_action"), SpellMaintained)
    assert upkeep.exhaustion == 1 and play.figure("hero-elowen").exhaustion == 2


def test_fly_is_paid_every_other_turn() -> None:
    """Line 1492: "Fly (5XP) [T] Furtherance: 1E+1 every two turns"."""
    play = arena()
    play.pass_until("hero-elowen")
    play.act("hero-elowen", "cast_spell", [HIT], spell="Fly", target="hero-elowen")
    paid = []
    for _ in range(2):
        play.end_turn()
        play.to_actions("heroes")
        play.pass_until("hero-elowen")
        paid += [e.exhaustion for e in of(play.act("hero-elowen", "pass_action"), SpellMaintained)]
    assert paid == [0, 1] and play.figure("hero-elowen").exhaustion == 2


@pytest.mark.parametrize(("body", "rule"), [
    ({"spell": "Blur", "target": "hero-elowen"}, "spell-unknown"),
    ({"spell": "Fly", "target": "orc", "at": {"q": 3, "r": 3}}, "spell-target"),
    ({"spell": "Terror", "target": "orc", "second_target": "hero-bram"}, "spell-target"),
    ({"spell": "Terror", "target": "orc", "power": 2}, "spell-power"),
])
def test_casts_the_handbook_does_not_allow_are_refused(body: dict[str, Any], rule: str) -> None:
    play = arena()
    play.pass_until("hero-elowen")
    assert play.rule_of("ana", {"type": "cast_spell", "figure": "hero-elowen", **body}) == rule


def movement_arena(version: str | None = None) -> PericleArena:
    """Elowen and Bram as in `arena`, the heroes moving first in turn 1's Movement phase."""
    found = PericleArena(version="4", heroes={"ana": [{"hero": ELOWEN, "start": {"q": 0, "r": 3}}],
                                 "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]})
    found.put("hero-bram", 3, 3, facing=0)
    found.put("spearman", 7, 0)
    found.put("zombie", 7, 7)
    found.to_movement("heroes")
    return found


def test_berserk_is_begun_instead_of_moving_for_2e_and_2e_each_later_turn() -> None:
    """Line 1250: "Instead of moving during your Movement phase, you may initiate Berserk. Doing
    so costs 2E, then an additional 2E for every turn thereafter that Berserk is sustained"; its
    bonuses are applied by the table (version 4; version 5 applies them)."""
    play = movement_arena("4")
    events = play.act("hero-bram", "use_discipline", discipline="Berserk")
    [used] = of(events, DisciplineUsed)
    assert used.exhaustion == 2 and used.sustained and used.instead_of_moving
    assert of(events, TableApplied)[0].line == 1250
    assert play.figure("hero-bram").exhaustion == 2 and "hero-bram" in play.combat.moved_figures
    moved = {"type": "move_figure", "figure": "hero-bram", "path": [{"q": 2, "r": 3}]}
    assert play.rule_of("ben", moved) == "already-moved"
    assert play.rule_of("ben", {"type": "use_discipline", "figure": "hero-bram", "discipline": "Taunt I",
                                "target": "orc"}) == "not-your-movement"
    play.command("ana", {"type": "end_movement"})
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    [upkeep] = of(play.act("hero-bram", "pass_action"), SpellMaintained)
    assert upkeep.exhaustion == 2 and play.figure("hero-bram").exhaustion == 4


def test_taunt_is_used_instead_of_moving_and_recorded_for_the_table() -> None:
    """Line 1238: "Instead of moving during the Movement phase, you may Taunt an enemy that is
    Embattled with you" — the opposed KN check and the taunt itself are the table's (version 4;
    version 5 makes the check and binds the foe)."""
    play = movement_arena("4")
    [table] = of(play.act("hero-bram", "use_discipline", discipline="Taunt I", target="orc"), TableApplied)
    assert table.source == "discipline" and table.target == "orc" and table.line == 1238


def test_a_discipline_that_applies_by_itself_is_not_used_and_one_not_learned_is_refused() -> None:
    play = arena()
    play.pass_until("hero-bram")
    body = {"type": "use_discipline", "figure": "hero-bram"}
    assert play.rule_of("ben", {**body, "discipline": "Grit I"}) == "discipline-passive"
    assert play.rule_of("ben", {**body, "discipline": "Archery"}) == "discipline-unknown"
    assert play.rule_of("ben", {**body, "discipline": "Taunt I", "target": "orc"}) == "wrong-phase"


def test_a_discipline_of_the_rest_is_not_used_in_combat() -> None:
    """Healer I (line 1209): "After combat, as part of a Rest"; Alchemy (line 1248): "During Recovery"."""
    healer = {**BRAM, "kn": 2, "disciplines": ["Healer I", "Alchemy"]}
    play = PericleArena(version="4", heroes={"ana": [{"hero": ELOWEN, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": healer, "start": {"q": 0, "r": 4}}]})
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    body = {"type": "use_discipline", "figure": "hero-bram"}
    assert play.rule_of("ben", {**body, "discipline": "Healer I"}) == "discipline-between-combats"
    assert play.rule_of("ben", {**body, "discipline": "Alchemy"}) == "discipline-between-combats"


def test_a_discipline_used_as_the_action_ends_the_figures_slot() -> None:
    """Animal Handler I (line 1181): "As an Action, you may attempt to befriend an animal with a KN
    check" — the Action is taken and recorded; the befriending is the table's."""
    handler = {**BRAM, "disciplines": ["Animal Handler I"]}
    play = PericleArena(version="4", heroes={"ana": [{"hero": ELOWEN, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": handler, "start": {"q": 0, "r": 4}}]})
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    events = play.act("hero-bram", "use_discipline", discipline="Animal Handler I", target="zombie")
    assert [type(e).__name__ for e in events][1:] == ["DisciplineUsed", "TableApplied", "ActionDone",
                                                      *[type(e).__name__ for e in events][4:]]
    assert play.figure("hero-bram").acted


def test_fields_version_4_added_to_cast_spell_are_recorded_only_when_given() -> None:
    """`at` and `second_target` are version 4's: a cast without them, as the API decodes it,
    records what a version 3 cast always recorded."""
    from domain.rulesets.pericle.rules import as_sent
    from server.api_models import CommandRequest

    body = {"type": "cast_spell", "figure": "hero-sindaro", "spell": "Blur", "target": "hero-varya"}
    request = msgspec.convert(body, CommandRequest)
    assert type(request).__name__ == "CastSpellRequest"
    assert set(as_sent(request)) == {"type", "figure", "spell", "target", "power", "cancel_spells"}
    given = msgspec.convert({**body, "at": {"q": 1, "r": 1}}, CommandRequest)
    assert as_sent(given)["at"] == {"q": 1, "r": 1}



def test_version_3_is_unchanged_it_refuses_handbook_sheets_and_the_fields_of_version_4() -> None:
    old = PericleArena(version="3")
    assert old.state.ruleset_version == "3"
    old.put("hero-varya", 3, 3, facing=0)
    old.to_actions("heroes")
    old.pass_until("hero-sindaro")
    body = {"type": "cast_spell", "figure": "hero-sindaro", "spell": "Blur", "target": "hero-sindaro"}
    assert old.rule_of("ana", {**body, "at": {"q": 0, "r": 4}}) == "spell-unknown"
    assert old.rule_of("ana", {"type": "use_discipline", "figure": "hero-sindaro", "discipline": "Dodge"}) \
        == "command-unknown"


# ---- Spells whose effects the server enforces ------------------------------------------------

# A forest elf at KN5 learns KN6 Spells (Magical Affinity, line 835): 45 XP.
YSOLDE = {"name": "Ysolde", "ancestry": "forest elf", "mt": 0, "dx": 0, "kn": 5, "weapons": ["Dagger"],
          "spells": ["Magic Armor I", "Armor Penetration", "Trip", "Dispel", "Blur"]}


def spell_arena(version: str | None = None) -> PericleArena:
    """Ysolde behind Bram, who faces the orc (armour 3, shield 1); the Action phase begun. The
    orc (Base AD1) acts first, then Ysolde and Bram (both AD0; Ysolde joined first). Bram stands
    in Ysolde's line to the orc: Partial Cover in version 4, Complete Cover from version 5 (its
    PER-COMBATANT-COVER), so a test that casts at the orc pins `version="4"`."""
    play = PericleArena(heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]}, version=version)
    play.put("hero-ysolde", 2, 3, facing=0)
    play.put("hero-bram", 3, 3, facing=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    return play


def strikes(events: list[Any]) -> list[Any]:
    """Every strike whole: version 5 resolves an attack in steps (v5/attack_steps.py)."""
    from domain.rulesets.pericle.v5.attack_steps import strikes_in

    return list(strikes_in(events))


def test_magic_armor_adds_three_points_of_armour() -> None:
    """Magic Armor I (line 1458): "1E, lasts three turns. Provides three points of armor. Stacks
    with other armor". Bram (Grit I: armour 1) takes the orc's axe, 1d6 = 6, +1 axe."""
    play = spell_arena(version="4")
    play.pass_until("hero-ysolde")
    [cast] = of(play.act("hero-ysolde", "cast_spell", [HIT], spell="Magic Armor I", target="hero-bram"), SpellCast)
    assert cast.exhaustion == 1 and cast.duration == 3 and not of([cast], TableApplied)
    play.end_turn()
    play.to_actions("heroes")
    [strike] = strikes(play.act("orc", "attack", [HIT, 6], strikes=[{"target": "hero-bram"}]))
    assert [(a.source, a.value) for a in strike.protection] == [("armour", 1), ("Magic Armor", 3)]
    assert strike.damage == 7 - 4


def test_armor_penetration_takes_three_from_armour_then_shield() -> None:
    """Armor Penetration (line 1432): "Penetrates three points of the target's armor & shields...
    This applies to all attacks against the target made by any creature." The orc's armour 3 and
    shield 1 leave 1 against Bram's club (1d6 = 6; a hammer pierces 2 of what armour is left)."""
    play = spell_arena(version="4")
    play.pass_until("hero-ysolde")
    [cast] = of(play.act("hero-ysolde", "cast_spell", [HIT, BLANK], spell="Armor Penetration", target="orc"),
                SpellCast)
    assert cast.success and cast.duration == 3
    [strike] = strikes(play.act("hero-bram", "attack", [HIT, 6], strikes=[{"target": "orc"}]))
    assert ("Armor Penetration", -3) in [(a.source, a.value) for a in strike.protection]
    assert strike.damage == 6 - 1


def test_trip_knocks_the_target_prone() -> None:
    """Trip (line 1462): "The target is tripped and knocked prone."""
    play = spell_arena(version="4")
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "cast_spell", [HIT, BLANK], spell="Trip", target="orc")
    assert [e.reason for e in events if type(e).__name__ == "FellProne"] == ["Trip"]
    assert play.figure("orc").condition == "prone" and play.figure("hero-ysolde").exhaustion == 2


def test_dispel_ends_the_spells_on_its_target() -> None:
    """Dispel (line 1528): "Dispels all Spells and Spell effects in one chosen hex"."""
    play = spell_arena(version="4")
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT], spell="Blur", target="hero-bram")
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "cast_spell", [HIT], spell="Dispel", target="hero-bram")
    assert [(e.spell, e.reason) for e in of(events, SpellEnded)] == [("Dispel", "instant"), ("Blur", "dispelled")]
    assert play.combat.spells == ()


def test_true_vision_sees_through_blur() -> None:
    """True Vision (line 1504): "Gives the target the ability to see through Blur"; Blur (line
    1399) otherwise "forces an attacker to roll AD0 and have Misfortune"."""
    play = spell_arena(version="4")
    play.put("hero-ysolde", 2, 3, facing=0, spells=("Blur", "True Vision"))
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT, BLANK], spell="Blur", target="orc")
    [blurred] = strikes(play.act("hero-bram", "attack", [HIT, HIT, 1], strikes=[{"target": "orc"}]))
    assert [a.source for a in blurred.check.adjustments] == ["Blur: AD0"] and blurred.check.misfortune == 1
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT], spell="True Vision", target="hero-bram")
    [seen] = strikes(play.act("hero-bram", "attack", [HIT, 1], strikes=[{"target": "orc"}]))
    assert seen.check.adjustments == () and seen.check.misfortune == 0


def test_divine_might_adds_a_d6_per_e_to_melee_damage() -> None:
    """Divine Might (line 1546): "xE+xE/turn. Target's melee attacks deal an additional 1d6
    damage per E spent, up to a maximum of 3E". (KN7: no beginning hero knows it; Ysolde is
    given it.) Bram's club, 1d6 + 2d6 = 18, less the orc's armour 3 (a hammer pierces 2) and
    shield 1."""
    play = spell_arena(version="4")
    play.put("hero-ysolde", 2, 3, facing=0, spells=("Divine Might",))
    play.pass_until("hero-ysolde")
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Divine Might", "target": "hero-bram"}
    assert play.rule_of("ana", {**body, "power": 4}) == "spell-power"
    [cast] = of(play.act("hero-ysolde", "cast_spell", [HIT], spell="Divine Might", target="hero-bram", power=2),
                SpellCast)
    assert cast.exhaustion == 2
    [strike] = strikes(play.act("hero-bram", "attack", [HIT, 6, 6, 6], strikes=[{"target": "orc"}]))
    assert strike.damage_roll.expression == "1d6+2d6" and strike.damage_roll.total == 18 and strike.damage == 16
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    [upkeep] = of(play.act("hero-ysolde", "pass_action"), SpellMaintained)
    assert upkeep.exhaustion == 2, "xE/turn: the E it was cast with"


def test_inversus_minor_swaps_caster_and_target() -> None:
    """Inversus Minor (line 1456): "you immediately change positions with the target... both the
    caster and the target face the directions they were facing"."""
    play = spell_arena(version="4")
    play.put("hero-ysolde", 2, 3, facing=1, spells=("Inversus Minor",))
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT], spell="Inversus Minor", target="hero-bram")
    ysolde, bram = play.figure("hero-ysolde"), play.figure("hero-bram")
    assert ((ysolde.hex.q, ysolde.hex.r), ysolde.facing) == ((3, 3), 1)
    assert ((bram.hex.q, bram.hex.r), bram.facing) == ((2, 3), 0)


def test_teleport_moves_the_caster_to_any_hex_it_fits() -> None:
    """Teleport (line 1540): "[S] Enchantment: 1E. Teleport anywhere on the battlemap. Move your
    standee to any hex and face the desired direction."""
    play = spell_arena(version="4")
    play.put("hero-ysolde", 2, 3, facing=0, spells=("Teleport",))
    play.pass_until("hero-ysolde")
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Teleport", "target": "hero-ysolde"}
    assert play.rule_of("ana", {**body, "at": {"q": 3, "r": 0}}) == "spell-target", "a wall"
    assert play.rule_of("ana", {**body, "at": {"q": 4, "r": 3}}) == "spell-target", "the orc stands there"
    assert play.rule_of("ana", {**body}) == "spell-target"
    play.act("hero-ysolde", "cast_spell", [HIT], spell="Teleport", target="hero-ysolde", at={"q": 1, "r": 6},
             facing=3)
    ysolde = play.figure("hero-ysolde")
    assert ((ysolde.hex.q, ysolde.hex.r), ysolde.facing, ysolde.exhaustion) == ((1, 6), 3, 1)


def test_staff_and_wand_affinity_arcane_i_needs_a_staff_or_wand_in_hand() -> None:
    """Line 1278: "Arcane Spells cost one less Exhaustion to cast"; line 966: "Staves and wands
    allow heroes to gain the benefits of the Staff & Wand Disciplines"."""
    from domain.rulesets.pericle.catalogue import WEAPONS

    costs = []
    for in_hand in ((), ("staff",)):
        play = arena()
        play.put("hero-elowen", 2, 3, facing=0, disciplines=("Staff & Wand Affinity: Arcane I",),
                 weapons=(WEAPONS["dagger"], WEAPONS["staff"]), in_hand=in_hand)
        play.pass_until("hero-elowen")
        [cast] = of(play.act("hero-elowen", "cast_spell", [HIT], spell="Arcane Barrage", target="orc"), SpellCast)
        costs.append(cast.exhaustion)
    assert costs == [1, 0]


def test_paralysis_stops_moving_and_attacking_and_opens_the_target_to_melee() -> None:
    """Paralysis (line 1496): "4E. Immobilizes the target for three turns. The target remains
    standing, but cannot move or attack... Attacking a paralyzed creature with a melee attack
    grants the attacker +4 AD to hit. Paralysis does not affect creatures with MT10+"."""
    play = spell_arena(version="4")
    play.put("hero-ysolde", 2, 3, facing=0, spells=("Paralysis",))
    play.put("zombie", 5, 3, mt=10)
    play.pass_until("hero-ysolde")
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Paralysis"}
    assert play.rule_of("ana", {**body, "target": "zombie"}) == "spell-target", "MT10+"
    [cast] = of(play.act("hero-ysolde", "cast_spell", [HIT, BLANK], spell="Paralysis", target="orc"), SpellCast)
    assert cast.exhaustion == 4 and cast.duration == 3 and play.figure("orc").condition == "standing"
    [strike] = strikes(play.act("hero-bram", "attack", [HIT, 1], strikes=[{"target": "orc"}]))
    assert ("paralysed target", 4) in [(a.source, a.value) for a in strike.check.adjustments]
    play.end_turn()
    play.to_movement("enemies")
    assert play.rule_of("gm", {"type": "move_figure", "figure": "orc", "path": [{"q": 5, "r": 2}]}) == "paralysed"
    play.command("gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})
    assert play.combat.current == "orc"
    assert play.rule_of("gm", {"type": "attack", "figure": "orc", "strikes": [{"target": "hero-bram"}]}) == "paralysed"
    assert play.rule_of("gm", {"type": "grapple", "figure": "orc", "target": "hero-bram"}) == "paralysed"


def test_spell_shield_keeps_every_other_spell_off_its_target() -> None:
    """Spell Shield (line 1534): "1E+1E/turn. Creates a magical barrier around the target and
    prevents all other Spells from affecting the target, including ranged Spells." A Dispel cast
    on self (line 1528: "every Spell within 10 hexes") leaves it and what it shields."""
    play = spell_arena(version="4")
    play.put("hero-ysolde", 2, 3, facing=0, spells=("Spell Shield", "Blur", "Dispel"))
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT], spell="Spell Shield", target="hero-bram")
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Blur", "target": "hero-bram"}
    assert play.rule_of("ana", body) == "spell-shield"
    play.act("hero-ysolde", "cast_spell", [HIT], spell="Dispel", target="hero-ysolde")
    assert [s.spell for s in play.combat.spells] == ["Spell Shield"]


def test_create_undead_costs_hit_points_not_exhaustion() -> None:
    """Create Undead (line 1468): "0E, 1HP... this Spell causes 1HP of damage from the caster
    instead of Exhaustion"; raising the zombie is the table's."""
    play = spell_arena(version="4")
    play.put("hero-ysolde", 2, 3, facing=0, spells=("Create Undead",))
    play.put("zombie", 4, 2, condition="dead")
    play.pass_until("hero-ysolde")
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Create Undead"}
    assert play.rule_of("ana", {**body, "target": "orc"}) == "spell-target", "not a corpse"
    events = play.act("hero-ysolde", "cast_spell", [HIT, BLANK, BLANK], spell="Create Undead", target="zombie")
    assert [(type(e).__name__) for e in events][2:5] == ["Damaged", "SpellEnded", "TableApplied"]
    ysolde = play.figure("hero-ysolde")
    assert (ysolde.wounds, ysolde.exhaustion) == (1, 0)


def test_disciplines_that_change_attacks() -> None:
    """Arbalist I and II (lines 1135, 1183): AD+1 each with a crossbow; Dodge Projectiles (line
    1139): "Your foes have AD-1 on attacks to hit you with a ranged attack or Spell"; Martial
    Arts I (line 1211): "Add +1 to damage when attacking with an unarmed strike or with a cestus"."""
    from domain.rulesets.pericle.catalogue import WEAPONS, Weapon, unarmed
    from domain.rulesets.pericle.discipline_effects import attack_adjustments, damage_bonuses

    play = spell_arena(version="4")
    shooter = msgspec.structs.replace(play.figure("hero-bram"), disciplines=("Arbalist I", "Arbalist II"))
    dodger = msgspec.structs.replace(play.figure("orc"), disciplines=("Dodge Projectiles",))
    crossbow: Weapon = WEAPONS["hand crossbow"]
    assert [(a.source, a.value) for a in attack_adjustments(shooter, dodger, crossbow, "ranged")] == [
        ("Arbalist I", 1), ("Arbalist II", 1), ("Dodge Projectiles", -1)]
    assert attack_adjustments(shooter, dodger, WEAPONS["club"], "melee") == []
    boxer = msgspec.structs.replace(shooter, disciplines=("Martial Arts I",))
    assert [(a.source, a.value) for a in damage_bonuses(boxer, unarmed(3))] == [("Martial Arts I", 1)]
    assert damage_bonuses(boxer, WEAPONS["club"]) == []


def test_thrown_weapon_expertise_in_a_throw() -> None:
    """Thrown Weapon Expertise (line 1173): "Gain AD+2 when throwing a weapon." Bram throws his
    dagger at the orc two hexes away."""
    play = spell_arena(version="4")
    play.put("hero-bram", 2, 4, facing=0, disciplines=("Thrown Weapon Expertise",), in_hand=("dagger",))
    play.put("hero-ysolde", 0, 6)
    play.pass_until("hero-bram")
    [strike] = strikes(play.act("hero-bram", "attack", [HIT, 1, BLANK, BLANK], strikes=[{"target": "orc"}]))
    assert strike.kind == "thrown" and ("Thrown Weapon Expertise", 2) in [
        (a.source, a.value) for a in strike.check.adjustments]
