"""Webhook deliveries: each queued notification posted to its hook's URL, signed, retried with
backoff, its outcome kept; a hook failing too many attempts in a row is disabled.

A delivery is claimed for a lease before it is attempted (so that another node does not
attempt it meanwhile) and its outcome recorded after: a node dying in between leaves it
pending, attempted again when the lease runs out. Receivers therefore dedupe by the
`Chronicle-Delivery` id, which a retry of the same delivery keeps.

Signature: `Chronicle-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>." + body)>`.

Without `CHRONICLE_WEBHOOK_HOSTS`, a hook's host name is resolved at every attempt and refused
when any address it resolves to is not a public one (a name pointing into this server's own
network), and the request is sent to the address that was checked (the URL's host kept in the
Host header and TLS's server name), so a name re-pointed between the check and the connection
(DNS rebinding) reaches nothing new.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import logging
import socket
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from urllib.parse import SplitResult, urlsplit

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
    return _address_problem(address)


def _address_problem(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    if address.is_loopback or address.is_private or address.is_link_local or address.is_unspecified \
            or address.is_multicast or address.is_reserved:
        return "webhooks may not post to loopback, private or link-local addresses"
    return None


Resolver = Callable[[str, int], Awaitable[list[str]]]


async def resolve(host: str, port: int) -> list[str]:
    """Every address `host` resolves to (the system's resolver, off the event loop)."""
    found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in found]


class Target(msgspec.Struct, frozen=True):
    """Where an attempt connects: the URL with its host replaced by the checked address, and the
    host name the receiver is asked for (Host header, TLS server name)."""

    url: str
    host_header: str | None = None
    server_name: str | None = None


async def pinned_target(url: str, allowed_hosts: tuple[str, ...], resolver: Resolver) -> Target | str:
    """The address to post to, or why not: with `allowed_hosts` the operator vouches for those
    names; otherwise the name is resolved and every address it has must be public. A name that
    does not resolve raises OSError: the attempt fails and is retried like any unreachable host."""
    refused = url_problem(url, allowed_hosts)
    if refused is not None:
        return refused
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if allowed_hosts or _is_address(host):
        return Target(url=url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    addresses = await resolver(host, port)
    if not addresses:
        raise OSError(f"{host} resolves to no address")
    for address in addresses:
        problem = _address_problem(ipaddress.ip_address(address.split("%")[0]))
        if problem is not None:
            return f"{host} resolves to {address}: {problem}"
    return Target(url=_with_host(parts, addresses[0]), host_header=parts.netloc.rsplit("@", 1)[-1],
                  server_name=host)


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _with_host(parts: SplitResult, address: str) -> str:
    literal = f"[{address}]" if ":" in address else address
    netloc = literal if parts.port is None else f"{literal}:{parts.port}"
    return parts._replace(netloc=netloc).geturl()


def backoff(attempt: int, base: float) -> float:
    """Seconds to wait after failed attempt number `attempt` (1, 2, ...): doubling, capped."""
    return float(min(MAX_BACKOFF, base * 2 ** (attempt - 1)))


class Deliverer:
    def __init__(self, notes: NotificationStore, settings: Settings,
                 client: httpx.AsyncClient | None = None, resolver: Resolver = resolve) -> None:
        self._notes = notes
        self._settings = settings
        self._resolver = resolver
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
        try:
            target: Target | str = await pinned_target(due.url, self._settings.webhook_hosts, self._resolver)
        except OSError as exc:
            target = Target(url="")
            error = f"{urlsplit(due.url).hostname} does not resolve: {exc}"[:500]
        refused = target if isinstance(target, str) else None
        if isinstance(target, str):
            error = target
        elif error is None:
            if target.host_header is not None:
                headers["Host"] = target.host_header
            extensions = {"sni_hostname": target.server_name} if target.server_name else None
            try:
                response = await self._client.post(target.url, content=body, headers=headers, extensions=extensions)
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
