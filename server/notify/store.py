"""Where players' notifications, webhooks and their deliveries are kept: in Postgres (the event
store's pool, migration 0010) or in memory (a server on the memory store, tests).

A notifier's batch is committed at once with its checkpoint and with a delivery queued for
every enabled webhook that wants it, so a crash loses or doubles none of them; concurrent
notifiers (one per node) take turns on the checkpoint's row, the loser writing nothing."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol

import asyncpg
import msgspec

PENDING = "pending"
DELIVERED = "delivered"
FAILED = "failed"
ANY_EVENT = "*"


class NewNotification(msgspec.Struct, frozen=True):
    player_id: str
    type: str
    source: str  # "<stream id>/<version>"
    recorded_at: str
    data: dict[str, Any]


class Notification(msgspec.Struct, frozen=True):
    """Something that happened that concerns a player: `seq` numbers the player's notifications
    from 1 (resume a stream after the last one seen); `source` names the event it comes from."""

    seq: int
    type: str
    player_id: str
    source: str
    recorded_at: str
    data: dict[str, Any]


class Webhook(msgspec.Struct, frozen=True):
    """A URL the owner's notifications of the listed types are posted to. `failures` counts
    failed attempts in a row; past the server's limit the hook is disabled."""

    hook_id: str
    owner: str
    url: str
    events: list[str]
    enabled: bool
    failures: int
    created_at: datetime
    disabled_reason: str | None = None


class Delivery(msgspec.Struct, frozen=True):
    """One notification to one webhook, and how its attempts went."""

    delivery_id: int
    hook_id: str
    seq: int
    status: str
    attempts: int
    next_attempt: datetime
    last_status: int | None = None
    last_error: str | None = None
    delivered_at: datetime | None = None


class DueDelivery(msgspec.Struct, frozen=True):
    delivery: Delivery
    url: str
    secret: str
    notification: Notification


class NotificationStore(Protocol):
    async def position(self, name: str) -> int: ...

    async def commit(self, name: str, from_position: int, to_position: int,
                     notifications: Sequence[NewNotification]) -> list[Notification] | None:
        """Record a batch and move the checkpoint; None when another notifier got there first."""

    async def read(self, player_id: str, after: int, limit: int) -> list[Notification]: ...

    async def add_hook(self, hook: Webhook, secret: str) -> None: ...

    async def hooks(self, owner: str) -> list[Webhook]: ...

    async def hook(self, hook_id: str) -> Webhook | None: ...

    async def delete_hook(self, hook_id: str) -> None: ...

    async def enable_hook(self, hook_id: str) -> None: ...

    async def deliveries(self, hook_id: str, limit: int) -> list[Delivery]: ...

    async def claim_due(self, now: datetime, lease: timedelta, limit: int) -> list[DueDelivery]:
        """Pending deliveries due by `now` of enabled hooks, each held for `lease` (its next
        attempt moved past it) so that no other node attempts it meanwhile."""

    async def record_attempt(self, delivery_id: int, *, delivered: bool, status: int | None, error: str | None,
                             now: datetime, retry_at: datetime | None, disable_after: int) -> None:
        """The outcome of one attempt: delivered, or to retry at `retry_at` (None: given up).
        The hook's failures in a row reset on success; at `disable_after` it is disabled."""


def _wants(hook: Webhook, notification_type: str) -> bool:
    return hook.enabled and (ANY_EVENT in hook.events or notification_type in hook.events)


# ---- Postgres ------------------------------------------------------------------------------


def _hook(row: asyncpg.Record) -> Webhook:
    return Webhook(hook_id=row["hook_id"], owner=row["owner"], url=row["url"], events=list(row["events"]),
                   enabled=row["enabled"], failures=row["failures"], created_at=row["created_at"],
                   disabled_reason=row["disabled_reason"])


def _delivery(row: asyncpg.Record) -> Delivery:
    return Delivery(delivery_id=row["delivery_id"], hook_id=row["hook_id"], seq=row["seq"], status=row["status"],
                    attempts=row["attempts"], next_attempt=row["next_attempt"], last_status=row["last_status"],
                    last_error=row["last_error"], delivered_at=row["delivered_at"])


def _notification(row: asyncpg.Record) -> Notification:
    return Notification(seq=row["seq"], type=row["type"], player_id=row["player_id"], source=row["source"],
                        recorded_at=row["recorded_at"], data=row["data"])


class PostgresNotifications:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def position(self, name: str) -> int:
        position = await self._pool.fetchval("SELECT position FROM projection_checkpoints WHERE name = $1", name)
        return int(position or 0)

    async def commit(self, name: str, from_position: int, to_position: int,
                     notifications: Sequence[NewNotification]) -> list[Notification] | None:
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.execute(
                "INSERT INTO projection_checkpoints (name, position) VALUES ($1, 0) ON CONFLICT DO NOTHING", name)
            # The checkpoint's row lock first: the batch's numbering happens under it.
            current = await connection.fetchval(
                "SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE", name)
            if current != from_position:
                return None
            recorded = []
            for new in notifications:
                row = await connection.fetchrow(
                    """INSERT INTO notifications (player_id, seq, type, source, data, recorded_at)
                       SELECT $1, coalesce(max(seq), 0) + 1, $2, $3, $4, $5 FROM notifications WHERE player_id = $1
                       ON CONFLICT DO NOTHING RETURNING *""",
                    new.player_id, new.type, new.source, new.data, new.recorded_at)
                if row is None:
                    continue
                recorded.append(_notification(row))
                await connection.execute(
                    """INSERT INTO webhook_deliveries (hook_id, player_id, seq)
                       SELECT hook_id, $1, $2 FROM webhooks
                       WHERE owner = $1 AND enabled AND ($3 = ANY(events) OR '*' = ANY(events))
                       ON CONFLICT DO NOTHING""", new.player_id, row["seq"], new.type)
            await connection.execute("UPDATE projection_checkpoints SET position = $2 WHERE name = $1",
                                     name, to_position)
            return recorded

    async def read(self, player_id: str, after: int, limit: int) -> list[Notification]:
        rows = await self._pool.fetch(
            "SELECT * FROM notifications WHERE player_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
            player_id, after, limit)
        return [_notification(row) for row in rows]

    async def add_hook(self, hook: Webhook, secret: str) -> None:
        await self._pool.execute(
            """INSERT INTO webhooks (hook_id, owner, url, events, secret, enabled, failures, created_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8)""",
            hook.hook_id, hook.owner, hook.url, hook.events, secret, hook.enabled, hook.failures, hook.created_at)

    async def hooks(self, owner: str) -> list[Webhook]:
        rows = await self._pool.fetch("SELECT * FROM webhooks WHERE owner = $1 ORDER BY created_at", owner)
        return [_hook(row) for row in rows]

    async def hook(self, hook_id: str) -> Webhook | None:
        row = await self._pool.fetchrow("SELECT * FROM webhooks WHERE hook_id = $1", hook_id)
        return _hook(row) if row is not None else None

    async def delete_hook(self, hook_id: str) -> None:
        await self._pool.execute("DELETE FROM webhooks WHERE hook_id = $1", hook_id)

    async def enable_hook(self, hook_id: str) -> None:
        await self._pool.execute(
            "UPDATE webhooks SET enabled = true, failures = 0, disabled_reason = NULL WHERE hook_id = $1", hook_id)

    async def deliveries(self, hook_id: str, limit: int) -> list[Delivery]:
        rows = await self._pool.fetch(
            "SELECT * FROM webhook_deliveries WHERE hook_id = $1 ORDER BY delivery_id DESC LIMIT $2", hook_id, limit)
        return [_delivery(row) for row in rows]

    async def claim_due(self, now: datetime, lease: timedelta, limit: int) -> list[DueDelivery]:
        async with self._pool.acquire() as connection, connection.transaction():
            rows = await connection.fetch(
                """SELECT d.*, w.url, w.secret, n.type, n.source, n.data, n.recorded_at
                   FROM webhook_deliveries d JOIN webhooks w USING (hook_id)
                   JOIN notifications n ON n.player_id = d.player_id AND n.seq = d.seq
                   WHERE d.status = 'pending' AND d.next_attempt <= $1 AND w.enabled
                   ORDER BY d.delivery_id LIMIT $2 FOR UPDATE OF d SKIP LOCKED""", now, limit)
            if rows:
                await connection.execute(
                    "UPDATE webhook_deliveries SET next_attempt = $2 WHERE delivery_id = ANY($1)",
                    [row["delivery_id"] for row in rows], now + lease)
        return [DueDelivery(delivery=_delivery(row), url=row["url"], secret=row["secret"],
                            notification=Notification(seq=row["seq"], type=row["type"], player_id=row["player_id"],
                                                      source=row["source"], recorded_at=row["recorded_at"],
                                                      data=row["data"]))
                for row in rows]

    async def record_attempt(self, delivery_id: int, *, delivered: bool, status: int | None, error: str | None,
                             now: datetime, retry_at: datetime | None, disable_after: int) -> None:
        async with self._pool.acquire() as connection, connection.transaction():
            state = DELIVERED if delivered else (PENDING if retry_at is not None else FAILED)
            hook_id = await connection.fetchval(
                """UPDATE webhook_deliveries SET attempts = attempts + 1, status = $2, last_status = $3,
                   last_error = $4, delivered_at = CASE WHEN $5::boolean THEN $6::timestamptz END,
                   next_attempt = coalesce($7::timestamptz, next_attempt)
                   WHERE delivery_id = $1 RETURNING hook_id""",
                delivery_id, state, status, error, delivered, now, retry_at)
            if delivered:
                await connection.execute("UPDATE webhooks SET failures = 0 WHERE hook_id = $1", hook_id)
            else:
                await connection.execute(
                    """UPDATE webhooks SET failures = failures + 1,
                       enabled = enabled AND failures + 1 < $2::integer,
                       disabled_reason = CASE WHEN failures + 1 >= $2::integer
                           THEN $2::integer || ' failed attempts in a row' ELSE disabled_reason END
                       WHERE hook_id = $1""", hook_id, disable_after)


# ---- memory --------------------------------------------------------------------------------


class MemoryNotifications:
    def __init__(self) -> None:
        self._positions: dict[str, int] = {}
        self._notifications: dict[str, list[Notification]] = {}
        self._hooks: dict[str, Webhook] = {}
        self._secrets: dict[str, str] = {}
        self._deliveries: dict[int, tuple[Delivery, str]] = {}  # id -> (delivery, player)
        self._ids = itertools.count(1)
        self._lock = asyncio.Lock()

    async def position(self, name: str) -> int:
        return self._positions.get(name, 0)

    async def commit(self, name: str, from_position: int, to_position: int,
                     notifications: Sequence[NewNotification]) -> list[Notification] | None:
        async with self._lock:
            if self._positions.get(name, 0) != from_position:
                return None
            recorded = []
            for new in notifications:
                held = self._notifications.setdefault(new.player_id, [])
                if any(n.source == new.source and n.type == new.type for n in held):
                    continue
                notification = Notification(seq=len(held) + 1, type=new.type, player_id=new.player_id,
                                            source=new.source, recorded_at=new.recorded_at, data=new.data)
                held.append(notification)
                recorded.append(notification)
                for hook in self._hooks.values():
                    if hook.owner == new.player_id and _wants(hook, new.type):
                        delivery_id = next(self._ids)
                        self._deliveries[delivery_id] = (Delivery(
                            delivery_id=delivery_id, hook_id=hook.hook_id, seq=notification.seq, status=PENDING,
                            attempts=0, next_attempt=hook.created_at), new.player_id)
            self._positions[name] = to_position
            return recorded

    async def read(self, player_id: str, after: int, limit: int) -> list[Notification]:
        return self._notifications.get(player_id, [])[after:after + limit]

    async def add_hook(self, hook: Webhook, secret: str) -> None:
        self._hooks[hook.hook_id] = hook
        self._secrets[hook.hook_id] = secret

    async def hooks(self, owner: str) -> list[Webhook]:
        return [hook for hook in self._hooks.values() if hook.owner == owner]

    async def hook(self, hook_id: str) -> Webhook | None:
        return self._hooks.get(hook_id)

    async def delete_hook(self, hook_id: str) -> None:
        self._hooks.pop(hook_id, None)
        self._deliveries = {k: v for k, v in self._deliveries.items() if v[0].hook_id != hook_id}

    async def enable_hook(self, hook_id: str) -> None:
        hook = self._hooks.get(hook_id)
        if hook is not None:
            self._hooks[hook_id] = msgspec.structs.replace(hook, enabled=True, failures=0, disabled_reason=None)

    async def deliveries(self, hook_id: str, limit: int) -> list[Delivery]:
        found = [d for d, _ in self._deliveries.values() if d.hook_id == hook_id]
        return sorted(found, key=lambda d: -d.delivery_id)[:limit]

    async def claim_due(self, now: datetime, lease: timedelta, limit: int) -> list[DueDelivery]:
        async with self._lock:
            due: list[DueDelivery] = []
            for delivery_id, (delivery, player) in sorted(self._deliveries.items()):
                hook = self._hooks.get(delivery.hook_id)
                if len(due) == limit or hook is None or not hook.enabled or delivery.status != PENDING \
                        or delivery.next_attempt > now:
                    continue
                self._deliveries[delivery_id] = (msgspec.structs.replace(delivery, next_attempt=now + lease), player)
                notification = self._notifications[player][delivery.seq - 1]
                due.append(DueDelivery(delivery=delivery, url=hook.url, secret=self._secrets[hook.hook_id],
                                       notification=notification))
            return due

    async def record_attempt(self, delivery_id: int, *, delivered: bool, status: int | None, error: str | None,
                             now: datetime, retry_at: datetime | None, disable_after: int) -> None:
        async with self._lock:
            delivery, player = self._deliveries[delivery_id]
            state = DELIVERED if delivered else (PENDING if retry_at is not None else FAILED)
            self._deliveries[delivery_id] = (msgspec.structs.replace(
                delivery, attempts=delivery.attempts + 1, status=state, last_status=status, last_error=error,
                delivered_at=now if delivered else None, next_attempt=retry_at or delivery.next_attempt), player)
            hook = self._hooks.get(delivery.hook_id)
            if hook is None:
                return
            failures = 0 if delivered else hook.failures + 1
            disabled = failures >= disable_after
            self._hooks[hook.hook_id] = msgspec.structs.replace(
                hook, failures=failures, enabled=hook.enabled and not disabled,
                disabled_reason=f"{disable_after} failed attempts in a row" if disabled else hook.disabled_reason)
