"""The table: terrain pieces as polygons in inches (PIL-MEASURE: Characters are points,
distances are centre to centre on the table plane, heights are terrain levels in inches),
light sources, objective markers, and the built-in tables of each Trial."""

from __future__ import annotations

import itertools
from typing import Annotated, Literal

import msgspec
from shapely.geometry import LineString, Point, Polygon  # type: ignore[import-untyped]

TerrainKind = Literal["difficult", "obscuring", "blocking", "water", "climbable"]
Inches = Annotated[float, msgspec.Meta(ge=0, le=1000)]
Coordinate = tuple[float, float]


class TerrainPiece(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(max_length=60)]
    kinds: Annotated[list[TerrainKind], msgspec.Meta(max_length=5)]
    polygon: Annotated[list[Coordinate], msgspec.Meta(min_length=3, max_length=64)]
    height: Annotated[float, msgspec.Meta(ge=0, le=24)] = 0


class LightSource(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An "X" Light": Figures within `radius` inches may not be Shrouded (seed 002)."""

    x: float
    y: float
    radius: Annotated[float, msgspec.Meta(gt=0, le=48)]


class Objective(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(max_length=40)]
    x: float
    y: float


class Table(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    width: Annotated[float, msgspec.Meta(ge=12, le=96)] = 48
    depth: Annotated[float, msgspec.Meta(ge=12, le=96)] = 48
    terrain: Annotated[list[TerrainPiece], msgspec.Meta(max_length=64)] = []
    lights: Annotated[list[LightSource], msgspec.Meta(max_length=16)] = []
    objectives: Annotated[list[Objective], msgspec.Meta(max_length=8)] = []


def problems(table: Table) -> list[str]:
    found = []
    bounds = Polygon([(0, 0), (table.width, 0), (table.width, table.depth), (0, table.depth)])
    for piece in table.terrain:
        shape = Polygon(piece.polygon)
        if not shape.is_valid or shape.area <= 0:
            found.append(f"terrain {piece.name!r}: the polygon is not a simple shape with an area")
        elif not bounds.contains(shape):
            found.append(f"terrain {piece.name!r} lies outside the {table.width}\" x {table.depth}\" table")
    spots: list[tuple[float, float]] = [(i.x, i.y) for i in table.lights] + [(o.x, o.y) for o in table.objectives]
    for x, y in spots:
        if not bounds.covers(Point(x, y)):
            found.append(f"({x}, {y}) lies outside the table")
    return found


def on_table(table: Table, point: Coordinate) -> bool:
    return 0 <= point[0] <= table.width and 0 <= point[1] <= table.depth


def pieces(table: Table, kind: str) -> list[tuple[TerrainPiece, Polygon]]:
    return [(p, Polygon(p.polygon)) for p in table.terrain if kind in p.kinds]


def height_at(table: Table, point: Coordinate) -> float:
    """The terrain level under a point: the highest piece that covers it, else the ground."""
    where = Point(point)
    return max((p.height for p in table.terrain if Polygon(p.polygon).covers(where)), default=0.0)


def crosses(table: Table, kind: str, path: list[Coordinate]) -> bool:
    """Whether a path starts in, ends in or crosses terrain of `kind`."""
    line = LineString(path) if len(path) > 1 else Point(path[0])
    return any(shape.intersects(line) for _, shape in pieces(table, kind))


def line_passes(table: Table, kind: str, a: Coordinate, b: Coordinate) -> bool:
    """Whether the straight line from a to b passes through terrain of `kind` (touching the
    endpoints' own piece counts: a shot from inside a wood is a shot through it)."""
    line = LineString([a, b])
    return any(shape.intersects(line) for _, shape in pieces(table, kind))


def levels_along(table: Table, a: Coordinate, b: Coordinate) -> list[tuple[float, float]]:
    """The terrain levels a straight segment from a to b passes over, in order, each as (inches
    from a where it begins, level): the first is the level at a."""
    line = LineString([a, b])
    if line.length == 0:
        return [(0.0, height_at(table, a))]
    cuts = {0.0, float(line.length)}
    for piece in table.terrain:
        crossing = Polygon(piece.polygon).boundary.intersection(line)
        for part in getattr(crossing, "geoms", [crossing]):
            if not part.is_empty:
                cuts.update(float(line.project(Point(xy))) for xy in part.coords)
    levels: list[tuple[float, float]] = []
    ordered = sorted(cuts)
    for low, high in itertools.pairwise(ordered):
        if high - low < 1e-9:
            continue
        middle = line.interpolate((low + high) / 2)
        level = height_at(table, (middle.x, middle.y))
        if not levels or levels[-1][1] != level:
            levels.append((low, level))
    return levels or [(0.0, height_at(table, a))]


def point_along(a: Coordinate, b: Coordinate, inches: float) -> Coordinate:
    point = LineString([a, b]).interpolate(inches)
    return (round(float(point.x), 6), round(float(point.y), 6))


def hides_part(table: Table, shooter: Coordinate, target: Coordinate, body: float) -> bool:
    """Seed 000, Cover: obscuring terrain within 1" of the target that obscures part of its body
    from the shooter. The body is a disc of radius `body` about the target's point (PIL-COVER);
    a piece obscures part of it when it overlaps the shape the shooter sees it through (the
    convex hull of the shooter's point and the disc), so a piece behind the target does not."""
    disc = Point(target).buffer(body)
    sight = disc.union(Point(shooter)).convex_hull
    # Overlapping, not merely touching: a Character standing against a wall behind it is not hidden.
    return any(shape.distance(Point(target)) <= 1 and shape.intersection(sight).area > 1e-9
               for _, shape in pieces(table, "obscuring"))


def near(table: Table, kind: str, point: Coordinate, inches: float) -> bool:
    where = Point(point)
    return any(shape.distance(where) <= inches for _, shape in pieces(table, kind))


def distance(a: Coordinate, b: Coordinate) -> float:
    return float(Point(a).distance(Point(b)))


def _rect(x: float, y: float, w: float, d: float) -> list[Coordinate]:
    return [(x, y), (x + w, y), (x + w, y + d), (x, y + d)]


_COMMON = [
    TerrainPiece("bog", ["difficult"], _rect(18, 20, 6, 5)),
    TerrainPiece("ruined wall", ["obscuring"], _rect(10, 30, 8, 1), height=2),
    TerrainPiece("standing stones", ["blocking"], _rect(30, 14, 3, 3), height=4),
    TerrainPiece("crag", ["climbable"], _rect(34, 28, 6, 6), height=7),
    TerrainPiece("mere", ["water", "difficult"], _rect(6, 8, 6, 4)),
]

BUILT_IN_TABLES: dict[str, Table] = {
    "crossing": Table(terrain=_COMMON, lights=[LightSource(24, 24, 6)]),
    "vigil": Table(terrain=_COMMON, lights=[LightSource(24, 24, 6)],
                   objectives=[Objective("cairn", 12, 24), Objective("shrine", 24, 24), Objective("well", 36, 24)]),
    "reckoning": Table(terrain=_COMMON, lights=[LightSource(12, 36, 4), LightSource(36, 12, 4)]),
}
