"""What the app opens at start-up and its routes use: one typed object kept on Litestar's
`app.state`, whose attributes are otherwise untyped (`Any`), so a route reads the store, the
services and the settings with their types."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from litestar import Litestar
    from redis.asyncio import Redis

    from server.background import Background
    from server.battle_service import BattleService
    from server.credentials import TokenCache
    from server.embedded import EmbeddedPostgres
    from server.hero_service import HeroService
    from server.limits.identity import TrustedProxies
    from server.limits.offload import BoundedRunner
    from server.notify.notifier import Notifier
    from server.notify.store import NotificationStore
    from server.projector import Projector
    from server.ratings import Ratings
    from server.receipts import Notary
    from server.settings import Settings
    from server.store.base import EventStore
    from server.tournament_service import TournamentRunner, TournamentService

_KEY = "chronicle"


@dataclass(frozen=True)
class AppState:
    settings: Settings
    store: EventStore
    embedded: EmbeddedPostgres | None  # the Postgres this process started, stopped at shutdown
    proxies: TrustedProxies
    notary: Notary
    service: BattleService
    tournaments: TournamentService
    tournament_runner: TournamentRunner
    notes: NotificationStore  # players' notifications, webhooks and their deliveries
    notifier: Notifier
    projector: Projector
    heroes: HeroService
    ratings: Ratings
    token_cache: TokenCache
    expensive_reads: BoundedRunner
    broker: str  # "redis", "postgres" (LISTEN/NOTIFY between workers) or "memory"
    redis: Redis | None
    background: Background  # the subscribers this process runs (server/background.py), stopped at shutdown


def keep_app_state(app: Litestar, state: AppState) -> None:
    app.state[_KEY] = state


def app_state(app: Litestar) -> AppState:
    """The state `app` opened at start-up (`app_state(request.app)` in a route)."""
    state = app.state.get(_KEY)
    if not isinstance(state, AppState):
        raise RuntimeError("the app's state is opened at start-up, and this app has not started")
    return state
