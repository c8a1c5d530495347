"""A hero's record: decide what a command records, and fold its events into the hero's state."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.battle import SYSTEM  # the server's own actor: only it records a battle's outcome
from domain.dice import Dice, rolls_in
from domain.errors import NotPermitted, RuleViolation
from domain.events import CHAIN_V1
from domain.heroes.commands import (
    EmbedRunestone,
    EnterBattle,
    ExtractRunestone,
    OpenHero,
    RecordOutcome,
    Recover,
    RecoverFully,
    Rest,
    SpendXp,
)
from domain.heroes.events import (
    HeroCreated,
    HeroEnteredBattle,
    HeroInspirationSettled,
    HeroModeChosen,
    HeroOutcomeRecorded,
    HeroRecovered,
    HeroRecoveredFully,
    HeroRecoveryCheck,
    HeroRegenerationUsed,
    HeroRested,
    HeroRunestoneEmbedded,
    HeroRunestoneExtracted,
    XpSpent,
)
from domain.heroes.growth import spend
from domain.heroes.outcome import outcome
from domain.heroes.recovery import (
    HEALING_POTION,
    INSPIRATION,
    MAX_INSPIRATION,
    recover,
    recover_fully,
    recovery_checks,
    rest,
)
from domain.heroes.runestones import decide_runestone, embedded, extracted
from domain.heroes.sheets import creation_problems, hosts_heroes, sheet_rules, xp_left
from domain.rulesets import find_ruleset
from domain.rulesets.pericle.sheet import sheet_data
from domain.rulesets.pericle.v5.heroes import RECORD_REVISION


class HeroState(msgspec.Struct, frozen=True):
    hero_id: str = ""
    status: str = "new"  # new -> alive -> dead (Adventure mode)
    owner: str = ""
    name: str = ""
    ruleset: str = ""
    ruleset_version: str = ""
    sheet: dict[str, Any] = {}
    xp: int = 0
    max_hp: int = 0
    hp: int = 0
    battles: tuple[str, ...] = ()
    wounds: int = 0
    exhaustion: int = 0
    earned_xp: int = 0  # of `xp`, what was gained adventuring (the only XP attributes take, line 893)
    outcomes: tuple[str, ...] = ()  # battles whose outcome is recorded
    rest_due: str | None = None  # the battle whose Rest the hero may still take (line 646)
    combat_damage: int = 0  # wounds of that battle Healer may still heal (line 1209)
    died: str | None = None
    # Pericle 6: what Alchemy made and the hero carries (each "Alchemy potion: +2 Perception" or
    # "+1 MT", line 1248), and its Inspiration point from Bardic Arts (at most one, line 1298).
    alchemy_potions: tuple[str, ...] = ()
    inspiration: int = 0
    inspiration_in: tuple[str, ...] = ()  # battles the Inspiration point went into, as one more Karma
    mode: str | None = None  # Pericle 6: its own mode, Adventure or Saga (line 545); None: each encounter's
    # Pericle 6: Regeneration was cast on it since its last Recovery ("once per day", line 1530).
    regenerated: bool = False
    # Pericle 6: a Rest, Recovery or Extended Recovery is recorded since the hero last entered a battle
    # or had a battle's outcome recorded: the time a runestone may be embedded ("during Rest or
    # Recovery", line 733).
    resting: bool = False
    version: int = 0
    next_nonce: int = 0
    chain: str = CHAIN_V1

    @property
    def client_seeds(self) -> list[str | None]:
        return []  # a hero's dice (healing potions during a Rest) have no client seed


def decide(state: HeroState, command: Any, dice: Dice, actor: str, now: str) -> list[msgspec.Struct]:
    match command:
        case OpenHero():
            created = _create(state, command, actor)
            mode = command.hero.mode
            if mode is None:
                return [created]
            if not modes_of_its_own(created.ruleset_version):
                raise RuleViolation("hero-mode", f"Pericle {created.ruleset_version} heroes play each encounter's "
                                    "mode: a hero with a mode of its own (seed 001 line 545) is a Pericle 6 hero")
            return [created, HeroModeChosen(mode=mode)]
        case RecordOutcome():
            if actor != SYSTEM:
                raise NotPermitted("not-system", "only the server records a battle's outcome")
            if command.battle_id not in state.battles:
                raise RuleViolation("hero-not-in-battle", f"the hero never entered battle {command.battle_id}")
            if command.battle_id in state.outcomes or state.status == "dead":
                return []  # recorded once (read twice, or by two nodes); a dead hero records no more
            events = outcome(state.sheet, state.max_hp, state.wounds, state.exhaustion, command,
                             inspiration=int(command.battle_id in state.inspiration_in))
            figure = command.figure
            if figure is not None and figure.regenerated and not state.regenerated \
                    and int(state.ruleset_version) >= RECORD_REVISION:
                events.append(HeroRegenerationUsed(battle_id=command.battle_id))
            return events
    if state.status == "new":
        raise RuleViolation("no-hero", "no such hero")
    if actor != state.owner:
        raise NotPermitted("not-hero-owner", "only the hero's owner commands it")
    if state.status == "dead":
        raise RuleViolation("hero-dead", f"{state.name} is dead ({state.died}) and takes no more commands")
    match command:
        case EnterBattle():
            if command.battle_id in state.battles:
                return []  # already recorded (a retried request): nothing new to say
            if command.inspiration > state.inspiration:
                raise RuleViolation("no-inspiration", "the hero has no Inspiration point to take into the battle")
            return [HeroEnteredBattle(battle_id=command.battle_id, seat=command.seat, sheet=state.sheet,
                                      inspiration=command.inspiration)]
        case Rest():
            return [rest(state.rest_due, command, list(state.sheet.get("disciplines", [])), state.exhaustion,
                         state.wounds, state.combat_damage, list(state.sheet.get("items", [])), dice)]
        case Recover():
            recovered = recover(command, str(state.sheet.get("ancestry")), state.wounds, state.exhaustion)
            return [recovered, *recovery_checks(
                command, state.ruleset_version, list(state.sheet.get("disciplines", [])), int(state.sheet["kn"]),
                list(state.sheet.get("items", [])), len(state.alchemy_potions), state.inspiration, dice)]
        case RecoverFully():
            return [recover_fully(state.wounds, state.exhaustion)]
        case SpendXp():
            return [spend(state.sheet, state.ruleset_version, state.xp, state.earned_xp, command.buy)]
        case EmbedRunestone() | ExtractRunestone():
            return [decide_runestone(command, state.ruleset_version, state.sheet, state.hp, state.battles,
                                     state.outcomes, state.resting)]
    raise RuleViolation("unknown-command", f"heroes take no {type(command).__name__}")


def modes_of_its_own(version: str) -> bool:
    """Whether heroes of Pericle `version` may play a mode of their own (line 545): from version 6,
    whose battles take a hero's own mode (`bring_hero`'s `mode`)."""
    return int(version) >= RECORD_REVISION


def _create(state: HeroState, command: OpenHero, actor: str) -> HeroCreated:
    if state.status != "new":
        raise RuleViolation("hero-exists", "a hero is created only once")
    ruleset = find_ruleset(command.hero.ruleset, command.ruleset_version)
    if not hosts_heroes(ruleset.version):
        raise RuleViolation("ruleset-hosts-no-heroes", f"{ruleset.id} {ruleset.version} hosts no heroes")
    sheet = command.hero.sheet
    found = creation_problems(sheet, ruleset.version)
    if found:
        raise RuleViolation("hero-invalid", "; ".join(found), problems=found)
    return HeroCreated(hero_id=command.hero_id, owner=actor, name=sheet.name, ruleset=ruleset.id,
                       ruleset_version=ruleset.version, sheet=sheet_data(sheet),
                       xp=xp_left(sheet, ruleset.version), max_hp=sheet_rules(ruleset.version).stats(sheet).max_hp,
                       chain=command.chain)


def _apply(state: HeroState, event: msgspec.Struct) -> HeroState:
    match event:
        case HeroCreated():
            return msgspec.structs.replace(
                state, hero_id=event.hero_id, status="alive", owner=event.owner, name=event.name,
                ruleset=event.ruleset, ruleset_version=event.ruleset_version, sheet=event.sheet, xp=event.xp,
                max_hp=event.max_hp, hp=event.max_hp, chain=event.chain)
        case HeroEnteredBattle():
            # Entering another battle ends the time for the last one's Rest.
            return msgspec.structs.replace(
                state, battles=(*state.battles, event.battle_id), rest_due=None, combat_damage=0, resting=False,
                inspiration=state.inspiration - event.inspiration,
                inspiration_in=(*state.inspiration_in, event.battle_id) if event.inspiration else state.inspiration_in)
        case HeroOutcomeRecorded():
            sheet = {**state.sheet, "karma": event.karma, "items": event.items}
            return _health(msgspec.structs.replace(
                state, outcomes=(*state.outcomes, event.battle_id), sheet=sheet, xp=state.xp + event.xp_gained,
                earned_xp=state.earned_xp + event.xp_gained, status="dead" if event.died else state.status,
                died=event.died or state.died, rest_due=event.battle_id if event.present and not event.died else None,
                combat_damage=min(event.wounds_taken, event.wounds), resting=False), event.wounds, event.exhaustion)
        case HeroInspirationSettled():
            return msgspec.structs.replace(
                state, inspiration=min(MAX_INSPIRATION, state.inspiration + event.kept),
                inspiration_in=tuple(b for b in state.inspiration_in if b != event.battle_id))
        case HeroRested():
            pack = list(state.sheet.get("items", []))
            for used in event.items:
                pack.remove(used.item)
            return _health(msgspec.structs.replace(state, rest_due=None, combat_damage=0, resting=True,
                                                   sheet={**state.sheet, "items": pack}),
                           state.wounds - event.healed - sum(used.healed for used in event.items),
                           state.exhaustion - event.exhaustion_recovered)
        case HeroRecovered() | HeroRecoveredFully():
            # "During Recovery, all magic items and spells that may only be used X times per day will
            # reset" (line 652).
            return _health(msgspec.structs.replace(state, rest_due=None, combat_damage=0, regenerated=False,
                                                   resting=True),
                           state.wounds - event.healed, state.exhaustion - event.exhaustion_recovered)
        case HeroRunestoneEmbedded():
            return _health(msgspec.structs.replace(state, sheet=embedded(state.sheet, event)), state.wounds,
                           state.exhaustion + event.exhaustion)
        case HeroRunestoneExtracted():
            return _health(msgspec.structs.replace(state, sheet=extracted(state.sheet, event)), state.wounds,
                           state.exhaustion + event.exhaustion)
        case HeroRegenerationUsed():
            return msgspec.structs.replace(state, regenerated=True)
        case HeroModeChosen():
            return msgspec.structs.replace(state, mode=event.mode)
        case HeroRecoveryCheck(made=None):
            return state
        case HeroRecoveryCheck(discipline="Herbalism"):
            return msgspec.structs.replace(
                state, sheet={**state.sheet, "items": [*state.sheet.get("items", []), HEALING_POTION]})
        case HeroRecoveryCheck(discipline="Alchemy", made=str(made)):
            return msgspec.structs.replace(state, alchemy_potions=(*state.alchemy_potions, made))
        case HeroRecoveryCheck(made=str(made)) if made == INSPIRATION:
            return msgspec.structs.replace(state, inspiration=state.inspiration + 1)
        case XpSpent():
            return _health(msgspec.structs.replace(
                state, sheet=event.sheet, xp=state.xp - event.xp, earned_xp=state.earned_xp - event.earned_xp,
                max_hp=event.max_hp), state.wounds, state.exhaustion)
    return state


def _health(state: HeroState, wounds: int, exhaustion: int) -> HeroState:
    return msgspec.structs.replace(state, wounds=wounds, exhaustion=exhaustion,
                                   hp=state.max_hp - wounds - exhaustion)


def evolve(state: HeroState, event: msgspec.Struct) -> HeroState:
    # A roll's nonce is never used again: a healing potion drunk during a Rest rolls on the
    # hero's own verifiable dice.
    next_nonce = max((roll.nonce + 1 for roll in rolls_in(event)), default=state.next_nonce)
    return msgspec.structs.replace(_apply(state, event), version=state.version + 1,
                                   next_nonce=max(state.next_nonce, next_nonce))


def replay(events: Any, state: HeroState | None = None) -> HeroState:
    for event in events:
        state = evolve(state or HeroState(), event)
    return state or HeroState()
