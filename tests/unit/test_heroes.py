"""Heroes as records of their own (issue 15, item 2): created from a sheet the Hero Handbook
allows, Karma paid for in XP, brought into battles; the pure domain, no server.

Seed 001 (`/work/shared/seeds/001_da6eaba1bafd55cc.txt`):
- line 874: "20 XP + (KN x 5)" (Step 3: Determine Your Starting XP)
- line 846: "Boundless Spirit: Humans begin with 10 additional experience points (XP) during Hero Creation."
- line 636: "You gain Karma by spending 5 XP for 1 Karma. Karma can be purchased by spending XP at any time."
- line 630: "Points of Ardence are awarded by Loremaster for heroic deeds."
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.codec import event_data, event_from, event_type
from domain.dice import HmacDice
from domain.errors import NotPermitted, RuleViolation
from domain.heroes.aggregate import HeroState, decide, replay
from domain.heroes.commands import CreateHero, EnterBattle, OpenHero
from domain.heroes.events import HeroCreated, HeroEnteredBattle
from domain.heroes.sheets import creation_problems, hosts_heroes, sheet_rules, xp_left
from domain.rulesets import RULESETS, find_ruleset
from domain.rulesets.pericle.sheet import HeroSheet, sheet_data
from tests.unit.pericle_arena import BAERWYN, SINDARO, VARYA

NOW = "2026-12-01T00:00:00Z"
DICE = HmacDice(b"s" * 32, "hero-1", [], 0)
LATEST = find_ruleset("pericle").version


def sheet(base: dict[str, Any], **changes: Any) -> HeroSheet:
    return msgspec.convert({**base, **changes}, HeroSheet)


def created(base: dict[str, Any] = VARYA, owner: str = "alice", **changes: Any) -> HeroState:
    command = OpenHero(hero_id="h1", hero=CreateHero(sheet=sheet(base, **changes)), ruleset_version=LATEST)
    return replay(decide(HeroState(), command, DICE, owner, NOW))


def test_a_hero_is_created_with_its_unspent_xp_after_karma_at_five_xp_each() -> None:
    # Varya, human KN0: 20 + 0 + 10 (Boundless Spirit) = 30 XP; 2 Skill ranks (4 XP), Weapon
    # Mastery and Tactics (11 XP) leave 15; her 1 Karma costs 5 (line 636): 10 XP left.
    hero = created()
    assert (hero.status, hero.owner, hero.name, hero.xp, hero.version) == ("alive", "alice", "Varya", 10, 1)
    assert hero.ruleset == "pericle" and hero.ruleset_version == LATEST
    assert hero.max_hp == hero.hp == 3 + 10  # MT + 10 (Step 8)
    assert hero.sheet == sheet_data(sheet(VARYA))  # as recorded: no `runestones` when it has none


def test_karma_is_never_free() -> None:
    # Varya with 15 XP left may buy 3 Karma (15 XP) but not 4 (20 XP).
    assert created(karma=3).xp == 0
    with pytest.raises(RuleViolation) as refused:
        created(karma=4)
    assert refused.value.rule == "hero-invalid"
    assert any("5 XP each" in problem for problem in refused.value.problems)


def test_a_new_hero_has_no_ardence() -> None:
    with pytest.raises(RuleViolation) as refused:
        created(ardence=3)
    assert any("Ardence" in problem for problem in refused.value.problems)


def test_the_rulesets_own_sheet_check_applies() -> None:
    # Step 1 (5 attribute points) is the ruleset's check, not the hero record's.
    with pytest.raises(RuleViolation) as refused:
        created(mt=4)
    assert any(problem.startswith("Step 1") for problem in refused.value.problems)
    with pytest.raises(RuleViolation) as unknown:
        created(disciplines=["Weapon Mastery", "Tactics", "No Such Discipline"])
    assert any("No Such Discipline" in problem for problem in unknown.value.problems)


@given(st.integers(min_value=0, max_value=5), st.sampled_from(["everkin", "forest elf", "human", "odrim",
                                                                   "stone dwarf"]))
def test_starting_xp_is_twenty_plus_five_per_kn_and_ancestry_bonuses(kn: int, ancestry: str) -> None:
    # A hero who spends nothing keeps all its starting XP (line 874; humans +10, line 846).
    blank = sheet({"name": "Blank", "ancestry": ancestry, "mt": 5 - kn, "dx": 0, "kn": kn, "weapons": ["Dagger"]})
    assert creation_problems(blank, "3") == []
    assert xp_left(blank, "3") == 20 + 5 * kn + (10 if ancestry == "human" else 0)


@pytest.mark.parametrize("base", [VARYA, SINDARO, BAERWYN])
def test_the_arena_heroes_are_valid_heroes(base: dict[str, Any]) -> None:
    assert created(base).status == "alive"


def test_a_hero_is_created_once() -> None:
    command = OpenHero(hero_id="h1", hero=CreateHero(sheet=sheet(VARYA)), ruleset_version=LATEST)
    with pytest.raises(RuleViolation) as refused:
        decide(created(), command, DICE, "alice", NOW)
    assert refused.value.rule == "hero-exists"


def test_entering_a_battle_records_the_sheet_as_it_was_and_only_once() -> None:
    hero = created()
    events = decide(hero, EnterBattle(battle_id="b1", seat="north"), DICE, "alice", NOW)
    assert events == [HeroEnteredBattle(battle_id="b1", seat="north", sheet=hero.sheet)]
    after = replay(events, hero)
    assert after.battles == ("b1",) and after.version == 2
    assert decide(after, EnterBattle(battle_id="b1", seat="north"), DICE, "alice", NOW) == []


def test_only_the_owner_brings_the_hero_into_a_battle() -> None:
    with pytest.raises(NotPermitted) as refused:
        decide(created(), EnterBattle(battle_id="b1", seat="south"), DICE, "bob", NOW)
    assert refused.value.rule == "not-hero-owner"


def test_hero_events_round_trip_through_the_codec_and_replay_to_the_same_state() -> None:
    hero = created()
    events: list[msgspec.Struct] = [
        HeroCreated(hero_id="h1", owner="alice", name="Varya", ruleset="pericle", ruleset_version="3",
                    sheet=hero.sheet, xp=10, max_hp=13),
        HeroEnteredBattle(battle_id="b1", seat="north", sheet=hero.sheet)]
    decoded = [event_from(event_type(e), event_data(e)) for e in events]
    assert decoded == events
    assert replay(decoded) == replay(events)


def test_a_version_without_heroes_is_refused() -> None:
    command = OpenHero(hero_id="h1", hero=CreateHero(sheet=sheet(VARYA)), ruleset_version="2")
    with pytest.raises(RuleViolation) as refused:
        decide(HeroState(), command, DICE, "alice", NOW)
    assert refused.value.rule == "ruleset-hosts-no-heroes"


def test_every_pericle_version_that_takes_heroes_has_its_sheet_check_here() -> None:
    # A new Pericle version with `submit_hero` must name its sheet module in SHEET_MODULES, or
    # new heroes would not be held to its catalogues.
    takes_heroes = [version for (ruleset, version), rules in RULESETS.items() if ruleset == "pericle"
                    and any(c.__struct_config__.tag == "submit_hero" for c in rules.commands)]
    assert takes_heroes and all(hosts_heroes(version) for version in takes_heroes)
    assert all(callable(sheet_rules(version).problems) for version in takes_heroes)
