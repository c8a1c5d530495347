"""CPU time per `roll` command in the server (issue #19, point 2), not throughput: on a machine
shared with other work, the CPU a process spends per command is what stays comparable between
runs, where commands per second do not.

Starts `chronicle serve` (one worker, rate limits off, no Redis), has `--clients` clients roll
`2d6` back-to-back in battles of their own for `--seconds`, and reads from /proc, over exactly
that window (after a warm-up):
- the serving process's main thread (its event loop: the command path),
- the serving process as a whole (every thread),
- every process of the server (with the background subscribers' process when they run in one),
each in microseconds of user + system CPU per roll; and, at the end of the window, how many
events the slowest background subscriber has still to read (`behind`: a subscriber that does
not keep up costs less CPU per roll only because it does less). `--background
loop|thread|process` picks where the projector, tournament runner, clock watcher, notifier and
deliverer run (CHRONICLE_BACKGROUND); several values compare them in one run. Each run has a
database of its own (no backlog left by the one before). `--rate R` paces the clients to R rolls
a second together (below what the server serves): every variant then does the same work per
second, so its CPU per roll is not bent by how many requests one turn of its loop batches,
which on a busy machine varies from run to run more than any change measured here. `--baseline DIR` adds, interleaved
with them, runs of the server whose code is in DIR (say a `git worktree` of main) as `baseline`.

    python -m bench.roll_cpu [--seconds 5] [--clients 4] [--background process thread loop] [--repeat 3]
                             [--baseline DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import asyncpg

from bench.commands import new_battle
from bench.harness import ServerProcess, database, unlimited
from bench.rawhttp import RawHttp
from bench.throughput import ROLL, roll_commands
from bench.workers import TICKS, process_tree
from tests.databases import database_of_its_own

_UTIME, _STIME = 11, 12  # fields of /proc/<pid>/stat after the command name


def _cpu(stat_path: Path) -> float:
    try:
        text = stat_path.read_text()
    except OSError:
        return 0.0
    fields = text[text.rindex(")") + 2:].split()
    return (int(fields[_UTIME]) + int(fields[_STIME])) / TICKS


def sample(root: int) -> tuple[float, float, float]:
    """(main thread, serving process, whole server) CPU seconds so far. The serving process is
    the root; the tree adds its children (a background process)."""
    main = _cpu(Path(f"/proc/{root}/task/{root}/stat"))
    serving = _cpu(Path(f"/proc/{root}/stat"))
    tree = sum(_cpu(Path(f"/proc/{pid}/stat")) for pid in process_tree(root))
    return main, serving, tree


async def behind(dsn: str) -> int:
    """Events the slowest background subscriber has not read yet."""
    connection = await asyncpg.connect(dsn)
    try:
        return int(await connection.fetchval(
            "SELECT coalesce(max(position), 0) - (SELECT coalesce(min(position), 0) FROM projection_checkpoints) "
            "FROM events"))
    finally:
        await connection.close()


async def paced_rolls(server: ServerProcess, clients: int, seconds: float, rate: float) -> float:
    """`clients` clients rolling in battles of their own, together `rate` rolls a second (each
    waits for its next slot; one that falls behind catches up without a pause)."""
    battles = [await new_battle(server.url) for _ in range(clients)]
    gap = clients / rate
    done = 0

    async def client(battle_id: str, headers: dict[str, str], offset: float) -> None:
        nonlocal done
        async with RawHttp("127.0.0.1", server.port) as http:
            slot = started + offset
            while slot < started + seconds:
                await asyncio.sleep(max(0.0, slot - time.perf_counter()))
                status, body = await http.post(f"/v1/battles/{battle_id}/commands", ROLL, headers)
                assert status == 201, body
                done += 1
                slot += gap

    started = time.perf_counter()
    await asyncio.gather(*(client(b, h, n * gap / clients) for n, (b, h) in enumerate(battles)))
    return done / (time.perf_counter() - started)


async def measured(server: ServerProcess, clients: int, seconds: float,
                   pace: float | None = None) -> tuple[float, tuple[float, ...], int]:
    """(rolls per second, microseconds of CPU per roll for each of `sample`'s three, events behind)."""
    assert server.process is not None
    await roll_commands(server, clients, 1.0)  # warm-up: caches, JIT-less but first-call work
    before = sample(server.process.pid)
    rate = await (paced_rolls(server, clients, seconds, pace) if pace else roll_commands(server, clients, seconds))
    after = sample(server.process.pid)
    # The battles are made before the window of roll_commands opens; their CPU is in the
    # sample but is small next to the rolls (one battle per client).
    rolls = rate * seconds
    return rate, tuple((a - b) / rolls * 1e6 for a, b in zip(after, before, strict=True)), \
        await behind(server.env["DATABASE_URL"])


def run(base_dsn: str, background: str, clients: int, seconds: float,
        code: str | None = None, pace: float | None = None) -> tuple[float, tuple[float, ...], int]:
    with database_of_its_own(base_dsn, "chronicle_bench") as dsn:
        return _run(dsn, background, clients, seconds, code, pace)


def _run(dsn: str, background: str, clients: int, seconds: float,
         code: str | None, pace: float | None) -> tuple[float, tuple[float, ...], int]:
    # `python -m` would put the working directory first on the path: the code to run goes first.
    server = unlimited(ServerProcess(dsn, argv=None if code is None else [
        sys.executable, "-c", f"import sys; sys.path.insert(0, {code!r}); from server.cli import main; "
        "sys.exit(main(['serve']))"]))
    server.env["CHRONICLE_BACKGROUND"] = background
    try:
        server.start(within=120)
        return asyncio.run(measured(server, clients, seconds, pace))
    finally:
        try:
            server.signal(signal.SIGTERM)
        except subprocess.TimeoutExpired:
            print("  no graceful stop within 20 s; killed", file=sys.stderr)
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--background", nargs="+", default=["process", "thread", "loop"])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each, interleaved")
    parser.add_argument("--rate", type=float, help="rolls a second, all clients together (default: flat out)")
    parser.add_argument("--baseline", help="a folder holding the server code to compare with (its default background)")
    args = parser.parse_args()
    rows: list[tuple[str, str, str | None]] = [(background, background, None) for background in args.background]
    if args.baseline:
        rows.append(("baseline", "process", str(Path(args.baseline).resolve())))
    pace = f"paced to {args.rate:.0f} rolls/s" if args.rate else "flat out"
    print(f"roll CPU per command, {args.clients} clients {pace}, {args.seconds:.0f} s; load average "
          f"{os.getloadavg()[0]:.1f}")
    print(f"{'background':>10} {'roll /s':>8} {'main thread':>12} {'process':>8} {'all':>8} {'behind':>7}"
          "   (us CPU per roll; events)")
    results: dict[str, list[tuple[float, ...]]] = {label: [] for label, _, _ in rows}
    with database() as dsn:
        for _ in range(args.repeat):
            for label, background, code in rows:
                rate, (main, serving, tree), lag = run(dsn, background, args.clients, args.seconds, code, args.rate)
                results[label].append((rate, main, serving, tree, lag))
                print(f"{label:>10} {rate:>8.0f} {main:>12.0f} {serving:>8.0f} {tree:>8.0f} {lag:>7}", flush=True)
    if args.repeat > 1:
        print("medians")
        for background, runs in results.items():
            rate, main, serving, tree, lag = (statistics.median(column) for column in zip(*runs, strict=True))
            print(f"{background:>10} {rate:>8.0f} {main:>12.0f} {serving:>8.0f} {tree:>8.0f} {lag:>7.0f}")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
