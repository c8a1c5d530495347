"""Pilgrimage version 3's rules, one per command, `rule(ctx, command) -> events`, where they
differ from version 2's (`../deeds.py`; `activate` is version 2's):

- the Oathbands are chosen after `start` has rolled the environment (seed 002: "Roll them before
  the Oathband prepares ... so the weather is known when those choices are made");
- Turn 1's Initiative is rolled with every Character on the table, the last one deployed
  included (seed 002 glossary, Battle: "from deployment to the end of the final Turn"; Turn:
  "roll Initiative, then sides alternate activating");
- Climb moves 3" up or down a face and may stop part-way (PIL-CLIMB); a Move drops from any
  height (seed 000), and every fall is recorded (`falls.py`);
- an Assault may shove (PIL-SHOVE); a Character Knocked Down part-way up a face falls;
- a weather entry rolled twice applies twice (PIL-WEATHER-TWICE); Cover has its seed's first
  clause (PIL-COVER).
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import Events
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.attacks import RANGES, resolve_attack
from domain.rulesets.pilgrimage.deeds import submit_oathband as submit_oathband_v2
from domain.rulesets.pilgrimage.play import (
    ActEnded,
    Activation,
    Aim,
    Assault,
    CharacterDeployed,
    Climb,
    DeedPerformed,
    Deploy,
    EndAct,
    Figure,
    Fire,
    Guard,
    Hide,
    Move,
    PlayState,
    Stand,
    SubmitOathband,
    Use,
)
from domain.rulesets.pilgrimage.rules import (
    ZONE,
    Reading,
    Skirmish,
    begin_turn,
    deed_cost,
    end_turn,
    in_cover,
    in_play,
    move_allowance,
    side_to_act,
    times,
    ward,
    zone_contains,
)
from domain.rulesets.pilgrimage.v3.evolve import apply, apply_all
from domain.rulesets.pilgrimage.v3.falls import (
    DELIBERATE,
    KNOCKED_OFF,
    SHOVED,
    CharacterFell,
    CharacterShoved,
    fall,
    on_a_face,
)
from domain.rulesets.pilgrimage.v3.settings import PilgrimageV3Settings

CLIMB_INCHES = 3  # seed 002 glossary, Climb: "A Deed (cost 2) that moves a character 3" vertically."
EPSILON = 1e-9


def settings_of(ctx: Skirmish) -> PilgrimageV3Settings:
    """The battle's settings: version 3 creates its battles with its own settings type."""
    assert isinstance(ctx.settings, PilgrimageV3Settings)
    return ctx.settings


def reading_of(ctx: Skirmish) -> Reading:
    """Version 3's reading: PIL-WEATHER-TWICE, and PIL-COVER's body."""
    return Reading(twice=True, body=settings_of(ctx).PIL_COVER.body_radius)


# ---- set-up: Oathbands after the environment, deployment ------------------------------------


def submit_oathband(ctx: Skirmish, command: SubmitOathband) -> Events:
    """Before `start` (a list chosen in advance, such as a tournament's registered one) or after
    it, once the environment is known, until every side has one. After `start` a side's
    Oathband, once submitted, stands: it is the list the side plays."""
    state = ctx.state
    if state.phase != "muster":
        raise RuleViolation("not-muster", "Oathbands are chosen before deployment begins")
    if state.environment is not None and any(f.seat == ctx.seat for f in state.figures):
        raise RuleViolation("oathband-submitted", f"seat {ctx.seat!r} already has its Oathband for this Battle")
    return submit_oathband_v2(ctx, command)


def deploy(ctx: Skirmish, command: Deploy) -> Events:
    """The last deployment begins Turn 1: Initiative is rolled with it on the table."""
    state = ctx.state
    if state.phase != "deployment":
        raise RuleViolation("not-deployment", "Characters deploy once every Oathband is chosen and before "
                                              "the first Turn")
    figure = state.figure(command.character)
    if figure is None:
        raise RuleViolation("character-unknown", f"no Character {command.character!r}")
    point = (command.x, command.y)
    if not tables.on_table(state.table, point) or not zone_contains(state, figure.seat, point):
        raise RuleViolation("outside-deployment-zone", f"deploy within {ZONE}\" of your own table edge (PIL-TRIALS)")
    if tables.crosses(state.table, "blocking", [point]):
        raise RuleViolation("inside-blocking-terrain", "a Character cannot stand inside blocking terrain")
    deployed = CharacterDeployed(character=figure.id, x=command.x, y=command.y,
                                 z=tables.height_at(state.table, point))
    after = apply(state, deployed)
    if any(not f.deployed for f in after.figures):
        return [deployed]
    return [deployed, begin_turn(after, 1, ctx.dice, ctx.settings, reading_of(ctx))]


# ---- Acts --------------------------------------------------------------------------------


def _acting(ctx: Skirmish, deed: str) -> tuple[Figure, Activation]:
    state = ctx.state
    if state.activation is None:
        raise RuleViolation("no-act", "activate a Character before its Deeds")
    figure = state.figure(state.activation.character)
    assert figure is not None
    if figure.knocked_down and deed != "stand":
        raise RuleViolation("knocked-down", "a Character that is Knocked Down must Stand first")
    if deed not in ("climb", "move") and on_a_face(state, figure):
        raise RuleViolation("on-a-face", "part-way up a face a Character may only Climb on or drop "
                                         "(a Move) (PIL-CLIMB)")
    cost = deed_cost(state, deed, reading_of(ctx))
    if cost > state.activation.deeds_left:
        raise RuleViolation("not-enough-deeds", f"{deed} costs {cost} Deeds; {state.activation.deeds_left} left")
    return figure, state.activation


def _close_act(ctx: Skirmish, after: PlayState) -> list[msgspec.Struct]:
    """The Act ends; the Character is Tired. When every Character is Tired, or a side has no one
    left, the Turn ends."""
    assert after.activation is not None
    ended = ActEnded(character=after.activation.character)
    closed = apply(after, ended)
    events: list[msgspec.Struct] = [ended]
    wiped = any(not in_play(closed, s) for s in closed.seats)
    if side_to_act(closed) is None or wiped:
        events += end_turn(closed, ctx.dice, ctx.settings, force_end=wiped, reading=reading_of(ctx))
    return events


def _after_deed(ctx: Skirmish, events: list[msgspec.Struct], deed: DeedPerformed) -> Events:
    """A Deed's events, and the Act's end when no Deed is left, the acting Character is Out of
    Action or a side has no one left."""
    after = apply_all(ctx.state, events)
    actor = after.figure(deed.character)
    assert actor is not None
    if deed.deeds_left == 0 or actor.out_of_action or any(not in_play(after, s) for s in after.seats):
        events = [*events, *_close_act(ctx, after)]
    return events


def finish_act(ctx: Skirmish, command: EndAct) -> Events:
    if ctx.state.activation is None:
        raise RuleViolation("no-act", "no Character is acting")
    return _close_act(ctx, ctx.state)


# ---- Move and Climb ----------------------------------------------------------------------


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
    figure, act = _acting(ctx, "move")
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
    return _after_deed(ctx, [deed, *falls], deed)


def climb(ctx: Skirmish, command: Climb) -> Events:
    """Seed 002 glossary: "Climb: A Deed (cost 2) that moves a character 3" vertically." Up or
    down a face from within PIL-CLIMB's `reach` of it: 3", or to the top or foot when that is
    nearer; short of it the Character holds on part-way up the face (PIL-CLIMB) and climbs on in
    a later Deed or Act, or lets go (a Move drops it)."""
    state, settings = ctx.state, settings_of(ctx)
    figure, act = _acting(ctx, "climb")
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
    return _after_deed(ctx, [deed], deed)


# ---- the simple Deeds --------------------------------------------------------------------


def simple_deed(ctx: Skirmish, command: Stand | Aim | Guard | Hide | Use) -> Events:
    state = ctx.state
    name = str(type(command).__struct_config__.tag)
    figure, act = _acting(ctx, name)
    cost = deed_cost(state, name, reading_of(ctx))
    extra: dict[str, Any] = {}
    if isinstance(command, Stand) and not figure.knocked_down:
        raise RuleViolation("not-knocked-down", "only a Knocked Down Character needs to Stand")
    if isinstance(command, Hide):
        enemies = [f for f in in_play(state) if f.seat != figure.seat]
        exposed = [e.id for e in enemies if not in_cover(state, e, figure, reading_of(ctx))
                   and tables.distance(e.point, figure.point) <= state.sight]
        if exposed:
            raise RuleViolation("cannot-hide", f"in the open to {exposed} (PIL-HIDE)")
        extra["hidden"] = True
    if isinstance(command, Use):
        marker = next((o for o in state.table.objectives if o.name == command.objective), None)
        if marker is None or tables.distance(figure.point, (marker.x, marker.y)) > 1:
            raise RuleViolation("objective-out-of-reach", "Use an objective marker within 1\" (PIL-USE)")
        extra["objective"] = marker.name
    deed = DeedPerformed(character=figure.id, deed=name, cost=cost, deeds_left=act.deeds_left - cost, **extra)
    return _after_deed(ctx, [deed], deed)


# ---- Fire and Assault --------------------------------------------------------------------


def _target(state: PlayState, figure: Figure, target_id: str) -> Figure:
    target = state.figure(target_id)
    if target is None or not target.deployed or target.out_of_action:
        raise RuleViolation("target-invalid", f"no Character {target_id!r} in play")
    if target.seat == figure.seat:
        raise RuleViolation("target-invalid", "attack a Character of another side")
    return target


def _knocked_off(ctx: Skirmish, events: list[msgspec.Struct], deed: DeedPerformed) -> list[msgspec.Struct]:
    """Misadventure (PIL-CLIMB): a Character Knocked Down part-way up a face falls to its foot."""
    after = apply_all(ctx.state, events)
    target = after.figure(deed.target) if deed.target else None
    if deed.attack is None or not deed.attack.knocked_down or target is None or target.out_of_action:
        return events
    if not on_a_face(after, target):
        return events
    foot = (target.point[0], target.point[1], tables.height_at(after.table, target.point))
    attacker = after.figure(deed.character)
    assert attacker is not None
    return [*events, fall(after, target, KNOCKED_OFF, foot, settings_of(ctx).PIL_FALL_INCHES, reading_of(ctx),
                          by=attacker.seat)]


def fire(ctx: Skirmish, command: Fire) -> Events:
    state = ctx.state
    figure, act = _acting(ctx, "fire")
    target = _target(state, figure, command.target)
    reach = max((RANGES[g] for g in figure.sheet.gear if g in RANGES), default=0)
    if not reach:
        raise RuleViolation("no-ranged-weapon", "a Fire Deed needs a sling, bow or crossbow (PIL-RANGE)")
    if tables.distance(figure.point, target.point) > reach:
        raise RuleViolation("out-of-range", f"the target is beyond the weapon's {reach}\" (PIL-RANGE)")
    if tables.line_passes(state.table, "blocking", figure.point, target.point):
        raise RuleViolation("line-blocked", "blocking terrain stands between shooter and target (PIL-RANGE)")
    attack = resolve_attack(state, "fire", figure, target, act.aimed, ctx.dice, reading_of(ctx))
    deed = DeedPerformed(character=figure.id, deed="fire", cost=1, deeds_left=act.deeds_left - 1, target=target.id,
                         attack=attack, hidden=False if figure.hidden else None)
    return _after_deed(ctx, _knocked_off(ctx, [deed], deed), deed)


def _shove_to(state: PlayState, attacker: Figure, target: Figure, inches: float) -> tables.Coordinate | None:
    """Where a shove puts the target: `inches` straight away from the attacker; nowhere when that
    is off the table, through blocking terrain or up a face."""
    (ax, ay), (tx, ty) = attacker.point, target.point
    gap = math.dist((ax, ay), (tx, ty))
    to = (round(tx + (tx - ax) / gap * inches, 6), round(ty + (ty - ay) / gap * inches, 6))
    if not tables.on_table(state.table, to) or tables.crosses(state.table, "blocking", [target.point, to]):
        return None
    if tables.height_at(state.table, to) > target.z + EPSILON:
        return None
    return to


def assault(ctx: Skirmish, command: Assault) -> Events:
    """PIL-ASSAULT; with `shove` (PIL-SHOVE), an Assault that wins moves the target straight away
    from the attacker instead of dealing damage: unwilling movement, so off a height it falls
    (seed 000: "pushed from a ledge 7" up. They take 4 direct damage and are Knocked Down at the
    base")."""
    state, settings, reading = ctx.state, settings_of(ctx), reading_of(ctx)
    figure, act = _acting(ctx, "assault")
    target = _target(state, figure, command.target)
    if tables.distance(figure.point, target.point) > 1:
        raise RuleViolation("target-not-in-reach", "Assault an enemy within 1\" (PIL-ASSAULT)")
    if command.shove and tables.distance(figure.point, target.point) < EPSILON:
        raise RuleViolation("shove-no-direction", "a shove needs the target apart from the attacker (PIL-SHOVE)")
    attack = resolve_attack(state, "assault", figure, target, False, ctx.dice, reading)
    shoved = command.shove and attack.margin > 0
    if shoved:
        attack = msgspec.structs.replace(attack, damage=0, knocked_down=False, out_of_action=False)
    to = _shove_to(state, figure, target, settings.PIL_SHOVE.inches) if shoved else None
    notes: tuple[str, ...] = ()
    if shoved:
        notes = (f"shove: {settings.PIL_SHOVE.inches:g}\" away",) if to else ("shove: the target cannot be moved "
                                                                            "there",)
    deed = DeedPerformed(character=figure.id, deed="assault", cost=1, deeds_left=act.deeds_left - 1,
                         target=target.id, attack=attack, hidden=False if figure.hidden else None, notes=notes)
    events: list[msgspec.Struct] = [deed]
    if to is not None:
        level = tables.height_at(state.table, to)
        events.append(CharacterShoved(character=target.id, by=figure.id, to=(to[0], to[1], target.z)))
        if level < target.z - EPSILON:
            moved = msgspec.structs.replace(target, x=to[0], y=to[1])
            events.append(fall(state, moved, SHOVED, (to[0], to[1], level), settings.PIL_FALL_INCHES, reading,
                               by=figure.seat))
    return _after_deed(ctx, _knocked_off(ctx, events, deed), deed)


__all__ = ["CharacterFell", "assault", "climb", "deploy", "finish_act", "fire", "move", "simple_deed",
           "submit_oathband"]
