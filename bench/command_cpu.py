"""CPU time of the command path's own code per `roll` (issue #19, point 2), without HTTP: one
process sends `--count` rolls back-to-back through `BattleService.command` to Postgres (a
battle of its own, started first, warmed up by 200 rolls) and reads its own CPU time
(`time.process_time()`: user + system of this process, so what the machine's other work does
to wall time does not count). That is decide, dice, evolve, sealing, hashing, the receipt, the
encodings and asyncpg's side of the append: everything a command costs the server but
Litestar's and uvicorn's share.

`--baseline DIR` runs the same measure, interleaved, on the code in DIR (say a `git worktree`
of main), each run in a fresh process, and prints both with their medians.

    python -m bench.command_cpu [--count 2000] [--repeat 5] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = str(Path(__file__).resolve().parent.parent)


async def measure(dsn: str, count: int, expression: str) -> float:
    """Microseconds of this process's CPU per roll."""
    from domain.commands import ClaimSeat, RollDice, Start
    from server.battle_service import BattleService
    from server.store.postgres import PostgresStore

    store = await PostgresStore.connect(dsn)
    try:
        service = BattleService(store, lambda stream, messages: None)
        battle_id = json.loads((await service.create("p1", "d100", ["a", "b"], {}, None)).body)["id"]
        await service.claim("p1", battle_id, ClaimSeat(seat="a"), None)
        await service.claim("p2", battle_id, ClaimSeat(seat="b"), None)
        await service.command("p1", battle_id, Start(), None, None)
        roll = RollDice(expression=expression)
        for _ in range(200):
            await service.command("p1", battle_id, roll, None, None)
        started = time.process_time()
        for _ in range(count):
            await service.command("p1", battle_id, roll, None, None)
        return (time.process_time() - started) / count * 1e6
    finally:
        await store.close()


def run(code: str, dsn: str, count: int, expression: str) -> float:
    """One measure in a fresh process on the code in `code` (this file run as a script, so that
    `domain` and `server` are found in `code` only)."""
    out = subprocess.run([sys.executable, __file__, "--one", "--dsn", dsn, "--count", str(count),
                          "--expression", expression], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": code})
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--expression", default="2d6")
    parser.add_argument("--baseline", help="a folder holding the code to compare with")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # one measure (see `run`)
    parser.add_argument("--dsn", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(asyncio.run(measure(args.dsn, args.count, args.expression)))
        return
    codes = {"this": HERE, **({"baseline": str(Path(args.baseline).resolve())} if args.baseline else {})}
    results: dict[str, list[float]] = {name: [] for name in codes}
    print(f"CPU per roll through BattleService.command (no HTTP), {args.count} rolls of {args.expression}, "
          f"load average {os.getloadavg()[0]:.1f}")
    from bench.harness import database

    with database() as dsn:
        for _ in range(args.repeat):
            for name, code in codes.items():
                results[name].append(run(code, dsn, args.count, args.expression))
                print(f"  {name:>8} {results[name][-1]:8.0f} us", flush=True)
    for name, runs in results.items():
        print(f"{name:>10} median {statistics.median(runs):8.0f} us CPU per roll  (runs: "
              f"{', '.join(f'{r:.0f}' for r in runs)})")
    if args.baseline:
        ratio = statistics.median(results["this"]) / statistics.median(results["baseline"])
        print(f"  this / baseline: {ratio:.2f}")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
