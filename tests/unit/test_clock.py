"""A battle's clock: its arithmetic (main time and increment, time per turn, absence), and the
battle deciding with the moment the server records a command at (domain/clock.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import clock as clocks
from domain.battle import CLOCK_SET_VERSION, BattleState, decide, evolve
from domain.codec import command_data, event_data, event_from, event_type
from domain.commands import ClaimSeat, ClaimTime, ClaimVictory, Command, CreateBattle, RollDice, Start
from domain.dice import HmacDice
from domain.errors import DomainError, NotPermitted, RuleViolation
from domain.events import BattleEnded
from domain.rulesets import RULESETS
from projections.battle_summary import state_view

SEED = b"\x07" * 32
BATTLE = "00000000-0000-4000-8000-000000000043"
T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def at(seconds: float) -> str:
    """The moment `seconds` after T0, written as the server writes a recorded_at."""
    return (T0 + timedelta(seconds=seconds)).isoformat(timespec="microseconds").replace("+00:00", "Z")


def run(state: BattleState, command: Command, actor: str, now: str) -> tuple[BattleState, list[msgspec.Struct]]:
    events = decide(state, command, HmacDice(SEED, BATTLE, state.client_seeds, state.next_nonce), actor, now)
    for event in events:
        # Through the codec, as the store hands events back.
        state = evolve(state, event_from(event_type(event), event_data(event)))
    return state, events


def started(control: clocks.TimeControl | None, seats: tuple[str, ...] = ("north", "south")) -> BattleState:
    """A Pilgrimage 1 battle (free dice rolls: the turn passes with every action), started at T0."""
    state, _ = run(BattleState(), CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", ruleset_version="1",
                                               seats=seats, clock=control), "creator", at(-10))
    for n, seat in enumerate(seats):
        state, _ = run(state, ClaimSeat(seat=seat), f"p{n}", at(-5))
    state, _ = run(state, Start(), "p0", at(0))
    return state


def roll(state: BattleState, player: str, seconds: float) -> tuple[BattleState, list[msgspec.Struct]]:
    return run(state, RollDice(expression="1d12"), player, at(seconds))


# ---- the arithmetic ----------------------------------------------------------------------


def test_main_time_runs_for_the_side_to_act_and_the_increment_comes_when_its_turn_passes() -> None:
    clock = clocks.Clock(control=clocks.TimeControl(main_seconds=60, increment_seconds=5),
                         remaining_ms={"north": 60_000, "south": 60_000}, running="north", since=at(0))
    assert clock.left_ms("north", at(12.5)) == 47_500
    assert clock.left_ms("south", at(12.5)) == 60_000  # not its turn: its clock stands
    switched = clocks.switch(clock, "south", at(12.5))
    assert switched == clocks.ClockSwitched(at=at(12.5), running="south",
                                            remaining_ms={"north": 52_500, "south": 60_000})
    assert clock.flag_at() == at(60)


def test_a_stopped_clock_adds_no_increment() -> None:
    clock = clocks.Clock(control=clocks.TimeControl(main_seconds=60, increment_seconds=5),
                         remaining_ms={"north": 60_000, "south": 60_000}, running="north", since=at(0))
    assert clocks.switch(clock, None, at(10)).remaining_ms == {"north": 50_000, "south": 60_000}


def test_time_per_turn_starts_every_turn_full_and_carries_nothing_over() -> None:
    clock = clocks.Clock(control=clocks.TimeControl(per_turn_seconds=30),
                         remaining_ms={"north": 30_000, "south": 1_000}, running="north", since=at(0))
    switched = clocks.switch(clock, "south", at(20))
    assert switched.remaining_ms == {"north": 10_000, "south": 30_000}


def test_absence_counts_from_the_start_of_the_turn() -> None:
    clock = clocks.Clock(control=clocks.TimeControl(absent_after_seconds=300), running="south", since=at(100))
    assert clock.absent_at() == at(400)
    assert not clock.absent(at(399.999))
    assert clock.absent(at(400))
    assert clock.flag_at() is None and not clock.out_of_time(at(10_000))  # no countdown at all


def test_a_moment_before_the_turn_began_counts_as_no_time_spent() -> None:
    # Two nodes' clocks may differ a little: a command recorded "before" the last switch spends nothing.
    assert clocks.elapsed_ms(at(10), at(9.5)) == 0


@pytest.mark.parametrize(("control", "problem"), [
    (clocks.TimeControl(), "a clock needs main_seconds, per_turn_seconds or absent_after_seconds"),
    (clocks.TimeControl(main_seconds=60, per_turn_seconds=30), "a clock has main time or a time per turn, not both"),
    (clocks.TimeControl(per_turn_seconds=30, increment_seconds=2), "an increment is added to main time"),
])
def test_a_time_control_that_cannot_count_is_refused_at_creation(control: clocks.TimeControl, problem: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        decide(BattleState(), CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", seats=("a", "b"), clock=control),
               HmacDice(SEED, BATTLE, [None, None], 0), "creator", at(0))
    assert refused.value.rule == "clock-invalid"
    assert problem in refused.value.detail


@given(st.lists(st.integers(min_value=0, max_value=90_000), min_size=1, max_size=30),
       st.integers(min_value=0, max_value=30))
def test_a_fischer_clock_holds_main_time_plus_increments_less_the_time_each_side_spent(
        turns: list[int], increment: int) -> None:
    """Property: after any sequence of turns (each lasting some milliseconds), each side holds
    its main time, plus one increment per turn it passed on, less the time its turns took."""
    seats = ("north", "south", "east")
    clock = clocks.Clock(control=clocks.TimeControl(main_seconds=3600, increment_seconds=increment),
                         remaining_ms=dict.fromkeys(seats, 3_600_000), running="north", since=at(0))
    spent = dict.fromkeys(seats, 0)
    passed = dict.fromkeys(seats, 0)
    moment = 0
    for n, duration in enumerate(turns):
        moment += duration
        side, following = seats[n % 3], seats[(n + 1) % 3]
        spent[side] += duration
        passed[side] += 1
        clock = clocks.apply(clock, clocks.switch(clock, following, at(moment / 1000)))
    for side in seats:
        assert clock.remaining_ms[side] == 3_600_000 + passed[side] * increment * 1000 - spent[side]


# ---- a battle with a clock -------------------------------------------------------------------


def test_a_battle_without_a_clock_records_none_and_shows_none() -> None:
    state = started(None)
    assert state.clock is None
    assert "clock" not in state_view(state)
    assert "clock" not in command_data(CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", seats=("a", "b")))
    with pytest.raises(RuleViolation) as refused:
        run(state, ClaimTime(), "p0", at(1))
    assert refused.value.rule == "no-clock"


def test_the_clock_is_set_at_creation_and_starts_for_the_first_side_with_the_battle() -> None:
    state, events = run(BattleState(), CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", ruleset_version="1",
                                                    seats=("north", "south"),
                                                    clock=clocks.TimeControl(main_seconds=600)), "creator", at(-1))
    assert [event_type(e) for e in events] == ["battle_created", "clock_set"]
    assert command_data(CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", seats=("a", "b"),
                                     clock=clocks.TimeControl(main_seconds=600)))["clock"]["main_seconds"] == 600
    state = started(clocks.TimeControl(main_seconds=600))
    assert state.clock is not None
    assert (state.clock.running, state.clock.since, state.clock.remaining_ms) == (
        "north", at(0), {"north": 600_000, "south": 600_000})


@pytest.mark.parametrize(("ruleset", "version"), sorted(RULESETS))
@pytest.mark.parametrize("seated", [{}, {"north": "creator"}])
def test_a_clock_is_recorded_at_the_same_version_in_every_battle(ruleset: str, version: str,
                                                                 seated: dict[str, str]) -> None:
    """The clock watcher asks the store which battles have a clock by the event at
    CLOCK_SET_VERSION (server/clock_watcher.py), so no battle may record it anywhere else."""
    _, events = run(BattleState(), CreateBattle(battle_id=BATTLE, ruleset=ruleset, ruleset_version=version,
                                                seats=("north", "south"), seated=seated,
                                                clock=clocks.TimeControl(main_seconds=600)), "creator", at(-1))
    assert [event_type(e) for e in events].index("clock_set") + 1 == CLOCK_SET_VERSION
    assert [event_type(e) for e in events].count("clock_set") == 1


def test_the_turn_passes_with_each_action_when_the_ruleset_does_not_say_whose_it_is() -> None:
    state = started(clocks.TimeControl(main_seconds=600, increment_seconds=2))
    state, events = roll(state, "p0", 30)
    assert [event_type(e) for e in events] == ["dice_rolled", "clock_switched"]
    assert state.clock is not None and state.clock.running == "south"
    assert state.clock.remaining_ms == {"north": 572_000, "south": 600_000}
    state, _ = roll(state, "p1", 40)
    assert state.clock.running == "north"
    assert state.clock.remaining_ms == {"north": 572_000, "south": 592_000}
    shown = state_view(state, at(50))["clock"]
    assert shown["left_ms"] == {"north": 562_000, "south": 592_000}
    assert shown["flag_at"] == at(40 + 572)


def test_a_side_out_of_time_loses_on_time_and_nothing_else_is_taken() -> None:
    state = started(clocks.TimeControl(main_seconds=60))
    state, _ = roll(state, "p0", 10)  # south's clock runs from 10 s: it flags at 70 s
    with pytest.raises(RuleViolation) as early:
        run(state, ClaimTime(), "system", at(69.9))
    assert early.value.rule == "time-left"
    with pytest.raises(RuleViolation) as late:
        roll(state, "p1", 70)
    assert late.value.rule == "out-of-time"
    state, events = run(state, ClaimTime(), "system", at(71))
    assert [event_type(e) for e in events] == ["time_ran_out", "clock_switched", "battle_ended",
                                               "dice_seed_revealed"]
    assert events[0] == clocks.TimeRanOut(seat="south", flagged_at=at(70), at=at(71))
    assert (state.status, state.winners, state.end_reason) == ("ended", ("north",), "time")
    assert state.clock is not None and state.clock.running is None
    assert state.clock.remaining_ms == {"north": 50_000, "south": -1_000}
    assert state.server_seed is not None


def test_the_organiser_may_make_running_out_of_time_a_draw() -> None:
    state = started(clocks.TimeControl(per_turn_seconds=30, on_time="draw"))
    state, _ = run(state, ClaimTime(), "p1", at(31))  # the waiting side may claim it too
    assert (state.status, state.winners, state.end_reason) == ("ended", (), "time")


def test_only_the_battles_people_and_the_server_may_claim_time() -> None:
    state = started(clocks.TimeControl(per_turn_seconds=30))
    with pytest.raises(NotPermitted):
        run(state, ClaimTime(), "stranger", at(31))


def test_a_side_may_claim_the_battle_from_an_opponent_absent_past_the_timeout() -> None:
    state = started(clocks.TimeControl(absent_after_seconds=300))
    state, _ = roll(state, "p0", 10)  # south's turn from 10 s
    with pytest.raises(RuleViolation) as present:
        run(state, ClaimVictory(), "p0", at(309))
    assert present.value.rule == "opponent-present"
    with pytest.raises(RuleViolation) as own:
        run(state, ClaimVictory(), "p1", at(400))
    assert own.value.rule == "your-turn"
    state, events = run(state, ClaimVictory(), "p0", at(310))
    assert events[0] == clocks.BattleClaimed(seat="north", absent_seat="south", absent_since=at(10), at=at(310))
    assert isinstance(events[2], BattleEnded)
    assert (state.status, state.winners, state.end_reason) == ("ended", ("north",), "abandonment")


def test_a_battle_ending_by_concession_stops_the_clock_before_it_ends() -> None:
    from domain.commands import Concede

    state = started(clocks.TimeControl(main_seconds=60))
    state, events = run(state, Concede(), "p0", at(5))
    assert [event_type(e) for e in events] == ["seat_conceded", "clock_switched", "battle_ended",
                                               "dice_seed_revealed"]
    assert state.clock is not None and state.clock.remaining_ms["north"] == 55_000


def test_deciding_again_at_the_recorded_moment_gives_the_recorded_events() -> None:
    """What `verify` does: the same state, command and moment give the same clock events."""
    state = started(clocks.TimeControl(main_seconds=60, increment_seconds=3))
    _, first = roll(state, "p0", 12.345678)
    _, again = roll(state, "p0", 12.345678)
    assert first == again


def test_a_clock_cannot_be_decided_without_a_moment() -> None:
    state = started(clocks.TimeControl(main_seconds=60))
    with pytest.raises(ValueError, match="moment"):
        decide(state, RollDice(expression="1d6"), HmacDice(SEED, BATTLE, state.client_seeds, 0), "p0")


def test_claims_are_refused_by_name_not_as_crashes() -> None:
    state = started(clocks.TimeControl(main_seconds=60))
    for command in (ClaimVictory(), ClaimTime()):
        with pytest.raises(DomainError):
            run(state, command, "p0", at(1))


# ---- whose turn: the rulesets that know say ----------------------------------------------------


def test_in_pilgrimage_2_the_turn_is_the_activating_sides_until_its_act_ends() -> None:
    """Seed 000: "Sides alternate one Character at a time" (domain/rulesets/pilgrimage/rules.py
    side_to_act); during an Act the clock runs for the side whose Character is acting."""
    from domain.battle import seat_to_act
    from domain.rulesets.pilgrimage.play import Activate, EndAct
    from domain.rulesets.pilgrimage.rules import side_to_act
    from tests.unit.pilgrimage_arena import Arena, band

    pilgrim = {"name": "Pilgrim", "pace": 1}
    arena = Arena(band(pilgrim, pilgrim), band(pilgrim), table={"terrain": [], "lights": [], "objectives": []})
    arena.deploy_all()
    assert seat_to_act(arena.state) == side_to_act(arena.play) == "south"
    arena.run(Activate(character="south/1"), "p0")
    assert side_to_act(arena.play) is None  # nobody activates during an Act...
    assert seat_to_act(arena.state) == "south"  # ...but the acting side's clock runs
    arena.run(EndAct(), "p0")
    assert seat_to_act(arena.state) == "north"


def test_a_clocked_state_survives_a_snapshot() -> None:
    from domain.snapshots import from_snapshot, to_snapshot

    state = started(clocks.TimeControl(main_seconds=600, increment_seconds=5, on_time="draw"))
    state, _ = roll(state, "p0", 3)
    assert from_snapshot(*to_snapshot(state)) == state


def test_a_fork_keeps_its_origins_clock_as_it_stood_and_never_runs_it() -> None:
    from domain.contests import fork_event
    from domain.events import DiceCommitment

    state = started(clocks.TimeControl(main_seconds=60))
    forked = evolve(state, fork_event(state, BATTLE, state.version, "fork", "p0",
                                      DiceCommitment(algorithm="chronicle-hmac-sha256-v1", commitment="00")))
    later, events = roll(forked, "p0", 3600)  # an hour later: the origin would be out of time
    assert [event_type(e) for e in events] == ["dice_rolled"]
    assert later.clock == state.clock
