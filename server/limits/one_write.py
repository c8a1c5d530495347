"""A response's head and the start of its body in one write to the socket (issue #19).

uvicorn writes a response's status line and headers the moment the app sends
`http.response.start`, and the body when it sends `http.response.body`: two `send` system calls
and, on a connection with Nagle's algorithm off, two TCP segments, so a client often wakes for
the head and again for the body. Every command's response is small and sent whole at once, so
`HeldHead` stands between a request's cycle and the connection: it keeps the head back and
writes it with the next bytes of the same response in one call. When nothing follows in the
same turn of the event loop (a streamed response still waiting for its first chunk), the head
goes out alone at the end of that turn, as soon as uvicorn would have had it sent; a `close`
writes it first. Only the request-response cycle sees it; the connection (reading, flow
control, a websocket upgrade) keeps the real transport.
"""

from __future__ import annotations

import asyncio
from typing import Any


class HeldHead:
    """The transport as a request's cycle sees it (uvicorn's RequestResponseCycle calls `write`,
    `close` and `is_closing` on it): the first write is held until the next one, or the end of
    the loop's turn."""

    __slots__ = ("_first", "_held", "_loop", "_transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: bytes | None = None
        self._first = True

    def write(self, data: bytes) -> None:
        if self._first:
            self._first = False
            self._held = bytes(data)
            self._loop.call_soon(self.flush)
            return
        if self._held is not None:
            data, self._held = self._held + data, None
        self._transport.write(data)

    def flush(self) -> None:
        """Write the held head, if it is still held and the connection still open (uvicorn
        writes nothing to a connection it has seen lost)."""
        if self._held is not None:
            held, self._held = self._held, None
            if not self._transport.is_closing():
                self._transport.write(held)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        # Anything else a cycle asks of its transport (`is_closing` before a 100 Continue) is the
        # connection's own, after what is held has gone out.
        self.flush()
        return getattr(self._transport, name)
