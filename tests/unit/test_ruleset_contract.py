"""The ruleset contract (issue #13): one engine for every ruleset checks the phase of the battle
and resolves the acting seat; every command a player sends accepts `seat`; versions are data,
revised into the next without touching the previous."""

from __future__ import annotations

import msgspec
import pytest

from domain.battle import BattleState, Seat, decide
from domain.commands import Start
from domain.dice import HmacDice
from domain.errors import DomainError, NotPermitted, RuleViolation
from domain.rulesets import RULESETS
from domain.rulesets.contract import Phase, play, require_phase, resolve_seat
from domain.rulesets.d100.commands import MakeTest
from domain.rulesets.d100.v2 import D100_V2
from server.api_models import _COMMANDS

SEATS = (Seat("north", "alice"), Seat("south", "bob"), Seat("east", "alice", conceded=True))


def test_every_command_a_player_sends_accepts_a_seat() -> None:
    lacking = [c.__struct_config__.tag for c in dict.fromkeys(_COMMANDS) if "seat" not in c.__struct_fields__]
    assert lacking == []


def test_every_released_version_is_data_with_a_rule_table_and_typed_settings() -> None:
    for (ruleset_id, version), ruleset in RULESETS.items():
        assert (ruleset.id, ruleset.version) == (ruleset_id, version)
        settings = msgspec.to_builtins(ruleset.settings_type())
        assert set(settings) == {rule.id for rule in ruleset.provisional_rules}, f"{ruleset_id} {version}"


@pytest.mark.parametrize(("status", "phase", "rule"), [
    ("open", Phase.PLAY, "battle-not-active"), ("ended", Phase.PLAY, "battle-not-active"),
    ("active", Phase.SETUP, "battle-not-open"), ("ended", Phase.ANY, "battle-not-active"),
])
def test_the_engine_refuses_a_command_outside_its_phase(status: str, phase: Phase, rule: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        require_phase(status, phase)
    assert refused.value.rule == rule


@pytest.mark.parametrize(("status", "phase"), [("open", Phase.SETUP), ("active", Phase.PLAY), ("open", Phase.ANY),
                                                ("active", Phase.ANY)])
def test_the_engine_lets_a_command_in_its_phase_through(status: str, phase: Phase) -> None:
    require_phase(status, phase)


@pytest.mark.parametrize(("requested", "owner", "actor", "expected"), [
    (None, None, "bob", "south"), ("north", None, "alice", "north"), (None, "north", "alice", "north"),
    ("south", None, "alice", NotPermitted), ("east", None, "alice", RuleViolation),
    (None, None, "alice", "north"),  # alice's other seat conceded: north is her only seat in play
    ("south", "north", "alice", RuleViolation), (None, "south", "alice", NotPermitted),
    (None, None, "carol", NotPermitted),
])
def test_the_engine_resolves_the_seat_a_player_acts_for(requested: str | None, owner: str | None, actor: str,
                                                        expected: str | type[DomainError]) -> None:
    if isinstance(expected, str):
        assert resolve_seat(SEATS, requested, owner, actor) == expected
    else:
        with pytest.raises(expected):
            resolve_seat(SEATS, requested, owner, actor)


def test_a_row_names_its_own_refusal_for_what_another_seat_owns() -> None:
    with pytest.raises(NotPermitted) as refused:
        resolve_seat(SEATS, None, "south", "alice", not_yours="not-your-figure")
    assert refused.value.rule == "not-your-figure"


def test_revise_keeps_every_row_it_does_not_replace_and_leaves_the_previous_version_alone() -> None:
    def other_test(ctx: object, command: MakeTest) -> list[msgspec.Struct]:
        return []

    revised = D100_V2.revise("99", summary="a test version", plays=(play(MakeTest, other_test),))
    assert revised.commands == (*(c for c in D100_V2.commands if c is not MakeTest), MakeTest)
    assert revised.row_for(MakeTest(skill=50)) is not D100_V2.row_for(MakeTest(skill=50))
    assert D100_V2.version == "2" and RULESETS[("d100", "2")] is D100_V2


def test_start_takes_a_seat_only_the_player_holds() -> None:
    state = msgspec.structs.replace(BattleState(), status="open", creator="alice", seats=SEATS[:2],
                                    ruleset="d100", ruleset_version="2")
    dice = HmacDice(b"\x01" * 32, "b", [None, None], 0)
    with pytest.raises(NotPermitted) as refused:
        decide(state, Start(seat="south"), dice, "alice")
    assert refused.value.rule == "not-your-seat"
