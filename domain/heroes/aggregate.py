"""A hero's record: decide what a command records, and fold its events into the hero's state."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import Dice
from domain.errors import RuleViolation
from domain.events import CHAIN_V1
from domain.heroes.commands import EnterBattle, OpenHero
from domain.heroes.events import HeroCreated, HeroEnteredBattle
from domain.heroes.sheets import creation_problems, hosts_heroes, sheet_rules, xp_left
from domain.rulesets import find_ruleset


class HeroState(msgspec.Struct, frozen=True):
    hero_id: str = ""
    status: str = "new"  # new -> alive
    owner: str = ""
    name: str = ""
    ruleset: str = ""
    ruleset_version: str = ""
    sheet: dict[str, Any] = {}
    xp: int = 0
    max_hp: int = 0
    hp: int = 0
    battles: tuple[str, ...] = ()
    version: int = 0
    next_nonce: int = 0
    chain: str = CHAIN_V1

    @property
    def client_seeds(self) -> list[str | None]:
        return []  # a hero rolls no dice


def decide(state: HeroState, command: Any, dice: Dice, actor: str, now: str) -> list[msgspec.Struct]:
    match command:
        case OpenHero():
            return [_create(state, command, actor)]
        case EnterBattle():
            if actor != state.owner:
                raise RuleViolation("not-hero-owner", "only the hero's owner brings it into a battle")
            if command.battle_id in state.battles:
                return []  # already recorded (a retried request): nothing new to say
            return [HeroEnteredBattle(battle_id=command.battle_id, seat=command.seat, sheet=state.sheet)]
    raise RuleViolation("unknown-command", f"heroes take no {type(command).__name__}")


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
                       ruleset_version=ruleset.version, sheet=msgspec.to_builtins(sheet),
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
            return msgspec.structs.replace(state, battles=(*state.battles, event.battle_id))
    return state


def evolve(state: HeroState, event: msgspec.Struct) -> HeroState:
    return msgspec.structs.replace(_apply(state, event), version=state.version + 1)


def replay(events: Any, state: HeroState | None = None) -> HeroState:
    for event in events:
        state = evolve(state or HeroState(), event)
    return state or HeroState()
