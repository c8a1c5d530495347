"""Pilgrimage version 2's evolve: what each event says happened, applied to the play state.
It re-derives no rule and never refuses a recorded event (the rules in `deeds.py` judged)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.records import replace_where
from domain.rulesets.pilgrimage.environment import EnvironmentRolled
from domain.rulesets.pilgrimage.play import (
    ActBegan,
    ActEnded,
    Activation,
    CharacterDeployed,
    DeedPerformed,
    Figure,
    OathbandSubmitted,
    PlayState,
    TrialEnded,
    TurnBegan,
    TurnEnded,
)


def _figures(state: PlayState, character: str, **changes: Any) -> tuple[Figure, ...]:
    return replace_where(state.figures, lambda figure: figure.id == character, **changes)


def apply(state: PlayState, event: msgspec.Struct) -> PlayState:
    replace = msgspec.structs.replace
    match event:
        case EnvironmentRolled():
            return replace(state, environment=event, phase="deployment", sight=event.sight)
        case OathbandSubmitted():
            kept = tuple(f for f in state.figures if f.seat != event.seat)
            return replace(state, figures=kept + tuple(Figure(sheet=s, health=s.health) for s in event.characters))
        case CharacterDeployed():
            return replace(state, figures=_figures(state, event.character, x=event.x, y=event.y, z=event.z))
        case TurnBegan():
            return replace(state, phase="turns", turn=event.turn, order=event.order, sight=event.sight,
                           activation=None, last_side=None,
                           figures=tuple(replace(f, tired=False) for f in state.figures))
        case ActBegan():
            return replace(state, activation=Activation(character=event.character),
                           figures=_figures(state, event.character, guarding=False))
        case DeedPerformed():
            return _apply_deed(state, event)
        case ActEnded():
            figure = state.figure(event.character)
            assert figure is not None
            return replace(state, activation=None, last_side=figure.seat,
                           figures=_figures(state, event.character, tired=True))
        case TurnEnded():
            return replace(state, scores=event.scores)
        case TrialEnded():
            return replace(state, phase="ended", scores=event.scores)
    return state


def _apply_deed(state: PlayState, event: DeedPerformed) -> PlayState:
    replace = msgspec.structs.replace
    figure = state.figure(event.character)
    assert figure is not None and state.activation is not None
    changes: dict[str, Any] = {}
    if event.position is not None:
        changes.update(x=event.position[0], y=event.position[1], z=event.position[2])
    if event.damage_taken:
        changes["health"] = max(0, figure.health - event.damage_taken)
        changes["out_of_action"] = figure.health - event.damage_taken <= 0
    if event.knocked_down:
        changes["knocked_down"] = True
    if event.deed == "stand":
        changes["knocked_down"] = False
    if event.deed == "guard":
        changes["guarding"] = True
    if event.hidden is not None:
        changes["hidden"] = event.hidden
    figures = _figures(state, figure.id, **changes)
    activation = replace(state.activation, deeds_left=event.deeds_left,
                         moves=state.activation.moves + (event.deed == "move"),
                         aimed=(state.activation.aimed or event.deed == "aim") and event.deed != "fire")
    next_state = replace(state, figures=figures, activation=activation)
    if event.attack is not None and event.target is not None:
        target = next_state.figure(event.target)
        assert target is not None
        hit = event.attack
        next_state = replace(next_state, figures=_figures(
            next_state, target.id, health=max(0, target.health - hit.damage),
            knocked_down=target.knocked_down or hit.knocked_down, out_of_action=hit.out_of_action,
            taken_out_by=figure.seat if hit.out_of_action else None))
    return next_state


def apply_all(state: PlayState, events: list[msgspec.Struct]) -> PlayState:
    for event in events:
        state = apply(state, event)
    return state
