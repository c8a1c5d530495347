"""Read models folded from committed events agree with the aggregate they summarise."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.battle import replay
from domain.codec import event_data, event_type
from domain.contests import BattleForked
from domain.events import DiceCommitment
from projections.battle_summary import BattleSummary, CommittedEvent, ForkOrigin, evolve_summary, summarize
from projections.player_records import PlayerRecord, add, record_changes
from tests.unit.test_snapshots import BATTLE, play


def committed(events: list, battle_id: str = BATTLE) -> list[CommittedEvent]:  # type: ignore[type-arg]
    return [CommittedEvent(battle_id=battle_id, version=n, type=event_type(e), data=event_data(e))
            for n, e in enumerate(events, start=1)]


def fold(events: list[CommittedEvent]) -> tuple[BattleSummary | None, dict[str, PlayerRecord]]:
    summary, records = None, {}
    for event in events:
        before, summary = summary, evolve_summary(summary, event)
        for player, delta in record_changes(before, summary, event).items():
            records[player] = add(records.get(player), delta)
    return summary, records


@settings(max_examples=50, deadline=None)
@given(seats=st.integers(2, 4),
       steps=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["1d6", "concede"])), max_size=12))
def test_the_folded_summary_equals_the_aggregates_summary(seats: int, steps: list[tuple[int, str]]) -> None:
    events = play("d100", seats, steps)
    summary = None
    for event in committed(events):
        summary = evolve_summary(summary, event)
    assert summary == summarize(replay(events), BATTLE)


def test_player_records_count_joins_wins_and_losses() -> None:
    events = play("d100", 3, [(0, "concede"), (1, "concede")])  # p0 and p1 concede, p2 wins
    records: dict[str, PlayerRecord] = {}
    summary = None
    for event in committed(events):
        before, summary = summary, evolve_summary(summary, event)
        for player, delta in record_changes(before, summary, event).items():
            records[player] = add(records.get(player), delta)
    assert records == {
        "p0": PlayerRecord("p0", battles=1, active=0, won=0, lost=1),
        "p1": PlayerRecord("p1", battles=1, active=0, won=0, lost=1),
        "p2": PlayerRecord("p2", battles=1, active=0, won=1, lost=0),
    }


FORK = "00000000-0000-4000-8000-00000000f04c"


@settings(max_examples=30, deadline=None)
@given(steps=st.lists(st.tuples(st.integers(0, 1), st.sampled_from(["1d6", "concede"])), max_size=6),
       data=st.data())
def test_a_fork_counts_in_no_record_at_any_point_and_says_where_it_came_from(
        steps: list[tuple[int, str]], data: st.DataObject) -> None:
    """Issue #12, fork farming: a fork copied at the end of a won battle is born ended with the
    same winner; it must not count again. Any prefix of a fork's stream says it is a fork."""
    origin = play("d100", 2, steps)
    at = data.draw(st.integers(1, len(origin)))
    forked = BattleForked(battle_id=FORK, origin_battle_id=BATTLE, origin_version=at, creator="p1",
                          dice=DiceCommitment(algorithm="x", commitment="y"))
    stream = [*origin[:at], forked]
    summary, records = fold(committed(stream, FORK))
    assert records == {}
    assert summary == summarize(replay(stream), FORK)
    assert summary is not None and summary.forked_from == ForkOrigin(BATTLE, at) and not summary.counts_in_records
    assert summary.id == FORK and summary.creator == "p1"
    mid_copy, _ = fold(committed(origin[:at], FORK))
    assert mid_copy is not None and mid_copy.forked_from == ForkOrigin(BATTLE, None)
    assert mid_copy == summarize(replay(origin[:at]), FORK)
