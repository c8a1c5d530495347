"""Pilgrimage version 3's Acts: the battle's settings and reading as version 3's rules read them,
the acting Character of a Deed (part-way up a face it may only Climb on or drop, PIL-CLIMB), the
Act's end and the Turn's, `end_act`, and the simple Deeds."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import Events
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.play import (
    ActEnded,
    Activation,
    Aim,
    DeedPerformed,
    EndAct,
    Figure,
    Guard,
    Hide,
    PlayState,
    Stand,
    Use,
)
from domain.rulesets.pilgrimage.rules import (
    Reading,
    Skirmish,
    deed_cost,
    end_turn,
    in_cover,
    in_play,
    side_to_act,
)
from domain.rulesets.pilgrimage.v3.evolve import apply, apply_all
from domain.rulesets.pilgrimage.v3.falls import (
    on_a_face,
)
from domain.rulesets.pilgrimage.v3.settings import PilgrimageV3Settings

EPSILON = 1e-9


def settings_of(ctx: Skirmish) -> PilgrimageV3Settings:
    """The battle's settings: version 3 creates its battles with its own settings type."""
    assert isinstance(ctx.settings, PilgrimageV3Settings)
    return ctx.settings


def reading_of(ctx: Skirmish) -> Reading:
    """Version 3's reading: PIL-WEATHER-TWICE, and PIL-COVER's body."""
    return Reading(twice=True, body=settings_of(ctx).PIL_COVER.body_radius)


# ---- Acts --------------------------------------------------------------------------------


def acting(ctx: Skirmish, deed: str) -> tuple[Figure, Activation]:
    state = ctx.state
    if state.activation is None:
        raise RuleViolation("no-act", "activate a Character before its Deeds")
    figure = state.figure(state.activation.character)
    assert figure is not None
    if figure.knocked_down and deed != "stand":
        raise RuleViolation("knocked-down", "a Character that is Knocked Down must Stand first")
    if deed not in ("climb", "move") and on_a_face(state, figure):
        raise RuleViolation("on-a-face", "part-way up a face a Character may only Climb on or drop "
                                         "(a Move) (PIL-CLIMB)")
    cost = deed_cost(state, deed, reading_of(ctx))
    if cost > state.activation.deeds_left:
        raise RuleViolation("not-enough-deeds", f"{deed} costs {cost} Deeds; {state.activation.deeds_left} left")
    return figure, state.activation


def close_act(ctx: Skirmish, after: PlayState) -> list[msgspec.Struct]:
    """The Act ends; the Character is Tired. When every Character is Tired, or a side has no one
    left, the Turn ends."""
    assert after.activation is not None
    ended = ActEnded(character=after.activation.character)
    closed = apply(after, ended)
    events: list[msgspec.Struct] = [ended]
    wiped = any(not in_play(closed, s) for s in closed.seats)
    if side_to_act(closed) is None or wiped:
        events += end_turn(closed, ctx.dice, ctx.settings, force_end=wiped, reading=reading_of(ctx))
    return events


def after_deed(ctx: Skirmish, events: list[msgspec.Struct], deed: DeedPerformed) -> Events:
    """A Deed's events, and the Act's end when no Deed is left, the acting Character is Out of
    Action or a side has no one left."""
    after = apply_all(ctx.state, events)
    actor = after.figure(deed.character)
    assert actor is not None
    if deed.deeds_left == 0 or actor.out_of_action or any(not in_play(after, s) for s in after.seats):
        events = [*events, *close_act(ctx, after)]
    return events


def finish_act(ctx: Skirmish, command: EndAct) -> Events:
    if ctx.state.activation is None:
        raise RuleViolation("no-act", "no Character is acting")
    return close_act(ctx, ctx.state)


# ---- the simple Deeds --------------------------------------------------------------------


def simple_deed(ctx: Skirmish, command: Stand | Aim | Guard | Hide | Use) -> Events:
    state = ctx.state
    name = str(type(command).__struct_config__.tag)
    figure, act = acting(ctx, name)
    cost = deed_cost(state, name, reading_of(ctx))
    extra: dict[str, Any] = {}
    if isinstance(command, Stand) and not figure.knocked_down:
        raise RuleViolation("not-knocked-down", "only a Knocked Down Character needs to Stand")
    if isinstance(command, Hide):
        enemies = [f for f in in_play(state) if f.seat != figure.seat]
        exposed = [e.id for e in enemies if not in_cover(state, e, figure, reading_of(ctx))
                   and tables.distance(e.point, figure.point) <= state.sight]
        if exposed:
            raise RuleViolation("cannot-hide", f"in the open to {exposed} (PIL-HIDE)")
        extra["hidden"] = True
    if isinstance(command, Use):
        marker = next((o for o in state.table.objectives if o.name == command.objective), None)
        if marker is None or tables.distance(figure.point, (marker.x, marker.y)) > 1:
            raise RuleViolation("objective-out-of-reach", "Use an objective marker within 1\" (PIL-USE)")
        extra["objective"] = marker.name
    deed = DeedPerformed(character=figure.id, deed=name, cost=cost, deeds_left=act.deeds_left - cost, **extra)
    return after_deed(ctx, [deed], deed)


