"""Figure bases (PER-FACING): the hexes a 1-, 3- or 4-hex base covers at an anchor and a
facing, and which hexes around it are front, side and rear. Directions are indices into
`hexes.DIRECTIONS` (0 = east, counter-clockwise in steps of 60 degrees).

A 1-hex figure faces direction f: its front hexes are f-1, f and f+1, its sides f-2 and f+2,
its rear f+3. A 3- or 4-hex figure faces between directions f and f+1, with the front edge of
its base (two hexes) towards them:

    3 hexes (f = 1, facing north):        4 hexes (f = 1, facing north):

         F  F  F                                F  F  F
       F  C  B  F                             F  C  B  F
         S  P  S      (P = anchor)              S  P  R  S
          r  r                                   r  r  r

(F front, S side, r rear; rows of pointy-top hexes, each row offset by half a hex.)

B = P + d[f], C = P + d[f+1] (the front edge); R = P + d[f-1] is the 4-hex base's fourth hex.
Front: the three outward hexes of the front edge and the hexes beside them; rear: the
outward hexes opposite; side: the rest."""

from __future__ import annotations

from typing import Literal

from domain.hexes import DIRECTIONS, Hex

Zone = Literal["front", "side", "rear"]


def _d(index: int) -> Hex:
    return DIRECTIONS[index % 6]


def footprint(size: int, anchor: Hex, facing: int) -> tuple[Hex, ...]:
    """The hexes a base covers, anchor first."""
    if size == 1:
        return (anchor,)
    base = (anchor, anchor + _d(facing), anchor + _d(facing + 1))
    return base if size == 3 else (*base, anchor + _d(facing - 1))


def zones(size: int, anchor: Hex, facing: int) -> dict[Hex, Zone]:
    """Every hex next to the base and its zone."""
    f = facing
    if size == 1:
        turns: dict[int, Zone] = {0: "front", 1: "front", 5: "front", 2: "side", 4: "side", 3: "rear"}
        return {anchor + _d(f + turn): zone for turn, zone in turns.items()}
    back, left, right = anchor, anchor + _d(f), anchor + _d(f + 1)
    found: dict[Hex, Zone] = {}
    for h in (left + _d(f), left + _d(f + 1), right + _d(f + 1), left + _d(f - 1), right + _d(f + 2)):
        found[h] = "front"
    if size == 3:
        for h in (back + _d(f + 3), back + _d(f + 4)):
            found[h] = "rear"
        for h in (back + _d(f + 2), back + _d(f - 1)):
            found[h] = "side"
    else:
        extra = anchor + _d(f - 1)
        for h in (back + _d(f + 3), back + _d(f + 4), extra + _d(f + 4)):
            found[h] = "rear"
        for h in (back + _d(f + 2), extra + _d(f - 1)):
            found[h] = "side"
    return found
