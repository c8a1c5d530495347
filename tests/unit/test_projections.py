"""Read models folded from committed events agree with the aggregate they summarise."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.battle import replay
from domain.codec import event_data, event_type
from projections.battle_summary import CommittedEvent, evolve_summary, summarize
from projections.player_records import PlayerRecord, add, record_changes
from tests.unit.test_snapshots import BATTLE, play


def committed(events: list) -> list[CommittedEvent]:  # type: ignore[type-arg]
    return [CommittedEvent(battle_id=BATTLE, version=n, type=event_type(e), data=event_data(e))
            for n, e in enumerate(events, start=1)]


@settings(max_examples=50, deadline=None)
@given(seats=st.integers(2, 4),
       steps=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["1d6", "concede"])), max_size=12))
def test_the_folded_summary_equals_the_aggregates_summary(seats: int, steps: list[tuple[int, str]]) -> None:
    events = play("d100", seats, steps)
    summary = None
    for event in committed(events):
        summary = evolve_summary(summary, event)
    assert summary == summarize(replay(events))


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
