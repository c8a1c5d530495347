"""The battle aggregate: `decide(state, command, dice, actor) -> events` and
`evolve(state, event) -> state`. `replay` is a fold of `evolve`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from domain import clock as clocks
from domain import contests as disputes
from domain.commands import ClaimSeat, ClaimTime, ClaimVictory, Command, Concede, CreateBattle, RollDice, Start
from domain.dice import ALGORITHM, Dice, rolls_in
from domain.dice_expression import roll_expression
from domain.errors import NotPermitted, RuleViolation
from domain.events import (
    CHAIN_V1,
    BattleCreated,
    BattleEnded,
    BattleStarted,
    DiceCommitment,
    DiceRolled,
    DiceSeedRevealed,
    SeatClaimed,
    SeatConceded,
    TournamentLink,
)
from domain.records import replace_where
from domain.rulesets import LATEST, RULESETS, Ruleset, find_ruleset
from domain.seats import acting_seat

SYSTEM = "system"  # the server's own actor (its clock watcher, its tournament runner)

MIN_SEATS = 2
MAX_SEATS = 8

# A battle with a clock records it right after its creation, and only then (decide: CreateBattle),
# so the event at this version says whether a battle has one without replaying it.
CLOCK_SET_VERSION = 2

NEW = "new"
OPEN = "open"
ACTIVE = "active"
ENDED = "ended"


class Seat(msgspec.Struct, frozen=True):
    name: str
    player_id: str | None = None
    client_seed: str | None = None
    conceded: bool = False


class BattleState(msgspec.Struct, frozen=True):
    battle_id: str = ""
    ruleset: str = ""
    ruleset_version: str = ""
    status: str = NEW
    creator: str = ""
    seats: tuple[Seat, ...] = ()
    options: dict[str, Any] = {}
    dice: DiceCommitment | None = None
    version: int = 0
    next_nonce: int = 0
    ruleset_state: Any = None
    winners: tuple[str, ...] = ()
    end_reason: str | None = None
    server_seed: str | None = None
    referees: tuple[str, ...] = ()
    tournament: TournamentLink | None = None
    contest_window: str = disputes.NEXT_ACTION_OF_ANOTHER_SIDE
    actions: disputes.ActionLog = disputes.ActionLog()
    contests: tuple[disputes.OpenContest, ...] = ()
    voided: tuple[tuple[int, int], ...] = ()
    forked_from: disputes.BattleForked | None = None
    chain: str = CHAIN_V1  # the hash chain's format (a fork keeps its origin's: it copies its first event)
    clock: clocks.Clock | None = None  # only for a battle created with a time control

    def is_void(self, version: int) -> bool:
        return any(first <= version <= last for first, last in self.voided)

    def seat(self, name: str) -> Seat | None:
        return next((seat for seat in self.seats if seat.name == name), None)

    @property
    def client_seeds(self) -> list[str | None]:
        return [seat.client_seed for seat in self.seats]


# ---- decide ---------------------------------------------------------------------------


def decide(state: BattleState, command: Command, dice: Dice, actor: str,
           now: str | None = None) -> list[msgspec.Struct]:
    """Validate `command` against the rules and return the events it causes (never mutates).
    `now` is the moment the server records the command at: only a battle's clock reads it."""
    if state.clock is None or state.forked_from is not None or isinstance(command, CreateBattle):
        # A fork (analysis, what-ifs) copies its origin's clock as it stood and never runs it.
        return _decide(state, command, dice, actor)
    if now is None:
        raise ValueError("a battle with a clock is decided at a moment (now)")
    return _timed(state, command, dice, actor, now)


def _decide(state: BattleState, command: Command, dice: Dice, actor: str) -> list[msgspec.Struct]:
    match command:
        case CreateBattle():
            created = _create(state, command, dice, actor)
            clock = [] if command.clock is None else [clocks.clock_set(command.clock, created.seats)]
            return [created, *clock,
                    *(SeatClaimed(seat=seat, player_id=player) for seat, player in command.seated.items())]
        case ClaimTime() | ClaimVictory():
            raise RuleViolation("no-clock", "the battle was created without a clock")
        case ClaimSeat():
            return [_claim(state, command, actor)]
        case Start():
            return _start(state, command, dice, actor)
        case RollDice():
            disputes.refuse_if_contested(state)
            return [_roll(state, command, dice, actor)]
        case Concede():
            disputes.refuse_if_contested(state)
            return _concede(state, command, dice, actor)
        case disputes.AppointReferee():
            return [disputes.appoint(state, command, actor)]
        case disputes.Contest():
            return [disputes.contest(state, command, actor)]
        case disputes.Rule():
            return disputes.rule(state, command, actor)
        case disputes.Agree() | disputes.Refuse():
            return disputes.vote(state, command, actor)
    return _ruleset_command(state, command, dice, actor)


def _ruleset_command(state: BattleState, command: Command, dice: Dice, actor: str) -> list[msgspec.Struct]:
    """A command of the battle's own ruleset; when its events end the battle by the rules, the
    battle ends and the dice seed is revealed, as after a last concession."""
    if state.status == NEW:
        raise RuleViolation("battle-not-found", "no such battle")
    ruleset = find_ruleset(state.ruleset, state.ruleset_version)
    if state.status == ACTIVE:
        disputes.refuse_if_contested(state)
    events = list(ruleset.decide(state, command, dice, actor))
    for event in events:
        winners = ruleset.winners(event)
        if winners is not None:
            return [*events, BattleEnded(reason=ruleset.end_reason, winners=winners),
                    DiceSeedRevealed(server_seed=dice.reveal())]
    return events


def _require_status(state: BattleState, status: str, rule: str, detail: str) -> None:
    if state.status != status:
        raise RuleViolation(rule, f"{detail} (the battle is {state.status})")


def _create(state: BattleState, command: CreateBattle, dice: Dice, actor: str) -> BattleCreated:
    _require_status(state, NEW, "battle-exists", "a battle is created only once")
    ruleset = _ruleset_to_create(command.ruleset, command.ruleset_version)
    if not MIN_SEATS <= len(command.seats) <= MAX_SEATS:
        raise RuleViolation("seat-count", f"a battle has {MIN_SEATS} to {MAX_SEATS} seats")
    if len(set(command.seats)) != len(command.seats):
        raise RuleViolation("seat-names-unique", "every seat needs its own name")
    if set(command.seated) - set(command.seats):
        raise RuleViolation("seat-unknown", "only the battle's own seats can be claimed at creation")
    if set(command.referees) & set(command.seated.values()):
        raise RuleViolation("referee-seated", "a referee cannot hold a seat in the battle they referee")
    return BattleCreated(
        battle_id=command.battle_id,
        ruleset=ruleset.id,
        ruleset_version=ruleset.version,
        seats=tuple(command.seats),
        options=ruleset.resolve_options(command.options, tuple(command.seats)),
        creator=actor,
        dice=DiceCommitment(algorithm=ALGORITHM, commitment=dice.commitment),
        referees=tuple(command.referees),
        tournament=command.tournament,
        contest_window=command.contest_window,
        chain=command.chain,
    )


def _ruleset_to_create(ruleset_id: str, version: str | None) -> Ruleset:
    """The version asked for (the latest when None): every released version stays creatable."""
    if version is not None and ruleset_id in LATEST and (ruleset_id, version) not in RULESETS:
        known = ", ".join(sorted((v for r, v in RULESETS if r == ruleset_id), key=int))
        raise RuleViolation("ruleset-unknown", f"{ruleset_id} has no version {version!r} (known: {known})")
    return find_ruleset(ruleset_id, version)


def _claim(state: BattleState, command: ClaimSeat, actor: str) -> SeatClaimed:
    _require_status(state, OPEN, "battle-not-open", "seats are claimed before the battle starts")
    seat = state.seat(command.seat)
    if seat is None:
        raise RuleViolation("seat-unknown", f"the battle has no seat {command.seat!r}")
    if seat.player_id is not None:
        raise RuleViolation("seat-taken", f"seat {command.seat!r} is already claimed")
    if actor in state.referees:
        raise RuleViolation("referee-seated", "a referee cannot hold a seat in the battle they referee")
    return SeatClaimed(seat=command.seat, player_id=actor, client_seed=command.client_seed)


def _start(state: BattleState, command: Start, dice: Dice, actor: str) -> list[msgspec.Struct]:
    _require_status(state, OPEN, "battle-not-open", "a battle starts once")
    if command.seat is not None:
        acting_seat(state.seats, command.seat, actor)
    elif actor != state.creator and not any(seat.player_id == actor for seat in state.seats):
        raise NotPermitted("not-seated", "only a seated player or the battle's creator may start it")
    unclaimed = [seat.name for seat in state.seats if seat.player_id is None]
    if unclaimed:
        raise RuleViolation("seats-unclaimed", f"every seat must be claimed first; open: {unclaimed}")
    ruleset = find_ruleset(state.ruleset, state.ruleset_version)
    missing = ruleset.problems_before_start(state.ruleset_state)
    if missing:
        raise RuleViolation("not-ready", "; ".join(missing), problems=missing)
    return [BattleStarted(), *ruleset.set_up(state.options, dice)]


def _acting_seat(state: BattleState, requested: str | None, actor: str) -> Seat:
    seat = state.seat(acting_seat(state.seats, requested, actor))
    assert seat is not None
    return seat


def _roll(state: BattleState, command: RollDice, dice: Dice, actor: str) -> DiceRolled:
    _require_status(state, ACTIVE, "battle-not-active", "dice are rolled during play")
    seat = _acting_seat(state, command.seat, actor)
    roll = roll_expression(dice, command.expression, command.purpose, needs_dice=True)
    return DiceRolled(seat=seat.name, roll=roll)


def _concede(state: BattleState, command: Concede, dice: Dice, actor: str) -> list[msgspec.Struct]:
    _require_status(state, ACTIVE, "battle-not-active", "a seat concedes during play")
    seat = _acting_seat(state, command.seat, actor)
    events: list[msgspec.Struct] = [SeatConceded(seat=seat.name)]
    remaining = tuple(s.name for s in state.seats if not s.conceded and s.name != seat.name)
    if len(remaining) <= 1:
        events += [BattleEnded(reason="concession", winners=remaining),
                   DiceSeedRevealed(server_seed=dice.reveal())]
    return events


# ---- the clock ------------------------------------------------------------------------


def _timed(state: BattleState, command: Command, dice: Dice, actor: str, now: str) -> list[msgspec.Struct]:
    """A command on a battle with a clock: once the running side's time is out, nothing but
    the claim that ends the battle on time is taken; after the command, the clock passes to
    the side whose turn it is (recorded before the battle's end, if the command ends it)."""
    clock = state.clock
    assert clock is not None
    if isinstance(command, ClaimTime):
        return _claim_time(state, clock, command, dice, actor, now)
    if state.status == ACTIVE and clock.out_of_time(now):
        raise RuleViolation("out-of-time", f"seat {clock.running!r} ran out of time at {clock.flag_at()}: "
                                           "the battle ends on time (claim_time)")
    if isinstance(command, ClaimVictory):
        return _claim_victory(state, clock, command, dice, actor, now)
    events = _decide(state, command, dice, actor)
    return _with_clock(state, events, now)


def _with_clock(state: BattleState, events: list[msgspec.Struct], now: str) -> list[msgspec.Struct]:
    clock = state.clock
    assert clock is not None
    try:
        after = replay(events, state)
    except ReplayFromScratch:  # a ruling reverted actions: the next command moves the clock
        return events
    if after.status not in (ACTIVE, ENDED) or (state.status != ACTIVE and after.status != ACTIVE):
        return events
    running = seat_to_act(after) if after.status == ACTIVE else None
    if running == clock.running:
        return events
    switched = clocks.switch(clock, running, now)
    end = next((n for n, e in enumerate(events) if isinstance(e, BattleEnded)), len(events))
    return [*events[:end], switched, *events[end:]]


def seat_to_act(state: BattleState) -> str | None:
    """Whose turn it is: the ruleset says when it knows; otherwise the turn passes, in seat
    order, to the next side still playing after the one that acted last."""
    ruleset = find_ruleset(state.ruleset, state.ruleset_version)
    named = ruleset.seat_to_act(state.ruleset_state)
    if named is not None:
        return named
    playing = [seat.name for seat in state.seats if not seat.conceded]
    if not playing:
        return None
    last = state.actions.chunks[-1][-1] if state.actions.chunks else None  # without walking the whole log
    order = [seat.name for seat in state.seats]
    if last is None or last.seat not in order:
        return playing[0]
    after = order.index(last.seat)
    return next((name for name in order[after + 1:] + order[:after + 1] if name in playing), None)


def _claim_time(state: BattleState, clock: clocks.Clock, command: ClaimTime, dice: Dice, actor: str,
                now: str) -> list[msgspec.Struct]:
    _require_status(state, ACTIVE, "battle-not-active", "time runs out during play")
    _require_in_battle(state, command.seat, actor)
    flag = clock.flag_at()
    if flag is None or clock.running is None or not clock.out_of_time(now):
        left = clock.left_ms(clock.running, now) if clock.running is not None else None
        raise RuleViolation("time-left", f"seat {clock.running!r} still has {left} ms" if left is not None
                            else "the battle's clock does not count down")
    flagged = clock.running
    winners = () if clock.control.on_time == clocks.DRAW else tuple(
        seat.name for seat in state.seats if not seat.conceded and seat.name != flagged)
    return [clocks.TimeRanOut(seat=flagged, flagged_at=flag, at=now), clocks.switch(clock, None, now),
            BattleEnded(reason=clocks.TIME, winners=winners), DiceSeedRevealed(server_seed=dice.reveal())]


def _claim_victory(state: BattleState, clock: clocks.Clock, command: ClaimVictory, dice: Dice, actor: str,
                   now: str) -> list[msgspec.Struct]:
    _require_status(state, ACTIVE, "battle-not-active", "a battle is claimed during play")
    seat = _acting_seat(state, command.seat, actor)
    absent_at = clock.absent_at()
    if absent_at is None or clock.running is None or clock.since is None:
        raise RuleViolation("no-absence-timeout", "the battle's clock has no absence timeout")
    if clock.running == seat.name:
        raise RuleViolation("your-turn", "it is your own turn: a side claims the battle from an absent opponent")
    if not clock.absent(now):
        raise RuleViolation("opponent-present", f"seat {clock.running!r} may still pass its turn until {absent_at}")
    return [clocks.BattleClaimed(seat=seat.name, absent_seat=clock.running, absent_since=clock.since, at=now),
            clocks.switch(clock, None, now), BattleEnded(reason=clocks.ABANDONMENT, winners=(seat.name,)),
            DiceSeedRevealed(server_seed=dice.reveal())]


def _require_in_battle(state: BattleState, seat: str | None, actor: str) -> None:
    """A player of the battle (for the seat named, if one is), a referee, its creator, or the server."""
    if seat is not None:
        acting_seat(state.seats, seat, actor)
    elif actor not in (SYSTEM, state.creator, *state.referees) and not any(
            s.player_id == actor for s in state.seats):
        raise NotPermitted("not-in-battle", "only the battle's players, referees and creator may claim time")


# ---- evolve ---------------------------------------------------------------------------


def _replace_seat(state: BattleState, name: str, **changes: Any) -> tuple[Seat, ...]:
    return replace_where(state.seats, lambda seat: seat.name == name, **changes)


def _apply(state: BattleState, event: msgspec.Struct) -> BattleState:
    replace = msgspec.structs.replace
    match event:
        case BattleCreated():
            ruleset = find_ruleset(event.ruleset, event.ruleset_version)
            return replace(state, battle_id=event.battle_id, ruleset=event.ruleset,
                           ruleset_version=event.ruleset_version, status=OPEN, creator=event.creator,
                           seats=tuple(Seat(name=name) for name in event.seats), options=event.options,
                           dice=event.dice, ruleset_state=ruleset.initial(event.options, event.seats),
                           referees=event.referees,
                           tournament=event.tournament, contest_window=event.contest_window,
                           chain=event.chain)
        case clocks.ClockSet():
            return replace(state, clock=clocks.Clock(control=event.control, remaining_ms=event.remaining_ms))
        case clocks.ClockSwitched():
            return replace(state, clock=clocks.apply(state.clock, event) if state.clock is not None else None)
        case clocks.TimeRanOut() | clocks.BattleClaimed():
            return state  # the battle_ended that follows ends it
        case SeatClaimed():
            return replace(state, seats=_replace_seat(state, event.seat, player_id=event.player_id,
                                                      client_seed=event.client_seed))
        case BattleStarted():
            return replace(state, status=ACTIVE)
        case SeatConceded():
            return replace(state, seats=_replace_seat(state, event.seat, conceded=True),
                           actions=state.actions.add(disputes.Action(version=state.version + 1, seat=event.seat)))
        case BattleEnded():
            return replace(state, status=ENDED, winners=event.winners, end_reason=event.reason)
        case DiceSeedRevealed():
            return replace(state, server_seed=event.server_seed)
        case DiceRolled():
            action = disputes.Action(version=state.version + 1, seat=event.seat)
            return replace(state, actions=state.actions.add(action))
        case disputes.RefereeAppointed():
            return replace(state, referees=(*state.referees, event.player_id))
        case disputes.ContestOpened():
            opened = disputes.OpenContest(contest=event.contest, version=event.version, seat=event.seat,
                                          player_id=event.player_id, reason=event.reason)
            return replace(state, contests=(*state.contests, opened))
        case disputes.ContestVoteCast():
            return replace(state, contests=tuple(
                replace(c, votes={**c.votes, event.seat: event.agree}) if c.contest == event.contest else c
                for c in state.contests))
        case disputes.ContestRuled():
            return replace(state, contests=replace_where(state.contests, lambda c: c.contest == event.contest,
                                                          status=event.decision))
        case disputes.ActionReverted():
            # Only the bookkeeping: `replay` is what leaves the voided events out of the state.
            return replace(state, voided=(*state.voided, (event.from_version, event.to_version)))
        case disputes.BattleForked():
            return replace(state, battle_id=event.battle_id, dice=event.dice, creator=event.creator,
                           forked_from=event, server_seed=None)
    ruleset = find_ruleset(state.ruleset, state.ruleset_version)
    seat = ruleset.action_seat(event)
    actions = state.actions.add(disputes.Action(version=state.version + 1, seat=seat)) if seat else state.actions
    return replace(state, ruleset_state=ruleset.apply(state.ruleset_state, event), actions=actions)


def _count(state: BattleState, event: msgspec.Struct) -> BattleState:
    # The nonce only grows: it follows every roll ever recorded, whatever later happens to it.
    next_nonce = max((roll.nonce + 1 for roll in rolls_in(event)), default=state.next_nonce)
    return msgspec.structs.replace(state, version=state.version + 1, next_nonce=max(state.next_nonce, next_nonce))


def evolve(state: BattleState, event: msgspec.Struct) -> BattleState:
    """Apply one event. Never validates, rolls or reads a clock."""
    return _count(_apply(state, event), event)


class ReplayFromScratch(Exception):
    """A revert reaches back before the state given to `replay`: replay the whole stream."""


def replay(events: Iterable[msgspec.Struct], state: BattleState | None = None) -> BattleState:
    """Fold `evolve` over the events, leaving out of the game state every event a later
    `action_reverted` voids (they still count for the version and the dice nonce, and
    contest bookkeeping is never voided)."""
    events = list(events)
    start = state or BattleState()
    ranges = []
    for event in events:
        if isinstance(event, disputes.ActionReverted):
            if event.from_version <= start.version:
                raise ReplayFromScratch(event.from_version)
            ranges.append((event.from_version, event.to_version))
    state = start
    for offset, event in enumerate(events, start=1):
        version = start.version + offset
        voided = any(first <= version <= last for first, last in ranges)
        if voided and str(event.__struct_config__.tag) not in disputes.META_EVENTS:
            state = _count(state, event)
        else:
            state = evolve(state, event)
    return state
