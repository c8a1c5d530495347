"""The battle aggregate: decide/evolve over the life cycle every ruleset shares."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.battle import BattleState, decide, evolve, replay, rolls_in
from domain.codec import event_data, event_from, event_type
from domain.commands import ClaimSeat, Command, Concede, CreateBattle, RollDice, Start
from domain.dice import HmacDice
from domain.errors import DomainError, NotPermitted, RuleViolation
from domain.events import BattleEnded, DiceRolled, DiceSeedRevealed, SeatConceded
from domain.rulesets.pilgrimage.play import SubmitOathband
from tests.bands import band

SEED = b"\x07" * 32
BATTLE = "00000000-0000-4000-8000-000000000042"


def run(state: BattleState, command: Command, actor: str) -> tuple[BattleState, list[msgspec.Struct]]:
    dice = HmacDice(SEED, BATTLE, state.client_seeds, state.next_nonce)
    events = decide(state, command, dice, actor)
    for event in events:
        state = evolve(state, event)
    return state, events


def battle(ruleset: str = "pilgrimage", seats: tuple[str, ...] = ("north", "south"),
           options: dict[str, Any] | None = None) -> BattleState:
    state, _ = run(BattleState(), CreateBattle(battle_id=BATTLE, ruleset=ruleset, seats=seats,
                                               options=options or {}), "creator")
    return state


def started(seats: tuple[str, ...] = ("north", "south")) -> BattleState:
    """A Pilgrimage battle, every seat claimed and its Oathband submitted, started."""
    state = battle(seats=seats)
    for n, seat in enumerate(seats):
        state, _ = run(state, ClaimSeat(seat=seat, client_seed=f"seed{n}"), f"p{n}")
        state, _ = run(state, SubmitOathband(oathband=band()), f"p{n}")
    state, _ = run(state, Start(), "p0")
    return state


def test_create_records_ruleset_version_options_and_commitment() -> None:
    state = battle(options={"season": "Winter"})
    assert (state.status, state.version, state.ruleset, state.ruleset_version) == ("open", 1, "pilgrimage", "3")
    assert state.options["season"] == "Winter"
    assert state.options["provisional"]["PIL-WEATHER-STORMFRONT"] == {"extra_rolls": 2}
    assert state.options["provisional"]["PIL-GEAR"]["supplies"] == 600
    assert state.dice is not None and state.dice.algorithm == "chronicle-hmac-sha256-v1"


def test_start_runs_the_ruleset_setup_with_the_first_nonces() -> None:
    state = started()
    assert state.status == "active"
    environment = state.ruleset_state.environment
    assert environment is not None
    assert [r.nonce for r in environment.rolls] == list(range(len(environment.rolls)))
    assert state.next_nonce == len(environment.rolls)


def test_rolls_take_the_next_nonce_and_name_the_seat() -> None:
    state = started()
    first = state.next_nonce
    state, events = run(state, RollDice(expression="2d6", purpose="charge"), "p1")
    assert isinstance(events[0], DiceRolled) and events[0].seat == "south" and events[0].roll.nonce == first
    assert state.next_nonce == first + 1


def test_last_concession_ends_the_battle_and_reveals_the_seed() -> None:
    state = started(("a", "b", "c"))
    state, events = run(state, Concede(), "p0")
    assert [type(e) for e in events] == [SeatConceded]
    state, events = run(state, Concede(), "p2")
    assert [type(e) for e in events] == [SeatConceded, BattleEnded, DiceSeedRevealed]
    assert state.status == "ended" and state.winners == ("b",)
    assert state.server_seed == SEED.hex()


@pytest.mark.parametrize(("make_state", "command", "actor", "error", "rule"), [
    (BattleState, CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", seats=("a",)), "x", RuleViolation,
     "seat-count"),
    (BattleState, CreateBattle(battle_id=BATTLE, ruleset="nope", seats=("a", "b")), "x", RuleViolation,
     "ruleset-unknown"),
    (battle, CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", seats=("a", "b")), "x", RuleViolation,
     "battle-exists"),
    (battle, ClaimSeat(seat="west"), "x", RuleViolation, "seat-unknown"),
    (battle, Start(), "creator", RuleViolation, "seats-unclaimed"),
    (battle, Start(), "stranger", NotPermitted, "not-seated"),
    (battle, RollDice(expression="1d6"), "creator", RuleViolation, "battle-not-active"),
    (started, ClaimSeat(seat="north"), "p0", RuleViolation, "battle-not-open"),
    (started, Start(), "p0", RuleViolation, "battle-not-open"),
    (started, RollDice(expression="1d6"), "stranger", NotPermitted, "not-seated"),
    (started, RollDice(expression="1d6", seat="south"), "p0", NotPermitted, "not-your-seat"),
    (started, Concede(seat="west"), "p0", RuleViolation, "seat-unknown"),
])
def test_refusals_name_their_rule(make_state: Any, command: Command, actor: str, error: type[DomainError],
                                  rule: str) -> None:
    with pytest.raises(error) as refused:
        run(make_state(), command, actor)
    assert refused.value.rule == rule


def test_a_player_holding_two_seats_must_name_one() -> None:
    state = battle(ruleset="d100")
    state, _ = run(state, ClaimSeat(seat="north"), "solo")
    state, _ = run(state, ClaimSeat(seat="south"), "solo")
    state, _ = run(state, Start(), "solo")
    with pytest.raises(RuleViolation) as refused:
        run(state, RollDice(expression="1d6"), "solo")
    assert refused.value.rule == "seat-ambiguous"
    state, events = run(state, RollDice(expression="1d6", seat="south"), "solo")
    assert events[0].seat == "south"  # type: ignore[attr-defined]


def test_a_conceded_seat_cannot_act() -> None:
    state = started(("a", "b", "c"))
    state, _ = run(state, Concede(), "p0")
    with pytest.raises(DomainError):
        run(state, RollDice(expression="1d6"), "p0")


# ---- replay ---------------------------------------------------------------------------

play_commands = st.lists(st.tuples(
    st.sampled_from(["roll", "concede", "bad-roll", "start"]),
    st.integers(0, 3),
    st.sampled_from(["1d6", "2d6+1d4", "4d6kh3", "1d100", "3d8-2"]),
), max_size=25)


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 4), steps=play_commands)
def test_replay_of_the_recorded_events_equals_the_live_state(seats: int, steps: list[tuple[str, int, str]]) -> None:
    names = tuple(f"s{n}" for n in range(seats))
    opening: list[tuple[Command, str]] = [
        (CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", seats=names), "p0"),
        *((ClaimSeat(seat=name), f"p{n}") for n, name in enumerate(names)),
        *((SubmitOathband(oathband=band()), f"p{n}") for n in range(seats)),
        (Start(), "p0"),
    ]
    play: list[tuple[Command, str]] = [
        ({"roll": RollDice(expression=expression), "concede": Concede(),
          "bad-roll": RollDice(expression="1d"), "start": Start()}[kind], f"p{who % seats}")
        for kind, who, expression in steps
    ]
    state = BattleState()
    stored: list[tuple[str, dict[str, Any]]] = []
    nonces: list[int] = []
    for command, actor in opening + play:
        try:
            state, events = run(state, command, actor)
        except DomainError:
            continue
        stored += [(event_type(e), event_data(e)) for e in events]
        nonces += [roll.nonce for e in events for roll in rolls_in(e)]
    assert nonces == list(range(len(nonces))), "each roll takes the next nonce"
    assert replay(event_from(type_, data) for type_, data in stored) == state
