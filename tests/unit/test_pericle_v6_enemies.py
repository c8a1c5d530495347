"""Pericle 6: enemies with several attacks (Issue 15 item 3; v6/enemies.py, PER-ENEMY-BLOCK). An
encounter's stat block naming the ability "Separate Attacks" strikes with each of its listed attacks
once in one Attack, as the summoned Hydra's heads do (seed 001 line 1554); versions 3-5 refuse the
ability as they refused an unknown one before. Each test plays real commands on a battle."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import DomainError
from domain.rulesets.pericle.combat_events import DefendDeclared, SpellCast, SpellMaintained
from domain.rulesets.pericle.v5.attack_steps import strikes_in
from tests.unit.pericle_arena import PericleArena, encounter
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v4_play import BRAM, YSOLDE

HIT, MISS = 1, 10  # Action Die faces: a success icon, the critical failure
BLANK = 6  # Defense Die: blank

TROLL: dict[str, Any] = {
    "id": "troll", "name": "Cave troll", "hp": 30, "mt": 4, "base_ad": 2,
    "attacks": [{"name": "Claw", "damage": "1d4", "natural": True},
                {"name": "Bite", "damage": "1d6", "natural": True},
                {"name": "Club", "damage": "2d4", "weapon_class": "hammer"}],
    "abilities": ["Separate Attacks"], "hex": {"q": 3, "r": 3}, "facing": 3}


def troll(**changes: Any) -> dict[str, Any]:
    return {**TROLL, **changes}


def arena(version: str | None = None, **block: Any) -> PericleArena:
    """Ysolde at (2,3) and Bram at (2,4), both beside the troll at (3,3) (facing west, at them);
    the enemies win the initiative and the troll's slot is open."""
    enemies = [troll(**block), *encounter()["enemies"][1:]]
    play = PericleArena(heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]}, version=version,
                        enemies=enemies)
    play.put("hero-ysolde", 2, 3, facing=0, max_hp=40)
    play.put("hero-bram", 2, 4, facing=0, max_hp=40, armour=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    return play


def to_troll(play: PericleArena, defend: tuple[str, ...] = ()) -> None:
    play.to_actions("enemies", defend=defend)
    play.pass_until("troll")


def strikes(*pairs: tuple[str, str]) -> list[dict[str, str]]:
    return [{"target": target, "weapon": weapon} for target, weapon in pairs]


def test_an_enemy_with_separate_attacks_strikes_with_each_of_its_attacks_in_one_attack() -> None:
    """Line 1554 (Summon Hydra): "It has five heads which each attack separately"; PER-ENEMY-BLOCK gives
    an encounter's stat block the same ability: the troll's Claw, Bite and Club in one Attack, at two
    foes, none at a penalty for their number (line 410: "Disciplines and magic items may grant a hero
    multiple attacks in a turn... AD-1 for the 3rd attack": a hero's)."""
    assert "five heads which each attack separately" in line(1554)
    assert "may grant a hero multiple attacks" in line(410) and "AD-1 for the 3rd attack" in line(410)
    play = arena()
    to_troll(play)
    events = play.act("troll", "attack", [HIT, 3, HIT, 5, HIT, 3, 4],
                      strikes=strikes(("hero-ysolde", "Claw"), ("hero-bram", "Bite"), ("hero-ysolde", "Club")))
    made = list(strikes_in(events))
    assert [(s.weapon, s.target, s.hit) for s in made] == [("Claw", "hero-ysolde", True), ("Bite", "hero-bram", True),
                                                          ("Club", "hero-ysolde", True)]
    assert all(not [a for a in s.check.adjustments if "multiple" in a.source.lower()] for s in made)
    assert all(s.check.ad == made[0].check.ad for s in made)
    assert play.figure("hero-ysolde").wounds == 3 + 7 and play.figure("hero-bram").wounds == 5
    assert play.combat.current != "troll", "the three strikes were the troll's one Action"


def test_each_attack_once_and_one_attack_without_the_ability() -> None:
    """"each attack separately" (line 1554): one strike per listed attack, so the troll's Claw twice is
    refused before any die; a stat block without Separate Attacks still makes one attack per Action
    in version 6, as before."""
    play = arena()
    to_troll(play)
    twice = strikes(("hero-ysolde", "Claw"), ("hero-bram", "Claw"))
    assert play.rule_of("gm", {"type": "attack", "figure": "troll", "strikes": twice}, [HIT, 1, HIT, 1]) == "one-attack"
    play = arena(abilities=[])
    to_troll(play)
    two = strikes(("hero-ysolde", "Claw"), ("hero-bram", "Bite"))
    assert play.rule_of("gm", {"type": "attack", "figure": "troll", "strikes": two}, [HIT, 1, HIT, 1]) == "one-attack"
    [one] = list(strikes_in(play.act("troll", "attack", [HIT, 2], strikes=strikes(("hero-bram", "Claw")))))
    assert one.hit and play.figure("hero-bram").wounds == 2


def test_a_defender_rolls_a_defense_die_against_each_of_the_attacks() -> None:
    """Line 438: "Whenever an enemy attempts to attack or cast a spell on a Defending target, the
    Defender gets to roll a Defense Die. The Defender gets to roll a Defense Die for each attack
    directed at them for the entire turn." Bram Defends: the troll's Claw and Bite each meet a Defense
    Die, a shield blocking the Claw and a blank letting the Bite through."""
    assert "a Defense Die for each attack directed at them" in line(438)
    play = arena()
    play.to_actions("enemies", defend=("hero-bram",))
    assert any(isinstance(e, DefendDeclared) for e in play.events)
    play.pass_until("troll")
    shield = 1  # Defense Die face 1: a shield (blocked)
    events = play.act("troll", "attack", [HIT, shield, HIT, BLANK, 4],
                      strikes=strikes(("hero-bram", "Claw"), ("hero-bram", "Bite")))
    claw, bite = list(strikes_in(events))
    assert claw.check.defense_faces and bite.check.defense_faces
    assert claw.check.blocked and not claw.hit
    assert bite.hit and not bite.check.blocked and play.figure("hero-bram").wounds == 4


@pytest.mark.parametrize("version", ["3", "4", "5"])
def test_versions_3_to_5_refuse_separate_attacks_as_before(version: str) -> None:
    """Versions 3-5 are frozen: the ability was no value of a stat block's `abilities`, and a battle
    naming it is refused with the words msgspec gave for an unknown ability (an enemy's, then a
    befriended animal's)."""
    with pytest.raises(DomainError) as refused:
        arena(version=version)
    assert refused.value.rule == "options-invalid"
    assert refused.value.detail == ("pericle options: Invalid enum value 'Separate Attacks' - at "
                                    "`$.encounter.enemies[0].abilities[0]`")
    with pytest.raises(DomainError) as refused:
        arena(version=version, abilities=["Overrun", "Separate Attacks"], overrun_damage="1d4")
    assert refused.value.detail.endswith("`$.encounter.enemies[0].abilities[1]`")
    if version == "3":
        return  # version 3's Handbook knows none of Ysolde's Spells: the refusal above is what it tells
    play = arena(version=version, abilities=[])
    to_troll(play)
    two = strikes(("hero-ysolde", "Claw"), ("hero-bram", "Bite"))
    assert play.rule_of("gm", {"type": "attack", "figure": "troll", "strikes": two}, [HIT, 1, HIT, 1]) == "one-attack"


def test_a_befriended_animal_with_separate_attacks_in_version_6_only() -> None:
    """A befriended animal's stat block is an enemy's (encounter.py `Companion`): Separate Attacks
    too, refused below version 6 at its own place in the encounter."""
    wolf = {**troll(id="wolf", name="Wolf", hex={"q": 1, "r": 1}), "seat": "ben"}
    for version, refused in (("5", True), ("6", False)):
        try:
            PericleArena(version=version, companions=[wolf])
        except DomainError as error:
            assert refused and error.detail.endswith("`$.encounter.companions[0].abilities[0]`")
        else:
            assert not refused


def test_the_reading_is_listed_as_provisional_for_version_6() -> None:
    """PER-ENEMY-BLOCK is listed with version 6's provisional rules and has its (empty) setting."""
    from domain.rulesets.pericle.settings import PericleV6Settings
    from domain.rulesets.pericle.v6.provisional import V6_RULES

    [rule] = [r for r in V6_RULES if r.id == "PER-ENEMY-BLOCK"]
    assert "line 1554" in rule.summary and "line 438" in rule.summary
    assert "PER_ENEMY_BLOCK" in PericleV6Settings.__struct_fields__


# ---- an enemy's Spells (a stat block's `spells`, version 6) -------------------------------------


def spell_arena(version: str | None = None, **block: Any) -> PericleArena:
    """The troll (KN2, Base AD2, HP30) knows Trip and Magic Armor I; its slot is open."""
    play = arena(version=version, **{"abilities": [], "kn": 2, "spells": ["Trip", "Magic Armor I"], **block})
    to_troll(play)
    return play


def test_an_enemy_casts_a_spell_of_its_stat_block_by_its_base_ad_and_pays_exhaustion_from_its_hp() -> None:
    """Line 1365: Spells "can be cast by heroes and foes alike"; line 468: "they must succeed on a
    Base AD check. If successful, they immediately pay the Exhaustion (E) cost for the spell.
    Exhaustion is a temporary loss of HP that is the same as HP loss from wounds". The troll casts
    Trip (line 1462: "2E if the target has less than MT20... The target is tripped and knocked prone")
    at Bram from the enemy seat: its Base AD2 check, Bram prone, 2 of its 30 HP spent."""
    assert "can be cast by heroes and foes alike" in line(1365)
    assert "The target is tripped and knocked prone" in line(1462)
    assert "they must succeed on a Base AD check" in line(468)
    play = spell_arena()
    assert play.figure("troll").spells == ("Trip", "Magic Armor I")
    events = play.command("gm", {"type": "cast_spell", "figure": "troll", "spell": "Trip", "target": "hero-bram"},
                          [HIT, BLANK])
    [cast] = [e for e in events if isinstance(e, SpellCast)]
    assert cast.success and cast.check.base == 2 and cast.exhaustion == 2 and cast.check.defense_faces == ("blank",)
    assert play.figure("hero-bram").condition == "prone"
    troll_now = play.figure("troll")
    assert (troll_now.exhaustion, troll_now.hp) == (2, 28)
    assert play.combat.current != "troll", "the cast was its Action"


def test_a_failed_cast_costs_an_enemy_nothing_and_it_casts_only_what_its_block_lists() -> None:
    """Line 470: "If a spellcaster fails their AD check to cast the spell they do not pay any
    Exhaustion"; a Spell its stat block does not list is refused before any die ("spell-unknown")."""
    assert "they do not pay any Exhaustion" in line(470)
    play = spell_arena()
    assert play.rule_of("gm", {"type": "cast_spell", "figure": "troll", "spell": "Terror",
                               "target": "hero-bram"}, [HIT, BLANK]) == "spell-unknown"
    events = play.command("gm", {"type": "cast_spell", "figure": "troll", "spell": "Trip", "target": "hero-bram"},
                          [MISS, BLANK])
    [cast] = [e for e in events if isinstance(e, SpellCast)]
    assert not cast.success and cast.exhaustion == 0 and play.figure("troll").hp == 30
    assert play.figure("hero-bram").condition == "standing"


def test_an_enemy_can_fall_by_the_exhaustion_of_its_own_spell() -> None:
    """Line 487: "The Exhaustion for the spell accrues after applying the effects of the Spell. It is
    possible to become unconscious because of the Exhaustion cost of casting a spell": a troll of 2 HP
    left trips Bram and falls."""
    assert "possible to become unconscious because of the Exhaustion cost" in line(487)
    play = spell_arena()
    play.put("troll", 3, 3, wounds=28)
    play.command("gm", {"type": "cast_spell", "figure": "troll", "spell": "Trip", "target": "hero-bram"},
                 [HIT, BLANK])
    assert play.figure("hero-bram").condition == "prone"
    troll_now = play.figure("troll")
    assert troll_now.hp == 0 and not troll_now.active


def test_a_stat_block_lists_handbook_spells_up_to_its_kn() -> None:
    """Line 1037: a hero "is eligible to learn all Spells up to and including the listed KN": a stat
    block's Spell above its KN, or no Handbook Spell at all, is refused with the encounter."""
    assert "eligible to learn all Spells up to and including the listed KN" in line(1037)
    with pytest.raises(DomainError) as refused:
        arena(abilities=[], kn=1, spells=["Trip", "Fireball of Doom"])
    assert "Trip is a KN2 Spell, above its KN1" in refused.value.detail
    assert "'Fireball of Doom' is no Hero Handbook Spell" in refused.value.detail


@pytest.mark.parametrize("version", ["3", "4", "5"])
def test_versions_3_to_5_refuse_a_stat_blocks_spells_as_before(version: str) -> None:
    """Versions 3-5 are frozen: a stat block had no `spells`, and a battle giving them is refused with
    msgspec's words for an unknown field."""
    with pytest.raises(DomainError) as refused:
        arena(version=version, abilities=[], kn=2, spells=["Trip"])
    assert (refused.value.rule, refused.value.detail) == (
        "options-invalid", "pericle options: Object contains unknown field `spells` - at `$.encounter.enemies[0]`")


def test_a_defender_rolls_a_defense_die_against_an_enemys_spell() -> None:
    """Line 438: "Whenever an enemy attempts to attack or cast a spell on a Defending target, the
    Defender gets to roll a Defense Die": Bram Defends and rolls one Defense Die more than undefended,
    and a shield face keeps the troll's Trip off (a failed cast: no Exhaustion, line 470)."""
    play = arena(abilities=[], kn=2, spells=["Trip"])
    play.to_actions("enemies", defend=("hero-bram",))
    play.pass_until("troll")
    events = play.command("gm", {"type": "cast_spell", "figure": "troll", "spell": "Trip", "target": "hero-bram"},
                          [HIT, 1, 1])
    [cast] = [e for e in events if isinstance(e, SpellCast)]
    # One Defense Die more than the undefended Bram rolls against the same Trip (the first test).
    assert cast.check.defense_faces == ("shield", "shield") and cast.check.blocked and not cast.success
    assert play.figure("hero-bram").condition == "standing" and play.figure("troll").exhaustion == 0


def test_an_enemy_renews_its_maintained_spell_from_its_hp() -> None:
    """Line 489: "You must choose to pay the Exhaustion cost for ongoing spells and magic items at the
    beginning of your Action or cancel the spell"; Blur (line 1399, "1E+1E/turn"): the troll pays 1E
    to cast it on itself and 1E more as its next turn's Action begins."""
    assert "pay the Exhaustion cost for ongoing spells" in line(489)
    play = spell_arena(spells=["Blur"], kn=0)
    events = play.command("gm", {"type": "cast_spell", "figure": "troll", "spell": "Blur", "target": "troll"}, [HIT])
    assert [e.exhaustion for e in events if isinstance(e, SpellCast)] == [1]
    play.end_turn()
    to_troll(play)
    events = play.act("troll", "pass_action")
    assert [e.exhaustion for e in events if isinstance(e, SpellMaintained)] == [1]
    assert play.figure("troll").hp == 30 - 2
