"""Pericle 6: Disciplines a hero record applies between combats, at a Rest or a Recovery, and
what version 6's catalogue says of them; version 5 hero records behave as before.

Seed 001 (`/work/shared/seeds/001_da6eaba1bafd55cc.txt`), each test quoting its own lines:
- 646: "At the end of combat, unless otherwise stated by Loremaster, each hero may conduct a Rest,
  which allows them to recover 1 Exhaustion (E)."
- 652: "Wounded heroes may heal 1HP per day if they rest in a safe and comfortable setting."
- 668-679 (Skill Check AD Difficulties): "Moderate 0"; 695: "Ability Checks use a hero's base MT,
  DX, and KN scores."
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.codec import event_data, event_from, event_type
from domain.dice import HmacDice
from domain.errors import DomainError
from domain.heroes.aggregate import SYSTEM, HeroState, decide, evolve
from domain.heroes.commands import (
    CreateHero,
    EnterBattle,
    FigureAtEnd,
    HealerHelp,
    OpenHero,
    RaiseAttribute,
    RecordOutcome,
    Recover,
    Rest,
    SpendXp,
)
from domain.heroes.events import HeroRecovered, HeroRecoveryCheck, HeroRested
from domain.heroes.outcome import outcome_command
from domain.rulesets.pericle.sheet import HeroSheet
from domain.rulesets.pericle.v4.catalogue import handbook_catalogue
from domain.rulesets.pericle.v6.enforced import BETWEEN_COMBATS_V6, discipline_enforcement
from tests.fakes import ScriptedDice
from tests.unit.hero_battles import MIRA, RAT, STARTS, TORVALD, finish, hazard_map
from tests.unit.pericle_arena import PericleArena
from tests.unit.test_pericle_v4_play import BRAM, YSOLDE

NOW = "2026-12-01T00:00:00Z"
DICE = HmacDice(b"s" * 32, "hero-1", [], 0)
B1, B2 = "battle-1", "battle-2"
# The Action Die's faces as ScriptedDice numbers them (1-based): 1-4 success icons, 5 the Crit,
# 6-9 the numbers 1-4, 10 the critical failure.
SUCCESS_ICON, FOUR, CRITICAL_FAILURE = 1, 9, 10
# A human KN3 bard and herbalist: 20 + 15 + 10 = 45 XP; Alchemy 5, Herbalism 5, Bardic Arts 8,
# Quick Study 5 (23 XP).
LARK = {"name": "Lark", "ancestry": "human", "mt": 1, "dx": 1, "kn": 3, "weapons": ["Dagger"],
        "disciplines": ["Quick Study", "Alchemy", "Herbalism", "Bardic Arts"], "items": ["Healing Berry"]}


def run(state: HeroState, command: Any, faces: list[int] | None = None, actor: str = "alice") -> HeroState:
    """`command` decided on the hero's own next nonce: dice scripted by `faces`, or seeded dice."""
    dice = HmacDice(b"s" * 32, "h1", [], state.next_nonce) if faces is None else \
        ScriptedDice(faces, state.next_nonce)
    for event in decide(state, command, dice, actor, NOW):
        state = evolve(state, event)
    return state


def hero(base: dict[str, Any] = MIRA, *, version: str = "6", battles: tuple[str, ...] = (B1,),
         **changes: Any) -> HeroState:
    sheet = msgspec.convert({**base, **changes}, HeroSheet)
    state = run(HeroState(), OpenHero(hero_id="h1", hero=CreateHero(sheet=sheet), ruleset_version=version))
    for battle_id in battles:
        state = run(state, EnterBattle(battle_id=battle_id, seat="ana"))
    return state


def after(state: HeroState, battle_id: str = B1, won: bool = True, wounds: int = 0, exhaustion: int = 0,
          pack: tuple[str, ...] = ()) -> HeroState:
    figure = FigureAtEnd(wounds=wounds, exhaustion=exhaustion, condition="standing", karma=0, pack=list(pack))
    return run(state, RecordOutcome(battle_id=battle_id, mode="adventure", won=won, figure=figure), actor=SYSTEM)


def refused(state: HeroState, command: Any, dice: Any = DICE) -> str:
    with pytest.raises(DomainError) as error:
        decide(state, command, dice, "alice", NOW)
    return error.value.rule


def catalogued(name: str, version: str) -> str:
    entry = next(d for d in handbook_catalogue(version).disciplines if d.name == name)
    return entry.effect


def test_every_discipline_listed_between_combats_is_served_as_enforced_by_version_6_only() -> None:
    assert set(BETWEEN_COMBATS_V6) == {"Healer I", "Healer II", "Meditate I", "Meditate II", "Quick Study",
                                       "Alchemy", "Herbalism", "Bardic Arts"}
    for name, where in BETWEEN_COMBATS_V6.items():
        assert catalogued(name, "6") == "enforced" and "domain/heroes/" in where
        assert catalogued(name, "5") == "table-applied", "version 5's catalogue is frozen"
    # Runestone Mastery works in combat (v6/runestones.py), not between combats.
    assert catalogued("Runestone Mastery", "6") == "enforced" and "Runestone Mastery" not in BETWEEN_COMBATS_V6
    assert catalogued("Runestone Mastery", "5") == "table-applied"


# ---- at a Rest (lines 646-648) ----


def test_healer_i_heals_1_hp_of_the_wounds_of_that_combat_at_its_rest() -> None:
    """Line 1209, Healer I: "After combat, as part of a Rest, you may heal yourself and each of your
    allies 1HP of damage that was inflicted during the combat. ... You may not use this to heal
    damage from an old combat." """
    ally = HealerHelp(hero_id="h2", disciplines=["Healer I"], battles=[B1, B2], alive=True)
    torvald = after(hero(TORVALD, battles=(B1, B2)), wounds=3)
    torvald = run(torvald, Rest(battle_id=B1))  # no healer: the 3 wounds stay, from now an old combat's
    torvald = after(torvald, B2, wounds=2)
    assert torvald.wounds == 5
    [rested] = decide(torvald, Rest(battle_id=B2, healer=ally), DICE, "alice", NOW)
    assert isinstance(rested, HeroRested) and (rested.healed, rested.healer_discipline) == (1, "Healer I")
    assert run(torvald, Rest(battle_id=B2, healer=ally)).wounds == 4
    assert discipline_enforcement("Healer I", "6") == "enforced"


def test_healer_ii_heals_2_hp_of_that_combats_wounds_and_never_an_older_combats() -> None:
    """Line 1313, Healer II: "As Healer I, except you may heal a total of 2HP of wounds for each ally
    after a battle." """
    ally = HealerHelp(hero_id="h2", disciplines=["Healer I", "Healer II"], battles=[B1, B2], alive=True)
    torvald = after(hero(TORVALD), wounds=3)
    assert run(torvald, Rest(battle_id=B1, healer=ally)).wounds == 1
    old = run(after(hero(TORVALD, battles=(B1, B2)), wounds=3), Rest(battle_id=B1))
    fresh = after(old, B2, wounds=1)
    assert run(fresh, Rest(battle_id=B2, healer=ally)).wounds == 3, "only this combat's 1 HP"
    assert discipline_enforcement("Healer II", "6") == "enforced"


def test_meditate_i_recovers_a_second_exhaustion_at_a_rest() -> None:
    """Line 1213, Meditate I: "After combat, as part of a Rest, you may recover one additional point
    of Exhaustion for a total of 2E. (Resting without this Discipline recovers 1E)." """
    mira = after(hero(MIRA), exhaustion=4)  # Mira knows Meditate I
    [rested] = decide(mira, Rest(battle_id=B1), DICE, "alice", NOW)
    assert isinstance(rested, HeroRested) and (rested.exhaustion_recovered, rested.meditate) == (2, ["Meditate I"])
    assert run(after(hero(TORVALD), exhaustion=4), Rest(battle_id=B1)).exhaustion == 3, "without it: 1E"
    assert discipline_enforcement("Meditate I", "6") == "enforced"


def test_meditate_ii_recovers_a_third_exhaustion_at_a_rest() -> None:
    """Line 1266, Meditate II: "Recover one additional point of Exhaustion during a Rest, to equal a
    total of three points (one for the Rest, and one for Meditate I, and one for Meditate II)." """
    deep = after(hero(MIRA, disciplines=["Meditate I", "Meditate II"]), exhaustion=4)
    assert run(deep, Rest(battle_id=B1)).exhaustion == 1
    assert discipline_enforcement("Meditate II", "6") == "enforced"


# ---- XP (lines 889-893) ----


def test_quick_study_makes_each_attribute_cost_1_xp_less_for_a_version_6_hero() -> None:
    """Line 1145, Quick Study: "Increasing your MT, DX, or KN requires one less XP than normal."
    Lines 889-890: "Raising your MT or DX by 1 point costs 8 XP. Raising your KN by 1 point costs 3XP."
    Line 893: attributes only take XP gained from adventuring (1 XP a won battle, line 642)."""
    battles = tuple(f"b{n}" for n in range(7))

    def veteran(version: str, won: int) -> HeroState:
        state = hero(LARK, version=version, battles=battles)
        for battle_id in battles[:won]:
            state = after(state, battle_id)
        return state

    two = veteran("6", 2)
    raised = run(two, SpendXp(buy=RaiseAttribute(attribute="KN")))
    assert (raised.sheet["kn"], raised.earned_xp, raised.xp) == (4, 0, two.xp - 2), "KN: 3 - 1 = 2 XP"
    seven = veteran("6", 7)
    stronger = run(seven, SpendXp(buy=RaiseAttribute(attribute="MT")))
    assert (stronger.sheet["mt"], stronger.xp) == (2, seven.xp - 7), "MT: 8 - 1 = 7 XP"
    assert run(seven, SpendXp(buy=RaiseAttribute(attribute="DX"))).xp == seven.xp - 7
    # Version 5 hero records leave Quick Study to the table, as before: KN costs 3.
    assert refused(veteran("5", 2), SpendXp(buy=RaiseAttribute(attribute="KN"))) == "xp-not-earned"
    assert refused(veteran("5", 7), SpendXp(buy=RaiseAttribute(attribute="MT"))) == "xp-not-earned", "MT: 8 XP"
    # Without Quick Study a version 6 hero pays the full price.
    plain = hero(MIRA, battles=battles[:2])
    plain = after(after(plain, "b0"), "b1")
    assert refused(plain, SpendXp(buy=RaiseAttribute(attribute="KN"))) == "xp-not-earned"


# ---- during a Recovery (line 652): "regardless of and in addition to your Recovery activity" ----


def checks_of(state: HeroState, command: Recover, dice: Any) -> list[HeroRecoveryCheck]:
    recovered, *checks = decide(state, command, dice, "alice", NOW)
    assert isinstance(recovered, HeroRecovered) and recovered.days == command.days
    assert all(isinstance(check, HeroRecoveryCheck) for check in checks)
    return checks  # type: ignore[return-value]


def test_herbalism_makes_a_potion_of_healing_on_a_moderate_kn_check() -> None:
    """Line 1260, Herbalism: "During Recovery, create a standard healing potion with a successful
    Moderate KN check (AD+0). Potions heal 1d6 damage and healing is rolled with Fortune; the
    consumer rolls 2d6 and uses the better roll. You may attempt to create a potion regardless of
    and in addition to your Recovery activity." """
    lark = after(hero(LARK, battles=(B1, B2)), wounds=2, pack=("healing berry",))
    [made] = checks_of(lark, Recover(days=1, herbalism=True), ScriptedDice([FOUR]))
    assert (made.discipline, made.check.ad, made.check.kept, made.check.success) == ("Herbalism", 3, "4", False)
    assert made.made is None
    brewed = run(lark, Recover(days=1, herbalism=True), [SUCCESS_ICON])
    assert brewed.sheet["items"] == ["Healing Berry", "Potion of Healing"]
    assert brewed.wounds == 1, "and the Recovery itself: 1 HP a day"
    assert brewed.next_nonce == 1, "the check rolled on the hero's own dice"
    msgspec.convert(brewed.sheet, HeroSheet)  # the sheet the next battle takes
    # The potion is drunk at a Rest like any other: "Roll 2d6 and use the highest 1d6" (line 1632).
    brewed = after(brewed, B2, wounds=3, pack=("healing berry", "potion of healing"))
    [rested] = decide(brewed, Rest(battle_id=B2, items=["Potion of Healing"]),
                      HmacDice(b"s" * 32, "h1", [], brewed.next_nonce), "alice", NOW)
    assert isinstance(rested, HeroRested) and rested.items[0].roll is not None
    assert rested.items[0].roll.expression == "2d6kh1" and rested.items[0].roll.nonce == 1
    assert refused(hero(MIRA), Recover(herbalism=True)) == "discipline-unknown"


def test_alchemy_makes_a_potion_of_plus_2_to_a_skill_or_plus_1_to_an_attribute() -> None:
    """Line 1248, Alchemy: "During Recovery, you may create a potion. The potion grants a temporary
    bonus of +2 to one skill or +1 to one Attribute on a successful Moderate KN check (AD+0). The
    potion grants this temporary bonus for a full day. You may attempt to create a potion
    regardless of and in addition to your Recovery activity." """
    lark = hero(LARK)
    lark = run(lark, Recover(alchemy="Perception"), [FOUR - 1])  # a 3: AD3 succeeds
    lark = run(lark, Recover(alchemy="MT"), [CRITICAL_FAILURE])
    lark = run(lark, Recover(alchemy="DX"), [SUCCESS_ICON])
    assert lark.alchemy_potions == ("Alchemy potion: +2 Perception", "Alchemy potion: +1 DX")
    assert lark.next_nonce == 3 and lark.sheet["items"] == ["Healing Berry"]
    # KN2: the check is rolled at AD2 (an Ability Check at the hero's KN, line 695; Moderate: +0), a 3 fails.
    slow = hero({**LARK, "mt": 2, "kn": 2, "disciplines": ["Alchemy"]})
    [made] = checks_of(slow, Recover(alchemy="Lore"), ScriptedDice([FOUR - 1]))
    assert (made.check.ad, made.check.success, made.bonus) == (2, False, "Lore")


def test_bardic_arts_gains_one_inspiration_point_and_never_more() -> None:
    """Line 1298, Bardic Arts: "During Recovery, you may gain an Inspiration point with a successful
    Moderate Knowledge check (AD+0). Inspiration points are exactly like Karma, except that you can
    never have more than one Inspiration point." """
    lark = hero(LARK)
    failed = run(lark, Recover(bardic_arts=True), [CRITICAL_FAILURE])
    assert failed.inspiration == 0
    inspired = run(failed, Recover(bardic_arts=True), [SUCCESS_ICON])
    assert inspired.inspiration == 1 and inspired.sheet["karma"] == lark.sheet["karma"]
    assert refused(inspired, Recover(bardic_arts=True), ScriptedDice([SUCCESS_ICON])) == "inspiration-held"


def test_all_three_are_attempted_in_one_recovery_each_with_its_own_roll() -> None:
    """Lines 1248, 1260, 1298: each "regardless of and in addition to your Recovery activity";
    PER-HERO-RECOVERY-CHECK: once each in a Recovery, whatever its days, each its own roll."""
    lark = hero(LARK)
    checks = checks_of(lark, Recover(days=2, alchemy="KN", herbalism=True, bardic_arts=True),
                       HmacDice(b"r" * 32, "h1", [], lark.next_nonce))
    assert [c.discipline for c in checks] == ["Alchemy", "Herbalism", "Bardic Arts"]
    assert [c.check.roll.nonce for c in checks] == [0, 1, 2]
    state = lark
    for event in decide(lark, Recover(days=2, alchemy="KN", herbalism=True, bardic_arts=True),
                        HmacDice(b"r" * 32, "h1", [], 0), "alice", NOW):
        assert event_from(event_type(event), event_data(event)) == event, "through the codec"
        state = evolve(state, event)
    assert state.next_nonce == 3


def test_a_version_5_hero_record_recovers_as_before_and_leaves_them_to_the_table() -> None:
    """Line 652 only, as version 5 reads it: "Wounded heroes may heal 1HP per day ... One night's
    sleep in a comfortable setting will remove all Exhaustion"."""
    old = hero(LARK, version="5")
    assert decide(old, Recover(days=2), DICE, "alice", NOW) == [HeroRecovered(days=2, healed=0,
                                                                              exhaustion_recovered=0)]
    for command in (Recover(herbalism=True), Recover(alchemy="MT"), Recover(bardic_arts=True)):
        assert refused(old, command) == "discipline-table-applied"


def outcome_with_karma(state: HeroState, battle_id: str, karma_at_end: int) -> HeroState:
    figure = FigureAtEnd(wounds=0, exhaustion=0, condition="standing", karma=karma_at_end,
                         pack=[item.lower() for item in state.sheet["items"]])
    return run(state, RecordOutcome(battle_id=battle_id, mode="adventure", won=True, figure=figure), actor=SYSTEM)


def test_the_inspiration_point_goes_into_a_battle_as_karma_and_is_spent_first() -> None:
    """Line 1298: "Inspiration points are exactly like Karma, except that you can never have more
    than one Inspiration point." Line 632: "A hero may immediately expend 1 Karma to force a re-roll
    of any set of dice." PER-HERO-INSPIRATION-FIRST: the battle's Karma pool spends it first."""
    lark = run(hero({**LARK, "karma": 1}, battles=()), Recover(bardic_arts=True), [SUCCESS_ICON])
    assert (lark.inspiration, lark.sheet["karma"]) == (1, 1)
    assert refused(hero(LARK, battles=()), EnterBattle(battle_id=B1, seat="ana", inspiration=1)) == "no-inspiration"
    inside = run(lark, EnterBattle(battle_id=B1, seat="ana", inspiration=1))
    assert (inside.inspiration, inside.inspiration_in) == (0, (B1,))
    # Nothing spent (the figure ends with its 2): the point comes back, Karma stays 1.
    unspent = outcome_with_karma(inside, B1, 2)
    assert (unspent.inspiration, unspent.sheet["karma"], unspent.inspiration_in) == (1, 1, ())
    figure = FigureAtEnd(wounds=0, exhaustion=0, condition="standing", karma=1, pack=["healing berry"])
    events = decide(inside, RecordOutcome(battle_id=B1, mode="adventure", won=True, figure=figure), DICE, SYSTEM, NOW)
    assert [event_type(e) for e in events] == ["hero_outcome_recorded", "hero_inspiration_settled"]
    assert all(event_from(event_type(e), event_data(e)) == e for e in events)
    # One re-roll spent: the Inspiration point, not the Karma.
    one = outcome_with_karma(inside, B1, 1)
    assert (one.inspiration, one.sheet["karma"]) == (0, 1)
    # Two: both.
    two = outcome_with_karma(inside, B1, 0)
    assert (two.inspiration, two.sheet["karma"]) == (0, 0)
    # Never more than one: a point won while the other was in the battle, and the other unspent.
    again = run(inside, Recover(bardic_arts=True), [SUCCESS_ICON])
    assert again.inspiration == 1, "the point is in the battle: Bardic Arts may win another"
    assert outcome_with_karma(again, B1, 2).inspiration == 1
    # A hero that took no point in: its Karma as the battle left it, as before.
    plain = run(hero({**LARK, "karma": 1}, battles=()), EnterBattle(battle_id=B1, seat="ana"))
    assert [event_type(e) for e in decide(plain, RecordOutcome(battle_id=B1, mode="adventure", won=True,
                                                               figure=figure), DICE, SYSTEM, NOW)] == [
        "hero_outcome_recorded"], "no point taken in: the outcome alone, as before"
    assert (outcome_with_karma(plain, B1, 0).sheet["karma"], outcome_with_karma(plain, B1, 0).inspiration) == (0, 0)


# ---- one mode per hero (lines 539-545) ----


def mixed_party(encounter_mode: str, mira_mode: str | None, version: str = "6") -> PericleArena:
    """Mira brought from her record with a mode of her own; Torvald plays the encounter's."""
    brought = {"type": "bring_hero", "hero_id": "h1", "hero_version": 1, "mode": mira_mode}
    return PericleArena(heroes={"ana": [{"hero": MIRA, "start": STARTS["hero-mira"], **brought}],
                                "ben": [{"hero": TORVALD, "start": STARTS["hero-torvald"]}]},
                        enemies=[RAT], map=hazard_map(), mode=encounter_mode, version=version)


def test_a_saga_hero_lies_unconscious_in_an_adventure_encounter_and_is_revived() -> None:
    """Line 545: "one player may wish to play Saga Mode, whereas another player in the party may
    choose Adventure Mode". Line 541 (Adventure): "If a hero's hit points reach -5 or lower, they
    die." Line 543 (Saga): "heroes do not die ... Revived heroes have 1 HP." Both walk into the
    fire (1d4+20) in an Adventure encounter."""
    battle = finish(mixed_party("adventure", "saga"), fire=("hero-mira", "hero-torvald"), rat_burns=False)
    combat = battle.ruleset_state
    mira, torvald = combat.figure("hero-mira"), combat.figure("hero-torvald")
    assert mira.hp <= -5 and torvald.hp <= -5
    assert (mira.mode, mira.condition) == ("saga", "unconscious"), "her own mode"
    assert (torvald.mode, torvald.condition) == (None, "dead"), "the encounter's"
    command = outcome_command(battle, "Mira")
    assert command is not None and command.mode == "saga"
    record = run(hero(MIRA, battles=(battle.battle_id,)), command, actor=SYSTEM)
    assert (record.status, record.hp) == ("alive", 1)
    assert (outcome_command(battle, "Torvald") or command).mode == "adventure"
    # Without a mode of her own she plays the encounter's, as before.
    plain = finish(mixed_party("adventure", None), fire=("hero-mira",), rat_burns=False)
    assert plain.ruleset_state.figure("hero-mira").condition == "dead"


def test_an_adventure_hero_dies_in_a_saga_encounter() -> None:
    """Line 541 against line 543: in a Saga encounter, Mira plays Adventure Mode and dies at -5 HP
    (her spells end at once, line 547); Torvald lies unconscious to be revived."""
    battle = finish(mixed_party("saga", "adventure"), fire=("hero-mira", "hero-torvald"), rat_burns=False)
    combat = battle.ruleset_state
    assert (combat.figure("hero-mira").condition, combat.figure("hero-torvald").condition) == ("dead", "unconscious")
    command = outcome_command(battle, "Mira")
    assert command is not None and command.mode == "adventure"
    record = run(hero(MIRA, battles=(battle.battle_id,)), command, actor=SYSTEM)
    assert record.status == "dead" and record.died == "hit points reached -5 or lower (seed 001 line 541)"


def test_a_hero_chooses_its_mode_at_creation_and_version_5_keeps_one_mode_per_encounter() -> None:
    sheet = msgspec.convert(MIRA, HeroSheet)
    events = decide(HeroState(), OpenHero(hero_id="h1", hero=CreateHero(sheet=sheet, mode="saga"),
                                          ruleset_version="6"), DICE, "alice", NOW)
    assert [event_type(e) for e in events] == ["hero_created", "hero_mode_chosen"]
    state = HeroState()
    for event in events:
        state = evolve(state, event_from(event_type(event), event_data(event)))
    assert state.mode == "saga"
    assert [event_type(e) for e in decide(HeroState(), OpenHero(hero_id="h1", hero=CreateHero(sheet=sheet),
                                                                ruleset_version="6"), DICE, "alice", NOW)] == [
        "hero_created"], "no mode of its own: each encounter's, as before"
    assert refused(HeroState(), OpenHero(hero_id="h1", hero=CreateHero(sheet=sheet, mode="saga"),
                                         ruleset_version="5")) == "hero-mode"
    with pytest.raises(DomainError) as error:
        mixed_party("adventure", "saga", version="5")
    assert error.value.rule == "hero-mode"


# ---- once a day, until the next Recovery (lines 1530, 652) ----


def regeneration_arena(bram_regenerated: bool, version: str | None = None) -> PericleArena:
    """Ysolde, who knows Regeneration, beside Bram, brought from his record (test_pericle_v5_spells'
    arena)."""
    brought = {"type": "bring_hero", "hero_id": "h1", "hero_version": 1, "regenerated": bram_regenerated}
    play = PericleArena(heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}, **brought}]}, version=version)
    play.put("hero-ysolde", 2, 3, facing=0, spells=("Regeneration",))
    play.put("hero-bram", 3, 2, facing=0, wounds=4)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    return play


def test_regeneration_cast_on_a_hero_is_not_cast_again_that_day_in_its_next_battle() -> None:
    """Line 1530, Regeneration: "Regeneration can only be cast once per day on a target hero. ...
    Even if more than one caster in the party knows the Regeneration Spell, it can still only be
    cast once total per day on each hero." Line 652: "During Recovery, all magic items and spells
    that may only be used X times per day will reset to their full capacity for the next day." """
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Regeneration", "target": "hero-bram"}
    first = regeneration_arena(False)
    first.act("hero-ysolde", "cast_spell", [SUCCESS_ICON, 3], spell="Regeneration", target="hero-bram")
    command = outcome_command(first.state, "Bram")
    assert command is not None and command.figure is not None and command.figure.regenerated
    bram = hero(BRAM, battles=(first.state.battle_id,))
    bram = run(bram, command, actor=SYSTEM)
    assert bram.regenerated
    # The record brings him into his next battle with it cast: Ysolde may not cast it again.
    assert regeneration_arena(True).rule_of("ana", body) == "spell-once-a-day"
    fresh = regeneration_arena(False)
    fresh.act("hero-ysolde", "cast_spell", [SUCCESS_ICON, 3], spell="Regeneration", target="hero-bram")
    assert fresh.figure("hero-bram").regenerated, "without it, as before"
    # A Recovery resets it; a version 5 record keeps no such thing, and a version 5 battle refuses it.
    assert not run(bram, Recover()).regenerated
    old = run(hero(BRAM, version="5", battles=(first.state.battle_id,)), command, actor=SYSTEM)
    assert not old.regenerated
    with pytest.raises(DomainError) as error:
        regeneration_arena(True, version="5")
    assert error.value.rule == "hero-regenerated"


def test_the_route_brings_what_the_record_keeps_only_into_a_battle_that_takes_it() -> None:
    """POST /v1/battles/{id}/heroes builds `bring_hero` from the record: its Regeneration of the day
    (line 1530) and its Inspiration point as Karma (line 1298) for a version 6 battle."""
    from domain.heroes.entering import joining
    from domain.hexes import Hex
    from domain.rulesets import find_ruleset
    from domain.rulesets.pericle.v5.heroes import BringHero as BringHeroCommand

    bram = msgspec.structs.replace(hero(BRAM, battles=()), regenerated=True)
    newest = joining(bram, find_ruleset("pericle", "6"), start=Hex(0, 4), inspiration=1)
    assert isinstance(newest, BringHeroCommand) and newest.regenerated and newest.hero.karma == BRAM.get("karma", 0) + 1
    older = joining(bram, find_ruleset("pericle", "5"), start=Hex(0, 4))
    assert isinstance(older, BringHeroCommand) and not older.regenerated and older.mode is None
