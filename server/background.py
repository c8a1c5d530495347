"""The node's background subscribers, off the command path's event loop (issue #19, point 2).

The projector, the tournament runner, the clock watcher, the hero outcomes, the notifier, the
webhook deliverer and the idempotency pruner follow the global log every half second. Where they run is
`CHRONICLE_BACKGROUND` (Settings.background):

- `process` (the default): `chronicle serve` starts one background process per node, beside
  its worker(s), with a pool of its own; the serving processes run none of them. They then
  take no CPU, no GIL and no loop turn from the commands, and a node of N workers runs them
  once, not N times. What they publish (a tournament's new battles, a claim on time, the
  players' notifications) reaches the watchers of every worker through the node's broker:
  Redis, or Postgres LISTEN/NOTIFY (server/notify_broker.py; with one worker, that worker
  keeps its own events local and only listens for the background process's).
- `thread`: a thread of the serving process with its own event loop and pool; what they
  publish is handed to the serving loop. An app not started by `chronicle serve` (the tests'
  live server, an embedding) runs them so when asked for `process`: it has no process of its own.
- `loop`: tasks on the serving loop, as before this module (an app given its store runs them
  so: that store lives on the serving loop).
- `none`: this process runs none (the serving workers of a node whose background process
  runs them; or a node of a group whose other nodes run them).

bench/roll_cpu.py measures what each takes from the command path (bench/RESULTS.md).

The serving process keeps a projector, tournament runner and notifier of its own all the
same, which its readers catch up before they answer (read-your-writes); they take turns with
the background ones through the store's projection turn and checkpoints, as two nodes do.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from litestar.channels.backends.base import ChannelsBackend

from server.battle_service import BattleService
from server.clock_watcher import ClockWatcher
from server.hero_outcomes import HeroOutcomes
from server.hero_service import HeroService
from server.notify.notifier import Notifier
from server.notify.store import MemoryNotifications, NotificationStore, PostgresNotifications
from server.notify.webhooks import Deliverer
from server.projector import Projector, every
from server.receipts import Notary
from server.settings import Settings
from server.store.base import EventStore
from server.store.postgres import PostgresStore
from server.stream_service import Publish
from server.tournament_service import TournamentRunner, TournamentService

log = logging.getLogger("chronicle.background")

INTERVAL = 0.5  # seconds between two catch-ups of each subscriber
# Events the projector and the notifier take at a time here. Each batch costs a round of queries
# and a transaction whatever its size: at a few hundred commands a second, batches of 50 spent
# more of this process's CPU on that than on the events. Readers in the serving process keep the
# small batches (a reader waiting for its turn waits for one batch).
BATCH = 500
# The feed's latest events kept for the subscribers to share (server/store/feed_cache.py): a few
# batches, as they trail the head by about the same events.
FEED_CACHE = 4 * BATCH
PRUNE_EVERY_SECONDS = 60.0
PRUNE_BATCH = 1000
# The background's own pool. Each subscriber that takes turns across nodes holds a connection for
# its turn and needs one or two more for its work; all of them may hold their turns at once, so
# the pool has room for every one's turn and work (too small a pool deadlocks: every turn held,
# no connection left to do the work that would release one).
_POOL = 16


async def prune_idempotency_records(store: EventStore, interval: float) -> None:
    """Delete expired idempotency records every `interval` seconds, a batch at a time. Every node
    runs this; the store makes concurrent pruners share the work rather than collide."""

    async def prune() -> None:
        while await store.prune_idempotency(PRUNE_BATCH) == PRUNE_BATCH:
            pass

    await every(interval, prune, "idempotency pruner")


@dataclass
class Subscribers:
    """One set of background subscribers on one store, and what they close."""

    store: EventStore
    deliverer: Deliverer
    loops: tuple[Callable[[], Coroutine[Any, Any, None]], ...]

    def start(self) -> list[asyncio.Task[None]]:
        return [asyncio.create_task(run()) for run in self.loops]

    async def close(self) -> None:
        await self.deliverer.close()


def subscribers(store: EventStore, settings: Settings, notary: Notary, publish: Publish) -> Subscribers:
    """The background subscribers of a node on `store`, with services of their own (their own
    state caches: they run on the loop that owns `store`)."""
    battles = BattleService(store, publish, snapshot_every=settings.snapshot_every, notary=notary)
    projector = Projector(store, batch_size=BATCH)
    tournaments = TournamentService(store, publish, notary)
    notes: NotificationStore = PostgresNotifications(store.pool) if isinstance(store, PostgresStore) \
        else MemoryNotifications()
    runner = TournamentRunner(store, battles, tournaments)
    clocks = ClockWatcher(store, battles, projector)
    outcomes = HeroOutcomes(store, battles, HeroService(store, publish, notary))
    notifier = Notifier(store, notes, battles, tournaments, publish, batch_size=BATCH)
    deliverer = Deliverer(notes, settings)
    prune_every = min(PRUNE_EVERY_SECONDS, float(settings.idempotency_ttl_seconds))
    return Subscribers(store=store, deliverer=deliverer, loops=(
        lambda: projector.run(interval=INTERVAL), lambda: runner.run(interval=INTERVAL),
        lambda: clocks.run(interval=INTERVAL), lambda: outcomes.run(interval=INTERVAL),
        lambda: notifier.run(interval=INTERVAL),
        lambda: deliverer.run(interval=INTERVAL), lambda: prune_idempotency_records(store, prune_every)))


async def run_until_stopped(subs: Subscribers, stop: asyncio.Event) -> None:
    tasks = subs.start()
    try:
        await stop.wait()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await subs.close()


class Background:
    """The subscribers this serving process runs (on its loop or in a thread), or none."""

    async def stop(self) -> None:
        """Stop them and close what they opened."""


class NoBackground(Background):
    pass


class OnTheLoop(Background):
    def __init__(self, subs: Subscribers) -> None:
        self._stop = asyncio.Event()
        self._task = asyncio.create_task(run_until_stopped(subs, self._stop))

    async def stop(self) -> None:
        self._stop.set()
        await asyncio.gather(self._task, return_exceptions=True)


class InAThread(Background):
    """The subscribers on an event loop of their own in a thread, on a pool of their own.
    What they publish is handed to the serving loop, which owns the live channels."""

    def __init__(self, settings: Settings, dsn: str, notary: Notary, publish: Publish) -> None:
        serving = asyncio.get_running_loop()

        def publish_on_serving_loop(stream: str, messages: list[bytes]) -> None:
            if not serving.is_closed():
                serving.call_soon_threadsafe(publish, stream, messages)

        self._started = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._failed: BaseException | None = None

        async def main() -> None:
            self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
            try:
                store = await background_store(settings, dsn)
            except BaseException as exc:
                self._failed = exc
                raise
            finally:
                self._started.set()
            try:
                await run_until_stopped(subscribers(store, settings, notary, publish_on_serving_loop), self._stop)
            finally:
                await store.close()

        self._thread = threading.Thread(target=run_on_fast_loop, args=(main(),), name="chronicle-background",
                                        daemon=True)
        self._thread.start()

    async def wait_started(self) -> None:
        await asyncio.to_thread(self._started.wait)
        if self._failed is not None:
            raise RuntimeError(f"the background subscribers could not open their store: {self._failed}")

    async def stop(self) -> None:
        if self._loop is not None and self._stop is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):  # its loop closed meanwhile
                self._loop.call_soon_threadsafe(self._stop.set)
        await asyncio.to_thread(self._thread.join, 30)


async def background_store(settings: Settings, dsn: str) -> PostgresStore:
    """A small pool of the background's own on the node's database (its migrations are applied
    by whoever opened the database first), whose subscribers read the feed once between them."""
    return await PostgresStore.connect(dsn, min_size=1, max_size=_POOL, run_migrations=False,
                                       idempotency_ttl=float(settings.idempotency_ttl_seconds), feed_cache=FEED_CACHE)


def mode_here(settings: Settings, given_store: bool) -> str:
    """Where this serving process runs the subscribers: an app given its store runs them on its
    loop; one asked for a background process that `chronicle serve` did not start (it would
    then have said `none`) runs them in a thread."""
    if settings.background == "none":
        return "none"
    if given_store:
        return "loop"
    return "thread" if settings.background == "process" else settings.background


# --- the node's background process (started by `chronicle serve`) ---------------------------


class _BrokerPublish:
    """`publish` for the background process: every message goes, in order, to the node's broker
    (Redis or NOTIFY), from which every worker's watchers get it."""

    def __init__(self, backend: ChannelsBackend) -> None:
        self._backend = backend
        self._queue: asyncio.Queue[tuple[str, list[bytes]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def __call__(self, stream: str, messages: list[bytes]) -> None:
        self._queue.put_nowait((stream, messages))
        if self._task is None:
            self._task = asyncio.create_task(self._send())

    async def _send(self) -> None:
        while True:
            stream, messages = await self._queue.get()
            for message in messages:
                await self._backend.publish(message, [stream])

    async def close(self) -> None:
        while not self._queue.empty() and self._task is not None and not self._task.done():
            await asyncio.sleep(0.01)  # let what was published get out
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        await self._backend.on_shutdown()


def _broker(settings: Settings, dsn: str) -> ChannelsBackend:
    from server.broker import channels_backend
    from server.notify_broker import PostgresNotifyBackend

    if settings.redis_url:
        return channels_backend(settings.redis_url)
    notify = PostgresNotifyBackend()
    notify.attach(dsn)
    return notify


async def serve_background(settings: Settings) -> None:
    """The background process's life: its store, its broker, its subscribers, until SIGTERM."""
    from server.embedded import EmbeddedPostgres, ensure_database
    from server.receipts import load_signing_key

    notary = Notary(load_signing_key(settings.signing_key, None if settings.database_url else settings.data_dir),
                    settings.receipt_public_keys)
    # The database is ready: `chronicle serve` made it so (and started the embedded server) first.
    dsn = settings.database_url or await ensure_database(EmbeddedPostgres(settings.data_dir).start())
    store = await background_store(settings, dsn)
    publish = _BrokerPublish(_broker(settings, dsn))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    log.info("background subscribers running (process %d)", os.getpid())
    try:
        await run_until_stopped(subscribers(store, settings, notary, publish), stop)
    finally:
        await publish.close()
        await store.close()


def run_on_fast_loop(main: Coroutine[Any, Any, None]) -> None:
    """Run `main` on uvloop where it is installed, as uvicorn runs the serving loop: the
    subscribers spend most of their time in socket reads and writes, which asyncio's own
    selector loop does in Python (bench/RESULTS.md: a third of the background's CPU)."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
        return
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(main)


def run_background_process(settings: Settings, supervisor: int) -> None:
    """The target of the background process."""
    from server.observability import configure_logging
    from server.workers import stop_with

    os.setpgrp()  # a Ctrl-C reaches the supervisor, which passes it on once
    stop_with(supervisor)
    configure_logging(settings.log_level)
    run_on_fast_loop(serve_background(settings))
    sys.exit(0)


def start_background_process(
        settings: Settings,
        context: multiprocessing.context.ForkContext | multiprocessing.context.SpawnContext,
) -> multiprocessing.process.BaseProcess:
    process = context.Process(target=run_background_process, args=(settings, os.getpid()),
                              name="chronicle-background")
    process.start()
    return process
