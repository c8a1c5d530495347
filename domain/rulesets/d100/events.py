"""d100 events (every version's, so one union decodes them all). Fields marked "version 3" are
None in the events of version 2, which does not record them."""

from __future__ import annotations

import msgspec

from domain.dice import Roll
from domain.rulesets.d100.adventuring import Condition
from domain.rulesets.d100.body import Effect, Vitals
from domain.rulesets.d100.characters import Character, Thing
from domain.rulesets.d100.percentile import Outcome, PercentileTest


class TestRolled(msgspec.Struct, frozen=True, kw_only=True, tag="test_rolled"):
    """A percentile test: every die, the result and its level."""

    __test__ = False  # not a pytest class, whatever its name
    seat: str
    purpose: str
    test: PercentileTest
    penalties: tuple[str, ...] = ()  # the sources of penalty dice the rules added
    character: str | None = None  # version 3: the character who tested


class OpposedTestRolled(msgspec.Struct, frozen=True, kw_only=True, tag="opposed_test_rolled"):
    seat: str
    purpose: str
    first: PercentileTest
    second: PercentileTest
    winner: Outcome
    # Version 3: who tested, and the penalty dice each side's conditions added.
    character: str | None = None
    opposing_character: str | None = None
    penalties: tuple[str, ...] | None = None
    opposing_penalties: tuple[str, ...] | None = None


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
    # Version 3: who fell, the penalty dice on its Acrobatics test, and its body after the fall.
    character: str | None = None
    penalties: tuple[str, ...] | None = None
    health: Vitals | None = None


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
    unconscious_until: int | None = None  # version 3: when it awakens, on the battle's clock (seconds)


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
    # Version 3: who navigated, its penalty dice, and the tests after each material route change.
    character: str | None = None
    penalties: tuple[str, ...] | None = None
    route_tests: tuple[PercentileTest, ...] | None = None


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
    health: Vitals | None = None  # version 3


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
    health: tuple[Vitals, ...] | None = None  # version 3: the body after the round of each it changed


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
    # Version 3: the round of holding it was made in (one test a round), its penalty dice, the body.
    round: int | None = None
    penalties: tuple[str, ...] | None = None
    health: Vitals | None = None


class AirReached(msgspec.Struct, frozen=True, kw_only=True, tag="air_reached"):
    """Breathable air again; a failed Resilience test leaves the character retching or gasping
    for 1D4 rounds."""

    seat: str
    character: str
    test: PercentileTest
    gasping_roll: Roll | None = None
    gasping_rounds: int = 0
    penalties: tuple[str, ...] | None = None  # version 3
    gasping_until: int | None = None  # version 3: on the battle's clock (seconds)


class HealingAttempted(msgspec.Struct, frozen=True, kw_only=True, tag="healing_attempted"):
    """Battlefield healing: the helper's Healing test (-2P without a Healing Kit); success stops
    Bleeding and Dying and restores no HP."""

    seat: str
    helper: str
    patient: str
    test: PercentileTest
    kit: bool
    stabilised: bool
    penalties: tuple[str, ...] | None = None  # version 3
    health: Vitals | None = None  # version 3: the patient's


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
    penalties: tuple[str, ...] | None = None  # version 3
    health: Vitals | None = None  # version 3: the patient's


class SurgeryAttempted(msgspec.Struct, frozen=True, kw_only=True, tag="surgery_attempted"):
    """Surgery on a Wounded patient: 1 HP on a success, and natural recovery may begin."""

    seat: str
    helper: str
    patient: str
    test: PercentileTest
    kit: bool
    success: bool
    penalties: tuple[str, ...] | None = None  # version 3
    restored: int | None = None  # version 3 (no more than the disease it has lets heal)
    health: Vitals | None = None  # version 3: the patient's


class Rested(msgspec.Struct, frozen=True, kw_only=True, tag="rested"):
    """Days of full rest: each character's natural recovery (D100-RECOVERY)."""

    seat: str
    days: int
    recovered: dict[str, int]
    # Version 3: hours of complete rest, whose Fatigue it removed, whether it was a full rest (it
    # renews the treatment attempt), and the body after it of each whose hit points it changed.
    hours: int | None = None
    fatigue_removed: tuple[str, ...] | None = None
    full_rest: bool | None = None
    health: tuple[Vitals, ...] | None = None


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
    # Version 3: the victim's penalty dice, the effects on its characteristics, its body after.
    penalties: tuple[str, ...] | None = None
    effects: tuple[Effect, ...] | None = None
    health: Vitals | None = None


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
    # Version 3: the victim's penalty dice; while the disease wins, its effects, the next Delay
    # and when the next test is due, when its daily damage comes next; the body after.
    penalties: tuple[str, ...] | None = None
    effects: tuple[Effect, ...] | None = None
    delay_roll: Roll | None = None
    test_at: int | None = None
    next_daily_at: int | None = None
    health: Vitals | None = None


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
    day: int | None = None  # version 3: the day of the battle's clock (one test per deprivation a day)
    health: Vitals | None = None  # version 3


class DeprivationRemedied(msgspec.Struct, frozen=True, kw_only=True, tag="deprivation_remedied"):
    seat: str
    character: str
    deprivation: str


D100_EVENTS: tuple[type[msgspec.Struct], ...] = (
    TestRolled, OpposedTestRolled, FallResolved, FatigueTested, TravelDayResolved, CharacterAdded, DamageTaken,
    RoundEnded, HealingAttempted, CombatStarted, CombatFinished, Treated, SurgeryAttempted, Rested, PoisonResisted,
    DiseaseTested, LoadCarried, ObjectAdded, ObjectStruck, DeprivedDayPassed, DeprivationRemedied, BreathHeld,
    BreathTested, AirReached)
