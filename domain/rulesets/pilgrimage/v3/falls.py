"""Falling in play (seed 000, "Falling"), version 3.

    "A drop of 3" or less is safe. A Character who falls more than 3", by misadventure or
    unwilling movement, takes direct damage equal to the distance fallen in inches minus 3,
    ignoring Ward. A Character who takes any damage from a fall is Knocked Down where they land.
    A Character may drop deliberately from any height as part of a Move Deed, counting the
    distance fallen as distance moved."

Every fall is a `character_fell` event with its cause, the inches fallen, the damage, the
Knocked Down and where the Character lands. The ways a Character falls in version 3:
- a deliberate drop within a Move (PIL-DELIBERATE-DROP: it deals no damage);
- unwilling movement: shoved off a height by an Assault (PIL-SHOVE);
- misadventure: Knocked Down part-way up a face, it falls to its foot (PIL-CLIMB).
"""

from __future__ import annotations

import math

import msgspec

from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.play import Figure, PlayState
from domain.rulesets.pilgrimage.rules import Reading, times
from domain.rulesets.pilgrimage.v3.settings import FallSettings

SAFE = 3  # inches: "A drop of 3" or less is safe."
DELIBERATE = "deliberate drop"
SHOVED = "shoved"  # unwilling movement
KNOCKED_OFF = "knocked off a climb"  # misadventure


class CharacterFell(msgspec.Struct, frozen=True, tag="character_fell"):
    """A Character fell `inches` and lands at `landed` (x, y, height)."""

    character: str
    cause: str  # "deliberate drop", "shoved", "knocked off a climb"
    inches: float
    damage: int
    knocked_down: bool
    out_of_action: bool
    landed: tuple[float, float, float]
    taken_out_by: str | None = None  # the seat whose shove or attack caused it (Reckoning)
    notes: tuple[str, ...] = ()


class CharacterShoved(msgspec.Struct, frozen=True, tag="character_shoved"):
    """An Assault's shove (PIL-SHOVE) moved a Character to `to` (x, y, height before any fall)."""

    character: str
    by: str  # the Character that shoved
    to: tuple[float, float, float]


def fall_damage(inches: float, frost: int, rounding: FallSettings) -> int:
    """More than 3": inches - 3 (PIL-FALL-INCHES turns fractions into whole damage), ignoring
    Ward; Frostbound +1 per time it applies (PIL-FROST-FALL: only to a fall that deals damage)."""
    if inches <= SAFE:
        return 0
    over = inches - SAFE
    whole = {"down": math.floor, "up": math.ceil, "nearest": lambda v: math.floor(v + 0.5)}[rounding.rounding](over)
    damage = int(whole)
    return damage + frost if damage else damage


def on_a_face(state: PlayState, figure: Figure) -> bool:
    """Part-way up a face (PIL-CLIMB): above the ground under its point."""
    return figure.z > tables.height_at(state.table, figure.point) + 1e-6


def fall(state: PlayState, figure: Figure, cause: str, landed: tuple[float, float, float], rounding: FallSettings,
         reading: Reading, by: str | None = None) -> CharacterFell:
    """A fall from the Character's height to `landed`: its damage (none for a deliberate drop,
    PIL-DELIBERATE-DROP), the Knocked Down where it lands, Out of Action at 0 Health."""
    inches = round(figure.z - landed[2], 6)
    damage = 0 if cause == DELIBERATE else fall_damage(inches, times(state, "Frostbound", reading), rounding)
    frost = times(state, "Frostbound", reading)
    notes = (f"Frostbound: +{frost} damage",) if damage and frost else ()
    out = damage > 0 and figure.health - damage <= 0
    return CharacterFell(character=figure.id, cause=cause, inches=inches, damage=damage, knocked_down=damage > 0,
                         out_of_action=out, landed=landed, taken_out_by=by if out else None, notes=notes)
