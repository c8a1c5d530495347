"""Food, water, shelter and loads in version 3 (seed 004, Exposure, starvation, and thirst;
Encumbrance; Damaging Objects)."""

from __future__ import annotations

import msgspec

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.d100.adventuring import capacity
from domain.rulesets.d100.characters import Thing, slug
from domain.rulesets.d100.commands import AddObject, Carry, DeprivedDay, FatigueTest, Remedy, StrikeObject
from domain.rulesets.d100.events import (
    DeprivationDay,
    DeprivationRemedied,
    DeprivedDayPassed,
    LoadCarried,
    ObjectAdded,
    ObjectStruck,
)
from domain.rulesets.d100.v3.rolls import fatigue_test
from domain.rulesets.d100.v3.rules import Table, at_table, living
from domain.rulesets.d100.v3.wounds import harmed, withheld


def deprived_day(ctx: Table, command: DeprivedDay) -> list[msgspec.Struct]:
    """"Once a grace period ends, make one Fatigue test at -1P for that deprivation each day. The
    character also takes 1D6 damage per day for each active deprivation. This damage cannot
    recover naturally until adequate shelter, food, or water remedies its cause." One day of each
    deprivation per day on the clock; the Fatigue tests carry the character's conditions."""
    tester = living(ctx.state, command.character)
    kinds = list(dict.fromkeys(command.deprivations))
    done = [kind for kind in kinds if tester.deprived_on.get(kind) == ctx.state.day]
    if done:
        raise RuleViolation("once-a-day", f"{tester.name} has had day {ctx.state.day}'s test of {', '.join(done)}")
    days = []
    for kind in kinds:
        test = fatigue_test(ctx, FatigueTest(resilience=command.resilience, deprived=True,
                                            purpose=f"Fatigue test: {kind}"), tester)
        tester = msgspec.structs.replace(tester, fatigue=test.after)
        roll = roll_expression(ctx.dice, "1d6", f"{kind} harms {tester.name}")
        dealt = min(tester.hp, roll.total or 0)
        tester = tester.with_vitals(withheld(harmed(tester, dealt, hit=False), kind, "deprivation", dealt))
        days.append(DeprivationDay(deprivation=kind, fatigue=test, damage_roll=roll, dealt=dealt))
    return [DeprivedDayPassed(seat=ctx.seat, character=tester.id, days=tuple(days), day=ctx.state.day,
                              health=tester.vitals())]


def remedy(ctx: Table, command: Remedy) -> list[msgspec.Struct]:
    """Shelter, food or water: the deprivation ends, and its damage may recover naturally again."""
    sufferer = at_table(ctx.state, command.character)
    if command.deprivation not in sufferer.deprivations:
        raise RuleViolation("not-deprived", f"{sufferer.name} suffers no {command.deprivation}")
    return [DeprivationRemedied(seat=ctx.seat, character=sufferer.id, deprivation=command.deprivation)]


def carry(ctx: Table, command: Carry) -> list[msgspec.Struct]:
    """"A character cannot carry more than 2 × (STR + SIZ) ENC" (its STR and SIZ as they now are)."""
    character = at_table(ctx.state, command.character)
    limit = capacity(character.characteristics.str, character.characteristics.siz)
    if command.enc > 2 * limit:
        raise RuleViolation("too-heavy", f"{character.name} cannot carry more than {2 * limit} ENC")
    return [LoadCarried(seat=ctx.seat, character=character.id, enc=command.enc, overloaded=command.enc > limit)]


def add_object(ctx: Table, command: AddObject) -> list[msgspec.Struct]:
    thing = Thing(id=slug(command.name), name=command.name, ap=command.ap, hp=command.hp)
    if ctx.state.thing(thing.id) is not None:
        raise RuleViolation("object-exists", f"an object {thing.id!r} is already there")
    return [ObjectAdded(seat=ctx.seat, thing=thing)]


def strike_object(ctx: Table, command: StrikeObject) -> list[msgspec.Struct]:
    """"Subtract the object's Armour Points (AP) from damage, then reduce its Hit Points (HP). At 0
    HP it is broken, breached, or useless.\""""
    thing = ctx.state.thing(command.object)
    if thing is None:
        raise RuleViolation("object-unknown", f"no object {command.object!r}")
    if thing.broken:
        raise RuleViolation("object-broken", f"the {thing.name} is already broken")
    dealt = max(0, command.damage - thing.ap)
    hp = max(0, thing.hp - dealt)
    return [ObjectStruck(seat=ctx.seat, object=thing.id, damage=command.damage, dealt=dealt, hp=hp, broken=hp == 0)]
