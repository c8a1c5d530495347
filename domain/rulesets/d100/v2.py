"""d100 ruleset version 2: seed 004's Adventuring procedures, rolled verifiably. A seated
player makes percentile tests (bonus and penalty dice, opposed tests), resolves falls with the
Acrobatics test, Fatigue tests, and days of travel with their navigation test. Characters are
not kept by the server yet: each command carries the numbers it needs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, ClassVar

import msgspec

from domain.commands import TEXT_PATTERN
from domain.dice import Dice
from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.base import ProvisionalRule, provisional
from domain.rulesets.d100 import D100
from domain.rulesets.d100.adventuring import (
    NEEDS_FATIGUE_TEST,
    Condition,
    Pace,
    Terrain,
    after_fatigue_test,
    day_of_travel,
    dice_removed,
    fall_dice,
    fatigue_penalties,
    lands_prone,
)
from domain.rulesets.d100.characters import (
    AdventureState,
    Character,
    Characteristics,
    after_damage,
    at_round_end,
    daily_recovery,
    healed,
    is_major_wound,
    new_character,
    stabilised,
)
from domain.rulesets.d100.events import (
    CharacterAdded,
    CombatFinished,
    CombatStarted,
    DamageTaken,
    FallResolved,
    FatigueTested,
    HealingAttempted,
    OpposedTestRolled,
    Rested,
    RoundEnded,
    SurgeryAttempted,
    TestRolled,
    TravelDayResolved,
    Treated,
)
from domain.rulesets.d100.percentile import PercentileTest, net_grade, opposed, percentile_test
from domain.seats import acting_seat

Skill = Annotated[int, msgspec.Meta(ge=0, le=200)]
CharacterId = Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
Grades = Annotated[int, msgspec.Meta(ge=0, le=10)]
Purpose = Annotated[str, msgspec.Meta(max_length=200, pattern=TEXT_PATTERN)]
SeatName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]


class _Roll(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    purpose: Purpose = ""
    seat: SeatName | None = None


class MakeTest(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="test"):
    """A percentile test at `skill` with bonus (B) and penalty (P) dice; naming the `character`
    who tests adds what its conditions impose (Wounded: -1P)."""

    skill: Skill
    bonus: Grades = 0
    penalty: Grades = 0
    character: CharacterId | None = None


class MakeOpposedTest(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="opposed_test"):
    """Two tests against each other (Resilience against a poison's Potency, Athletics against
    Athletics...): critical beats success beats failure beats fumble."""

    skill: Skill
    opposing_skill: Skill
    bonus: Grades = 0
    penalty: Grades = 0
    opposing_bonus: Grades = 0
    opposing_penalty: Grades = 0


class Fall(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="fall"):
    """A fall of `metres`: 1D6 per full 3 metres, ignoring armour; with `acrobatics` (the
    faller's Athletics (Acrobatics) skill, when it is conscious, unsurprised and in control) one
    test to soften it."""

    metres: Annotated[float, msgspec.Meta(ge=0, le=300)]
    acrobatics: Skill | None = None
    soft_ground: bool = False  # snow, a canopy: halves the effective distance


class FatigueTest(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="fatigue_test"):
    """A Resilience test after strenuous activity, from the character's current condition."""

    resilience: Skill
    condition: Condition = "fresh"
    overloaded: bool = False
    without_food: bool = False  # three days or more
    deprived: bool = False  # the daily test of a deprivation whose grace period has ended


class TravelDay(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="travel_day"):
    """A day of travel at a pace across the worst terrain crossed; on an uncertain day, the
    Natural Lore navigation test."""

    pace: Pace
    terrain: Terrain
    navigation: Skill | None = None


class AddCharacter(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="add_character"):
    """Bring a character to the table (its HP and Major Wound Level are derived: D100-CHARACTER)."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=60, pattern=r"^[^\x00-\x1f]+$")]
    characteristics: Characteristics


class TakeDamage(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="damage"):
    """Damage to a character; `armour` is subtracted first (0 for a fall, fire or suffocation)."""

    character: CharacterId
    amount: Annotated[int, msgspec.Meta(ge=0, le=1000)]
    armour: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0


class EndRound(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="end_round"):
    """End the combat round: Bleeding costs 1 HP, Dying comes a round nearer death."""


class BattlefieldHealing(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="battlefield_healing"):
    """A helper spends its round on a Healing test for an adjacent patient; without a Healing Kit
    the test suffers -2P."""

    helper: CharacterId
    patient: CharacterId
    healing: Skill
    kit: bool = True


class BeginCombat(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="begin_combat"):
    """Combat begins: rounds are counted; treatment, surgery and rest wait for its end."""


class EndCombat(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="end_combat"):
    """The encounter is over."""


class _Healing(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True):
    helper: CharacterId
    patient: CharacterId
    healing: Skill
    kit: bool = True  # without a Healing Kit the test suffers -2P


class Treat(_Healing, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="treat"):
    """After an encounter, one Healing attempt on a patient who is not Wounded: 1D4 HP."""


class Surgery(_Healing, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="surgery"):
    """Surgery on a Wounded patient, out of combat and in safe working conditions: 1 HP on a
    success, after which its natural recovery may begin."""


class Rest(_Roll, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="rest"):
    """Days of full rest with no more than light activity: natural recovery for everyone."""

    days: Annotated[int, msgspec.Meta(ge=1, le=60)] = 1


class D100Adventuring(D100):
    version: ClassVar[str] = "2"
    summary: ClassVar[str] = (
        "Percentile fantasy RPG adventuring rules. Version 2 rolls percentile tests verifiably (bonus and "
        "penalty dice, criticals and fumbles, opposed tests) and resolves falls, Fatigue tests and days of "
        "travel; characters are not kept by the server yet."
    )
    provisional_rules: ClassVar[tuple[ProvisionalRule, ...]] = (
        provisional("D100-TEST", "A test succeeds on d100 <= skill; a critical on <= one tenth of the skill "
                                 "(rounded up); a fumble on 99-100 (100 only when skill >= 100)."),
        provisional("D100-GRADES", "Each B is a bonus die and each P a penalty die: one extra tens die per grade, "
                                   "keeping the best (B) or worst (P) result; B and P cancel; at most `cap` of "
                                   "either apply.", cap=3),
        provisional("D100-OPPOSED", "Both roll; critical beats success beats failure beats fumble; on equal levels "
                                    "the higher successful roll wins; when neither succeeds (or both rolls are "
                                    "equal) it is a stalemate."),
        provisional("D100-TRAVEL", "Daily rates for ten hours: walk 30 km, forced march 40 km (a Fatigue test), "
                                   "mounted 50 km; terrain: road 100%, open 75%, forest or hills 50%, mountains or "
                                   "swamp 25%."),
        provisional("D100-CHARACTER", "HP = ceil((CON + SIZ) / 2); Major Wound Level = ceil(HP / 2); Movement 6 m."),
        provisional("D100-DYING", "HP does not fall below 0. A Dying character dies at the end of its third round "
                                  "ended while Dying, the round it fell counting as the first; Bleeding costs a "
                                  "Dying character no more."),
        provisional("D100-RECOVERY", "Natural recovery is a quarter of CON per day, rounded down; a day of rest is a "
                                     "full rest (it renews the one treatment attempt); the Bleeding recover "
                                     "nothing; Surgery's effect lasts until Wounded ends."),
        provisional("D100-FATIGUE", "A failed Fatigue test leaves an Exhausted character Exhausted; a fumble's "
                                    "unconsciousness ends Fatigued, or Exhausted for one already Exhausted."),
    )
    commands: ClassVar[tuple[type[msgspec.Struct], ...]] = (MakeTest, MakeOpposedTest, Fall, FatigueTest, TravelDay,
                                                            AddCharacter, TakeDamage, BeginCombat, EndRound,
                                                            BattlefieldHealing, EndCombat, Treat, Surgery, Rest)
    state_type: ClassVar[type[msgspec.Struct] | None] = AdventureState
    events: ClassVar[tuple[type[msgspec.Struct], ...]] = ()  # registered by version 1 (one union for all)

    def decide(self, battle: Any, command: msgspec.Struct, dice: Dice, actor: str) -> list[msgspec.Struct]:
        if not isinstance(command, _Roll):
            return super().decide(battle, command, dice, actor)
        if isinstance(command, AddCharacter):
            return [self._add(battle, command, actor)]
        if battle.status != "active":
            raise RuleViolation("battle-not-active", "tests are rolled during play")
        seat = acting_seat(battle.seats, command.seat, actor)
        cap = int(battle.options["provisional"]["D100-GRADES"]["cap"])
        state: AdventureState = battle.ruleset_state
        match command:
            case MakeTest():
                penalties = _condition_penalties(_character(state, command.character)) if command.character else []
                grade = net_grade(command.bonus, command.penalty + len(penalties), cap)
                test = percentile_test(dice, command.skill, command.purpose or "test", grade=grade)
                return [TestRolled(seat=seat, purpose=command.purpose, test=test, penalties=tuple(penalties))]
            case TakeDamage():
                return [_damage(state, seat, command)]
            case BeginCombat():
                if state.in_combat:
                    raise RuleViolation("in-combat", "combat has already begun")
                return [CombatStarted(seat=seat)]
            case EndRound():
                _require_combat(state, True, "rounds are counted in combat")
                return [_end_round(state, seat)]
            case BattlefieldHealing():
                return [_battlefield_healing(dice, state, seat, command, cap)]
            case EndCombat():
                _require_combat(state, True, "no combat to end")
                return [CombatFinished(seat=seat)]
            case Treat():
                return [_treat(dice, state, seat, command, cap)]
            case Surgery():
                return [_surgery(dice, state, seat, command, cap)]
            case Rest():
                _require_combat(state, False, "nobody rests in combat")
                return [_rest(state, seat, command.days)]
            case MakeOpposedTest():
                first = percentile_test(dice, command.skill, command.purpose or "opposed test",
                                        grade=net_grade(command.bonus, command.penalty, cap))
                second = percentile_test(dice, command.opposing_skill, command.purpose or "opposed test",
                                         grade=net_grade(command.opposing_bonus, command.opposing_penalty, cap))
                return [OpposedTestRolled(seat=seat, purpose=command.purpose, first=first, second=second,
                                          winner=opposed(first, second))]
            case Fall():
                return [_fall(dice, seat, command)]
            case FatigueTest():
                return [_fatigue(dice, seat, command, cap)]
            case TravelDay():
                return [_travel(dice, seat, command)]
        raise AssertionError(f"unhandled {command!r}")

    def initial_state(self, options: dict[str, Any], seats: Sequence[str]) -> AdventureState:
        return AdventureState()

    def _add(self, battle: Any, command: AddCharacter, actor: str) -> CharacterAdded:
        seat = acting_seat(battle.seats, command.seat, actor)
        character = new_character(command.name, seat, command.characteristics)
        if battle.ruleset_state.character(character.id) is not None:
            raise RuleViolation("character-exists", f"a character {character.id!r} is already at the table")
        return CharacterAdded(seat=seat, character=character)

    def evolve(self, state: Any, event: msgspec.Struct) -> Any:
        match event:
            case CharacterAdded():
                return msgspec.structs.replace(state, characters=(*state.characters, event.character))
            case DamageTaken():
                return _each(state, {event.character: lambda c: after_damage(c, event.dealt)})
            case RoundEnded():
                return msgspec.structs.replace(_each(state, {c.id: at_round_end for c in state.characters}),
                                               round=event.round)
            case HealingAttempted() if event.stabilised:
                return _each(state, {event.patient: stabilised})
            case CombatStarted():
                return msgspec.structs.replace(state, in_combat=True, round=0)
            case CombatFinished():
                return msgspec.structs.replace(state, in_combat=False)
            case Treated():
                return _each(state, {event.patient: lambda c: msgspec.structs.replace(
                    healed(c, event.restored), treated=True)})
            case SurgeryAttempted() if event.success:
                return _each(state, {event.patient: lambda c: msgspec.structs.replace(
                    healed(c, 1), operated=healed(c, 1).wounded)})
            case Rested():
                return _each(state, {c.id: lambda c: msgspec.structs.replace(
                    healed(c, event.recovered.get(c.id, 0)), treated=False) for c in state.characters})
        return state

    def action_seat(self, event: msgspec.Struct) -> str | None:
        if isinstance(event, TestRolled | OpposedTestRolled | FallResolved | FatigueTested | TravelDayResolved
                      | CharacterAdded | DamageTaken | RoundEnded | HealingAttempted | CombatStarted | CombatFinished
                      | Treated | SurgeryAttempted | Rested):
            return event.seat
        return None


def _each(state: AdventureState, changes: dict[str, Callable[[Character], Character]]) -> AdventureState:
    return msgspec.structs.replace(state, characters=tuple(
        changes[c.id](c) if c.id in changes else c for c in state.characters))


def _character(state: AdventureState, character_id: str) -> Character:
    found = state.character(character_id)
    if found is None:
        raise RuleViolation("character-unknown", f"no character {character_id!r} at the table")
    return found


def _condition_penalties(character: Character) -> list[str]:
    """Healing and Recovery: "Wounded: -1P to every skill test." """
    return ["Wounded"] if character.wounded else []


def _damage(state: AdventureState, seat: str, command: TakeDamage) -> DamageTaken:
    target = _character(state, command.character)
    if target.dead:
        raise RuleViolation("character-dead", f"{target.name} is dead")
    dealt = max(0, command.amount - command.armour)
    after = after_damage(target, dealt)
    return DamageTaken(seat=seat, character=target.id, amount=command.amount, armour=command.armour, dealt=dealt,
                       major_wound=dealt > 0 and is_major_wound(dealt, target), hp=after.hp, dying=after.dying)


def _end_round(state: AdventureState, seat: str) -> RoundEnded:
    before = {c.id: c for c in state.characters}
    after = [at_round_end(c) for c in state.characters]
    return RoundEnded(seat=seat, round=state.round + 1,
                      bled=tuple(c.id for c in after if c.hp < before[c.id].hp),
                      died=tuple(c.id for c in after if c.dead and not before[c.id].dead))


def _require_combat(state: AdventureState, in_combat: bool, why: str) -> None:
    if state.in_combat != in_combat:
        raise RuleViolation("in-combat" if state.in_combat else "not-in-combat", why)


def _healing_test(dice: Dice, state: AdventureState, command: BattlefieldHealing | Treat | Surgery, cap: int,
                  what: str) -> tuple[Character, Character, PercentileTest]:
    """The helper's Healing test on a living patient: -2P without a Healing Kit, -1P when the
    helper is Wounded."""
    helper, patient = _character(state, command.helper), _character(state, command.patient)
    if not helper.conscious:
        raise RuleViolation("helper-down", f"{helper.name} cannot help anyone now")
    if patient.dead:
        raise RuleViolation("character-dead", f"{patient.name} is dead")
    penalties = _condition_penalties(helper) + ([] if command.kit else ["no Healing Kit", "no Healing Kit"])
    test = percentile_test(dice, command.healing, command.purpose or f"{helper.name}: {what} for {patient.name}",
                           grade=net_grade(0, len(penalties), cap))
    return helper, patient, test


def _battlefield_healing(dice: Dice, state: AdventureState, seat: str, command: BattlefieldHealing,
                         cap: int) -> HealingAttempted:
    helper, patient, test = _healing_test(dice, state, command, cap, "battlefield healing")
    return HealingAttempted(seat=seat, helper=helper.id, patient=patient.id, test=test, kit=command.kit,
                            stabilised=test.succeeded)


def _treat(dice: Dice, state: AdventureState, seat: str, command: Treat, cap: int) -> Treated:
    """Seed 004: "After an encounter, a character who is not Wounded may receive one Healing attempt
    before their next full rest. Success restores 1D4 HP. The limit is one attempt per patient." """
    _require_combat(state, False, "ordinary damage is treated after the encounter")
    patient = _character(state, command.patient)
    if patient.wounded:
        raise RuleViolation("wounded", f"{patient.name} is Wounded: it needs Surgery")
    if patient.treated:
        raise RuleViolation("already-treated", f"{patient.name} has had its attempt until its next full rest")
    helper, patient, test = _healing_test(dice, state, command, cap, "treatment")
    roll = roll_expression(dice, "1d4", f"{patient.name} recovers") if test.succeeded else None
    restored = min(roll.total or 0, patient.max_hp - patient.hp) if roll else 0
    return Treated(seat=seat, helper=helper.id, patient=patient.id, test=test, kit=command.kit, roll=roll,
                   restored=restored)


def _surgery(dice: Dice, state: AdventureState, seat: str, command: Surgery, cap: int) -> SurgeryAttempted:
    """Surgery "uses Healing and cannot be attempted during combat ... restores 1 HP on a success"."""
    _require_combat(state, False, "surgery cannot be attempted during combat")
    patient = _character(state, command.patient)
    if not patient.wounded or patient.operated:
        raise RuleViolation("no-surgery-needed", f"{patient.name} needs no Surgery")
    helper, patient, test = _healing_test(dice, state, command, cap, "surgery")
    return SurgeryAttempted(seat=seat, helper=helper.id, patient=patient.id, test=test, kit=command.kit,
                            success=test.succeeded)


def _rest(state: AdventureState, seat: str, days: int) -> Rested:
    recovered = {}
    for character in state.characters:
        rested = character
        for _ in range(days):
            rested = healed(rested, daily_recovery(rested))
        if rested.hp != character.hp:
            recovered[character.id] = rested.hp - character.hp
    return Rested(seat=seat, days=days, recovered=recovered)


def _fall(dice: Dice, seat: str, command: Fall) -> FallResolved:
    counted = fall_dice(command.metres, command.soft_ground)
    test: PercentileTest | None = None
    if command.acrobatics is not None:
        test = percentile_test(dice, command.acrobatics, "Athletics (Acrobatics) to land")
    level = test.level if test else None
    left = max(0, counted - dice_removed(level))
    maximised = level == "fumble"
    damage_roll = None
    if maximised:
        damage = 6 * left
    elif left:
        damage_roll = roll_expression(dice, f"{left}d6", command.purpose or "fall damage")
        damage = damage_roll.total or 0
    else:
        damage = 0
    return FallResolved(seat=seat, purpose=command.purpose, metres=command.metres, soft_ground=command.soft_ground,
                        dice=counted, acrobatics=test, removed=counted - left, maximised=maximised,
                        damage_roll=damage_roll, damage=damage, prone=lands_prone(damage, level))


def _fatigue(dice: Dice, seat: str, command: FatigueTest, cap: int) -> FatigueTested:
    penalties = fatigue_penalties(command.condition, overloaded=command.overloaded,
                                  without_food=command.without_food, deprived=command.deprived)
    test = percentile_test(dice, command.resilience, command.purpose or "Fatigue test",
                           grade=net_grade(0, len(penalties), cap))
    minutes_roll = roll_expression(dice, "3d6", "unconscious minutes") if test.level == "fumble" else None
    return FatigueTested(seat=seat, purpose=command.purpose, test=test, penalties=tuple(penalties),
                         before=command.condition, after=after_fatigue_test(command.condition, test.level),
                         unconscious_roll=minutes_roll, unconscious_minutes=minutes_roll.total or 0 if minutes_roll
                         else 0)


def _travel(dice: Dice, seat: str, command: TravelDay) -> TravelDayResolved:
    navigation = None
    if command.navigation is not None:
        navigation = percentile_test(dice, command.navigation, "Natural Lore navigation")
    km, lost = day_of_travel(command.pace, command.terrain, navigation.level if navigation else None)
    full, _ = day_of_travel(command.pace, command.terrain, None)
    return TravelDayResolved(seat=seat, purpose=command.purpose, pace=command.pace, terrain=command.terrain,
                             full_km=full, km=km, navigation=navigation, lost=lost,
                             fatigue_test_due=command.pace in NEEDS_FATIGUE_TEST)
