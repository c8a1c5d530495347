"""What a hero's stream records."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.events import CHAIN_V1


class HeroCreated(msgspec.Struct, frozen=True, tag="hero_created"):
    """A new hero, owned by `owner`, its sheet checked by Pericle `ruleset_version`."""

    hero_id: str
    owner: str
    name: str
    ruleset: str
    ruleset_version: str
    sheet: dict[str, Any]
    xp: int  # unspent XP after the sheet and its Karma
    max_hp: int
    chain: str = CHAIN_V1  # the stream's hash chain format


class HeroEnteredBattle(msgspec.Struct, frozen=True, tag="hero_entered_battle"):
    """The hero joined a battle at `seat`; the battle recorded `sheet` as it was then."""

    battle_id: str
    seat: str
    sheet: dict[str, Any]


HERO_EVENTS: tuple[type[msgspec.Struct], ...] = (HeroCreated, HeroEnteredBattle)
