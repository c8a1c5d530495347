"""Contested actions, referees and reverts: undo by ruling, never by erasing.

A seated player contests an action (the version of the first event of a player's
command). With a referee, only a referee rules, and finally; without one, every other
side's player must agree to overturn, and any one of them may refuse. Overturning appends
`action_reverted`, voiding the contested action and everything after it: the voided
events stay in the log, and their dice stay spent (the nonce never rewinds).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

import msgspec

from domain.commands import TEXT_PATTERN
from domain.errors import DomainError, NotPermitted, RuleViolation
from domain.events import DiceCommitment
from domain.seats import acting_seat

if TYPE_CHECKING:
    from domain.battle import BattleState

Text = Annotated[str, msgspec.Meta(min_length=1, max_length=1000, pattern=TEXT_PATTERN)]
PlayerId = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$")]

NEXT_ACTION_OF_ANOTHER_SIDE = "next-action-of-another-side"
UNLIMITED = "unlimited"
ContestWindow = Literal["next-action-of-another-side", "unlimited"]


class ContestPending(DomainError):
    """A contest is open: nothing may build on the contested action until it is ruled (HTTP 409)."""


# ---- events ------------------------------------------------------------------------------


class RefereeAppointed(msgspec.Struct, frozen=True, tag="referee_appointed"):
    player_id: str


class ContestOpened(msgspec.Struct, frozen=True, tag="contest_opened"):
    contest: int
    version: int
    seat: str
    player_id: str
    reason: str


class ContestVoteCast(msgspec.Struct, frozen=True, tag="contest_vote_cast"):
    contest: int
    seat: str
    player_id: str
    agree: bool


class ContestRuled(msgspec.Struct, frozen=True, tag="contest_ruled"):
    contest: int
    decision: str  # "upheld" (the action stands) or "overturned"
    by: str  # the referee's player id, or "players" when the other side decided
    text: str


class ActionReverted(msgspec.Struct, frozen=True, tag="action_reverted"):
    contest: int
    from_version: int
    to_version: int


class BattleForked(msgspec.Struct, frozen=True, tag="battle_forked"):
    battle_id: str
    origin_battle_id: str
    origin_version: int
    creator: str
    dice: DiceCommitment


CONTEST_EVENTS: tuple[type[msgspec.Struct], ...] = (
    RefereeAppointed, ContestOpened, ContestVoteCast, ContestRuled, ActionReverted, BattleForked,
)
# Bookkeeping that a revert never voids: who contested, who ruled, which range was voided.
META_EVENTS = frozenset({"referee_appointed", "contest_opened", "contest_vote_cast", "contest_ruled",
                         "action_reverted", "battle_forked"})


# ---- commands ----------------------------------------------------------------------------


class AppointReferee(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="appoint_referee"):
    """The battle's creator appoints a referee, who then rules on contests. `seat`, as every
    command takes it, must be one the creator holds (a creator without a seat sends none)."""

    player_id: PlayerId
    seat: Annotated[str, msgspec.Meta(min_length=1, max_length=40)] | None = None


class Contest(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="contest"):
    """Contest the action recorded at `version` (the first event of a player's command)."""

    version: Annotated[int, msgspec.Meta(ge=1)]
    reason: Text
    seat: Annotated[str, msgspec.Meta(min_length=1, max_length=40)] | None = None


class Rule(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="rule"):
    """A referee's final ruling on an open contest: uphold the action or overturn it. A referee
    holds no seat: `seat`, which every command takes, is refused when given."""

    contest: Annotated[int, msgspec.Meta(ge=1)]
    decision: Literal["uphold", "overturn"]
    text: Text
    seat: Annotated[str, msgspec.Meta(min_length=1, max_length=40)] | None = None


class Agree(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="agree"):
    """Agree to overturn a contested action (battles without a referee)."""

    contest: Annotated[int, msgspec.Meta(ge=1)]
    seat: Annotated[str, msgspec.Meta(min_length=1, max_length=40)] | None = None


class Refuse(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="refuse"):
    """Refuse to overturn: the action stands (battles without a referee)."""

    contest: Annotated[int, msgspec.Meta(ge=1)]
    seat: Annotated[str, msgspec.Meta(min_length=1, max_length=40)] | None = None


ContestCommand = AppointReferee | Contest | Rule | Agree | Refuse


# ---- state -------------------------------------------------------------------------------


class Action(msgspec.Struct, frozen=True):
    version: int
    seat: str


class ActionLog(msgspec.Struct, frozen=True):
    """Every contestable action, in order. Kept in chunks so that recording one more copies a
    chunk and the chunk index, not the whole history (a long battle has thousands)."""

    chunks: tuple[tuple[Action, ...], ...] = ()

    CHUNK: ClassVar[int] = 64

    def add(self, action: Action) -> ActionLog:
        if self.chunks and len(self.chunks[-1]) < self.CHUNK:
            return ActionLog(chunks=(*self.chunks[:-1], (*self.chunks[-1], action)))
        return ActionLog(chunks=(*self.chunks, (action,)))

    def __iter__(self) -> Iterator[Action]:
        for chunk in self.chunks:
            yield from chunk

    def __len__(self) -> int:
        return sum(len(chunk) for chunk in self.chunks)


class OpenContest(msgspec.Struct, frozen=True):
    contest: int
    version: int
    seat: str
    player_id: str
    reason: str
    status: str = "open"  # open, upheld, overturned
    votes: dict[str, bool] = {}


# ---- decide ------------------------------------------------------------------------------


def open_contest_of(state: BattleState) -> OpenContest | None:
    return next((c for c in state.contests if c.status == "open"), None)


def refuse_if_contested(state: BattleState) -> None:
    """Play may not build on an action that may yet be voided."""
    pending = open_contest_of(state)
    if pending is not None:
        raise ContestPending("contest-open", f"contest {pending.contest} on version {pending.version} is open; "
                                             "wait for its ruling")


def appoint(state: BattleState, command: AppointReferee, actor: str) -> RefereeAppointed:
    if actor != state.creator:
        raise NotPermitted("not-creator", "only the battle's creator may appoint a referee")
    if command.seat is not None:
        acting_seat(state.seats, command.seat, actor)
    if command.player_id in state.referees:
        raise RuleViolation("already-referee", "that player is already a referee")
    if any(seat.player_id == command.player_id for seat in state.seats):
        raise RuleViolation("referee-seated", "a seated player cannot referee their own battle")
    return RefereeAppointed(player_id=command.player_id)


def _own_seat(state: BattleState, actor: str, requested: str | None) -> str:
    # A spectator's contest is refused as a rule (422), not as a permission.
    return acting_seat(state.seats, requested, actor, spectator=RuleViolation)


def _in_window(state: BattleState, action: Action) -> bool:
    """Default window: until an action of another side follows the contested one."""
    if state.contest_window == UNLIMITED or state.referees:
        return True  # a referee may rule on older actions
    later = [a for a in state.actions if a.version > action.version and not state.is_void(a.version)]
    return all(a.seat == action.seat for a in later)


def contest(state: BattleState, command: Contest, actor: str) -> ContestOpened:
    if state.status != "active":
        raise RuleViolation("battle-not-active", "only actions of a battle in play can be contested")
    seat = _own_seat(state, actor, command.seat)
    action = next((a for a in state.actions if a.version == command.version), None)
    if action is None or state.is_void(action.version):
        raise RuleViolation("not-an-action", f"version {command.version} is not an action that stands")
    if any(c.status == "open" and c.seat == seat for c in state.contests):
        raise RuleViolation("contest-already-open", "your side already has an open contest")
    if not _in_window(state, action):
        raise RuleViolation("contest-window-closed",
                            "another side has acted since; only a referee's battle allows older contests")
    return ContestOpened(contest=len(state.contests) + 1, version=action.version, seat=seat, player_id=actor,
                         reason=command.reason)


def _find_open(state: BattleState, number: int) -> OpenContest:
    found = next((c for c in state.contests if c.contest == number), None)
    if found is None:
        raise RuleViolation("contest-unknown", f"there is no contest {number}")
    if found.status != "open":
        raise RuleViolation("contest-closed", f"contest {number} was already {found.status}")
    return found


def _overturn(state: BattleState, pending: OpenContest, by: str, text: str) -> list[msgspec.Struct]:
    return [ContestRuled(contest=pending.contest, decision="overturned", by=by, text=text),
            ActionReverted(contest=pending.contest, from_version=pending.version, to_version=state.version)]


def rule(state: BattleState, command: Rule, actor: str) -> list[msgspec.Struct]:
    if actor not in state.referees:
        raise NotPermitted("not-referee", "only a referee rules on a contest")
    if command.seat is not None:
        raise NotPermitted("referee-seated", "a referee rules for no seat")
    if any(seat.player_id == actor for seat in state.seats):
        # Only a battle recorded before seated referees were refused can hold one.
        raise NotPermitted("referee-seated", "a referee who holds a seat does not rule on their own battle")
    pending = _find_open(state, command.contest)
    if command.decision == "overturn":
        return _overturn(state, pending, actor, command.text)
    return [ContestRuled(contest=pending.contest, decision="upheld", by=actor, text=command.text)]


def vote(state: BattleState, command: Agree | Refuse, actor: str) -> list[msgspec.Struct]:
    if state.referees:
        raise RuleViolation("referee-rules", "this battle has a referee: only the referee rules")
    pending = _find_open(state, command.contest)
    seat = _own_seat(state, actor, command.seat)
    if seat == pending.seat:
        raise RuleViolation("own-contest", "the other side answers a contest, not the side that raised it")
    if seat in pending.votes:
        raise RuleViolation("already-answered", "your side has already answered this contest")
    agree = isinstance(command, Agree)
    events: list[msgspec.Struct] = [ContestVoteCast(contest=pending.contest, seat=seat, player_id=actor, agree=agree)]
    if not agree:
        return [*events, ContestRuled(contest=pending.contest, decision="upheld", by="players",
                                      text=f"refused by seat {seat}")]
    voters = {s.name for s in state.seats if not s.conceded and s.name != pending.seat}
    if voters <= {*pending.votes, seat}:
        events += _overturn(state, pending, "players", "every other side agreed")
    return events


def fork_event(parent_at: BattleState, origin_battle_id: str, at: int, new_battle_id: str, actor: str,
               commitment: DiceCommitment) -> BattleForked:
    """The event that turns a copy of a battle's first `at` events into a battle of its own."""
    if parent_at.status == "new":
        raise RuleViolation("fork-too-early", "a fork needs at least the battle's creation")
    involved = {parent_at.creator, *parent_at.referees, *(s.player_id for s in parent_at.seats if s.player_id)}
    if actor not in involved:
        raise NotPermitted("not-involved", "only the battle's creator, its referees or its players may fork it")
    return BattleForked(battle_id=new_battle_id, origin_battle_id=origin_battle_id, origin_version=at,
                        creator=actor, dice=commitment)
