"""Pilgrimage play as pure functions: the seeds' measures (movement, Ward, cover, high
ground, Sight), and the Turns, Acts and Trials that the Deeds (`deeds.py`) advance.

Seeds: 000 ("The Ground Itself": Difficult Ground, Cover, Falling) and 002 (Sight, light and
weather). Where they are silent the provisional rules of RULES-NOTES.md apply, by id; their
numbers come from the battle's settings (`PilgrimageV2Settings`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from domain.dice import Dice, Roll, roll_dice
from domain.rulesets.contract import Context
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.evolve import apply_all
from domain.rulesets.pilgrimage.play import (
    ActEnded,
    DeedPerformed,
    Figure,
    PlayState,
    TrialEnded,
    TurnBegan,
    TurnEnded,
)
from domain.rulesets.pilgrimage.settings import PilgrimageV2Settings

# What every Pilgrimage rule decides against: the play state, the seat acting, the dice and the
# battle's settings.
Skirmish = Context[PlayState, PilgrimageV2Settings]

ZONE = 6  # inches from a side's own edge (PIL-TRIALS)
MAX_INITIATIVE_ROUNDS = 20


# ---- the seed's own rules as small functions ----------------------------------------------


@dataclass(frozen=True)
class Reading:
    """Where versions read the seeds differently; the default is version 2's reading, so that its
    battles replay unchanged. Version 3 builds its own from the battle's settings."""

    # PIL-WEATHER-TWICE (version 3): an entry a Stormfront rolls twice applies twice, every effect
    # of it; version 2 applied a repeated entry's Sight twice but its other effects once.
    twice: bool = False
    # PIL-COVER (version 3): a Character's body is a disc of this radius for the Cover clause
    # ("terrain that obscures part of their body"); None: version 2's points (the line only).
    body: float | None = None


V2_READING = Reading()


def weather(state: PlayState) -> tuple[str, ...]:
    return state.environment.weather if state.environment else ()


def times(state: PlayState, entry: str, reading: Reading = V2_READING) -> int:
    """How many times a weather entry applies: once if rolled at all, or (PIL-WEATHER-TWICE) as
    many times as it was rolled."""
    count = weather(state).count(entry)
    return count if reading.twice else min(1, count)


def fall_damage(inches: float, frostbound: bool) -> int:
    """Seed 000, Falling: more than 3" deals inches - 3, ignoring Ward; Frostbound +1
    (PIL-FROST-FALL: only to a fall that deals damage)."""
    damage = max(0, int(inches) - 3)
    return damage + 1 if damage and frostbound else damage


def pace(state: PlayState, figure: Figure, reading: Reading = V2_READING) -> int:
    gear = set(figure.sheet.gear)
    value = figure.sheet.pace - ("heavy armour" in gear)  # PIL-GEAR: heavy armour -1 Pace
    value -= times(state, "Downpour", reading)
    value -= times(state, "Frostbound", reading)
    if gear & {"medium armour", "heavy armour", "two-handed weapon"}:
        value -= times(state, "Close Heat", reading)
    return value


def move_allowance(state: PlayState, figure: Figure, first_move: bool, reading: Reading = V2_READING) -> float:
    """Seed 000 glossary, Move Deed: 3" + Pace on the first of an Act, 3" on later ones, floor 0"."""
    return float(max(0, 3 + (pace(state, figure, reading) if first_move else 0)))


def ward(state: PlayState, figure: Figure, reading: Reading = V2_READING) -> int:
    gear = set(figure.sheet.gear)
    value = figure.sheet.ward + ("medium armour" in gear) + 2 * ("heavy armour" in gear)
    if "staff or pole" in gear:
        value += times(state, "Windblown", reading)
    return value


def deed_cost(state: PlayState, deed: str, reading: Reading = V2_READING) -> int:
    """PIL-DEED-COST; Grey Drizzle: Climb Deeds cost +1 this Battle."""
    costs = {"aim": 2, "climb": 2}
    cost = costs.get(deed, 1)
    if deed == "climb":
        cost += times(state, "Grey Drizzle", reading)
    return cost


def is_shrouded(state: PlayState, viewer: Figure, target: Figure) -> bool:
    """Seed 002: beyond the viewer's Sight, unless within a light source's radius; PIL-HIDE."""
    lit = any(tables.distance(target.point, (light.x, light.y)) <= light.radius for light in state.table.lights)
    if lit:
        return False
    return target.hidden or tables.distance(viewer.point, target.point) > state.sight


def in_cover(state: PlayState, shooter: Figure, target: Figure, reading: Reading = V2_READING) -> bool:
    """Seed 000, Cover: judged from the shooter; the line of fire must pass obscuring terrain
    (a wall behind the target gives none). With a body (PIL-COVER) also the seed's first
    clause: obscuring terrain within 1" of the target that hides part of its body."""
    if tables.line_passes(state.table, "obscuring", shooter.point, target.point):
        return True
    return reading.body is not None and tables.hides_part(state.table, shooter.point, target.point, reading.body)


def high_ground(state: PlayState, upper: Figure, lower: Figure, reading: Reading = V2_READING) -> int:
    """Seed 002 glossary: more than 2" above a foe: +1 (doubled in Fresh Wind)."""
    if upper.z - lower.z > 2:
        return int(2 ** times(state, "Fresh Wind", reading))
    return 0



# ---- Turns and Acts ------------------------------------------------------------------------


def zone_contains(state: PlayState, seat: str, point: tables.Coordinate, reach: float = ZONE) -> bool:
    """A side's deployment zone: within `reach` of its own edge (south, north, west, east)."""
    index = state.seats.index(seat)
    x, y = point
    return [y <= reach, y >= state.table.depth - reach, x <= reach, x >= state.table.width - reach][index]


def in_play(state: PlayState, seat: str | None = None) -> list[Figure]:
    return [f for f in state.figures if f.deployed and not f.out_of_action and (seat is None or f.seat == seat)]


def begin_turn(state: PlayState, turn: int, dice: Dice, settings: PilgrimageV2Settings,
               reading: Reading = V2_READING) -> TurnBegan:
    """PIL-INITIATIVE: each side D12 + its highest Valour in play (Low Thunder: -1 Valour);
    higher first; tied sides roll again. PIL-LIGHT-DRIFT after the first Turn."""
    sides = [s for s in state.seats if in_play(state, s) or not state.figures]
    thunder = times(state, "Low Thunder", reading)
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
        sight = max(0, min(24, sight + drift * settings.PIL_LIGHT_DRIFT.inches_per_turn))
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


def end_act(state: PlayState, last: DeedPerformed | None, dice: Dice,
            settings: PilgrimageV2Settings, reading: Reading = V2_READING) -> list[msgspec.Struct]:
    """The Act ends; the Character is Tired. When every Character is Tired the Turn ends."""
    assert state.activation is not None
    ended = ActEnded(character=state.activation.character)
    after = apply_all(state, [*([last] if last else []), ended])
    events: list[msgspec.Struct] = [ended]
    wiped = any(not in_play(after, s) for s in after.seats)
    if side_to_act(after) is None or wiped:
        events += end_turn(after, dice, settings, force_end=wiped, reading=reading)
    return events


def end_turn(state: PlayState, dice: Dice, settings: PilgrimageV2Settings,
             force_end: bool = False, reading: Reading = V2_READING) -> list[msgspec.Struct]:
    """Vigil markers score; after PIL-LENGTH Turns (or when a side is wiped out) the Trial ends."""
    scores = dict(state.scores)
    if state.trial == "Vigil":
        for seat, points in vigil_markers(state).items():
            scores[seat] = scores.get(seat, 0) + points
    ended = TurnEnded(turn=state.turn, scores=scores)
    after = apply_all(state, [ended])
    if force_end or state.turn >= settings.PIL_LENGTH.turns:
        return [ended, trial_ended(after)]
    return [ended, begin_turn(after, state.turn + 1, dice, settings, reading)]


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


