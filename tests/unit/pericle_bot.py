"""A bot that plays a Pericle combat by trying commands a player might send, in an order a
random source picks, until one is accepted. The rules decide what is legal; the bot only
proposes. Used by the property tests (replay) and the HTTP golden test."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from domain.hexes import Hex, distance, neighbours
from domain.rulesets.pericle import board
from domain.rulesets.pericle.state import CombatState, Figure


def at(h: Hex) -> dict[str, int]:
    return {"q": h.q, "r": h.r}


def toward(combat: CombatState, figure: Figure, goal: Hex, steps: int) -> list[Hex]:
    """A greedy path of up to `steps` hexes, each one closer to the goal, avoiding walls."""
    blocked = set(board.walls(combat)) | set(combat.encounter.map.furniture)
    taken = {f.hex for f in combat.figures if f.condition == "standing" and f.id != figure.id}
    path, here = [], figure.hex
    for _ in range(steps):
        options = [n for n in neighbours(here) if combat.encounter.map.contains(n) and n not in blocked
                   and n not in taken and distance(n, goal) < distance(here, goal)]
        if not options:
            break
        here = min(options, key=lambda n: (distance(n, goal), n.q, n.r))
        path.append(here)
    return path


def facing_toward(figure_hex: Hex, goal: Hex) -> int:
    from domain.hexes import DIRECTIONS

    return min(range(6), key=lambda i: distance(figure_hex + DIRECTIONS[i], goal))


def nearest_foe(combat: CombatState, figure: Figure) -> Figure | None:
    foes = [f for f in combat.figures if f.team != figure.team and f.active]
    return min(foes, key=lambda f: (distance(f.hex, figure.hex), f.id)) if foes else None


def proposals(combat: CombatState, rng: random.Random) -> Iterator[tuple[str, dict[str, Any]]]:
    """(seat, command) pairs worth trying now, most purposeful first, with some randomness."""
    phase = combat.phase
    hero_seat = next(f.seat for f in combat.team("heroes"))
    if combat.pending is not None:  # version 5: an attack waits in a Karma window; only its attacker goes on
        attacker = combat.figure(combat.pending.attacker)
        if attacker is not None:
            yield attacker.seat, {"type": "go_on", "figure": attacker.id}
        return
    if phase == "initiative":
        yield hero_seat, {"type": "roll_initiative"}
    elif phase == "order":
        seat = hero_seat if combat.initiative == "heroes" else combat.enemy_seat
        yield seat, {"type": "choose_order", "first": rng.choice(["heroes", "enemies"])}
    elif phase == "movement":
        for figure in combat.figures:
            if figure.team != combat.moving or figure.id in combat.moved_figures or not figure.active:
                continue
            foe = nearest_foe(combat, figure)
            if foe is None:
                continue
            if figure.flying_speed:
                yield from _flights(combat, figure, foe, rng)
            if rng.random() < 0.3:
                yield from _pile_joins(combat, figure, striking=False)
            path = toward(combat, figure, foe.hex, rng.randint(0, figure.movement))
            end = path[-1] if path else figure.hex
            if "Overrun" in figure.disciplines and distance(end, foe.hex) == 1:
                yield figure.seat, {"type": "move_figure", "figure": figure.id, "path": [at(h) for h in path],
                                    "overrun": at(foe.hex)}
            while True:
                end = path[-1] if path else figure.hex
                yield figure.seat, {"type": "move_figure", "figure": figure.id, "path": [at(h) for h in path],
                                    "facing": facing_toward(end, foe.hex)}
                if not path:
                    break
                path = path[:-1]
        seat = hero_seat if combat.moving == "heroes" else combat.enemy_seat
        yield seat, {"type": "end_movement"}
    elif phase == "reposition":
        for hero in combat.team("heroes"):
            foe = nearest_foe(combat, hero)
            if hero.active and foe is not None and rng.random() < 0.5:
                yield hero.seat, {"type": "face", "figure": hero.id, "facing": facing_toward(hero.hex, foe.hex)}
        yield hero_seat, {"type": "end_repositioning"}
    elif phase == "declare":
        if rng.random() < 0.2:
            figure = rng.choice(combat.figures)
            yield figure.seat, {"type": "defend", "figure": figure.id}
        yield hero_seat, {"type": "begin_actions"}
    elif phase == "actions":
        yield from _actions(combat, rng)


def _healing(combat: CombatState, figure: Figure, rng: random.Random) -> Iterator[tuple[str, dict[str, Any]]]:
    """Fetch a healing item when hurt, drink it, or give it to a fallen ally next to it."""
    potions = [item for item in figure.in_hand if item == "potion of healing"]
    fallen = [f for f in combat.team(figure.team) if f.condition == "unconscious" and distance(f.hex, figure.hex) <= 1]
    if potions and fallen:
        yield figure.seat, {"type": "use_item", "figure": figure.id, "item": "Potion of Healing",
                            "target": fallen[0].id}
    if potions and figure.wounds:
        yield figure.seat, {"type": "use_item", "figure": figure.id, "item": "Potion of Healing"}
    if figure.pack and (figure.wounds or fallen) and rng.random() < 0.5:
        if len(figure.in_hand) >= 2:
            yield figure.seat, {"type": "ready_weapons", "figure": figure.id, "in_hand": list(figure.in_hand[:1])}
        yield figure.seat, {"type": "fetch_item", "figure": figure.id, "item": "Potion of Healing"}


def _pile_joins(combat: CombatState, figure: Figure, *, striking: bool) -> Iterator[tuple[str, dict[str, Any]]]:
    """Moves that end by joining a Grapple Pile with a foe in it (as the Action, with a strike)."""
    for member in combat.figures:
        if not member.grappled_with or member.team == figure.team or figure.grappled_with:
            continue
        path = toward(combat, figure, member.hex, figure.movement)
        if path and path[-1] == member.hex:
            body: dict[str, Any] = {"type": "move_figure", "figure": figure.id, "path": [at(h) for h in path],
                                    "join_pile": True}
            if striking:
                body["strike"] = {"target": member.id}
            yield figure.seat, body


def _flights(combat: CombatState, figure: Figure, foe: Figure,
             rng: random.Random) -> Iterator[tuple[str, dict[str, Any]]]:
    """A flyer flies at its foe and lands beside it, or stays aloft."""
    path = toward(combat, figure, foe.hex, figure.flying_speed)
    end = path[-1] if path else figure.hex
    yield figure.seat, {"type": "move_figure", "figure": figure.id, "path": [at(h) for h in path],
                        "fly": rng.random() < 0.3, "facing": facing_toward(end, foe.hex)}


def _actions(combat: CombatState, rng: random.Random) -> Iterator[tuple[str, dict[str, Any]]]:
    acting = combat.current or (combat.delayed[0] if combat.delayed else None)
    if acting is None:
        return
    figure = combat.figure(acting)
    assert figure is not None
    if figure.team == "heroes" and figure.karma and rng.random() < 0.1:
        yield figure.seat, {"type": "spend_karma", "hero": figure.id}
    foes = sorted((f for f in combat.figures if f.team != figure.team and f.active),
                  key=lambda f: distance(f.hex, figure.hex))
    for foe in foes[:3]:
        strike = {"target": foe.id, "crit_choice": rng.choice(["damage", "effect"])}
        if rng.random() < 0.5:
            strike["disarm"] = "shield"
        yield figure.seat, {"type": "attack", "figure": figure.id, "strikes": [strike]}
    yield from _healing(combat, figure, rng)
    for door in combat.encounter.map.doors:
        if door.hex not in combat.opened and distance(door.hex, figure.hex) == 1 and rng.random() < 0.5:
            yield figure.seat, {"type": "open_door", "figure": figure.id, "door": at(door.hex)}
    lying = [g for g in combat.ground if distance(g.hex, figure.hex) <= 1]
    if lying and rng.random() < 0.5:
        yield figure.seat, {"type": "pick_up", "figure": figure.id, "item": rng.choice(lying).item}
    if figure.spells and rng.random() < 0.5:
        spell = rng.choice(figure.spells)
        target = rng.choice(foes or [figure]) if spell == "Clumsiness" else figure
        yield figure.seat, {"type": "cast_spell", "figure": figure.id, "spell": spell, "target": target.id,
                            "power": 1}
    if figure.grappled_with:
        for enemy in figure.grappled_with:
            for weapon in ("Dagger", "Knife", "unarmed"):
                yield figure.seat, {"type": "attack", "figure": figure.id,
                                    "strikes": [{"target": enemy, "weapon": weapon}]}
        yield figure.seat, {"type": "ready_weapons", "figure": figure.id, "in_hand": ["Dagger"]}
        for n in neighbours(figure.hex):
            yield figure.seat, {"type": "escape", "figure": figure.id, "to": at(n)}
    if foes and distance(foes[0].hex, figure.hex) == 1 and rng.random() < 0.5:
        yield figure.seat, {"type": "grapple", "figure": figure.id, "target": foes[0].id}
    if rng.random() < 0.3:
        yield from _pile_joins(combat, figure, striking=True)
    if figure.condition == "prone":
        yield figure.seat, {"type": "stand_up", "figure": figure.id}
        for n in neighbours(figure.hex):
            yield figure.seat, {"type": "stand_up", "figure": figure.id, "to": at(n)}
    if foes:
        path = toward(combat, figure, foes[0].hex, figure.movement)
        while path:
            yield figure.seat, {"type": "move_figure", "figure": figure.id, "path": [at(h) for h in path],
                                "facing": facing_toward(path[-1], foes[0].hex)}
            path = path[:-1]
    if figure.team == "heroes" and figure.id not in combat.delayed and rng.random() < 0.1:
        yield figure.seat, {"type": "delay", "figure": figure.id}
    yield figure.seat, {"type": "pass_action", "figure": figure.id}
