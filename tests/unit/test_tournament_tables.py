"""Tables (issue 18, item 3):

    "Tables numbered with an optional name and terrain (a Pilgrimage table layout or a Pericle
    map); "fresh tables": no player is assigned to a table they have played on when it can be
    avoided; the assignment is part of the pairing and drives the battle's options."
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.dice import HmacDice
from domain.errors import RuleViolation
from domain.tournament import aggregate as tournament
from domain.tournament import tables
from domain.tournament.commands import CloseRound, PairRound, SetTables
from domain.tournament.events import TableSpec
from tests.unit.test_no_refusal_after_draw import WatchedDice
from tests.unit.tournament_helpers import Driver

BARE = {"width": 36, "depth": 36, "terrain": [
    {"name": "Ruined chapel", "kinds": ["blocking"], "polygon": [[10, 10], [16, 10], [16, 16], [10, 16]]}]}
LAYOUT = {**BARE, "objectives": [{"name": "Relic", "x": 20, "y": 20}]}  # a Vigil needs objective markers


def fewest_repeats(pairs: list[tuple[str, str]], numbers: list[int], played: dict[str, set[int]]) -> int:
    return min(sum(tables.repeats(pair, table, played) for pair, table in zip(pairs, chosen, strict=True))
               for chosen in itertools.permutations(numbers, len(pairs)))


@settings(max_examples=40, deadline=None)
@given(pair_count=st.integers(1, 4), spare=st.integers(0, 2), seed=st.integers(0, 10**6))
def test_fresh_tables_repeat_a_table_only_when_it_cannot_be_avoided(pair_count: int, spare: int, seed: int) -> None:
    rng = random.Random(seed)
    players = [f"p{n}" for n in range(2 * pair_count)]
    pairs = [(players[2 * n], players[2 * n + 1]) for n in range(pair_count)]
    numbers = sorted(rng.sample(range(1, 20), pair_count + spare))
    played = {p: set(rng.sample(numbers, rng.randint(0, len(numbers)))) for p in players}
    chosen = tables.assign(pairs, numbers, played)
    assert sorted(chosen) == sorted(set(chosen)) and set(chosen) <= set(numbers), "each pair its own table"
    repeats = sum(tables.repeats(pair, table, played) for pair, table in zip(pairs, chosen, strict=True))
    assert repeats == fewest_repeats(pairs, numbers, played)


def test_with_nothing_to_avoid_the_best_pairs_take_the_first_tables() -> None:
    assert tables.assign([("a", "b"), ("c", "d")], [3, 5, 9], {}) == [3, 5]


def test_too_few_tables_is_refused_by_name() -> None:
    with pytest.raises(RuleViolation) as refused:
        tables.assign([("a", "b"), ("c", "d")], [1], {})
    assert refused.value.rule == "too-few-tables"


def test_an_event_with_tables_plays_every_round_on_fresh_tables() -> None:
    """Each round, as few players as any assignment allows sit at a table they played on: with
    six tables for three games nobody does here; with four, round 3 may have no way around it."""
    for table_count, repeats_allowed in ((6, False), (4, True)):
        driver = Driver(swiss_rounds=3)
        driver.register(6)
        specs = [TableSpec(number=n, name=f"Table {n}") for n in range(1, table_count)]
        driver.run(SetTables(tables=[*specs, TableSpec(number=table_count, name="Chapel", terrain=LAYOUT)]), "org")
        rng = random.Random(5)
        played: dict[str, set[int]] = {}
        total = 0
        for _ in range(3):
            games = [p for p in driver.pair().pairings if p.b is not None]
            pairs = [(p.a, p.b or "") for p in games]
            repeats = sum(tables.repeats(pair, p.table, played) for pair, p in zip(pairs, games, strict=True))
            assert repeats == fewest_repeats(pairs, list(range(1, table_count + 1)), played)
            total += repeats
            for p in games:
                for player in (p.a, p.b or ""):
                    played.setdefault(player, set()).add(p.table)
                driver.result(p.table, rng.choice([p.a, p.b]), 1)
            driver.run(CloseRound(), "org")
        assert repeats_allowed or total == 0
        chapel = [p for r in driver.state.rounds for p in r.pairings if p.table == table_count]
        assert all(p.table_name == "Chapel" and p.terrain == LAYOUT for p in chapel)
        assert all(p.table_name == f"Table {p.table}" for r in driver.state.rounds for p in r.pairings
                   if p.b and p.table != table_count)


def test_a_table_whose_terrain_cannot_host_the_trial_is_refused_when_paired() -> None:
    driver = Driver(trials=["Vigil"])  # a Vigil needs objective markers; this layout has none
    driver.register(2)
    driver.run(SetTables(tables=[TableSpec(number=7, terrain=BARE)]), "org")
    with pytest.raises(RuleViolation) as refused:
        driver.pair()
    assert refused.value.rule == "table-invalid" and "table 7" in refused.value.detail


def test_set_tables_checks_numbers_and_layouts() -> None:
    driver = Driver()
    with pytest.raises(RuleViolation) as twice:
        driver.run(SetTables(tables=[TableSpec(number=1), TableSpec(number=1)]), "org")
    assert twice.value.rule == "table-duplicate"
    outside = {"width": 24, "depth": 24, "terrain": [
        {"name": "Far hill", "kinds": ["difficult"], "polygon": [[30, 30], [34, 30], [34, 34]]}]}
    with pytest.raises(RuleViolation) as bad:
        driver.run(SetTables(tables=[TableSpec(number=1, terrain=outside)]), "org")
    assert bad.value.rule == "table-invalid" and "Far hill" in bad.value.detail
    with pytest.raises(RuleViolation) as unknown:
        driver.run(SetTables(tables=[TableSpec(number=1, terrain="moon")]), "org")
    assert unknown.value.rule == "table-invalid"


def test_a_round_the_tables_cannot_host_is_refused_before_the_pairing_draws() -> None:
    """A refusal after the pairing's dice would let the organiser see the draw and try again
    (issue 12, re-rolls by refusal): two games of a Vigil and one table with objectives."""
    driver = Driver(trials=["Vigil"])
    driver.register(4)
    driver.run(SetTables(tables=[TableSpec(number=1, terrain=LAYOUT), TableSpec(number=2, terrain=BARE)]), "org")
    watched = WatchedDice(HmacDice(b"\x01" * 32, driver.state.tournament_id, [], 0), 0)
    with pytest.raises(RuleViolation) as refused:
        tournament.decide(driver.state, PairRound(), watched, "org", "2026-12-01T12:00:00Z")
    assert refused.value.rule == "table-invalid" and "table 2 cannot host a Vigil" in refused.value.detail
    assert not watched.drawn


def test_a_table_that_cannot_host_the_round_is_left_empty_when_enough_others_can() -> None:
    # Tables 1 and 2 lack objectives, so whatever the draw, the Vigil's one game is on table 3.
    driver = Driver(trials=["Vigil"])
    driver.register(2)
    driver.run(SetTables(tables=[TableSpec(number=1, terrain=BARE), TableSpec(number=2, terrain=BARE),
                                 TableSpec(number=3, terrain=LAYOUT)]), "org")
    assert [p.table for p in driver.pair().pairings] == [3]


def test_unusable_tables_change_nothing_when_the_best_assignment_avoids_them() -> None:
    played = {"a": {1}, "b": {1}}
    assert tables.assign([("a", "b"), ("c", "d")], [1, 2, 3], played) == [3, 2]
    # The same matching whenever it uses only usable tables (a recorded round is placed as it was)...
    assert tables.assign([("a", "b"), ("c", "d")], [1, 2, 3], played, usable={2, 3}) == [3, 2]
    # ... and another only when it would not.
    assert tables.assign([("a", "b"), ("c", "d")], [1, 2, 3], played, usable={1, 2}) == [2, 1]
