"""d100 events (every version's, so one union decodes them all)."""

from __future__ import annotations

import msgspec

from domain.dice import Roll
from domain.rulesets.d100.adventuring import Condition
from domain.rulesets.d100.characters import Character, Thing
from domain.rulesets.d100.percentile import Outcome, PercentileTest


class TestRolled(msgspec.Struct, frozen=True, kw_only=True, tag="test_rolled"):
    """A percentile test: every die, the result and its level."""

    __test__ = False  # not a pytest class, whatever its name
    seat: str
    purpose: str
    test: PercentileTest
    penalties: tuple[str, ...] = ()  # the sources of penalty dice the rules added


class OpposedTestRolled(msgspec.Struct, frozen=True, kw_only=True, tag="opposed_test_rolled"):
    seat: str
    purpose: str
    first: PercentileTest
    second: PercentileTest
    winner: Outcome


class FallResolved(msgspec.Struct, frozen=True, kw_only=True, tag="fall_resolved"):
    """A fall: its dice, the Acrobatics test if one was made, the damage (armour does not count)."""

    seat: str
    purpose: str
    metres: float
    soft_ground: bool
    dice: int  # 1D6 per full 3 metres, before Acrobatics
    acrobatics: PercentileTest | None = None
    removed: int = 0
    maximised: bool = False  # a fumbled Acrobatics test maximises every remaining die
    damage_roll: Roll | None = None
    damage: int = 0
    prone: bool = False


class FatigueTested(msgspec.Struct, frozen=True, kw_only=True, tag="fatigue_tested"):
    seat: str
    purpose: str
    character: str | None = None  # the character at the table whose condition it changes
    test: PercentileTest
    penalties: tuple[str, ...]
    before: Condition
    after: Condition
    unconscious_roll: Roll | None = None  # a fumble: 3D6 minutes
    unconscious_minutes: int = 0


class TravelDayResolved(msgspec.Struct, frozen=True, kw_only=True, tag="travel_day_resolved"):
    seat: str
    purpose: str
    pace: str
    terrain: str
    full_km: float
    km: float
    navigation: PercentileTest | None = None
    lost: bool = False
    fatigue_test_due: bool = False  # a forced march: test Fatigue for each traveller


class CharacterAdded(msgspec.Struct, frozen=True, kw_only=True, tag="character_added"):
    seat: str
    character: Character


class DamageTaken(msgspec.Struct, frozen=True, kw_only=True, tag="damage_taken"):
    """Damage after armour; a major wound (at least the Major Wound Level) leaves the character
    Wounded and Bleeding; at 0 HP it falls unconscious, Dying."""

    seat: str
    character: str
    amount: int
    armour: int
    dealt: int
    major_wound: bool
    hp: int
    dying: bool


class Choking(msgspec.Struct, frozen=True, kw_only=True):
    """A round's damage to one who has inhaled what it cannot breathe (armour does not count)."""

    character: str
    roll: Roll
    dealt: int


class RoundEnded(msgspec.Struct, frozen=True, kw_only=True, tag="round_ended"):
    """The end of a round: who lost a point of HP to Bleeding, who died, and who choked."""

    seat: str
    round: int
    bled: tuple[str, ...] = ()
    died: tuple[str, ...] = ()
    choking: tuple[Choking, ...] = ()


class BreathHeld(msgspec.Struct, frozen=True, kw_only=True, tag="breath_held"):
    seat: str
    character: str
    fumes: str


class BreathTested(msgspec.Struct, frozen=True, kw_only=True, tag="breath_tested"):
    """A Resilience test to go on holding the breath; on the first failure the character
    inhales and suffers the effect at once (`damage_roll`)."""

    seat: str
    character: str
    test: PercentileTest
    inhaled: bool
    damage_roll: Roll | None = None
    dealt: int = 0


class AirReached(msgspec.Struct, frozen=True, kw_only=True, tag="air_reached"):
    """Breathable air again; a failed Resilience test leaves the character retching or gasping
    for 1D4 rounds."""

    seat: str
    character: str
    test: PercentileTest
    gasping_roll: Roll | None = None
    gasping_rounds: int = 0


class HealingAttempted(msgspec.Struct, frozen=True, kw_only=True, tag="healing_attempted"):
    """Battlefield healing: the helper's Healing test (-2P without a Healing Kit); success stops
    Bleeding and Dying and restores no HP."""

    seat: str
    helper: str
    patient: str
    test: PercentileTest
    kit: bool
    stabilised: bool


class CombatStarted(msgspec.Struct, frozen=True, kw_only=True, tag="combat_started"):
    seat: str


class CombatFinished(msgspec.Struct, frozen=True, kw_only=True, tag="combat_finished"):
    seat: str


class Treated(msgspec.Struct, frozen=True, kw_only=True, tag="treated"):
    """After an encounter, Healing for ordinary damage: 1D4 HP on a success; one attempt per
    patient before its next full rest."""

    seat: str
    helper: str
    patient: str
    test: PercentileTest
    kit: bool
    roll: Roll | None = None
    restored: int = 0


class SurgeryAttempted(msgspec.Struct, frozen=True, kw_only=True, tag="surgery_attempted"):
    """Surgery on a Wounded patient: 1 HP on a success, and natural recovery may begin."""

    seat: str
    helper: str
    patient: str
    test: PercentileTest
    kit: bool
    success: bool


class Rested(msgspec.Struct, frozen=True, kw_only=True, tag="rested"):
    """Days of full rest: each character's natural recovery (D100-RECOVERY)."""

    seat: str
    days: int
    recovered: dict[str, int]


class PoisonResisted(msgspec.Struct, frozen=True, kw_only=True, tag="poison_resisted"):
    """The victim's Resilience (`resistance`) against the poison's Potency (`potency`)."""

    seat: str
    character: str
    name: str
    resistance: PercentileTest
    potency: PercentileTest
    poison_won: bool
    damage_roll: Roll | None = None
    dealt: int = 0
    duration_roll: Roll | None = None


class DiseaseTested(msgspec.Struct, frozen=True, kw_only=True, tag="disease_tested"):
    """One resistance test against a disease: while it wins it deals its Effect and stays active."""

    seat: str
    character: str
    name: str
    resistance: PercentileTest
    potency: PercentileTest
    disease_won: bool
    damage_roll: Roll | None = None
    dealt: int = 0


class LoadCarried(msgspec.Struct, frozen=True, kw_only=True, tag="load_carried"):
    seat: str
    character: str
    enc: int
    overloaded: bool


class ObjectAdded(msgspec.Struct, frozen=True, kw_only=True, tag="object_added"):
    seat: str
    thing: Thing


class ObjectStruck(msgspec.Struct, frozen=True, kw_only=True, tag="object_struck"):
    """Damage less the object's AP; at 0 HP it is "broken, breached, or useless"."""

    seat: str
    object: str
    damage: int
    dealt: int
    hp: int
    broken: bool


class DeprivationDay(msgspec.Struct, frozen=True, kw_only=True):
    """One deprivation's day: its Fatigue test at -1P and its 1D6 damage (no hit)."""

    deprivation: str
    fatigue: FatigueTested
    damage_roll: Roll
    dealt: int


class DeprivedDayPassed(msgspec.Struct, frozen=True, kw_only=True, tag="deprived_day_passed"):
    """A day of each active deprivation; none recovers naturally until remedied."""

    seat: str
    character: str
    days: tuple[DeprivationDay, ...]


class DeprivationRemedied(msgspec.Struct, frozen=True, kw_only=True, tag="deprivation_remedied"):
    seat: str
    character: str
    deprivation: str


D100_EVENTS: tuple[type[msgspec.Struct], ...] = (
    TestRolled, OpposedTestRolled, FallResolved, FatigueTested, TravelDayResolved, CharacterAdded, DamageTaken,
    RoundEnded, HealingAttempted, CombatStarted, CombatFinished, Treated, SurgeryAttempted, Rested, PoisonResisted,
    DiseaseTested, LoadCarried, ObjectAdded, ObjectStruck, DeprivedDayPassed, DeprivationRemedied, BreathHeld,
    BreathTested, AirReached)
