"""Heroes on the generic stream service: each hero is a hash-chained stream of its own
(`hero-<id>`), created from a checked sheet and told when a battle takes it in."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

import msgspec

from domain.codec import HERO_COMMANDS
from domain.heroes.aggregate import HeroState, decide, replay
from domain.heroes.commands import CreateHero, OpenHero
from domain.rulesets import find_ruleset
from server.receipts import Notary, Receipt
from server.store.base import EventStore, Idempotency, RecordedEvent, StoredResponse
from server.stream_service import Kind, Publish, StreamService
from server.verification import Rules

HERO = "hero"
HEROES = Kind(prefix=HERO, initial=HeroState, decide=decide, replay=replay)
HERO_RULES = Rules(kind=HEROES, commands=HERO_COMMANDS)
MAX_HEROES_LISTED = 200


class HeroEnvelope(msgspec.Struct, frozen=True):
    """A committed hero event: its place in the hero's history, what it records, and its
    hash-chain link."""

    hero_id: str
    version: int
    type: str
    recorded_at: str
    actor: str | None
    data: dict[str, Any]
    hash: str
    prev_hash: str
    command: dict[str, Any] | None = None
    receipt: Receipt | None = None


def hero_envelope(event: RecordedEvent) -> HeroEnvelope:
    return HeroEnvelope(hero_id=event.stream_id.removeprefix(f"{HERO}-"), version=event.version, type=event.type,
                        recorded_at=event.recorded_at, actor=event.actor, data=event.data, hash=event.hash,
                        prev_hash=event.prev_hash, command=event.command)


class HeroService(StreamService):
    def __init__(self, store: EventStore, publish: Publish, notary: Notary | None = None) -> None:
        super().__init__(store, publish, HEROES, notary=notary)

    def envelope(self, event: RecordedEvent) -> HeroEnvelope:
        return hero_envelope(event)

    async def create(self, actor: str, hero: CreateHero, idempotency: Idempotency | None) -> StoredResponse:
        hero_id = str(uuid.uuid4())
        # A hero rolls no dice, but every stream has a seed: `verify` replays it like any other.
        # The newest version's Handbook checks a new hero: its catalogues are the fullest.
        version = find_ruleset(hero.ruleset).version
        return await self.execute(hero_id, actor, OpenHero(hero_id=hero_id, hero=hero, ruleset_version=version),
                                  None, idempotency, new_seed=secrets.token_bytes(32), respond=_created_body)

    async def owned_by(self, player_id: str) -> list[HeroState]:
        ids = await self.store.streams_founded("hero_created", "owner", player_id, MAX_HEROES_LISTED)
        return [await self.load(stream_id.removeprefix(f"{HERO}-")) for stream_id in ids]


def _created_body(after: HeroState, envelopes: list[HeroEnvelope]) -> dict[str, Any]:
    return {"id": after.hero_id, "version": after.version, "name": after.name, "xp": after.xp}
