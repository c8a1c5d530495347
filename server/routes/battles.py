from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec
from litestar import Request, Response, get, post
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, JSONBody, QueryParameter

from domain.commands import NAME_PATTERN, ClaimSeat
from domain.contests import AppointReferee
from domain.dice import ALGORITHM, join_client_seeds
from domain.errors import RuleViolation
from projections.battle_summary import BattleSummary, state_view
from server.api_models import (
    BattleCreatedResponse,
    BattleList,
    CommandRequest,
    CommandResult,
    ContestList,
    ContestView,
    DiceState,
    EventPage,
    ForkRequest,
    NewBattle,
    Preview,
    ProblemDetail,
    ReceiptCheck,
    SeatClaim,
)
from server.app_state import app_state
from server.battle_service import BATTLE_RULES, envelope, stream_id
from server.fast_commands import raised_outside
from server.http import (
    authenticate,
    caller,
    check_route,
    cursor_of,
    encoded,
    next_page,
    player_write,
    problem_responses,
    projector_of,
    read_route,
    seq_from_cursor,
    service_of,
    store_of,
    stored,
    write_route,
)
from server.known_players import require_known_players
from server.past_states import battle_state_at
from server.problems import not_found, problem
from server.receipts import Receipt
from server.store.base import Idempotency, Player, StoredResponse
from server.store.chain import format_time
from server.verification import Report, verify_stream

MAX_PAGE = 1000
_encode = msgspec.json.Encoder().encode
_READ = read_route("battles")
_CHECK = check_route("battles")
_WRITE = write_route("battles")
_STATE_RESPONSES = {**problem_responses(404), 503: ResponseSpec(
    data_container=ProblemDetail, media_type="application/problem+json", generate_examples=False,
    description="the database is unreachable, or (with `at`) every slot for past states is taken (`rule` busy): "
                "retry after `Retry-After` seconds")}


async def _summary_or_404(request: Request[Any, Any, Any], battle_id: UUID) -> BattleSummary:
    await projector_of(request).catch_up()
    row = (await store_of(request).battle_rows([str(battle_id)])).get(str(battle_id))
    if row is None:
        raise not_found(f"battle {battle_id}")
    return msgspec.convert(row.summary, BattleSummary)


async def _version_or_404(request: Request[Any, Any, Any], battle_id: UUID) -> int:
    """The battle's version straight from the event store (no read model involved)."""
    row = await store_of(request).stream(stream_id(str(battle_id)))
    if row is None:
        raise not_found(f"battle {battle_id}")
    return row.version


async def _within_battle_quota(request: Request[Any, Any, Any], player: Player,
                               idempotency: Idempotency | None) -> StoredResponse | None:
    """The first response to a retried creation (never refused), or None once the player is
    found to hold fewer unfinished battles than the quota allows."""
    stored_first = await service_of(request).first_response(idempotency)
    if stored_first is not None:
        return stored_first
    quota = app_state(request.app).settings.battle_quota
    await projector_of(request).catch_up()
    unfinished = await store_of(request).unfinished_battles_created_by(player.id)
    if unfinished >= quota:
        raise RuleViolation("battle-quota",
                            f"you created {unfinished} battles that have not ended, and may have at most {quota}: "
                            "finish or concede some of them before creating more")
    return None


@post("/v1/battles", summary="Create a battle; its dice commitment is published now", **_WRITE)
async def create_battle(request: Request[Any, Any, Any], data: JSONBody[NewBattle]) -> Response[BattleCreatedResponse]:
    player, idempotency = await player_write(request, "play")
    await require_known_players(request, data.referees)
    if (first := await _within_battle_quota(request, player, idempotency)) is not None:
        return stored(first)
    result = await service_of(request).create(player.id, data.ruleset, data.seats, data.options, idempotency,
                                              tuple(data.referees), data.contest_window, data.ruleset_version,
                                              data.clock)
    return stored(result)


@get("/v1/battles", tags=["battles"], responses=problem_responses(),
     summary="Battles, newest first, by status and by a player seated in them (`me`: the caller), with "
             "cursor pagination")
async def list_battles(
    request: Request[Any, Any, Any],
    status: Annotated[Literal["open", "active", "ended"] | None, QueryParameter()] = None,
    player: Annotated[str | None, QueryParameter(
        min_length=1, max_length=64, pattern=NAME_PATTERN,
        description="only battles in which this player holds a seat; `me` for the caller (needs a token)")] = None,
    cursor: Annotated[str | None, QueryParameter(max_length=200)] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=100)] = 20,
) -> BattleList:
    before = seq_from_cursor(cursor) if cursor else None
    if player == "me":
        player = (await caller(request)).player.id
    await projector_of(request).catch_up()
    rows = await store_of(request).list_battles(status, before, limit, player)
    next_cursor = cursor_of(rows[-1].seq) if len(rows) == limit else None
    return BattleList(battles=[msgspec.convert(r.summary, BattleSummary) for r in rows], next_cursor=next_cursor)


@get("/v1/battles/{battle_id:uuid}", **_READ, summary="A battle's summary")
async def show_battle(request: Request[Any, Any, Any], battle_id: FromPath[UUID]) -> BattleSummary:
    return await _summary_or_404(request, battle_id)


@post("/v1/battles/{battle_id:uuid}/seats/{seat:str}", summary="Claim a seat, optionally with a client seed",
      **_WRITE)
async def claim_seat(request: Request[Any, Any, Any], battle_id: FromPath[UUID], seat: FromPath[str],
                     data: JSONBody[SeatClaim | None] = None) -> Response[CommandResult]:
    player, idempotency = await player_write(request, "play")
    if len(seat) > 40:
        raise problem(422, "seat-unknown", "seat names have at most 40 characters")
    command = ClaimSeat(seat=seat, client_seed=data.client_seed if data else None)
    return stored(await service_of(request).claim(player.id, str(battle_id), command, idempotency))


@post("/v1/battles/{battle_id:uuid}/commands", summary="Send a command: start, roll or concede", **_WRITE)
async def send_command(request: Request[Any, Any, Any], battle_id: FromPath[UUID],
                       data: JSONBody[CommandRequest]) -> Response[CommandResult]:
    raised_outside(request.scope)  # the command already ran outside Litestar (server/fast_commands.py)
    player, idempotency = await player_write(request, "play")
    if isinstance(data, AppointReferee):
        await require_known_players(request, [data.player_id])
    result = await service_of(request).command(player.id, str(battle_id), data,
                                               getattr(data, "expected_version", None), idempotency)
    return stored(result)


@get("/v1/battles/{battle_id:uuid}/events", **_READ, summary="The event log, a page at a time")
async def list_events(
    request: Request[Any, Any, Any], battle_id: FromPath[UUID],
    after: Annotated[int, QueryParameter(ge=0, le=2**31 - 1)] = 0,
    limit: Annotated[int, QueryParameter(ge=1, le=MAX_PAGE)] = 100,
) -> EventPage:
    version = await _version_or_404(request, battle_id)
    events = await store_of(request).read_stream(stream_id(str(battle_id)), after=after, limit=limit)
    state = await service_of(request).load(str(battle_id))
    envelopes = [msgspec.structs.replace(envelope(e), void=True) if state.is_void(e.version) else envelope(e)
                 for e in events]
    return EventPage(events=envelopes, next=next_page(events, version))


@get("/v1/battles/{battle_id:uuid}/state", tags=["battles"], responses=_STATE_RESPONSES,
     summary="The battle state after version `at` (the latest when absent)")
async def show_state(
    request: Request[Any, Any, Any], battle_id: FromPath[UUID],
    at: Annotated[int | None, QueryParameter(ge=1, le=2**31 - 1)] = None,
) -> Response[dict[str, Any]]:
    version = await _version_or_404(request, battle_id)
    if at is None:
        now = format_time(datetime.now(UTC))  # a clock's time left, as of this answer
        return Response(state_view(await service_of(request).load(str(battle_id)), now))
    if at > version:
        raise problem(404, "version-unknown", f"the battle has {version} events, not {at}")
    body = await battle_state_at(store_of(request), app_state(request.app).expensive_reads, str(battle_id), at,
                                 present=lambda state: _encode(state_view(state)))
    return encoded(body)


_VERIFY_SUMMARY = ("Check everything that can be re-derived: the hash chain, every roll against the seed (the "
                   "server's own, while in play), nonce continuity, every total, every recorded command decided "
                   "again with its dice")


async def _verified(request: Request[Any, Any, Any], battle_id: UUID, receipts: list[Receipt]) -> Report:
    state = app_state(request.app)
    report = await verify_stream(state.store, stream_id(str(battle_id)), str(battle_id), BATTLE_RULES,
                                 state.notary, receipts, state.expensive_reads)
    if report is None:
        raise not_found(f"battle {battle_id}")
    return report


@get("/v1/battles/{battle_id:uuid}/verify", **_READ, summary=_VERIFY_SUMMARY)
async def verify_battle(request: Request[Any, Any, Any], battle_id: FromPath[UUID]) -> Report:
    return await _verified(request, battle_id, [])


@post("/v1/battles/{battle_id:uuid}/verify", **_CHECK, status_code=200,
      summary=_VERIFY_SUMMARY + ", and that the log still holds every version the given receipts signed")
async def verify_battle_receipts(request: Request[Any, Any, Any], battle_id: FromPath[UUID],
                                 data: JSONBody[ReceiptCheck]) -> Report:
    return await _verified(request, battle_id, data.receipts)


@get("/v1/battles/{battle_id:uuid}/dice", **_READ,
     summary="Everything needed to check the dice; `server_seed` is null until the battle ends")
async def show_dice(request: Request[Any, Any, Any], battle_id: FromPath[UUID]) -> DiceState:
    await _version_or_404(request, battle_id)
    state = await service_of(request).load(str(battle_id))
    assert state.dice is not None
    return DiceState(algorithm=ALGORITHM, commitment=state.dice.commitment,
                     client_seeds=join_client_seeds(state.client_seeds), next_nonce=state.next_nonce,
                     server_seed=state.server_seed)




@get("/v1/battles/{battle_id:uuid}/contests", **_READ,
     summary="Contests: who contested what and why, and the ruling, its author and text")
async def list_contests(request: Request[Any, Any, Any], battle_id: FromPath[UUID]) -> ContestList:
    await _version_or_404(request, battle_id)
    events = await store_of(request).read_stream(stream_id(str(battle_id)))
    views: dict[int, dict[str, Any]] = {}
    for event in events:
        data = event.data
        if event.type == "contest_opened":
            views[data["contest"]] = {**data, "status": "open", "votes": {}, "opened_at_version": event.version,
                                      "ruled_by": None, "ruling": None, "ruled_at_version": None, "voided": None}
        elif event.type == "contest_vote_cast":
            views[data["contest"]]["votes"][data["seat"]] = data["agree"]
        elif event.type == "contest_ruled":
            views[data["contest"]].update(status=data["decision"], ruled_by=data["by"], ruling=data["text"],
                                          ruled_at_version=event.version)
        elif event.type == "action_reverted":
            views[data["contest"]]["voided"] = [data["from_version"], data["to_version"]]
    return ContestList(contests=[msgspec.convert(v, ContestView) for v in views.values()])


@post("/v1/battles/{battle_id:uuid}/fork", **_WRITE,
      summary="A new battle from the first `at` events (same ruleset version, new dice seed and commitment)")
async def fork_battle(request: Request[Any, Any, Any], battle_id: FromPath[UUID],
                      data: JSONBody[ForkRequest]) -> Response[BattleCreatedResponse]:
    player, idempotency = await player_write(request, "play")
    await _version_or_404(request, battle_id)
    if (first := await _within_battle_quota(request, player, idempotency)) is not None:
        return stored(first)
    return stored(await service_of(request).fork(player.id, str(battle_id), data.at, idempotency))


@post("/v1/battles/{battle_id:uuid}/preview", **_WRITE, status_code=200,
      summary="Would this command be accepted now, and with which modifiers? Rolls and records nothing")
async def preview_command(request: Request[Any, Any, Any], battle_id: FromPath[UUID],
                          data: JSONBody[CommandRequest]) -> Preview:
    player = await authenticate(request, "read")
    await _version_or_404(request, battle_id)
    return msgspec.convert(await service_of(request).preview(player.id, str(battle_id), data), Preview)
