"""The composition root: `create_app()` wires settings, store, channels and routes."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import swagger_ui  # type: ignore[import-untyped]  # a wheel of static files; its Python is not used
from litestar import Litestar, Request, Response, get
from litestar.channels import ChannelsPlugin
from litestar.config.cors import CORSConfig
from litestar.exceptions import HTTPException
from litestar.logging.config import LoggingConfig
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme
from litestar.plugins.problem_details import ProblemDetailsConfig, ProblemDetailsPlugin
from litestar.static_files import create_static_files_router
from redis.asyncio import Redis
from redis.exceptions import RedisError

from domain.contests import ContestPending
from domain.errors import DomainError, NotPermitted
from server.api_models import Health
from server.app_state import AppState, app_state, keep_app_state
from server.background import Background, InAThread, NoBackground, OnTheLoop, mode_here, subscribers
from server.battle_service import BattleService
from server.broker import channels_backend
from server.credentials import TokenCache
from server.embedded import EmbeddedPostgres, ensure_database
from server.fast_commands import fast_commands
from server.hero_service import HeroService
from server.http import problem_responses
from server.limits.buckets import Buckets, MemoryBuckets, RedisBuckets
from server.limits.docs import DocumentedLimits
from server.limits.identity import TrustedProxies
from server.limits.offload import BoundedRunner, Busy
from server.limits.policy import Policy
from server.limits.rate_limits import RateLimiter
from server.limits.timeouts import BodyTimeout, body_timeout_middleware
from server.limits.websockets import WebsocketLimit
from server.notify.notifier import Notifier
from server.notify.store import MemoryNotifications, NotificationStore, PostgresNotifications
from server.notify_broker import PostgresNotifyBackend
from server.observability import REQUEST_ID_HEADER, metrics, request_context_middleware, request_id_var
from server.openapi_contract import ContractJson, ContractSwagger
from server.openapi_docs import DocumentedStructs
from server.problems import problem
from server.projector import Projector
from server.ratings import Ratings
from server.receipts import Notary, load_signing_key
from server.request_limits import refuse_unstorable_bodies
from server.routes import battles, heroes, notifications, players, receipts, rulesets, stream, tokens, tournaments, web
from server.settings import Settings
from server.store.base import EventStore, IdempotencyKeyReused, StoreUnavailable
from server.store.postgres import PostgresStore
from server.stream_service import RefusedAfterDraw, StreamCorrupted, StreamNotFound, VersionConflict
from server.tournament_service import TournamentRunner, TournamentService
from server.ws_handshake import accept_before_close

log = logging.getLogger("chronicle")


def _with_subclasses(root: type[Exception]) -> set[type[Exception]]:
    found = {root}
    for sub in root.__subclasses__():
        found |= _with_subclasses(sub)
    return found


def expected_refusals() -> set[int | type[Exception]]:
    """Exceptions our handlers answer with a 4xx (or a 5xx logged where it happened), and the 4xx
    codes of Litestar's own HTTP exceptions. Litestar matches these exactly, so every subclass is
    listed; built when the app is, once every domain error class has been imported."""
    return {*_with_subclasses(DomainError), VersionConflict, StreamNotFound, IdempotencyKeyReused,
            StoreUnavailable, StreamCorrupted, RefusedAfterDraw, Busy, BodyTimeout, 400, 401, 403, 404, 405, 408, 409,
            413, 422, 429}


API_VERSION = "1.0.0"
SCHEMA_ASSETS = "/schema/assets"
# Swagger UI's files, shipped in the swagger-ui-py wheel (no CDN).
SWAGGER_UI = Path(swagger_ui.__file__).resolve().parent / "static"
RETRY_AFTER_SECONDS = 1


def _domain_problem(request: Request[Any, Any, Any], exc: DomainError) -> Response[Any]:
    status = 403 if isinstance(exc, NotPermitted) else 409 if isinstance(exc, ContestPending) else 422
    if exc.problems:
        return problem(status, exc.rule, exc.detail, problems=exc.problems).to_response(request)
    return problem(status, exc.rule, exc.detail).to_response(request)


def _refused_after_draw(request: Request[Any, Any, Any], exc: RefusedAfterDraw) -> Response[Any]:
    # Logged and counted where it happened (StreamService); the client learns nothing was recorded.
    return problem(500, "refused-after-draw", f"{exc.command} failed after its dice were drawn; nothing was "
                   "recorded and the operators have been alerted").to_response(request)


def _conflict(request: Request[Any, Any, Any], exc: VersionConflict) -> Response[Any]:
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
    return problem(409, "version-conflict", str(exc), headers=headers, expected_version=exc.expected,
                   actual_version=exc.actual).to_response(request)


def _battle_not_found(request: Request[Any, Any, Any], exc: StreamNotFound) -> Response[Any]:
    return problem(404, "not-found", f"no {exc}").to_response(request)


def _key_reused(request: Request[Any, Any, Any], exc: IdempotencyKeyReused) -> Response[Any]:
    return problem(422, "idempotency-key-reused",
                   "this Idempotency-Key was first used with a different request").to_response(request)


def _store_unavailable(request: Request[Any, Any, Any], exc: StoreUnavailable) -> Response[Any]:
    log.warning("store unavailable: %s", exc)
    return problem(503, "store-unavailable", "the database cannot be reached; retry with the same Idempotency-Key",
                   headers={"Retry-After": str(RETRY_AFTER_SECONDS)}).to_response(request)


def _stream_corrupted(request: Request[Any, Any, Any], exc: StreamCorrupted) -> Response[Any]:
    return problem(500, "stream-corrupt", f"the stored log of this stream does not verify at version {exc.version} "
                   f"({exc.reason}); nothing more is recorded on it until an operator restores it",
                   version=exc.version).to_response(request)


def _internal_error(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    """Any error no other handler answers is a bug: logged with its traceback (a JSON line
    carrying the request id), answered with a problem the client can quote."""
    request_id = request_id_var.get() or request.headers.get(REQUEST_ID_HEADER, "")
    log.error("unexpected error answered with 500: %s: %s", type(exc).__name__, exc, exc_info=exc)
    return problem(500, "internal-error", f"an unexpected error; it is logged under request id {request_id}",
                   request_id=request_id).to_response(request)


def _busy(request: Request[Any, Any, Any], exc: Busy) -> Response[Any]:
    return problem(503, "busy", str(exc), headers={"Retry-After": str(exc.retry_after)}).to_response(request)


def _body_timeout(request: Request[Any, Any, Any], exc: BodyTimeout) -> Response[Any]:
    return problem(408, "request-timeout", str(exc), headers={"Connection": "close"}).to_response(request)


def _http_problem(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    rule = {400: "bad-request", 401: "unauthorized", 403: "forbidden", 404: "not-found",
            405: "method-not-allowed", 413: "request-too-large"}.get(exc.status_code, "http-error")
    extra = exc.extra if isinstance(exc.extra, dict) else {"errors": exc.extra} if exc.extra else {}
    detail = invalid_fields(extra["errors"]) if isinstance(extra.get("errors"), list) else None
    return problem(exc.status_code, rule, detail or exc.detail, headers=exc.headers, **extra).to_response(request)


def invalid_fields(errors: list[Any]) -> str | None:
    """A validation failure's `detail`: each field and what is wrong with it (Litestar's says only
    that validation failed). Litestar names the whole body `data` (an unknown field's message
    names the field itself)."""
    said = []
    for error in errors:
        if not isinstance(error, dict) or "message" not in error:
            return None
        key, source = error.get("key"), error.get("source") or "request"
        source = getattr(source, "value", source)  # Litestar's ParamType for a parameter
        where = f"the {source}" if key in (None, "", "data") else f"{source} field `{key}`"
        said.append(f"{where}: {error['message']}")
    return "; ".join(said) or None


async def open_store(settings: Settings) -> tuple[EventStore, EmbeddedPostgres | None]:
    """The store settings ask for: DATABASE_URL's server, or the embedded one (started if need be)."""
    ttl = float(settings.idempotency_ttl_seconds)
    if settings.database_url:
        return await PostgresStore.connect(settings.database_url, idempotency_ttl=ttl), None
    embedded = EmbeddedPostgres(settings.data_dir)
    dsn = await ensure_database(embedded.start())
    return await PostgresStore.connect(dsn, idempotency_ttl=ttl), embedded


@get("/health", tags=["operations"], summary="Health, with the store and broker in use (pings the store)",
     responses=problem_responses())
async def health(request: Request[Any, Any, Any]) -> Health:
    state = app_state(request.app)
    await state.store.ping()
    return Health(status="ok", store=state.store.name, broker=state.broker, worker=state.settings.worker)


@get("/health/live", tags=["operations"], summary="Liveness: the process answers")
async def live() -> dict[str, str]:
    return {"status": "ok"}


@get("/health/ready", tags=["operations"], summary="Readiness: Postgres (and Redis when used) answer",
     responses=problem_responses())
async def ready(request: Request[Any, Any, Any]) -> Health:
    state = app_state(request.app)
    await state.store.ping()
    if state.redis is not None:
        try:
            await state.redis.ping()
        except (RedisError, OSError) as exc:
            raise problem(503, "broker-unavailable", f"redis does not answer: {exc}",
                          headers={"Retry-After": str(RETRY_AFTER_SECONDS)}) from exc
    return Health(status="ok", store=state.store.name, broker=state.broker, worker=state.settings.worker)


def create_app(settings: Settings | None = None, store: EventStore | None = None) -> Litestar:
    """Build the app. A given `store` is used as is (tests); otherwise one is opened at start-up."""
    settings = settings or Settings.from_env()
    background_mode = mode_here(settings, given_store=store is not None)
    # Several workers without Redis share live events through Postgres (server/notify_broker.py),
    # and so does a worker whose node runs its subscribers elsewhere (server/background.py).
    shared = settings.workers > 1 or background_mode == "none"
    broker = "redis" if settings.redis_url else "postgres" if shared else "memory"
    notify = PostgresNotifyBackend(publish_locally=settings.workers == 1) if broker == "postgres" else None
    channels = ChannelsPlugin(backend=notify or channels_backend(settings.redis_url), arbitrary_channels_allowed=True)
    proxies = TrustedProxies(settings.trusted_proxies)
    buckets: Buckets = RedisBuckets.from_url(settings.redis_url) if settings.redis_url else MemoryBuckets()
    rate_limiter = RateLimiter(Policy(settings), buckets, proxies)
    websocket_limit = WebsocketLimit(settings.websockets_per_address, proxies)

    notary = Notary(load_signing_key(settings.signing_key, None if settings.database_url else settings.data_dir),
                    settings.receipt_public_keys)

    def publish(stream_id: str, messages: list[bytes]) -> None:
        for message in messages:
            channels.publish(message, stream_id)

    async def open_resources(app: Litestar) -> None:
        opened, embedded = (store, None) if store else await open_store(settings)
        if notify is not None:
            if not isinstance(opened, PostgresStore):
                raise RuntimeError("live events between workers need the Postgres store (or REDIS_URL)")
            notify.attach(opened.dsn)
        service = BattleService(opened, publish, snapshot_every=settings.snapshot_every, notary=notary)
        projector = Projector(opened)
        tournaments = TournamentService(opened, publish, notary)
        tournament_runner = TournamentRunner(opened, service, tournaments)
        notes: NotificationStore = PostgresNotifications(opened.pool) if isinstance(opened, PostgresStore) \
            else MemoryNotifications()
        notifier = Notifier(opened, notes, service, tournaments, publish)
        # Readers catch the projector, runner and notifier up themselves (read-your-writes); the
        # background subscribers keep everything fresh in between, in batches, off this loop
        # unless asked otherwise (server/background.py).
        background: Background
        if background_mode == "loop":
            background = OnTheLoop(subscribers(opened, settings, notary, publish))
        elif background_mode == "thread" and isinstance(opened, PostgresStore):
            background = InAThread(settings, opened.dsn, notary, publish)
            await background.wait_started()
        elif background_mode == "thread":
            raise RuntimeError("background subscribers in a thread need the Postgres store")
        else:
            background = NoBackground()
        keep_app_state(app, AppState(
            settings=settings, store=opened, embedded=embedded, proxies=proxies, notary=notary, service=service,
            tournaments=tournaments, tournament_runner=tournament_runner, projector=projector,
            notes=notes, notifier=notifier,
            heroes=HeroService(opened, publish, notary), ratings=Ratings(opened), token_cache=TokenCache(),
            expensive_reads=BoundedRunner(settings.expensive_read_concurrency, settings.expensive_read_wait),
            broker=broker,
            redis=Redis.from_url(settings.redis_url) if settings.redis_url else None,
            background=background))

    async def close_resources(app: Litestar) -> None:
        # A shutdown hook, not a lifespan manager: Litestar runs these after its own task
        # groups have exited, so closing the pool is not cancelled half-way.
        state = app_state(app)
        await state.background.stop()
        if store is None:
            await state.store.close()
        if state.redis is not None:
            await state.redis.aclose()
        await buckets.close()
        if state.embedded is not None:
            state.embedded.stop()

    http_middlewares = [request_context_middleware, *([rate_limiter.middleware] if settings.rate_limits else []),
                        body_timeout_middleware(settings.body_timeout)]
    app = Litestar(
        route_handlers=[
            create_static_files_router(path=SCHEMA_ASSETS, directories=[SWAGGER_UI], include_in_schema=False,
                                       name="schema-assets"),
            web.web_assets(), *web.pages,
            health, live, ready, metrics, players.create_player, players.show_player,
            tokens.list_tokens, tokens.create_token, tokens.rotate_token, tokens.revoke_token,
            rulesets.list_rulesets, rulesets.show_ruleset, rulesets.pericle_catalogue,
            battles.create_battle, battles.list_battles, battles.show_battle, battles.claim_seat,
            battles.send_command, battles.list_events, battles.show_state, battles.verify_battle,
            battles.verify_battle_receipts, receipts.receipt_keys,
            battles.show_dice, battles.list_contests, battles.fork_battle, battles.preview_command,
            stream.battle_stream, stream.tournament_stream, *notifications.ROUTES,
            tournaments.create_tournament, tournaments.tournament_command, tournaments.show_tournament,
            tournaments.list_tournaments,
            tournaments.registrations, tournaments.rounds, tournaments.draft, tournaments.standings,
            tournaments.player_history,
            tournaments.tournament_events, tournaments.verify_tournament, tournaments.verify_tournament_receipts,
            tournaments.ratings,
            heroes.create_hero, heroes.show_hero, heroes.list_heroes, heroes.hero_events, heroes.verify_hero,
            heroes.bring_hero, heroes.rest_hero, heroes.recover_hero, heroes.recover_hero_fully,
            heroes.spend_hero_xp, heroes.embed_runestone, heroes.extract_runestone, heroes.hero_rules,
        ],
        on_startup=[open_resources],
        on_shutdown=[close_resources],
        plugins=[channels, ProblemDetailsPlugin(ProblemDetailsConfig()), DocumentedStructs(), DocumentedLimits()],
        exception_handlers={
            DomainError: _domain_problem,
            RefusedAfterDraw: _refused_after_draw,
            VersionConflict: _conflict,
            StreamNotFound: _battle_not_found,
            IdempotencyKeyReused: _key_reused,
            StoreUnavailable: _store_unavailable,
            StreamCorrupted: _stream_corrupted,
            HTTPException: _http_problem,
            Busy: _busy,
            BodyTimeout: _body_timeout,
            Exception: _internal_error,
        },
        before_request=refuse_unstorable_bodies,
        openapi_config=OpenAPIConfig(
            title="Chronicle", version=API_VERSION,
            description="Event-sourced tabletop battles with verifiable dice. See README.md.",
            path="/schema",
            # Swagger UI from files this server serves itself: /schema works with no internet.
            # Both render the document completed with the events, states and unions (openapi_contract.py).
            render_plugins=[ContractSwagger(path=["/", "/swagger"], js_url=f"{SCHEMA_ASSETS}/swagger-ui-bundle.js",
                                            css_url=f"{SCHEMA_ASSETS}/swagger-ui.css",
                                            standalone_preset_js_url=f"{SCHEMA_ASSETS}/swagger-ui-standalone-preset.js"),
                            ContractJson()],
            components=Components(security_schemes={
                "bearer": SecurityScheme(type="http", scheme="bearer",
                                         description="token from POST /v1/players or POST /v1/tokens"),
            }),
        ),
        cors_config=CORSConfig(allow_origins=list(settings.cors_origins),
                               allow_headers=["Authorization", "Content-Type", "Idempotency-Key", "X-Request-ID"],
                               expose_headers=["Retry-After", "RateLimit-Limit", "RateLimit-Remaining",
                                               "RateLimit-Reset", "RateLimit-Policy", "X-Request-ID"]),
        request_max_body_size=settings.max_body_bytes,
        # Outermost first: a refusal by a limit still carries its request id and is measured.
        middleware=[*http_middlewares[:-1], websocket_limit.middleware, http_middlewares[-1]],
        # An unexpected error is a bug: log it with its traceback, whatever the log level. A
        # refusal answered with a 4xx is the API working, not an error: no traceback for it.
        logging_config=LoggingConfig(log_exceptions="always", configure_root_logger=False,
                                     disable_stack_trace=expected_refusals()),
    )
    app.asgi_handler = accept_before_close(app.asgi_handler)
    if settings.fast_commands:  # commands below Litestar's routing, under the same HTTP middlewares
        app.asgi_handler = fast_commands(app, app.asgi_handler, http_middlewares, settings.max_body_bytes)
    return app
