"""Pericle 5: Grapple Piles as seed 001 gives them (Grappling, lines 442-464), against versions 3
and 4, which gave a shot into a pile the Prone die only, no die to the foes of a grappled caster,
and let whoever escaped roll a tie:

- line 460: "If you attack a Grappled foe with a ranged weapon, the same rules apply as with a
  melee weapon, except instead of getting +4 AD on your attack, they get a Defense Die for being
  Prone plus a Defense Die for partial cover for your ally for a total of 2 Defense Die. If you
  miss, you must then make AD checks to avoid hitting each ally ... (Note that if the caster of
  a Thrown Spell is in an adjacent hex, the target only gets 1 Defense Die instead of 2.)"
- line 462: "If you cast a Thrown spell on an ally in a Grapple Pile, you do not roll a Defense
  Die from partial cover from the other combatants because your ally wishes to be "hit.""
- line 455: "Attempt to cast a spell. All enemies in the Grapple Pile gain a Defense Die to
  attempt to prevent you from casting a spell."
- line 456: "Attempt to escape the Grapple. This requires an opposed Grapple check"; line 442:
  "As with all Opposed Checks, the combatant with the higher Grapple score gets to roll the
  check. (If tied, the Hero team gets to roll the check.)" (line 202, of Opposed Checks in
  general, says "In the case of a tie, the aggressor rolls": the seed contradicts itself, and
  the Grappling section's rule is the one for Grapple checks.)

Scripted Action Die faces: 1-4 success icons, 10 the critical failure; Defense Die 6 blank."""

from __future__ import annotations

from typing import Any

from domain.hexes import Hex
from domain.rulesets.pericle.combat_events import CheckMade, EscapedGrapple, SpellCast, Strike
from domain.rulesets.pericle.v5.attack_steps import strikes_in
from tests.unit.pericle_arena import PericleArena

HIT, MISS = 1, 10
BLANK = 6


def strikes(events: list[Any]) -> list[Strike]:
    """Every strike of the events, whole: an `attacked` event's, or those a version 5 attack in
    steps finished (its Karma windows, v5/attack_steps.py)."""
    return list(strikes_in(events))


def cast(events: list[Any]) -> SpellCast:
    [found] = [e for e in events if isinstance(e, SpellCast)]
    return found


def pile(version: str | None = None) -> PericleArena:
    """Varya and the zombie lie in a Grapple Pile at 3,3; Baerwyn (short bow) at 0,3 and Sindaro
    (Blur, Clumsiness) at 0,5 face east; the orc and the spearman are out of the way; the Action
    phase, Sindaro's turn (Baerwyn acts before him: pass him when a test wants Sindaro)."""
    arena = PericleArena(version=version)
    arena.put("zombie", 3, 3, condition="prone", grappled_with=("hero-varya",))
    arena.put("hero-varya", 3, 3, condition="prone", grappled_with=("zombie",))
    arena.put("hero-baerwyn", 0, 3, facing=0)
    arena.put("hero-sindaro", 0, 5, facing=0)
    arena.put("orc", 7, 7)
    arena.put("spearman", 7, 0)
    arena.to_actions("heroes")
    return arena


def test_a_shot_into_a_pile_meets_two_defense_dice_then_rolls_to_miss_the_ally() -> None:
    """Line 460: Prone plus Partial Cover for the ally, "a total of 2 Defense Die"; Baerwyn misses
    and rolls to miss Varya (a success: she is spared). Version 4 gave the zombie one die."""
    arena = pile()
    arena.pass_until("hero-baerwyn")
    shot, spared = strikes(arena.act("hero-baerwyn", "attack", [MISS, BLANK, BLANK, HIT],
                                     strikes=[{"target": "zombie"}]))
    assert shot.check.defense_faces == ("blank", "blank") and not shot.hit
    assert spared.kind == "stray" and spared.target == "hero-varya" and not spared.hit
    assert spared.check.defense_faces == (), "neither do they roll a Defense Die (line 458)"
    old = pile(version="4")
    old.pass_until("hero-baerwyn")
    shot, _ = strikes(old.act("hero-baerwyn", "attack", [MISS, BLANK, HIT], strikes=[{"target": "zombie"}]))
    assert shot.check.defense_faces == ("blank",)


def test_a_thrown_spell_into_a_pile_meets_two_dice_from_afar_and_one_from_beside_it() -> None:
    """Line 460's note: "if the caster of a Thrown Spell is in an adjacent hex, the target only
    gets 1 Defense Die instead of 2" (line 408: a Thrown spell from an adjacent hex gets no Prone
    die). Sindaro throws Clumsiness at the zombie from three hexes, then from beside the pile."""
    arena = pile()
    arena.pass_until("hero-sindaro")
    arena.put("hero-sindaro", 0, 3, facing=0)
    arena.put("hero-baerwyn", 0, 5)
    body = {"type": "cast_spell", "figure": "hero-sindaro", "spell": "Clumsiness", "target": "zombie", "power": 1}
    # (then a roll to miss Varya, which succeeds: PER-STRAY-SPELL)
    assert cast(arena.command("ana", body, [MISS, BLANK, BLANK, HIT])).check.defense_faces == ("blank", "blank")
    arena = pile()
    arena.pass_until("hero-sindaro")
    arena.put("hero-sindaro", 2, 3, facing=0)
    assert cast(arena.command("ana", body, [MISS, BLANK, HIT])).check.defense_faces == ("blank",)
    old = pile(version="4")
    old.pass_until("hero-sindaro")
    old.put("hero-sindaro", 2, 3, facing=0)
    assert cast(old.command("ana", body, [MISS])).check.defense_faces == ()


def test_a_spell_on_an_ally_in_a_pile_meets_no_defense_die() -> None:
    """Line 462: "you do not roll a Defense Die from partial cover from the other combatants
    because your ally wishes to be "hit"": Blur on Varya in the pile."""
    arena = pile()
    arena.pass_until("hero-sindaro")
    arena.put("hero-sindaro", 0, 3, facing=0)
    arena.put("hero-baerwyn", 0, 5)
    body = {"type": "cast_spell", "figure": "hero-sindaro", "spell": "Blur", "target": "hero-varya"}
    found = cast(arena.command("ana", body, [HIT]))
    assert found.success and found.check.defense_faces == ()


def test_the_foes_in_a_casters_pile_each_roll_a_defense_die() -> None:
    """Line 455: "All enemies in the Grapple Pile gain a Defense Die to attempt to prevent you from
    casting a spell." Sindaro lies in a pile with the zombie and the orc and casts Blur on
    himself: two Defense Dice; the first blocks it. Version 4: none."""
    for version, faces, expected in ((None, [HIT, 1, BLANK], ("shield", "blank")), ("4", [HIT], ())):
        arena = pile(version=version)
        arena.put("zombie", 0, 5, condition="prone", grappled_with=("hero-sindaro",))
        arena.put("orc", 0, 5, condition="prone", grappled_with=("hero-sindaro",))
        arena.put("hero-sindaro", 0, 5, condition="prone", grappled_with=("zombie", "orc"))
        arena.put("hero-varya", 3, 3, condition="standing", grappled_with=())
        arena.pass_until("hero-sindaro")
        found = cast(arena.command("ana", {"type": "cast_spell", "figure": "hero-sindaro", "spell": "Blur",
                                           "target": "hero-sindaro"}, faces))
        assert found.check.defense_faces == expected
        assert found.success == (version == "4")


def tied(version: str | None = None) -> PericleArena:
    """Varya and the zombie in a pile, both with Grapple 2; the zombie's turn."""
    arena = pile(version=version)
    arena.put("hero-varya", 3, 3, grapple=2)
    arena.pass_until("zombie")
    return arena


def test_on_a_tied_escape_the_hero_rolls() -> None:
    """Line 442: "(If tied, the Hero team gets to roll the check.)" The zombie (Grapple 2) tries to
    escape Varya (Grapple 2): Varya rolls AD0, and her success holds the zombie in the pile."""
    arena = tied()
    [escaped] = [e for e in arena.act("zombie", "escape", [HIT], to={"q": 4, "r": 3}) if isinstance(e, EscapedGrapple)]
    assert escaped.roller == "hero-varya" and escaped.check.ad == 0 and escaped.check.success
    assert not escaped.success and arena.figure("zombie").grappled_with == ("hero-varya",)


def test_a_tied_escape_rolled_by_the_one_escaping_in_version_4() -> None:
    """Version 4 (frozen): the zombie rolled its own tied escape (line 202's aggressor)."""
    arena = tied(version="4")
    [escaped] = [e for e in arena.act("zombie", "escape", [HIT], to={"q": 4, "r": 3}) if isinstance(e, EscapedGrapple)]
    assert escaped.roller is None and escaped.success and arena.figure("zombie").hex == Hex(4, 3)


def test_a_hero_rolls_its_own_tied_escape() -> None:
    """A hero escaping a foe of equal Grapple rolls it itself (the Hero team), a success freeing it."""
    arena = pile()
    arena.put("hero-varya", 3, 3, grapple=2)
    arena.pass_until("hero-varya")
    [escaped] = [e for e in arena.act("hero-varya", "escape", [HIT], to={"q": 2, "r": 3})
                 if isinstance(e, EscapedGrapple)]
    assert escaped.roller == "hero-varya" and escaped.success and arena.figure("hero-varya").hex == Hex(2, 3)


def test_a_blow_into_a_pile_has_plus_four_and_a_defense_die_then_a_roll_for_each_ally() -> None:
    """Line 458: "the foe has Partial Cover from other combatants in the Grapple so gains a Defense
    Die. However, because your foe is Prone, you get +4 AD on your attack roll. If you miss, you
    must then roll an AD check to miss allies in the pile ... You do NOT get +4 AD to avoid
    missing your allies, but neither do they roll a Defense Die." Sindaro, beside the pile, stabs
    at the zombie, misses, and fails his roll to miss Varya: his dagger's 1d6 = 2 reaches her."""
    arena = pile()
    arena.put("hero-sindaro", 2, 3, facing=0, in_hand=("dagger",))
    arena.pass_until("hero-sindaro")
    blow, stray = strikes(arena.act("hero-sindaro", "attack", [MISS, BLANK, MISS, 2],
                                    strikes=[{"target": "zombie"}]))
    assert ("prone target", 4) in [(a.source, a.value) for a in blow.check.adjustments]
    assert blow.check.defense_faces == ("blank",) and not blow.hit
    assert stray.target == "hero-varya" and stray.check.defense_faces == () and stray.hit
    assert "prone target" not in [a.source for a in stray.check.adjustments]


def test_a_curse_that_misses_into_a_pile_may_land_on_the_ally() -> None:
    """Line 460: after a miss "you must then make AD checks to avoid hitting each ally" (its note
    brings Thrown spells under the same rules). Sindaro's Clumsiness misses the zombie; his roll to
    miss Varya fails, and the curse is hers (PER-STRAY-SPELL: no Exhaustion, the cast failed)."""
    arena = pile()
    arena.pass_until("hero-sindaro")
    arena.put("hero-sindaro", 0, 3, facing=0)
    arena.put("hero-baerwyn", 0, 5)
    spent = arena.figure("hero-sindaro").exhaustion
    events = arena.command("ana", {"type": "cast_spell", "figure": "hero-sindaro", "spell": "Clumsiness",
                                   "target": "zombie", "power": 1}, [MISS, BLANK, BLANK, MISS])
    missed, strayed = [e for e in events if isinstance(e, SpellCast)]
    assert not missed.success and missed.target == "zombie"
    assert strayed.stray and strayed.success and strayed.target == "hero-varya" and strayed.exhaustion == 0
    assert strayed.check.defense_faces == () and not strayed.check.success
    assert [(s.spell, s.target) for s in arena.combat.spells] == [("Clumsiness", "hero-varya")]
    assert arena.figure("hero-sindaro").exhaustion == spent


def test_a_buff_that_misses_into_a_pile_may_land_on_the_enemy() -> None:
    """Line 462: "if your spell misses you must also roll to miss each enemy in the pile. With
    failure, you cast the buff spell on an enemy!" Sindaro's Blur misses Varya twice: once his roll
    to miss the zombie succeeds (recorded), once it fails and the zombie is Blurred."""
    body = {"type": "cast_spell", "figure": "hero-sindaro", "spell": "Blur", "target": "hero-varya"}
    for second, landed in ((HIT, ()), (MISS, (("Blur", "zombie"),))):
        arena = pile()
        arena.pass_until("hero-sindaro")
        arena.put("hero-sindaro", 0, 3, facing=0)
        arena.put("hero-baerwyn", 0, 5)
        events = arena.command("ana", body, [MISS, second])
        assert [(s.spell, s.target) for s in arena.combat.spells] == list(landed)
        if not landed:
            assert [e.purpose for e in events if isinstance(e, CheckMade)] == [
                "Blur: to miss Zombie in the Grapple Pile"]


def test_version_4_rolled_nothing_after_a_spell_missed_a_pile() -> None:
    arena = pile(version="4")
    arena.pass_until("hero-sindaro")
    arena.put("hero-sindaro", 0, 3, facing=0)
    arena.put("hero-baerwyn", 0, 5)
    events = arena.command("ana", {"type": "cast_spell", "figure": "hero-sindaro", "spell": "Blur",
                                   "target": "hero-varya"}, [MISS])
    assert [e.success for e in events if isinstance(e, SpellCast)] == [False] and arena.combat.spells == ()


def test_a_karma_re_roll_of_an_escape_is_decided_by_version_5() -> None:
    """Karma (line 632) re-rolls the latest set of dice by deciding the command again: in version
    5 by version 5's rules, so Varya still rolls the zombie's tied escape, now failing it."""
    arena = tied()
    arena.put("hero-varya", 3, 3, karma=1)
    arena.act("zombie", "escape", [HIT], to={"q": 4, "r": 3})
    events = arena.command("ana", {"type": "spend_karma", "hero": "hero-varya"}, [10])
    [escaped] = [e for e in events if isinstance(e, EscapedGrapple)]
    assert escaped.roller == "hero-varya" and not escaped.check.success and escaped.success
    assert arena.figure("zombie").hex == Hex(4, 3)


def test_an_enemys_natural_attack_strikes_in_a_grapple() -> None:
    """Line 446: "If an enemy has a natural attack, for example claws or a bite, unless otherwise
    stated it may use its natural attacks when Grappled." The zombie, in the pile with Varya,
    strikes her with its Claw (1d4 = 3, less her leather)."""
    arena = pile()
    arena.pass_until("zombie")
    [claw] = strikes(arena.act("zombie", "attack", [HIT, 3], strikes=[{"target": "hero-varya"}]))
    assert claw.kind == "grapple-strike" and claw.weapon == "Claw" and claw.hit and claw.damage == 3 - 1
