"""Pericle 5: Karma windows in an Attack (seed 001, Karma and Ardence, lines 632-634).

Line 632: "A hero may immediately expend 1 Karma to force a re-roll of any set of dice ... you may
expend a Karma ... to force a foe to re-roll dice. You may even expend Karma if you're unconscious.
The re-roll may apply to any die roll, including - but not limited to - an attack roll, a damage roll,
a skill check roll or a crit die roll. When you re-roll dice with Karma, you must keep the new result!
You can only use the Karma to re-roll the most recent set of dice, not a roll from several rolls ago."
Line 634 (the seed's example, reproduced below): "an orc attacks your hero with a bastard sword and
rolls a Crit. Your hero only has 5 HP remaining ... your friend agrees to expend a Karma point! The orc
re-rolls its attack and misses your hero. Phew! Note that you cannot wait until after the damage is
rolled to use a Karma to force a re-roll of the attack ... You can only use a Karma to re-roll the damage
in that instance."

Version 5 resolves an Attack in steps: a strike's attack roll, its Crit Die, its damage, each waiting
for Karma (or the attacker's `go_on`) while some hero could spend it (PER-KARMA-WINDOW, version 5)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.battle import replay
from domain.errors import NotPermitted
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.v5.attack_steps import strikes_in, window_open
from tests.unit.pericle_arena import BAERWYN, SINDARO, VARYA, PericleArena, encounter, hexes

HIT, CRIT, MISS = 1, 5, 10  # Action Die faces: a success icon, the Crit, the critical failure
TWO_STARS, ONE_STAR = 3, 1  # Crit Die faces (PER-CRIT-DIE): one star, one star, two stars, ...

BASTARD_SWORD = {"name": "Bastard Sword", "damage": "2d6", "weapon_class": "sword"}


def orc_before_varya(varya_karma: int = 0, baerwyn_karma: int = 1, **more: Any) -> PericleArena:
    """Varya stands in front of an orc with a bastard sword; Baerwyn, her friend, holds the Karma.
    Placed by the encounter (no set-up outside the events), so replay must agree."""
    enemies = encounter()["enemies"]
    enemies[0] = {**enemies[0], "attacks": [BASTARD_SWORD]}
    arena = PericleArena(stepwise=True, hero_starts=hexes((3, 3), (0, 4), (0, 5)), enemies=enemies, heroes={
        "ana": [{"hero": {**VARYA, "karma": varya_karma}, "start": {"q": 3, "r": 3}},
                {"hero": SINDARO, "start": {"q": 0, "r": 5}}],
        "ben": [{"hero": {**BAERWYN, "karma": baerwyn_karma}, "start": {"q": 0, "r": 4}}]}, **more)
    arena.to_actions("heroes")
    arena.pass_until("orc")
    return arena


def orc_attacks(arena: PericleArena, faces: list[int]) -> list[msgspec.Struct]:
    return arena.act("orc", "attack", faces, strikes=[{"target": "hero-varya"}])


def go_on(arena: PericleArena, faces: list[int] | None = None) -> list[msgspec.Struct]:
    return arena.command("gm", {"type": "go_on", "figure": "orc"}, faces)


def karma(arena: PericleArena, hero: str, seat: str, faces: list[int]) -> list[msgspec.Struct]:
    return arena.command(seat, {"type": "spend_karma", "hero": hero}, faces)


def test_the_seeds_example_a_friends_karma_makes_the_orc_reroll_its_crit_and_miss() -> None:
    """Line 634, as the seed tells it: Varya (no Karma left) at 5 HP; the orc rolls a Crit; Baerwyn
    spends his Karma before any damage is rolled; the orc re-rolls its attack and misses."""
    arena = orc_before_varya()
    arena.put("hero-varya", 3, 3, wounds=8)  # "Your hero only has 5 HP remaining"
    assert arena.figure("hero-varya").hp == 5
    rolled = orc_attacks(arena, [CRIT])
    [attack] = [e for e in rolled if isinstance(e, ev.AttackRolled)]
    assert attack.pending.check.crit and attack.pending.hit
    assert not any(isinstance(e, ev.StrikeFinished | ev.StrikeCritRolled) for e in rolled), "nothing more rolled"
    assert arena.combat.pending is not None and arena.combat.current == "orc"
    assert arena.figure("hero-varya").hp == 5

    events = karma(arena, "hero-baerwyn", "ben", [MISS])
    assert isinstance(events[0], ev.KarmaSpent) and events[0].replaces == attack.pending.check.roll.nonce
    [again] = [e for e in events if isinstance(e, ev.AttackRolled)]
    assert not again.pending.hit and again.pending.check.roll.nonce > attack.pending.check.roll.nonce
    assert arena.figure("hero-baerwyn").karma == 0
    # Nobody has Karma left: the re-rolled attack no longer waits, and its miss ends the Action.
    [strike] = strikes_in(events)
    assert not strike.hit and strike.damage_roll is None
    assert arena.figure("hero-varya").hp == 5, "Phew!"
    assert arena.combat.pending is None and arena.combat.current != "orc"


def finished_with(arena: PericleArena, events: list[msgspec.Struct]) -> list[msgspec.Struct]:
    """The strike's steps: its latest attack roll (and Crit Die) with the events that finished it."""
    rolled = [e for e in arena.events if isinstance(e, ev.AttackRolled | ev.StrikeCritRolled)]
    start = max(i for i, e in enumerate(rolled) if isinstance(e, ev.AttackRolled))
    return [*rolled[start:], *events]


def test_once_the_damage_is_rolled_karma_rerolls_the_damage_not_the_attack() -> None:
    """Line 634: "If you allow the orc to roll the damage and it rolls big numbers, you can't force it to
    re-roll the attack. You can only use a Karma to re-roll the damage in that instance." The Crit Die
    comes before the damage (line 162), each its own step."""
    arena = orc_before_varya()
    [attack] = [e for e in orc_attacks(arena, [CRIT]) if isinstance(e, ev.AttackRolled)]
    [crit] = [e for e in go_on(arena, [ONE_STAR]) if isinstance(e, ev.StrikeCritRolled)]
    assert crit.face == "one star" and arena.combat.pending is not None, "the Crit Die waits for Karma too"
    damage = go_on(arena, [6, 6])
    [first] = [e for e in damage if isinstance(e, ev.StrikeFinished)]
    assert first.damage_roll is not None and first.damage_roll.total == 12
    hp = arena.figure("hero-varya").hp
    assert hp == 13 - (12 - 2), "12 damage through her leather (1) and buckler (1)"

    events = karma(arena, "hero-baerwyn", "ben", [1, 1])
    assert isinstance(events[0], ev.KarmaSpent) and events[0].replaces == first.damage_roll.nonce
    assert not any(isinstance(e, ev.AttackRolled | ev.StrikeCritRolled) for e in events), "the attack stands"
    [strike] = strikes_in(finished_with(arena, events))
    assert strike.check.roll == attack.pending.check.roll and strike.crit_roll == crit.roll
    assert strike.damage_roll is not None and strike.damage_roll.total == 2
    assert arena.figure("hero-varya").hp == 13, "2 damage stopped by her leather and buckler"
    assert replay(arena.events) == arena.state


def test_karma_rerolls_the_crit_die_before_the_damage() -> None:
    """Line 632: a Karma re-roll may apply to "a crit die roll"; its damage is rolled after it."""
    arena = orc_before_varya(varya_karma=1)
    orc_attacks(arena, [CRIT])
    [crit] = [e for e in go_on(arena, [TWO_STARS]) if isinstance(e, ev.StrikeCritRolled)]
    assert crit.face == "two stars"
    events = karma(arena, "hero-varya", "ana", [ONE_STAR])
    [again] = [e for e in events if isinstance(e, ev.StrikeCritRolled)]
    assert again.face == "one star" and events[0].replaces == crit.roll.nonce  # type: ignore[attr-defined]
    assert arena.figure("hero-varya").karma == 0 and arena.combat.pending is not None
    [strike] = strikes_in(finished_with(arena, go_on(arena, [3, 3])))
    assert strike.crit_face == "one star" and strike.damage == 6 - 2, "normal damage: one star"
    assert replay(arena.events) == arena.state


def test_a_karma_reroll_must_be_kept() -> None:
    """Line 632: "When you re-roll dice with Karma, you must keep the new result!\""""
    arena = orc_before_varya(varya_karma=1)
    orc_attacks(arena, [CRIT])
    karma(arena, "hero-baerwyn", "ben", [HIT])
    assert arena.rule_of("ana", {"type": "spend_karma", "hero": "hero-varya"}) == "karma-keep"


def test_a_hero_may_spend_karma_on_its_own_missed_attack_before_the_attack_goes_on() -> None:
    """Line 632: "you may expend a Karma to re-roll your own dice"."""
    arena = orc_before_varya(varya_karma=1)
    arena.act("orc", "pass_action")
    arena.end_turn()
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    arena.act("hero-varya", "attack", [MISS], strikes=[{"target": "orc"}])
    assert arena.combat.pending is not None and arena.combat.pending.attacker == "hero-varya"
    karma(arena, "hero-varya", "ana", [HIT])
    arena.command("ana", {"type": "go_on", "figure": "hero-varya"}, [4, 4])
    [strike] = strikes_in(finished_with(arena, arena.events[-3:]))
    assert strike.hit and arena.figure("orc").hp == 8 - (4 + 4 - 4)


def test_without_karma_among_the_heroes_an_attack_does_not_wait() -> None:
    """Nobody could spend Karma: the strike is rolled through in one command, as in version 4 (but the
    Crit Die before the damage)."""
    arena = orc_before_varya(baerwyn_karma=0)
    events = orc_attacks(arena, [CRIT, TWO_STARS, 3, 3])
    [strike] = strikes_in(events)
    assert strike.crit_face == "two stars" and strike.damage == 12 - 2, "doubled, then her leather (1) and buckler (1)"
    assert arena.combat.pending is None and any(isinstance(e, ev.ActionDone) for e in events)


def test_while_an_attack_waits_only_go_on_and_karma_are_played() -> None:
    arena = orc_before_varya()
    assert arena.rule_of("gm", {"type": "go_on", "figure": "orc"}) == "no-attack-waiting"
    orc_attacks(arena, [HIT])
    assert arena.rule_of("gm", {"type": "pass_action", "figure": "orc"}) == "attack-waiting"
    assert arena.rule_of("gm", {"type": "attack", "figure": "orc", "strikes": [{"target": "hero-varya"}]}) \
        == "attack-waiting"
    assert arena.rule_of("gm", {"type": "go_on", "figure": "zombie"}) == "not-your-attack"
    with pytest.raises(NotPermitted):  # the attacker's seat goes on, nobody else's
        arena.command("ana", {"type": "go_on", "figure": "orc"})
    go_on(arena, [1, 1])
    assert arena.combat.pending is None


def test_each_strike_of_an_attack_has_its_own_windows() -> None:
    """Two strikes with Deft Strikes: after the first strike's damage the second strike waits, unrolled, so
    that Karma may re-roll that damage ("You can only use a Karma to re-roll the damage in that instance");
    then the second strike's attack roll is the most recent set, and Karma re-rolls it alone."""
    arena = orc_before_varya(varya_karma=1)
    arena.act("orc", "pass_action")
    arena.end_turn()
    arena.to_movement("heroes")
    arena.put("hero-varya", 3, 3, disciplines=("Deft Strikes",), in_hand=("dagger",))
    for _ in range(2):
        arena.command("ana" if arena.combat.moving == "heroes" else "gm", {"type": "end_movement"})
    arena.command("ana", {"type": "end_repositioning"}, [1] * 20)
    arena.command("ana", {"type": "deft_strikes", "figure": "hero-varya"})
    arena.command("ana", {"type": "begin_actions"})
    arena.pass_until("hero-varya")
    arena.act("hero-varya", "attack", [HIT], strikes=[{"target": "orc", "weapon": "dagger"}] * 2)
    assert arena.combat.pending is not None and arena.combat.pending.index == 0
    events = arena.command("ana", {"type": "go_on", "figure": "hero-varya"}, [6])
    [first] = [e for e in events if isinstance(e, ev.StrikeFinished)]
    waiting = arena.combat.pending
    assert waiting is not None and waiting.index == 1 and waiting.check is None, "the second strike waits"
    assert arena.figure("orc").hp == 8 - (6 - 4)

    again = karma(arena, "hero-varya", "ana", [5])  # the first strike's damage, re-rolled
    assert again[0].replaces == first.damage_roll.nonce  # type: ignore[attr-defined,union-attr]
    assert arena.figure("orc").hp == 8 - (5 - 4) and arena.combat.pending == waiting
    events = arena.command("ana", {"type": "go_on", "figure": "hero-varya"}, [MISS])
    [second] = [e for e in events if isinstance(e, ev.AttackRolled)]
    assert arena.combat.pending is not None and arena.combat.pending.index == 1, "Baerwyn's Karma is left"
    again = karma(arena, "hero-baerwyn", "ben", [HIT, 4])  # the second attack roll; nobody's Karma is left
    assert again[0].replaces == second.pending.check.roll.nonce  # type: ignore[attr-defined,union-attr]
    assert arena.figure("orc").hp == 8 - (5 - 4) - (4 - 4) and arena.combat.pending is None


def test_an_unconscious_hero_keeps_the_window_open() -> None:
    """Line 632: "You may even expend Karma if you're unconscious"; a dead hero spends none."""
    arena = orc_before_varya(varya_karma=1, baerwyn_karma=0)
    arena.put("hero-varya", 3, 3, condition="unconscious")
    assert window_open(arena.combat)
    arena.put("hero-varya", 3, 3, condition="dead")
    assert not window_open(arena.combat)


def test_version_4_still_rolls_an_attack_in_one_command() -> None:
    """Released versions are frozen: version 4 rolls the damage, then the Crit Die, in one command."""
    arena = orc_before_varya(version="4")
    events = orc_attacks(arena, [CRIT, 6, 6, TWO_STARS])
    [attacked] = [e for e in events if isinstance(e, ev.Attacked)]
    assert attacked.strikes[0].crit_face == "two stars" and attacked.strikes[0].damage == 24 - 2
    assert arena.combat.pending is None


def test_a_grapples_immediate_strike_waits_for_karma_on_the_grapple_check() -> None:
    """Line 442: "the attacker may also immediately make a melee attack against the Grappled defender".
    The Grapple check is the most recent set of dice until the strike is rolled: the strike waits, and a
    Karma re-roll of the check that fails it leaves no strike."""
    arena = PericleArena(stepwise=True)
    arena.put("hero-varya", 3, 3, facing=0, in_hand=("dagger",))
    arena.put("spearman", 7, 0)
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    events = arena.act("hero-varya", "grapple", [HIT], target="orc", strike={"target": "orc", "weapon": "dagger"})
    [grappled] = [e for e in events if isinstance(e, ev.Grappled)]
    waiting = arena.combat.pending
    assert grappled.success and waiting is not None and waiting.check is None and waiting.kind == "grapple-strike"
    again = karma(arena, "hero-varya", "ana", [MISS])
    [regrappled] = [e for e in again if isinstance(e, ev.Grappled)]
    assert not regrappled.success and arena.combat.pending is None and arena.combat.current != "hero-varya"
    assert arena.figure("orc").grappled_with == () and not list(strikes_in(again))


def test_a_grapples_strike_goes_on_like_an_attacks() -> None:
    arena = PericleArena(stepwise=True)
    arena.put("hero-varya", 3, 3, facing=0, in_hand=("dagger",))
    arena.put("spearman", 7, 0)
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    arena.act("hero-varya", "grapple", [HIT], target="orc", strike={"target": "orc", "weapon": "dagger"})
    arena.command("ana", {"type": "go_on", "figure": "hero-varya"}, [HIT])
    assert arena.combat.pending is not None and arena.combat.pending.hit
    arena.command("ana", {"type": "go_on", "figure": "hero-varya"}, [4])
    assert arena.combat.pending is None and arena.combat.current != "hero-varya"
    assert arena.figure("orc").wounds == 4 + 2 - 3, "a dagger's +2 in a Grapple; no shield in a Grapple"
