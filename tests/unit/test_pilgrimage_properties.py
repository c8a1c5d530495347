"""Property tests over random Pilgrimage play: replay equals the live state, no Character
moves beyond its allowance, Health never rises, no Deed from a Tired Character or out of
its side's activation."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.battle import replay
from domain.codec import event_data, event_from, event_type
from domain.errors import DomainError
from domain.rulesets.pilgrimage.play import (
    DEEDS,
    Activate,
    Aim,
    Assault,
    DeedPerformed,
    EndAct,
    Fire,
    Guard,
    Hide,
    Move,
    Stand,
)
from domain.rulesets.pilgrimage.rules import side_to_act
from tests.unit.pilgrimage_arena import PLAYERS, Arena, band

STEP = st.tuples(st.sampled_from(["activate", "move", "fire", "assault", "aim", "guard", "hide", "stand", "end"]),
                 st.integers(0, 3), st.floats(-4, 4), st.floats(-4, 4))


def command_for(arena: Arena, kind: str, pick: int, dx: float, dy: float) -> tuple[Any, str] | None:
    play = arena.play
    figures = [f for f in play.figures if not f.out_of_action]
    if not figures:
        return None
    chosen = figures[pick % len(figures)]
    acting = play.figure(play.activation.character) if play.activation else None
    actor = PLAYERS[(acting or chosen).seat]
    enemies = [f for f in figures if acting and f.seat != acting.seat]
    target = enemies[pick % len(enemies)].id if enemies else chosen.id
    side = side_to_act(play)
    if kind == "activate" or (acting is None and side is not None and pick % 4):
        # Mostly activate someone of the side whose turn it is, so that Deeds follow.
        ready = [f for f in figures if f.seat == side and not f.tired] if kind != "activate" else [chosen]
        character = (ready or [chosen])[0]
        return Activate(character=character.id), PLAYERS[character.seat]
    if kind == "move" and acting is not None:
        x = min(max((acting.x or 0) + dx, 0), play.table.width)
        y = min(max((acting.y or 0) + dy, 0), play.table.depth)
        return Move(path=[(x, y)]), actor
    simple = {"aim": Aim(), "guard": Guard(), "hide": Hide(), "stand": Stand(), "end": EndAct(),
              "fire": Fire(target=target), "assault": Assault(target=target)}
    return (simple[kind], actor) if kind in simple else None


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(STEP, max_size=60), trial=st.sampled_from(["Crossing", "Vigil", "Reckoning"]))
def test_random_play_keeps_the_rules(steps: list[tuple[str, int, float, float]], trial: str) -> None:
    fighter = {"name": "Fighter", "aim": 1, "might": 1, "gear": ["bow"]}
    arena = Arena(band(fighter, {"name": "Runner", "pace": 2}), band(fighter, fighter), trial=trial)
    arena.deploy_all(south_1=(20, 18), south_2=(24, 18), north_1=(20, 28), north_2=(24, 28))
    start_health = {f.id: f.health for f in arena.play.figures}
    # The arena edits its start for the scenario; from there on, every event is logged.
    reference = arena.state
    log: list[tuple[str, dict[str, Any]]] = []
    for kind, pick, dx, dy in steps:
        if arena.state.status != "active":
            break
        chosen = command_for(arena, kind, pick, dx, dy)
        if chosen is None:
            continue
        command, actor = chosen
        before = arena.play
        try:
            events = arena.run(command, actor)
        except DomainError:
            continue
        if isinstance(command, Activate):
            figure = before.figure(command.character)
            assert figure is not None and not figure.tired and figure.seat == side_to_act(before)
        if isinstance(command, DEEDS):
            assert before.activation is not None, "no Deed outside an Act"
            acting = before.figure(before.activation.character)
            assert acting is not None and not acting.tired
        for event in events:
            if isinstance(event, DeedPerformed) and event.deed == "move":
                assert event.distance is not None and event.allowance is not None
                assert event.distance <= event.allowance + 1e-9 and event.allowance <= 5
        for figure in arena.play.figures:
            assert figure.health <= start_health[figure.id], "Health never rises above its start"
        log += [(event_type(e), event_data(e)) for e in events]
    assert replay([event_from(t, d) for t, d in log], reference) == arena.state
