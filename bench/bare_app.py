"""The baseline for command latency: a bare Litestar app whose POST inserts one row with
asyncpg, commits, and pushes the row to websocket watchers through channels.

    python -m bench.bare_app --port 8001 --dsn postgresql://...
"""

from __future__ import annotations

import argparse
import uuid
from typing import Any

import asyncpg
import msgspec
import uvicorn
from litestar import Litestar, WebSocket, post, websocket
from litestar.channels import ChannelsPlugin
from litestar.channels.backends.memory import MemoryChannelsBackend
from litestar.di import NamedDependency
from litestar.params import JSONBody


def create_bare_app(dsn: str) -> Litestar:
    table = f"bench_bare_{uuid.uuid4().hex[:8]}"
    channels = ChannelsPlugin(backend=MemoryChannelsBackend(), arbitrary_channels_allowed=True)
    state: dict[str, Any] = {}

    async def startup() -> None:
        state["pool"] = await asyncpg.create_pool(dsn, min_size=2, max_size=20)
        await state["pool"].execute(f"CREATE TABLE {table} (id bigserial PRIMARY KEY, body jsonb NOT NULL)")

    async def shutdown() -> None:
        await state["pool"].execute(f"DROP TABLE IF EXISTS {table}")
        await state["pool"].close()

    @post("/bare")
    async def bare(data: JSONBody[dict[str, Any]]) -> dict[str, int]:
        row_id = await state["pool"].fetchval(f"INSERT INTO {table} (body) VALUES ($1::jsonb) RETURNING id",
                                              msgspec.json.encode(data).decode())
        channels.publish(msgspec.json.encode({"version": row_id}), "bare")
        return {"version": row_id}

    @websocket("/bare/stream")
    async def stream(socket: WebSocket[Any, Any, Any], channels: NamedDependency[ChannelsPlugin]) -> None:
        await socket.accept()
        async with channels.start_subscription(["bare"]) as subscriber:
            await socket.send_data('{"type": "caught_up", "version": 0}')
            async for message in subscriber.iter_events():
                await socket.send_data(message.decode())

    return Litestar([bare, stream], plugins=[channels], on_startup=[startup], on_shutdown=[shutdown])


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dsn", required=True)
    args = parser.parse_args()
    uvicorn.run(create_bare_app(args.dsn), host="127.0.0.1", port=args.port, log_level="warning",
                ws_per_message_deflate=False)
