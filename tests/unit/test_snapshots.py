"""Snapshots: snapshot + tail equals full replay; a snapshot of another schema is ignored; the
command path's encoded form stores exactly what the dict form stores."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.battle import BattleState, decide, evolve, replay
from domain.codec import event_from
from domain.commands import ClaimSeat, Command, Concede, CreateBattle, RollDice, Start
from domain.dice import HmacDice
from domain.errors import DomainError
from domain.rulesets import RULESETS
from domain.snapshots import encoded_snapshot, from_snapshot, snapshot_schema, to_snapshot
from tests.golden.coverage import GOLDEN, log_files, read_log

BATTLE = "00000000-0000-4000-8000-00000000cafe"


def play(ruleset: str, seats: int, steps: list[tuple[int, str]]) -> list[msgspec.Struct]:
    names = tuple(f"s{n}" for n in range(seats))
    commands: list[tuple[Command, str]] = [
        (CreateBattle(battle_id=BATTLE, ruleset=ruleset, seats=names), "p0"),
        *((ClaimSeat(seat=name), f"p{n}") for n, name in enumerate(names)),
        (Start(), "p0"),
        *((Concede() if kind == "concede" else RollDice(expression=kind), f"p{who % seats}") for who, kind in steps),
    ]
    state, events = BattleState(), []
    for command, actor in commands:
        try:
            decided = decide(state, command, HmacDice(b"\x05" * 32, BATTLE, state.client_seeds, state.next_nonce),
                             actor)
        except DomainError:
            continue
        for event in decided:
            state = evolve(state, event)
        events += decided
    return events


@settings(max_examples=50, deadline=None)
@given(ruleset=st.sampled_from(sorted({r for r, _ in RULESETS})), seats=st.integers(2, 4),
       steps=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["1d6", "2d8+1", "4d6kh3", "concede"])),
                      max_size=20),
       data=st.data())
def test_snapshot_plus_tail_equals_full_replay(ruleset: str, seats: int, steps: list[tuple[int, str]],
                                               data: st.DataObject) -> None:
    events = play(ruleset, seats, steps)
    cut = data.draw(st.integers(1, len(events)))
    schema, stored = to_snapshot(replay(events[:cut]))
    # Through JSON, as the store keeps it.
    restored = from_snapshot(schema, msgspec.json.decode(msgspec.json.encode(stored)))
    assert restored is not None
    assert replay(events[cut:], restored) == replay(events)


def test_a_snapshot_of_another_schema_is_ignored() -> None:
    state = replay(play("d100", 2, [(0, "1d6")]))
    schema, stored = to_snapshot(state)
    assert schema == snapshot_schema("d100", state.ruleset_version)
    assert from_snapshot("battle-0/d100-1-1", stored) is None
    assert from_snapshot(schema, {**stored, "seats": "not a list"}) is None
    assert from_snapshot(schema, {"ruleset": "d100"}) is None


def same_snapshot_both_ways(state: BattleState) -> None:
    """`encoded_snapshot` (what the command path saves) is `to_snapshot` as JSON, byte for byte
    after decoding: snapshots written before and after it read the same, under one schema."""
    schema, data = to_snapshot(state)
    encoded_schema, encoded = encoded_snapshot(state)
    assert encoded_schema == schema
    assert msgspec.json.decode(encoded) == msgspec.json.decode(msgspec.json.encode(data))
    assert from_snapshot(encoded_schema, encoded) == from_snapshot(schema, data) == state


@settings(max_examples=30, deadline=None)
@given(ruleset=st.sampled_from(sorted({r for r, _ in RULESETS})), seats=st.integers(2, 4),
       steps=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["1d6", "2d8+1", "concede"])), max_size=12))
def test_the_encoded_snapshot_is_the_dict_snapshot_as_json(ruleset: str, seats: int,
                                                          steps: list[tuple[int, str]]) -> None:
    same_snapshot_both_ways(replay(play(ruleset, seats, steps)))


GOLDEN_LOGS = log_files()


@pytest.mark.parametrize("path", GOLDEN_LOGS, ids=[str(p.relative_to(GOLDEN)) for p in GOLDEN_LOGS])
def test_the_encoded_snapshot_of_a_golden_battle_is_the_dict_snapshot(path: Path) -> None:
    """Every ruleset's own state (heroes, figures, spells, contests) at the end of a recorded battle."""
    state = replay(event_from(line["event"]["type"], line["event"]["data"]) for line in read_log(path))
    same_snapshot_both_ways(state)
