"""What every rule of a Pericle combat (version 3) shares: the context it decides against, the
guards of a battle's encounter, the command recorded before a command's events, and the seat a
command acts for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import msgspec

from domain.errors import RuleViolation
from domain.records import omit_empty
from domain.rulesets.contract import CommandT, Context, Events, Rule
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.encounter import dice_problems
from domain.rulesets.pericle.passives import NO_PASSIVES, Passives
from domain.rulesets.pericle.play import Fight, Play, figure_seat
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState, Figure

# What a rule of version 3 decides against: the combat (None for a battle created without an
# encounter, which hosts checks only), the acting seat, the dice, the settings, the seats.
Table = Context[CombatState | None, PericleCombatSettings]


def as_sent(command: msgspec.Struct) -> dict[str, Any]:
    """The command's own fields (an API request's `expected_version` is the transport's). A
    command that took no `seat` before every command did records none when it names none, so
    that `command_recorded` holds what it always held for the same request."""
    data: dict[str, Any] = msgspec.to_builtins(command)
    data.pop("expected_version", None)
    omit_empty(command, data)  # a hero sheet's `runestones` only when given
    if isinstance(command, cmd.SEAT_ADDED) and data.get("seat") is None:
        data.pop("seat", None)
    for order in [*(data.get("strikes") or []), data.get("strike")]:
        if isinstance(order, dict) and order.get("mastery_ad") is None:
            order.pop("mastery_ad", None)  # version 5's split of Weapon Mastery, recorded only when given
    for kind, added in cmd.V4_FIELDS.items():
        if isinstance(command, kind):  # the API's request type derives from the command's
            for name in added:
                if data.get(name) is None:
                    data.pop(name, None)
    return data


def require_playable(state: CombatState) -> None:
    """A combat plays on while its encounter's dice can be rolled and it has not ended."""
    if unrollable := dice_problems(state.encounter):
        # Created before encounters' dice were checked: any roll of them would be refused
        # after the command's earlier rolls, so nothing is played on.
        raise RuleViolation("encounter-dice-invalid", "; ".join(unrollable), problems=unrollable)
    if state.phase == "ended":
        raise RuleViolation("combat-ended", "the combat is over")


def encounter_of(ctx: Table) -> CombatState:
    """The battle's combat; a battle created without an encounter hosts checks only."""
    if ctx.state is None:
        raise RuleViolation("no-encounter", "this battle was created without an encounter: checks only")
    return ctx.state


def in_combat(ctx: Table) -> Fight:
    """The context of a combat command: the battle's combat, still playable."""
    state = encounter_of(ctx)
    require_playable(state)
    return Context(state=state, seat=ctx.seat, actor=ctx.actor, dice=ctx.dice, settings=ctx.settings,
                   seats=ctx.seats)


def combat(run: Callable[[Play, CommandT], None],
           passives: Passives = NO_PASSIVES) -> Rule[CombatState | None, PericleCombatSettings, CommandT]:
    """A combat command's rule: `run` plays it on the combat (see `Play`), after the command
    recorded as sent (the action a contest names, and what a Karma re-roll re-runs); `passives`,
    the always-on Discipline effects of the version (none before version 5)."""

    def rule(ctx: Table, command: CommandT) -> Events:
        play = Play(in_combat(ctx), passives)
        run(play, command)
        return [ev.CommandRecorded(seat=ctx.seat, command=as_sent(command)), *play.events]

    return rule


def recorded(check: Callable[[Table, CommandT], Events]) -> Rule[CombatState | None, PericleCombatSettings, CommandT]:
    """Version 2's check in version 3: recorded as a command too, with or without an encounter."""

    def rule(ctx: Table, command: CommandT) -> Events:
        if ctx.state is not None:
            require_playable(ctx.state)
        return [ev.CommandRecorded(seat=ctx.seat, command=as_sent(command)), *check(ctx, command)]

    return rule


class NamesFigure(Protocol):
    """A command that moves or acts for one figure."""

    @property
    def figure(self) -> str: ...


def figure_subject(state: CombatState | None, command: NamesFigure) -> str | None:
    """The seat a command naming a figure acts for: the figure's."""
    return figure_seat(state, command.figure)


def named_figure(state: CombatState | None, command: msgspec.Struct) -> Figure:
    """The figure a command with a subject names (its subject found it)."""
    figure_id = command.hero if isinstance(command, cmd.SpendKarma) else getattr(command, "figure", "")
    found = state.figure(figure_id) if state is not None else None
    assert found is not None, "a command with a subject names a figure of the combat"
    return found


def hero_subject(state: CombatState | None, command: cmd.SpendKarma) -> str | None:
    """The seat that spends a hero's Karma: the hero's."""
    if state is None:
        return None
    hero = state.figure(command.hero)
    if hero is None or hero.team != "heroes":
        raise RuleViolation("figure-unknown", f"no hero {command.hero!r}")
    return hero.seat
