"""`roll` commands per second with 1, 2 and 4 workers (`chronicle serve --workers N`) at 16
clients, each client rolling in a battle of its own, beside, in the same run: bare asyncpg
insert-and-commits on 16 connections (the Postgres ceiling here) and the bare Litestar
POST -> insert -> push app at 16 clients (what one Litestar process serves). For each, the
server's CPU time per command (user + system, every process of the server), read from /proc.

    python -m bench.workers [--seconds 5] [--workers 1 2 4] [--clients 16]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from bench.harness import ServerProcess, database, unlimited
from bench.throughput import bare_commits, bare_posts, baseline_app, roll_commands

TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str]:
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2:].split()  # the fields after the command name


def running(pid: int) -> bool:
    """Alive, and not a zombie waiting for its parent to collect it."""
    try:
        return _stat(pid)[0] != "Z"
    except (OSError, IndexError):
        return False


def process_tree(root: int) -> list[int]:
    """`root` and every process descended from it."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int(_stat(int(entry.name))[1])
            except (OSError, ValueError, IndexError):
                continue
    tree, frontier = [root], [root]
    while frontier:
        children = [pid for pid, parent in parents.items() if parent in frontier]
        tree += children
        frontier = children
    return tree


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = _stat(pid)
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


async def measured(server: ServerProcess, clients: int, seconds: float, roll: bool) -> tuple[float, float]:
    """(commands per second, CPU microseconds per command) for `clients` clients."""
    assert server.process is not None
    run = roll_commands if roll else bare_posts
    await run(server, 4, 1.0)  # warm-up
    pids = process_tree(server.process.pid)
    before = cpu_seconds(pids)
    rate = await run(server, clients, seconds)
    used = cpu_seconds(pids) - before
    return rate, used / (rate * seconds) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--clients", type=int, default=16)
    args = parser.parse_args()
    results: dict[int, tuple[float, float]] = {}
    with database() as dsn:
        bare = asyncio.run(bare_commits(dsn, args.clients, args.seconds))
        litestar_server = baseline_app(dsn, "bench.bare_app").start()
        try:
            litestar = asyncio.run(measured(litestar_server, args.clients, args.seconds, roll=False))
        finally:
            litestar_server.stop()
        for workers in args.workers:
            server = unlimited(ServerProcess(dsn, argv=[sys.executable, "-m", "server.cli", "serve", "--workers",
                                                        str(workers)]))
            try:
                server.start(within=120)  # the machine may be busy
                results[workers] = asyncio.run(measured(server, args.clients, args.seconds, roll=True))
                print(f"  {workers} workers: {results[workers][0]:.0f} /s", flush=True)
            finally:
                try:
                    server.signal(signal.SIGTERM)  # the supervisor stops its workers
                except subprocess.TimeoutExpired:
                    print(f"  {workers} workers: no graceful stop within 20 s; killed", flush=True)
                server.stop()  # a killed supervisor's workers stop too (PR_SET_PDEATHSIG)
    one = results[args.workers[0]][0]
    print(f"{args.clients} clients, {args.seconds:.0f} s each; {os.cpu_count()} cores; load average before the end "
          f"{os.getloadavg()[0]:.1f}")
    print(f"  bare asyncpg commits            {bare:8.0f} /s")
    print(f"  bare Litestar app               {litestar[0]:8.0f} /s   {litestar[1]:6.0f} us CPU per request")
    print(f"{'workers':>8} {'roll /s':>9} {'x 1 worker':>11} {'of Litestar':>12} {'of bare':>8} {'us CPU/cmd':>11}")
    for workers, (rate, cpu) in results.items():
        print(f"{workers:>8} {rate:>9.0f} {rate / one:>11.2f} {rate / litestar[0]:>12.2f} {rate / bare:>8.2f}"
              f" {cpu:>11.0f}")


if __name__ == "__main__":
    main()
