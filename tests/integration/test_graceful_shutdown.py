"""On SIGTERM a node finishes what it is doing, closes websockets with 1012 (service
restart) so clients reconnect elsewhere, and exits cleanly."""

from __future__ import annotations

import asyncio
import json
import signal

import httpx
import websockets

from tests.conftest import ServerProcess
from tests.e2e.helpers import started_battle


def test_sigterm_closes_watchers_with_1012_and_exits_cleanly(database_url: str) -> None:
    node = ServerProcess(database_url).start()
    try:
        async def scenario() -> int:
            async with httpx.AsyncClient(base_url=node.url, timeout=20) as client:
                battle, _, _ = await started_battle(client)
            async with websockets.connect(f"{node.ws_url}/v1/battles/{battle['id']}/stream") as watcher:
                while json.loads(await watcher.recv())["type"] != "caught_up":
                    pass
                exit_code = await asyncio.to_thread(node.signal, signal.SIGTERM)
                try:
                    await asyncio.wait_for(watcher.recv(), 10)
                except websockets.ConnectionClosed as closed:
                    assert closed.rcvd is not None and closed.rcvd.code == 1012
                    return exit_code
                raise AssertionError("the websocket stayed open")

        # uvicorn re-raises the signal once its graceful shutdown is done, as a process should.
        assert asyncio.run(scenario()) == -signal.SIGTERM
        assert "Traceback" not in node.stderr_text()
    finally:
        node.stop()
