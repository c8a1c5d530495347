"""Tournaments on the generic stream service, and the runner that connects them to their
battles: it spawns each pairing's battle and feeds each battle's end back as a result."""

from __future__ import annotations

import asyncio
import logging
import secrets
import uuid
from typing import Any

import msgspec

from domain.clock import TimeControl
from domain.codec import TOURNAMENT_COMMANDS
from domain.commands import CreateBattle
from domain.errors import DomainError, RuleViolation
from domain.events import TournamentLink
from domain.rulesets import find_ruleset
from domain.tournament.aggregate import TournamentState, decide, replay
from domain.tournament.commands import BattleResult, CreateTournament, OpenTournament
from domain.tournament.events import TournamentCreated
from server.battle_service import BattleService, battle_id_of
from server.projector import every
from server.receipts import Notary, Receipt
from server.store.base import EventStore, Idempotency, RecordedEvent, StoredResponse
from server.stream_service import Kind, Publish, StreamCorrupted, StreamNotFound, StreamService
from server.verification import Rules

TOURNAMENT = "tournament"
RUNNER = "tournament-runner"
RUNNER_BATCH = 50  # small, like the projector's, so commands never wait long behind it
SYSTEM = "system"
log = logging.getLogger("chronicle.tournaments")

TOURNAMENTS = Kind(prefix=TOURNAMENT, initial=TournamentState, decide=decide, replay=replay, decide_in_thread=True)
TOURNAMENT_RULES = Rules(kind=TOURNAMENTS, commands=TOURNAMENT_COMMANDS)


class TournamentEnvelope(msgspec.Struct, frozen=True):
    """A committed tournament event: its place in the tournament, what it records, and its hash-
    chain link."""

    tournament_id: str
    version: int
    type: str
    recorded_at: str
    actor: str | None
    data: dict[str, Any]
    hash: str
    prev_hash: str
    command: dict[str, Any] | None = None
    receipt: Receipt | None = None


def tournament_envelope(event: RecordedEvent) -> TournamentEnvelope:
    return TournamentEnvelope(tournament_id=event.stream_id.removeprefix(f"{TOURNAMENT}-"), version=event.version,
                              type=event.type, recorded_at=event.recorded_at, actor=event.actor, data=event.data,
                              hash=event.hash, prev_hash=event.prev_hash, command=event.command)


class TournamentService(StreamService):
    def __init__(self, store: EventStore, publish: Publish, notary: Notary | None = None) -> None:
        super().__init__(store, publish, TOURNAMENTS, notary=notary)

    def envelope(self, event: RecordedEvent) -> TournamentEnvelope:
        return tournament_envelope(event)

    async def unstarted_round(self, battles: BattleService, tournament_id: str) -> None:
        """Refuse (422 `round-started`) to delete the round in play once one of its battles has
        started: the battles are streams of their own, which the tournament's decide cannot read."""
        state: TournamentState = await self.load(tournament_id)
        if not state.rounds:
            return  # decide refuses with its own reason
        for pairing in state.rounds[-1].pairings:
            if pairing.battle_id is None:
                continue
            battle = await battles.load(pairing.battle_id)  # "new" when not spawned yet
            if battle.status not in ("new", "open"):
                raise RuleViolation("round-started", f"the battle of table {pairing.table} has started "
                                                     f"({battle.status}): the round can no longer be deleted")

    async def create(self, actor: str, settings: CreateTournament, idempotency: Idempotency | None) -> StoredResponse:
        tournament_id = str(uuid.uuid4())
        return await self.execute(tournament_id, actor, OpenTournament(tournament_id=tournament_id, settings=settings),
                                  None, idempotency, new_seed=secrets.token_bytes(32), respond=_created_body)


def _created_body(after: TournamentState, envelopes: list[TournamentEnvelope]) -> dict[str, Any]:
    assert after.settings is not None
    return {"id": after.tournament_id, "version": after.version, "status": after.status,
            "dice": msgspec.to_builtins(after.settings.dice)}


def round_clock(settings: TournamentCreated) -> TimeControl | None:
    """A round's time limit sets its battles' clocks: each side has half of it as main time
    (both clocks together never run past the limit), and running out of time is the organiser's
    `on_time` (a loss unless they chose a draw). The organiser's absence timeout lets a side claim
    the battle from an opponent who left. None with neither: a tournament recorded before these
    settings spawns exactly the clocks it did."""
    limit, absent = settings.round_time_limit_minutes, settings.absent_after_seconds
    if limit is None and absent is None:
        return None
    return TimeControl(main_seconds=None if limit is None else limit * 60 // 2, absent_after_seconds=absent,
                       on_time="draw" if settings.on_time == "draw" else "loss")


class TournamentRunner:
    """A checkpointed subscriber to the global log. Both of its effects are idempotent (a
    battle's id is derived from its table; a table's result is recorded once), so after a
    crash it may safely handle an event again before its checkpoint moves: nothing is lost
    or doubled."""

    def __init__(self, store: EventStore, battles: BattleService, tournaments: TournamentService) -> None:
        self._store = store
        self._battles = battles
        self._tournaments = tournaments
        self._lock = asyncio.Lock()

    async def catch_up(self, wait: bool = True) -> None:
        """Handle what is new; without `wait`, leave it to a node already doing it."""
        async with self._lock, self._store.projection_turn(RUNNER, wait) as mine:
            while mine:
                start = await self._store.projection_position(RUNNER)
                events = await self._store.read_all(start, RUNNER_BATCH)
                if not events:
                    return
                for event in events:
                    await self._handle(event)
                await self._store.commit_projection(RUNNER, start, events[-1].position, [], [])
                if not wait and len(events) < RUNNER_BATCH:
                    return  # the background loop: the rest at its next tick (as the projector's)

    async def run(self, interval: float = 0.5) -> None:
        await every(interval, lambda: self.catch_up(wait=False), "tournament runner")

    async def _handle(self, event: RecordedEvent) -> None:
        try:
            if event.type == "round_paired" and event.stream_id.startswith(f"{TOURNAMENT}-"):
                await self._spawn_battles(event)
            elif event.type == "battle_ended" and event.stream_id.startswith("battle-"):
                await self._report_result(event)
        except StreamCorrupted as exc:
            # A tampered stream is refused on load (and logged there for an operator). Retrying
            # would stop every tournament of the server behind this one event, so it is passed
            # over: a result it would have carried is left to the organiser's `record_result`.
            log.error("tournament runner passes over %s version %d: %s", event.stream_id, event.version, exc)

    async def _spawn_battles(self, event: RecordedEvent) -> None:
        tournament_id = event.stream_id.removeprefix(f"{TOURNAMENT}-")
        state: TournamentState = await self._tournaments.load(tournament_id)
        assert state.settings is not None
        for pairing in event.data["pairings"]:
            if pairing["b"] is None:
                continue
            # The organiser and judges referee every table but their own.
            referees = tuple(r for r in (state.organiser, *state.judges) if r not in (pairing["a"], pairing["b"]))
            link = TournamentLink(tournament_id=tournament_id, round=event.data["round"], table=pairing["table"],
                                  trial=event.data["trial"], rated=state.settings.rated)
            seats = (pairing["a"], pairing["b"])
            # The table's terrain, when the event has tables, is the battle's table (the pairing holds it).
            terrain = {"table": pairing["terrain"]} if pairing.get("terrain") is not None else {}
            # Every table plays the ruleset version the tournament was opened under, whatever is released later.
            command = CreateBattle(battle_id=pairing["battle_id"], ruleset=state.settings.ruleset,
                                   ruleset_version=state.settings.ruleset_version, seats=seats,
                                   seated={seat: seat for seat in seats}, referees=referees, tournament=link,
                                   options={"trial": link.trial, **terrain},
                                   clock=round_clock(state.settings))
            try:
                await self._battles.execute(pairing["battle_id"], state.organiser, command, None, None,
                                            new_seed=secrets.token_bytes(32))
            except DomainError as exc:
                if exc.rule != "battle-exists":
                    raise
                continue
            # The lists the players registered are the ones they play with.
            battle = await self._battles.load(pairing["battle_id"])
            ruleset = find_ruleset(battle.ruleset, battle.ruleset_version)
            for seat in seats:
                entrant = state.entrant(seat)
                assert entrant is not None
                bring_list = ruleset.army_list_for(entrant.army_list, seat)
                if bring_list is not None:
                    await self._battles.execute(pairing["battle_id"], seat, bring_list, None, None)

    async def _report_result(self, event: RecordedEvent) -> None:
        battle_id = battle_id_of(event.stream_id)
        battle = await self._battles.load(battle_id)
        link = battle.tournament
        if link is None or battle.forked_from is not None:  # a fork copies the link, never the table
            return
        result = BattleResult(battle_id=battle_id, round=link.round, table=link.table,
                              winners=tuple(event.data["winners"]), margin=int(event.data.get("margin", 0)))
        try:
            await self._tournaments.execute(link.tournament_id, SYSTEM, result, None, None)
        except (DomainError, StreamNotFound) as exc:
            log.warning("battle %s ended but its result was not taken: %s", battle_id, exc)
