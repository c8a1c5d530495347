"""The fan-out baseline: a bare `websockets` server that, when its control client sends a
payload, broadcasts those bytes to every other connection.

    python -m bench.bare_broadcast --port 8002
"""

from __future__ import annotations

import argparse
import asyncio

from websockets.asyncio.server import ServerConnection, broadcast, serve

watchers: set[ServerConnection] = set()


async def handler(connection: ServerConnection) -> None:
    if connection.request is not None and connection.request.path == "/control":
        async for payload in connection:
            broadcast(watchers, payload)
        return
    watchers.add(connection)
    try:
        await connection.send('{"type": "caught_up", "version": 0}')
        await connection.wait_closed()
    finally:
        watchers.discard(connection)


async def main(port: int) -> None:
    async with serve(handler, "127.0.0.1", port, compression=None, max_queue=None):
        await asyncio.Future()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    asyncio.run(main(parser.parse_args().port))
