"""The board as the rules read it (seed 001, Facing, Embattled Condition, Cover & Line of
Sight): zones around a figure's base, front arcs, Reach, who Embattles whom, what blocks a
path. Figures may cover 1, 3 or 4 hexes (see bases.py)."""

from __future__ import annotations

import math

import msgspec

from domain.hexes import DIRECTIONS, Hex, centre, cover, distance, neighbours, sight_line_hexes
from domain.rulesets.pericle.bases import Zone, footprint, zones
from domain.rulesets.pericle.state import CombatState, Figure

COVER_RANK = {"clear": 0, "partial": 1, "complete": 2}
ZONE_BONUS_RANK: dict[Zone, int] = {"front": 0, "side": 1, "rear": 2}


def around(figure: Figure) -> dict[Hex, Zone]:
    """Every hex next to the figure's base and its zone: by its facing (bases.py), or all front
    while Pericle 6's Heightened Senses is on it (seed 001 line 1444: "all surrounding hexes are
    treated as front hexes")."""
    found = zones(figure.size, figure.hex, figure.facing)
    return dict.fromkeys(found, "front") if figure.all_front else found


def zone_of(figure: Figure, other: Hex) -> Zone | None:
    return around(figure).get(other)


def zone_toward(figure: Figure, other: Figure) -> Zone | None:
    """Where `other` stands around `figure`: of the zones its base touches, the one most open
    to attack (rear, then side, then front)."""
    around_it = around(figure)
    touched = [around_it[h] for h in other.hexes if h in around_it]
    if not touched:
        return None
    return max(touched, key=ZONE_BONUS_RANK.__getitem__)


def in_front(figure: Figure, other: Figure) -> bool:
    """Some hex of `other` is one of `figure`'s front hexes."""
    return any(zone_of(figure, h) == "front" for h in other.hexes)


def reach_hexes(figure: Figure) -> set[Hex]:
    """The hexes two away in the direction of the front hexes: for a 1-hex figure the three
    straight on and the two between them; for a larger base, the hexes beyond its front hexes
    that touch no side or rear hex (PER-FACING)."""
    if figure.size == 1:
        front = [DIRECTIONS[(figure.facing + turn) % 6] for turn in (-1, 0, 1)]
        return {figure.hex + a + b for a in front for b in front if distance(figure.hex, figure.hex + a + b) == 2}
    around = zones(figure.size, figure.hex, figure.facing)
    flanks = {h for h, z in around.items() if z != "front"}
    beyond = {n for h, z in around.items() if z == "front" for n in neighbours(h)}
    return {h for h in beyond - set(around) - set(figure.hexes) if not set(neighbours(h)) & flanks}


def heading(figure: Figure) -> tuple[tuple[float, float], float]:
    """The base's centre and the direction it faces (radians): a 1-hex figure towards a
    neighbour; a larger base between two (PER-FACING)."""
    points = [centre(h) for h in figure.hexes]
    x, y = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
    first = centre(Hex(0, 0) + DIRECTIONS[figure.facing])
    angle = math.atan2(first[1], first[0])
    if figure.size > 1:
        second = centre(Hex(0, 0) + DIRECTIONS[(figure.facing + 1) % 6])
        angle = math.atan2(first[1] + second[1], first[0] + second[0])
    return (x, y), angle


def in_front_arc(figure: Figure, target: Hex) -> bool:
    """Ranged attacks and spells strike from the front sides: the target lies within 60 degrees
    either side of the way the figure faces, edges included (PER-FACING)."""
    if target in figure.hexes:
        return False
    (ax, ay), facing = heading(figure)
    bx, by = centre(target)
    bearing = math.atan2(by - ay, bx - ax)
    difference = abs((bearing - facing + math.pi) % (2 * math.pi) - math.pi)
    return difference <= math.radians(60) + 1e-9


def gap(a: Figure, b: Figure) -> int:
    """Hexes between two bases, nearest hex to nearest hex (1 = adjacent)."""
    return reach_to(a, *b.hexes)


def reach_to(figure: Figure, *hexes: Hex) -> int:
    """Hexes from a figure's base to the nearest of some hexes (1 = adjacent)."""
    return min(distance(x, y) for x in figure.hexes for y in hexes)


def reach(figure: Figure) -> int:
    """How far its melee weapon in hand (an enemy's attacks) strikes."""
    if figure.team == "enemies":
        return max((w.reach for w in figure.weapons), default=1)
    return max((w.reach for w in figure.weapons if w.name.lower() in figure.in_hand and w.melee), default=1)


def can_threaten(figure: Figure) -> bool:
    """Prone figures, those in a Grapple Pile, bodies and flyers in the air Embattle no one."""
    return figure.standing and not figure.airborne


REACH_SIGHT = 6  # the combat's `revision` from which Reach Embattles by the Reach blow's line (v6/sight.py)


def threatens(state: CombatState, figure: Figure, foe: Figure) -> bool:
    """Whether `figure` could strike `foe` (its base where `foe` says) with a melee attack. With
    Reach, the line two hexes out is judged by walls alone (version 3's test) in versions 3-5; from
    version 6 as the Reach blow itself judges it (v5/sight.py: standing combatants are complete
    obstructions too), so that a foe Embattles whom it may strike."""
    if not can_threaten(figure):
        return False
    spots = set(foe.hexes)
    if any(zone_of(figure, h) == "front" for h in spots):
        return True
    if reach(figure) >= 2:
        if not spots & reach_hexes(figure):
            return False
        if state.revision >= REACH_SIGHT:
            return reach_line_open(state, figure, foe)
        return any(cover(origin, h, walls(state)) != "complete" for h in spots & reach_hexes(figure)
                   for origin in figure.hexes if distance(origin, h) == 2)
    return False


def reach_line_open(state: CombatState, figure: Figure, foe: Figure) -> bool:
    """Version 6: the Reach blow's line (strikes.py: `v5/sight.py` `line_cover`) is not Complete Cover."""
    from domain.rulesets.pericle.v6 import sight  # above board.py: imported as it is needed

    return sight.reach_open(state, figure, foe)


def foes(state: CombatState, figure: Figure) -> list[Figure]:
    return [f for f in state.figures if f.team != figure.team and f.active]


def embattled_by(state: CombatState, figure: Figure, at: Hex | None = None) -> list[Figure]:
    """The foes that Embattle `figure` (with its anchor at `at`): those who could strike it
    there, and the foes it holds at bay with Reach (a Reach wielder is Embattled too)."""
    if figure.airborne:
        return []  # flying creatures are not Embattled by anyone
    placed = figure if at is None else msgspec.structs.replace(figure, hex=at)
    found = [foe for foe in foes(state, figure) if threatens(state, foe, placed)]
    if can_threaten(placed) and reach(placed) >= 2:
        found += [foe for foe in foes(state, figure) if foe not in found and gap(placed, foe) == 2
                  and not foe.airborne and threatens(state, placed, foe)]
    return found


def walls(state: CombatState) -> frozenset[Hex]:
    """Complete obstructions: the walls and the doors still closed."""
    closed = {door.hex for door in state.encounter.map.doors if door.hex not in state.opened}
    return frozenset(state.encounter.map.walls) | closed


def obstacles(state: CombatState, *, ignore: tuple[str, ...] = ()) -> frozenset[Hex]:
    """Partial obstructions for a line of sight: furniture and standing combatants."""
    standing = {h for f in state.figures if f.id not in ignore and f.condition == "standing" and not f.airborne
                for h in f.hexes}
    return frozenset(state.encounter.map.furniture) | standing


def sight_pair(state: CombatState, shooter: Figure, target: Figure) -> tuple[Hex, Hex, str]:
    """The hexes of the two bases with the clearest line between them (nearest on a tie), and
    that line's cover: clear, partial or complete, by the seed's two parallel lines (walls
    complete; furniture and other standing combatants partial)."""
    blocking = obstacles(state, ignore=(shooter.id, target.id))
    options = [(a, b, cover(a, b, walls(state), blocking)) for a in shooter.hexes for b in target.hexes]
    return min(options, key=lambda o: (COVER_RANK[o[2]], distance(o[0], o[1]), o[0].q, o[0].r, o[1].q, o[1].r))


def line_cover(state: CombatState, shooter: Figure, target: Figure) -> str:
    return sight_pair(state, shooter, target)[2]


def figures_in_the_way(state: CombatState, shooter: Figure, target: Figure) -> list[Figure]:
    """Standing combatants whose hexes either sight line touches, nearest first."""
    a, b, _ = sight_pair(state, shooter, target)
    touched = sight_line_hexes(a, b)
    found = [f for f in state.figures if touched & set(f.hexes) and f.condition == "standing" and not f.airborne
             and f.id not in (shooter.id, target.id)]
    return sorted(found, key=lambda f: (min(distance(a, h) for h in f.hexes), f.id))


def passable(state: CombatState, h: Hex, *, over_pits: bool = False) -> bool:
    """On the map and free of walls, closed doors and furniture; a pit can be jumped over, not
    entered."""
    board_map = state.encounter.map
    return (board_map.contains(h) and h not in walls(state) and h not in board_map.furniture
            and (over_pits or h not in board_map.pits))


def standing_in(state: CombatState, h: Hex, *, besides: str, airborne: bool = False) -> Figure | None:
    """A standing combatant in the hex, at the given height (a flyer may be above a ground one)."""
    return next((f for f in state.figures if h in f.hexes and f.id != besides and f.condition == "standing"
                 and f.airborne == airborne), None)


def lying_in(state: CombatState, h: Hex, *, besides: str) -> list[Figure]:
    """Prone combatants and bodies in a hex (entering it needs a Simple Athletics check)."""
    return [f for f in state.figures if h in f.hexes and f.id != besides and f.condition != "standing"]


def base_fits(state: CombatState, figure: Figure, anchor: Hex, facing: int) -> bool:
    """Whether the figure's base fits at an anchor and facing: every hex passable and free of
    other standing combatants."""
    return all(passable(state, h) and standing_in(state, h, besides=figure.id, airborne=figure.airborne) is None
               for h in footprint(figure.size, anchor, facing))
