"""Webhook deliveries: each queued notification posted to its hook's URL, signed, retried with
backoff, its outcome kept; a hook failing too many attempts in a row is disabled.

A delivery is claimed for a lease before it is attempted (so that another node does not
attempt it meanwhile) and its outcome recorded after: a node dying in between leaves it
pending, attempted again when the lease runs out. Receivers therefore dedupe by the
`Chronicle-Delivery` id, which a retry of the same delivery keeps.

Signature: `Chronicle-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>." + body)>`.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import logging
import time
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import httpx
import msgspec

from server.notify.store import DueDelivery, NotificationStore
from server.projector import every
from server.settings import Settings

SIGNATURE_HEADER = "Chronicle-Signature"
DELIVERY_HEADER = "Chronicle-Delivery"
EVENT_HEADER = "Chronicle-Event"
BATCH = 20
MAX_BACKOFF = 3600.0  # seconds
log = logging.getLogger("chronicle.webhooks")
_encode = msgspec.json.Encoder().encode


class WebhookBody(msgspec.Struct, frozen=True):
    """What a webhook receives: the delivery's id (the same on every retry), the hook, and the
    notification as the player stream sends it."""

    delivery_id: int
    hook_id: str
    notification: dict[str, object]


def sign(secret: str, timestamp: int, body: bytes) -> str:
    """The `Chronicle-Signature` header's value for `body` sent at `timestamp`."""
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def url_problem(url: str, allowed_hosts: tuple[str, ...]) -> str | None:
    """Why a webhook may not post to `url` (None: it may). With `allowed_hosts` set, only those
    hosts; without, any host but loopback, private and link-local addresses given as such."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "a webhook URL is http or https with a host"
    host = parts.hostname.lower()
    if allowed_hosts:
        return None if host in allowed_hosts else f"webhooks may post only to {', '.join(allowed_hosts)}"
    if host == "localhost" or host.endswith(".localhost"):
        return "webhooks may not post to this server's own network"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    if address.is_loopback or address.is_private or address.is_link_local or address.is_unspecified \
            or address.is_multicast or address.is_reserved:
        return "webhooks may not post to loopback, private or link-local addresses"
    return None


def backoff(attempt: int, base: float) -> float:
    """Seconds to wait after failed attempt number `attempt` (1, 2, ...): doubling, capped."""
    return float(min(MAX_BACKOFF, base * 2 ** (attempt - 1)))


class Deliverer:
    def __init__(self, notes: NotificationStore, settings: Settings,
                 client: httpx.AsyncClient | None = None) -> None:
        self._notes = notes
        self._settings = settings
        self._client = client or httpx.AsyncClient(timeout=settings.webhook_timeout, follow_redirects=False)
        self._lock = asyncio.Lock()

    async def deliver_due(self) -> int:
        """Attempt every delivery due now; returns how many were attempted."""
        attempted = 0
        async with self._lock:
            while True:
                lease = timedelta(seconds=self._settings.webhook_timeout * 2 + 5)
                due = await self._notes.claim_due(datetime.now(UTC), lease, BATCH)
                await asyncio.gather(*(self._attempt_logged(delivery) for delivery in due))
                attempted += len(due)
                if len(due) < BATCH:
                    return attempted

    async def run(self, interval: float = 0.5) -> None:
        async def deliver() -> None:
            await self.deliver_due()

        await every(interval, deliver, "webhook deliverer")

    async def close(self) -> None:
        await self._client.aclose()

    async def _attempt_logged(self, due: DueDelivery) -> None:
        """One attempt; an unexpected error is logged, and the delivery is attempted again once
        its lease runs out, rather than stopping the deliveries of every other hook."""
        try:
            await self._attempt(due)
        except Exception:
            log.exception("webhook %s delivery %d: the attempt failed unexpectedly", due.delivery.hook_id,
                          due.delivery.delivery_id)

    async def _attempt(self, due: DueDelivery) -> None:
        delivery = due.delivery
        body = _encode(WebhookBody(delivery_id=delivery.delivery_id, hook_id=delivery.hook_id,
                                   notification=msgspec.to_builtins(due.notification)))
        headers = {"Content-Type": "application/json", SIGNATURE_HEADER: sign(due.secret, int(time.time()), body),
                   DELIVERY_HEADER: str(delivery.delivery_id), EVENT_HEADER: due.notification.type,
                   "User-Agent": "chronicle-webhooks/1"}
        status: int | None = None
        error: str | None = None
        refused = url_problem(due.url, self._settings.webhook_hosts)
        if refused is not None:
            error = refused
        else:
            try:
                response = await self._client.post(due.url, content=body, headers=headers)
                status = response.status_code
                if not 200 <= status < 300:
                    error = f"answered {status}"
            except httpx.HTTPError as exc:
                error = f"{type(exc).__name__}: {exc}"[:500]
        attempt = delivery.attempts + 1
        now = datetime.now(UTC)
        retry = error is not None and refused is None and attempt < self._settings.webhook_max_attempts
        retry_at = now + timedelta(seconds=backoff(attempt, self._settings.webhook_retry_base)) if retry else None
        if error is not None:
            log.info("webhook %s delivery %d attempt %d failed: %s", delivery.hook_id, delivery.delivery_id, attempt,
                     error)
        await self._notes.record_attempt(delivery.delivery_id, delivered=error is None, status=status, error=error,
                                         now=now, retry_at=retry_at,
                                         disable_after=self._settings.webhook_disable_after)
