"""One command's play at the rules: the events it makes, applied as they are made, and who may
command which figure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import msgspec

from domain.dice import Dice, Roll
from domain.errors import NotPermitted, RuleViolation
from domain.rulesets.contract import Context
from domain.rulesets.pericle.evolve import apply
from domain.rulesets.pericle.passives import NO_PASSIVES, Passives
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState, Figure, Team

T = TypeVar("T")

# What a rule of a battle with an encounter decides against: the combat, the acting seat (the
# figure's, for a command naming one), the dice, the battle's settings, the seats.
Fight = Context[CombatState, PericleCombatSettings]


class Play:
    """The events one command causes, applied as they are made so that later rules see them.

    This is decide computing intermediate states with the pure `evolve` (evolve.py `apply`),
    not a second evolve: a multi-strike attack meets the state its last strike left, a move
    the state its last leg left. Nothing leaves a rule but `events`; the battle applies them
    once it has them all."""

    def __init__(self, ctx: Fight, passives: Passives = NO_PASSIVES) -> None:
        self.ctx = ctx
        self.state: CombatState = ctx.state
        self.events: list[msgspec.Struct] = []
        # The always-on Discipline effects of the version deciding (none before version 5).
        self.passives = passives

    @property
    def dice(self) -> Dice:
        return self.ctx.dice

    @property
    def settings(self) -> PericleCombatSettings:
        return self.ctx.settings

    @property
    def seat(self) -> str:
        """The seat the command acts for (resolved by the engine)."""
        return self.ctx.seat

    def emit(self, event: msgspec.Struct) -> None:
        self.events.append(event)
        self.state = apply(self.state, event)

    def supposing(self, *events: msgspec.Struct) -> Play:
        """The field as it would be after these events, to check before any die is drawn what a
        command will do once its rolls have gone its way (nothing is emitted)."""
        supposed = Play(self.ctx, self.passives)
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
# The engine resolves the seat a command acts for: a command naming a figure acts for the
# figure's seat, which the player must hold (`figure_seat`, each such row's subject); the rest
# act for the seat the player names, or its only one.


def figure_seat(state: CombatState | None, figure_id: str) -> str | None:
    """The seat that plays a figure (None without an encounter: the rule refuses the command)."""
    if state is None:
        return None
    found = state.figure(figure_id)
    if found is None:
        raise RuleViolation("figure-unknown", f"no figure {figure_id!r} in this combat")
    return found.seat


def team_seats(state: CombatState, team: Team) -> set[str]:
    if team == "enemies":
        return {state.enemy_seat}
    return {f.seat for f in state.team("heroes")}


def acting_for_team(play: Play, team: Team) -> None:
    if play.seat not in team_seats(play.state, team):
        raise NotPermitted("not-your-team", f"seat {play.seat!r} does not play the {team}")


def require_phase(state: CombatState, *phases: str) -> None:
    if state.phase not in phases:
        raise RuleViolation("wrong-phase", f"that is done in the {' or '.join(phases)} phase; "
                                           f"the combat is in the {state.phase} phase")
