"""Bearer tokens: their format, how a presented token is checked, and the short-lived cache of
checked tokens that each node keeps.

A token reads `ct1.<token id>.<secret>`. The store keeps the secret's SHA-256 only; checking a
token looks its row up by id and compares digests with `hmac.compare_digest`, so the time taken
says nothing about how much of a guessed secret was right. Tokens issued before ids existed
(legacy: no `ct1.` prefix) are found by the SHA-256 of their whole text, as they always were."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import uuid
from collections.abc import Iterable
from datetime import datetime

from server.store.base import Credential, EventStore, Scope, Token

PREFIX = "ct1"
ALL_SCOPES: tuple[Scope, ...] = ("play", "organise", "read")
# A checked token is trusted for this long on the node that checked it; revoking or rotating it
# elsewhere takes at most this long to reach this node (the README says so).
CACHE_SECONDS = 5.0
MAX_CACHED = 10_000
MAX_TOKEN_LENGTH = 200
# Compared against when a token id is unknown, so that both outcomes take the same path.
_NO_SECRET_HASH = hashlib.sha256(b"no such token").hexdigest()


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def ordered_scopes(scopes: Iterable[str]) -> tuple[Scope, ...]:
    """Scopes in their canonical order, each once."""
    wanted = set(scopes)
    return tuple(s for s in ALL_SCOPES if s in wanted)


def mint(player_id: str, scopes: tuple[Scope, ...], now: datetime, *, label: str | None = None,
         expires_at: datetime | None = None) -> tuple[str, Token]:
    """A new token: the text to hand to its owner once, and the row to store."""
    token_id = str(uuid.uuid4())
    text, secret_hash = new_secret(token_id)
    return text, Token(id=token_id, player_id=player_id, secret_hash=secret_hash, scopes=scopes, created_at=now,
                       label=label, expires_at=expires_at)


def new_secret(token_id: str) -> tuple[str, str]:
    """A fresh secret for the token: (the token's text, the SHA-256 of the secret to store)."""
    secret = secrets.token_urlsafe(32)
    return f"{PREFIX}.{token_id}.{secret}", digest(secret)


def secret_matches(secret: str, secret_hash: str) -> bool:
    return hmac.compare_digest(digest(secret), secret_hash)


async def look_up(store: EventStore, text: str) -> Credential | None:
    """The credential a presented token stands for, whatever its state (revoked, expired), or
    None when it stands for none."""
    if len(text) > MAX_TOKEN_LENGTH or "\x00" in text:
        return None
    prefix, _, rest = text.partition(".")
    if prefix != PREFIX:
        return await store.legacy_credential(digest(text))
    token_id, _, secret = rest.partition(".")
    found = await store.credential(token_id) if token_id and secret else None
    usable = found is not None and not found.token.legacy
    matches = secret_matches(secret, found.token.secret_hash if found is not None else _NO_SECRET_HASH)
    return found if usable and matches else None


class TokenCache:
    """Credentials this node checked in the last CACHE_SECONDS, by the SHA-256 of the token's text."""

    def __init__(self, seconds: float = CACHE_SECONDS, capacity: int = MAX_CACHED) -> None:
        self._seconds = seconds
        self._capacity = capacity
        self._entries: dict[str, tuple[float, Credential]] = {}

    def get(self, key: str) -> Credential | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        if time.monotonic() - entry[0] >= self._seconds:
            del self._entries[key]
            return None
        return entry[1]

    def put(self, key: str, credential: Credential) -> None:
        self._entries.pop(key, None)
        while len(self._entries) >= self._capacity:
            self._entries.pop(next(iter(self._entries)))  # the oldest entry
        self._entries[key] = (time.monotonic(), credential)

    def forget(self, token_id: str) -> None:
        """Drop every entry of the token (revoked or rotated on this node: no grace here)."""
        for key in [k for k, (_, c) in self._entries.items() if c.token.id == token_id]:
            del self._entries[key]
