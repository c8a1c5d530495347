"""Close codes reach websocket clients, whatever closes the connection.

A websocket closed before it is accepted reaches the client as a bare HTTP 403 (the ASGI
server refuses the handshake), so the close code the README documents would be lost. Our
stream routes accept first; this wrapper covers what closes a websocket before any route
runs: a path that names no stream (`/v1/battles/not-a-uuid/stream`, an unknown path), which
Litestar answers by closing during the handshake with 4500.
"""

from __future__ import annotations

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, ReceiveMessage, Scope, Send

NOT_FOUND = 4404  # as for an unknown battle: there is no stream at this path
INTERNAL_ERROR = 1011  # as the stream routes close on an unexpected error
LITESTAR_SERVER_ERROR = 4500


def accept_before_close(app: ASGIApp) -> ASGIApp:
    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.WEBSOCKET:
            await app(scope, receive, send)
            return
        connected = accepted = False

        async def noting_receive() -> ReceiveMessage:
            nonlocal connected
            message = await receive()
            connected = connected or message["type"] == "websocket.connect"
            return message

        async def accepting_send(message: Message) -> None:
            nonlocal accepted
            if message["type"] == "websocket.close" and not accepted:
                if not connected:
                    await noting_receive()  # the client's websocket.connect comes before any answer
                await send({"type": "websocket.accept", "subprotocol": None, "headers": []})
                if "route_handler" not in scope:  # Litestar matched no route: no stream lives here
                    message = {"type": "websocket.close", "code": NOT_FOUND, "reason": "no such stream"}
                elif message.get("code", 0) >= LITESTAR_SERVER_ERROR:  # 4000 + a 5xx status
                    message = {"type": "websocket.close", "code": INTERNAL_ERROR, "reason": "internal error"}
            accepted = accepted or message["type"] in ("websocket.accept", "websocket.close")
            await send(message)

        await app(scope, noting_receive, accepting_send)

    return wrapped
