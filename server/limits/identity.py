"""Who a request comes from: its client address, read from X-Forwarded-For only when the
connection comes from a proxy we trust (TRUSTED_PROXIES; deploy/nginx.conf sets the header)."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from litestar.types import Scope

_MAX_ADDRESS = 64


class TrustedProxies:
    def __init__(self, entries: Iterable[str]) -> None:
        self._networks = [ipaddress.ip_network(entry, strict=False) for entry in entries]

    def __bool__(self) -> bool:
        return bool(self._networks)

    def trust(self, address: str) -> bool:
        try:
            parsed = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(parsed in network for network in self._networks)


def client_address(scope: Scope, proxies: TrustedProxies) -> str:
    """The peer's address; behind trusted proxies, the last address in X-Forwarded-For that
    is not a trusted proxy (each proxy appends the address it heard from, so anything to the
    left of that may have been written by the client itself)."""
    client = scope.get("client")
    peer = client[0] if client else "unknown"
    if not proxies.trust(peer):
        return peer
    hops = [hop.strip() for name, value in scope["headers"] if name == b"x-forwarded-for"
            for hop in value.decode("latin-1").split(",") if hop.strip()]
    for hop in reversed(hops):
        if not proxies.trust(hop):
            return hop[:_MAX_ADDRESS]
    return hops[0][:_MAX_ADDRESS] if hops else peer
