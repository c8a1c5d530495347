"""Records on each hero what an ended Pericle battle left it with (seed 001, "At the End of
Combat", lines 638-656): a checkpointed subscriber to the global log, like the tournament runner.

Which heroes fought a battle is read from the heroes' own `hero_entered_battle` events (found by
migration 0013's index, `store.heroes_in_battle`), not from a table of its own: the hero's history
is the record, so nothing can disagree with it, and there is no second write to lose. A hero's
entry is appended just after the battle took its sheet, so the battle may end before the entry is
in the log: the subscriber also acts on an entry into a battle that has already ended.

Its one effect is idempotent (a hero records a battle's outcome once; a second `record_outcome`
decides nothing), so every node may run it, and after a crash it may read events again before its
checkpoint moves: nothing is lost or doubled."""

from __future__ import annotations

import asyncio
import logging

from domain.battle import ENDED, SYSTEM, BattleState
from domain.errors import DomainError
from domain.heroes.aggregate import HeroState
from domain.heroes.outcome import outcome_command
from server.battle_service import BATTLE, BattleService, battle_id_of, stream_id
from server.hero_service import HERO, HeroService
from server.projector import every
from server.store.base import EventStore, RecordedEvent
from server.stream_service import StreamCorrupted, StreamNotFound

OUTCOMES = "hero-outcomes"
BATCH = 200
MAX_HEROES_IN_A_BATTLE = 100
log = logging.getLogger("chronicle.heroes")


class HeroOutcomes:
    def __init__(self, store: EventStore, battles: BattleService, heroes: HeroService) -> None:
        self._store = store
        self._battles = battles
        self._heroes = heroes
        self._lock = asyncio.Lock()

    async def catch_up(self, wait: bool = True) -> None:
        """Handle what is new; without `wait`, leave it to a node already doing it."""
        async with self._lock, self._store.projection_turn(OUTCOMES, wait) as mine:
            while mine:
                start = await self._store.projection_position(OUTCOMES)
                events = await self._store.read_all(start, BATCH)
                if not events:
                    return
                for event in events:
                    await self._handle(event)
                await self._store.commit_projection(OUTCOMES, start, events[-1].position, [], [])

    async def run(self, interval: float = 0.5) -> None:
        await every(interval, lambda: self.catch_up(wait=False), "hero outcomes")

    async def _handle(self, event: RecordedEvent) -> None:
        if event.type == "battle_ended" and event.stream_id.startswith(f"{BATTLE}-"):
            battle_id = battle_id_of(event.stream_id)
            for stream_id in await self._store.heroes_in_battle(battle_id, MAX_HEROES_IN_A_BATTLE):
                await self._record(battle_id, stream_id.removeprefix(f"{HERO}-"))
        elif event.type == "hero_entered_battle" and event.stream_id.startswith(f"{HERO}-"):
            await self._record(str(event.data["battle_id"]), event.stream_id.removeprefix(f"{HERO}-"))

    async def _record(self, battle_id: str, hero_id: str) -> None:
        try:
            battle: BattleState = await self._battles.load(battle_id)
            if battle.status != ENDED or battle.forked_from is not None:
                return  # not over yet (its `battle_ended` will come); a fork is nobody's adventure
            hero: HeroState = await self._heroes.load(hero_id)
            command = outcome_command(battle, hero.name, *await self._brought_with(battle_id, hero_id))
            if command is None or battle_id in hero.outcomes:
                return
            await self._heroes.execute(hero_id, SYSTEM, command, None, None)
            log.info("hero %s: outcome of battle %s recorded", hero_id, battle_id)
        except (DomainError, StreamNotFound, StreamCorrupted) as exc:
            # A tampered stream, or a hero the rules refuse: it must not stop every other hero's outcome.
            log.error("hero %s: outcome of battle %s not recorded: %s", hero_id, battle_id, exc)

    async def _brought_with(self, battle_id: str, hero_id: str) -> tuple[int, int]:
        """The wounds and Exhaustion the hero's figure began the battle with: those its record had
        when Pericle 5's `bring_hero` brought it (`hero_brought`), none for a pasted sheet."""
        for event in await self._store.read_stream(stream_id(battle_id)):
            if event.type == "hero_brought" and event.data.get("hero_id") == hero_id:
                figure = event.data["figure"]
                return int(figure.get("wounds", 0)), int(figure.get("exhaustion", 0))
        return 0, 0
