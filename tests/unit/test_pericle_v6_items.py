"""Pericle 6's Spell Scrolls in combat (seed 001 line 491; v6/scrolls.py). Each test quotes the seed,
plays real commands on a version-6 battle, and checks that version 5 still decides as before."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.codec import command_data
from domain.errors import RuleViolation
from domain.rulesets.pericle.combat_commands import SubmitHero
from domain.rulesets.pericle.combat_events import (
    Damaged,
    Healed,
    HeroJoined,
    ItemFetched,
    ScrollConsumed,
    SpellCast,
    SpellDamage,
)
from domain.rulesets.pericle.dice import Adjustment
from domain.rulesets.pericle.sheet import HeroSheet, sheet_data
from domain.rulesets.pericle.v4.catalogue import handbook_catalogue
from domain.rulesets.pericle.v6.enforced import discipline_enforcement, enforced_disciplines
from projections.battle_summary import state_view
from tests.unit.pericle_arena import BAERWYN, PericleArena, encounter, of
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v4_play import strikes as strikes_of

HIT, CRIT, MISS = 1, 5, 10  # Action Die faces: a success icon, the Crit face, the critical failure
ONE, TWO = 6, 7  # Action Die faces "1" and "2": a success at AD1 (AD2) and above

# KN2, Base AD2 (no armour); knows no Spell; a Spell Scroll of a KN2 and of a KN3 Spell in the pack.
SCRIBE = {"name": "Scribe", "ancestry": "human", "mt": 1, "dx": 2, "kn": 2, "weapons": ["Dagger"],
          "items": ["Scroll of Magic Armor I", "Scroll of Magic Shield II", "Potion of Healing"]}
SCRIBE_ID = "hero-scribe"
ARMOR, SHIELD = "scroll of magic armor i", "scroll of magic shield ii"


def arena(version: str | None = None, hero: dict[str, Any] | None = None) -> PericleArena:
    """The scribe at (1,2), away from every foe (Baerwyn joins seat "ben"); the Action phase begun
    and passed to the scribe."""
    play = PericleArena(heroes={"ana": [{"hero": hero or SCRIBE, "start": {"q": 1, "r": 2}}],
                                "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 4}}]}, version=version)
    play.to_actions("heroes")
    play.pass_until(SCRIBE_ID)
    return play


def in_hand(play: PericleArena, *items: str, **changes: Any) -> None:
    """The scrolls already fetched into the scribe's hand (a test's set-up, not an Action)."""
    figure = play.figure(SCRIBE_ID)
    play.put(SCRIBE_ID, figure.hex.q, figure.hex.r, in_hand=(*figure.in_hand, *items),
             pack=tuple(i for i in figure.pack if i not in items), **changes)


def cast(play: PericleArena, faces: list[int], spell: str) -> list[Any]:
    return play.act(SCRIBE_ID, "cast_spell", faces, spell=spell, target=SCRIBE_ID)


def test_scroll_text() -> None:
    text = line(491)
    assert text.startswith("Spell Scrolls.")
    for quoted in ("Scrolls only disappear after the spell is successfully cast, and not on a failed cast.",
                   "To use a scroll, a hero must first have one in hand.",
                   "The difficulty of this Check is +/- 1AD per point of difference between the scroll's KN and the "
                   "hero's KN.", "Exhaustion is paid as normal, per each spell's individual requirements."):
        assert quoted in text


def test_a_hero_joins_with_its_scrolls_in_the_pack_and_fetches_one_as_its_action() -> None:
    """Line 491: "To use a scroll, a hero must first have one in hand"; line 370: "you cannot run and
    fetch a scroll from a backpack" (fetching is an Action, not after running)."""
    play = arena()
    assert play.figure(SCRIBE_ID).pack == (ARMOR, SHIELD, "potion of healing")
    assert of(play.events, HeroJoined)[0].sheet["items"] == SCRIBE["items"]
    events = play.act(SCRIBE_ID, "fetch_item", item="Scroll of Magic Armor I")
    assert of(events, ItemFetched)[0].item == ARMOR
    scribe = play.figure(SCRIBE_ID)
    assert ARMOR in scribe.in_hand and ARMOR not in scribe.pack


def test_a_scroll_casts_an_unlearned_spell_at_base_ad_plus_the_kn_difference_and_is_consumed() -> None:
    """Line 491: "if a hero with Base AD2 and KN3 attempts to cast from a KN2 scroll, the AD is easier by
    1, so the hero rolls against AD3 (+ 1AD). If successful, the spell is cast as if the hero knows the
    spell... Exhaustion is paid as normal"; "Once a scroll is used to cast a spell, it is consumed"."""
    play = arena()
    in_hand(play, ARMOR, kn=3)
    events = cast(play, [HIT], "Magic Armor I")
    spell = of(events, SpellCast)[0]
    assert spell.success and spell.check.base == 2 and spell.check.ad == 3
    assert [a.value for a in spell.check.adjustments] == [1]
    assert spell.exhaustion == 1  # Magic Armor I: "1E, lasts three turns" (line 1458)
    assert of(events, ScrollConsumed) == [ScrollConsumed(figure=SCRIBE_ID, item=ARMOR, spell="Magic Armor I")]
    scribe = play.figure(SCRIBE_ID)
    assert ARMOR not in scribe.in_hand and ARMOR not in scribe.pack
    assert scribe.exhaustion == 1
    assert any(s.spell == "Magic Armor I" and s.target == SCRIBE_ID for s in play.combat.spells)


def test_a_scroll_above_the_heros_kn_is_harder_and_a_failed_cast_keeps_it() -> None:
    """Line 491: "a hero with Base AD1 and KN2 attempts to cast from a KN3 scroll... the hero rolls
    against their Base AD minus 1 (-1AD), which in this example would be AD0"; "Scrolls only disappear
    after the spell is successfully cast, and not on a failed cast." A "1" fails at AD0."""
    play = arena()
    in_hand(play, SHIELD, base_ad=1)
    events = cast(play, [ONE], "Magic Shield II")
    spell = of(events, SpellCast)[0]
    assert spell.check.base == 1 and spell.check.ad == 0 and not spell.success
    assert spell.exhaustion == 0 and not of(events, ScrollConsumed)
    assert SHIELD in play.figure(SCRIBE_ID).in_hand
    # Next turn, the same scroll again: a success icon casts it, and then it is gone.
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until(SCRIBE_ID)
    events = cast(play, [HIT], "Magic Shield II")
    assert of(events, SpellCast)[0].success and of(events, ScrollConsumed)
    assert SHIELD not in play.figure(SCRIBE_ID).in_hand


def test_a_scroll_in_the_pack_casts_nothing_and_a_learned_spell_keeps_its_scroll() -> None:
    """Line 491: "a hero must first have one in hand"; a Spell the hero has learned is cast as learned
    (no scroll adjustment), and its scroll stays in hand."""
    play = arena()
    assert play.rule_of("ana", {"type": "cast_spell", "figure": SCRIBE_ID, "spell": "Magic Armor I",
                                "target": SCRIBE_ID}) == "spell-unknown"
    in_hand(play, ARMOR, spells=("Magic Armor I",))
    events = cast(play, [TWO], "Magic Armor I")
    spell = of(events, SpellCast)[0]
    assert spell.success and spell.check.adjustments == () and not of(events, ScrollConsumed)
    assert ARMOR in play.figure(SCRIBE_ID).in_hand


def test_a_scroll_put_away_goes_back_into_the_pack() -> None:
    """Readying weapons puts what is in hand away: a scroll goes back into the pack, as a potion does."""
    play = arena()
    in_hand(play, ARMOR)
    play.act(SCRIBE_ID, "ready_weapons", in_hand=["dagger"])
    scribe = play.figure(SCRIBE_ID)
    assert scribe.in_hand == ("dagger",) and ARMOR in scribe.pack


def test_a_scroll_of_no_handbook_spell_is_refused() -> None:
    """A scroll is named by the Spell it holds ("can only be used to cast spells within the same KN
    level", line 491): one of no Handbook Spell is refused with the sheet's other problems."""
    hero = {**SCRIBE, "items": ["Scroll of Fireball"]}
    with pytest.raises(RuleViolation, match="'Scroll of Fireball' names no Spell") as refused:
        arena(hero=hero)
    assert refused.value.rule == "hero-invalid"


def test_version_5_carries_no_scrolls_and_casts_only_learned_spells() -> None:
    """Version 5 decides as before: its sheet refuses a scroll, and a figure holding one (set up by
    hand) still cannot cast a Spell it has not learned."""
    with pytest.raises(RuleViolation, match="Spell Scrolls are carried from Pericle 6") as refused:
        arena(version="5")
    assert refused.value.rule == "hero-invalid"
    play = arena(version="5", hero={**SCRIBE, "items": ["Potion of Healing"]})
    assert play.rule_of("ana", {"type": "fetch_item", "figure": SCRIBE_ID,
                                "item": "Scroll of Magic Armor I"}) == "not-carried"
    in_hand(play, ARMOR)
    assert play.rule_of("ana", {"type": "cast_spell", "figure": SCRIBE_ID, "spell": "Magic Armor I",
                                "target": SCRIBE_ID}) == "spell-unknown"


# ---- Runestones ---------------------------------------------------------------------------------

# KN3 (Runestone Mastery, line 1321, is a KN3 Discipline), Base AD0 in leather (DX1, leather AD-1).
RUNA = {"name": "Runa", "ancestry": "human", "mt": 1, "dx": 1, "kn": 3, "weapons": ["Dagger", "Staff"],
        "armour": "Leather", "disciplines": ["Runestone Mastery"],
        "runestones": {"Dagger": ["Diamond", "Ruby"], "Staff": ["Sapphire"], "Leather": ["Amethyst", "Diamond"]}}
RUNA_ID = "hero-runa"


def runed(version: str | None = None, hero: dict[str, Any] | None = None, hand: str = "dagger") -> PericleArena:
    """Runa at (3,3) facing the orc at (4,3) (armour 3, shield 1), weapon `hand` in hand; the Action
    phase begun and passed to her."""
    play = PericleArena(heroes={"ana": [{"hero": hero or RUNA, "start": {"q": 0, "r": 3}, "in_hand": [hand]}],
                                "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 4}}]}, version=version)
    play.put(RUNA_ID, 3, 3, facing=0)
    play.to_actions("heroes")
    play.pass_until(RUNA_ID)
    return play


def test_runestone_text() -> None:
    assert "that weapon gains AD+1 when rolling to attack" in line(741)
    assert line(745).startswith("Ruby (210gc). Weapons imbued with these runestones deal an additional +1 damage.")
    assert "the wielder gains AD+1 to rolls made to cast spells" in line(747)
    assert "the wielder may move one additional hex in combat" in line(739)
    assert "reduce one point of AD penalty that the armor may have given their wearer" in line(741)
    assert "gain the bonuses of two runestones that are embedded in an item" in line(1321)


def test_armours_amethyst_and_diamond_give_a_hex_of_movement_and_a_point_of_ad_back() -> None:
    """Line 739: Amethyst "If imbued into armor, the wielder may move one additional hex in combat";
    line 741: Diamond "When imbued into armor, diamond runestones reduce one point of AD penalty that
    the armor may have given their wearer" (leather: AD-1). The Grapple score (1/2 MT + Base AD - 2)
    follows the Base AD."""
    runa = runed().figure(RUNA_ID)
    plain = runed(hero={**RUNA, "runestones": {}}).figure(RUNA_ID)
    assert (plain.base_ad, plain.movement, plain.grapple) == (0, 5, -2)
    assert (runa.base_ad, runa.movement, runa.grapple) == (1, 6, -1)
    assert runa.runestones == {"dagger": ("Diamond", "Ruby"), "staff": ("Sapphire",), "armour": ("Amethyst", "Diamond")}
    assert plain.runestones == {}
    # GET /state shows a figure's runestones only when it has some.
    shown = {f["id"]: f for f in state_view(runed().state)["ruleset_state"]["figures"]}
    assert list(shown[RUNA_ID]["runestones"]["armour"]) == ["Amethyst", "Diamond"] and "runestones" not in shown["orc"]


def test_a_weapons_diamond_adds_ad_1_to_its_attacks_and_ruby_1_damage() -> None:
    """Line 741: Diamond "When diamond runestones are imbued into a weapon, that weapon gains AD+1 when
    rolling to attack"; line 745: Ruby "Weapons imbued with these runestones deal an additional +1
    damage". Runa's dagger (1d6: a 6) holds both (Runestone Mastery); the orc: armour 3, shield 1."""
    play = runed()
    [strike] = strikes_of(play.act(RUNA_ID, "attack", [HIT, 6], strikes=[{"target": "orc",
                                                                              "weapon": "Dagger"}]))
    assert Adjustment(1, "Diamond runestone") in strike.check.adjustments
    # Base AD1 (leather's penalty taken back by the armour's Diamond), a sword's +1, the Diamond's +1.
    assert strike.check.ad == 3
    assert Adjustment(1, "Ruby runestone") in strike.modifiers
    assert strike.hit and strike.damage == 6 + 1 - 3 - 1


def test_a_weapon_without_runestones_gets_nothing_from_anothers() -> None:
    """The runestones work in the item they are embedded in: the staff (Sapphire) strikes unaided."""
    play = runed(hand="staff")
    [strike] = strikes_of(play.act(RUNA_ID, "attack", [HIT, 6], strikes=[{"target": "orc",
                                                                              "weapon": "Staff"}]))
    assert not [a for a in strike.check.adjustments if "runestone" in a.source]
    assert not [a for a in strike.modifiers if "runestone" in a.source]


def test_a_weapons_sapphire_adds_ad_1_to_cast_while_it_is_in_hand() -> None:
    """Line 747: Sapphire "When imbued into weapons, the wielder gains AD+1 to rolls made to cast
    spells": with the staff in hand, not with the dagger."""
    hero = {**RUNA, "spells": ["Magic Armor I"]}
    play = runed(hero=hero, hand="staff")
    [spell] = of(play.act(RUNA_ID, "cast_spell", [HIT], spell="Magic Armor I", target=RUNA_ID), SpellCast)
    assert list(spell.check.adjustments) == [Adjustment(1, "Sapphire runestone")] and spell.check.ad == 2
    play = runed(hero=hero, hand="dagger")
    [spell] = of(play.act(RUNA_ID, "cast_spell", [HIT], spell="Magic Armor I", target=RUNA_ID), SpellCast)
    assert spell.check.adjustments == () and spell.check.ad == 1


def refusal(hero: dict[str, Any], version: str | None = None) -> str:
    with pytest.raises(RuleViolation) as refused:
        runed(version=version, hero=hero)
    assert refused.value.rule == "hero-invalid"
    return str(refused.value)


def test_a_second_runestone_needs_runestone_mastery_and_items_with_runestones_count_as_magic() -> None:
    """Line 735: "Heroes may only benefit from the magical properties of one runestone in an item";
    line 1321: Runestone Mastery "You may gain the bonuses of two runestones that are embedded in an
    item instead of only one"; line 721: "heroes may only carry a number of magical items on their
    person... equal to their KN +1" (a runestone-imbued item is magical: the Sindaro example, line 725);
    line 731: "most runestones cannot be placed in shields"."""
    assert "without Runestone Mastery" in refusal({**RUNA, "disciplines": []})
    assert "holds 3 runestones" in refusal({**RUNA, "runestones": {"Dagger": ["Diamond", "Ruby", "Emerald"]}})
    assert "Magic Item Capacity" in refusal({**RUNA, "mt": 2, "dx": 2, "kn": 1, "disciplines": [],
                                             "runestones": {"Dagger": ["Ruby"], "Staff": ["Ruby"],
                                                            "Leather": ["Ruby"]}})
    assert "shield" in refusal({**RUNA, "weapons": ["Dagger"], "shield": "Buckler",
                                "runestones": {"Buckler": ["Ruby"]}})
    assert "none of the sheet's weapons or its armour" in refusal({**RUNA, "runestones": {"Mace": ["Ruby"]}})


def test_version_5_embeds_no_runestones_and_lists_no_sapphire() -> None:
    """Version 5 refuses a sheet with runestones, and records a sheet without them as it always did;
    its catalogue is served as it was, version 6's lists the Sapphire (line 1639)."""
    assert "runestones work from Pericle 6" in refusal(RUNA, version="5")
    play = runed(version="5", hero={**RUNA, "runestones": {}})
    assert all("runestones" not in e.sheet for e in of(play.events, HeroJoined))
    assert of(runed().events, HeroJoined)[0].sheet["runestones"] == RUNA["runestones"]
    names = {v: [i.name for i in handbook_catalogue(v).items if i.kind == "runestone"] for v in ("5", "6")}
    assert names == {"5": ["Amethyst", "Diamond", "Emerald", "Ruby"],
                     "6": ["Amethyst", "Diamond", "Emerald", "Ruby", "Sapphire"]}
    [sapphire] = [i for i in handbook_catalogue("6").items if i.name == "Sapphire"]
    assert sapphire.price_gc == 210 and sapphire.seed.line == 1639


def test_runestone_mastery_is_served_as_enforced_by_version_6_only() -> None:
    assert discipline_enforcement("Runestone Mastery", "6") == "enforced"
    assert "v6/runestones.py" in enforced_disciplines("6")["Runestone Mastery"]
    assert discipline_enforcement("Runestone Mastery", "5") == "table-applied"


def test_a_weapons_emerald_heals_its_wielder_1d4_on_a_natural_critical_hit_only() -> None:
    """Line 743: Emerald "runestones imbued into weapons grant their wielder the ability to regain 1d4
    HP whenever they land a natural critical hit with the weapon in which the emerald runestone is
    imbued. A natural critical hit is only a crit made by rolling the Crit Face". Runa (3 wounds)
    crits the orc with her dagger: the 1d4 (a 2) heals her; an ordinary hit heals nothing."""
    hero = {**RUNA, "disciplines": [], "runestones": {"Dagger": ["Emerald"]}}
    play = runed(hero=hero)
    play.put(RUNA_ID, 3, 3, facing=0, wounds=3)
    events = play.act(RUNA_ID, "attack", [CRIT, 1, 6, 2], strikes=[{"target": "orc", "weapon": "Dagger"}])
    assert strikes_of(events)[0].check.crit and strikes_of(events)[0].hit
    [healed] = of(events, Healed)
    assert healed.source == "runestone:Emerald" and healed.roll is not None and healed.amount == 2
    assert play.figure(RUNA_ID).wounds == 1
    play = runed(hero=hero)
    play.put(RUNA_ID, 3, 3, facing=0, wounds=3)
    events = play.act(RUNA_ID, "attack", [HIT, 6], strikes=[{"target": "orc", "weapon": "Dagger"}])
    assert strikes_of(events)[0].hit and not of(events, Healed)
    assert play.figure(RUNA_ID).wounds == 3


def under_fire(runestones: dict[str, list[str]]) -> PericleArena:
    """Runa (leather, armour 1) at (3,3) facing east; Baerwyn (MT6 for the test: Arcane Barrage 3d4)
    two hexes behind her at (1,3) facing her, knowing Arcane Barrage and Arcane Storm; his slot come."""
    play = PericleArena(heroes={"ana": [{"hero": {**RUNA, "runestones": runestones}, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 4}}]})
    play.put(RUNA_ID, 3, 3, facing=0)
    play.put("hero-baerwyn", 1, 3, facing=0, mt=6, spells=("Arcane Barrage", "Arcane Storm"))
    play.to_actions("heroes")
    play.pass_until("hero-baerwyn")
    return play


def test_armours_sapphire_takes_four_points_off_the_damage_of_spells() -> None:
    """Line 747: "Armor with sapphire runestones reduces damage from spells by four points." Arcane
    Barrage (3d4: 12) through leather (1): 11, with the Sapphire 7; an Arcane Storm's 1d4 (4), which
    bypasses armour: 4 to the orc beside her, none to her. (Version 5 has no runestones: its
    `spell_ward` hook answers none, and its arcane damage is as before.)"""
    dealt = {}
    for stones in ({}, {"Leather": ["Sapphire"]}):
        play = under_fire(stones)
        events = play.act("hero-baerwyn", "cast_spell", [HIT, 4, 4, 4], spell="Arcane Barrage", target=RUNA_ID)
        [hit] = [h for e in of(events, SpellDamage) for h in e.hits]
        dealt[bool(stones)] = hit.damage
        assert (Adjustment(4, "Sapphire runestone") in hit.protection) == bool(stones)
        assert play.figure(RUNA_ID).wounds == hit.damage
    assert dealt == {False: 11, True: 7}
    play = under_fire({"Leather": ["Sapphire"]})
    events = play.act("hero-baerwyn", "cast_spell", [HIT, 4], spell="Arcane Storm", target="hero-baerwyn",
                      at={"q": 3, "r": 3})
    hits = {h.figure: h for e in of(events, SpellDamage) for h in e.hits}
    assert hits[RUNA_ID].damage == 0 and hits[RUNA_ID].protection == [Adjustment(4, "Sapphire runestone")]
    assert hits["orc"].damage == 4 and hits["orc"].protection == []  # the orc beside her: no Sapphire


def test_a_sheet_is_recorded_with_runestones_only_when_it_has_some() -> None:
    """Every battle and hero record recorded before runestones holds its sheets without the field: a
    command recorded beside its events (domain/codec.py `command_data`) keeps it only when given."""
    plain = msgspec.convert({"type": "submit_hero", "hero": {**RUNA, "runestones": {}}, "start": {"q": 0, "r": 3}},
                            SubmitHero)
    runed_ = msgspec.structs.replace(plain, hero=msgspec.convert(RUNA, HeroSheet))
    assert "runestones" not in command_data(plain)["hero"]
    assert command_data(runed_)["hero"]["runestones"] == RUNA["runestones"]
    assert "runestones" not in sheet_data(plain.hero) and sheet_data(runed_.hero)["runestones"]


def test_a_scroll_is_cast_in_the_action_phase_only() -> None:
    """Line 491: "The would-be caster then makes a Base AD Check to cast the spell during their Action
    phase": a hero with Staff & Wand Affinity: Enchantment III, who casts a learned Enchantment Spell
    in the Movement phase (line 1347), does not cast one from a scroll then."""
    play = PericleArena(heroes={"ana": [{"hero": {**SCRIBE, "weapons": ["Dagger", "Staff"]},
                                         "start": {"q": 1, "r": 2}, "in_hand": ["staff"]}],
                                "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 4}}]})
    in_hand(play, ARMOR, disciplines=("Staff & Wand Affinity: Enchantment III",))
    play.to_movement("heroes")
    body = {"type": "cast_spell", "figure": SCRIBE_ID, "spell": "Magic Armor I", "target": SCRIBE_ID}
    assert play.rule_of("ana", body, [HIT]) == "scroll-phase"
    in_hand(play, spells=("Magic Armor I",))
    assert of(play.command("ana", body, [HIT]), SpellCast)[0].success  # learned: cast in the Movement phase


def test_armours_ruby_takes_a_point_off_damage_other_than_spells() -> None:
    """Line 745: "Armor imbued with them reduces all damage dealt to their wearers through means other
    than spells by one point." The orc's axe (1d6: a 6, +1 axe) through leather (1): 6, with the Ruby 5;
    a hazard's fire (1d6: a 4) as she walks in: 4, with the Ruby 3. Arcane Barrage, a Spell, is not
    reduced by it (3d4: 12, less leather: 11)."""
    for stones, axe, fire in (({}, 6, 4), ({"Leather": ["Ruby"]}, 5, 3)):
        play = runed(hero={**RUNA, "runestones": stones})
        play.end_turn()
        play.to_actions("enemies")
        play.pass_until("orc")
        [strike] = strikes_of(play.act("orc", "attack", [HIT, 6], strikes=[{"target": RUNA_ID}]))
        assert strike.hit and strike.damage == axe
        assert (Adjustment(1, "Ruby runestone") in strike.protection) == bool(stones)
        hazard = {"hex": {"q": 2, "r": 4}, "name": "fire", "damage": "1d6"}
        play = PericleArena(heroes={"ana": [{"hero": {**RUNA, "runestones": stones}, "start": {"q": 0, "r": 3}}],
                                    "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 4}}]},
                            map={**encounter()["map"], "hazards": [hazard]})
        play.put(RUNA_ID, 2, 3, facing=0)
        play.to_movement("heroes")
        events = play.act(RUNA_ID, "move_figure", [4], path=[{"q": 2, "r": 4}])
        [burnt] = [e for e in of(events, Damaged) if e.figure == RUNA_ID]
        assert burnt.source == "hazard:fire" and burnt.amount == fire
    play = under_fire({"Leather": ["Ruby"]})
    events = play.act("hero-baerwyn", "cast_spell", [HIT, 4, 4, 4], spell="Arcane Barrage", target=RUNA_ID)
    assert [h.damage for e in of(events, SpellDamage) for h in e.hits] == [11]
