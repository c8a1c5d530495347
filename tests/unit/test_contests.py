"""Contested actions (issue: undo by ruling, never by erasing), tested on Pilgrimage battles."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.battle import BattleState, decide, evolve, replay
from domain.commands import ClaimSeat, Command, Concede, CreateBattle, RollDice, Start
from domain.contests import Agree, AppointReferee, Contest, ContestPending, Refuse, Rule
from domain.dice import HmacDice
from domain.errors import DomainError, NotPermitted, RuleViolation
from domain.rulesets.pilgrimage.play import SubmitOathband
from tests.bands import band

SEED = b"\x33" * 32
BATTLE = "00000000-0000-4000-8000-00000000c0de"
# What a revert does not restore: bookkeeping, the version, and the dice nonce (never rewound).
BOOKKEEPING = ("version", "next_nonce", "contests", "voided", "referees")
FIRST = 10**6  # a placeholder for the first action's version in parametrised cases


class Table:
    """A battle with its full event list, so that reverts are replayed as the service does."""

    def __init__(self, seats: int = 2, referee: bool = False, window: str = "next-action-of-another-side") -> None:
        self.events: list[msgspec.Struct] = []
        names = tuple(f"s{n}" for n in range(seats))
        self.run(CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", seats=names,
                              referees=("ref",) if referee else (), contest_window=window), "creator")
        for n, name in enumerate(names):
            self.run(ClaimSeat(seat=name), f"p{n}")
            self.run(SubmitOathband(oathband=band()), f"p{n}")
        self.run(Start(), "p0")

    @property
    def state(self) -> BattleState:
        return replay(self.events)

    def run(self, command: Command, actor: str) -> list[msgspec.Struct]:
        state = self.state
        events = decide(state, command, HmacDice(SEED, BATTLE, state.client_seeds, state.next_nonce), actor)
        self.events += events
        return events

    def roll(self, actor: str) -> int:
        self.run(RollDice(expression="1d6"), actor)
        return self.state.version


def game(state: BattleState) -> dict[str, Any]:
    view: dict[str, Any] = msgspec.structs.asdict(state)
    for field in BOOKKEEPING:
        view.pop(field)
    return view


def test_a_referee_overturns_and_the_state_is_the_state_before_the_action() -> None:
    table = Table(referee=True)
    table.roll("p0")
    before = table.state
    contested = table.roll("p1")
    table.run(Contest(version=contested, reason="rolled out of turn"), "p0")
    events = table.run(Rule(contest=1, decision="overturn", text="upheld the objection"), "ref")
    assert [type(e).__name__ for e in events] == ["ContestRuled", "ActionReverted"]
    after = table.state
    assert game(after) == game(before)
    assert after.next_nonce > before.next_nonce, "the voided roll's dice stay spent"
    assert after.is_void(contested) and after.contests[0].status == "overturned"


def test_an_upheld_contest_changes_nothing_but_the_log() -> None:
    table = Table(referee=True)
    contested = table.roll("p1")
    before = table.state
    table.run(Contest(version=contested, reason="bad dice"), "p0")
    table.run(Rule(contest=1, decision="uphold", text="the roll stands"), "ref")
    assert game(table.state) == game(before) and not table.state.voided


def test_without_a_referee_every_other_side_must_agree_and_anyone_may_refuse() -> None:
    table = Table(seats=3)
    contested = table.roll("p0")
    table.run(Contest(version=contested, reason="wrong dice"), "p0")
    table.run(Agree(contest=1), "p1")
    assert table.state.contests[0].status == "open", "one side of two has agreed"
    table.run(Agree(contest=1), "p2")
    assert table.state.contests[0].status == "overturned" and table.state.is_void(contested)
    second = table.roll("p1")
    table.run(Contest(version=second, reason="again"), "p1")
    table.run(Refuse(contest=2), "p2")
    assert table.state.contests[1].status == "upheld" and not table.state.is_void(second)


def test_an_open_contest_blocks_play_with_a_conflict() -> None:
    table = Table(referee=True)
    contested = table.roll("p0")
    table.run(Contest(version=contested, reason="x"), "p1")
    with pytest.raises(ContestPending) as blocked:
        table.roll("p0")
    assert blocked.value.rule == "contest-open"


@pytest.mark.parametrize(("setup", "command", "actor", "error", "rule"), [
    ("roll", Contest(version=999, reason="x"), "p0", RuleViolation, "not-an-action"),
    ("roll", Contest(version=2, reason="x"), "p0", RuleViolation, "not-an-action"),  # a seat claim is no action
    ("roll", Contest(version=FIRST, reason="x"), "stranger", RuleViolation, "not-seated"),
    ("window", Contest(version=FIRST, reason="x"), "p0", RuleViolation, "contest-window-closed"),
    ("open", Contest(version=FIRST, reason="again"), "p1", RuleViolation, "contest-already-open"),
    ("open", Rule(contest=1, decision="overturn", text="x"), "p0", NotPermitted, "not-referee"),
    ("open", Agree(contest=1), "p1", RuleViolation, "own-contest"),
    ("open", Agree(contest=7), "p0", RuleViolation, "contest-unknown"),
    ("roll", AppointReferee(player_id="p0"), "creator", RuleViolation, "referee-seated"),
    ("roll", AppointReferee(player_id="x"), "p0", NotPermitted, "not-creator"),
])
def test_refusals(setup: str, command: Command, actor: str, error: type[DomainError], rule: str) -> None:
    table = Table()
    first = table.roll("p0")  # the first action; FIRST in the cases above stands for its version
    if isinstance(command, Contest) and command.version == FIRST:
        command = msgspec.structs.replace(command, version=first)
    if setup == "window":
        table.roll("p1")  # another side has acted since
    if setup == "open":
        table.run(Contest(version=first, reason="x"), "p1")
    with pytest.raises(error) as refused:
        table.run(command, actor)
    assert refused.value.rule == rule


def test_a_referee_may_rule_on_older_actions() -> None:
    table = Table(referee=True)
    old = table.roll("p0")
    table.roll("p1")
    table.roll("p0")
    table.run(Contest(version=old, reason="an old mistake"), "p1")
    table.run(Rule(contest=1, decision="overturn", text="void from there"), "ref")
    assert all(table.state.is_void(v) for v in range(old, old + 3))


@settings(max_examples=60, deadline=None)
@given(steps=st.lists(st.tuples(st.integers(0, 2), st.sampled_from(["roll", "concede"])), min_size=1,
                      max_size=12), pick=st.data())
def test_an_overturned_contest_leaves_the_state_of_just_before_the_action(
        steps: list[tuple[int, str]], pick: st.DataObject) -> None:
    table = Table(seats=3, referee=True)
    for who, kind in steps:
        try:
            table.run(Concede() if kind == "concede" else RollDice(expression="2d6"), f"p{who}")
        except DomainError:
            continue
    state = table.state
    if state.status != "active" or not state.actions:
        return
    action = pick.draw(st.sampled_from(list(state.actions)))
    contester = next(s.player_id for s in state.seats if not s.conceded)
    table.run(Contest(version=action.version, reason="property"), str(contester))
    table.run(Rule(contest=1, decision="overturn", text="property"), "ref")
    before = replay(table.events[:action.version - 1])
    assert game(table.state) == game(before)
    assert table.state.next_nonce == state.next_nonce, "no dice given back"


def test_evolve_alone_keeps_the_bookkeeping() -> None:
    table = Table(referee=True)
    contested = table.roll("p0")
    table.run(Contest(version=contested, reason="x"), "p1")
    state = table.state
    for event in table.run(Rule(contest=1, decision="overturn", text="x"), "ref"):
        state = evolve(state, event)
    assert state.voided == ((contested, contested + 1),)
