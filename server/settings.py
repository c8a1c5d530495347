"""Settings, read once from the environment into one object."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec


class Settings(msgspec.Struct, frozen=True):
    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str | None = None
    redis_url: str | None = None
    data_dir: Path = Path(".chronicle")
    log_level: str = "info"
    # A client may post at most this many bytes in one request body.
    max_body_bytes: int = 64 * 1024
    # Store a battle's state every this many events; loading is the snapshot plus the events after it.
    snapshot_every: int = 100
    # Receipts (server/receipts.py): this node's Ed25519 signing key, base64url; unset = a key file
    # in data_dir for the embedded server, or a key for this process only with DATABASE_URL.
    signing_key: str | None = None
    # Public keys whose receipts verify besides this node's own (other nodes', former keys).
    receipt_public_keys: tuple[str, ...] = ()
    # Idempotency records (the first response to a keyed request) are kept this many seconds.
    idempotency_ttl_seconds: int = 86_400

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        return cls(
            host=env.get("HOST", "127.0.0.1"),
            port=int(env.get("PORT", "8000")),
            database_url=env.get("DATABASE_URL") or None,
            redis_url=env.get("REDIS_URL") or None,
            data_dir=Path(env.get("CHRONICLE_DATA_DIR", ".chronicle")),
            log_level=env.get("LOG_LEVEL", "info"),
            snapshot_every=max(1, int(env.get("CHRONICLE_SNAPSHOT_EVERY", "100"))),
            signing_key=env.get("CHRONICLE_SIGNING_KEY") or None,
            receipt_public_keys=tuple(k for k in env.get("CHRONICLE_RECEIPT_KEYS", "").split(",") if k.strip()),
            idempotency_ttl_seconds=max(1, int(env.get("IDEMPOTENCY_TTL_SECONDS", "86400"))),
        )
