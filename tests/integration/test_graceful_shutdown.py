"""On SIGTERM a node finishes what it is doing, closes websockets with 1012 (service
restart) so clients reconnect elsewhere, and exits cleanly."""

from __future__ import annotations

import asyncio
import json
import signal

import httpx
import websockets

from tests.conftest import ServerProcess
from tests.e2e.helpers import auth, started_battle


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


def test_sigterm_finishes_commands_in_flight(database_url: str) -> None:
    node = ServerProcess(database_url).start()
    try:
        async def scenario() -> tuple[dict[str, int], list[str]]:
            async with httpx.AsyncClient(base_url=node.url, timeout=20) as client:
                battle, alice, _ = await started_battle(client)

                async def roll(n: int) -> tuple[str, int]:
                    purpose = f"shot-{n}"
                    try:
                        response = await client.post(f"/v1/battles/{battle['id']}/commands", headers=auth(alice),
                                                     json={"type": "roll", "expression": "1d6", "purpose": purpose})
                    except httpx.TransportError:
                        return purpose, 0
                    return purpose, response.status_code

                rolls = [asyncio.ensure_future(roll(n)) for n in range(40)]
                await asyncio.sleep(0.02)
                await asyncio.to_thread(node.signal, signal.SIGTERM)
                outcomes = dict(await asyncio.gather(*rolls))
            with_log = ServerProcess(database_url).start()
            try:
                async with httpx.AsyncClient(base_url=with_log.url) as reader:
                    events = (await reader.get(f"/v1/battles/{battle['id']}/events?limit=1000")).json()["events"]
            finally:
                with_log.stop()
            return outcomes, [e["data"]["roll"]["purpose"] for e in events if e["type"] == "dice_rolled"]

        outcomes, logged = asyncio.run(scenario())
        assert set(outcomes.values()) <= {201, 0}, "in-flight commands finish; later ones are refused at the door"
        assert 201 in outcomes.values()
        assert sorted(logged) == sorted(p for p, status in outcomes.items() if status == 201)
    finally:
        node.stop()
