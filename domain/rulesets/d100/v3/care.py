"""Wounds and their care in version 3 (seed 004, Healing and Recovery): damage, the combat round
and what a character may do in it (moving, Battlefield Healing), treatment and surgery."""

from __future__ import annotations

import msgspec

from domain.dice import Dice
from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.d100.body import Vitals
from domain.rulesets.d100.care import damage_dice
from domain.rulesets.d100.commands import BattlefieldHealing, EndRound, Surgery, TakeDamage, Treat
from domain.rulesets.d100.events import (
    Choking,
    DamageTaken,
    HealingAttempted,
    RoundEnded,
    SurgeryAttempted,
    Treated,
)
from domain.rulesets.d100.percentile import PercentileTest
from domain.rulesets.d100.v3.clock import time_passes
from domain.rulesets.d100.v3.commands import MoveCharacter
from domain.rulesets.d100.v3.events import CharacterMoved
from domain.rulesets.d100.v3.rules import Table, able, band_at, in_combat, living, movement, seen_band, tested
from domain.rulesets.d100.v3.state import Adventurer
from domain.rulesets.d100.v3.wounds import harmed, healed

NO_KIT = ("no Healing Kit", "no Healing Kit")  # "Healing requires a Healing Kit; without one, the test suffers -2P."


def damage(ctx: Table, command: TakeDamage) -> list[msgspec.Struct]:
    """A hit: armour first; at or above the Major Wound Level, Wounded and Bleeding."""
    target = living(ctx.state, command.character)
    dealt = max(0, command.amount - command.armour)
    body = harmed(target, dealt, hit=True)
    return [DamageTaken(seat=ctx.seat, character=target.id, amount=command.amount, armour=command.armour, dealt=dealt,
                        major_wound=dealt > 0 and dealt >= target.major_wound_level, hp=body.hp,
                        dying=body.dying_rounds is not None, health=body)]


def fumes_to_roll(character: Adventurer) -> str:
    """What choking on its fumes rolls, checked before any die of the command is drawn."""
    try:
        return damage_dice(character.fumes or "", given=False)
    except RuleViolation as refused:
        raise RuleViolation("fumes-unrollable", f"{character.name} breathes {character.fumes!r}, which cannot be "
                                                f"rolled ({refused.detail}); it must reach air first") from refused


def choke(dice: Dice, character: Adventurer, fumes: str) -> Choking:
    """Breathing the substance: its effect, which "Armour does not reduce"."""
    roll = roll_expression(dice, fumes, f"{character.name} chokes")
    return Choking(character=character.id, roll=roll, dealt=min(character.hp, max(0, roll.total or 0)))


def dying_limit(ctx: Table) -> int:
    """"die at the end of the third round unless stabilised": the rounds ended while Dying that
    kill, the round it fell counting or not (D100-DYING)."""
    return 3 if ctx.settings.D100_DYING.falling_round_counts else 4


def end_round(ctx: Table, command: EndRound) -> list[msgspec.Struct]:
    """The end of a combat round: "Bleeding: Lose 1 HP at the end of every round" (no hit); a
    Dying character comes a round nearer death; whoever has inhaled what it cannot breathe
    suffers its effect again; then the round's seconds pass on the clock."""
    in_combat(ctx.state, True, "rounds are counted in combat")
    living_ones = [c for c in ctx.state.characters if not c.dead]
    fumes = {c.id: fumes_to_roll(c) for c in living_ones if c.air == "inhaled"}  # all checked, then rolled
    bled, died, choking, health = [], [], [], []
    for character in living_ones:
        body = character.vitals()
        if character.bleeding and not character.dying:  # D100-DYING: Bleeding costs a Dying character no more
            body = harmed(character, 1, hit=False)
            bled.append(character.id)
        if body.dying_rounds is not None:
            rounds = body.dying_rounds + 1
            dead = rounds >= dying_limit(ctx)
            body = msgspec.structs.replace(body, dying_rounds=rounds, dead=dead, bleeding=body.bleeding and not dead)
            if dead:
                died.append(character.id)
        if character.id in fumes and not body.dead:
            choked = choke(ctx.dice, character.with_vitals(body), fumes[character.id])
            choking.append(choked)
            body = harmed(character.with_vitals(body), choked.dealt, hit=False)
        if body != character.vitals():
            health.append(body)
    ended = RoundEnded(seat=ctx.seat, round=ctx.state.round + 1, bled=tuple(bled), died=tuple(died),
                       choking=tuple(choking), health=tuple(health))
    from domain.rulesets.d100.v3.evolve import evolve  # the clock moves on from the round's end

    return [ended, time_passes(ctx, ctx.settings.D100_CLOCK.round_seconds, evolve(ctx.state, ended))]


def healing_test(ctx: Table, command: BattlefieldHealing | Treat | Surgery,
                 what: str) -> tuple[Adventurer, Adventurer, PercentileTest, tuple[str, ...]]:
    """The helper's Healing test on a living patient, with the helper's conditions and -2P
    without a Healing Kit."""
    helper, patient = able(ctx.state, command.helper), living(ctx.state, command.patient)
    test, penalties = tested(ctx, command.healing, command.purpose or f"{helper.name}: {what} for {patient.name}",
                             helper, extra=() if command.kit else NO_KIT)
    return helper, patient, test, penalties


def battlefield_healing(ctx: Table, command: BattlefieldHealing) -> list[msgspec.Struct]:
    """"A helper can spend their entire round and make a Healing test while adjacent to the
    patient. Both remain stationary. Success removes Bleeding and Dying, but restores no HP." In
    combat that is one attempt a round, by a helper who has neither acted nor moved this round,
    for a patient who has not moved; neither moves after it."""
    if ctx.state.in_combat:
        helper, patient = able(ctx.state, command.helper), living(ctx.state, command.patient)
        if helper.healing:
            raise RuleViolation("once-a-round", f"{helper.name} has already spent this round on Battlefield Healing")
        if helper.acted or helper.moved:
            raise RuleViolation("round-not-whole", f"Battlefield Healing takes {helper.name}'s entire round, and it "
                                                   f"has already {'moved' if helper.moved else 'acted'} this round")
        if patient.moved:
            raise RuleViolation("not-stationary", f"{patient.name} has moved this round: both must remain stationary")
    helper, patient, test, penalties = healing_test(ctx, command, "battlefield healing")
    body = msgspec.structs.replace(patient.vitals(), bleeding=False, dying_rounds=None) if test.succeeded else None
    return [HealingAttempted(seat=ctx.seat, helper=helper.id, patient=patient.id, test=test, kit=command.kit,
                             stabilised=test.succeeded, penalties=penalties, health=body)]


def treat(ctx: Table, command: Treat) -> list[msgspec.Struct]:
    """"After an encounter, a character who is not Wounded may receive one Healing attempt before
    their next full rest. Success restores 1D4 HP. The limit is one attempt per patient, not one
    success." A disease's damage does not heal while it is active."""
    in_combat(ctx.state, False, "ordinary damage is treated after the encounter")
    patient = living(ctx.state, command.patient)
    if patient.wounded:
        raise RuleViolation("wounded", f"{patient.name} is Wounded: it needs Surgery")
    if patient.treated:
        raise RuleViolation("already-treated", f"{patient.name} has had its attempt until its next full rest")
    helper, patient, test, penalties = healing_test(ctx, command, "treatment")
    roll = roll_expression(ctx.dice, "1d4", f"{patient.name} recovers") if test.succeeded else None
    body = healed(patient.vitals(), roll.total or 0, natural=False) if roll else patient.vitals()
    return [Treated(seat=ctx.seat, helper=helper.id, patient=patient.id, test=test, kit=command.kit, roll=roll,
                    restored=body.hp - patient.hp, penalties=penalties, health=body)]


def surgery(ctx: Table, command: Surgery) -> list[msgspec.Struct]:
    """Surgery "uses Healing and cannot be attempted during combat ... restores 1 HP on a
    success"; after it the Wounded patient's natural recovery may begin."""
    in_combat(ctx.state, False, "surgery cannot be attempted during combat")
    patient = living(ctx.state, command.patient)
    if not patient.wounded or patient.operated:
        raise RuleViolation("no-surgery-needed", f"{patient.name} needs no Surgery")
    helper, patient, test, penalties = healing_test(ctx, command, "surgery")
    body: Vitals = patient.vitals()
    if test.succeeded:
        body = healed(body, 1, natural=False)
        body = msgspec.structs.replace(body, operated=body.wounded)
    return [SurgeryAttempted(seat=ctx.seat, helper=helper.id, patient=patient.id, test=test, kit=command.kit,
                             success=test.succeeded, penalties=penalties, restored=body.hp - patient.hp, health=body)]


def move(ctx: Table, command: MoveCharacter) -> list[msgspec.Struct]:
    """A move in a combat round, within the character's Movement (rules.movement) in the light
    reaching it ("for Movement, use light reaching the mover")."""
    in_combat(ctx.state, True, "Movement is counted by the combat round")
    mover = able(ctx.state, command.character)
    if mover.healing or mover.tended:
        raise RuleViolation("not-stationary", f"{mover.name} is in Battlefield Healing this round: it remains "
                                              f"stationary")
    band = seen_band(band_at(command.light, command.light_source, ctx.settings.D100_LIGHT), command.sense,
                     command.natural_night)
    metres, reduced = movement(mover, ctx.settings, ctx.settings.D100_LIGHT.dice(band))
    if mover.moved + command.metres > metres + 1e-9:
        raise RuleViolation("too-far", f"{mover.name} moves {metres:g} m a round and has moved {mover.moved:g} m")
    return [CharacterMoved(seat=ctx.seat, character=mover.id, metres=command.metres, movement=metres,
                           reduced_by=tuple(band if r == "light" else r for r in reduced),
                           moved=mover.moved + command.metres)]
