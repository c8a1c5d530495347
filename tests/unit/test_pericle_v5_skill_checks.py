"""Pericle 5: Skill and Ability Checks from the hero sheet (seed 001, Skill Checks, lines
660-697). The hero's figure keeps its sheet's ranks; `skill_check` rolls at them as the hero's
Action in combat:

- line 662: "The difficulty for Skill AD Checks is calculated by adding the modifier for a
  specific check, as stated by Loremaster, to a hero's ranks in the Skill."
- line 664: "Loremaster will list this as Easy Perception Check, (AD+1). Varya has one rank in
  Perception, so she needs to roll (1+1=2)".
- line 680: "if Loremaster prompts Varya to make a Perception Check, she rolls it at AD1 since she
  has one rank in Perception."
- line 218: "Baerwyn has one rank in Persuasion ... a Hard Persuasion check (AD-2) is required
  ... The resulting AD check will be taken at -1, which is negative, so Baerwyn has Misfortune".
- line 684: "When these Skill Checks are undertaken in combat, they take an Action".
- line 695: "Ability Checks use a hero's base MT, DX, and KN scores."
- line 822: Everkin Wit, "All skill checks are +1 AD easier for everkin"."""

from __future__ import annotations

from typing import Any

from domain.rulesets.pericle.combat_events import ActionDone, CheckMade, HeroJoined
from projections.battle_summary import state_view
from tests.unit.pericle_arena import PericleArena

HIT = 1


def made(events: list[Any]) -> CheckMade:
    [found] = [e for e in events if isinstance(e, CheckMade)]
    return found


def ready() -> PericleArena:
    arena = PericleArena()
    arena.to_actions("heroes")
    return arena


def test_heroes_join_with_their_sheets_scores() -> None:
    """Varya's sheet: MT3, DX2, KN0, Perception 1, Athletics 1; every other Skill 0."""
    arena = PericleArena()
    [varya] = [e.figure for e in arena.events if isinstance(e, HeroJoined) and e.figure.id == "hero-varya"]
    assert varya.checks == {"Athletics": 1, "Lore": 0, "Navigation": 0, "Perception": 1, "Persuasion": 0,
                            "Scoundrel": 0, "MT": 3, "DX": 2, "KN": 0}
    assert arena.figure("orc").checks == {}


def test_varya_rolls_perception_at_her_rank() -> None:
    """Lines 680 and 664: a Perception Check at AD1, an Easy one at AD2; each is her Action."""
    arena = ready()
    arena.pass_until("hero-varya")
    events = arena.act("hero-varya", "skill_check", [HIT], skill="Perception")
    check = made(events).check
    assert check.ad == 1 and check.success and made(events).purpose == "Perception Skill Check"
    assert [e.action for e in events if isinstance(e, ActionDone)] == ["skill_check"]
    assert arena.combat.current != "hero-varya", "it took her Action"
    arena.end_turn()
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    easy = made(arena.act("hero-varya", "skill_check", [HIT], skill="Perception", difficulty="Easy")).check
    assert easy.ad == 2 and [(a.source, a.value) for a in easy.adjustments] == [("Easy", 1)]


def test_baerwyns_hard_persuasion_has_misfortune() -> None:
    """Line 218: one rank, Hard (AD-2): AD-1, rolled at AD0 with Misfortune (two dice)."""
    arena = ready()
    arena.pass_until("hero-baerwyn")
    check = made(arena.act("hero-baerwyn", "skill_check", [HIT, HIT], skill="Persuasion", difficulty="Hard")).check
    assert check.ad == 0 and check.misfortune == 1


def test_an_ability_check_uses_the_attribute() -> None:
    """Line 695: Varya's DX Check at her DX 2."""
    arena = ready()
    arena.pass_until("hero-varya")
    check = made(arena.act("hero-varya", "skill_check", [HIT], skill="DX")).check
    assert check.ad == 2


def test_everkin_wit_eases_skill_checks_not_ability_checks() -> None:
    """Line 822: +1 AD on Skill checks for an everkin."""
    arena = ready()
    arena.put("hero-varya", 0, 3, everkin=True)
    arena.pass_until("hero-varya")
    check = made(arena.act("hero-varya", "skill_check", [HIT], skill="Lore")).check
    assert check.ad == 1 and [(a.source, a.value) for a in check.adjustments] == [("Everkin Wit", 1)]
    arena.end_turn()
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    assert made(arena.act("hero-varya", "skill_check", [HIT], skill="KN")).check.adjustments == ()


def test_only_a_hero_whose_action_it_is() -> None:
    arena = ready()
    assert arena.rule_of("ana", {"type": "skill_check", "figure": "hero-sindaro", "skill": "Lore"}) \
        == "not-your-action"
    arena.pass_until("orc")
    assert arena.rule_of("gm", {"type": "skill_check", "figure": "orc", "skill": "MT"}) == "skill-check"


def test_the_state_shows_the_scores_of_heroes_only() -> None:
    """GET /state shows a hero's `checks`; a figure without them (an enemy, and every figure of
    versions 3 and 4) is shown as it always was."""
    shown = {f["id"]: f for f in state_view(PericleArena().state)["ruleset_state"]["figures"]}
    assert shown["hero-varya"]["checks"]["Perception"] == 1 and "checks" not in shown["orc"]
    old = {f["id"]: f for f in state_view(PericleArena(version="4").state)["ruleset_state"]["figures"]}
    assert "checks" not in old["hero-varya"]


def test_version_4_has_no_skill_check() -> None:
    arena = PericleArena(version="4")
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    assert arena.rule_of("ana", {"type": "skill_check", "figure": "hero-varya", "skill": "Perception"}) \
        == "command-unknown"
