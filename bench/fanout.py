"""Fan-out: one event to 100 and 1000 websocket watchers, from the command's POST to the
last watcher's receipt, beside a bare `websockets` broadcast of the same bytes (from the
control message to the last receipt), measured in the same run.

    python -m bench.fanout [--rounds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from typing import Any

import websockets

from bench.commands import new_battle
from bench.harness import ServerProcess, database
from bench.rawhttp import RawHttp

LEVELS = (100, 1000)


async def connect_all(url: str, count: int) -> list[Any]:
    watchers = []
    for start in range(0, count, 100):
        batch = await asyncio.gather(*(websockets.connect(url, compression=None, max_queue=None)
                                       for _ in range(start, min(count, start + 100))))
        watchers += batch
    for watcher in watchers:
        while json.loads(await watcher.recv())["type"] != "caught_up":
            pass
    return watchers


async def all_receive(watchers: list[Any]) -> bytes | str:
    messages: list[bytes | str] = await asyncio.gather(*(watcher.recv() for watcher in watchers))
    return messages[-1]


async def ours(server: ServerProcess, count: int, rounds: int) -> tuple[list[float], bytes]:
    battle_id, headers = await new_battle(server.url)
    watchers = await connect_all(f"{server.ws_url}/v1/battles/{battle_id}/stream", count)
    samples, payload = [], b""
    async with RawHttp("127.0.0.1", server.port) as http:
        for _ in range(rounds):
            receiving = asyncio.ensure_future(all_receive(watchers))
            started = time.perf_counter()
            await http.post(f"/v1/battles/{battle_id}/commands", {"type": "roll", "expression": "2d6"}, headers)
            last = await receiving
            samples.append(time.perf_counter() - started)
            payload = last.encode() if isinstance(last, str) else last
    await asyncio.gather(*(w.close() for w in watchers))
    return samples, payload


async def bare(port: int, count: int, rounds: int, payload: bytes) -> list[float]:
    watchers = await connect_all(f"ws://127.0.0.1:{port}/watch", count)
    samples = []
    async with websockets.connect(f"ws://127.0.0.1:{port}/control", compression=None) as control:
        for _ in range(rounds):
            receiving = asyncio.ensure_future(all_receive(watchers))
            started = time.perf_counter()
            await control.send(payload.decode())
            await receiving
            samples.append(time.perf_counter() - started)
    await asyncio.gather(*(w.close() for w in watchers))
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    with database() as dsn:
        server = ServerProcess(dsn).start()
        broadcaster = ServerProcess(dsn, argv=[sys.executable, "-m", "bench.bare_broadcast", "--port", "{port}"],
                                    health_path=None).start()
        try:
            print(f"{'watchers':>9} {'bare broadcast ms':>18} {'chronicle ms':>13} {'ratio':>7}   (medians)")
            for count in LEVELS:
                our_samples, payload = asyncio.run(ours(server, count, args.rounds))
                bare_samples = asyncio.run(bare(broadcaster.port, count, args.rounds, payload))
                mine, theirs = statistics.median(our_samples) * 1000, statistics.median(bare_samples) * 1000
                print(f"{count:>9} {theirs:>18.2f} {mine:>13.2f} {mine / theirs:>7.2f}   ({len(payload)}-byte event)")
        finally:
            server.stop()
            broadcaster.stop()


if __name__ == "__main__":
    main()
