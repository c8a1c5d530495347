"""A hero's life between encounters (issue 15, item 2): what an ended battle leaves it with,
Rest, Recovery and spending XP, each a hero event; the pure domain, no server.

Seed 001 (`/work/shared/seeds/001_da6eaba1bafd55cc.txt`) — every rule below cites its line:
- 537: "If a hero's hit points reach 0 or lower, they become unconscious and fall Prone."
- 541 (Adventure Mode): "If a hero's hit points reach -5 or lower, they die." ... "If a party is
  unable to revive an unconscious hero after combat, that hero dies."
- 543 (Saga Mode): "heroes do not die. If they become unconscious, they can be revived by their
  teammates immediately after a combat scenario. Revived heroes have 1 HP."
- 636: "You gain Karma by spending 5 XP for 1 Karma. Karma can be purchased by spending XP at any time."
- 642: "Each hero gets 1XP at the end of a combat once all enemies from an encounter are defeated
  or the Victory conditions have been achieved."
- 646: "At the end of combat ... each hero may conduct a Rest, which allows them to recover 1 Exhaustion (E)."
- 648: "During a Rest, you may use Disciplines, for example Healer I or II, to tend to wounds to
  heal damage that was acquired during the recent combat encounter, or Meditate I or II to recover
  extra Exhaustion."
- 652: "Wounded heroes may heal 1HP per day if they rest in a safe and comfortable setting. One
  night's sleep in a comfortable setting will remove all Exhaustion from a hero. ... the total of
  sum of the hero's Exhaustion and HP cannot exceed the "Max HP" noted on the hero sheet."
- 656: "When this happens, all heroes heal to full health and recover all Exhaustion."
- 867 (Dwarvish Endurance): "Stone dwarves ... heal 2HP during Recovery instead of 1."
- 884: "Increasing a Skill by 1 point costs 2XP."
- 889-891: "Raising your MT or DX by 1 point costs 8 XP." "Raising your KN by 1 point costs 3XP."
  "Increasing your KN by spending XP does NOT grant you additional XP."
- 893: "You cannot spend any of your starting pool of XP to raise attributes! Attributes may only
  be increased by XP gained from adventuring."
- 1209 (Healer I): "After combat, as part of a Rest, you may heal yourself and each of your allies
  1HP of damage that was inflicted during the combat. This does not stack with your own or another
  hero's use of Healer, nor does it heal Exhaustion. You may not use this to heal damage from an old combat."
- 1213 (Meditate I): "recover one additional point of Exhaustion for a total of 2E."
- 1266 (Meditate II): "Recover one additional point of Exhaustion during a Rest, to equal a total of three points"
- 1313 (Healer II): "As Healer I, except you may heal a total of 2HP of wounds for each ally after a battle."
"""

from __future__ import annotations

import contextlib
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.codec import event_data, event_from, event_type
from domain.dice import HmacDice
from domain.errors import DomainError, RuleViolation
from domain.heroes.aggregate import SYSTEM, HeroState, decide, evolve, replay
from domain.heroes.commands import (
    BuyKarma,
    CreateHero,
    EnterBattle,
    FigureAtEnd,
    HealerHelp,
    LearnDiscipline,
    LearnSpell,
    OpenHero,
    RaiseAttribute,
    RaiseSkill,
    RecordOutcome,
    Recover,
    RecoverFully,
    Rest,
    SpendXp,
)
from domain.heroes.events import HeroOutcomeRecorded, HeroRested, XpSpent
from domain.heroes.outcome import items_left, outcome_command
from domain.heroes.provisional import HERO_PROVISIONAL
from domain.heroes.sheets import sheet_rules
from domain.rulesets import find_ruleset
from domain.rulesets.pericle.sheet import HeroSheet
from tests.unit.hero_battles import MIRA, TORVALD, finish, hazard_arena
from tests.unit.pericle_arena import SINDARO

NOW = "2026-12-01T00:00:00Z"
DICE = HmacDice(b"s" * 32, "hero-1", [], 0)
LATEST = find_ruleset("pericle").version
B1, B2 = "battle-1", "battle-2"


def run(state: HeroState, command: Any, actor: str = "alice") -> HeroState:
    for event in decide(state, command, DICE, actor, NOW):
        state = evolve(state, event)
    return state


def hero(base: dict[str, Any] = MIRA, *, battles: tuple[str, ...] = (B1,), **changes: Any) -> HeroState:
    sheet = msgspec.convert({**base, **changes}, HeroSheet)
    state = run(HeroState(), OpenHero(hero_id="h1", hero=CreateHero(sheet=sheet), ruleset_version=LATEST))
    for battle_id in battles:
        state = run(state, EnterBattle(battle_id=battle_id, seat="ana"))
    return state


def figure(wounds: int = 0, exhaustion: int = 0, condition: str = "standing", karma: int = 0,
           pack: tuple[str, ...] = ("healing salve", "healing berry")) -> FigureAtEnd:
    return FigureAtEnd(wounds=wounds, exhaustion=exhaustion, condition=condition, karma=karma, pack=list(pack))


def after(state: HeroState, battle_id: str = B1, won: bool = True, mode: str = "adventure",
          **at_end: Any) -> HeroState:
    command = msgspec.convert({"battle_id": battle_id, "mode": mode, "won": won,
                               "figure": msgspec.to_builtins(figure(**at_end))}, RecordOutcome)
    return run(state, command, SYSTEM)


def refused(state: HeroState, command: Any, actor: str = "alice") -> str:
    with pytest.raises(DomainError) as error:
        decide(state, command, DICE, actor, NOW)
    return error.value.rule


# ---- the outcome of a battle, read from real Pericle battles ----


def test_a_won_battle_gives_each_standing_hero_1_xp_and_its_wounds_and_exhaustion() -> None:
    """Line 642: 1 XP once all enemies are defeated; the rat burns, Mira walked through embers."""
    battle = finish(hazard_arena(), embers=("hero-mira",))
    assert battle.status == "ended" and battle.ruleset_state.winner == "heroes"
    command = outcome_command(battle, "Mira")
    assert command is not None and command.won and command.mode == "adventure"
    taken = battle.ruleset_state.figure("hero-mira").wounds
    assert command.figure == figure(wounds=taken)
    mira = run(hero(battles=(battle.battle_id,)), command, SYSTEM)
    assert (mira.xp, mira.earned_xp, mira.wounds, mira.exhaustion) == (10 + 1, 1, taken, 0)
    assert mira.hp == mira.max_hp - taken and mira.status == "alive" and mira.rest_due == battle.battle_id
    assert mira.outcomes == (battle.battle_id,)


def test_a_lost_battle_gives_no_xp_and_a_hero_dead_in_it_dies() -> None:
    """Line 541: in Adventure mode a hero at -5 HP or lower dies; with every hero down the enemies win."""
    battle = finish(hazard_arena(), fire=("hero-mira", "hero-torvald"), rat_burns=False)
    assert battle.ruleset_state.winner == "enemies"
    command = outcome_command(battle, "Mira")
    assert command is not None and not command.won and command.figure is not None
    assert command.figure.condition == "dead"
    [event] = decide(hero(battles=(battle.battle_id,)), command, DICE, SYSTEM, NOW)
    assert isinstance(event, HeroOutcomeRecorded)
    assert event.xp_gained == 0 and event.died == "hit points reached -5 or lower (seed 001 line 541)"


def test_saga_mode_revives_an_unconscious_hero_with_1_hp() -> None:
    """Line 543: "Revived heroes have 1 HP." Mira walked into the fire (1d4+20) in a Saga battle."""
    battle = finish(hazard_arena("saga"), fire=("hero-mira",))
    command = outcome_command(battle, "Mira")
    assert command is not None and command.figure is not None and command.figure.condition == "unconscious"
    mira = run(hero(battles=(battle.battle_id,)), command, SYSTEM)
    assert (mira.status, mira.hp, mira.exhaustion, mira.died) == ("alive", 1, 0, None)
    assert mira.xp == 11, "the heroes won: she gets her XP too (line 642: each hero)"


def test_an_unconscious_hero_not_revived_dies_in_adventure_mode() -> None:
    """Line 541: "If a party is unable to revive an unconscious hero after combat, that hero dies."
    The battle ended with Mira at 0 HP, unconscious (PER-HERO-REVIVAL-WINDOW: the battle was the
    party's chance)."""
    mira = after(hero(), wounds=11, condition="unconscious")
    assert mira.status == "dead" and mira.died == "unconscious and not revived after combat (seed 001 line 541)"
    assert mira.xp == 10, "a dead hero gains no XP"
    assert "PER-HERO-REVIVAL-WINDOW" in {rule.id for rule in HERO_PROVISIONAL}


def test_wounds_carried_into_a_battle_add_to_its_own_and_the_seeds_thresholds_apply_to_the_sum() -> None:
    """The battle seats a hero whole: what Mira carried in (8 wounds) adds to what the battle did
    (3); her 11 HP end at 0: unconscious (line 537), so in Adventure mode she dies (line 541);
    at -5 she would die whatever the battle said."""
    wounded = after(hero(battles=(B1, B2)), wounds=8)
    assert wounded.wounds == 8 and wounded.status == "alive"
    assert after(wounded, B2, wounds=3).status == "dead"
    assert after(wounded, B2, mode="saga", wounds=3).hp == 1
    assert after(wounded, B2, wounds=2).wounds == 10


def test_a_hero_brought_as_its_record_stands_adds_only_what_this_battle_did() -> None:
    """Pericle 5's `bring_hero` seats Mira with her 5 wounds and 1 Exhaustion; she walks through
    embers. Her record gains the embers' wounds only (the figure's wounds less those it began
    with), and Healer may heal only those (line 1209)."""
    carried = after(hero(battles=(B1,)), wounds=5, exhaustion=1)
    arena = hazard_arena(mira_brought={"hero_id": "h1", "hero_version": carried.version, "wounds": 5,
                                       "exhaustion": 1})
    battle = finish(arena, embers=("hero-mira",))
    figure_at_end = battle.ruleset_state.figure("hero-mira")
    embers = figure_at_end.wounds - 5
    assert embers >= 1 and figure_at_end.exhaustion == 1
    command = outcome_command(battle, "Mira", 5, 1)
    assert command is not None
    mira = run(run(carried, EnterBattle(battle_id=battle.battle_id, seat="ana")), command, SYSTEM)
    assert (mira.wounds, mira.exhaustion, mira.combat_damage) == (5 + embers, 1, embers)
    [rested] = decide(mira, Rest(battle_id=battle.battle_id, healer=healer("Healer I", "Healer II",
                                                                         battles=(battle.battle_id,))),
                      DICE, "alice", NOW)
    assert isinstance(rested, HeroRested) and rested.healed == min(2, embers)


def test_saga_revival_keeps_exhaustion_unless_it_alone_would_leave_no_hp() -> None:
    """PER-HERO-REVIVAL-EXHAUSTION (line 543 gives 1 HP, line 652 says E draws on HP too)."""
    mira = after(hero(), mode="saga", wounds=5, exhaustion=6, condition="unconscious")
    assert (mira.hp, mira.wounds, mira.exhaustion) == (1, 4, 6)
    drained = after(hero(), mode="saga", wounds=0, exhaustion=12, condition="unconscious")
    assert (drained.hp, drained.wounds, drained.exhaustion) == (1, 0, 10)
    assert "PER-HERO-REVIVAL-EXHAUSTION" in {rule.id for rule in HERO_PROVISIONAL}


def test_karma_spent_and_healing_items_used_are_gone_from_the_sheet() -> None:
    """The sheet the next battle records holds the Karma and healing items the hero has left."""
    torvald = after(hero(TORVALD), karma=0, pack=())
    assert torvald.sheet["karma"] == 0 and torvald.sheet["items"] == []
    [event] = decide(hero(), RecordOutcome(battle_id=B1, mode="adventure", won=True,
                                           figure=figure(pack=("healing berry",))), DICE, SYSTEM, NOW)
    assert isinstance(event, HeroOutcomeRecorded)
    assert event.items_used == ["Healing Salve"] and event.items == ["Healing Berry"] and event.karma_spent == 0
    assert items_left(["Potion of Healing"] * 3, ["potion of healing"]) == (["Potion of Healing"],
                                                                            ["Potion of Healing"] * 2)


def test_an_outcome_is_recorded_once_only_by_the_server_and_only_for_a_battle_entered() -> None:
    mira = after(hero())
    command = RecordOutcome(battle_id=B1, mode="adventure", won=True, figure=figure())
    assert decide(mira, command, DICE, SYSTEM, NOW) == [], "read twice, or by two nodes: recorded once"
    assert refused(hero(), command, "alice") == "not-system"
    assert refused(hero(battles=()), command, SYSTEM) == "hero-not-in-battle"
    absent = run(hero(), RecordOutcome(battle_id=B1, mode="adventure", won=True, figure=None), SYSTEM)
    assert absent.outcomes == (B1,) and absent.xp == 10 and absent.rest_due is None


def test_a_dead_hero_refuses_every_further_command() -> None:
    dead = after(hero(battles=(B1, B2)), condition="dead", wounds=16)
    assert dead.status == "dead"
    for command in (EnterBattle(battle_id="b3", seat="ana"), Rest(battle_id=B1), Recover(days=1), RecoverFully(),
                    SpendXp(buy=BuyKarma())):
        assert refused(dead, command) == "hero-dead"
    assert decide(dead, RecordOutcome(battle_id=B2, mode="adventure", won=True, figure=figure()),
                  DICE, SYSTEM, NOW) == []


# ---- Rest (line 646), Healer (1209, 1313), Meditate (1213, 1266) ----


def healer(*disciplines: str, battles: tuple[str, ...] = (B1,), alive: bool = True) -> HealerHelp:
    return HealerHelp(hero_id="h2", disciplines=list(disciplines), battles=list(battles), alive=alive)


def test_a_rest_recovers_1_exhaustion_and_meditate_i_and_ii_one_more_each() -> None:
    plain = after(hero(TORVALD), exhaustion=4)
    assert run(plain, Rest(battle_id=B1)).exhaustion == 3
    mira = after(hero(), exhaustion=4)
    [rested] = decide(mira, Rest(battle_id=B1), DICE, "alice", NOW)
    assert isinstance(rested, HeroRested) and rested.meditate == ["Meditate I"] and rested.exhaustion_recovered == 2
    deep = after(hero(MIRA, disciplines=["Meditate I", "Meditate II"]), exhaustion=4)
    assert run(deep, Rest(battle_id=B1)).exhaustion == 1
    assert run(after(hero(), exhaustion=1), Rest(battle_id=B1)).exhaustion == 0, "never below none"


def test_a_rest_is_taken_once_after_its_battle_and_before_anything_else() -> None:
    mira = after(hero(battles=(B1, B2)), exhaustion=3)
    rested = run(mira, Rest(battle_id=B1))
    assert refused(rested, Rest(battle_id=B1)) == "no-rest-due"
    assert refused(mira, Rest(battle_id=B2)) == "no-rest-due", "B2's outcome is not recorded"
    assert refused(run(mira, Recover(days=1)), Rest(battle_id=B1)) == "no-rest-due"
    assert refused(run(mira, EnterBattle(battle_id="b3", seat="ana")), Rest(battle_id=B1)) == "no-rest-due"
    assert refused(mira, Rest(battle_id=B1), "bob") == "not-hero-owner"


def test_healer_heals_only_this_combats_damage_one_healer_at_a_time() -> None:
    """Healer I heals 1 HP, Healer II 2, of damage inflicted during the combat only (line 1209)."""
    carried = after(hero(battles=(B1, B2)), wounds=5)
    carried = run(carried, Rest(battle_id=B1))
    assert carried.wounds == 5, "no healer: Rest heals no wounds"
    fresh = after(carried, B2, wounds=1)
    assert fresh.wounds == 6
    assert run(fresh, Rest(battle_id=B2, healer=healer("Healer I", "Healer II", battles=(B2,)))).wounds == 5, \
        "only the 1 HP of this combat: the 5 of the old one stay"
    hurt = after(hero(), wounds=4)
    assert run(hurt, Rest(battle_id=B1, healer=healer("Healer I"))).wounds == 3
    assert run(hurt, Rest(battle_id=B1, healer=healer("Healer I", "Healer II"))).wounds == 2
    # Healing and Exhaustion are separate: Healer "does not ... heal Exhaustion".
    both = after(hero(TORVALD), wounds=4, exhaustion=2)
    assert (run(both, Rest(battle_id=B1, healer=healer("Healer I"))).wounds,
            run(both, Rest(battle_id=B1, healer=healer("Healer I"))).exhaustion) == (3, 1)


def test_a_healer_must_know_healer_have_fought_that_battle_and_live() -> None:
    hurt = after(hero(), wounds=4)
    assert refused(hurt, Rest(battle_id=B1, healer=healer("Tactics"))) == "healer-unknown"
    assert refused(hurt, Rest(battle_id=B1, healer=healer("Healer I", battles=(B2,)))) == "healer-not-in-combat"
    assert refused(hurt, Rest(battle_id=B1, healer=healer("Healer I", alive=False))) == "healer-dead"


def test_healing_items_heal_any_damage_during_a_rest_and_leave_the_pack() -> None:
    """Line 648: "HP damage may also be healed during Rest by magic or magical items, such as
    healing potions." Salve 3, berry 1 (the potions chart); a potion rolls 2d6, keeping the
    higher, on the hero's own dice, whose nonce then moves on."""
    kept = ("healing salve", "potion of healing")
    carried = after(hero(MIRA, items=["Healing Salve", "Potion of Healing"], battles=(B1, B2)), wounds=6, pack=kept)
    carried = run(carried, Rest(battle_id=B1))
    fresh = after(carried, B2, pack=kept)
    [rested] = decide(fresh, Rest(battle_id=B2, items=["Healing Salve", "Potion of Healing"]), DICE, "alice", NOW)
    assert isinstance(rested, HeroRested)
    salve, potion = rested.items
    assert (salve.item, salve.healed, salve.roll) == ("Healing Salve", 3, None), "the old combat's wounds too"
    assert potion.roll is not None and potion.roll.expression == "2d6kh1" and potion.roll.nonce == 0
    assert potion.healed == min(3, potion.roll.total or 0)
    healed = evolve(fresh, rested)
    assert healed.wounds == 6 - 3 - potion.healed and healed.sheet["items"] == [] and healed.next_nonce == 1
    assert refused(fresh, Rest(battle_id=B2, items=["Healing Berry"])) == "item-not-carried"
    whole = after(hero(), wounds=1)
    [rested] = decide(whole, Rest(battle_id=B1, items=["Healing Salve"]), DICE, "alice", NOW)
    assert isinstance(rested, HeroRested) and rested.items[0].healed == 1, "never above Max HP"


# ---- Recovery (line 652), Dwarvish Endurance (867), Extended Recovery (656) ----


def test_recovery_heals_1_hp_a_day_and_all_exhaustion() -> None:
    mira = after(hero(), wounds=5, exhaustion=3)
    two = run(mira, Recover(days=2))
    assert (two.wounds, two.exhaustion) == (3, 0)
    assert run(mira, Recover(days=30)).wounds == 0, "never above Max HP"


def test_stone_dwarves_heal_2_hp_a_day_during_recovery() -> None:
    torvald = after(hero(TORVALD), wounds=7, exhaustion=1)
    assert run(torvald, Recover(days=3)).wounds == 1
    assert run(torvald, Recover(days=4)).hp == torvald.max_hp


def test_an_extended_recovery_heals_everything() -> None:
    mira = run(after(hero(), wounds=7, exhaustion=2), RecoverFully())
    assert (mira.wounds, mira.exhaustion, mira.hp) == (0, 0, mira.max_hp)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), min_size=1, max_size=4),
       st.lists(st.sampled_from(["rest", "recover", "full", "healer"]), max_size=6))
def test_hp_and_exhaustion_never_exceed_max_hp(battles: list[tuple[int, int]], steps: list[str]) -> None:
    """Line 652: "the total of sum of the hero's Exhaustion and HP cannot exceed the Max HP"."""
    ids = tuple(f"b{n}" for n in range(len(battles)))
    mira = hero(battles=ids)
    for battle_id, (wounds, exhaustion) in zip(ids, battles, strict=True):
        mira = after(mira, battle_id, mode="saga", wounds=wounds, exhaustion=exhaustion)
        for step in steps:
            command = {"rest": Rest(battle_id=battle_id), "healer": Rest(battle_id=battle_id, healer=healer(
                "Healer II", battles=ids)), "recover": Recover(days=1), "full": RecoverFully()}[step]
            with contextlib.suppress(RuleViolation):
                mira = run(mira, command)
            assert mira.wounds >= 0 and mira.exhaustion >= 0 and mira.hp + mira.exhaustion <= mira.max_hp


# ---- spending XP (Step 3, lines 876-895; Karma 636) ----


def test_attributes_take_only_xp_gained_adventuring() -> None:
    """Line 893. Mira has 10 starting XP left: no attribute; 3 victories pay for KN (3 XP)."""
    mira = hero(battles=(B1, B2, "b3"))
    assert refused(mira, SpendXp(buy=RaiseAttribute(attribute="KN"))) == "xp-not-earned"
    for battle_id in (B1, B2, "b3"):
        mira = after(mira, battle_id)
    assert (mira.xp, mira.earned_xp) == (13, 3)
    raised = run(mira, SpendXp(buy=RaiseAttribute(attribute="KN")))
    assert raised.sheet["kn"] == 4 and (raised.xp, raised.earned_xp) == (10, 0)
    assert refused(raised, SpendXp(buy=RaiseAttribute(attribute="KN"))) == "xp-not-earned"


def test_mt_and_dx_cost_8_xp_kn_3_and_kn_grants_no_xp() -> None:
    """Lines 889-891; MT raises Max HP with it (Step 8: MT + 10)."""
    mira = hero(battles=tuple(f"b{n}" for n in range(8)))
    for n in range(8):
        mira = after(mira, f"b{n}")
    [spent] = decide(mira, SpendXp(buy=RaiseAttribute(attribute="MT")), DICE, "alice", NOW)
    assert isinstance(spent, XpSpent) and (spent.xp, spent.earned_xp, spent.bought, spent.kind) == (8, 8, "MT",
                                                                                                   "attribute")
    stronger = run(mira, SpendXp(buy=RaiseAttribute(attribute="MT")))
    assert stronger.max_hp == mira.max_hp + 1 == stronger.hp and stronger.xp == mira.xp - 8
    assert run(mira, SpendXp(buy=RaiseAttribute(attribute="DX"))).sheet["dx"] == 2
    wiser = run(mira, SpendXp(buy=RaiseAttribute(attribute="KN")))
    assert wiser.xp == mira.xp - 3, "KN raised by XP gives no XP back"


def test_other_purchases_use_the_starting_pool_first() -> None:
    """PER-HERO-XP-POOL: a Skill rank (2 XP, line 884) out of the starting pool keeps the XP
    gained adventuring for attributes."""
    mira = after(hero())
    skilled = run(mira, SpendXp(buy=RaiseSkill(skill="Lore")))
    assert skilled.sheet["skills"] == {"Lore": 1} and (skilled.xp, skilled.earned_xp) == (9, 1)
    for _ in range(4):
        skilled = run(skilled, SpendXp(buy=RaiseSkill(skill="Lore")))
    assert (skilled.xp, skilled.earned_xp) == (1, 1), "the fifth rank took the last starting XP, then"
    assert refused(skilled, SpendXp(buy=RaiseSkill(skill="Perception"))) == "xp-short"
    assert "PER-HERO-XP-POOL" in {rule.id for rule in HERO_PROVISIONAL}


def test_a_skill_rank_above_five_is_refused() -> None:
    mira = hero(MIRA, skills={"Lore": 5})
    with pytest.raises(RuleViolation) as error:
        decide(mira, SpendXp(buy=RaiseSkill(skill="Lore")), DICE, "alice", NOW)
    assert error.value.rule == "hero-invalid" and "above the maximum of 5" in error.value.detail


def test_disciplines_are_learned_with_their_cost_kn_and_prerequisites() -> None:
    """Meditate II: 5 XP, KN2, Prerequisite: Meditate I (line 1266); Healer II: KN3, Healer I (1313)."""
    mira = hero()
    deeper = run(mira, SpendXp(buy=LearnDiscipline(discipline="Meditate II")))
    assert deeper.sheet["disciplines"] == ["Meditate I", "Healer I", "Meditate II"] and deeper.xp == 5
    torvald = hero(TORVALD)
    with pytest.raises(RuleViolation) as error:
        decide(torvald, SpendXp(buy=LearnDiscipline(discipline="Meditate II")), DICE, "alice", NOW)
    assert "Step 6: Meditate II requires Meditate I first" in error.value.problems
    assert "Step 6: Meditate II needs KN2 (the hero has KN1)" in error.value.problems
    assert refused(deeper, SpendXp(buy=LearnDiscipline(discipline="Meditate II"))) == "hero-invalid"
    assert refused(mira, SpendXp(buy=LearnDiscipline(discipline="Juggling"))) == "hero-invalid"
    assert refused(mira, SpendXp(buy=LearnDiscipline(discipline="Weapon Mastery"))) == "hero-invalid", \
        "Weapon Mastery names its weapon class"
    healer_ii = SpendXp(buy=LearnDiscipline(discipline="Healer II"))
    assert run(mira, healer_ii).xp == 3, "Healer II: 7 XP, KN3, Healer I known"
    assert refused(deeper, healer_ii) == "xp-short", "7 XP and 5 left after Meditate II"


def test_spells_cost_their_xp_with_ancestry_adjustments_and_need_their_kn() -> None:
    """Arcane Insight (odrim): a Spell costs 1 XP less (line 856); Magical Affinity (forest elf):
    KN needed 1 lower (line 835). Sleep: 5 XP, KN3; Fly: KN4."""
    sindaro = hero(SINDARO)  # an odrim, KN2
    assert run(sindaro, SpendXp(buy=LearnSpell(spell="Trip"))).xp == sindaro.xp - 4, "Trip: 5 XP, 1 less"
    with pytest.raises(RuleViolation) as error:
        decide(sindaro, SpendXp(buy=LearnSpell(spell="Sleep")), DICE, "alice", NOW)
    [problem] = error.value.problems
    assert problem.startswith("Step 7: Sleep needs KN3")
    mira = hero()
    flying = run(mira, SpendXp(buy=LearnSpell(spell="Fly")))
    assert flying.xp == mira.xp - 5 and "Fly" in flying.sheet["spells"], "KN3 forest elf: Fly's KN4 less 1"
    assert refused(mira, SpendXp(buy=LearnSpell(spell="Blur"))) == "hero-invalid", "a Spell is learned once"


def test_karma_costs_5_xp_each() -> None:
    """Line 636: "You gain Karma by spending 5 XP for 1 Karma ... at any time"."""
    mira = hero()
    [spent] = decide(mira, SpendXp(buy=BuyKarma(count=2)), DICE, "alice", NOW)
    assert isinstance(spent, XpSpent) and spent.xp == 10 and spent.sheet["karma"] == 2
    assert run(mira, SpendXp(buy=BuyKarma(count=2))).xp == 0
    assert refused(mira, SpendXp(buy=BuyKarma(count=3))) == "xp-short"
    assert refused(mira, SpendXp(buy=BuyKarma()), "bob") == "not-hero-owner"


def test_the_grown_sheet_is_what_the_next_battle_records() -> None:
    mira = run(hero(battles=()), SpendXp(buy=BuyKarma()))
    entered = decide(mira, EnterBattle(battle_id=B1, seat="ana"), DICE, "alice", NOW)
    assert entered[0].sheet["karma"] == 1  # type: ignore[attr-defined]
    assert sheet_rules(LATEST).stats(msgspec.convert(mira.sheet, HeroSheet)).max_hp == mira.max_hp


def test_a_hero_life_replays_from_its_events_through_the_codec() -> None:
    mira = hero(battles=(B1,))
    events: list[msgspec.Struct] = []
    state = HeroState()
    sheet = msgspec.convert(MIRA, HeroSheet)
    commands: list[tuple[Any, str]] = [
        (OpenHero(hero_id="h1", hero=CreateHero(sheet=sheet), ruleset_version=LATEST), "alice"),
        (EnterBattle(battle_id=B1, seat="ana"), "alice"),
        (RecordOutcome(battle_id=B1, mode="adventure", won=True, figure=figure(wounds=3, exhaustion=2)), SYSTEM),
        (Rest(battle_id=B1, healer=healer("Healer I")), "alice"), (SpendXp(buy=BuyKarma()), "alice"),
        (Recover(days=1), "alice"), (RecoverFully(), "alice")]
    for command, actor in commands:
        new = decide(state, command, DICE, actor, NOW)
        events += new
        for event in new:
            state = evolve(state, event)
    decoded = [event_from(event_type(e), event_data(e)) for e in events]
    assert decoded == events and replay(decoded) == state
    assert (state.xp, state.wounds, state.hp) == (mira.xp + 1 - 5, 0, state.max_hp)
