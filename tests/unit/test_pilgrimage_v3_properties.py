"""Property tests over random Pilgrimage 3 play on a table of heights (a tower to climb, a ledge
to drop from, a low wall to step over): replay equals the live state, Health never rises, every
fall deals what seed 000 says, a Move goes beyond its allowance only by a drop that ends it, and
no Character stands inside terrain higher than it without clinging to a face it climbed."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.battle import replay
from domain.codec import event_data, event_from, event_type
from domain.errors import DomainError
from domain.rulesets.pilgrimage.play import Assault, Climb, DeedPerformed, Move
from domain.rulesets.pilgrimage.v3.falls import DELIBERATE, CharacterFell, fall_damage
from domain.rulesets.pilgrimage.v3.settings import FallSettings
from tests.unit.pilgrimage_arena import PLAYERS, Arena, band
from tests.unit.test_pilgrimage_properties import command_for


def _rect(x: float, y: float, w: float, d: float) -> list[list[float]]:
    return [[x, y], [x + w, y], [x + w, y + d], [x, y + d]]


HEIGHTS = {"terrain": [
    {"name": "tower", "kinds": ["climbable"], "polygon": _rect(18, 20, 4, 4), "height": 7},
    {"name": "ledge", "kinds": ["climbable"], "polygon": _rect(24, 20, 4, 6), "height": 5},
    {"name": "wall", "kinds": ["obscuring"], "polygon": _rect(14, 23, 3, 0.5), "height": 1},
], "lights": [], "objectives": []}

STEP = st.tuples(st.sampled_from(["activate", "move", "climb", "shove", "fire", "assault", "stand", "end"]),
                 st.integers(0, 3), st.floats(-4, 4), st.floats(-4, 4))


def command_v3(arena: Arena, kind: str, pick: int, dx: float, dy: float) -> tuple[Any, str] | None:
    play = arena.play
    acting = play.figure(play.activation.character) if play.activation else None
    if acting is not None and kind in ("climb", "shove"):
        actor = PLAYERS[acting.seat]
        if kind == "climb":
            to = (min(max((acting.x or 0) + dx / 4, 0), 48), min(max((acting.y or 0) + dy / 4, 0), 48))
            return Climb(to=to), actor
        enemies = [f for f in play.figures if f.seat != acting.seat and not f.out_of_action]
        return (Assault(target=enemies[pick % len(enemies)].id, shove=True), actor) if enemies else None
    return command_for(arena, kind, pick, dx, dy)


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(STEP, max_size=60))
def test_random_play_among_heights_keeps_the_rules(steps: list[tuple[str, int, float, float]]) -> None:
    fighter = {"name": "Fighter", "might": 2, "gear": ["bow"]}
    arena = Arena(band(fighter, {"name": "Runner", "pace": 2}), band(fighter, fighter), table=HEIGHTS, version="3")
    arena.deploy_all(south_1=(19, 19.5), south_2=(25, 19.5), north_1=(20, 24.5), north_2=(26, 25.5))
    arena.place("north/1", 20, 23.5, z=7)
    arena.place("north/2", 26, 25.5, z=5)
    start_health = {f.id: f.health for f in arena.play.figures}
    reference = arena.state
    log: list[tuple[str, dict[str, Any]]] = []
    for kind, pick, dx, dy in steps:
        if arena.state.status != "active":
            break
        chosen = command_v3(arena, kind, pick, dx, dy)
        if chosen is None:
            continue
        command, actor = chosen
        before = arena.play
        try:
            events = arena.run(command, actor)
        except DomainError:
            continue
        for event in events:
            if isinstance(event, CharacterFell):
                faller = before.figure(event.character)
                assert faller is not None
                expected = 0 if event.cause == DELIBERATE else fall_damage(event.inches, 0, FallSettings())
                assert event.damage == expected and event.knocked_down == (event.damage > 0)
            if isinstance(event, DeedPerformed) and event.deed == "move" and isinstance(command, Move):
                assert event.distance is not None and event.allowance is not None
                if event.distance > event.allowance + 1e-9:
                    assert any(isinstance(e, CharacterFell) for e in events), "only a drop goes beyond"
        for figure in arena.play.figures:
            assert figure.health <= start_health[figure.id], "Health never rises above its start"
        log += [(event_type(e), event_data(e)) for e in events]
    assert replay([event_from(t, d) for t, d in log], reference) == arena.state
