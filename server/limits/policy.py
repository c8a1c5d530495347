"""Which requests are limited, by which limits, and under which keys.

Three classes of request, each with its own limits (Settings): creating a player, per
address; every other write (POST, PUT, PATCH, DELETE), per token and per address; and the
expensive reads, per address. Everything else (cheap reads, health, metrics) is not limited."""

from __future__ import annotations

import enum
import hashlib
import math
import re
from typing import Literal, NamedTuple

from server.settings import Rate, Settings


class RequestClass(enum.Enum):
    PLAYER_CREATION = "player-creation"
    WRITE = "write"
    EXPENSIVE_READ = "expensive-read"


class Limit(NamedTuple):
    name: str
    rate: Rate
    per: Literal["token", "address"]

    def policy(self) -> str:
        """This limit as an IETF RateLimit-Policy item: the burst, and the seconds it takes to refill."""
        window = max(1, math.ceil(self.rate.burst / self.rate.per_second))
        return f'{self.rate.burst};w={window};name="{self.name}"'


WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
PLAYER_CREATION = "/v1/players"
# Reads that replay, verify or page through a whole log, or fold every finished battle.
EXPENSIVE_READS = frozenset({
    "/v1/battles/{battle_id}/state",  # only with `at` (the latest state is cached)
    "/v1/battles/{battle_id}/verify",
    "/v1/battles/{battle_id}/events",
    "/v1/tournaments/{tournament_id}/verify",
    "/v1/tournaments/{tournament_id}/events",
    "/v1/heroes/{hero_id}/verify",
    "/v1/heroes/{hero_id}/events",
    "/v1/ratings",
})
PAST_STATE = "/v1/battles/{battle_id}/state"
# Reads that take a body (the receipts to check): POSTs, but as costly as the reads they extend.
EXPENSIVE_POSTS = frozenset({"/v1/battles/{battle_id}/verify", "/v1/tournaments/{tournament_id}/verify"})
_PARAMETER_TYPE = re.compile(r":[a-z]+}")
_AT = re.compile(rb"(^|&)at=")


def template(path: str) -> str:
    """A route's path with its parameters' types left out: `/v1/battles/{battle_id}/state`."""
    return _PARAMETER_TYPE.sub("}", path)


def classify(method: str, path_template: str, query_string: bytes | None = None) -> RequestClass | None:
    """The class of a request to a route; with `query_string` None, of any request to it
    (for the API documentation: a past state may be limited)."""
    path_template = template(path_template)
    if method == "POST" and path_template in EXPENSIVE_POSTS:
        return RequestClass.EXPENSIVE_READ
    if method in WRITE_METHODS:
        return RequestClass.PLAYER_CREATION if path_template == PLAYER_CREATION else RequestClass.WRITE
    if method == "GET" and path_template in EXPENSIVE_READS:
        if path_template == PAST_STATE and query_string is not None and not _AT.search(query_string):
            return None
        return RequestClass.EXPENSIVE_READ
    return None


def token_key(authorization: str) -> str | None:
    """The key of a bearer token's limits: a hash, never the token itself."""
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return hashlib.sha256(token.strip().encode()).hexdigest()[:32]


class Policy:
    def __init__(self, settings: Settings) -> None:
        def limits(*candidates: tuple[str, Rate | None, Literal["token", "address"]]) -> tuple[Limit, ...]:
            return tuple(Limit(name, rate, per) for name, rate, per in candidates if rate is not None)

        self.prefix = settings.rate_limit_prefix
        self._limits = {
            RequestClass.PLAYER_CREATION: limits(("players-per-address", settings.players_per_address, "address")),
            RequestClass.WRITE: limits(("writes-per-token", settings.writes_per_token, "token"),
                                       ("writes-per-address", settings.writes_per_address, "address")),
            RequestClass.EXPENSIVE_READ: limits(("expensive-reads-per-address", settings.expensive_reads_per_address,
                                                 "address")),
        }

    def checks(self, request_class: RequestClass, address: str, token: str | None) -> list[tuple[Limit, str]]:
        """The limits a request is held to, each with its bucket's key. A request without a
        token is held to its address's limits only."""
        found = []
        for limit in self._limits[request_class]:
            identity = address if limit.per == "address" else token
            if identity is not None:
                found.append((limit, f"{self.prefix}rate:{limit.name}:{identity}"))
        return found
