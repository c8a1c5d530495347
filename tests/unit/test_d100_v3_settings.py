"""d100 version 3: every provisional rule's numbers and choices are settings of the battle, read
by the rules (D100-TEST, D100-GRADES, D100-DYING, D100-RECOVERY, D100-CLOCK, D100-EFFECTS,
D100-AFFLICTION...), refused at creation when no battle could be played with them; the events
say what happened and evolve only sets it, so the log replays to the state whatever is played."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.battle import replay
from domain.errors import DomainError, RuleViolation
from domain.rulesets import LATEST
from domain.rulesets.contract import settings_of_rules
from domain.rulesets.d100.v3 import D100_V3
from domain.rulesets.d100.v3.evolve import evolve
from domain.rulesets.d100.v3.settings import D100V3Settings
from domain.snapshots import from_snapshot, to_snapshot
from tests.unit.d100_table import Table, roll


def test_version_3_is_the_latest_and_lists_a_setting_for_every_provisional_number() -> None:
    assert LATEST["d100"] is D100_V3
    found = {s.rule.id: s.defaults for s in settings_of_rules(D100_V3)}
    assert found["D100-TEST"] == {"critical_divisor": 10, "fumble_from": 99, "only_100_fumbles_from_skill": 100}
    assert found["D100-TRAVEL"]["forced_march"] == 40 and found["D100-TRAVEL"]["swamp"] == 25
    assert found["D100-CHARACTER"] == {"movement": 6.0}
    assert found["D100-DYING"] == {"falling_round_counts": True}
    assert found["D100-RECOVERY"] == {"rounding": "down", "full_rest_hours": 8}
    assert found["D100-LIGHT"]["pitch_black"] == 3 and found["D100-LIGHT"]["outer_bands"] == 2
    assert found["D100-GRADES"] == {"cap": 3} and found["D100-CLOCK"] == {"round_seconds": 5}
    assert found["D100-OPPOSED"] == {"higher_wins": True}
    assert {name for name, defaults in found.items() if not defaults} == {"D100-FATIGUE"}


@pytest.mark.parametrize("provisional", [
    {"D100-TEST": {"critical_divisor": 0}}, {"D100-TEST": {"fumble_from": 12}}, {"D100-GRADES": {"cap": 11}},
    {"D100-TRAVEL": {"walk": 0}}, {"D100-TRAVEL": {"swamp": 101}}, {"D100-CHARACTER": {"movement": 0.5}},
    {"D100-RECOVERY": {"full_rest_hours": 0}}, {"D100-LIGHT": {"darkness": 4}}, {"D100-LIGHT": {"outer_bands": 3}},
    {"D100-LIGHT": {"band_width": 0}}, {"D100-LIGHT": {"movement_per_die": 0.5}}, {"D100-CLOCK": {"round_seconds": 0}},
    {"D100-EFFECTS": {"floor": -1}}, {"D100-RECOVERY": {"rounding": "sideways"}},
])
def test_settings_no_battle_can_be_played_with_are_refused_at_creation(provisional: dict[str, Any]) -> None:
    with pytest.raises(RuleViolation) as refused:
        D100_V3.resolve_options({"provisional": provisional})
    assert refused.value.rule == "options-invalid"


def test_the_creation_records_every_setting() -> None:
    resolved = D100_V3.resolve_options({"provisional": {"D100-GRADES": {"cap": 2}}})
    assert resolved["provisional"]["D100-GRADES"] == {"cap": 2}
    assert msgspec.convert(resolved["provisional"], D100V3Settings).D100_CLOCK.round_seconds == 5


def test_d100_test_numbers_are_settings() -> None:
    """D100-TEST: the critical's fraction and the fumble range."""
    table = Table({"D100-TEST": {"critical_divisor": 5, "fumble_from": 96}})
    assert table.send({"type": "test", "skill": 50}, roll(1, 0)).test.level == "critical"
    assert table.send({"type": "test", "skill": 50}, roll(9, 7)).test.level == "fumble"
    assert table.send({"type": "test", "skill": 100}, roll(9, 9)).test.level == "success"


def test_the_grade_cap_is_a_setting() -> None:
    """"subject to the normal -3P cap": D100-GRADES' cap."""
    table = Table({"D100-GRADES": {"cap": 1}})
    assert table.send({"type": "test", "skill": 60, "penalty": 3}, roll(1, 1, 9)).test.grade == -1


@pytest.mark.parametrize(("counts", "rounds"), [(True, 3), (False, 4)])
def test_the_dying_rounds_are_a_setting(counts: bool, rounds: int) -> None:
    """Healing and Recovery: "Dying: At 0 HP, fall unconscious and die at the end of the third round
    unless stabilised" (D100-DYING: whether the round it fell counts)."""
    table = Table({"D100-DYING": {"falling_round_counts": counts}}, "Arden")
    table.send({"type": "begin_combat"})
    table.send({"type": "damage", "character": "arden", "amount": 13})
    table.rounds(rounds - 1)
    assert not table.who("arden").dead
    assert table.send({"type": "end_round"}).died == ("arden",)


def test_recovery_rounding_is_a_setting() -> None:
    """"recovers a quarter of CON in HP per 24 hours" (CON 13: 3 rounded down, 4 up)."""
    table = Table({"D100-RECOVERY": {"rounding": "up"}})
    table.add("Arden", con=13)  # 13 HP
    table.send({"type": "damage", "character": "arden", "amount": 6})
    assert table.send_all({"type": "rest", "days": 1})[-1].recovered == {"arden": 4}


def test_a_full_rest_renews_the_treatment_attempt() -> None:
    """"may receive one Healing attempt before their next full rest" (D100-RECOVERY's hours)."""
    table = Table({"D100-RECOVERY": {"full_rest_hours": 6}}, "Arden", "Mira")
    table.send({"type": "damage", "character": "arden", "amount": 3})
    treat = {"type": "treat", "helper": "mira", "patient": "arden", "healing": 60}
    table.send(treat, roll(9, 0))
    assert table.refused(treat) == "already-treated"
    assert not table.send_all({"type": "rest", "hours": 5})[-1].full_rest
    assert table.refused(treat) == "already-treated"
    assert table.send_all({"type": "rest", "hours": 6})[-1].full_rest
    table.send(treat, roll(9, 0))


def test_the_round_length_times_delays_in_rounds() -> None:
    table = Table({"D100-CLOCK": {"round_seconds": 12}}, "Arden")
    assert table.send({"type": "expose", "character": "arden", "affliction": "Gorgon Serpent Venom"},
                      [3]).test_at == 36


def test_characteristic_effects_are_settings() -> None:
    """D100-EFFECTS: halving rounded down, hit points only kept within the maximum."""
    table = Table({"D100-EFFECTS": {"halving": "down", "current_hp": "capped"}}, "Arden")
    table.send({"type": "expose", "character": "arden", "affliction": "The Shakes"}, [1])
    table.send({"type": "pass_time", "minutes": 24 * 60})
    table.send({"type": "resist", "character": "arden", "name": "The Shakes", "resilience": 10},
               roll(6, 0) + roll(3, 0) + [1] + [1])
    assert table.who("arden").characteristics.dex == 5


def test_a_stalemate_may_go_to_the_affliction() -> None:
    table = Table({"D100-AFFLICTION": {"stalemate": "affliction"}}, "Arden")
    table.send({"type": "expose", "character": "arden", "affliction": "Gorgon Serpent Venom"}, [1])
    table.send({"type": "pass_time", "minutes": 1})
    venom = table.send({"type": "resist", "character": "arden", "name": "Gorgon Serpent Venom", "resilience": 50},
                       roll(7, 0) + roll(8, 0) + [1] * 6 + [1])
    assert venom.poison_won


@pytest.mark.parametrize(("higher_wins", "winner"), [(True, "second"), (False, "first")])
def test_who_wins_equal_levels_is_a_setting(higher_wins: bool, winner: str) -> None:
    """D100-OPPOSED: on equal levels the higher (or the lower) successful roll wins."""
    table = Table({"D100-OPPOSED": {"higher_wins": higher_wins}})
    assert table.send({"type": "opposed_test", "skill": 60, "opposing_skill": 60},
                      roll(2, 0) + roll(4, 5)).winner == winner


def test_a_diseases_first_daily_damage_may_wait_a_day() -> None:
    """The Shakes "deals 1D6 damage each day while active" (D100-AFFLICTION: from the day it takes
    hold, or the day after)."""
    table = Table({"D100-AFFLICTION": {"daily_damage_on_taking_hold": False}}, "Arden")
    table.send({"type": "expose", "character": "arden", "affliction": "The Shakes"}, [1])
    table.send({"type": "pass_time", "minutes": 24 * 60})
    hold = table.send({"type": "resist", "character": "arden", "name": "The Shakes", "resilience": 10},
                      roll(6, 0) + roll(3, 0) + [1])
    assert hold.disease_won and hold.damage_roll is None and table.who("arden").hp == 13
    passed = table.send({"type": "pass_time", "minutes": 24 * 60}, [5])
    assert [h.dealt for h in passed.harms] == [5] and table.who("arden").hp == 8


def test_evolve_sets_what_the_event_says() -> None:
    """Evolve records, decide judges: the body after a hit is the event's, not derived again."""
    table = Table(None, "Arden")
    hit = table.send({"type": "damage", "character": "arden", "amount": 9})
    said = msgspec.structs.replace(hit, health=msgspec.structs.replace(hit.health, hp=1, bleeding=False))
    before = replay(table.events[:-1]).ruleset_state
    after = evolve(before, said).character("arden")
    assert after is not None and (after.hp, after.bleeding, after.wounded) == (1, False, True)


PEOPLE = ("arden", "mira")
ACTIONS = st.one_of(
    st.builds(lambda who, amount: {"type": "damage", "character": who, "amount": amount},
              st.sampled_from(PEOPLE), st.integers(0, 15)),
    st.sampled_from([{"type": "begin_combat"}, {"type": "end_combat"}, {"type": "end_round"},
                     {"type": "pass_time", "minutes": 600}, {"type": "rest", "hours": 30}]),
    st.builds(lambda helper, patient, kind: {"type": kind, "helper": helper, "patient": patient, "healing": 50},
              st.sampled_from(PEOPLE), st.sampled_from(PEOPLE),
              st.sampled_from(["battlefield_healing", "treat", "surgery"])),
    st.builds(lambda who: {"type": "test", "skill": 50, "character": who}, st.sampled_from(PEOPLE)),
    st.builds(lambda who, m: {"type": "move_character", "character": who, "metres": m}, st.sampled_from(PEOPLE),
              st.integers(1, 7)),
    st.builds(lambda who, metres: {"type": "fall", "metres": metres, "acrobatics": 40, "character": who},
              st.sampled_from(PEOPLE), st.integers(0, 30)),
    st.builds(lambda who, what: {"type": "expose", "character": who, "affliction": what},
              st.sampled_from(PEOPLE), st.sampled_from(["Gorgon Serpent Venom", "The Shakes"])),
    st.builds(lambda who, what: {"type": "resist", "character": who, "name": what, "resilience": 40},
              st.sampled_from(PEOPLE), st.sampled_from(["Gorgon Serpent Venom", "The Shakes"])),
    st.builds(lambda who: {"type": "deprived_day", "character": who, "resilience": 40, "deprivations": ["thirst"]},
              st.sampled_from(PEOPLE)),
    st.builds(lambda who: {"type": "remedy", "character": who, "deprivation": "thirst"}, st.sampled_from(PEOPLE)),
    st.builds(lambda who: {"type": "fatigue_test", "character": who, "resilience": 30}, st.sampled_from(PEOPLE)),
    st.builds(lambda who: {"type": "hold_breath", "character": who, "fumes": "1d6"}, st.sampled_from(PEOPLE)),
    st.builds(lambda who, kind: {"type": kind, "character": who, "resilience": 30},
              st.sampled_from(PEOPLE), st.sampled_from(["breath_test", "reach_air"])),
)


@settings(max_examples=60, deadline=None)
@given(steps=st.lists(ACTIONS, max_size=40), data=st.data())
def test_random_play_replays_and_snapshots_agree(steps: list[dict[str, Any]], data: st.DataObject) -> None:
    """Whatever is played, the events replay to the live state, a snapshot plus the tail equals
    the full replay, HP stay within 0 and the maximum, and the dead stay dead."""
    table = Table(None, "Arden", "Mira")
    dead: set[str] = set()
    for body in steps:
        before = table.state
        try:
            table.send_all(body, None)
        except DomainError:
            assert table.state == before
            continue
        for character in table.state.ruleset_state.characters:
            assert 0 <= character.hp <= character.max_hp
            assert character.dead or character.id not in dead
            if character.dead:
                dead.add(character.id)
    assert replay(table.events) == table.state
    cut = data.draw(st.integers(1, len(table.events)))
    schema, stored = to_snapshot(replay(table.events[:cut]))
    restored = from_snapshot(schema, msgspec.json.decode(msgspec.json.encode(stored)))
    assert restored is not None and replay(table.events[cut:], restored) == table.state
