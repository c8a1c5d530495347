"""server/ws_handshake.py on its own, with a stand-in ASGI app: a websocket closed before it is
accepted is accepted first (else the client sees an HTTP 403 and no code), with the documented
code; everything else passes through untouched."""

from __future__ import annotations

import asyncio
from typing import Any

from server.ws_handshake import accept_before_close


def exchange(app: Any, scope: dict[str, Any]) -> list[dict[str, Any]]:
    """What the wrapped app sends to the ASGI server, given a client that connects."""
    sent: list[dict[str, Any]] = []
    incoming = [{"type": "websocket.connect"}]

    async def receive() -> dict[str, Any]:
        return incoming.pop(0) if incoming else {"type": "websocket.disconnect", "code": 1000}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(accept_before_close(app)(scope, receive, send))
    return sent


def closing_with(code: int, receive_first: bool = False) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        if receive_first:
            await receive()
        await send({"type": "websocket.close", "code": code, "reason": "why"})
    return app


def test_no_route_is_accepted_then_closed_with_4404() -> None:
    sent = exchange(closing_with(4500), {"type": "websocket", "path": "/v1/nope"})
    assert [m["type"] for m in sent] == ["websocket.accept", "websocket.close"]
    assert sent[1]["code"] == 4404


def test_an_error_before_a_route_runs_is_accepted_then_closed_with_1011() -> None:
    scope = {"type": "websocket", "path": "/v1/battles/x/stream", "route_handler": object()}
    sent = exchange(closing_with(4500, receive_first=True), scope)
    assert [(m["type"], m.get("code")) for m in sent] == [("websocket.accept", None), ("websocket.close", 1011)]


def test_a_routes_own_code_is_kept_and_an_accepted_socket_passes_through() -> None:
    scope = {"type": "websocket", "path": "/v1/battles/x/stream", "route_handler": object()}
    assert exchange(closing_with(4400), scope)[1] == {"type": "websocket.close", "code": 4400, "reason": "why"}

    async def accepting(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 4404, "reason": "no such stream"})

    assert exchange(accepting, scope) == [{"type": "websocket.accept"},
                                          {"type": "websocket.close", "code": 4404, "reason": "no such stream"}]


def test_http_is_left_alone() -> None:
    async def answer(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 404, "headers": []})

    assert exchange(answer, {"type": "http", "path": "/"}) == [{"type": "http.response.start", "status": 404,
                                                                "headers": []}]
