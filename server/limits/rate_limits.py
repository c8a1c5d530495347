"""The rate limiter, as ASGI middleware. Every limited request carries the IETF RateLimit
headers of its tightest limit (and RateLimit-Policy lists all of them); one over a limit is
answered 429 `rate-limited` with Retry-After, before the app reads its body."""

from __future__ import annotations

import math
from collections.abc import Sequence

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from server.limits.buckets import Buckets
from server.limits.gcra import Verdict
from server.limits.identity import TrustedProxies, client_address
from server.limits.policy import Limit, Policy, classify, token_key
from server.limits.responses import send_problem
from server.observability import OUTER


def _seconds(value: float) -> str:
    return str(max(0, math.ceil(value)))


def tightest(verdicts: Sequence[Verdict]) -> int:
    """The limit to report: one that refused (the longest to wait), else the one with the
    least remaining (then the longest to reset)."""
    return min(range(len(verdicts)), key=lambda i: (verdicts[i].allowed, -verdicts[i].retry_after,
                                                    verdicts[i].remaining, -verdicts[i].reset_after))


def ratelimit_headers(limits: Sequence[Limit], verdicts: Sequence[Verdict], index: int) -> dict[str, str]:
    """The IETF RateLimit headers: the counts of limit `index`, and every limit's policy."""
    return {
        "RateLimit-Limit": str(limits[index].rate.burst),
        "RateLimit-Remaining": str(verdicts[index].remaining),
        "RateLimit-Reset": _seconds(verdicts[index].reset_after),
        "RateLimit-Policy": ", ".join(limit.policy() for limit in limits),
    }


class RateLimiter:
    def __init__(self, policy: Policy, buckets: Buckets, proxies: TrustedProxies) -> None:
        self.policy = policy
        self.buckets = buckets
        self.proxies = proxies

    def middleware(self, app: ASGIApp) -> ASGIApp:
        async def limited(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != ScopeType.HTTP or OUTER in scope:
                await app(scope, receive, send)
                return
            request_class = classify(scope["method"], scope.get("path_template", ""), scope["query_string"])
            if request_class is None:
                await app(scope, receive, send)
                return
            headers = dict(scope["headers"])
            token = token_key(headers.get(b"authorization", b"").decode("latin-1"))
            checks = self.policy.checks(request_class, client_address(scope, self.proxies), token)
            verdicts = await self.buckets.take([(key, limit.rate) for limit, key in checks]) if checks else None
            if verdicts is None:
                await app(scope, receive, send)
                return
            limits = [limit for limit, _ in checks]
            reported = tightest(verdicts)
            extra = ratelimit_headers(limits, verdicts, reported)
            limit, verdict = limits[reported], verdicts[reported]
            if not verdict.allowed:
                retry = max(1, math.ceil(verdict.retry_after))
                await send_problem(send, 429, "rate-limited",
                                   f"over the limit {limit.name}: {limit.rate.burst} requests at once, then "
                                   f"{limit.rate.per_second:g} a second; retry after {retry} s",
                                   {**extra, "Retry-After": str(retry)})
                return
            await app(scope, receive, _adding_headers(send, extra))

        return limited


def _adding_headers(send: Send, extra: dict[str, str]) -> Send:
    encoded = [(name.lower().encode(), value.encode()) for name, value in extra.items()]

    async def send_with_headers(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *encoded]
        await send(message)

    return send_with_headers
