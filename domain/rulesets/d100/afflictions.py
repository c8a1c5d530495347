"""Poison and disease (seed 004): "Roll Potency like a skill in an opposed test against the
victim's Resilience"; a poison gets one test, a disease one after each Delay until the victim
wins (D100-AFFLICTION: the affliction must win; a stalemate goes to the victim)."""

from __future__ import annotations

from domain.dice import Dice, Roll
from domain.dice_expression import roll_expression
from domain.rulesets.d100.care import Table, damage_dice, living
from domain.rulesets.d100.characters import Character
from domain.rulesets.d100.commands import ResistDisease, ResistPoison
from domain.rulesets.d100.events import DiseaseTested, PoisonResisted
from domain.rulesets.d100.percentile import PercentileTest, net_grade, opposed, percentile_test


def resist_poison(ctx: Table, command: ResistPoison) -> PoisonResisted:
    victim = living(ctx.state, command.character)
    damage = damage_dice(command.damage) if command.damage else None
    lasting = damage_dice(command.duration) if command.duration else None
    resistance, potency, won = _contest(ctx.dice, victim, command, ctx.settings.D100_GRADES.cap)
    damage_roll, dealt = _effect(ctx.dice, victim, command.name, damage, won)
    duration = roll_expression(ctx.dice, lasting, f"{command.name}: duration") if won and lasting else None
    return PoisonResisted(seat=ctx.seat, character=victim.id, name=command.name, resistance=resistance, potency=potency,
                          poison_won=won, damage_roll=damage_roll, dealt=dealt, duration_roll=duration)


def resist_disease(ctx: Table, command: ResistDisease) -> DiseaseTested:
    victim = living(ctx.state, command.character)
    damage = damage_dice(command.damage) if command.damage else None
    resistance, potency, won = _contest(ctx.dice, victim, command, ctx.settings.D100_GRADES.cap)
    damage_roll, dealt = _effect(ctx.dice, victim, command.name, damage, won)
    return DiseaseTested(seat=ctx.seat, character=victim.id, name=command.name, resistance=resistance, potency=potency,
                         disease_won=won, damage_roll=damage_roll, dealt=dealt)



def _contest(dice: Dice, victim: Character, command: ResistPoison | ResistDisease,
             cap: int) -> tuple[PercentileTest, PercentileTest, bool]:
    """"A successful Healing test completed before the resistance test grants the victim +1B.\""""
    resistance = percentile_test(dice, command.resilience, f"{victim.name} resists {command.name}",
                                 grade=net_grade(1 if command.healed else 0, 0, cap))
    potency = percentile_test(dice, command.potency, f"{command.name}: Potency")
    return resistance, potency, opposed(potency, resistance) == "first"


def _effect(dice: Dice, victim: Character, name: str, damage: str | None, won: bool) -> tuple[Roll | None, int]:
    """The damage the affliction deals when it wins (`damage` checked by `damage_dice` before the test)."""
    if not won or damage is None:
        return None, 0
    roll = roll_expression(dice, damage, f"{name} harms {victim.name}")
    return roll, min(victim.hp, max(0, roll.total or 0))
