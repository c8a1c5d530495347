"""A response's head and body leave in one write (server/limits/one_write.py): the protocol
Chronicle serves HTTP with (uvicorn's, with our header timeout), on a transport that records
every write."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import uvicorn
from uvicorn.server import ServerState

from server.limits.one_write import HeldHead
from server.limits.timeouts import header_timeout_protocol

REQUEST = b"GET /x HTTP/1.1\r\nHost: test\r\n\r\n"
App = Callable[[Any, Any, Any], Awaitable[None]]


class RecordingTransport(asyncio.Transport):
    """A connection that keeps what is written to it, each write on its own."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        assert not self.closed, "written after close"
        self.writes.append(bytes(data))

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 50000)}.get(name, default)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def whole_response(body: bytes) -> App:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
    return app


async def serve(app: App, *requests: bytes, turns: int = 5,
                transport: RecordingTransport | None = None) -> RecordingTransport:
    """Our protocol on a recording transport, given `requests` (one at a time, each after the
    previous response), with a few turns of the loop after each."""
    config = uvicorn.Config(app, lifespan="off", log_level="warning")
    protocol = header_timeout_protocol(10.0)(config=config, server_state=ServerState(), app_state={})
    transport = transport or RecordingTransport()
    protocol.connection_made(transport)
    for request in requests:
        protocol.data_received(request)
        for _ in range(turns):
            await asyncio.sleep(0)
    protocol.connection_lost(None)
    return transport


async def test_a_whole_response_leaves_in_one_write() -> None:
    transport = await serve(whole_response(b'{"ok":true}'), REQUEST)
    assert len(transport.writes) == 1
    head, _, body = transport.writes[0].partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 OK\r\n") and b"content-length: 11" in head
    assert body == b'{"ok":true}'


async def test_each_response_of_a_kept_alive_connection_leaves_in_one_write() -> None:
    transport = await serve(whole_response(b"hello"), REQUEST, REQUEST, REQUEST)
    assert len(transport.writes) == 3
    assert all(write.endswith(b"\r\n\r\nhello") for write in transport.writes)


async def test_a_head_whose_body_is_not_ready_leaves_at_the_end_of_the_turn() -> None:
    body_ready = asyncio.Event()

    async def streamed(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await body_ready.wait()
        await send({"type": "http.response.body", "body": b"ok"})

    transport = RecordingTransport()
    serving = asyncio.ensure_future(serve(streamed, REQUEST, turns=20, transport=transport))
    for _ in range(10):
        await asyncio.sleep(0)
    assert len(transport.writes) == 1, "the head waits for nothing but the end of its turn"
    assert transport.writes[0].startswith(b"HTTP/1.1 200 OK") and transport.writes[0].endswith(b"\r\n\r\n")
    body_ready.set()
    await serving
    assert transport.writes[1:] == [b"ok"]


async def test_a_client_waiting_for_100_continue_is_not_kept_waiting() -> None:
    """uvicorn's first write may be `100 Continue` (the app reads a body the client holds back
    until it comes): it must leave by the end of the turn, not wait for a next write."""

    async def echo(scope: Any, receive: Any, send: Any) -> None:
        body = (await receive())["body"]
        await whole_response(body)(scope, receive, send)

    head = b"POST /x HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
    transport = await serve(echo, head, b"hi")  # the body only after the turns that follow the head
    # Held until the next write, it would have gone out joined to the response's head.
    assert transport.writes[0] == b"HTTP/1.1 100 Continue\r\n\r\n"
    response = b"".join(transport.writes[1:])
    assert response.startswith(b"HTTP/1.1 200 OK\r\n") and response.endswith(b"\r\n\r\nhi")


async def test_a_held_head_goes_out_before_a_close() -> None:
    transport = RecordingTransport()
    held = HeldHead(transport, asyncio.get_running_loop())
    held.write(b"HTTP/1.1 200 OK\r\n\r\n")
    assert transport.writes == []
    held.close()
    assert transport.writes == [b"HTTP/1.1 200 OK\r\n\r\n"] and transport.closed
    await asyncio.sleep(0)  # the end-of-turn flush finds nothing left to write
    assert transport.writes == [b"HTTP/1.1 200 OK\r\n\r\n"]


async def test_a_held_head_is_not_written_to_a_connection_lost_meanwhile() -> None:
    transport = RecordingTransport()
    held = HeldHead(transport, asyncio.get_running_loop())
    held.write(b"HTTP/1.1 200 OK\r\n\r\n")
    transport.close()  # the client went away before the end of the turn
    await asyncio.sleep(0)
    assert transport.writes == []
