"""Karma re-rolls (seed 001, Karma and Ardence; PER-KARMA-WINDOW): any hero's Karma forces a
re-roll of the most recent set of dice, anyone's. The latest command is decided again from the
state before it, with its earlier rolls as recorded and its last set rolled afresh."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.dice import Dice, Die, Roll, RollInProgress
from domain.errors import RuleViolation
from domain.rulesets.contract import Context, Events
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.evolve import apply
from domain.rulesets.pericle.rules import Table, in_combat


class ReplayDice:
    """For a Karma re-roll: the command's earlier rolls come back exactly as recorded (same
    nonce, same faces); its last set of dice, and anything after, is rolled afresh."""

    def __init__(self, recorded: Sequence[Roll], fresh: Dice) -> None:
        self._recorded = list(recorded)
        self._fresh = fresh

    @property
    def commitment(self) -> str:
        return self._fresh.commitment

    def start(self, purpose: str) -> RollInProgress:
        if self._recorded:
            return _Replayed(self._recorded.pop(0))
        return self._fresh.start(purpose)

    def reveal(self) -> str:
        return self._fresh.reveal()


class _Replayed:
    def __init__(self, roll: Roll) -> None:
        self._roll = roll
        self._faces: list[Die] = list(roll.dice)

    def draw(self, sides: int) -> int:
        if not self._faces or self._faces[0].sides != sides:
            # The re-run starts from the same state with the same dice, so it cannot part ways
            # before the re-rolled set; if it ever did, refuse rather than record a muddle.
            raise RuleViolation("karma-rerun-diverged", "the re-run did not retrace the original roll")
        return self._faces.pop(0).index

    def finish(self, *, expression: str | None = None, total: int | None = None,
               result: str | None = None) -> Roll:
        return self._roll


# How the latest command is decided again: the rule of its type, given the command as recorded
# (a recorded command of any age decodes: fields added since have defaults), without the
# command_recorded that rule puts first (the re-roll records the command itself, as `karma`).
Rerun = Callable[[Table, dict[str, Any]], Events]


def karma(rerun: Rerun) -> Callable[[Table, cmd.SpendKarma], Events]:
    """The rule of `spend_karma`, re-running the latest command by `rerun`."""

    def spend_karma(ctx: Table, command: cmd.SpendKarma) -> Events:
        state = in_combat(ctx).state
        hero = state.figure(command.hero)
        if hero is None or hero.team != "heroes":
            raise RuleViolation("figure-unknown", f"no hero {command.hero!r}")
        if hero.condition == "dead":
            raise RuleViolation("karma-dead", "a dead hero spends no Karma")
        if hero.karma < 1:
            raise RuleViolation("karma-none", f"{hero.name} has no Karma")
        last = state.last
        if last is None or not last.rolls:
            raise RuleViolation("karma-nothing-to-reroll", "the latest command rolled no dice")
        if last.rerolled:
            raise RuleViolation("karma-keep", "a Karma re-roll's new result must be kept")
        spent = ev.KarmaSpent(hero=hero.id, seat=hero.seat, replaces=last.rolls[-1].nonce)
        # The latest command again, for the seat that sent it, from the state before it.
        again: Table = Context(state=apply(state, spent), seat=last.seat, actor=ctx.player_of(last.seat) or "",
                              dice=ReplayDice(last.rolls[:-1], ctx.dice), settings=ctx.settings, seats=ctx.seats)
        return [spent, ev.CommandRecorded(seat=last.seat, command=last.command, karma=True),
                *rerun(again, last.command)]

    return spend_karma
