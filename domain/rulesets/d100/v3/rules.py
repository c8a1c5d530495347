"""What every rule of d100 version 3 shares: the context it decides against, finding the
characters a command names, and the one way a character's conditions reach a test, its
Movement and its Combat Order (seed 004, Fatigue and Deprivation; Healing and Recovery;
Encumbrance; Light and Darkness)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from domain.errors import RuleViolation
from domain.rulesets.contract import Context
from domain.rulesets.d100.adventuring import BANDS, Illumination, Sense, capacity
from domain.rulesets.d100.commands import LightSource
from domain.rulesets.d100.percentile import PercentileTest, net_grade, percentile_test
from domain.rulesets.d100.v3.settings import D100V3Settings, Light
from domain.rulesets.d100.v3.state import Adventure, Adventurer, Fatigue

# What every rule of version 3 decides against.
Table = Context[Adventure, D100V3Settings]

# "Fatigued applies -1P, three-quarter Movement, and -3 Combat Order; Exhausted applies -2P, half
# Movement, and -6 Combat Order."
CONDITION_DICE = {"fresh": 0, "fatigued": 1, "exhausted": 2}
CONDITION_MOVEMENT = {"fatigued": 0.75, "exhausted": 0.5}
COMBAT_ORDER = {"fresh": 0, "fatigued": -3, "exhausted": -6}
OVERLOADED_MOVEMENT = 0.5  # "Overloaded: ... has half Movement"
LEAST_MOVEMENT = 1.0  # "Reduced Movement is never less than 1 metre."


def at_table(state: Adventure, character_id: str) -> Adventurer:
    found = state.character(character_id)
    if found is None:
        raise RuleViolation("character-unknown", f"no character {character_id!r} at the table")
    return found


def living(state: Adventure, character_id: str) -> Adventurer:
    found = at_table(state, character_id)
    if found.dead:
        raise RuleViolation("character-dead", f"{found.name} is dead")
    return found


def knocked_out(state: Adventure, character: Adventurer) -> bool:
    """At 0 HP, or out for the minutes of a fumbled Fatigue test."""
    return character.hp <= 0 or (character.unconscious_until is not None and state.clock < character.unconscious_until)


def able(state: Adventure, character_id: str) -> Adventurer:
    """A character who can act: alive, conscious, and not retching or gasping for air ("the
    character can only retch or gasp for 1D4 rounds")."""
    found = living(state, character_id)
    if knocked_out(state, found):
        raise RuleViolation("unconscious", f"{found.name} is unconscious")
    if found.gasping_until is not None and state.clock < found.gasping_until:
        raise RuleViolation("gasping", f"{found.name} can only retch or gasp for air")
    return found


def overloaded(character: Adventurer) -> bool:
    """"Above Capacity" (STR + SIZ ENC, as its characteristics now are)."""
    return character.enc > capacity(character.characteristics.str, character.characteristics.siz)


def character_penalties(character: Adventurer, *, physical: bool = False, fatigue: bool = False) -> list[str]:
    """The penalty dice a character's own conditions put on a test it makes, one entry a die:
    "Wounded: -1P to every skill test"; "Fatigued applies -1P ...; Exhausted applies -2P"; an
    Overloaded character "suffers -1P on physical tests" and "-1P on Fatigue tests". Every test
    of version 3 that a character makes takes its dice from here (through `tested`)."""
    return condition_penalties(character.wounded, character.fatigue, overloaded(character), physical=physical,
                               fatigue=fatigue)


def condition_penalties(wounded: bool, condition: Fatigue, loaded: bool, *, physical: bool = False,
                        fatigue: bool = False) -> list[str]:
    """The penalty dice of these conditions (`character_penalties` of a character at the table;
    a Fatigue test sent without one gives them itself)."""
    found = ["Wounded"] if wounded else []
    found += [condition.capitalize()] * CONDITION_DICE[condition]
    if (physical or fatigue) and loaded:
        found.append("Overloaded")
    return found


def tested(ctx: Table, skill: int, purpose: str, tester: Adventurer | None, *, bonus: int = 0, penalty: int = 0,
           extra: Sequence[str] = (), physical: bool = False,
           fatigue: bool = False) -> tuple[PercentileTest, tuple[str, ...]]:
    """A test, by `tester` if a character makes it: its conditions' penalty dice, the `extra`
    ones of the situation (a die an entry), and the bonus and penalty dice given, cancelled and
    capped (D100-GRADES), rolled under D100-TEST."""
    penalties = (character_penalties(tester, physical=physical, fatigue=fatigue) if tester else []) + list(extra)
    grade = net_grade(bonus, penalty + len(penalties), ctx.settings.D100_GRADES.cap)
    test = percentile_test(ctx.dice, skill, purpose, grade=grade, levels=ctx.settings.D100_TEST)
    return test, tuple(penalties)


def band_at(light: Illumination | None, source: LightSource | None, rules: Light) -> Illumination:
    """The illumination reaching a target or a mover. "A light source illuminates its listed
    radius; weaker outer bands extend from there" (D100-LIGHT: `outer_bands` bands, each
    `band_width` times the radius wide, each one band darker); beyond them, and wherever it is
    brighter, the light around (`light`; pitch black when only a source is given)."""
    around = light or ("pitch black" if source is not None else "illuminated")
    if source is None:
        return around
    if source.distance <= source.radius:
        step = 0
    else:
        width = rules.band_width * source.radius
        bands = (source.distance - source.radius) / width if width else math.inf
        if math.isinf(bands):  # a radius too small for its bands to have a width: beyond them all
            return around
        step = math.ceil(bands - 1e-9)
        if step > rules.outer_bands:
            return around
    return BANDS[min(step, BANDS.index(around))]


def seen_band(band: Illumination, sense: Sense | None, natural_night: bool) -> Illumination:
    """The band as the one best applicable sense takes it: Night Vision makes natural surface night
    Illuminated; Night Sight treats Partial darkness as Illuminated and Darkness as Partial
    darkness ("Pitch black is unchanged"); Blind Sight ignores illumination for what the sense
    perceives."""
    if sense == "blind sight" or (sense == "night vision" and natural_night):
        return "illuminated"
    if sense == "night sight" and band != "pitch black":
        return BANDS[max(0, BANDS.index(band) - 1)]
    return band


def movement(character: Adventurer, settings: D100V3Settings, dark_dice: int = 0) -> tuple[float, tuple[str, ...]]:
    """A character's Movement in metres and what reduced it: Fatigued three-quarter, Exhausted
    and Overloaded half, and the light reaching the mover ("Illumination penalises ... Movement":
    D100-LIGHT's share a penalty die); several at once by D100-MOVEMENT. "Reduced Movement is
    never less than 1 metre.\""""
    reductions = []
    if character.fatigue in CONDITION_MOVEMENT:
        reductions.append((character.fatigue.capitalize(), CONDITION_MOVEMENT[character.fatigue]))
    if overloaded(character):
        reductions.append(("Overloaded", OVERLOADED_MOVEMENT))
    if dark_dice:
        reductions.append(("light", 1 - dark_dice * settings.D100_LIGHT.movement_per_die))
    base = settings.D100_CHARACTER.movement
    if not reductions:
        return base, ()
    shares = [share for _, share in reductions]
    share = min(shares) if settings.D100_MOVEMENT.reductions == "lowest" else math.prod(shares)
    return max(LEAST_MOVEMENT, base * share), tuple(name for name, _ in reductions)


def combat_order(character: Adventurer) -> int:
    """What its condition adds to its Combat Order: Fatigued -3, Exhausted -6 (Overloaded none)."""
    return COMBAT_ORDER[character.fatigue]


def in_combat(state: Adventure, wanted: bool, why: str) -> None:
    if state.in_combat != wanted:
        raise RuleViolation("in-combat" if state.in_combat else "not-in-combat", why)
