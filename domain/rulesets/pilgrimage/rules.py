"""Pilgrimage play as pure functions: deployment, Turns and Acts, every Deed, the Trials.

Seeds: 000 ("The Ground Itself": Difficult Ground, Cover, Falling) and 002 (Sight, light and
weather). Where they are silent the provisional rules of RULES-NOTES.md apply, by id.
"""

from __future__ import annotations

import itertools
from typing import Any

import msgspec

from domain.dice import Dice, Roll, roll_dice
from domain.errors import RuleViolation
from domain.records import replace_where
from domain.rulesets.pilgrimage import oathband
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.play import (
    ActBegan,
    ActEnded,
    Activate,
    Activation,
    Aim,
    Assault,
    Attack,
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
    Modifier,
    Move,
    OathbandSubmitted,
    PlayState,
    Stand,
    SubmitOathband,
    TrialEnded,
    TurnBegan,
    TurnEnded,
    Use,
)
from domain.seats import acting_seat

RANGES = {"sling": 12, "bow": 24, "crossbow": 24}  # PIL-RANGE
ZONE = 6  # inches from a side's own edge (PIL-TRIALS)
MAX_INITIATIVE_ROUNDS = 20


def _setting(state: PlayState, rule: str, name: str) -> int:
    return int(state.settings[rule][name])


def weather(state: PlayState) -> tuple[str, ...]:
    return state.environment.weather if state.environment else ()


# ---- the seed's own rules as small functions ----------------------------------------------


def fall_damage(inches: float, frostbound: bool) -> int:
    """Seed 000, Falling: more than 3" deals inches - 3, ignoring Ward; Frostbound +1
    (PIL-FROST-FALL: only to a fall that deals damage)."""
    damage = max(0, int(inches) - 3)
    return damage + 1 if damage and frostbound else damage


def pace(state: PlayState, figure: Figure) -> int:
    gear = set(figure.sheet.gear)
    value = figure.sheet.pace - ("heavy armour" in gear)  # PIL-GEAR: heavy armour -1 Pace
    value -= "Downpour" in weather(state)
    value -= "Frostbound" in weather(state)
    if "Close Heat" in weather(state) and gear & {"medium armour", "heavy armour", "two-handed weapon"}:
        value -= 1
    return value


def move_allowance(state: PlayState, figure: Figure, first_move: bool) -> float:
    """Seed 000 glossary, Move Deed: 3" + Pace on the first of an Act, 3" on later ones, floor 0"."""
    return float(max(0, 3 + (pace(state, figure) if first_move else 0)))


def ward(state: PlayState, figure: Figure) -> int:
    gear = set(figure.sheet.gear)
    value = figure.sheet.ward + ("medium armour" in gear) + 2 * ("heavy armour" in gear)
    if "Windblown" in weather(state) and "staff or pole" in gear:
        value += 1
    return value


def deed_cost(state: PlayState, deed: str) -> int:
    """PIL-DEED-COST; Grey Drizzle: Climb Deeds cost +1 this Battle."""
    costs = {"aim": 2, "climb": 2}
    cost = costs.get(deed, 1)
    if deed == "climb" and "Grey Drizzle" in weather(state):
        cost += 1
    return cost


def is_shrouded(state: PlayState, viewer: Figure, target: Figure) -> bool:
    """Seed 002: beyond the viewer's Sight, unless within a light source's radius; PIL-HIDE."""
    lit = any(tables.distance(target.point, (light.x, light.y)) <= light.radius for light in state.table.lights)
    if lit:
        return False
    return target.hidden or tables.distance(viewer.point, target.point) > state.sight


def in_cover(state: PlayState, shooter: Figure, target: Figure) -> bool:
    """Seed 000, Cover: judged from the shooter; the line of fire must pass obscuring terrain
    (a wall behind the target gives none)."""
    return tables.line_passes(state.table, "obscuring", shooter.point, target.point)


def high_ground(state: PlayState, upper: Figure, lower: Figure) -> int:
    """Seed 002 glossary: more than 2" above a foe: +1 (doubled in Fresh Wind)."""
    if upper.z - lower.z > 2:
        return 2 if "Fresh Wind" in weather(state) else 1
    return 0


# ---- set-up: Oathbands and deployment ------------------------------------------------------


def submit_oathband(battle: Any, state: PlayState, command: SubmitOathband, actor: str) -> OathbandSubmitted:
    if battle.status != "open":
        raise RuleViolation("oathbands-locked", "Oathbands are submitted before the battle starts")
    seat = acting_seat(battle.seats, command.seat, actor)
    found = oathband.problems(command.oathband)
    if found:
        raise RuleViolation("army-list-invalid", "; ".join(found), problems=found)
    health = _setting(state, "PIL-HEALTH", "health")
    sheets = tuple(CharacterSheet(id=f"{seat}/{n}", seat=seat, name=c.name, pace=c.pace, aim=c.aim, might=c.might,
                                  ward=c.ward, valour=c.valour, gear=tuple(c.gear), health=health)
                   for n, c in enumerate(command.oathband.characters, start=1))
    return OathbandSubmitted(seat=seat, name=command.oathband.name, supplies=oathband.band_cost(command.oathband),
                             characters=sheets)


def zone_contains(state: PlayState, seat: str, point: tables.Coordinate, reach: float = ZONE) -> bool:
    """A side's deployment zone: within `reach` of its own edge (south, north, west, east)."""
    index = state.seats.index(seat)
    x, y = point
    return [y <= reach, y >= state.table.depth - reach, x <= reach, x >= state.table.width - reach][index]


def deploy(battle: Any, state: PlayState, command: Deploy, actor: str, dice: Dice) -> list[msgspec.Struct]:
    if state.phase != "deployment":
        raise RuleViolation("not-deployment", "Characters deploy after the battle starts and before the first Turn")
    figure = state.figure(command.character)
    if figure is None:
        raise RuleViolation("character-unknown", f"no Character {command.character!r}")
    acting_seat(battle.seats, figure.seat, actor)
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
        events.append(begin_turn(state, 1, dice))
    return events


# ---- Turns and Acts ------------------------------------------------------------------------


def in_play(state: PlayState, seat: str | None = None) -> list[Figure]:
    return [f for f in state.figures if f.deployed and not f.out_of_action and (seat is None or f.seat == seat)]


def begin_turn(state: PlayState, turn: int, dice: Dice) -> TurnBegan:
    """PIL-INITIATIVE: each side D12 + its highest Valour in play (Low Thunder: -1 Valour);
    higher first; tied sides roll again. PIL-LIGHT-DRIFT after the first Turn."""
    sides = [s for s in state.seats if in_play(state, s) or not state.figures]
    thunder = "Low Thunder" in weather(state)
    valour = {s: max((f.sheet.valour for f in in_play(state, s)), default=0) - thunder for s in sides}
    rolls: list[Roll] = []
    records: list[dict[str, Any]] = []
    order: list[str] = []
    contenders = list(sides)
    for round_number in range(1, MAX_INITIATIVE_ROUNDS + 1):
        totals = {}
        for seat in contenders:
            roll = msgspec.structs.replace(roll_dice(dice, f"initiative:{seat}", (12,)), result=seat)
            rolls.append(roll)
            totals[seat] = roll.dice[0].face + valour[seat]
            records.append({"round": round_number, "seat": seat, "roll": roll.dice[0].face, "valour": valour[seat],
                            "total": totals[seat]})
        ranked = sorted(contenders, key=lambda s: -totals[s])
        if len(set(totals.values())) == len(totals):
            order += ranked
            break
        # Sides with a unique total take their place; tied ones roll again for theirs.
        contenders = [s for s in ranked if list(totals.values()).count(totals[s]) > 1]
        order += [s for s in ranked if s not in contenders and not any(totals[s] < totals[c] for c in contenders)]
    else:
        order += contenders
    order += [s for s in sides if s not in order]
    sight = state.sight
    if turn > 1 and state.environment is not None:
        drift = {"Darkening": -1, "Brightening": 1}.get(state.environment.shifting_light, 0)
        sight = max(0, min(24, sight + drift * _setting(state, "PIL-LIGHT-DRIFT", "inches_per_turn")))
    return TurnBegan(turn=turn, order=tuple(order), initiative=tuple(records), sight=sight, rolls=tuple(rolls))


def side_to_act(state: PlayState) -> str | None:
    """Sides alternate one Character at a time; a side with no one left to act is passed over."""
    if state.phase != "turns" or state.activation is not None:
        return None
    order = list(state.order)
    start = (order.index(state.last_side) + 1) if state.last_side in order else 0
    for seat in order[start:] + order[:start]:
        if any(not f.tired for f in in_play(state, seat)):
            return seat
    return None


def activate(battle: Any, state: PlayState, command: Activate, actor: str) -> ActBegan:
    if state.phase != "turns":
        raise RuleViolation("not-in-turn", "Characters act during Turns")
    if state.activation is not None:
        raise RuleViolation("act-in-progress", f"{state.activation.character} is still acting")
    figure = state.figure(command.character)
    if figure is None or not figure.deployed or figure.out_of_action:
        raise RuleViolation("character-unknown", f"no Character {command.character!r} in play")
    acting_seat(battle.seats, figure.seat, actor)
    if figure.seat != side_to_act(state):
        raise RuleViolation("not-your-activation", "the other side activates now (sides alternate)")
    if figure.tired:
        raise RuleViolation("character-tired", "a Tired Character has already acted this Turn")
    return ActBegan(character=figure.id, seat=figure.seat)


def _acting(battle: Any, state: PlayState, actor: str, deed: str) -> tuple[Figure, Activation]:
    if state.activation is None:
        raise RuleViolation("no-act", "activate a Character before its Deeds")
    figure = state.figure(state.activation.character)
    assert figure is not None
    acting_seat(battle.seats, figure.seat, actor)
    if figure.knocked_down and deed != "stand":
        raise RuleViolation("knocked-down", "a Character that is Knocked Down must Stand first")
    cost = deed_cost(state, deed)
    if cost > state.activation.deeds_left:
        raise RuleViolation("not-enough-deeds", f"{deed} costs {cost} Deeds; {state.activation.deeds_left} left")
    return figure, state.activation


def _after_deed(state: PlayState, deed: DeedPerformed, dice: Dice) -> list[msgspec.Struct]:
    events: list[msgspec.Struct] = [deed]
    if deed.deeds_left == 0 or (deed.attack is not None and _side_wiped(state, deed)):
        events += end_act(state, deed, dice)
    return events


def _side_wiped(state: PlayState, deed: DeedPerformed) -> bool:
    if deed.attack is None or not deed.attack.out_of_action or deed.target is None:
        return False
    target = state.figure(deed.target)
    assert target is not None
    return len(in_play(state, target.seat)) <= 1


def end_act(state: PlayState, last: DeedPerformed | None, dice: Dice) -> list[msgspec.Struct]:
    """The Act ends; the Character is Tired. When every Character is Tired the Turn ends."""
    assert state.activation is not None
    ended = ActEnded(character=state.activation.character)
    after = apply_all(state, [*([last] if last else []), ended])
    events: list[msgspec.Struct] = [ended]
    wiped = any(not in_play(after, s) for s in after.seats)
    if side_to_act(after) is None or wiped:
        events += end_turn(after, dice, force_end=wiped)
    return events


def end_turn(state: PlayState, dice: Dice, force_end: bool = False) -> list[msgspec.Struct]:
    scores = dict(state.scores)
    if state.trial == "Vigil":
        for seat, points in vigil_markers(state).items():
            scores[seat] = scores.get(seat, 0) + points
    ended = TurnEnded(turn=state.turn, scores=scores)
    after = apply_all(state, [ended])
    if force_end or state.turn >= _setting(state, "PIL-LENGTH", "turns"):
        return [ended, trial_ended(after)]
    return [ended, begin_turn(after, state.turn + 1, dice)]


def vigil_markers(state: PlayState) -> dict[str, int]:
    """PIL-TRIALS, Vigil: a marker is held by the side with more Characters within 3" than any other."""
    held = dict.fromkeys(state.seats, 0)
    for marker in state.table.objectives:
        near = {s: sum(tables.distance(f.point, (marker.x, marker.y)) <= 3 for f in in_play(state, s))
                for s in state.seats}
        best = max(near.values(), default=0)
        leaders = [s for s, n in near.items() if n == best]
        if best > 0 and len(leaders) == 1:
            held[leaders[0]] += 1
    return held


def final_scores(state: PlayState) -> dict[str, int]:
    if state.trial == "Vigil":
        return {s: state.scores.get(s, 0) for s in state.seats}
    if state.trial == "Reckoning":
        return {s: sum(f.taken_out_by == s for f in state.figures) for s in state.seats}
    # Crossing: Characters within 6" of the opposite edge.
    opposite = {0: 1, 1: 0, 2: 3, 3: 2}
    return {s: sum(zone_contains(state, state.seats[opposite[i]], f.point) for f in in_play(state, s))
            for i, s in enumerate(state.seats)}


def trial_ended(state: PlayState) -> TrialEnded:
    scores = final_scores(state)
    best = max(scores.values(), default=0)
    return TrialEnded(trial=state.trial, scores=scores, winners=tuple(s for s, v in scores.items() if v == best))


def finish_act(battle: Any, state: PlayState, command: EndAct, actor: str, dice: Dice) -> list[msgspec.Struct]:
    if state.activation is None:
        raise RuleViolation("no-act", "no Character is acting")
    figure = state.figure(state.activation.character)
    assert figure is not None
    acting_seat(battle.seats, figure.seat, actor)
    return end_act(state, None, dice)


# ---- Deeds -------------------------------------------------------------------------------


def move(battle: Any, state: PlayState, command: Move, actor: str, dice: Dice) -> list[msgspec.Struct]:
    figure, act = _acting(battle, state, actor, "move")
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
    return _after_deed(state, deed, dice)


def climb(battle: Any, state: PlayState, command: Climb, actor: str, dice: Dice) -> list[msgspec.Struct]:
    figure, act = _acting(battle, state, actor, "climb")
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
    return _after_deed(state, deed, dice)


def simple_deed(battle: Any, state: PlayState, command: Stand | Aim | Guard | Hide | Use, actor: str,
                dice: Dice) -> list[msgspec.Struct]:
    name = str(type(command).__struct_config__.tag)
    figure, act = _acting(battle, state, actor, name)
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
    return _after_deed(state, deed, dice)


def _target(state: PlayState, figure: Figure, target_id: str) -> Figure:
    target = state.figure(target_id)
    if target is None or not target.deployed or target.out_of_action:
        raise RuleViolation("target-invalid", f"no Character {target_id!r} in play")
    if target.seat == figure.seat:
        raise RuleViolation("target-invalid", "attack a Character of another side")
    return target


def attack_modifiers(state: PlayState, kind: str, attacker: Figure, defender: Figure,
                     aimed: bool) -> tuple[list[Modifier], str | None]:
    """Every modifier of an attack with its source, and the Advantage it has (PIL-ADVANTAGE)."""
    stat = "aim" if kind == "fire" else "might"
    mods = [Modifier("attacker", stat, getattr(attacker.sheet, stat), stat.capitalize()),
            Modifier("defender", "might", defender.sheet.might, "Might")]
    gear = set(attacker.sheet.gear)
    if kind == "fire" and "crossbow" in gear:
        mods.append(Modifier("attacker", "aim", 1, "crossbow"))
    if kind == "assault" and "two-handed weapon" in gear:
        mods.append(Modifier("attacker", "might", 1, "two-handed weapon"))
    if kind == "fire" and in_cover(state, attacker, defender):
        mods.append(Modifier("attacker", "aim", -2, "cover"))
    if up := high_ground(state, attacker, defender):
        mods.append(Modifier("attacker", stat, up, "high ground"))
    if up := high_ground(state, defender, attacker):
        mods.append(Modifier("defender", "might", up, "high ground"))
    if is_shrouded(state, attacker, defender):
        mods.append(Modifier("attacker", stat, -2, "shrouded"))
    if defender.knocked_down:
        mods.append(Modifier("defender", "might", -1, "knocked down"))
    if defender.guarding:
        mods.append(Modifier("defender", "might", 1, "guard"))
    distance = tables.distance(attacker.point, defender.point)
    if kind == "fire":
        for entry in ("Hail", "Downpour"):
            if entry in weather(state):
                mods.append(Modifier("attacker", "aim", -1, entry))
        if "Deep Mist" in weather(state) and tables.near(state.table, "water", attacker.point, 3):
            mods.append(Modifier("attacker", "aim", -1, "Deep Mist (within 3\" of water)"))
        if "Rising Gale" in weather(state) and distance > 6:
            mods.append(Modifier("attacker", "aim", -1, "Rising Gale"))
    advantage = None
    if kind == "fire":
        if aimed:
            advantage = "aim"
        elif distance <= 6 and "Windblown" not in weather(state):
            advantage = "close fire"
    return mods, advantage


def resolve_attack(state: PlayState, kind: str, attacker: Figure, defender: Figure, aimed: bool,
                   dice: Dice) -> Attack:
    mods, advantage = attack_modifiers(state, kind, attacker, defender, aimed)
    attack_roll = roll_dice(dice, kind, (12, 12) if advantage else (12,))
    defence_roll = roll_dice(dice, "defence", (12,))
    attacker_total = max(d.face for d in attack_roll.dice) + sum(m.value for m in mods if m.side == "attacker")
    defender_total = defence_roll.dice[0].face + sum(m.value for m in mods if m.side == "defender")
    margin = attacker_total - defender_total  # PIL-TIES: a tie goes to the defender
    armour = ward(state, defender)
    damage = max(0, margin - armour) if margin > 0 else 0
    return Attack(kind=kind, attacker_roll=attack_roll, defender_roll=defence_roll, attacker_total=attacker_total,
                  defender_total=defender_total, modifiers=tuple(mods), advantage=advantage, margin=margin,
                  ward=armour, damage=damage, knocked_down=damage >= 4, out_of_action=defender.health - damage <= 0)


def fire(battle: Any, state: PlayState, command: Fire, actor: str, dice: Dice) -> list[msgspec.Struct]:
    figure, act = _acting(battle, state, actor, "fire")
    target = _target(state, figure, command.target)
    reach = max((RANGES[g] for g in figure.sheet.gear if g in RANGES), default=0)
    if not reach:
        raise RuleViolation("no-ranged-weapon", "a Fire Deed needs a sling, bow or crossbow (PIL-RANGE)")
    if tables.distance(figure.point, target.point) > reach:
        raise RuleViolation("out-of-range", f"the target is beyond the weapon's {reach}\" (PIL-RANGE)")
    if tables.line_passes(state.table, "blocking", figure.point, target.point):
        raise RuleViolation("line-blocked", "blocking terrain stands between shooter and target (PIL-RANGE)")
    attack = resolve_attack(state, "fire", figure, target, act.aimed, dice)
    deed = DeedPerformed(character=figure.id, deed="fire", cost=1, deeds_left=act.deeds_left - 1, target=target.id,
                         attack=attack, hidden=False if figure.hidden else None)
    return _after_deed(state, deed, dice)


def assault(battle: Any, state: PlayState, command: Assault, actor: str, dice: Dice) -> list[msgspec.Struct]:
    figure, act = _acting(battle, state, actor, "assault")
    target = _target(state, figure, command.target)
    if tables.distance(figure.point, target.point) > 1:
        raise RuleViolation("target-not-in-reach", "Assault an enemy within 1\" (PIL-ASSAULT)")
    attack = resolve_attack(state, "assault", figure, target, False, dice)
    deed = DeedPerformed(character=figure.id, deed="assault", cost=1, deeds_left=act.deeds_left - 1,
                         target=target.id, attack=attack, hidden=False if figure.hidden else None)
    return _after_deed(state, deed, dice)


# ---- evolve --------------------------------------------------------------------------------


def _figures(state: PlayState, character: str, **changes: Any) -> tuple[Figure, ...]:
    return replace_where(state.figures, lambda figure: figure.id == character, **changes)


def apply(state: PlayState, event: msgspec.Struct) -> PlayState:
    replace = msgspec.structs.replace
    match event:
        case OathbandSubmitted():
            kept = tuple(f for f in state.figures if f.seat != event.seat)
            return replace(state, figures=kept + tuple(Figure(sheet=s, health=s.health) for s in event.characters))
        case CharacterDeployed():
            return replace(state, figures=_figures(state, event.character, x=event.x, y=event.y, z=event.z))
        case TurnBegan():
            return replace(state, phase="turns", turn=event.turn, order=event.order, sight=event.sight,
                           activation=None, last_side=None,
                           figures=tuple(replace(f, tired=False) for f in state.figures))
        case ActBegan():
            return replace(state, activation=Activation(character=event.character),
                           figures=_figures(state, event.character, guarding=False))
        case DeedPerformed():
            return _apply_deed(state, event)
        case ActEnded():
            figure = state.figure(event.character)
            assert figure is not None
            return replace(state, activation=None, last_side=figure.seat,
                           figures=_figures(state, event.character, tired=True))
        case TurnEnded():
            return replace(state, scores=event.scores)
        case TrialEnded():
            return replace(state, phase="ended", scores=event.scores)
    return state


def _apply_deed(state: PlayState, event: DeedPerformed) -> PlayState:
    replace = msgspec.structs.replace
    figure = state.figure(event.character)
    assert figure is not None and state.activation is not None
    changes: dict[str, Any] = {}
    if event.position is not None:
        changes.update(x=event.position[0], y=event.position[1], z=event.position[2])
    if event.damage_taken:
        changes["health"] = max(0, figure.health - event.damage_taken)
        changes["out_of_action"] = figure.health - event.damage_taken <= 0
    if event.knocked_down:
        changes["knocked_down"] = True
    if event.deed == "stand":
        changes["knocked_down"] = False
    if event.deed == "guard":
        changes["guarding"] = True
    if event.hidden is not None:
        changes["hidden"] = event.hidden
    figures = _figures(state, figure.id, **changes)
    activation = replace(state.activation, deeds_left=event.deeds_left,
                         moves=state.activation.moves + (event.deed == "move"),
                         aimed=(state.activation.aimed or event.deed == "aim") and event.deed != "fire")
    next_state = replace(state, figures=figures, activation=activation)
    if event.attack is not None and event.target is not None:
        target = next_state.figure(event.target)
        assert target is not None
        hit = event.attack
        next_state = replace(next_state, figures=_figures(
            next_state, target.id, health=max(0, target.health - hit.damage),
            knocked_down=target.knocked_down or hit.knocked_down, out_of_action=hit.out_of_action,
            taken_out_by=figure.seat if hit.out_of_action else None))
    return next_state


def apply_all(state: PlayState, events: list[msgspec.Struct]) -> PlayState:
    for event in events:
        state = apply(state, event)
    return state
