"""How a presented token is checked (server/credentials.py), against the MemoryStore fake: a
`ct1.` token by id with its secret's digest compared in constant time, a legacy token by the
hash of its whole text, and the node's short-lived cache."""

from __future__ import annotations

import hmac
import uuid
from datetime import UTC, datetime

import pytest

from server import credentials
from server.credentials import ALL_SCOPES, TokenCache, digest, look_up, mint
from server.store.base import Credential, Player, Token
from server.store.memory import MemoryStore


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every pair of digests the token check hands to hmac.compare_digest."""
    seen: list[tuple[str, str]] = []
    compare = hmac.compare_digest

    def spy(a: str, b: str) -> bool:
        seen.append((a, b))
        return compare(a, b)

    monkeypatch.setattr(credentials.hmac, "compare_digest", spy)
    return seen


async def test_a_new_token_is_found_by_id_and_its_secret_compared_in_constant_time(
        compared: list[tuple[str, str]]) -> None:
    store, player = MemoryStore(), Player(id=str(uuid.uuid4()), name="alice")
    text, token = mint(player.id, ALL_SCOPES, datetime.now(UTC))
    await store.create_player(player, token, None, (201, b""))
    prefix, token_id, secret = text.split(".")
    assert (prefix, token_id) == ("ct1", token.id)
    assert token.secret_hash == digest(secret), "only the secret's SHA-256 is stored"

    assert await look_up(store, text) == Credential(token=token, player=player)
    assert compared == [(digest(secret), token.secret_hash)]
    compared.clear()
    assert await look_up(store, f"ct1.{token.id}.{secret}x") is None
    assert compared == [(digest(f"{secret}x"), token.secret_hash)]
    compared.clear()
    assert await look_up(store, f"ct1.{uuid.uuid4()}.{secret}") is None
    assert len(compared) == 1, "an unknown id takes the same path: one comparison"


async def test_a_legacy_token_is_found_by_the_hash_of_its_text() -> None:
    store, player = MemoryStore(), Player(id=str(uuid.uuid4()), name="old")
    legacy_text = "an-old-token-without-a-prefix"
    token = Token(id=str(uuid.uuid4()), player_id=player.id, secret_hash=digest(legacy_text), scopes=ALL_SCOPES,
                  created_at=datetime.now(UTC), legacy=True)
    store.add_legacy_token(player, token)
    assert await look_up(store, legacy_text) == Credential(token=token, player=player)
    assert await look_up(store, f"ct1.{token.id}.{legacy_text}") is None, "a legacy token has no ct1 form"
    assert await look_up(store, "ct1") is None


def test_the_cache_forgets_a_token_at_once_and_everything_after_its_time() -> None:
    player = Player(id="p", name="p")
    _, token = mint(player.id, ALL_SCOPES, datetime.now(UTC))
    _, other = mint(player.id, ALL_SCOPES, datetime.now(UTC))
    cache = TokenCache(seconds=60)
    cache.put("a", Credential(token=token, player=player))
    cache.put("b", Credential(token=other, player=player))
    cache.forget(token.id)
    assert cache.get("a") is None and cache.get("b") is not None
    stale = TokenCache(seconds=0)
    stale.put("a", Credential(token=token, player=player))
    assert stale.get("a") is None, "an entry lives no longer than the cache's time"
