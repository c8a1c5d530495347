"""Group commit of appends (issue #19): single-event appends to different streams that wait at
the same moment go to Postgres together, as one statement and one commit.

A busy node has many commands in flight at once, each ending in one append of one event. Sent
one by one, each pays a round trip, a statement and a commit (a WAL flush) of its own; sent
together, a batch pays them once. Nothing is held back to make a batch: an append is sent as
soon as a connection is free for it (at most `in_flight` batches are out at once; with one free
and nothing waiting, by its own command, at once), and what arrives meanwhile goes in the next
batch. So a lone client sees no wait, and a busy node sends fewer, larger batches.

Each append in a batch still succeeds or is refused on its own: its stream's row is updated
only from the expected version and hash, and its event is inserted only where that update
happened; the others' outcome does not depend on it. A batch holds at most one append per
stream (a second waits for the next batch, where it is checked against the first's result).

Locks: a batch takes its streams' advisory locks (7700003, the stream lock space of migration
0008) in one order, by hash then name, before it updates any row. Two batches sharing streams
therefore never wait for each other in a cycle, and an append outside a batch holds a single
row lock and waits for nothing after it, so no cycle runs through it either.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import NamedTuple


class OneAppend(NamedTuple):
    """One event appended at `expected` + 1 to a stream that exists, in the form the statement takes."""

    stream_id: str
    expected: int
    prev_hash: str
    recorded_at: datetime
    type: str
    data: str
    actor: str | None
    hash: str
    command: str | None


# What a batch gives back: each stream's new event position, or the exception its append met;
# a stream it does not name was refused (its version or hash had moved on).
Outcomes = dict[str, int | BaseException]
SendBatch = Callable[[list[OneAppend]], Awaitable[Outcomes]]

MAX_BATCH = 64

APPEND_BATCH = """
    WITH input AS (
        SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::timestamptz[], $5::text[], $6::text[],
                             $7::text[], $8::text[], $9::text[])
                   AS i(stream_id, expected, prev_hash, recorded_at, type, data, actor, hash, command)
    ),
    locked AS (
        SELECT count(pg_advisory_xact_lock(7700003, hashtext(o.stream_id))) AS streams
        FROM (SELECT stream_id FROM input ORDER BY hashtext(stream_id), stream_id) o
    ),
    head AS (
        UPDATE streams s SET version = i.expected + 1, last_hash = i.hash, updated_at = now()
        FROM input i, locked
        WHERE s.stream_id = i.stream_id AND s.version = i.expected AND s.last_hash = i.prev_hash
              AND locked.streams > 0
        RETURNING i.stream_id
    )
    INSERT INTO events (stream_id, version, type, data, actor, recorded_at, hash, prev_hash, command)
    SELECT i.stream_id, i.expected + 1, i.type, i.data::jsonb, i.actor, i.recorded_at, i.hash, i.prev_hash,
           i.command::jsonb
    FROM input i JOIN head h USING (stream_id)
    RETURNING stream_id, position"""


def batch_arguments(batch: list[OneAppend]) -> list[list[object]]:
    """APPEND_BATCH's nine arrays, one per field."""
    return [list(column) for column in zip(*batch, strict=True)]


class AppendBatches:
    def __init__(self, send: SendBatch, in_flight: int, max_batch: int = MAX_BATCH) -> None:
        self._send = send
        self._in_flight = max(1, in_flight)
        self._max_batch = max_batch
        self._pending: list[tuple[OneAppend, asyncio.Future[int | None]]] = []
        self._sending: set[asyncio.Task[None]] = set()
        self._inline = 0  # appends being sent alone by their own command (see _alone)
        self._flush_scheduled = False

    async def append(self, item: OneAppend) -> int | None:
        """The position of the appended event, or None when the stream was not at the expected
        version and hash."""
        if not self._pending and not self._flush_scheduled and self._inline + len(self._sending) < self._in_flight:
            return await self._alone(item)
        loop = asyncio.get_running_loop()
        done: asyncio.Future[int | None] = loop.create_future()
        self._pending.append((item, done))
        if not self._flush_scheduled:
            # After the loop's current turn: the commands that reached their append in it share a batch.
            self._flush_scheduled = True
            loop.call_soon(self._flush)
        return await done

    async def _alone(self, item: OneAppend) -> int | None:
        """With a connection free and nothing waiting, an append is sent at once by the command
        that made it, without a task or a turn of the loop in between (a lone client's latency)."""
        self._inline += 1
        try:
            outcome = (await self._send([item])).get(item.stream_id)
        finally:
            self._inline -= 1
            if self._pending and not self._flush_scheduled:
                self._flush()
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    def _flush(self) -> None:
        self._flush_scheduled = False
        while self._pending and self._inline + len(self._sending) < self._in_flight:
            batch = self._take()
            task = asyncio.ensure_future(self._send_batch(batch))
            self._sending.add(task)
            task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task[None]) -> None:
        self._sending.discard(task)
        self._flush()

    def _take(self) -> list[tuple[OneAppend, asyncio.Future[int | None]]]:
        """The next batch: pending appends in arrival order, one per stream, up to the limit."""
        batch: list[tuple[OneAppend, asyncio.Future[int | None]]] = []
        rest: list[tuple[OneAppend, asyncio.Future[int | None]]] = []
        streams: set[str] = set()
        for entry in self._pending:
            if len(batch) < self._max_batch and entry[0].stream_id not in streams and not entry[1].done():
                batch.append(entry)
                streams.add(entry[0].stream_id)
            elif not entry[1].done():
                rest.append(entry)
        self._pending = rest
        return batch

    async def _send_batch(self, batch: list[tuple[OneAppend, asyncio.Future[int | None]]]) -> None:
        if not batch:
            return
        try:
            outcomes = await self._send([item for item, _ in batch])
        except BaseException as failed:  # the whole batch: a lost connection, a cancelled send
            for _, done in batch:
                if not done.done():
                    done.set_exception(failed if isinstance(failed, Exception) else asyncio.CancelledError())
            if not isinstance(failed, Exception):
                raise
            return
        for item, done in batch:
            if done.done():  # its command was cancelled meanwhile; the append stands or not as Postgres said
                continue
            outcome = outcomes.get(item.stream_id)
            if isinstance(outcome, BaseException):
                done.set_exception(outcome)
            else:
                done.set_result(outcome)
