"""The care of characters (seed 004, Healing and Recovery): damage, combat rounds, battlefield
healing, treatment, surgery and rest, decided against the characters the battle keeps."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.dice import Dice
from domain.dice_expression import check_expression, roll_expression
from domain.errors import RuleViolation
from domain.rulesets.contract import Context
from domain.rulesets.d100.characters import (
    AdventureState,
    Character,
    after_damage,
    at_round_end,
    daily_recovery,
    healed,
    is_major_wound,
)
from domain.rulesets.d100.commands import (
    BattlefieldHealing,
    BeginCombat,
    EndCombat,
    EndRound,
    Rest,
    Surgery,
    TakeDamage,
    Treat,
)
from domain.rulesets.d100.events import (
    Choking,
    CombatFinished,
    CombatStarted,
    DamageTaken,
    HealingAttempted,
    Rested,
    RoundEnded,
    SurgeryAttempted,
    Treated,
)
from domain.rulesets.d100.percentile import PercentileTest, net_grade, percentile_test
from domain.rulesets.d100.settings import D100Settings

# What every d100 rule decides against: the characters and objects, the acting seat, the dice,
# and the settings (D100-GRADES: the most bonus or penalty dice that count).
Table = Context[AdventureState, D100Settings]


def living(state: AdventureState, character_id: str) -> Character:
    """A character at the table that is not dead."""
    found = character_at_table(state, character_id)
    if found.dead:
        raise RuleViolation("character-dead", f"{found.name} is dead")
    return found


def apply_to(state: AdventureState, changes: dict[str, Callable[[Character], Character]]) -> AdventureState:
    return msgspec.structs.replace(state, characters=tuple(
        changes[c.id](c) if c.id in changes else c for c in state.characters))


def character_at_table(state: AdventureState, character_id: str) -> Character:
    found = state.character(character_id)
    if found is None:
        raise RuleViolation("character-unknown", f"no character {character_id!r} at the table")
    return found


def condition_penalties(character: Character) -> list[str]:
    """"Wounded: -1P to every skill test"; "Fatigued applies -1P ... Exhausted applies -2P"."""
    found = ["Wounded"] if character.wounded else []
    return found + {"fresh": [], "fatigued": ["Fatigued"], "exhausted": ["Exhausted", "Exhausted"]}[character.fatigue]


def damage(ctx: Table, command: TakeDamage) -> DamageTaken:
    target = living(ctx.state, command.character)
    dealt = max(0, command.amount - command.armour)
    after = after_damage(target, dealt)
    return DamageTaken(seat=ctx.seat, character=target.id, amount=command.amount, armour=command.armour, dealt=dealt,
                       major_wound=dealt > 0 and is_major_wound(dealt, target), hp=after.hp, dying=after.dying)


def end_round(ctx: Table, command: EndRound) -> RoundEnded:
    """Bleeding and Dying by the round, and the effect again for whoever has inhaled what it
    cannot breathe ("at the end of every following round until ... breathable air")."""
    require_combat(ctx.state, True, "rounds are counted in combat")
    before = {c.id: c for c in ctx.state.characters}
    after = [at_round_end(c) for c in ctx.state.characters]
    inhaled = [(c, fumes_of(c)) for c in after if c.air == "inhaled" and not c.dead]  # all checked, then rolled
    choking = tuple(choke(ctx.dice, c, fumes) for c, fumes in inhaled)
    return RoundEnded(seat=ctx.seat, round=ctx.state.round + 1,
                      bled=tuple(c.id for c in after if c.hp < before[c.id].hp),
                      died=tuple(c.id for c in after if c.dead and not before[c.id].dead), choking=choking)


def damage_dice(expression: str, *, given: bool = True) -> str:
    """A damage expression of the commands (`1d6+1`, written with d or D) as it is rolled, checked
    whole before any die is drawn; one `given` in a command must roll at least one die."""
    rolled = expression.lower()
    check_expression(rolled, needs_dice=given)
    return rolled


def fumes_of(character: Character) -> str:
    """What choking on its fumes rolls. Fumes recorded before `hold_breath` checked them may not
    roll at all: that is refused before any die of the command is drawn."""
    assert character.fumes is not None
    try:
        return damage_dice(character.fumes, given=False)
    except RuleViolation as refused:
        raise RuleViolation("fumes-unrollable", f"{character.name} breathes {character.fumes!r}, which cannot be "
                                                f"rolled ({refused.detail}); it must reach air first") from refused


def choke(dice: Dice, character: Character, fumes: str) -> Choking:
    """The effect of breathing the substance (`fumes`, from `fumes_of`); "Armour does not reduce
    this damage"."""
    roll = roll_expression(dice, fumes, f"{character.name} chokes")
    return Choking(character=character.id, roll=roll, dealt=min(character.hp, max(0, roll.total or 0)))


def require_combat(state: AdventureState, in_combat: bool, why: str) -> None:
    if state.in_combat != in_combat:
        raise RuleViolation("in-combat" if state.in_combat else "not-in-combat", why)


def healing_test(ctx: Table, command: BattlefieldHealing | Treat | Surgery,
                 what: str) -> tuple[Character, Character, PercentileTest]:
    """The helper's Healing test on a living patient: -2P without a Healing Kit, -1P when the
    helper is Wounded."""
    helper, patient = character_at_table(ctx.state, command.helper), living(ctx.state, command.patient)
    if not helper.conscious:
        raise RuleViolation("helper-down", f"{helper.name} cannot help anyone now")
    penalties = condition_penalties(helper) + ([] if command.kit else ["no Healing Kit", "no Healing Kit"])
    test = percentile_test(ctx.dice, command.healing, command.purpose or f"{helper.name}: {what} for {patient.name}",
                           grade=net_grade(0, len(penalties), ctx.settings.D100_GRADES.cap))
    return helper, patient, test


def battlefield_healing(ctx: Table, command: BattlefieldHealing) -> HealingAttempted:
    helper, patient, test = healing_test(ctx, command, "battlefield healing")
    return HealingAttempted(seat=ctx.seat, helper=helper.id, patient=patient.id, test=test, kit=command.kit,
                            stabilised=test.succeeded)


def treat(ctx: Table, command: Treat) -> Treated:
    """Seed 004: "After an encounter, a character who is not Wounded may receive one Healing attempt
    before their next full rest. Success restores 1D4 HP. The limit is one attempt per patient." """
    require_combat(ctx.state, False, "ordinary damage is treated after the encounter")
    patient = character_at_table(ctx.state, command.patient)
    if patient.wounded:
        raise RuleViolation("wounded", f"{patient.name} is Wounded: it needs Surgery")
    if patient.treated:
        raise RuleViolation("already-treated", f"{patient.name} has had its attempt until its next full rest")
    helper, patient, test = healing_test(ctx, command, "treatment")
    roll = roll_expression(ctx.dice, "1d4", f"{patient.name} recovers") if test.succeeded else None
    restored = min(roll.total or 0, patient.max_hp - patient.hp) if roll else 0
    return Treated(seat=ctx.seat, helper=helper.id, patient=patient.id, test=test, kit=command.kit, roll=roll,
                   restored=restored)


def surgery(ctx: Table, command: Surgery) -> SurgeryAttempted:
    """Surgery "uses Healing and cannot be attempted during combat ... restores 1 HP on a success"."""
    require_combat(ctx.state, False, "surgery cannot be attempted during combat")
    patient = character_at_table(ctx.state, command.patient)
    if not patient.wounded or patient.operated:
        raise RuleViolation("no-surgery-needed", f"{patient.name} needs no Surgery")
    helper, patient, test = healing_test(ctx, command, "surgery")
    return SurgeryAttempted(seat=ctx.seat, helper=helper.id, patient=patient.id, test=test, kit=command.kit,
                            success=test.succeeded)


def begin_combat(ctx: Table, command: BeginCombat) -> CombatStarted:
    require_combat(ctx.state, False, "combat has already begun")
    return CombatStarted(seat=ctx.seat)


def end_combat(ctx: Table, command: EndCombat) -> CombatFinished:
    require_combat(ctx.state, True, "no combat to end")
    return CombatFinished(seat=ctx.seat)


def rest(ctx: Table, command: Rest) -> Rested:
    """Days of full rest: each character's natural recovery (D100-RECOVERY)."""
    require_combat(ctx.state, False, "nobody rests in combat")
    recovered = {}
    for character in ctx.state.characters:
        rested = character
        for _ in range(command.days):
            rested = healed(rested, daily_recovery(rested))
        if rested.hp != character.hp:
            recovered[character.id] = rested.hp - character.hp
    return Rested(seat=ctx.seat, days=command.days, recovered=recovered)
