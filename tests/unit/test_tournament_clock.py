"""A tournament's battles' clocks (issue 18, item 4): "a side out of time loses by time (or the
organiser's chosen outcome); a side whose opponent has been absent past a timeout may claim the
battle [...] Tournament rounds use the round's time limit to set the battles' clocks."

The organiser's `on_time` and `absent_after_seconds` are new optional settings whose defaults are
today's behaviour: a tournament recorded before them spawns exactly the clocks it did."""

from __future__ import annotations

import msgspec
import pytest

from domain.clock import TimeControl
from domain.codec import event_data, event_from
from domain.tournament.commands import CreateTournament
from domain.tournament.events import TournamentCreated
from server.tournament_service import round_clock
from tests.unit.tournament_helpers import Driver


def created(driver: Driver) -> TournamentCreated:
    event = driver.events[0]
    assert isinstance(event, TournamentCreated)
    return event


def test_the_organisers_on_time_outcome_and_absence_timeout_set_the_battles_clocks() -> None:
    driver = Driver(round_time_limit_minutes=60, on_time="draw", absent_after_seconds=300)
    settings = created(driver)
    assert (settings.on_time, settings.absent_after_seconds) == ("draw", 300)
    assert driver.state.settings == settings
    assert round_clock(settings) == TimeControl(main_seconds=30 * 60, absent_after_seconds=300, on_time="draw")


def test_an_absence_timeout_alone_gives_a_clock_that_does_not_count_down() -> None:
    clock = round_clock(created(Driver(absent_after_seconds=120)))
    assert clock == TimeControl(absent_after_seconds=120)
    assert clock is not None and not clock.counts_down and clock.problems() == []


def test_without_the_new_settings_the_clocks_are_todays() -> None:
    assert round_clock(created(Driver(round_time_limit_minutes=90))) == TimeControl(main_seconds=45 * 60)
    assert round_clock(created(Driver())) is None


@pytest.mark.parametrize("limit", [None, 90])
def test_a_tournament_recorded_before_the_settings_spawns_the_same_clocks(limit: int | None) -> None:
    data = event_data(created(Driver(round_time_limit_minutes=limit)))
    del data["on_time"], data["absent_after_seconds"]  # as a tournament_created recorded before them
    recorded = event_from("tournament_created", data)
    assert isinstance(recorded, TournamentCreated)
    assert (recorded.on_time, recorded.absent_after_seconds) == ("loss", None)
    expected = None if limit is None else TimeControl(main_seconds=limit * 30)
    assert round_clock(recorded) == expected
    if expected is not None:  # the battle's recorded clock reads "loss", as it always did
        assert msgspec.to_builtins(round_clock(recorded))["on_time"] == "loss"


@pytest.mark.parametrize("settings", [{"on_time": "forfeit"}, {"absent_after_seconds": 0}])
def test_an_outcome_or_timeout_the_clock_does_not_know_is_refused(settings: dict[str, object]) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"name": "Cup", **settings}, CreateTournament)
