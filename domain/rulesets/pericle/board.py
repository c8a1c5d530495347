"""The board as the rules read it (seed 001, Facing, Embattled Condition, Cover & Line of
Sight): zones around a figure, front arcs, Reach, who Embattles whom, what blocks a path."""

from __future__ import annotations

import math

import msgspec

from domain.hexes import DIRECTIONS, Hex, centre, cover, distance, sight_line_hexes
from domain.rulesets.pericle.combat import Zone, zone
from domain.rulesets.pericle.state import CombatState, Figure


def reach_hexes(figure: Figure) -> set[Hex]:
    """The hexes two away in the direction of the front hexes: the three straight on and the
    two between them (PER-FACING)."""
    front = [DIRECTIONS[(figure.facing + turn) % 6] for turn in (-1, 0, 1)]
    return {figure.hex + a + b for a in front for b in front if distance(figure.hex, figure.hex + a + b) == 2}


def in_front_arc(figure: Figure, target: Hex) -> bool:
    """Ranged attacks strike from the front sides: the target lies within 60 degrees either side
    of the faced direction, edges included (PER-FACING)."""
    if target == figure.hex:
        return False
    (ax, ay), (bx, by) = centre(figure.hex), centre(target)
    faced = centre(figure.hex + DIRECTIONS[figure.facing])
    heading = math.atan2(faced[1] - ay, faced[0] - ax)
    bearing = math.atan2(by - ay, bx - ax)
    difference = abs((bearing - heading + math.pi) % (2 * math.pi) - math.pi)
    return difference <= math.radians(60) + 1e-9


def zone_of(figure: Figure, other: Hex) -> Zone | None:
    return zone(figure.hex, figure.facing, other)


def reach(figure: Figure) -> int:
    """How far its melee weapon in hand (an enemy's attacks) strikes."""
    if figure.team == "enemies":
        return max(w.reach for w in figure.weapons)
    return max((w.reach for w in figure.weapons if w.name.lower() in figure.in_hand and w.melee), default=1)


def can_threaten(figure: Figure) -> bool:
    """Prone figures, those in a Grapple Pile, bodies and flyers in the air Embattle no one."""
    return figure.standing and not figure.airborne


def threatens(state: CombatState, figure: Figure, h: Hex) -> bool:
    """Whether `figure` could strike a foe standing in `h` with a melee attack."""
    if not can_threaten(figure):
        return False
    if zone_of(figure, h) == "front":
        return True
    if reach(figure) >= 2 and h in reach_hexes(figure):
        return cover(figure.hex, h, walls(state)) != "complete"
    return False


def foes(state: CombatState, figure: Figure) -> list[Figure]:
    return [f for f in state.figures if f.team != figure.team and f.active]


def embattled_by(state: CombatState, figure: Figure, at: Hex | None = None) -> list[Figure]:
    """The foes that Embattle `figure` (standing at `at`): those who could strike it there, and
    the foes it holds at bay with Reach two hexes away (a Reach wielder is Embattled too)."""
    if figure.airborne:
        return []  # flying creatures are not Embattled by anyone
    here = figure.hex if at is None else at
    placed = figure if at is None else _moved(figure, here)
    found = [foe for foe in foes(state, figure) if threatens(state, foe, here)]
    if can_threaten(placed) and reach(placed) >= 2:
        found += [foe for foe in foes(state, figure) if foe not in found and distance(here, foe.hex) == 2
                  and not foe.airborne and threatens(state, placed, foe.hex)]
    return found


def _moved(figure: Figure, h: Hex) -> Figure:
    return msgspec.structs.replace(figure, hex=h)


def walls(state: CombatState) -> frozenset[Hex]:
    return frozenset(state.encounter.map.walls)


def obstacles(state: CombatState, *, ignore: tuple[str, ...] = ()) -> frozenset[Hex]:
    """Partial obstructions for a line of sight: furniture and standing combatants."""
    standing = {f.hex for f in state.figures if f.id not in ignore and f.condition == "standing" and not f.airborne}
    return frozenset(state.encounter.map.furniture) | standing


def line_cover(state: CombatState, shooter: Figure, target: Figure) -> str:
    """clear, partial or complete, by the seed's two parallel lines (walls complete, furniture
    and other standing combatants partial)."""
    return cover(shooter.hex, target.hex, walls(state), obstacles(state, ignore=(shooter.id, target.id)))


def figures_in_the_way(state: CombatState, shooter: Figure, target: Figure) -> list[Figure]:
    """Standing combatants whose hexes either sight line touches, nearest first."""
    touched = sight_line_hexes(shooter.hex, target.hex)
    found = [f for f in state.figures if f.hex in touched and f.condition == "standing" and not f.airborne
             and f.id not in (shooter.id, target.id)]
    return sorted(found, key=lambda f: (distance(shooter.hex, f.hex), f.id))


def passable(state: CombatState, h: Hex, *, over_pits: bool = False) -> bool:
    """On the map and free of walls and furniture; a pit can be jumped over, not entered."""
    board_map = state.encounter.map
    return (board_map.contains(h) and h not in board_map.walls and h not in board_map.furniture
            and (over_pits or h not in board_map.pits))


def standing_in(state: CombatState, h: Hex, *, besides: str, airborne: bool = False) -> Figure | None:
    """A standing combatant in the hex, at the given height (a flyer may be above a ground one)."""
    return next((f for f in state.figures if f.hex == h and f.id != besides and f.condition == "standing"
                 and f.airborne == airborne), None)


def lying_in(state: CombatState, h: Hex, *, besides: str) -> list[Figure]:
    """Prone combatants and bodies in a hex (entering it needs a Simple Athletics check)."""
    return [f for f in state.figures if f.hex == h and f.id != besides and f.condition != "standing"]
