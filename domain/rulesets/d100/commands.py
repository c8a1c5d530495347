"""The commands of d100 version 2: tests, procedures, and the care of characters."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.commands import TEXT_PATTERN
from domain.rulesets.d100.adventuring import Condition, Deprivation, Illumination, Pace, Sense, Terrain
from domain.rulesets.d100.characters import Characteristics

Skill = Annotated[int, msgspec.Meta(ge=0, le=200)]
CharacterId = Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
Grades = Annotated[int, msgspec.Meta(ge=0, le=10)]
Purpose = Annotated[str, msgspec.Meta(max_length=200, pattern=TEXT_PATTERN)]
SeatName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]


DiceExpression = Annotated[str, msgspec.Meta(pattern=r"^\d{1,2}[dD]\d{1,3}([+-]\d{1,3})?$", max_length=20)]
AfflictionName = Annotated[str, msgspec.Meta(min_length=1, max_length=60, pattern=TEXT_PATTERN)]


class D100Command(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """What every d100 command may carry."""

    purpose: Purpose = ""  # shown in the event and in the dice's purpose
    seat: SeatName | None = None  # for a player holding several seats


class LightSource(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A light source's listed radius and the distance from it (metres) of what it lights: the
    observed target, or the mover (version 3; D100-LIGHT gives its weaker outer bands)."""

    radius: Annotated[float, msgspec.Meta(gt=0, le=1000)]
    distance: Annotated[float, msgspec.Meta(ge=0, le=100_000)]


class MakeTest(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="test"):
    """A percentile test at `skill` with bonus (B) and penalty (P) dice. Naming the `character`
    who tests adds what its conditions impose (Wounded -1P; Overloaded -1P on a `physical`
    test); `light` adds the illumination's penalty to a test of sight or an attack, after the
    tester's best `sense`; version 3 also takes a `light_source` (then `light` is the light
    around it, pitch black if not given)."""

    skill: Skill
    bonus: Grades = 0
    penalty: Grades = 0
    character: CharacterId | None = None
    physical: bool = False  # a physical test (weapons, most STR or DEX tests)
    light: Illumination | None = None
    sense: Sense | None = None
    natural_night: bool = False  # natural surface night (Night Vision sees in it)
    light_source: LightSource | None = None  # version 3


class MakeOpposedTest(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="opposed_test"):
    """Two tests against each other (Resilience against a poison's Potency, Athletics against
    Athletics...): critical beats success beats failure beats fumble."""

    skill: Skill
    opposing_skill: Skill
    bonus: Grades = 0
    penalty: Grades = 0
    opposing_bonus: Grades = 0
    opposing_penalty: Grades = 0
    # Version 3: the characters testing, whose conditions add their penalty dice.
    character: CharacterId | None = None
    opposing_character: CharacterId | None = None
    physical: bool = False
    opposing_physical: bool = False


class Fall(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="fall"):
    """A fall of `metres`: 1D6 per full 3 metres, ignoring armour; with `acrobatics` (the
    faller's Athletics (Acrobatics) skill, when it is conscious, unsurprised and in control) one
    test to soften it."""

    metres: Annotated[float, msgspec.Meta(ge=0, le=300)]
    acrobatics: Skill | None = None
    soft_ground: bool = False  # snow, a canopy: halves the effective distance
    character: CharacterId | None = None  # version 3: who falls (its conditions, its hit points)


class FatigueTest(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="fatigue_test"):
    """A Resilience test after strenuous activity, from the tester's current condition. Naming
    the `character` takes its condition and load from the table and keeps the outcome."""

    resilience: Skill
    character: CharacterId | None = None
    condition: Condition = "fresh"
    overloaded: bool = False
    without_food: bool = False  # three days or more
    deprived: bool = False  # the daily test of a deprivation whose grace period has ended


class TravelDay(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="travel_day"):
    """A day of travel at a pace across the worst terrain crossed; on an uncertain day, the
    Natural Lore navigation test."""

    pace: Pace
    terrain: Terrain
    navigation: Skill | None = None
    # Version 3: who navigates (its conditions count), and material route changes, each calling
    # for another navigation test.
    character: CharacterId | None = None
    route_changes: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0


class AddCharacter(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="add_character"):
    """Bring a character to the table (its HP and Major Wound Level are derived: D100-CHARACTER)."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=60, pattern=r"^[^\x00-\x1f]+$")]
    characteristics: Characteristics


class TakeDamage(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="damage"):
    """Damage to a character; `armour` is subtracted first (0 for a fall, fire or suffocation)."""

    character: CharacterId
    amount: Annotated[int, msgspec.Meta(ge=0, le=1000)]
    armour: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0


class EndRound(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="end_round"):
    """End the combat round: Bleeding costs 1 HP, Dying comes a round nearer death."""




class _Healing(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True):
    helper: CharacterId
    patient: CharacterId
    healing: Skill
    kit: bool = True  # without a Healing Kit the test suffers -2P


class BattlefieldHealing(_Healing, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="battlefield_healing"):
    """A helper spends its round on a Healing test for an adjacent patient; success stops
    Bleeding and Dying."""


class BeginCombat(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="begin_combat"):
    """Combat begins: rounds are counted; treatment, surgery and rest wait for its end."""


class EndCombat(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="end_combat"):
    """The encounter is over."""




class Treat(_Healing, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="treat"):
    """After an encounter, one Healing attempt on a patient who is not Wounded: 1D4 HP."""


class Surgery(_Healing, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="surgery"):
    """Surgery on a Wounded patient, out of combat and in safe working conditions: 1 HP on a
    success, after which its natural recovery may begin."""


class Rest(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="rest"):
    """Days of full rest with no more than light activity: natural recovery for everyone."""

    days: Annotated[int, msgspec.Meta(ge=1, le=60)] = 1
    hours: Annotated[int, msgspec.Meta(ge=1, le=1440)] | None = None  # version 3: hours of complete rest


class _Affliction(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True):
    character: CharacterId
    name: AfflictionName
    resilience: Skill  # the victim's Resilience
    potency: Annotated[int, msgspec.Meta(ge=10, le=100)]
    damage: DiceExpression | None = None  # the Effect's damage, e.g. "1d3"
    healed: bool = False  # a successful Healing test before this resistance test: +1B


class ResistPoison(_Affliction, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="resist_poison"):
    """After the poison's Delay, the one opposed Resilience-versus-Potency test: if the poison
    wins, its Effect for its Duration."""

    duration: DiceExpression | None = None  # e.g. "6d10" (minutes)


class ResistDisease(_Affliction, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="resist_disease"):
    """After each Delay, an opposed Resilience-versus-Potency test: the disease's Effect each time
    it wins, until the victim wins."""


class Carry(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="carry"):
    """What a character now carries, in ENC: above STR + SIZ it is Overloaded; it cannot carry
    more than twice that."""

    character: CharacterId
    enc: Annotated[int, msgspec.Meta(ge=0, le=200)]


class AddObject(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="add_object"):
    """An object that may be damaged: a door, a wall, a chest."""

    name: AfflictionName
    ap: Annotated[int, msgspec.Meta(ge=0, le=100)]
    hp: Annotated[int, msgspec.Meta(ge=1, le=1000)]


class StrikeObject(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="strike_object"):
    """Damage to a stationary object: "usually hits automatically"; its AP are subtracted."""

    object: CharacterId
    damage: Annotated[int, msgspec.Meta(ge=0, le=1000)]


class DeprivedDay(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="deprived_day"):
    """A day of each deprivation whose grace period has ended: for each, a Fatigue test at -1P
    and 1D6 damage, which cannot recover naturally until the cause is remedied."""

    character: CharacterId
    resilience: Skill
    deprivations: Annotated[list[Deprivation], msgspec.Meta(min_length=1, max_length=3)]


class Remedy(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="remedy"):
    """Shelter, food or water: the deprivation ends and its damage may recover naturally."""

    character: CharacterId
    deprivation: Deprivation


class HoldBreath(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="hold_breath"):
    """Without air (water, smoke, gas): the character holds its breath; `fumes` is the damage of
    breathing what surrounds it."""

    character: CharacterId
    fumes: DiceExpression


class BreathTest(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="breath_test"):
    """After CON rounds, each round's Resilience test, with a cumulative -1P."""

    character: CharacterId
    resilience: Skill


class ReachAir(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="reach_air"):
    """Breathable air again: a Resilience test, or 1D4 rounds of retching or gasping."""

    character: CharacterId
    resilience: Skill
