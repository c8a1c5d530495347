"""Late entries, check-in, drops and re-entries (issue 18, item 2):

    "Late registration until a round the organiser sets (lichess allows until half the rounds):
    a late entrant starts with the points the organiser chooses (none, or byes for the rounds
    missed) and is paired from the next round. Check-in before round 1 (no-shows dropped), and
    drops and re-entries."
"""

from __future__ import annotations

import pytest

from domain.errors import NotPermitted, RuleViolation
from domain.tournament.aggregate import current_standings
from domain.tournament.commands import CheckIn, CloseRound, Drop, PairRound, Reenter, Register
from domain.tournament.events import PlayerDropped, RoundPaired
from tests.unit.tournament_helpers import Driver, band


def finish_round(driver: Driver) -> None:
    """Every table won by its `a` player, margin 1."""
    for p in driver.state.rounds[-1].pairings:
        if p.b is not None:
            driver.result(p.table, p.a, 1)
    driver.run(CloseRound(), "org")


@pytest.mark.parametrize(("late_entry", "points", "byes"), [("none", 0, 0), ("byes", 6, 2)])
def test_a_late_entrant_is_paired_from_the_next_round_with_the_organisers_points(
        late_entry: str, points: int, byes: int) -> None:
    driver = Driver(swiss_rounds=4, late_registration_until_round=3, late_entry=late_entry, bye_margin=2)
    driver.register(4)
    for _ in range(2):
        driver.pair()
        finish_round(driver)
    driver.run(Register(name="Late", army_list=band()), "late")
    entrant = driver.state.entrant("late")
    assert entrant is not None and entrant.missed_rounds == 2
    row = next(s for s in current_standings(driver.state) if s.player_id == "late")
    assert (row.points, row.byes, row.margin) == (points, byes, 2 * byes)
    round_three = driver.pair()
    assert "late" in {p for pairing in round_three.pairings for p in (pairing.a, pairing.b)}


def test_late_registration_closes_after_the_organisers_round() -> None:
    driver = Driver(swiss_rounds=4, late_registration_until_round=2)
    driver.register(4)
    driver.pair()
    driver.run(Register(name="In time", army_list=band()), "late1")  # joins round 2
    finish_round(driver)
    driver.pair()
    with pytest.raises(RuleViolation) as closed:
        driver.run(Register(name="Too late", army_list=band()), "late2")
    assert closed.value.rule == "registration-closed" and "round 2" in closed.value.detail


def test_without_late_registration_the_first_pairing_closes_registration() -> None:
    driver = Driver()
    driver.register(4)
    driver.pair()
    with pytest.raises(RuleViolation) as closed:
        driver.run(Register(name="Late", army_list=band()), "late")
    assert closed.value.rule == "registration-closed"


def test_check_in_drops_the_no_shows_when_round_one_is_paired() -> None:
    driver = Driver(check_in=True)
    players = driver.register(5)
    driver.run(CheckIn(), players[0])
    driver.run(CheckIn(), players[1])
    driver.run(CheckIn(player_id=players[2]), "org")  # the organiser checks in a player at the desk
    with pytest.raises(NotPermitted):
        driver.run(CheckIn(player_id=players[3]), players[0])
    events = driver.run(PairRound(), "org")
    dropped = [e for e in events if isinstance(e, PlayerDropped)]
    assert [(e.player_id, e.reason) for e in dropped] == [(players[3], "did not check in"),
                                                          (players[4], "did not check in")]
    paired = next(e for e in events if isinstance(e, RoundPaired))
    assert {p for t in paired.pairings for p in (t.a, t.b) if p} == set(players[:3])
    with pytest.raises(RuleViolation) as closed:
        driver.run(CheckIn(), players[3])
    assert closed.value.rule == "check-in-closed"


def test_check_in_only_when_the_event_uses_it() -> None:
    driver = Driver()
    players = driver.register(2)
    with pytest.raises(RuleViolation) as off:
        driver.run(CheckIn(), players[0])
    assert off.value.rule == "check-in-off"


def test_a_dropped_player_reenters_and_is_paired_from_the_next_round() -> None:
    driver = Driver(swiss_rounds=3)
    players = driver.register(4)
    driver.pair()
    driver.run(Drop(), players[1])
    finish_round(driver)
    second = driver.pair()
    assert players[1] not in {p for t in second.pairings for p in (t.a, t.b)}
    driver.run(Reenter(reason="back from the hospital"), players[1])
    with pytest.raises(RuleViolation) as twice:
        driver.run(Reenter(), players[1])
    assert twice.value.rule == "not-dropped"
    finish_round(driver)
    third = driver.pair()
    assert players[1] in {p for t in third.pairings for p in (t.a, t.b)}
    with pytest.raises(NotPermitted):
        driver.run(Reenter(player_id=players[0]), players[2])


def test_no_reentry_once_the_last_swiss_round_is_paired() -> None:
    driver = Driver(swiss_rounds=1)
    players = driver.register(4)
    driver.pair()
    driver.run(Drop(), players[0])
    with pytest.raises(RuleViolation) as over:
        driver.run(Reenter(), players[0])
    assert over.value.rule == "swiss-over"
