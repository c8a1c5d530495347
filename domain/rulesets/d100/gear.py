"""What characters carry (seed 004, Encumbrance) and the objects they break (Damaging Objects)."""

from __future__ import annotations

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.d100.adventuring import capacity
from domain.rulesets.d100.care import Table, character_at_table
from domain.rulesets.d100.characters import AdventureState, Thing, slug
from domain.rulesets.d100.commands import AddObject, Carry, StrikeObject
from domain.rulesets.d100.events import LoadCarried, ObjectAdded, ObjectStruck


def carry(ctx: Table, command: Carry) -> LoadCarried:
    """"A character cannot carry more than 2 x (STR + SIZ) ENC.\""""
    character = character_at_table(ctx.state, command.character)
    limit = capacity(character.characteristics.str, character.characteristics.siz)
    if command.enc > 2 * limit:
        raise RuleViolation("too-heavy", f"{character.name} cannot carry more than {2 * limit} ENC")
    return LoadCarried(seat=ctx.seat, character=character.id, enc=command.enc, overloaded=command.enc > limit)


def add_object(ctx: Table, command: AddObject) -> ObjectAdded:
    thing = Thing(id=slug(command.name), name=command.name, ap=command.ap, hp=command.hp)
    if ctx.state.thing(thing.id) is not None:
        raise RuleViolation("object-exists", f"an object {thing.id!r} is already there")
    return ObjectAdded(seat=ctx.seat, thing=thing)


def strike_object(ctx: Table, command: StrikeObject) -> ObjectStruck:
    """"Subtract the object's Armour Points (AP) from damage, then reduce its Hit Points (HP). At
    0 HP it is broken, breached, or useless.\""""
    thing = ctx.state.thing(command.object)
    if thing is None:
        raise RuleViolation("object-unknown", f"no object {command.object!r}")
    if thing.broken:
        raise RuleViolation("object-broken", f"the {thing.name} is already broken")
    dealt = max(0, command.damage - thing.ap)
    hp = max(0, thing.hp - dealt)
    return ObjectStruck(seat=ctx.seat, object=thing.id, damage=command.damage, dealt=dealt, hp=hp, broken=hp == 0)


def struck(state: AdventureState, event: ObjectStruck) -> AdventureState:
    return msgspec.structs.replace(state, things=tuple(
        msgspec.structs.replace(t, hp=event.hp) if t.id == event.object else t for t in state.things))
