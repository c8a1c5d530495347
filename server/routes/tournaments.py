"""Tournaments over HTTP: create, commands, and the read models (summary, registrations,
rounds, standings, a player's history), plus the ratings leaderboard."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Any
from uuid import UUID

import msgspec
from litestar import Request, Response, get, post
from litestar.params import FromPath, JSONBody, QueryParameter

from domain.tournament.aggregate import TournamentState, current_standings
from domain.tournament.commands import (
    CheckIn,
    CreateTournament,
    DeleteRound,
    Drop,
    NameJudge,
    Reenter,
    Register,
    ReplaceList,
    TournamentPlay,
)
from domain.tournament.events import PairingWarning, TableSpec
from domain.tournament.standings import Standing
from projections.ratings import Rating
from server.api_models import ReceiptCheck
from server.app_state import app_state
from server.http import (
    caller,
    check_route,
    cursor_of,
    next_page,
    player_idempotency,
    player_write,
    problem_responses,
    read_route,
    require_scopes,
    seq_from_cursor,
    store_of,
    stored,
    write_route,
)
from server.known_players import require_known_players
from server.problems import not_found
from server.receipts import Receipt
from server.store.base import Scope
from server.tournament_service import (
    TOURNAMENT,
    TOURNAMENT_RULES,
    TOURNAMENTS,
    TournamentEnvelope,
    TournamentService,
    tournament_envelope,
)
from server.verification import Report, verify_stream

_READ = read_route("tournaments")
_CHECK = check_route("tournaments")
_WRITE = write_route("tournaments")


class TournamentCreatedResponse(msgspec.Struct, frozen=True):
    """The created tournament: id, version, status and the dice commitment."""

    id: str
    version: int
    status: str
    dice: dict[str, str]
    receipt: Receipt | None = None


class TournamentCommandResult(msgspec.Struct, frozen=True):
    """The tournament's version after the command and the events it recorded."""

    version: int
    events: list[TournamentEnvelope]
    receipt: Receipt | None = None


class TournamentEventPage(msgspec.Struct, frozen=True):
    """A page of a tournament's events in order; `next` is the `after` for the next page."""

    events: list[TournamentEnvelope]
    next: int | None


class ForbiddenPairing(msgspec.Struct, frozen=True):
    """Two players the organiser forbade to pair, and why."""

    a: str
    b: str
    reason: str


class TournamentSummary(msgspec.Struct, frozen=True):
    """A tournament: its settings, organiser and judges, progress and champion."""

    id: str
    name: str
    status: str
    organiser: str
    judges: list[str]
    ruleset: str
    ruleset_version: str
    swiss_rounds: int | None
    cut: int
    rounds_paired: int
    players: int
    champion: str | None
    version: int
    dice: dict[str, str]
    review_pairings: bool = False
    late_registration_until_round: int | None = None
    late_entry: str = "none"
    check_in: bool = False
    on_time: str = "loss"
    absent_after_seconds: int | None = None
    tables: list[TableSpec] = []
    forbidden_pairings: list[ForbiddenPairing] = []


class TournamentList(msgspec.Struct, frozen=True):
    """A page of tournaments, newest first; follow `next_cursor` until it is null."""

    tournaments: list[TournamentSummary]
    next_cursor: str | None


class Registration(msgspec.Struct, frozen=True):
    """A registered player and its army list."""

    player_id: str
    name: str
    club: str | None
    region: str | None
    dropped: bool
    army_list: dict[str, Any]
    checked_in: bool = False
    missed_rounds: int = 0  # a late entrant: rounds paired before they registered
    byes_for_missed: bool = False  # those rounds scored as byes


class TableResult(msgspec.Struct, frozen=True):
    """A table's result and where it came from (the battle, a hand record, a ruling or a bye)."""

    winner: str | None
    margin: int
    source: str
    reason: str | None


class TableView(msgspec.Struct, frozen=True):
    """A table of a round: its players, its battle and its result."""

    table: int
    a: str
    b: str | None
    battle_id: str | None
    result: TableResult | None
    name: str | None = None
    terrain: str | dict[str, Any] | None = None


class RoundView(msgspec.Struct, frozen=True):
    """A round: its stage (Swiss or cut), Trial, time limit and tables."""

    round: int
    stage: str
    trial: str
    paired_at: str
    ends_at: str | None
    closed: bool
    tables: list[TableView]


class DraftTable(msgspec.Struct, frozen=True):
    """A drafted table: its players, its name and terrain, and its warnings."""

    table: int
    a: str
    b: str | None
    name: str | None
    terrain: str | dict[str, Any] | None
    warnings: list[PairingWarning]


class DraftView(msgspec.Struct, frozen=True):
    """The drafted round awaiting publication, with every warning named."""

    round: int
    stage: str
    trial: str
    drafted_at: str
    tables: list[DraftTable]
    warnings: list[PairingWarning]


class GameView(msgspec.Struct, frozen=True):
    """One game of a player's tournament history."""

    round: int
    table: int
    opponent: str | None
    battle_id: str | None
    outcome: str  # win, loss, draw, bye or pending
    margin: int


class PlayerHistory(msgspec.Struct, frozen=True):
    """A player's games in the tournament."""

    player_id: str
    name: str
    dropped: bool
    games: list[GameView]


class Leaderboard(msgspec.Struct, frozen=True):
    """Players' ratings, best first."""

    ratings: list[Rating]


def _service(request: Request[Any, Any, Any]) -> TournamentService:
    return app_state(request.app).tournaments


async def _state(request: Request[Any, Any, Any], tournament_id: UUID) -> TournamentState:
    """The tournament as it stands, with every battle that has ended already counted."""
    await app_state(request.app).tournament_runner.catch_up()
    state: TournamentState = await _service(request).load(str(tournament_id))
    if state.status == "new":
        raise not_found(f"tournament {tournament_id}")
    return state


def _scope_of(command: TournamentPlay, player_id: str) -> Scope:
    """`play` for what a player does for themself (register, replace their list, drop
    themself); `organise` for the organiser's and judges' commands."""
    match command:
        case Register() | ReplaceList():
            return "play"
        case Drop() | CheckIn() | Reenter() if command.player_id in (None, player_id):
            return "play"
    return "organise"


@post("/v1/tournaments", summary="Create a tournament; its dice commitment is published now", **_WRITE)
async def create_tournament(request: Request[Any, Any, Any],
                            data: JSONBody[CreateTournament]) -> Response[TournamentCreatedResponse]:
    player, idempotency = await player_write(request, "organise")
    return stored(await _service(request).create(player.id, data, idempotency))


@post("/v1/tournaments/{tournament_id:uuid}/commands", **_WRITE,
      summary="Register, check in, drop, re-enter, replace a list, name a judge, set tables, forbid a pairing, "
              "pair a round (or draft it), edit and publish a draft, delete a round, record a result, close a round")
async def tournament_command(request: Request[Any, Any, Any], tournament_id: FromPath[UUID],
                             data: JSONBody[TournamentPlay]) -> Response[TournamentCommandResult]:
    credential = await caller(request)
    player = credential.player
    require_scopes(credential, _scope_of(data, player.id))
    idempotency = await player_idempotency(request, player)
    if isinstance(data, NameJudge):
        await require_known_players(request, [data.player_id])
    runner = app_state(request.app).tournament_runner
    await runner.catch_up()  # results of battles that have ended count before, say, a round closes
    if isinstance(data, DeleteRound):
        await _service(request).unstarted_round(app_state(request.app).service, str(tournament_id))
    result = await _service(request).execute(str(tournament_id), player.id, data, None, idempotency)
    await runner.catch_up()  # and a new round's battles exist by the time the organiser hears back
    return stored(result)


@get("/v1/tournaments/{tournament_id:uuid}", summary="A tournament's summary", **_READ)
async def show_tournament(request: Request[Any, Any, Any], tournament_id: FromPath[UUID]) -> TournamentSummary:
    return _summary(await _state(request, tournament_id))


@get("/v1/tournaments", summary="Tournaments, newest first, with cursor pagination", **_READ)
async def list_tournaments(
    request: Request[Any, Any, Any],
    cursor: Annotated[str | None, QueryParameter(max_length=200)] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=100)] = 20,
) -> TournamentList:
    before = seq_from_cursor(cursor) if cursor else None
    await app_state(request.app).tournament_runner.catch_up()
    found = await store_of(request).list_founded("tournament_created", before, limit)
    states = [await _service(request).load(stream_id.removeprefix(f"{TOURNAMENT}-")) for stream_id, _ in found]
    return TournamentList(tournaments=[_summary(state) for state in states if state.status != "new"],
                          next_cursor=cursor_of(found[-1][1]) if len(found) == limit else None)


def _summary(state: TournamentState) -> TournamentSummary:
    settings = state.settings
    assert settings is not None
    return TournamentSummary(
        id=state.tournament_id, name=state.name, status=state.status, organiser=state.organiser,
        judges=list(state.judges), ruleset=settings.ruleset, ruleset_version=settings.ruleset_version,
        swiss_rounds=state.swiss_rounds or settings.swiss_rounds, cut=settings.cut, rounds_paired=len(state.rounds),
        players=len(state.entrants), champion=state.champion, version=state.version,
        dice={"algorithm": settings.dice.algorithm, "commitment": settings.dice.commitment},
        review_pairings=settings.review_pairings, late_registration_until_round=settings.late_registration_until_round,
        late_entry=settings.late_entry, check_in=settings.check_in, on_time=settings.on_time,
        absent_after_seconds=settings.absent_after_seconds, tables=list(state.tables),
        forbidden_pairings=[ForbiddenPairing(a=f.a, b=f.b, reason=f.reason) for f in state.forbidden])


@get("/v1/tournaments/{tournament_id:uuid}/registrations", summary="Registered players and their lists", **_READ)
async def registrations(request: Request[Any, Any, Any], tournament_id: FromPath[UUID]) -> list[Registration]:
    state = await _state(request, tournament_id)
    return [Registration(player_id=e.player_id, name=e.name, club=e.club, region=e.region, dropped=e.dropped,
                         army_list=e.army_list, checked_in=e.checked_in, missed_rounds=e.missed_rounds,
                         byes_for_missed=e.byes_for_missed) for e in state.entrants]


def _ends_at(paired_at: str, minutes: int | None) -> str | None:
    if minutes is None:
        return None
    return (datetime.fromisoformat(paired_at.replace("Z", "+00:00")) + timedelta(minutes=minutes)).isoformat()


@get("/v1/tournaments/{tournament_id:uuid}/rounds", summary="Every round: pairings, battle ids, results", **_READ)
async def rounds(request: Request[Any, Any, Any], tournament_id: FromPath[UUID]) -> list[RoundView]:
    state = await _state(request, tournament_id)
    assert state.settings is not None
    views = []
    for r in state.rounds:
        tables = []
        for p in r.pairings:
            result = r.results.get(p.table)
            tables.append(TableView(table=p.table, a=p.a, b=p.b, battle_id=p.battle_id, result=TableResult(
                winner=result.winner, margin=result.margin, source=result.source, reason=result.reason)
                if result else None, name=p.table_name, terrain=p.terrain))
        views.append(RoundView(round=r.number, stage=r.stage, trial=r.trial, paired_at=r.paired_at,
                               ends_at=_ends_at(r.paired_at, state.settings.round_time_limit_minutes),
                               closed=r.closed, tables=tables))
    return views


@get("/v1/tournaments/{tournament_id:uuid}/draft",
     summary="The drafted round awaiting publication, each table with its named warnings", **_READ)
async def draft(request: Request[Any, Any, Any], tournament_id: FromPath[UUID]) -> DraftView:
    state = await _state(request, tournament_id)
    drafted = state.draft
    if drafted is None:
        raise not_found(f"drafted round in tournament {tournament_id}")
    tables = [DraftTable(table=p.table, a=p.a, b=p.b, name=p.table_name, terrain=p.terrain,
                         warnings=[w for w in drafted.warnings if w.table == p.table]) for p in drafted.pairings]
    return DraftView(round=drafted.number, stage=drafted.stage, trial=drafted.trial, drafted_at=drafted.drafted_at,
                     tables=tables, warnings=list(drafted.warnings))


@get("/v1/tournaments/{tournament_id:uuid}/standings",
     summary="Standings after the Swiss rounds so far, with every tiebreak value", **_READ)
async def standings(request: Request[Any, Any, Any], tournament_id: FromPath[UUID]) -> list[Standing]:
    return current_standings(await _state(request, tournament_id))


@get("/v1/tournaments/{tournament_id:uuid}/players/{player_id:str}", summary="A player's games in the event",
     **_READ)
async def player_history(request: Request[Any, Any, Any], tournament_id: FromPath[UUID],
                         player_id: FromPath[str]) -> PlayerHistory:
    state = await _state(request, tournament_id)
    entrant = state.entrant(player_id)
    if entrant is None:
        raise not_found(f"player {player_id} in this tournament")
    assert state.settings is not None
    # A late entrant's byes for the rounds missed (late_entry "byes") count in the standings: shown
    # here too, at table 0 (no table was played).
    games = [GameView(round=n, table=0, opponent=None, battle_id=None, outcome="bye", margin=state.settings.bye_margin)
             for n in range(1, entrant.missed_rounds + 1) if entrant.byes_for_missed]
    for r in state.rounds:
        for p in r.pairings:
            if player_id not in (p.a, p.b):
                continue
            result = r.results.get(p.table)
            opponent = p.b if p.a == player_id else p.a
            if p.b is None:
                outcome = "bye"
            elif result is None:
                outcome = "pending"
            else:
                outcome = "draw" if result.winner is None else "win" if result.winner == player_id else "loss"
            games.append(GameView(round=r.number, table=p.table, opponent=opponent, battle_id=p.battle_id,
                                  outcome=outcome, margin=result.margin if result else 0))
    return PlayerHistory(player_id=player_id, name=entrant.name, dropped=entrant.dropped, games=games)


@get("/v1/tournaments/{tournament_id:uuid}/events", summary="The tournament's event log", **_READ)
async def tournament_events(
    request: Request[Any, Any, Any], tournament_id: FromPath[UUID],
    after: Annotated[int, QueryParameter(ge=0, le=2**31 - 1)] = 0,
    limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 100,
) -> TournamentEventPage:
    state = await _state(request, tournament_id)
    service = _service(request)
    events = await service.store.read_stream(service.kind.stream_id(str(tournament_id)), after=after, limit=limit)
    return TournamentEventPage(events=[tournament_envelope(e) for e in events], next=next_page(events, state.version))


@get("/v1/ratings", tags=["ratings"], responses=problem_responses(),
     summary="OpenSkill leaderboard over every finished rated battle, recomputable from the log")
async def ratings(request: Request[Any, Any, Any],
                  limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 100) -> Leaderboard:
    return Leaderboard(ratings=await app_state(request.app).ratings.leaderboard(limit))


async def _verified(request: Request[Any, Any, Any], tournament_id: UUID, receipts: list[Receipt]) -> Report:
    stream = TOURNAMENTS.stream_id(str(tournament_id))
    state = app_state(request.app)
    report = await verify_stream(state.tournaments.store, stream, str(tournament_id), TOURNAMENT_RULES,
                                 state.notary, receipts, state.expensive_reads)
    if report is None:
        raise not_found(f"tournament {tournament_id}")
    return report


@get("/v1/tournaments/{tournament_id:uuid}/verify", **_READ,
     summary="Check the hash chain, every pairing roll against the seed (the server's own, while in play), "
             "and every recorded command decided again")
async def verify_tournament(request: Request[Any, Any, Any], tournament_id: FromPath[UUID]) -> Report:
    return await _verified(request, tournament_id, [])


@post("/v1/tournaments/{tournament_id:uuid}/verify", **_CHECK, status_code=200,
      summary="As GET .../verify, and that the log still holds every version the given receipts signed")
async def verify_tournament_receipts(request: Request[Any, Any, Any], tournament_id: FromPath[UUID],
                                     data: JSONBody[ReceiptCheck]) -> Report:
    return await _verified(request, tournament_id, data.receipts)
