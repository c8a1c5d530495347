"""Karma (seed 001, Karma and Ardence): a hero spends 1 Karma to force a re-roll of the most
recent set of dice - anyone's - and the new result must be kept. The re-roll is a new roll
(a new nonce); the event names the roll it replaces; replay reaches the same state."""

from __future__ import annotations

import msgspec
import pytest

from domain.battle import replay
from domain.rulesets.pericle.combat_events import Attacked, CommandRecorded, KarmaSpent
from tests.unit.pericle_arena import BAERWYN, SINDARO, VARYA, PericleArena, hexes

HIT, MISS = 1, 10


def face_to_face(karma: int = 1) -> PericleArena:
    """Varya starts in front of the orc (no test set-up outside the events, so replay must agree)."""
    starts = hexes((3, 3), (0, 4), (0, 5))
    return PericleArena(version="4", hero_starts=starts, heroes={
        "ana": [{"hero": {**VARYA, "karma": karma}, "start": {"q": 3, "r": 3}},
                {"hero": SINDARO, "start": {"q": 0, "r": 5}}],
        "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 4}}]})


def orc_hits_varya(karma: int = 1) -> PericleArena:
    arena = face_to_face(karma)
    arena.to_actions("heroes")
    arena.pass_until("orc")
    arena.act("orc", "attack", [HIT, 6], strikes=[{"target": "hero-varya"}])
    assert arena.figure("hero-varya").hp == 13 - (6 + 1 - 2)
    return arena


def test_karma_rerolls_a_foes_damage_and_keeps_the_attack_roll() -> None:
    arena = orc_hits_varya()
    [first] = [e for e in arena.events if isinstance(e, Attacked)]
    events = arena.command("ana", {"type": "spend_karma", "hero": "hero-varya"}, [1])
    spent, recorded, attacked = events[0], events[1], events[2]
    assert isinstance(spent, KarmaSpent) and isinstance(recorded, CommandRecorded) and recorded.karma
    assert isinstance(attacked, Attacked)
    old, new = first.strikes[0], attacked.strikes[0]
    assert spent.replaces == old.damage_roll.nonce  # type: ignore[union-attr]
    assert new.check.roll == old.check.roll, "the attack roll stands, nonce and all"
    assert new.damage_roll is not None and new.damage_roll.nonce > old.damage_roll.nonce  # type: ignore[union-attr]
    varya = arena.figure("hero-varya")
    assert varya.karma == 0 and varya.hp == 13 - max(0, 1 + 1 - 2)
    assert replay(arena.events) == arena.state


def test_the_new_result_is_kept() -> None:
    arena = orc_hits_varya(karma=2)
    arena.command("ana", {"type": "spend_karma", "hero": "hero-varya"}, [1])
    assert arena.rule_of("ana", {"type": "spend_karma", "hero": "hero-varya"}) == "karma-keep"


def test_karma_needs_karma_a_roll_and_a_living_hero() -> None:
    arena = orc_hits_varya()
    assert arena.rule_of("ben", {"type": "spend_karma", "hero": "hero-baerwyn"}) == "karma-none"
    arena.act("spearman", "pass_action")
    assert arena.rule_of("ana", {"type": "spend_karma", "hero": "hero-varya"}) == "karma-nothing-to-reroll"


def test_a_missed_attack_rerolled_can_hit() -> None:
    """The attack roll is the most recent set of dice when it missed; the re-roll decides anew."""
    arena = face_to_face()
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    arena.act("hero-varya", "attack", [MISS], strikes=[{"target": "orc"}])
    orc_hp = arena.figure("orc").hp
    events = arena.command("ana", {"type": "spend_karma", "hero": "hero-varya"}, [HIT, 6, 4])
    [strike] = [s for e in events if isinstance(e, Attacked) for s in e.strikes]
    assert strike.hit and arena.figure("orc").hp == orc_hp - (6 + 4 - 4)
    assert arena.combat.current == "orc", "the turn goes on from the re-run command"
    assert replay(arena.events) == arena.state


@pytest.mark.parametrize("snapshot_at", [3, 10, 25])
def test_snapshots_of_a_combat_round_trip(snapshot_at: int) -> None:
    from domain.snapshots import from_snapshot, to_snapshot

    arena = orc_hits_varya()
    arena.command("ana", {"type": "spend_karma", "hero": "hero-varya"}, [1])
    schema, stored = to_snapshot(replay(arena.events[:snapshot_at]))
    restored = from_snapshot(schema, msgspec.json.decode(msgspec.json.encode(stored)))
    assert restored is not None
    assert replay(arena.events[snapshot_at:], restored) == arena.state


def test_a_karma_reroll_is_one_action_that_a_contest_can_overturn() -> None:
    """Contests name actions: the Karma and its re-run command are one action, the spender's.
    Overturned, the battle is back to the attack as first rolled, the Karma unspent."""
    from domain.contests import Agree, Contest

    arena = orc_hits_varya()
    as_rolled = replay(arena.events)
    spent = arena.command("ana", {"type": "spend_karma", "hero": "hero-varya"}, [1])
    karma_version = as_rolled.version + 1
    assert isinstance(spent[0], KarmaSpent)
    actions = list(replay(arena.events).actions)
    assert [(a.version, a.seat) for a in actions][-1] == (karma_version, "ana")
    arena.run(Contest(version=karma_version, reason="Karma spent after the damage was seen"), "p2")
    arena.run(Agree(contest=1), "p1")
    arena.run(Agree(contest=1), "p0")
    overturned = replay(arena.events)
    assert overturned.is_void(karma_version)
    assert overturned.ruleset_state == as_rolled.ruleset_state
    assert overturned.ruleset_state.figure("hero-varya").karma == 1
