"""Pericle 6 closes gaps of the combat chapter that version 5 left: Elvish Arcanum in the opposed
checks that resist Spells (seed 001 line 836; v6/arcanum.py). Each test quotes the seed lines it
follows, plays real commands on a version-6 battle, and checks that version 5 decides as before."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.pericle.combat_events import CheckMade, SpellEnded
from tests.unit.pericle_arena import BAERWYN, PericleArena
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v4_play import YSOLDE

HIT, MISS = 1, 10  # Action Die faces: a success icon, the critical failure
ONE, FOUR = 6, 9  # Action Die faces "1" and "4"


def of(events: list[Any], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


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
