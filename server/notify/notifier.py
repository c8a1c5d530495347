"""Tells players what happened: a checkpointed subscriber to the global log that turns
committed events into each concerned player's notifications, queues their webhook deliveries
in the same transaction, and publishes them live to the player's channel once committed.

What a player is told (`type`, to whom):
- `battle_created`: the battle's creator; `seat_claimed`: the player who got the seat (at
  creation too, as a tournament seats its players);
- `battle_started`, `battle_ended`: every seated player (and the creator, at the end);
- `your_turn`: the player of the seat whose turn it becomes (domain.battle.seat_to_act);
- `contest_raised`, `contest_ruled`: the battle's players and referees;
- `pairings_published`: every paired player (their table, opponent and battle) and the organiser.
A fork (analysis, what-ifs) tells nobody anything.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Iterable
from itertools import groupby
from typing import Any

import msgspec

from domain.battle import ACTIVE, BattleState, ReplayFromScratch, replay, seat_to_act
from domain.codec import event_from
from server.battle_service import BATTLE, BattleService, battle_id_of
from server.notify.store import NewNotification, Notification, NotificationStore
from server.projector import every
from server.store.base import EventStore, RecordedEvent
from server.stream_service import Publish, StreamCorrupted
from server.tournament_service import TOURNAMENT, TournamentService

NOTIFIER = "notifier"
BATCH = 100
_CACHED_STATES = 1024
log = logging.getLogger("chronicle.notify")
_encode = msgspec.json.Encoder().encode

NOTIFICATION_TYPES = ("battle_created", "seat_claimed", "battle_started", "your_turn", "contest_raised",
                      "contest_ruled", "battle_ended", "pairings_published")


def channel(player_id: str) -> str:
    """The live channel of a player's notifications."""
    return f"notifications-{player_id}"


def _players(state: BattleState) -> list[str]:
    return [seat.player_id for seat in state.seats if seat.player_id is not None]


class Notifier:
    def __init__(self, store: EventStore, notes: NotificationStore, battles: BattleService,
                 tournaments: TournamentService, publish: Publish, batch_size: int = BATCH) -> None:
        self._store = store
        self._notes = notes
        self._batch_size = batch_size
        self._battles = battles
        self._tournaments = tournaments
        self._publish = publish
        self._lock = asyncio.Lock()
        # Each battle's state after the last batch that touched it: the next batch usually
        # starts right after it, so a long battle is not replayed from its start every time.
        self._states: OrderedDict[str, BattleState] = OrderedDict()

    async def catch_up(self, chase: bool = True) -> None:
        """Notify what is new: until nothing is left (a reader), or, for the background loop
        (`chase=False`), until a batch is not full (the rest at its next tick, as the projector's)."""
        async with self._lock:
            while True:
                start = await self._notes.position(NOTIFIER)
                events = await self._store.read_all(start, self._batch_size)
                if not events:
                    return
                derived = [n for stream, group in groupby(events, key=lambda e: e.stream_id)
                           for n in await self._derive(stream, list(group))]
                recorded = await self._notes.commit(NOTIFIER, start, events[-1].position, derived)
                for notification in recorded or ():
                    self._publish(channel(notification.player_id), [_encode(notification)])
                if not chase and recorded is not None and len(events) < self._batch_size:
                    return

    async def run(self, interval: float = 0.5) -> None:
        await every(interval, lambda: self.catch_up(chase=False), "notifier")

    async def _derive(self, stream: str, events: list[RecordedEvent]) -> list[NewNotification]:
        try:
            if stream.startswith(f"{BATTLE}-"):
                return await self._battle(battle_id_of(stream), events)
            if stream.startswith(f"{TOURNAMENT}-"):
                return await self._tournament(stream.removeprefix(f"{TOURNAMENT}-"), events)
        except StreamCorrupted as exc:
            # One tampered stream (refused on load, and logged there for an operator) must not
            # hold back every other player's notifications: it tells nobody anything.
            log.error("notifier skips %s: %s", stream, exc)
        return []

    async def _battle(self, battle_id: str, events: list[RecordedEvent]) -> list[NewNotification]:
        first = events[0].version
        cached = self._states.pop(battle_id, None)
        state: BattleState
        if cached is not None and cached.version == first - 1:
            state = cached
        else:
            state = await self._battles.load(battle_id, through=first - 1) if first > 1 else BattleState()
        found: list[NewNotification] = []
        turn = seat_to_act(state) if state.status == ACTIVE else None
        for n, event in enumerate(events):
            before = state
            try:
                state = replay([event_from(event.type, event.data)], state)
            except ReplayFromScratch:  # a ruling voided actions before this batch
                state = await self._battles.load(battle_id, through=event.version)
            if state.battle_id != battle_id or state.forked_from is not None:
                continue  # a fork: copies of another battle's events, and play nobody is waiting for
            found += _about_battle(battle_id, event, before, state)
            command_ends = n + 1 == len(events) or events[n + 1].command is not None
            if command_ends:
                now = seat_to_act(state) if state.status == ACTIVE else None
                seat = state.seat(now) if now is not None else None
                player = seat.player_id if seat is not None else None
                if now is not None and now != turn and player is not None:
                    found.append(_note(player, "your_turn", event, {"battle_id": battle_id, "seat": now,
                                                                    "version": event.version}))
                turn = now
        self._states[battle_id] = state
        while len(self._states) > _CACHED_STATES:
            self._states.popitem(last=False)
        return found

    async def _tournament(self, tournament_id: str, events: list[RecordedEvent]) -> list[NewNotification]:
        found: list[NewNotification] = []
        for event in events:
            if event.type != "round_paired":
                continue
            organiser = (await self._tournaments.load(tournament_id, through=event.version)).organiser
            base = {"tournament_id": tournament_id, "round": event.data["round"], "trial": event.data["trial"]}
            for pairing in event.data["pairings"]:
                for player, opponent in ((pairing["a"], pairing["b"]), (pairing["b"], pairing["a"])):
                    if player is not None:
                        found.append(_note(player, "pairings_published", event, {
                            **base, "table": pairing["table"], "opponent": opponent,
                            "battle_id": pairing["battle_id"]}))
            if organiser not in {p for pairing in event.data["pairings"] for p in (pairing["a"], pairing["b"])}:
                found.append(_note(organiser, "pairings_published", event, {
                    **base, "tables": len(event.data["pairings"])}))
        return found


def _note(player: str, kind: str, event: RecordedEvent, data: dict[str, Any]) -> NewNotification:
    return NewNotification(player_id=player, type=kind, source=f"{event.stream_id}/{event.version}",
                           recorded_at=event.recorded_at, data=data)


def _each(players: Iterable[str], kind: str, event: RecordedEvent, data: dict[str, Any]) -> list[NewNotification]:
    return [_note(player, kind, event, data) for player in dict.fromkeys(players)]


def _about_battle(battle_id: str, event: RecordedEvent, before: BattleState,
                  after: BattleState) -> list[NewNotification]:
    data = event.data
    ids = {"battle_id": battle_id}
    match event.type:
        case "battle_created":
            return [_note(after.creator, "battle_created", event, {
                **ids, "ruleset": after.ruleset, "ruleset_version": after.ruleset_version,
                "seats": [seat.name for seat in after.seats], "tournament": data.get("tournament")})]
        case "seat_claimed":
            return [_note(data["player_id"], "seat_claimed", event, {**ids, "seat": data["seat"]})]
        case "battle_started":
            return _each(_players(after), "battle_started", event, ids)
        case "contest_opened":
            return _each([*_players(after), *after.referees], "contest_raised", event, {
                **ids, "contest": data["contest"], "seat": data["seat"], "reason": data["reason"],
                "version": data["version"]})
        case "contest_ruled":
            return _each([*_players(after), *after.referees], "contest_ruled", event, {
                **ids, "contest": data["contest"], "decision": data["decision"], "by": data["by"]})
        case "battle_ended":
            return _each([*_players(after), after.creator], "battle_ended", event, {
                **ids, "winners": data["winners"], "reason": data["reason"]})
    return []


__all__ = ["NOTIFICATION_TYPES", "Notification", "Notifier", "channel"]
