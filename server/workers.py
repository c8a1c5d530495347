"""`chronicle serve --workers N`: N server processes on one port, each a node (issue #19).

One Python process serves about one core's worth of commands; N workers use N cores. Each
worker is a whole node (its own pool, projector, tournament runner, caches) and binds the
port with SO_REUSEPORT, so the kernel spreads new connections over them. Live events reach
watchers on every worker through Redis when REDIS_URL is set, through Postgres LISTEN/NOTIFY
when it is not (server/notify_broker.py).

The supervisor (this process) prepares what the workers must share before it starts them:
the embedded Postgres (started once, then found running by each worker), the migrations
(applied once), and the receipt signing key (the data folder's key file, or one key for the
whole group when DATABASE_URL is set without CHRONICLE_SIGNING_KEY). It forwards SIGTERM and
SIGINT to the workers and waits for their graceful shutdown; if a worker exits on its own,
the supervisor stops the others and exits with that worker's status, for the process manager
to restart the whole server.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
from collections.abc import Sequence
from multiprocessing.connection import wait
from types import FrameType
from typing import TYPE_CHECKING

import msgspec

from server.settings import Settings

if TYPE_CHECKING:
    from server.embedded import EmbeddedPostgres

log = logging.getLogger("chronicle.workers")
STARTUP_FAILURE = 3  # the exit code uvicorn.run gives when the app does not start
_GRACE = 10.0  # seconds past the shutdown timeout before a worker that has not stopped is killed


def listening_socket(host: str, port: int, listen: bool = True) -> socket.socket:
    """A socket on host:port that every worker binds too (SO_REUSEPORT): the kernel hands each
    new connection to one of them. Without `listen`, it only checks that the port is free for
    them (a bound socket that does not listen is handed no connection)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    if listen:
        sock.listen(2048)
    return sock


def stop_with(supervisor: int) -> None:
    """Have the kernel send this worker SIGTERM (a graceful shutdown) if the supervisor dies,
    even by SIGKILL, so that no worker is left serving on its own (Linux; elsewhere a no-op)."""
    # A forked child inherits the supervisor's handlers, which only set the supervisor's own
    # stop flag: a SIGTERM arriving before the worker's server installs its handlers would be
    # swallowed, and the worker would then serve on with no supervisor.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    pr_set_pdeathsig = 1
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
    if os.getppid() != supervisor:  # it died before the request took effect
        os.kill(os.getpid(), signal.SIGTERM)


def run_worker(settings: Settings, supervisor: int) -> None:
    """One worker process: a whole server on its own SO_REUSEPORT socket."""
    import uvicorn

    from server.app import create_app
    from server.limits.serving import uvicorn_config
    from server.observability import configure_logging

    # Its own process group: a Ctrl-C in the terminal reaches the supervisor alone, which
    # passes it on once (uvicorn takes a second signal as "exit now, skip the graceful part").
    os.setpgrp()
    stop_with(supervisor)
    configure_logging(settings.log_level)
    sock = listening_socket(settings.host, settings.port)
    server = uvicorn.Server(uvicorn_config(create_app(settings), settings, log_config=None))
    server.run(sockets=[sock])
    sys.exit(0 if server.started else STARTUP_FAILURE)


def prepare(settings: Settings) -> tuple[Settings, EmbeddedPostgres | None]:
    """What the workers share, made once before they start: (their settings, the embedded
    Postgres this process started, to stop at the end)."""
    from server.app import open_store
    from server.receipts import load_signing_key, new_private_key_text

    if settings.signing_key is None:
        if settings.database_url:
            log.warning("no CHRONICLE_SIGNING_KEY: the %d workers sign receipts with one key that lives only as "
                        "long as this server; set one key on every node (chronicle receipt-key makes one)",
                        settings.workers)
            settings = msgspec.structs.replace(settings, signing_key=new_private_key_text())
        else:
            load_signing_key(None, settings.data_dir)  # the key file, made now rather than raced for

    async def open_once() -> EmbeddedPostgres | None:
        store, embedded = await open_store(settings)  # starts the embedded Postgres, applies migrations
        await store.close()
        return embedded

    return settings, asyncio.run(open_once())


def start_method() -> multiprocessing.context.ForkContext | multiprocessing.context.SpawnContext:
    """Fork, with the server's modules already imported, when this process runs no other thread
    (a worker is then up in a moment, where a spawned one imports everything again: seconds of
    CPU each); spawn otherwise, since forking a process with threads is unsafe."""
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        import server.app  # noqa: F401 - imported once here, shared by every forked worker

        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def serve_workers(settings: Settings) -> int:
    """Run `settings.workers` workers on one port until a signal or a worker's exit."""
    # Bound here first, so that a port already taken fails at once and clearly.
    probe = listening_socket(settings.host, settings.port, listen=False)
    settings, embedded = prepare(settings)
    context = start_method()
    # With a background process (server/background.py), it runs the node's subscribers once;
    # the workers run none.
    serving = msgspec.structs.replace(settings, background="none") if settings.background == "process" else settings
    workers: list[multiprocessing.process.BaseProcess] = [
        context.Process(target=run_worker, args=(msgspec.structs.replace(serving, worker=n), os.getpid()),
                        name=f"chronicle-worker-{n}")
        for n in range(1, settings.workers + 1)]
    stopping = threading.Event()

    def stop(signum: int, _frame: FrameType | None) -> None:
        stopping.set()

    previous = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        for worker in workers:
            worker.start()
        if settings.background == "process":
            from server.background import start_background_process

            workers.append(start_background_process(settings, context))
        probe.close()  # the workers hold the port now
        log.info("serving on %s:%d with %d workers", settings.host, settings.port, settings.workers)
        status = _supervise(workers, stopping)
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        _stop_all(workers, settings.shutdown_timeout + _GRACE)
        if embedded is not None:
            embedded.stop()
    return status


def _supervise(workers: Sequence[multiprocessing.process.BaseProcess], stopping: threading.Event) -> int:
    """Wait for a signal (status 0) or for a worker to exit by itself (its status)."""
    while not stopping.is_set():
        ended = wait([w.sentinel for w in workers], timeout=0.2)
        if ended:
            worker = next(w for w in workers if w.sentinel in ended)
            worker.join()
            code = worker.exitcode or 0
            log.error("%s exited with status %s: stopping the others", worker.name, code)
            return code if code > 0 else 1
    return 0


def _stop_all(workers: Sequence[multiprocessing.process.BaseProcess], timeout: float) -> None:
    for worker in workers:
        if worker.is_alive() and worker.pid is not None:
            os.kill(worker.pid, signal.SIGTERM)
    for worker in workers:
        _join(worker, timeout)


def stop_process(process: multiprocessing.process.BaseProcess, timeout: float) -> None:
    """SIGTERM (a graceful stop), and SIGKILL if it has not stopped within `timeout` seconds."""
    if process.is_alive() and process.pid is not None:
        os.kill(process.pid, signal.SIGTERM)
    _join(process, timeout)


def _join(process: multiprocessing.process.BaseProcess, timeout: float) -> None:
    process.join(timeout)
    if process.is_alive():
        log.error("%s did not stop in %.0fs: killed", process.name, timeout)
        process.kill()
        process.join()
