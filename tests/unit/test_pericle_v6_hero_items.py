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


# ---- embedding and extracting between combats (lines 727-747) ----

RUBY = "Ruby Runestone"  # a runestone carried in the pack, embedded in nothing
CARRIER = {**SCRIBE, "items": [*SCRIBE["items"], RUBY]}
B1, B2 = "battle-1", "battle-2"


def ended(hero: HeroState, battle_id: str = B1) -> HeroState:
    """The battle's outcome recorded: the hero whole, its pack as it went in."""
    from domain.heroes.commands import FigureAtEnd, RecordOutcome

    pack = [item.lower() for item in hero.sheet["items"]]
    figure = FigureAtEnd(wounds=0, exhaustion=0, condition="standing", karma=0, pack=pack)
    return run(hero, RecordOutcome(battle_id=battle_id, mode="adventure", won=True, figure=figure), actor=SYSTEM)


def test_a_runestone_is_embedded_from_the_pack_during_a_rest_for_1e() -> None:
    """Line 733: "Any hero may embed a runestone into an applicable item during Rest or Recovery. Heroes
    must spend 1E to embed a runestone." Line 646: a Rest "at the end of combat"; the runestone leaves
    the pack ("Ruby Runestone") for the staff, and the record's next battle takes it there."""
    from domain.heroes.commands import EmbedRunestone, Rest

    assert line(733).startswith("Any hero may embed a runestone into an applicable item during Rest or Recovery.")
    hero = record(CARRIER, battles=(B1,))
    embed = EmbedRunestone(runestone="Ruby", item="staff")
    assert refused(hero, embed) == "hero-in-combat", "the battle has no outcome yet"
    hero = ended(hero)
    assert refused(hero, embed) == "not-resting", "not during a Rest or Recovery"
    hero = run(hero, Rest(battle_id=B1))
    assert hero.exhaustion == 0
    embedded = run(hero, embed)
    assert embedded.sheet["runestones"] == {"Dagger": ["Sapphire"], "Staff": ["Ruby"]}
    assert RUBY not in embedded.sheet["items"] and embedded.exhaustion == 1 and embedded.hp == hero.hp - 1
    # What the record holds, a version-6 battle takes: the staff's Ruby on the figure.
    arena = brought(embedded.sheet)
    assert arena.figure(MIRA_ID).runestones == {"dagger": ("Sapphire",), "staff": ("Ruby",)}
    # Entering the next battle ends the Rest: after it, no embedding until the next Rest or Recovery;
    # nor does a Recovery recorded while the hero was in that battle count after it.
    from domain.heroes.commands import Recover

    inside = run(hero, EnterBattle(battle_id=B2, seat="ana"))
    assert refused(inside, embed) == "hero-in-combat"
    assert refused(ended(inside, B2), embed) == "not-resting"
    assert refused(ended(run(inside, Recover()), B2), embed) == "not-resting"
    assert run(run(ended(inside, B2), Recover()), embed).sheet["runestones"]["Staff"] == ["Ruby"]


def test_embedding_obeys_one_runestone_per_item_the_shield_and_what_the_pack_holds() -> None:
    """Line 735: "Heroes may only benefit from the magical properties of one runestone in an item"
    (two with Runestone Mastery, line 1321); line 731: "Except for special shield runestones, most
    runestones cannot be placed in shields"; a runestone comes from the pack; version 5 records keep
    none (their sheets refuse runestones, as before)."""
    from domain.heroes.commands import EmbedRunestone, Recover

    hero = run(ended(record(CARRIER, battles=(B1,))), Recover())
    assert refused(hero, EmbedRunestone(runestone="Ruby", item="Dagger")) == "runestone-refused"
    assert refused(hero, EmbedRunestone(runestone="Diamond", item="Staff")) == "not-carried"
    assert refused(hero, EmbedRunestone(runestone="Ruby", item="Longbow")) == "runestone-item"
    shielded = run(ended(record({**TORVALD, "shield": "Buckler", "items": [RUBY], "karma": 0}, battles=(B1,))),
                   Recover())
    assert refused(shielded, EmbedRunestone(runestone="Ruby", item="Buckler")) == "runestone-item"
    assert run(shielded, EmbedRunestone(runestone="Ruby", item="Club")).sheet["runestones"] == {"Club": ["Ruby"]}
    old = run(ended(record(MIRA, version="5", battles=(B1,))), Recover())
    assert refused(old, EmbedRunestone(runestone="Ruby", item="Staff")) == "hero-runestones"


def test_a_runestone_is_extracted_out_of_combat_into_the_pack_for_1e() -> None:
    """Line 735: "heroes may also extract them from items; this may be done any time heroes are not in
    combat, draining 1E from the hero who is extracting the runestone"."""
    from domain.heroes.commands import ExtractRunestone

    assert "any time heroes are not in combat, draining 1E" in line(735)
    extract = ExtractRunestone(runestone="Sapphire", item="Dagger")
    assert refused(record(battles=(B1,)), extract) == "hero-in-combat"
    hero = record()  # no battle yet, no Rest needed
    out = run(hero, extract)
    assert out.sheet["items"] == [*SCRIBE["items"], "Sapphire Runestone"] and "runestones" not in out.sheet
    assert out.exhaustion == 1
    assert refused(hero, ExtractRunestone(runestone="Ruby", item="Dagger")) == "not-embedded"
    # 1E drawn from HP: not at 1 HP (PER-HERO-RUNESTONE-EXHAUSTION).
    assert refused(msgspec.structs.replace(hero, hp=1), extract) == "hero-exhausted"


def test_a_runestone_in_the_pack_counts_against_the_magic_item_capacity() -> None:
    """Line 721: "heroes may only carry a number of magical items on their person, either worn, stowed in
    their equipment, or being actively used, equal to their KN +1"; line 723 exempts "scrolls, potions,
    berries, and any other magical item that has a one-time use" (PER-HERO-LOOSE-RUNESTONE)."""
    four = [RUBY, "Diamond Runestone", "Emerald Runestone", "Amethyst Runestone"]
    assert record({**SCRIBE, "items": four[:3]}).status == "alive"  # KN3: the dagger and three runestones
    assert refused(HeroState(), OpenHero(hero_id="h1", ruleset_version="6", hero=CreateHero(
        sheet=msgspec.convert({**SCRIBE, "items": four}, HeroSheet)))) == "hero-invalid"


def test_a_runestone_carried_in_the_pack_goes_through_a_battle_and_stays_on_the_record() -> None:
    """A version-6 battle takes the record's pack as it is (a runestone in it does nothing in combat:
    it is embedded only during Rest or Recovery, line 733); the outcome leaves it on the record.
    Version 5 refuses such a sheet, as before."""
    arena = brought(CARRIER)
    assert "ruby runestone" in arena.figure(MIRA_ID).pack
    battle = finish(arena)
    command = outcome_command(battle, "Mira")
    assert command is not None
    hero = run(record(CARRIER, battles=(battle.battle_id,)), command, actor=SYSTEM)
    assert hero.sheet["items"] == CARRIER["items"]
    with pytest.raises(DomainError) as error:
        brought(CARRIER, version="5")
    assert error.value.rule == "hero-invalid"
