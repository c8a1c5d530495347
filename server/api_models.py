"""Request and response bodies of the HTTP API (the OpenAPI document is generated from these)."""

from __future__ import annotations

from typing import Annotated, Any, Union

import msgspec

from domain.commands import NAME_PATTERN, ClientSeed, Concede, RollDice, SeatName, Start
from domain.contests import Agree, AppointReferee, Contest, ContestWindow, PlayerId, Refuse, Rule
from domain.rulesets import RULESETS
from projections.battle_summary import BattleSummary

ExpectedVersion = Annotated[int, msgspec.Meta(ge=0, description="refuse with 409 unless the battle is at it")]


def _with_expected_version(command: type[msgspec.Struct]) -> type[msgspec.Struct]:
    """A command as the API takes it: the same fields plus an optional `expected_version`."""
    return msgspec.defstruct(f"{command.__name__}Request", [("expected_version", ExpectedVersion | None, None)],
                             bases=(command,), tag=command.__struct_config__.tag, frozen=True,
                             forbid_unknown_fields=True)


# Every command a client may post to /v1/battles/{id}/commands: the core ones, the contest
# ones, and each ruleset's own.
_COMMANDS = (Start, RollDice, Concede, AppointReferee, Contest, Rule, Agree, Refuse,
             *(command for ruleset in RULESETS.values() for command in ruleset.commands))
CommandRequest = Union[tuple(_with_expected_version(c) for c in dict.fromkeys(_COMMANDS))]  # type: ignore[valid-type]  # noqa: UP007


class NewPlayer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A player to create; the answer holds the bearer token, shown only once."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=80, pattern=NAME_PATTERN)]


class PlayerCreated(msgspec.Struct, frozen=True):
    """The new player's id, name and bearer token (shown only once)."""

    id: str
    name: str
    token: str


class NewBattle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A battle to create: the ruleset, its seats, ruleset options, referees and the contest
    window."""

    ruleset: Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=NAME_PATTERN)]
    seats: Annotated[list[SeatName], msgspec.Meta(min_length=2, max_length=8)]
    options: dict[str, Any] = {}
    referees: Annotated[list[PlayerId], msgspec.Meta(max_length=8)] = []
    contest_window: ContestWindow = "next-action-of-another-side"


class ForkRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Fork a battle: a new battle from the first `at` events of this one."""

    at: Annotated[int, msgspec.Meta(ge=1, le=2**31 - 1, description="copy the first `at` events")]


class ContestView(msgspec.Struct, frozen=True):
    """A contest and where it stands: votes, ruling and the events it voided."""

    contest: int
    version: int
    seat: str
    player_id: str
    reason: str
    status: str
    votes: dict[str, bool]
    opened_at_version: int
    ruled_by: str | None
    ruling: str | None
    ruled_at_version: int | None
    voided: list[int] | None


class ContestList(msgspec.Struct, frozen=True):
    """Every contest of a battle."""

    contests: list[ContestView]


class SeatClaim(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Claim a seat, optionally mixing a client seed of your own into the dice."""

    client_seed: ClientSeed | None = None


class DiceInfo(msgspec.Struct, frozen=True):
    """The dice algorithm and the commitment (SHA-256 of the server seed) published before any
    roll."""

    algorithm: str
    commitment: str


class BattleCreatedResponse(msgspec.Struct, frozen=True):
    """The created battle: id, version, seats and the dice commitment."""

    id: str
    version: int
    status: str
    seats: list[str]
    dice: DiceInfo


class Envelope(msgspec.Struct, frozen=True):
    """A committed event: its place in the battle, what it records, and its link in the hash
    chain."""

    battle_id: str
    version: int
    type: str
    recorded_at: str
    actor: str | None
    data: dict[str, Any]
    hash: str
    prev_hash: str
    void: bool = False  # set in read models once an `action_reverted` voids this event


class CommandResult(msgspec.Struct, frozen=True):
    """The battle's version after the command and the events it recorded."""

    version: int
    events: list[Envelope]


class EventPage(msgspec.Struct, frozen=True):
    """A page of a battle's events in order; `next` is the `after` for the next page."""

    events: list[Envelope]
    next: int | None


class BattleList(msgspec.Struct, frozen=True):
    """A page of battles, newest first; `next_cursor` fetches the next page."""

    battles: list[BattleSummary]
    next_cursor: str | None


class DiceState(msgspec.Struct, frozen=True):
    """Everything needed to verify a battle's rolls; the server seed once the battle has ended."""

    algorithm: str
    commitment: str
    client_seeds: str
    next_nonce: int
    server_seed: str | None


class CaughtUp(msgspec.Struct, frozen=True, tag="caught_up"):
    version: int


class Health(msgspec.Struct, frozen=True):
    """Readiness: whether the store and the broker answer."""

    status: str
    store: str
    broker: str


class ProblemDetail(msgspec.Struct, frozen=True):
    """RFC 9457 problem details; `rule` names the rule or check that refused the request."""

    status: int
    title: str
    detail: str
    type: str
    rule: str
    expected_version: int | None = None
    actual_version: int | None = None
    problems: list[str] | None = None
    pointer: str | None = None  # RFC 6901: where in the request body the problem is
    request_id: str | None = None  # of a 500: the X-Request-ID its logged traceback carries


class Preview(msgspec.Struct, frozen=True):
    """What a command would do now: refused with a rule, or accepted with its cost and modifiers."""

    legal: bool
    rule: str | None = None
    detail: str | None = None
    problems: list[str] = []
    events: list[str] = []
    cost: int | None = None
    deeds_left: int | None = None
    modifiers: list[dict[str, Any]] = []
    advantage: str | None = None
