"""Pilgrimage version 3's Fire and Assault: an Assault may shove (PIL-SHOVE), and a Character
Knocked Down part-way up a face falls (PIL-CLIMB); both falls are recorded with their inches,
damage and Knocked Down (seed 000, "Falling")."""

from __future__ import annotations

import math

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import Events
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.attacks import RANGES, resolve_attack
from domain.rulesets.pilgrimage.play import (
    Assault,
    DeedPerformed,
    Figure,
    Fire,
    PlayState,
)
from domain.rulesets.pilgrimage.rules import (
    Skirmish,
)
from domain.rulesets.pilgrimage.v3.acts import EPSILON, acting, after_deed, reading_of, settings_of
from domain.rulesets.pilgrimage.v3.evolve import apply_all
from domain.rulesets.pilgrimage.v3.falls import (
    KNOCKED_OFF,
    SHOVED,
    CharacterShoved,
    fall,
    on_a_face,
)


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
    figure, act = acting(ctx, "fire")
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
    return after_deed(ctx, _knocked_off(ctx, [deed], deed), deed)


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
    figure, act = acting(ctx, "assault")
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
    return after_deed(ctx, _knocked_off(ctx, events, deed), deed)


