"""Request and response bodies of the HTTP API (the OpenAPI document is generated from these)."""

from __future__ import annotations

import inspect
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, TypeAlias, Union

import msgspec

from domain.clock import TimeControl
from domain.commands import NAME_PATTERN, ClaimTime, ClaimVictory, ClientSeed, Concede, RollDice, SeatName, Start
from domain.contests import Agree, AppointReferee, Contest, ContestWindow, PlayerId, Refuse, Rule
from domain.rulesets import RULESETS
from projections.battle_summary import BattleSummary
from server.receipts import Receipt
from server.store.base import Scope

ExpectedVersion = Annotated[int, msgspec.Meta(ge=0, description="refuse with 409 unless the battle is at it")]


@cache
def request_of(command: type[msgspec.Struct]) -> type[msgspec.Struct]:
    """A command as the API takes it: the same fields plus an optional `expected_version` (one
    class per command, so that every schema naming it names the same type)."""
    doc = inspect.getdoc(command)
    return msgspec.defstruct(f"{command.__name__}Request", [("expected_version", ExpectedVersion | None, None)],
                             bases=(command,), tag=command.__struct_config__.tag, frozen=True,
                             forbid_unknown_fields=True, namespace={"__doc__": doc} if doc else None)


# Every command a client may post to /v1/battles/{id}/commands: the core ones, the contest
# ones, and each ruleset's own.
_COMMANDS: tuple[type[msgspec.Struct], ...] = (
    Start, RollDice, Concede, ClaimTime, ClaimVictory, AppointReferee, Contest, Rule, Agree, Refuse,
    *(command for ruleset in RULESETS.values() for command in ruleset.client_commands))
if TYPE_CHECKING:
    # The union is built at run time from the registered rulesets, which mypy cannot follow;
    # statically, a command request is one of those command structs.
    CommandRequest: TypeAlias = msgspec.Struct
else:
    CommandRequest = Union[tuple(request_of(c) for c in dict.fromkeys(_COMMANDS))]  # noqa: UP007


class NewPlayer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A player to create; the answer holds the bearer token, shown only once."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=80, pattern=NAME_PATTERN)]


class PlayerCreated(msgspec.Struct, frozen=True):
    """The new player's id, name and bearer token. The token is shown only once: a retry with the
    same Idempotency-Key and body answers with the same id and name and `token` null."""

    id: str
    name: str
    token: str | None


MAX_TOKEN_LIFETIME = 10 * 366 * 86_400  # seconds


class NewToken(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A token to create for yourself: a label, its scopes (by default the scopes of the token
    creating it, never more) and how many seconds it lives (by default, as long as the token
    creating it; never longer)."""

    label: Annotated[str, msgspec.Meta(min_length=1, max_length=80, pattern=NAME_PATTERN)] | None = None
    scopes: Annotated[list[Scope], msgspec.Meta(min_length=1, max_length=3)] | None = None
    expires_in: Annotated[int, msgspec.Meta(ge=1, le=MAX_TOKEN_LIFETIME)] | None = None


class TokenView(msgspec.Struct, frozen=True):
    """One of your tokens, without its secret: label, scopes, creation, expiry (null: never) and
    whether it is revoked."""

    id: str
    label: str | None
    scopes: list[Scope]
    created_at: datetime
    expires_at: datetime | None
    revoked: bool


class TokenList(msgspec.Struct, frozen=True):
    """Every token of the caller's player, oldest first."""

    tokens: list[TokenView]


class TokenIssued(msgspec.Struct, frozen=True):
    """A new or rotated token with its text, `ct1.<id>.<secret>`: shown this once, never again."""

    id: str
    label: str | None
    scopes: list[Scope]
    created_at: datetime
    expires_at: datetime | None
    token: str


class NewBattle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A battle to create: the ruleset (and optionally which of its released versions), its
    seats, ruleset options, referees and the contest window."""

    ruleset: Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=NAME_PATTERN)]
    seats: Annotated[list[SeatName], msgspec.Meta(min_length=2, max_length=8)]
    ruleset_version: Annotated[str, msgspec.Meta(
        min_length=1, max_length=20, pattern=NAME_PATTERN,
        description="a released version of the ruleset (e.g. \"1\"); the latest when absent")] | None = None
    options: dict[str, Any] = {}
    referees: Annotated[list[PlayerId], msgspec.Meta(max_length=8)] = []
    contest_window: ContestWindow = "next-action-of-another-side"
    clock: Annotated[TimeControl, msgspec.Meta(
        description="an optional time control, the same for every side (README: Clocks and abandonment)")] | None = None


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


class ReceiptCheck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Receipts a client kept (from command responses and stream messages), to check that the
    log still holds every version they signed."""

    receipts: Annotated[list[Receipt], msgspec.Meta(max_length=1000)]


class SeatClaim(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Claim a seat, optionally mixing a client seed of your own into the dice."""

    client_seed: ClientSeed | None = None


class DiceInfo(msgspec.Struct, frozen=True):
    """The dice algorithm and the commitment (SHA-256 of the server seed) published before any
    roll."""

    algorithm: str
    commitment: str


class BattleCreatedResponse(msgspec.Struct, frozen=True):
    """The created battle: id, version, seats, the dice commitment and the server's signed
    receipt of its first head."""

    id: str
    version: int
    status: str
    seats: list[str]
    dice: DiceInfo
    receipt: Receipt | None = None


class Envelope(msgspec.Struct, frozen=True):
    """A committed event: its place in the battle, what it records, its link in the hash chain,
    the command that produced it (on the first event of each command), and on the live stream
    the server's signed receipt of this version."""

    battle_id: str
    version: int
    type: str
    recorded_at: str
    actor: str | None
    data: dict[str, Any]
    hash: str
    prev_hash: str
    command: dict[str, Any] | None = None
    receipt: Receipt | None = None
    void: bool = False  # set in read models once an `action_reverted` voids this event


class CommandResult(msgspec.Struct, frozen=True):
    """The battle's version after the command, the events it recorded, and the server's signed
    receipt of the new head (null when the command recorded nothing)."""

    version: int
    events: list[Envelope]
    receipt: Receipt | None = None


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


class CaughtUpNotifications(msgspec.Struct, frozen=True, tag="caught_up"):
    """The player stream has sent every notification up to `seq`; live ones follow."""

    seq: int


class Health(msgspec.Struct, frozen=True, omit_defaults=True):
    """Readiness: whether the store and the broker answer."""

    status: str
    store: str
    broker: str
    # Which worker answered (1..N) when `chronicle serve --workers N` runs several; absent otherwise.
    worker: int | None = None


class FieldProblem(msgspec.Struct, frozen=True):
    """One thing wrong with a request that failed validation (a 400): where (`source`: body,
    query, path, header or cookie) and which field (`key`, `data` for the body as a whole), and
    what is wrong (`message`)."""

    message: str
    key: str | None = None
    source: str | None = None


class ProblemDetail(msgspec.Struct, frozen=True):
    """RFC 9457 problem details; `rule` names the rule or check that refused the request. A 400
    from validation names each field and what is wrong with it in `detail` and lists them in
    `errors`."""

    status: int
    title: str
    detail: str
    type: str
    rule: str
    expected_version: int | None = None
    actual_version: int | None = None
    problems: list[str] | None = None
    scope: Scope | None = None  # with `token-scope`: the scope the token lacks
    pointer: str | None = None  # RFC 6901: where in the request body the problem is
    request_id: str | None = None  # of a 500: the X-Request-ID its logged traceback carries
    errors: list[FieldProblem] | None = None  # of a 400 from validation: each field and what is wrong


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
