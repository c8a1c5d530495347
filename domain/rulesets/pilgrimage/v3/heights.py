"""Pilgrimage version 3's Move and Climb among heights (seed 000, "Falling"; seed 002 glossary,
"Climb"): a Move follows the terrain its path crosses and drops from any height, each drop a
recorded fall; a Climb moves 3" up or down a face and may stop part-way (PIL-CLIMB)."""

from __future__ import annotations

import itertools

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import Events
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.play import (
    Climb,
    DeedPerformed,
    Figure,
    Move,
    PlayState,
)
from domain.rulesets.pilgrimage.rules import (
    Skirmish,
    deed_cost,
    move_allowance,
    times,
    ward,
)
from domain.rulesets.pilgrimage.v3.acts import EPSILON, acting, after_deed, reading_of, settings_of
from domain.rulesets.pilgrimage.v3.falls import (
    DELIBERATE,
    fall,
)

CLIMB_INCHES = 3  # seed 002 glossary, Climb: "A Deed (cost 2) that moves a character 3\" vertically."


class Step(msgspec.Struct, frozen=True):
    """One part of a Move, in order: a walk, a step up, or a drop landing at `at` on `level`."""

    kind: str  # "walk", "up" or "drop"
    inches: float
    at: tables.Coordinate
    level: float


def _steps(state: PlayState, figure: Figure, points: list[tables.Coordinate]) -> list[Step]:
    """The Move as steps in order, along the terrain each straight part of the path passes over
    (not only at its waypoints): a Character walks to an edge, then steps up or drops; one part
    way up a face lets go first (its drop at the start)."""
    steps: list[Step] = []
    level = figure.z
    for a, b in itertools.pairwise(points):
        walked = 0.0
        for at, ground in tables.levels_along(state.table, a, b):
            if at > walked:
                steps.append(Step("walk", at - walked, tables.point_along(a, b, at), level))
                walked = at
            if abs(ground - level) > EPSILON:
                where = tables.point_along(a, b, at)
                steps.append(Step("up" if ground > level else "drop", abs(ground - level), where, ground))
                level = ground
        rest = tables.distance(a, b) - walked
        if rest > EPSILON:
            steps.append(Step("walk", rest, b, level))
    return steps


def move(ctx: Skirmish, command: Move) -> Events:
    """Seed 000: a Move of 3" + Pace (3" after the first); "A Character may drop deliberately
    from any height as part of a Move Deed, counting the distance fallen as distance moved": a
    drop may take the Move beyond its allowance, and then ends it where the Character lands
    (PIL-DELIBERATE-DROP). A Move steps up at most PIL-CLIMB's `step_up`, counted as distance."""
    state, settings, reading = ctx.state, settings_of(ctx), reading_of(ctx)
    figure, act = acting(ctx, "move")
    points = [figure.point, *command.path]
    if not all(tables.on_table(state.table, p) for p in points):
        raise RuleViolation("off-table", "a path stays on the table")
    if tables.crosses(state.table, "blocking", points[1:]) or tables.crosses(state.table, "blocking", points):
        raise RuleViolation("path-blocked", "a Move cannot pass through blocking terrain")
    steps = _steps(state, figure, points)
    step_up = settings.PIL_CLIMB.step_up
    if any(step.kind == "up" and step.inches > step_up + EPSILON for step in steps):
        raise RuleViolation("climb-needed", f"a Move steps up at most {step_up:g}\"; Climb instead (PIL-CLIMB)")
    allowance = move_allowance(state, figure, first_move=act.moves == 0, reading=reading)
    covered, taken = 0.0, 0
    for step in steps:
        covered += step.inches
        taken += 1
        if covered > allowance + EPSILON:
            if step.kind != "drop":
                raise RuleViolation("move-too-far", f"this Move covers {covered:.2f}\"; the allowance is "
                                                    f"{allowance:g}\" (only a drop may go beyond it, ending the Move)")
            break
    difficult = not times(state, "Clear and High", reading) and tables.crosses(state.table, "difficult", points)
    cost = 1 + difficult  # seed 000: starts in, ends in or crosses Difficult Ground: +1 Deed
    if cost > act.deeds_left:
        raise RuleViolation("not-enough-deeds", f"this Move costs {cost} Deeds; {act.deeds_left} left")
    notes = ["difficult ground: +1 Deed"] if difficult else []
    damage = 0
    if act.moves == 2 and (hail := times(state, "Hail", reading)):
        damage = max(0, hail - ward(state, figure, reading))  # Hail: three Move Deeds: 1 damage, Ward applies
        notes.append("hail: third Move Deed in this Act")
    falls: list[msgspec.Struct] = []
    dropper = figure
    for step in steps[:taken]:
        if step.kind == "drop":
            falls.append(fall(state, dropper, DELIBERATE, (*step.at, step.level), settings.PIL_FALL_INCHES, reading))
        dropper = msgspec.structs.replace(dropper, z=step.level)
    # A drop beyond the allowance ends the Move where the Character lands.
    end = steps[taken - 1].at if taken < len(steps) else command.path[-1]
    if taken < len(steps):
        notes.append("the drop went beyond the allowance: the Move ends where the Character lands")
    in_the_open = not tables.near(state.table, "obscuring", end, 1)
    deed = DeedPerformed(character=figure.id, deed="move", cost=cost, deeds_left=act.deeds_left - cost,
                         position=(end[0], end[1], dropper.z), distance=round(covered, 6), allowance=allowance,
                         damage_taken=damage, hidden=False if figure.hidden and in_the_open else None,
                         notes=tuple(notes))
    # The deed first: it begins the action a contest reverts, falls and all.
    return after_deed(ctx, [deed, *falls], deed)


def climb(ctx: Skirmish, command: Climb) -> Events:
    """Seed 002 glossary: "Climb: A Deed (cost 2) that moves a character 3" vertically." Up or
    down a face from within PIL-CLIMB's `reach` of it: 3", or to the top or foot when that is
    nearer; short of it the Character holds on part-way up the face (PIL-CLIMB) and climbs on in
    a later Deed or Act, or lets go (a Move drops it)."""
    state, settings = ctx.state, settings_of(ctx)
    figure, act = acting(ctx, "climb")
    rules = settings.PIL_CLIMB
    cost = deed_cost(state, "climb", reading_of(ctx))
    if not tables.on_table(state.table, command.to):
        raise RuleViolation("off-table", "a Climb stays on the table")
    if tables.distance(figure.point, command.to) > rules.reach + EPSILON:
        raise RuleViolation("climb-too-far", f"Climb a face within {rules.reach:g}\" of the Character (PIL-CLIMB)")
    level = tables.height_at(state.table, command.to)
    if abs(level - figure.z) < EPSILON:
        raise RuleViolation("climb-height", "there is no height to climb between here and there")
    up = level > figure.z
    # PIL-CLIMB: the face climbed is terrain marked climbable (the top reached, or the height left).
    face = tables.near(state.table, "climbable", command.to, 0.01) if up else \
        tables.near(state.table, "climbable", figure.point, rules.reach + EPSILON)
    if rules.needs_climbable and not face:
        raise RuleViolation("not-climbable", "only terrain marked climbable can be climbed (PIL-CLIMB)")
    z = min(level, figure.z + CLIMB_INCHES) if up else max(level, figure.z - CLIMB_INCHES)
    arrived = abs(z - level) < EPSILON
    # Part-way up, the Character holds on beside the face: below it, at the foot's point.
    x, y = command.to if arrived or not up else figure.point
    notes = () if arrived else (f"part-way up the face: {abs(level - z):g}\" still to climb",)
    deed = DeedPerformed(character=figure.id, deed="climb", cost=cost, deeds_left=act.deeds_left - cost,
                         position=(x, y, z), distance=round(abs(z - figure.z), 6), notes=notes)
    return after_deed(ctx, [deed], deed)


