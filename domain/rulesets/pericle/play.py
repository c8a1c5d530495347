"""One command's play at the rules: the events it makes, applied as they are made, and who may
command which figure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import msgspec

from domain.dice import Dice, Roll
from domain.errors import NotPermitted, RuleViolation
from domain.rulesets.pericle.evolve import apply
from domain.rulesets.pericle.state import CombatState, Figure, Team
from domain.seats import acting_seat

T = TypeVar("T")


class Play:
    """The events one command causes, applied as they are made so that later rules see them."""

    def __init__(self, battle: Any, dice: Dice) -> None:
        self.battle = battle
        self.dice = dice
        self.state: CombatState = battle.ruleset_state
        self.events: list[msgspec.Struct] = []

    def emit(self, event: msgspec.Struct) -> None:
        self.events.append(event)
        self.state = apply(self.state, event)

    def supposing(self, *events: msgspec.Struct) -> Play:
        """The field as it would be after these events, to check before any die is drawn what a
        command will do once its rolls have gone its way (nothing is emitted)."""
        supposed = Play(self.battle, self.dice)
        supposed.state = self.state
        for event in events:
            supposed.state = apply(supposed.state, event)
        return supposed

    def figure(self, figure_id: str) -> Figure:
        found = self.state.figure(figure_id)
        if found is None:
            raise RuleViolation("figure-unknown", f"no figure {figure_id!r} in this combat")
        return found


RUNNING = 1  # moving more than one hex is running (seed 001, 2. Movement)


def not_after_running(figure: Figure, what: str) -> None:
    """The Actions that "can only be performed by combatants who moved only 1 hex or less"."""
    if figure.moved > RUNNING:
        raise RuleViolation("ran", f"{what} needs moving 1 hex or less in the Movement phase "
                                   f"({figure.name} moved {figure.moved})")


def roll_among(play: Play, purpose: str, options: Sequence[T]) -> tuple[T, Roll]:
    """PER-ENEMY-CHOICE: a choice the seed's priorities leave tied is settled by a recorded die."""
    rolling = play.dice.start(purpose)
    chosen = options[rolling.draw(len(options))]
    return chosen, rolling.finish(result=str(chosen))


def not_grappled(figure: Figure, what: str) -> None:
    """"If Grappled, you can only take the following Actions": attack, Defend, cast, escape."""
    if figure.grappled_with:
        raise RuleViolation("grappled", f"a Grappled figure cannot {what}")


# ---- who may command what ---------------------------------------------------------------


def seats_of(battle: Any, actor: str) -> set[str]:
    return {seat.name for seat in battle.seats if seat.player_id == actor}


def own_figure(play: Play, figure_id: str, actor: str) -> Figure:
    figure = play.figure(figure_id)
    if figure.seat not in seats_of(play.battle, actor):
        raise NotPermitted("not-your-figure", f"{figure.name} is played by seat {figure.seat!r}")
    return figure


def team_seats(state: CombatState, team: Team) -> set[str]:
    if team == "enemies":
        return {state.enemy_seat}
    return {f.seat for f in state.team("heroes")}


def acting_for_team(play: Play, team: Team, requested: str | None, actor: str) -> str:
    seat = acting_seat(play.battle.seats, requested, actor)
    if seat not in team_seats(play.state, team):
        raise NotPermitted("not-your-team", f"seat {seat!r} does not play the {team}")
    return seat


def require_phase(state: CombatState, *phases: str) -> None:
    if state.phase not in phases:
        raise RuleViolation("wrong-phase", f"that is done in the {' or '.join(phases)} phase; "
                                           f"the combat is in the {state.phase} phase")
