"""The floor for command throughput: a bare ASGI app, no framework, whose POST inserts the
request body as one row with asyncpg and answers 201 with the row's id. Any Python HTTP
server on uvicorn costs at least this per command.

    python -m bench.bare_asgi --port 8002 --dsn postgresql://...
"""

from __future__ import annotations

import argparse
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
import uvicorn

Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


def create_bare_asgi(dsn: str) -> Callable[[dict[str, Any], Receive, Send], Awaitable[None]]:
    table = f"bench_asgi_{uuid.uuid4().hex[:8]}"
    pools: list[asyncpg.Pool] = []

    async def lifespan(receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                pools.append(await asyncpg.create_pool(dsn, min_size=2, max_size=20))
                await pools[0].execute(f"CREATE TABLE {table} (id bigserial PRIMARY KEY, body jsonb NOT NULL)")
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await pools[0].execute(f"DROP TABLE IF EXISTS {table}")
                await pools[0].close()
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def app(scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await lifespan(receive, send)
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        row_id = await pools[0].fetchval(f"INSERT INTO {table} (body) VALUES ($1::jsonb) RETURNING id", body.decode())
        answer = b'{"version":%d}' % row_id
        await send({"type": "http.response.start", "status": 201,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(answer))]})
        await send({"type": "http.response.body", "body": answer})

    return app


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dsn", required=True)
    args = parser.parse_args()
    uvicorn.run(create_bare_asgi(args.dsn), host="127.0.0.1", port=args.port, log_level="warning")
