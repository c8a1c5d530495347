"""Hex-grid geometry for Pericle (Red Blob Games' cube-coordinate algorithms): distance,
neighbours, lines, and the seed's line of sight by two parallel lines (seed 001, "Cover &
Line of Sight"). Pointy-top hexes of circumradius 1."""

from __future__ import annotations

import math
from collections.abc import Iterable

import msgspec
from shapely.geometry import LineString, Polygon  # type: ignore[import-untyped]

SQRT3 = math.sqrt(3)
INNER_RADIUS = SQRT3 / 2  # centre to edge midpoint, for circumradius 1


class Hex(msgspec.Struct, frozen=True):
    """Axial coordinates; the cube's third coordinate is s = -q - r."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)


DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def distance(a: Hex, b: Hex) -> int:
    return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) // 2


def neighbours(h: Hex) -> list[Hex]:
    return [h + d for d in DIRECTIONS]


def centre(h: Hex) -> tuple[float, float]:
    return (SQRT3 * (h.q + h.r / 2), 1.5 * h.r)


def corners(h: Hex) -> list[tuple[float, float]]:
    x, y = centre(h)
    return [(x + math.cos(math.radians(60 * i - 30)), y + math.sin(math.radians(60 * i - 30))) for i in range(6)]


def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from a's centre to b's centre passes, a and b included."""
    n = distance(a, b)
    if n == 0:
        return [a]
    # A tiny nudge keeps the line off exact corners, so rounding is never ambiguous.
    aq, ar = a.q + 1e-6, a.r + 1e-6
    bq, br = b.q + 1e-6, b.r + 1e-6
    return [_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def _touched(segment: LineString, candidates: Iterable[Hex]) -> set[Hex]:
    return {h for h in candidates if segment.intersection(Polygon(corners(h))).length > 1e-9}


def sight_lines(a: Hex, b: Hex) -> tuple[LineString, LineString]:
    """The two parallel lines from the outside edges of a's hex to those of b's (seed 001)."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    offset = INNER_RADIUS * 0.999  # along the edges of the corridor, not into the next hexes' corners
    return (LineString([(ax + nx * offset, ay + ny * offset), (bx + nx * offset, by + ny * offset)]),
            LineString([(ax - nx * offset, ay - ny * offset), (bx - nx * offset, by - ny * offset)]))


def cover(a: Hex, b: Hex, complete: set[Hex] | frozenset[Hex], partial: set[Hex] | frozenset[Hex] = frozenset()) -> str:
    """"clear", "partial" (the target gains a Defense Die) or "complete" (no attack), by the
    two lines: both clear, one obstructed, or both through complete obstructions. A partial
    obstruction (furniture) on either line gives partial cover."""
    if a == b:
        return "clear"
    between = _corridor(a, b) - {a, b}
    blocked = [_touched(segment, between) & complete for segment in sight_lines(a, b)]
    furniture = [_touched(segment, between) & partial for segment in sight_lines(a, b)]
    if all(blocked):
        return "complete"
    if any(blocked) or any(furniture):
        return "partial"
    return "clear"


def sight_line_hexes(a: Hex, b: Hex) -> set[Hex]:
    """The hexes between a and b that either of the two sight lines touches (none within one
    hex: a flyer shoots the figure below it)."""
    if a == b:
        return set()
    between = _corridor(a, b) - {a, b}
    return set().union(*(_touched(segment, between) for segment in sight_lines(a, b)))


def _corridor(a: Hex, b: Hex) -> set[Hex]:
    """The hexes the two lines can touch: those of the centre line and their neighbours."""
    return {n for h in line(a, b) for n in (h, *neighbours(h))}
