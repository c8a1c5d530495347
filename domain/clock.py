"""A battle's clock: an optional time control chosen at creation, kept from recorded events.

The domain reads no clock of its own: every moment here is a `recorded_at` the server put on
a command (`now`) and wrote into the events, so replaying a battle and deciding its commands
again (`verify`) give the same clock. A battle created without a time control has no clock
and records none of these events.

Two ways to count, each per side:
- main time and an increment: a side's clock runs during its turn; when its turn passes it
  keeps what was left plus the increment (a Fischer clock);
- a time per turn: every turn starts with the same time, nothing carries over.
Either (or neither) may come with an absence timeout: a side whose turn has lasted that long
without passing is absent, and another side may claim the battle.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Literal

import msgspec

from domain.errors import RuleViolation

LOSS = "loss"
DRAW = "draw"
TIME = "time"  # battle_ended's reason when a side ran out of time
ABANDONMENT = "abandonment"  # battle_ended's reason when a side claimed an absent opponent's battle

Seconds = Annotated[int, msgspec.Meta(ge=1, le=30 * 24 * 3600)]
_MS = timedelta(milliseconds=1)


class TimeControl(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How a battle's clock counts, the same for every side. `main_seconds` (with
    `increment_seconds` added when the side's turn passes) or `per_turn_seconds`; `absent_after_seconds`
    lets another side claim the battle from a side whose turn has lasted that long; `on_time`
    is what running out of time means: the side loses (`loss`) or the battle is drawn (`draw`)."""

    main_seconds: Seconds | None = None
    increment_seconds: Annotated[int, msgspec.Meta(ge=0, le=24 * 3600)] = 0
    per_turn_seconds: Seconds | None = None
    absent_after_seconds: Seconds | None = None
    on_time: Literal["loss", "draw"] = "loss"

    @property
    def counts_down(self) -> bool:
        return self.main_seconds is not None or self.per_turn_seconds is not None

    def problems(self) -> list[str]:
        problems = []
        if self.main_seconds is not None and self.per_turn_seconds is not None:
            problems.append("a clock has main time or a time per turn, not both")
        if self.increment_seconds and self.main_seconds is None:
            problems.append("an increment is added to main time: give main_seconds")
        if not self.counts_down and self.absent_after_seconds is None:
            problems.append("a clock needs main_seconds, per_turn_seconds or absent_after_seconds")
        return problems

    def start_ms(self) -> int | None:
        """What a side's clock holds at the start of the battle (None: it does not count down)."""
        seconds = self.main_seconds if self.main_seconds is not None else self.per_turn_seconds
        return None if seconds is None else seconds * 1000


# ---- events ------------------------------------------------------------------------------


class ClockSet(msgspec.Struct, frozen=True, tag="clock_set"):
    """At creation: the battle's time control and what each side's clock holds."""

    control: TimeControl
    remaining_ms: dict[str, int]


class ClockSwitched(msgspec.Struct, frozen=True, tag="clock_switched"):
    """At `at` the clock stops for the side whose turn it was and runs for `running` (None:
    for nobody, the battle is over); `remaining_ms` is each side's time as of `at`."""

    at: str
    running: str | None
    remaining_ms: dict[str, int]


class TimeRanOut(msgspec.Struct, frozen=True, tag="time_ran_out"):
    """`seat`'s time ran out at `flagged_at`; noticed (claimed) at `at`."""

    seat: str
    flagged_at: str
    at: str


class BattleClaimed(msgspec.Struct, frozen=True, tag="battle_claimed"):
    """`seat` claimed the battle at `at`: `absent_seat` had not passed its turn since `absent_since`."""

    seat: str
    absent_seat: str
    absent_since: str
    at: str


CLOCK_EVENTS: tuple[type[msgspec.Struct], ...] = (ClockSet, ClockSwitched, TimeRanOut, BattleClaimed)


# ---- the clock as the battle state holds it -------------------------------------------------


class Clock(msgspec.Struct, frozen=True):
    control: TimeControl
    remaining_ms: dict[str, int] = {}  # as of `since` (empty: it does not count down)
    running: str | None = None
    since: str | None = None  # when `running`'s turn began

    def left_ms(self, seat: str, now: str) -> int | None:
        """`seat`'s time at `now` (None: the clock does not count down)."""
        held = self.remaining_ms.get(seat)
        if held is None:
            return None
        if seat != self.running or self.since is None:
            return held
        return held - elapsed_ms(self.since, now)

    def flag_at(self) -> str | None:
        """When the running side runs out of time if its turn does not pass first."""
        held = self.remaining_ms.get(self.running) if self.running is not None else None
        if held is None or self.since is None:
            return None
        return later(self.since, held)

    def absent_at(self) -> str | None:
        """From when the running side counts as absent."""
        if self.running is None or self.since is None or self.control.absent_after_seconds is None:
            return None
        return later(self.since, self.control.absent_after_seconds * 1000)

    def out_of_time(self, now: str) -> bool:
        flag = self.flag_at()
        return flag is not None and moment(now) >= moment(flag)

    def absent(self, now: str) -> bool:
        absent = self.absent_at()
        return absent is not None and moment(now) >= moment(absent)


def moment(recorded_at: str) -> datetime:
    return datetime.fromisoformat(recorded_at)


def elapsed_ms(since: str, now: str) -> int:
    """Whole milliseconds from `since` to `now` (never negative: a node's clock may lag another's)."""
    return max(0, (moment(now) - moment(since)) // _MS)


def later(at: str, ms: int) -> str:
    """`at` plus `ms`, written as the server writes a recorded_at."""
    return (moment(at) + ms * _MS).isoformat(timespec="microseconds").replace("+00:00", "Z")


def clock_set(control: TimeControl, seats: tuple[str, ...]) -> ClockSet:
    problems = control.problems()
    if problems:
        raise RuleViolation("clock-invalid", "; ".join(problems), problems=problems)
    start = control.start_ms()
    return ClockSet(control=control, remaining_ms={} if start is None else dict.fromkeys(seats, start))


def switch(clock: Clock, running: str | None, now: str) -> ClockSwitched:
    """The clock at `now` when the turn passes from `clock.running` to `running` (None: it stops)."""
    remaining = dict(clock.remaining_ms)
    control = clock.control
    stopping = clock.running
    if stopping is not None and stopping in remaining and clock.since is not None:
        remaining[stopping] -= elapsed_ms(clock.since, now)
        if running is not None and control.main_seconds is not None:
            remaining[stopping] += control.increment_seconds * 1000
    if running is not None and control.per_turn_seconds is not None:
        remaining[running] = control.per_turn_seconds * 1000
    return ClockSwitched(at=now, running=running, remaining_ms=remaining)


def apply(clock: Clock, event: msgspec.Struct) -> Clock:
    """`evolve` for the clock's own events (only records what they say)."""
    if isinstance(event, ClockSwitched):
        return msgspec.structs.replace(clock, running=event.running, since=event.at,
                                       remaining_ms=event.remaining_ms)
    return clock


class ClockView(msgspec.Struct, frozen=True, kw_only=True):
    """A battle's clock as `GET /state` shows it (only in a battle created with a time control):
    its control, whose clock runs and since when, each side's time as of then (`remaining_ms`),
    when the running side's flag falls and from when it counts as absent; while the battle is in
    play, also `now` and each side's time left as of it (`left_ms`)."""

    control: TimeControl
    running: str | None
    since: str | None
    remaining_ms: dict[str, int]
    flag_at: str | None
    absent_at: str | None
    now: str | msgspec.UnsetType = msgspec.UNSET
    left_ms: dict[str, int] | msgspec.UnsetType = msgspec.UNSET


def view(clock: Clock, now: str | None = None) -> dict[str, object]:
    """The clock as GET /state shows it; with `now`, each side's time as of then too."""
    shown: dict[str, object] = {
        "control": msgspec.to_builtins(clock.control), "running": clock.running, "since": clock.since,
        "remaining_ms": dict(clock.remaining_ms), "flag_at": clock.flag_at(), "absent_at": clock.absent_at(),
    }
    if now is not None:
        shown["now"] = now
        shown["left_ms"] = {seat: max(0, clock.left_ms(seat, now) or 0) for seat in clock.remaining_ms}
    return shown
