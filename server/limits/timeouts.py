"""Read timeouts, so that a client trickling its request cannot hold a connection (or a
graceful shutdown) for as long as it likes. uvicorn has neither.

- Headers: `HeaderTimeoutProtocol` closes a connection whose request headers are not
  complete `header_timeout` seconds after its first byte (or after the connection opened),
  answering 408 when a request had begun.
- Body: `body_timeout_middleware` answers 408 `request-timeout` (and closes the connection)
  when the body is not complete `body_timeout` seconds after the headers."""

from __future__ import annotations

import asyncio
from asyncio import TimerHandle
from collections.abc import Callable
from typing import Any

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Receive, ReceiveMessage, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from server.limits.one_write import HeldHead
from server.observability import OUTER


class BodyTimeout(Exception):
    """The request body did not arrive in time (the app answers 408 and closes the connection)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the request body did not arrive within {seconds:g} s")

_HEADER_TIMEOUT_RESPONSE = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/problem+json\r\nconnection: close\r\n"
    b"content-length: %d\r\n\r\n%s")


class HeaderTimeoutProtocol(HttpToolsProtocol):
    header_timeout = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: TimerHandle | None = None
        self._request_begun = False

    # uvicorn's own override narrows the transport to asyncio.Transport (what a stream protocol
    # is given), against asyncio's BaseTransport; this one keeps uvicorn's signature.
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_timer()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._request_begun = True
        if self._header_timer is None:
            self._arm_header_timer()

    def on_headers_complete(self) -> None:
        self._cancel_header_timer()
        self._request_begun = False
        before = self.cycle
        super().on_headers_complete()
        if self.cycle is not before and self.cycle is not None:  # a new request (not an upgrade)
            self.cycle.transport = HeldHead(self.transport, self.loop)  # type: ignore[assignment]

    def _arm_header_timer(self) -> None:
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_timed_out)

    def _cancel_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_timed_out(self) -> None:
        self._header_timer = None
        if self.transport.is_closing():
            return
        if self._request_begun:
            body = (b'{"status":408,"type":"urn:chronicle:problem:request-timeout","title":"request timeout",'
                    b'"detail":"the request headers did not arrive in time","rule":"request-timeout"}')
            self.transport.write(_HEADER_TIMEOUT_RESPONSE % (len(body), body))
        self.transport.close()


def header_timeout_protocol(seconds: float) -> type[HeaderTimeoutProtocol]:
    """uvicorn's httptools protocol with a header read timeout of `seconds`."""
    return type("HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_timeout": seconds})


def body_timeout_middleware(seconds: float) -> Callable[[ASGIApp], ASGIApp]:
    def middleware(app: ASGIApp) -> ASGIApp:
        async def timed(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != ScopeType.HTTP or OUTER in scope:
                await app(scope, receive, send)
                return
            deadline = asyncio.get_running_loop().time() + seconds
            complete = False

            async def receive_in_time() -> ReceiveMessage:
                nonlocal complete
                if complete:
                    return await receive()
                try:
                    async with asyncio.timeout_at(deadline):
                        message = await receive()
                except TimeoutError:
                    raise BodyTimeout(seconds) from None
                complete = message["type"] != "http.request" or not message.get("more_body", False)
                return message

            await app(scope, receive_in_time, send)

        return timed

    return middleware
