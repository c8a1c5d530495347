"""Cover & Line of Sight as seed 001 gives it (lines 412-432), for version 5.

Versions 3 and 4 (board.py `sight_pair`) treat other combatants as partial obstructions only
(their PER-COMBATANT-COVER) and give Complete Cover whenever both lines touch a wall. The seed
says otherwise, and version 5 follows it:

- line 414: "draw 2 parallel lines ... If both of the lines can be drawn without touching hexes
  that contain obstructions like walls, other combatants (friend or foe), furniture, et cetera,
  then you may attack the target without penalty. If both of the lines touch hexes with complete
  obstructions, such as walls, then the target has Complete Cover and you may not attack";
- line 416: one line clear and the other obstructed: Partial Cover (a Defense Die);
- line 418: furniture the Loremaster calls partial is shot over, with a Defense Die
  (PER-FURNITURE: all furniture is partial);
- line 420: "other combatants also provide Cover and Partial Cover if you are trying to shoot an
  enemy that is behind the obstructing combatant" - a combatant is a complete obstruction, like a
  wall (Sharpshooter II, line 1272, "even if your ally provides complete cover", says the same);
- line 424: "if both lines are obstructed, but the center of the shot is clear, the target still
  only gains Partial Cover".

Which combatants obstruct is this version's PER-COMBATANT-COVER: standing ones on the ground;
prone ones, bodies and flyers in the air do not (the seed does not say)."""

from __future__ import annotations

from shapely.geometry import LineString, Polygon  # type: ignore[import-untyped]
from shapely.ops import unary_union  # type: ignore[import-untyped]

from domain.hexes import Hex, centre, corners, distance, line, neighbours, sight_lines
from domain.rulesets.pericle import board
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import CombatState, Figure

REVISION = 5  # the settings' REVISION from which these rules decide
EPSILON = 1e-7


def _corridor(a: Hex, b: Hex) -> set[Hex]:
    """The hexes either line can touch: those of the centre line and their neighbours, less the
    two ends."""
    return {n for h in line(a, b) for n in (h, *neighbours(h))} - {a, b}


def _touched(segment: LineString, candidates: set[Hex]) -> set[Hex]:
    return {h for h in candidates if segment.intersection(Polygon(corners(h))).length > 1e-9}


def centre_clear(a: Hex, b: Hex, complete: set[Hex] | frozenset[Hex]) -> bool:
    """Whether "the center of the shot" (line 424), the line from centre to centre, passes
    through no complete obstruction. A line that only runs along the outer edge of an
    obstruction is clear; one running between two obstructions that touch is not (it crosses
    the inside of what they cover together)."""
    between = _corridor(a, b) & set(complete)
    if not between:
        return True
    # Grown a little before the union so that touching hexes leave no seam between them, then
    # shrunk by twice as much: a hex's own outer edge is not inside it.
    blocked = unary_union([Polygon(corners(h)).buffer(EPSILON) for h in between]).buffer(-2 * EPSILON)
    return bool(LineString([centre(a), centre(b)]).intersection(blocked).length <= 1e-9)


def cover(a: Hex, b: Hex, complete: set[Hex] | frozenset[Hex], partial: set[Hex] | frozenset[Hex] = frozenset()
          ) -> str:
    """"clear", "partial" (a Defense Die) or "complete" (no attack) between two hexes: both lines
    touching complete obstructions is Complete Cover unless the centre is clear (lines 414, 424);
    one line touching one, or either touching a partial obstruction, is Partial Cover (416, 418)."""
    if a == b:
        return "clear"
    between = _corridor(a, b)
    lines = sight_lines(a, b)
    blocked = [_touched(segment, between & set(complete)) for segment in lines]
    over = [_touched(segment, between & set(partial)) for segment in lines]
    if all(blocked):
        return "complete" if not centre_clear(a, b, complete) else "partial"
    if any(blocked) or any(over):
        return "partial"
    return "clear"


def combatants(state: CombatState, *, ignore: tuple[str, ...]) -> frozenset[Hex]:
    """The hexes of the combatants that obstruct a line (PER-COMBATANT-COVER, version 5): those
    standing on the ground."""
    return frozenset(h for f in state.figures if f.id not in ignore and f.condition == "standing"
                     and not f.airborne for h in f.hexes)


def sight_pair(state: CombatState, shooter: Figure, target: Figure) -> tuple[Hex, Hex, str]:
    """The hexes of the two bases with the clearest line between them (nearest on a tie), and
    that line's cover: walls, closed doors and standing combatants are complete obstructions,
    furniture partial."""
    complete = board.walls(state) | combatants(state, ignore=(shooter.id, target.id))
    partial = frozenset(state.encounter.map.furniture)
    options = [(a, b, cover(a, b, complete, partial)) for a in shooter.hexes for b in target.hexes]
    return min(options, key=lambda o: (board.COVER_RANK[o[2]], distance(o[0], o[1]), o[0].q, o[0].r, o[1].q, o[1].r))


def line_cover(play: Play, shooter: Figure, target: Figure) -> str:
    """The cover of a shot, a thrown spell or a Reach blow, by the version's reading: the seed's
    from version 5, board.py's before."""
    if play.settings.REVISION < REVISION:
        return board.line_cover(play.state, shooter, target)
    return sight_pair(play.state, shooter, target)[2]


def in_the_way(play: Play, shooter: Figure, target: Figure) -> list[Figure]:
    """The combatants that give the target cover, nearest first: standing combatants whose hexes
    either line touches (line 420: an ally among them is rolled against after a miss)."""
    if play.settings.REVISION < REVISION:
        return board.figures_in_the_way(play.state, shooter, target)
    a, b, _ = sight_pair(play.state, shooter, target)
    if a == b:
        return []  # bases sharing a hex (a Grapple Pile's, line 442): no line, nobody between them
    between = _corridor(a, b)
    touched = set().union(*(_touched(segment, between) for segment in sight_lines(a, b)))
    found = [f for f in play.state.figures if touched & set(f.hexes) and f.condition == "standing"
             and not f.airborne and f.id not in (shooter.id, target.id)]
    return sorted(found, key=lambda f: (min(distance(a, h) for h in f.hexes), f.id))
