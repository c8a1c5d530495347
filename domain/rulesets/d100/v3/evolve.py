"""`evolve` of d100 version 3: each event's outcome set as it records it (the body after it, the
clock, what a character did this round), never derived again."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import msgspec

from domain.rulesets.d100.body import Vitals
from domain.rulesets.d100.events import (
    AirReached,
    BreathHeld,
    BreathTested,
    CharacterAdded,
    CombatFinished,
    CombatStarted,
    DamageTaken,
    DeprivationRemedied,
    DeprivedDayPassed,
    DiseaseTested,
    FallResolved,
    FatigueTested,
    HealingAttempted,
    LoadCarried,
    ObjectAdded,
    ObjectStruck,
    OpposedTestRolled,
    PoisonResisted,
    Rested,
    RoundEnded,
    SurgeryAttempted,
    TestRolled,
    Treated,
)
from domain.rulesets.d100.v3.events import CharacterMoved, Exposed, TimePassed
from domain.rulesets.d100.v3.state import Adventure, Adventurer, Exposure, joined

Change = Callable[[Adventurer], Adventurer]


def changed(state: Adventure, changes: dict[str, Change]) -> Adventure:
    return msgspec.structs.replace(state, characters=tuple(
        changes[c.id](c) if c.id in changes else c for c in state.characters))


def bodies(state: Adventure, health: Iterable[Vitals] | None) -> Adventure:
    """Each body as the event records it after what happened."""
    after = {vitals.character: vitals for vitals in health or ()}
    return changed(state, {name: lambda c: c.with_vitals(after[c.id]) for name in after})


def body(state: Adventure, health: Vitals | None) -> Adventure:
    return bodies(state, [health] if health is not None else None)


def new_round(character: Adventurer) -> Adventurer:
    return msgspec.structs.replace(character, moved=0.0, acted=False, healing=False, tended=False)


def evolve(state: Adventure, event: msgspec.Struct) -> Adventure:
    match event:
        case CharacterAdded():
            return msgspec.structs.replace(state, characters=(*state.characters, joined(event.character)))
        case TestRolled() | OpposedTestRolled() if event.character and state.in_combat:
            return changed(state, {event.character: lambda c: msgspec.structs.replace(c, acted=True)})
        case DamageTaken() | FallResolved() | Treated() | SurgeryAttempted():
            return _cared(body(state, event.health), event)
        case HealingAttempted():
            state = body(state, event.health)
            if not state.in_combat:
                return state
            return changed(changed(state, {event.helper: lambda c: msgspec.structs.replace(c, healing=True)}),
                           {event.patient: lambda c: msgspec.structs.replace(c, tended=True)})
        case RoundEnded():
            state = bodies(state, event.health)
            return msgspec.structs.replace(state, round=event.round, characters=tuple(
                new_round(c) for c in state.characters))
        case CombatStarted() | CombatFinished():
            return msgspec.structs.replace(state, in_combat=isinstance(event, CombatStarted), round=0,
                                           characters=tuple(new_round(c) for c in state.characters))
        case CharacterMoved():
            return changed(state, {event.character: lambda c: msgspec.structs.replace(c, moved=event.moved)})
        case TimePassed():
            return _time_passed(state, event)
        case Rested():
            state = bodies(state, event.health)
            removed = set(event.fatigue_removed or ())
            return changed(state, {c.id: lambda c: msgspec.structs.replace(
                c, fatigue="fresh" if c.id in removed else c.fatigue, treated=c.treated and not event.full_rest)
                for c in state.characters})
        case FatigueTested() if event.character:
            return changed(state, {event.character: lambda c: _tired(c, event)})
        case DeprivedDayPassed():
            return _deprived(body(state, event.health), event)
        case DeprivationRemedied():
            return changed(state, {event.character: lambda c: msgspec.structs.replace(
                c, deprivations=tuple(d for d in c.deprivations if d != event.deprivation),
                unhealed=tuple(u for u in c.unhealed if u.cause != event.deprivation))})
        case Exposed():
            exposure = Exposure(affliction=event.affliction, test_at=event.test_at)
            return changed(state, {event.character: lambda c: msgspec.structs.replace(
                c, exposures=(*c.exposures, exposure))})
        case PoisonResisted():
            return changed(body(state, event.health), {event.character: lambda c: msgspec.structs.replace(
                c, exposures=tuple(e for e in c.exposures if e.affliction.name != event.name),
                effects=(*c.effects, *(event.effects or ())))})
        case DiseaseTested():
            return changed(body(state, event.health), {event.character: lambda c: _disease(c, event)})
        case BreathHeld():
            return changed(state, {event.character: lambda c: msgspec.structs.replace(
                c, air="holding", held_since=state.clock, breath_round=None, fumes=event.fumes)})
        case BreathTested():
            state = body(state, event.health)
            return changed(state, {event.character: lambda c: msgspec.structs.replace(
                c, air="inhaled" if event.inhaled else c.air, breath_round=event.round)})
        case AirReached():
            return changed(state, {event.character: lambda c: msgspec.structs.replace(
                c, air="breathing", held_since=None, breath_round=None, fumes=None, gasping_until=event.gasping_until)})
        case LoadCarried():
            return changed(state, {event.character: lambda c: msgspec.structs.replace(c, enc=event.enc)})
        case ObjectAdded():
            return msgspec.structs.replace(state, things=(*state.things, event.thing))
        case ObjectStruck():
            return msgspec.structs.replace(state, things=tuple(
                msgspec.structs.replace(t, hp=event.hp) if t.id == event.object else t for t in state.things))
    return state


def _cared(state: Adventure, event: msgspec.Struct) -> Adventure:
    """A treatment spends the patient's one attempt until its next full rest."""
    if isinstance(event, Treated):
        return changed(state, {event.patient: lambda c: msgspec.structs.replace(c, treated=True)})
    return state


def _tired(character: Adventurer, event: FatigueTested) -> Adventurer:
    until = event.unconscious_until if event.unconscious_until is not None else character.unconscious_until
    return msgspec.structs.replace(character, fatigue=event.after, unconscious_until=until)


def _deprived(state: Adventure, event: DeprivedDayPassed) -> Adventure:
    def worn(character: Adventurer) -> Adventurer:
        for day in event.days:
            character = _tired(character, day.fatigue)
        kinds = [d.deprivation for d in event.days]
        return msgspec.structs.replace(
            character, deprivations=tuple(dict.fromkeys((*character.deprivations, *kinds))),
            deprived_on={**character.deprived_on, **{d.deprivation: event.day or 0 for d in event.days}})

    return changed(state, {event.character: worn})


def _disease(character: Adventurer, event: DiseaseTested) -> Adventurer:
    if not event.disease_won:
        return msgspec.structs.replace(
            character, exposures=tuple(e for e in character.exposures if e.affliction.name != event.name),
            effects=tuple(e for e in character.effects if e.source != event.name))
    exposures = tuple(msgspec.structs.replace(e, active=True, test_at=event.test_at or e.test_at,
                                              next_daily_at=event.next_daily_at)
                      if e.affliction.name == event.name else e for e in character.exposures)
    return msgspec.structs.replace(character, exposures=exposures, effects=(*character.effects, *(event.effects or ())))


def _time_passed(state: Adventure, event: TimePassed) -> Adventure:
    state = bodies(msgspec.structs.replace(state, clock=event.clock), event.health)
    following = {(h.character, h.disease): h.next_at for h in event.harms}
    ended = {(e.character, e.source, e.characteristic) for e in event.ended}
    woke = set(event.woke)

    def passed(character: Adventurer) -> Adventurer:
        return msgspec.structs.replace(
            character,
            effects=tuple(e for e in character.effects if (character.id, e.source, e.characteristic) not in ended),
            exposures=tuple(msgspec.structs.replace(e, next_daily_at=following[character.id, e.affliction.name])
                            if (character.id, e.affliction.name) in following else e for e in character.exposures),
            unconscious_until=None if character.id in woke else character.unconscious_until)

    return msgspec.structs.replace(state, characters=tuple(passed(c) for c in state.characters))
