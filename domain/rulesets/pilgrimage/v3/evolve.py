"""Pilgrimage version 3's evolve: version 2's, plus falls, and the muster after `start` (the
Oathbands are chosen once the environment is known, seed 002). It only records what events say."""

from __future__ import annotations

import msgspec

from domain.records import replace_where
from domain.rulesets.pilgrimage.environment import EnvironmentRolled
from domain.rulesets.pilgrimage.evolve import apply as apply_v2
from domain.rulesets.pilgrimage.play import OathbandSubmitted, PlayState
from domain.rulesets.pilgrimage.v3.falls import DELIBERATE, CharacterFell, CharacterShoved


def _mustered(state: PlayState) -> str:
    """Deployment begins once the environment is rolled and every side has its Oathband."""
    submitted = {f.seat for f in state.figures}
    ready = state.environment is not None and all(s in submitted for s in state.seats)
    return "deployment" if ready else "muster"


def apply(state: PlayState, event: msgspec.Struct) -> PlayState:
    replace = msgspec.structs.replace
    match event:
        case EnvironmentRolled() | OathbandSubmitted():
            after = apply_v2(state, event)
            return replace(after, phase=_mustered(after))
        case CharacterShoved():
            x, y, z = event.to
            return replace(state, figures=replace_where(state.figures, lambda f: f.id == event.character,
                                                        x=x, y=y, z=z))
        case CharacterFell():
            figure = state.figure(event.character)
            assert figure is not None
            # A deliberate drop is part of a Move, recorded after it: the Move's deed placed the
            # Character where its path ends; any other fall leaves it where it lands.
            x, y, z = event.landed
            place = {} if event.cause == DELIBERATE else {"x": x, "y": y, "z": z}
            health = max(0, figure.health - event.damage)
            return replace(state, figures=replace_where(
                state.figures, lambda f: f.id == event.character, **place, health=health,
                knocked_down=figure.knocked_down or event.knocked_down,
                out_of_action=figure.out_of_action or event.out_of_action,
                taken_out_by=event.taken_out_by if event.out_of_action else figure.taken_out_by))
    return apply_v2(state, event)


def apply_all(state: PlayState, events: list[msgspec.Struct]) -> PlayState:
    for event in events:
        state = apply(state, event)
    return state
