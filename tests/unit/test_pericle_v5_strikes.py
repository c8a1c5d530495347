"""Pericle 5: strikes re-checked against seed 001 (the combat chapter and the Disciplines appendix).

Each test quotes the seed lines it follows; version 4 is pinned beside it where version 5 decides
differently, to show that the released version is untouched."""

from __future__ import annotations

import pytest

from domain.rulesets.pericle.v5.attack_steps import strikes_in
from tests.unit.pericle_arena import PericleArena

HIT, CRIT, MISS = 1, 5, 10
BLANK, SHIELD = 6, 1


# ---- Defend together with Dodge ---------------------------------------------------------------
# Line 438: "Whenever an enemy attempts to attack or cast a spell on a Defending target, the Defender
# gets to roll a Defense Die. The Defender gets to roll a Defense Die for each attack directed at them
# for the entire turn." Line 1254, Dodge: "You may roll one Defense Die whenever an opponent attacks you
# with a ranged attack or a ranged Spell. If you are Defending, roll two Defense Dice." Line 406: a Reach
# polearm strikes "from either an adjacent hex or 2 hexes away" as a melee attack; line 454: Defend in a
# Grapple "grants you a Defense Die against all attacks for the remainder of the turn".


def dodger_before_the_spearman(version: str | None = None) -> PericleArena:
    """Sindaro (Dodge) Defends two hexes in front of the goblin spearman (Reach 2)."""
    arena = PericleArena(version=version)
    arena.put("hero-sindaro", 3, 2, facing=0)
    arena.put("orc", 7, 7)
    arena.put("zombie", 7, 6)
    arena.to_actions("heroes", defend=("hero-sindaro",))
    arena.pass_until("spearman")
    return arena


def test_a_defending_dodger_rolls_its_defense_die_against_a_reach_blow() -> None:
    arena = dodger_before_the_spearman()
    [strike] = strikes_in(arena.act("spearman", "attack", [MISS, BLANK], strikes=[{"target": "hero-sindaro"}]))
    assert strike.kind == "reach" and strike.check.defense_faces == ("blank",)


def test_version_4_gave_a_defending_dodger_no_die_against_reach() -> None:
    arena = dodger_before_the_spearman(version="4")
    [strike] = strikes_in(arena.act("spearman", "attack", [MISS], strikes=[{"target": "hero-sindaro"}]))
    assert strike.kind == "reach" and strike.check.defense_faces == ()


def dodger_in_a_pile(version: str | None = None) -> PericleArena:
    """Sindaro (Dodge) and the zombie lie in a Grapple Pile; Sindaro Defends."""
    arena = PericleArena(version=version)
    arena.put("zombie", 3, 3, condition="prone", grappled_with=("hero-sindaro",))
    arena.put("hero-sindaro", 3, 3, condition="prone", grappled_with=("zombie",))
    arena.put("hero-varya", 0, 0)
    arena.put("orc", 7, 7)
    arena.put("spearman", 7, 6)
    arena.to_actions("heroes", defend=("hero-sindaro",))
    arena.pass_until("zombie")
    return arena


@pytest.mark.parametrize(("version", "faces"), [(None, ("shield",)), ("4", ())])
def test_a_defending_dodger_rolls_its_defense_die_against_a_grapple_strike(version: str | None,
                                                                          faces: tuple[str, ...]) -> None:
    arena = dodger_in_a_pile(version)
    [strike] = strikes_in(arena.act("zombie", "attack", [HIT, SHIELD], strikes=[{"target": "hero-sindaro"}]))
    assert strike.kind == "grapple-strike" and strike.check.defense_faces == faces
    assert strike.hit == (version == "4")


def test_a_defending_dodger_still_rolls_two_dice_not_three_against_a_shot() -> None:
    """Dodge's "If you are Defending, roll two Defense Dice" (line 1254): the Defending die is one of them."""
    arena = PericleArena(map={"width": 8, "height": 8})
    arena.put("hero-sindaro", 6, 4, facing=3)
    arena.put("hero-baerwyn", 2, 4, facing=0, disciplines=())
    arena.put("orc", 4, 0)
    arena.put("zombie", 7, 7)
    arena.to_actions("heroes", defend=("hero-sindaro",))
    arena.put("hero-baerwyn", 2, 4, facing=0, team="enemies", seat="gm")  # Baerwyn turned traitor
    arena.pass_until("hero-baerwyn")
    [strike] = strikes_in(arena.command("gm", {"type": "attack", "figure": "hero-baerwyn", "strikes": [
        {"target": "hero-sindaro", "weapon": "Short Bow"}]}, [MISS, BLANK, BLANK, BLANK]))
    assert strike.check.defense_faces == ("blank", "blank")


# ---- Weapon Mastery split between AD and damage ---------------------------------------------------
# Line 1177: "When attacking with your chosen weapon type, you may either gain a bonus in the form of
# adding on AD+1 or +1 damage ... you must decide which bonus you will use prior to making your attack
# roll ... If a hero has acquired this Discipline multiple times for a single weapon type, the bonuses
# can be distributed in any manner the hero wishes. For example, a hero with three Weapon Masteries in
# swords may apply them as AD+2 and +1 damage, or as AD+0 and +3 damage when wielding a sword."


def master_of_swords(version: str | None = None) -> PericleArena:
    """Varya, three Weapon Masteries in swords, Short Sword in hand, faces the orc (leather 3, shield 1)."""
    arena = PericleArena(version=version)
    arena.put("hero-varya", 3, 3, facing=0, in_hand=("short sword",),
              disciplines=("Weapon Mastery", "Weapon Mastery", "Weapon Mastery"), mastery=("sword",) * 3)
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    return arena


@pytest.mark.parametrize(("ad", "damage"), [(2, 1), (0, 3), (3, 0)])
def test_weapon_masteries_are_distributed_between_ad_and_damage(ad: int, damage: int) -> None:
    arena = master_of_swords()
    [strike] = strikes_in(arena.act("hero-varya", "attack", [HIT, 4, 2], strikes=[
        {"target": "orc", "weapon": "Short Sword", "mastery_ad": ad}]))
    by_source = {a.source: a.value for a in strike.check.adjustments}
    assert by_source.get("Weapon Mastery", 0) == ad and by_source["sword"] == 1
    assert {m.source: m.value for m in strike.modifiers}.get("Weapon Mastery", 0) == damage
    assert strike.damage == max(0, 4 + 2 + damage - 4), "through the orc's armour (3) and shield (1)"


def test_no_more_masteries_than_learned_and_none_in_version_4() -> None:
    body = {"type": "attack", "figure": "hero-varya", "strikes": [
        {"target": "orc", "weapon": "Short Sword", "mastery_ad": 4}]}
    assert master_of_swords().rule_of("ana", body) == "mastery-split"
    body["strikes"][0]["mastery_ad"] = 1  # type: ignore[index]
    assert master_of_swords(version="4").rule_of("ana", body) == "mastery-split"


def test_without_a_split_all_masteries_go_where_mastery_says() -> None:
    arena = master_of_swords()
    [strike] = strikes_in(arena.act("hero-varya", "attack", [HIT, 4, 2], strikes=[
        {"target": "orc", "weapon": "Short Sword", "mastery": "damage"}]))
    assert "Weapon Mastery" not in {a.source for a in strike.check.adjustments}
    assert {m.source: m.value for m in strike.modifiers}["Weapon Mastery"] == 3
    recorded = [e for e in arena.events if type(e).__name__ == "CommandRecorded"][-2]
    assert "mastery_ad" not in recorded.command["strikes"][0], "recorded only when given"  # type: ignore[attr-defined]


# ---- Off-hand and two-weapon attacks ----------------------------------------------------------------
# Line 1306, Dual Weapons: "Attack with both weapons. The first attack is normal and the second attack is
# at AD-3 to hit but is taken at the same time as the first attack." Line 410: Tarkan "may attack twice at
# AD-1 and twice at AD-4, except the 3rd attack taken has an additional AD-1 penalty, and the 4th attack
# has an additional AD-2 penalty. Tarkan may choose the order of the attacks, that is if he takes his extra
# attack from Dual Weapons first or if he takes the extra attack from Deft Strikes first."


def tarkan(version: str | None = None) -> PericleArena:
    """Varya as Tarkan: a dagger and a knife in hand, Dual Weapons and Deft Strikes declared."""
    from domain.rulesets.pericle.catalogue import WEAPONS

    arena = PericleArena(version=version)
    arena.put("hero-varya", 3, 3, facing=0)
    arena.put("spearman", 7, 0)
    arena.to_actions("heroes")
    arena.put("hero-varya", 3, 3, facing=0, weapons=(WEAPONS["dagger"], WEAPONS["knife"]),
              in_hand=("dagger", "knife"), disciplines=("Dual Weapons", "Deft Strikes"), mastery=(),
              deft_strikes=True)
    arena.pass_until("hero-varya")
    return arena


def granted(arena: PericleArena, weapons: list[str]) -> list[int]:
    found = strikes_in(arena.act("hero-varya", "attack", [MISS] * 12,
                                 strikes=[{"target": "orc", "weapon": w} for w in weapons]))
    return [sum(a.value for a in s.check.adjustments if a.source != "sword") for s in found]


@pytest.mark.parametrize(("order", "expected"), [
    (["dagger", "dagger", "knife", "knife"], [-1, -1, -5, -6]),   # the Deft Strikes extra first
    (["dagger", "knife", "knife", "dagger"], [-1, -4, -5, -3]),   # the Dual Weapons extra first
    (["knife", "knife", "dagger", "dagger"], [-1, -1, -5, -6]),   # the knife as the first weapon
])
def test_tarkans_four_attacks_the_first_attack_is_normal(order: list[str], expected: list[int]) -> None:
    """Twice at AD-1 (Deft Strikes) and twice at AD-4 (Deft Strikes and Dual Weapons' AD-3), the 3rd another
    AD-1 and the 4th another AD-2: whichever weapon opens the Attack is the first weapon."""
    assert granted(tarkan(), order) == expected


def test_a_single_strike_with_the_weapon_held_second_is_normal() -> None:
    """"The first attack is normal": one strike with either weapon takes no Dual Weapons penalty (version 4
    gave the knife, held second, AD-3)."""
    arena = tarkan()
    assert granted(arena, ["knife"]) == [0]
    assert granted(tarkan(version="4"), ["knife"]) == [-3]


# ---- Fortune versus Misfortune --------------------------------------------------------------------------
# Line 214: "Misfortune (3) is the maximum possible; even if the AD is greater than -3, a combatant never
# rolls more than three extra times (rolling the AD die 4 times total)." Line 898: "1 Misfortune for each
# point of MT deficit below the weapon's MT requirement". Line 1399, Blur: "forces an attacker to roll AD0
# and have Misfortune". Line 220 defines Fortune ("roll twice and keep the better roll") and the seed never
# says how Fortune and Misfortune meet: PER-FORTUNE-MISFORTUNE (they cancel one for one) stays provisional.


def test_misfortune_from_every_source_is_three_extra_rolls_at_most() -> None:
    """Baerwyn (MT1) draws a longbow (MT4): Misfortune 3; at a Blurred orc, one more: still three extra rolls."""
    import msgspec

    from domain.rulesets.pericle.catalogue import WEAPONS
    from domain.rulesets.pericle.state import ActiveSpell

    arena = PericleArena()
    arena.put("hero-baerwyn", 0, 4, weapons=(WEAPONS["longbow"],), in_hand=("longbow",))
    arena.to_actions("heroes")
    arena.combat = msgspec.structs.replace(arena.combat, spells=(
        ActiveSpell(spell="Blur", caster="hero-sindaro", target="orc", cast_turn=1, exhaustion=1),))
    faces = [HIT] * 4 + [BLANK] + [1] * 6  # four Action Dice, a Defense Die (cover), the damage
    strike, *_ = strikes_in(arena.act("hero-baerwyn", "attack", faces, strikes=[{"target": "orc"}]))
    assert strike.check.misfortune == 3 and len(strike.check.action_faces) == 4
    assert strike.check.ad == 0 and strike.hit, "four success icons (and a blank Defense Die): it hits"
