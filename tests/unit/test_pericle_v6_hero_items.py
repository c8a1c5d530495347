"""Pericle 6: hero records that keep Spell Scrolls and runestones (domain/heroes/, v6/sheet.py,
v6/runestones.py `bring_hero`): a version-6 record's sheet is checked by version 6's sheet rules,
its scrolls and runestones come with it into a version-6 battle, and a scroll cast from in the
battle is gone from the record afterwards. Version-5 records and battles behave as before.

Seed 001 (`/work/shared/seeds/001_da6eaba1bafd55cc.txt`), each test quoting its own lines."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.dice import HmacDice
from domain.errors import DomainError
from domain.heroes.aggregate import SYSTEM, HeroState, decide, evolve
from domain.heroes.commands import CreateHero, EnterBattle, LearnDiscipline, OpenHero, SpendXp
from domain.heroes.events import HeroOutcomeRecorded
from domain.heroes.outcome import outcome_command
from domain.rulesets.pericle.combat_events import HeroJoined, ScrollConsumed, SpellCast
from domain.rulesets.pericle.sheet import HeroSheet
from tests.unit.hero_battles import MIRA, RAT, STARTS, TORVALD, finish, hazard_arena, hazard_map
from tests.unit.pericle_arena import PericleArena
from tests.unit.test_pericle_v4_handbook import line

NOW = "2026-12-01T00:00:00Z"
SCROLL = "Scroll of Magic Armor I"
HELD = SCROLL.lower()  # as a figure holds it
MIRA_ID = "hero-mira"
# Mira (KN3, Magic Item Capacity 4) with a Spell Scroll of a Spell she has not learned, and a
# Sapphire runestone in her dagger: "When imbued into weapons, the wielder gains AD+1 to rolls made to
# cast spells" (line 747).
SCRIBE = {**MIRA, "items": [SCROLL, *MIRA["items"]], "runestones": {"Dagger": ["Sapphire"]}}
SUCCESS_ICON = 1  # an Action Die face (ScriptedDice numbering): a success icon


def run(state: HeroState, command: Any, actor: str = "alice") -> HeroState:
    for event in decide(state, command, HmacDice(b"s" * 32, "h1", [], state.next_nonce), actor, NOW):
        state = evolve(state, event)
    return state


def record(sheet: dict[str, Any] = SCRIBE, version: str = "6", battles: tuple[str, ...] = ()) -> HeroState:
    state = run(HeroState(), OpenHero(hero_id="h1", hero=CreateHero(sheet=msgspec.convert(sheet, HeroSheet)),
                                      ruleset_version=version))
    for battle_id in battles:
        state = run(state, EnterBattle(battle_id=battle_id, seat="ana"))
    return state


def refused(state: HeroState, command: Any) -> str:
    with pytest.raises(DomainError) as error:
        decide(state, command, HmacDice(b"s" * 32, "h1", [], 0), "alice", NOW)
    return error.value.rule


def brought(sheet: dict[str, Any] = SCRIBE, version: str | None = None) -> PericleArena:
    """Mira brought from her record (`bring_hero`, as POST /v1/battles/{id}/heroes sends it), her
    dagger in hand and the other hand free for a scroll; Torvald pasted; the rat."""
    joining = {"type": "bring_hero", "hero_id": "h1", "hero_version": 1, "in_hand": ["Dagger"]}
    if version is None:
        return hazard_arena(mira=sheet, mira_brought=joining)
    return PericleArena(heroes={"ana": [{"hero": sheet, "start": STARTS[MIRA_ID], **joining}],
                                "ben": [{"hero": TORVALD, "start": STARTS["hero-torvald"]}]},
                        enemies=[RAT], map=hazard_map(), version=version)


def first_action(arena: PericleArena) -> None:
    arena.to_actions("heroes")
    arena.pass_until(MIRA_ID)


def test_the_seed_lines() -> None:
    assert line(491).startswith("Spell Scrolls.")
    assert "Scrolls only disappear after the spell is successfully cast, and not on a failed cast." in line(491)
    assert line(747).startswith("Sapphire (210gc). When imbued into weapons, the wielder gains AD+1 to rolls")


def test_a_version_6_record_keeps_scrolls_and_runestones_and_a_version_5_record_refuses_them() -> None:
    """Line 491 (Spell Scrolls: "spells cast by scrolls do not cost XP") and lines 727-747 (runestones
    embedded in weapons and armour): a version-6 record's sheet is checked by version 6's sheet rules,
    the same as version 6's `submit_hero`; version 5's rules refuse both, as before."""
    hero = record()
    assert hero.sheet["items"] == SCRIBE["items"] and hero.sheet["runestones"] == {"Dagger": ["Sapphire"]}
    assert hero.xp == record(MIRA).xp, "scrolls and runestones cost no XP"
    assert refused(HeroState(), OpenHero(hero_id="h1", hero=CreateHero(sheet=msgspec.convert(SCRIBE, HeroSheet)),
                                         ruleset_version="5")) == "hero-invalid"
    # Version 6's own checks of them: a scroll of no Spell; two runestones in an item without Runestone
    # Mastery ("Heroes may only benefit from the magical properties of one runestone in an item", line 735);
    # a runestone in a shield (line 731).
    for bad in ({**SCRIBE, "items": ["Scroll of Nothing At All"]},
                {**SCRIBE, "runestones": {"Dagger": ["Sapphire", "Ruby"]}}):
        assert refused(HeroState(), OpenHero(hero_id="h1", hero=CreateHero(sheet=msgspec.convert(bad, HeroSheet)),
                                             ruleset_version="6")) == "hero-invalid"
    # A record without them is created exactly as before (version 5's numbers).
    assert record(MIRA).sheet == record(MIRA, version="5").sheet
    assert "runestones" not in record(MIRA).sheet


def test_a_version_6_record_with_runestones_spends_xp_and_learns_runestone_mastery() -> None:
    """Line 1321, Runestone Mastery (5XP): "You may gain the bonuses of two runestones that are embedded
    in an item instead of only one runestone." A grown sheet is checked again by version 6's rules
    (version 5's would refuse its runestones)."""
    hero = msgspec.structs.replace(record(), xp=5)
    grown = run(hero, SpendXp(buy=LearnDiscipline(discipline="Runestone Mastery")))
    assert "Runestone Mastery" in grown.sheet["disciplines"] and grown.sheet["runestones"] == {"Dagger": ["Sapphire"]}
    assert grown.sheet["items"] == SCRIBE["items"]


def test_bring_hero_brings_the_records_scrolls_and_runestones_into_a_version_6_battle() -> None:
    """Line 491: "To use a scroll, a hero must first have one in hand"; line 747: a Sapphire in the
    dagger in hand, "the wielder gains AD+1 to rolls made to cast spells". Mira is brought from her
    record, fetches the scroll and casts the Spell she has not learned from it; version 5's
    `bring_hero` refuses such a sheet, as before."""
    arena = brought()
    joined = [e for e in arena.events if isinstance(e, HeroJoined) and e.figure.id == MIRA_ID]
    assert joined[0].sheet["runestones"] == {"Dagger": ["Sapphire"]} and joined[0].sheet["items"] == SCRIBE["items"]
    mira = arena.figure(MIRA_ID)
    assert HELD in mira.pack and mira.runestones == {"dagger": ("Sapphire",)}
    first_action(arena)
    arena.act(MIRA_ID, "fetch_item", item=SCROLL)
    arena.end_turn()
    first_action(arena)
    events = arena.act(MIRA_ID, "cast_spell", [SUCCESS_ICON], spell="Magic Armor I", target=MIRA_ID)
    cast = next(e for e in events if isinstance(e, SpellCast))
    assert cast.success and "Sapphire runestone" in [a.source for a in cast.check.adjustments]
    assert [e for e in events if isinstance(e, ScrollConsumed)]
    # A record without them joins exactly as version 5's `bring_hero` has it join.
    plain = brought(MIRA)
    assert not plain.figure(MIRA_ID).runestones and plain.figure(MIRA_ID).pack == ("healing salve", "healing berry")
    with pytest.raises(DomainError) as error:
        brought(version="5")
    assert error.value.rule == "hero-invalid" and "Pericle 6" in str(error.value)


def _ended(cast: bool) -> tuple[HeroState, HeroOutcomeRecorded]:
    """Mira's record after the battle: she fetched the scroll, and cast from it or not."""
    arena = brought()
    first_action(arena)
    arena.act(MIRA_ID, "fetch_item", item=SCROLL)
    arena.end_turn()
    if cast:
        first_action(arena)
        arena.act(MIRA_ID, "cast_spell", [SUCCESS_ICON], spell="Magic Armor I", target=MIRA_ID)
        arena.end_turn()
    battle = finish(arena)
    assert battle.status == "ended"
    command = outcome_command(battle, "Mira")
    assert command is not None
    hero = record(battles=(battle.battle_id,))
    [recorded] = [e for e in decide(hero, command, HmacDice(b"s" * 32, "h1", [], 0), SYSTEM, NOW)
                  if isinstance(e, HeroOutcomeRecorded)]
    return run(hero, command, actor=SYSTEM), recorded


def test_a_scroll_cast_from_in_a_battle_is_gone_from_the_record_afterwards() -> None:
    """Line 491: "Once a scroll is used to cast a spell, it is consumed"; "Scrolls only disappear after
    the spell is successfully cast". The outcome subscriber's `record_outcome` sees the scroll gone
    (`scroll_consumed` took it out of the hand): the record's pack loses it, its `items_used` names it."""
    hero, recorded = _ended(cast=True)
    assert recorded.items_used == [SCROLL]
    assert hero.sheet["items"] == MIRA["items"] and hero.sheet["runestones"] == {"Dagger": ["Sapphire"]}


def test_a_scroll_fetched_into_a_hand_and_not_cast_is_still_the_heros() -> None:
    """Line 491: "Scrolls only disappear after the spell is successfully cast": a scroll in hand at the
    battle's end, never cast, stays on the record (the outcome counted only healing items in hand)."""
    hero, recorded = _ended(cast=False)
    assert recorded.items_used == []
    assert hero.sheet["items"] == SCRIBE["items"]
