"""At most `limit` open websockets per client address on this node. One over it is accepted
and closed at once with 4429, so that a client sees why (a refused handshake says nothing)."""

from __future__ import annotations

from collections import Counter

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Receive, Scope, Send

from server.limits.identity import TrustedProxies, client_address

TOO_MANY_CONNECTIONS = 4429


class WebsocketLimit:
    def __init__(self, limit: int, proxies: TrustedProxies) -> None:
        self.limit = limit
        self.proxies = proxies
        self.open: Counter[str] = Counter()

    def middleware(self, app: ASGIApp) -> ASGIApp:
        async def limited(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != ScopeType.WEBSOCKET:
                await app(scope, receive, send)
                return
            address = client_address(scope, self.proxies)
            if self.open[address] >= self.limit:
                await receive()  # websocket.connect
                await send({"type": "websocket.accept", "subprotocol": None, "headers": []})
                await send({"type": "websocket.close", "code": TOO_MANY_CONNECTIONS,
                            "reason": f"at most {self.limit} websockets per address"})
                return
            self.open[address] += 1
            try:
                await app(scope, receive, send)
            finally:
                self.open[address] -= 1
                if not self.open[address]:
                    del self.open[address]

        return limited
