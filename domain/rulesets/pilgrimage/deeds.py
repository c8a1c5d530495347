"""Pilgrimage version 2's rules, one per command, `rule(ctx, command) -> events`: Oathbands,
deployment, Acts and every Deed. The engine has already checked the battle's phase and that
the player holds the seat acting (`ctx.seat`: the seat that names the Oathband, or the seat of
the Character deployed, activated or acting); the rules judge the rest, and may refuse.

Seeds: 000 ("The Ground Itself": Difficult Ground, Cover, Falling) and 002 (Sight, light and
weather). Where they are silent the provisional rules of RULES-NOTES.md apply, by id, with the
battle's settings (`ctx.settings`).
"""

from __future__ import annotations

import itertools
from typing import Any

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import Events
from domain.rulesets.pilgrimage import oathband
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.attacks import RANGES, resolve_attack
from domain.rulesets.pilgrimage.play import (
    ActBegan,
    Activate,
    Activation,
    Aim,
    Assault,
    CharacterDeployed,
    CharacterSheet,
    Climb,
    DeedPerformed,
    Deploy,
    EndAct,
    Figure,
    Fire,
    Guard,
    Hide,
    Move,
    OathbandSubmitted,
    PlayState,
    Stand,
    SubmitOathband,
    Use,
)
from domain.rulesets.pilgrimage.rules import (
    ZONE,
    Skirmish,
    begin_turn,
    deed_cost,
    end_act,
    in_cover,
    in_play,
    move_allowance,
    side_to_act,
    ward,
    weather,
    zone_contains,
)

# ---- whose command it is (the engine checks the player holds that seat) -------------------


def seat_of_named(state: PlayState, command: Deploy | Activate) -> str | None:
    """Deploy and Activate move the Character they name: its seat (None for no such Character:
    the rule refuses it)."""
    figure = state.figure(command.character)
    return figure.seat if figure is not None else None


def seat_acting(state: PlayState, command: msgspec.Struct) -> str | None:
    """A Deed or `end_act` is the acting Character's: the seat whose Act is under way (None
    when no Act is: the rule refuses it)."""
    figure = state.figure(state.activation.character) if state.activation is not None else None
    return figure.seat if figure is not None else None


# ---- set-up: Oathbands and deployment ------------------------------------------------------


def submit_oathband(ctx: Skirmish, command: SubmitOathband) -> Events:
    """Before `start`: the seat's Oathband, checked against the battle's PIL-GEAR; each
    Character gets the battle's PIL-HEALTH."""
    gear = ctx.settings.PIL_GEAR
    found = oathband.problems(command.oathband, gear)
    if found:
        raise RuleViolation("army-list-invalid", "; ".join(found), problems=found)
    health = ctx.settings.PIL_HEALTH.health
    sheets = tuple(CharacterSheet(id=f"{ctx.seat}/{n}", seat=ctx.seat, name=c.name, pace=c.pace, aim=c.aim,
                                  might=c.might, ward=c.ward, valour=c.valour, gear=tuple(c.gear), health=health)
                   for n, c in enumerate(command.oathband.characters, start=1))
    return [OathbandSubmitted(seat=ctx.seat, name=command.oathband.name,
                              supplies=oathband.band_cost(command.oathband, gear), characters=sheets)]


def deploy(ctx: Skirmish, command: Deploy) -> Events:
    state = ctx.state
    if state.phase != "deployment":
        raise RuleViolation("not-deployment", "Characters deploy after the battle starts and before the first Turn")
    figure = state.figure(command.character)
    if figure is None:
        raise RuleViolation("character-unknown", f"no Character {command.character!r}")
    point = (command.x, command.y)
    if not tables.on_table(state.table, point) or not zone_contains(state, figure.seat, point):
        raise RuleViolation("outside-deployment-zone",
                            f"deploy within {ZONE}\" of your own table edge (PIL-TRIALS)")
    if tables.crosses(state.table, "blocking", [point]):
        raise RuleViolation("inside-blocking-terrain", "a Character cannot stand inside blocking terrain")
    deployed = CharacterDeployed(character=figure.id, x=command.x, y=command.y,
                                 z=tables.height_at(state.table, point))
    events: list[msgspec.Struct] = [deployed]
    pending = [f for f in state.figures if not f.deployed and f.id != figure.id]
    if not pending:
        events.append(begin_turn(state, 1, ctx.dice, ctx.settings))
    return events


# ---- Acts ----------------------------------------------------------------------------------


def activate(ctx: Skirmish, command: Activate) -> Events:
    state = ctx.state
    if state.phase != "turns":
        raise RuleViolation("not-in-turn", "Characters act during Turns")
    if state.activation is not None:
        raise RuleViolation("act-in-progress", f"{state.activation.character} is still acting")
    figure = state.figure(command.character)
    if figure is None or not figure.deployed or figure.out_of_action:
        raise RuleViolation("character-unknown", f"no Character {command.character!r} in play")
    if figure.seat != side_to_act(state):
        raise RuleViolation("not-your-activation", "the other side activates now (sides alternate)")
    if figure.tired:
        raise RuleViolation("character-tired", "a Tired Character has already acted this Turn")
    return [ActBegan(character=figure.id, seat=figure.seat)]


def finish_act(ctx: Skirmish, command: EndAct) -> Events:
    if ctx.state.activation is None:
        raise RuleViolation("no-act", "no Character is acting")
    return end_act(ctx.state, None, ctx.dice, ctx.settings)


def _acting(state: PlayState, deed: str) -> tuple[Figure, Activation]:
    if state.activation is None:
        raise RuleViolation("no-act", "activate a Character before its Deeds")
    figure = state.figure(state.activation.character)
    assert figure is not None
    if figure.knocked_down and deed != "stand":
        raise RuleViolation("knocked-down", "a Character that is Knocked Down must Stand first")
    cost = deed_cost(state, deed)
    if cost > state.activation.deeds_left:
        raise RuleViolation("not-enough-deeds", f"{deed} costs {cost} Deeds; {state.activation.deeds_left} left")
    return figure, state.activation


def _after_deed(ctx: Skirmish, deed: DeedPerformed) -> Events:
    events: list[msgspec.Struct] = [deed]
    if deed.deeds_left == 0 or (deed.attack is not None and _side_wiped(ctx.state, deed)):
        events += end_act(ctx.state, deed, ctx.dice, ctx.settings)
    return events


def _side_wiped(state: PlayState, deed: DeedPerformed) -> bool:
    if deed.attack is None or not deed.attack.out_of_action or deed.target is None:
        return False
    target = state.figure(deed.target)
    assert target is not None
    return len(in_play(state, target.seat)) <= 1


# ---- Deeds -------------------------------------------------------------------------------


def move(ctx: Skirmish, command: Move) -> Events:
    state = ctx.state
    figure, act = _acting(state, "move")
    points = [figure.point, *command.path]
    if not all(tables.on_table(state.table, p) for p in points):
        raise RuleViolation("off-table", "a path stays on the table")
    if tables.crosses(state.table, "blocking", points[1:]) or tables.crosses(state.table, "blocking", points):
        raise RuleViolation("path-blocked", "a Move cannot pass through blocking terrain")
    heights = [figure.z, *(tables.height_at(state.table, p) for p in command.path)]
    climbs = any(b > a for a, b in itertools.pairwise(heights))
    if climbs:
        raise RuleViolation("climb-needed", "a Move cannot go up onto higher ground; Climb instead")
    horizontal = sum(tables.distance(a, b) for a, b in itertools.pairwise(points))
    dropped = sum(a - b for a, b in itertools.pairwise(heights))
    distance = round(horizontal + dropped, 6)  # seed 000: a deliberate drop counts as distance moved
    allowance = move_allowance(state, figure, first_move=act.moves == 0)
    if distance > allowance + 1e-9:
        raise RuleViolation("move-too-far", f"this Move covers {distance:.2f}\"; the allowance is {allowance:g}\"")
    difficult = "Clear and High" not in weather(state) and tables.crosses(state.table, "difficult", points)
    cost = 1 + difficult  # seed 000: starts in, ends in or crosses Difficult Ground: +1 Deed
    if cost > act.deeds_left:
        raise RuleViolation("not-enough-deeds", f"this Move costs {cost} Deeds; {act.deeds_left} left")
    notes = ["difficult ground: +1 Deed"] if difficult else []
    damage = 0
    if "Hail" in weather(state) and act.moves == 2:
        damage = max(0, 1 - ward(state, figure))  # Hail: three Move Deeds in one Act: 1 damage, Ward applies
        notes.append("hail: third Move Deed in this Act")
    end = command.path[-1]
    in_the_open = not tables.near(state.table, "obscuring", end, 1)
    deed = DeedPerformed(character=figure.id, deed="move", cost=cost, deeds_left=act.deeds_left - cost,
                         position=(end[0], end[1], heights[-1]), distance=distance, allowance=allowance,
                         damage_taken=damage, hidden=False if figure.hidden and in_the_open else None,
                         notes=tuple(notes))
    return _after_deed(ctx, deed)


def climb(ctx: Skirmish, command: Climb) -> Events:
    state = ctx.state
    figure, act = _acting(state, "climb")
    cost = deed_cost(state, "climb")
    if tables.distance(figure.point, command.to) > 1:
        raise RuleViolation("climb-too-far", "Climb to a point within 1\" of the Character")
    height = tables.height_at(state.table, command.to)
    if not tables.near(state.table, "climbable", command.to, 0.01) and height >= figure.z:
        raise RuleViolation("not-climbable", "only a climbable surface can be climbed")
    if abs(height - figure.z) > 3 or height == figure.z:
        raise RuleViolation("climb-height", "a Climb moves 3\" vertically at most (seed 002 glossary)")
    deed = DeedPerformed(character=figure.id, deed="climb", cost=cost, deeds_left=act.deeds_left - cost,
                         position=(command.to[0], command.to[1], height))
    return _after_deed(ctx, deed)


def simple_deed(ctx: Skirmish, command: Stand | Aim | Guard | Hide | Use) -> Events:
    state = ctx.state
    name = str(type(command).__struct_config__.tag)
    figure, act = _acting(state, name)
    cost = deed_cost(state, name)
    extra: dict[str, Any] = {}
    if isinstance(command, Stand) and not figure.knocked_down:
        raise RuleViolation("not-knocked-down", "only a Knocked Down Character needs to Stand")
    if isinstance(command, Hide):
        enemies = [f for f in in_play(state) if f.seat != figure.seat]
        exposed = [e.id for e in enemies if not in_cover(state, e, figure)
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
    return _after_deed(ctx, deed)


def _target(state: PlayState, figure: Figure, target_id: str) -> Figure:
    target = state.figure(target_id)
    if target is None or not target.deployed or target.out_of_action:
        raise RuleViolation("target-invalid", f"no Character {target_id!r} in play")
    if target.seat == figure.seat:
        raise RuleViolation("target-invalid", "attack a Character of another side")
    return target


def fire(ctx: Skirmish, command: Fire) -> Events:
    state = ctx.state
    figure, act = _acting(state, "fire")
    target = _target(state, figure, command.target)
    reach = max((RANGES[g] for g in figure.sheet.gear if g in RANGES), default=0)
    if not reach:
        raise RuleViolation("no-ranged-weapon", "a Fire Deed needs a sling, bow or crossbow (PIL-RANGE)")
    if tables.distance(figure.point, target.point) > reach:
        raise RuleViolation("out-of-range", f"the target is beyond the weapon's {reach}\" (PIL-RANGE)")
    if tables.line_passes(state.table, "blocking", figure.point, target.point):
        raise RuleViolation("line-blocked", "blocking terrain stands between shooter and target (PIL-RANGE)")
    attack = resolve_attack(state, "fire", figure, target, act.aimed, ctx.dice)
    deed = DeedPerformed(character=figure.id, deed="fire", cost=1, deeds_left=act.deeds_left - 1, target=target.id,
                         attack=attack, hidden=False if figure.hidden else None)
    return _after_deed(ctx, deed)


def assault(ctx: Skirmish, command: Assault) -> Events:
    state = ctx.state
    if command.shove:
        raise RuleViolation("not-in-this-version", "Pilgrimage version 2 does not take 'shove' (version 3 does)")
    figure, act = _acting(state, "assault")
    target = _target(state, figure, command.target)
    if tables.distance(figure.point, target.point) > 1:
        raise RuleViolation("target-not-in-reach", "Assault an enemy within 1\" (PIL-ASSAULT)")
    attack = resolve_attack(state, "assault", figure, target, False, ctx.dice)
    deed = DeedPerformed(character=figure.id, deed="assault", cost=1, deeds_left=act.deeds_left - 1,
                         target=target.id, attack=attack, hidden=False if figure.hidden else None)
    return _after_deed(ctx, deed)
