"""What a player asks of a hero."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.events import CURRENT_CHAIN
from domain.rulesets.pericle.sheet import HeroSheet


class CreateHero(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="create_hero"):
    """A new hero from a sheet the Hero Handbook allows (checked by the newest Pericle version)."""

    sheet: HeroSheet
    ruleset: Literal["pericle"] = "pericle"


class OpenHero(msgspec.Struct, frozen=True, tag="open_hero"):
    """CreateHero with the id the server gave it and the ruleset version that checks it (the
    newest when created; recorded, so deciding it again later applies the same checks)."""

    hero_id: str
    hero: CreateHero
    ruleset_version: str
    chain: str = CURRENT_CHAIN


class EnterBattle(msgspec.Struct, frozen=True, tag="enter_battle"):
    """Record that the battle accepted the hero's sheet at `seat` (the server sends it after the
    battle's own `submit_hero` has committed)."""

    battle_id: str
    seat: str


HERO_COMMANDS: tuple[type[msgspec.Struct], ...] = (OpenHero, EnterBattle)
