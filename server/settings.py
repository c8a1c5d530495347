"""Settings, read once from the environment into one object."""

from __future__ import annotations

import math
import os
from pathlib import Path

import msgspec


class Rate(msgspec.Struct, frozen=True):
    """A rate limit: `burst` requests at once, refilled at `per_second` (a token bucket, GCRA)."""

    burst: int
    per_second: float

    @classmethod
    def parse(cls, text: str) -> Rate | None:
        """`BURST,PER_SECOND` (e.g. `300,5`), or `off` for no limit."""
        if text.strip().lower() == "off":
            return None
        burst, _, per_second = text.partition(",")
        rate = cls(burst=int(burst), per_second=float(per_second))
        if rate.burst < 1 or not rate.per_second > 0 or not math.isfinite(rate.per_second):
            raise ValueError(f"a rate is BURST,PER_SECOND with both above 0, not {text!r}")
        return rate


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
    # Commands served below Litestar's routing (server/fast_commands.py); off: every request by Litestar.
    fast_commands: bool = True

    # ---- limits on what one client can take (README "Limits"); None = no such limit ----
    rate_limits: bool = True
    players_per_address: Rate | None = Rate(burst=300, per_second=5)
    writes_per_token: Rate | None = Rate(burst=100, per_second=50)
    writes_per_address: Rate | None = Rate(burst=1000, per_second=200)
    expensive_reads_per_address: Rate | None = Rate(burst=60, per_second=10)
    # Redis keys of the rate limiter start with this (when REDIS_URL is set).
    rate_limit_prefix: str = "chronicle:"
    # Addresses or networks (CIDR) of proxies whose X-Forwarded-For is believed.
    trusted_proxies: tuple[str, ...] = ()
    # At most this many unfinished battles a player created (create and fork).
    battle_quota: int = 100
    # Expensive reads (a past state) running at once, and how long one may wait for its turn.
    expensive_read_concurrency: int = 2
    expensive_read_wait: float = 5.0
    # Seconds: a request's headers must arrive within `header_timeout`, its body within
    # `body_timeout`; a graceful shutdown ends after `shutdown_timeout`.
    header_timeout: float = 10.0
    body_timeout: float = 15.0
    shutdown_timeout: float = 20.0
    # Open websockets per client address on one node.
    websockets_per_address: int = 64
    # Browser origins that may call the API (CORS); "*" lets any page call it, as a public API
    # with bearer tokens (no cookies) allows.
    cors_origins: tuple[str, ...] = ("*",)
    # Webhooks (server/notify/webhooks.py): the only hosts they may post to (empty: any host but
    # loopback, private and link-local addresses); seconds an attempt may take; the first retry's
    # delay (doubling after each failure); attempts before a delivery is given up; failed attempts
    # in a row before a hook is disabled.
    webhook_hosts: tuple[str, ...] = ()
    webhook_timeout: float = 10.0
    webhook_retry_base: float = 10.0
    webhook_max_attempts: int = 8
    webhook_disable_after: int = 20
    # Server processes `chronicle serve` runs on one port, each a node (server/workers.py).
    workers: int = 1
    # Which of them this process is (1..workers), set by `chronicle serve` itself; None when alone.
    worker: int | None = None
    # Where the node's background subscribers (projector, tournament runner, clock watcher,
    # notifier, webhook deliverer, pruner) run: "process", "thread", "loop" or "none"
    # (server/background.py).
    background: str = "process"

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        defaults = cls()

        def rate(name: str, default: Rate | None) -> Rate | None:
            return Rate.parse(env[name]) if name in env else default

        def number(name: str, default: float) -> float:
            value = float(env.get(name, default))
            if not value > 0 or not math.isfinite(value):
                raise ValueError(f"{name} must be a number above 0, not {env[name]!r}")
            return value

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
            fast_commands=env.get("CHRONICLE_FAST_COMMANDS", "on").strip().lower() != "off",
            rate_limits=env.get("CHRONICLE_RATE_LIMITS", "on").strip().lower() != "off",
            players_per_address=rate("CHRONICLE_RATE_PLAYERS", defaults.players_per_address),
            writes_per_token=rate("CHRONICLE_RATE_WRITES_PER_TOKEN", defaults.writes_per_token),
            writes_per_address=rate("CHRONICLE_RATE_WRITES_PER_ADDRESS", defaults.writes_per_address),
            expensive_reads_per_address=rate("CHRONICLE_RATE_EXPENSIVE_READS", defaults.expensive_reads_per_address),
            rate_limit_prefix=env.get("CHRONICLE_RATE_LIMIT_PREFIX", defaults.rate_limit_prefix),
            trusted_proxies=tuple(p.strip() for p in env.get("TRUSTED_PROXIES", "").split(",") if p.strip()),
            battle_quota=int(number("CHRONICLE_BATTLE_QUOTA", defaults.battle_quota)),
            expensive_read_concurrency=int(number("CHRONICLE_EXPENSIVE_READ_CONCURRENCY",
                                                  defaults.expensive_read_concurrency)),
            expensive_read_wait=number("CHRONICLE_EXPENSIVE_READ_WAIT", defaults.expensive_read_wait),
            header_timeout=number("CHRONICLE_HEADER_TIMEOUT", defaults.header_timeout),
            body_timeout=number("CHRONICLE_BODY_TIMEOUT", defaults.body_timeout),
            shutdown_timeout=number("CHRONICLE_SHUTDOWN_TIMEOUT", defaults.shutdown_timeout),
            websockets_per_address=int(number("CHRONICLE_WEBSOCKETS_PER_ADDRESS", defaults.websockets_per_address)),
            cors_origins=tuple(o.strip() for o in env.get("CORS_ORIGINS", "*").split(",") if o.strip()) or ("*",),
            webhook_hosts=tuple(h.strip().lower() for h in env.get("CHRONICLE_WEBHOOK_HOSTS", "").split(",")
                                if h.strip()),
            webhook_timeout=number("CHRONICLE_WEBHOOK_TIMEOUT", defaults.webhook_timeout),
            webhook_retry_base=number("CHRONICLE_WEBHOOK_RETRY_BASE", defaults.webhook_retry_base),
            webhook_max_attempts=int(number("CHRONICLE_WEBHOOK_MAX_ATTEMPTS", defaults.webhook_max_attempts)),
            webhook_disable_after=int(number("CHRONICLE_WEBHOOK_DISABLE_AFTER", defaults.webhook_disable_after)),
            workers=int(number("CHRONICLE_WORKERS", defaults.workers)),
            background=background_mode(env.get("CHRONICLE_BACKGROUND", defaults.background)),
        )


BACKGROUND_MODES = ("process", "thread", "loop", "none")


def background_mode(text: str) -> str:
    mode = text.strip().lower()
    if mode not in BACKGROUND_MODES:
        raise ValueError(f"CHRONICLE_BACKGROUND must be one of {', '.join(BACKGROUND_MODES)}, not {text!r}")
    return mode
