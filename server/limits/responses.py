"""Problem responses sent straight from ASGI middleware, shaped as the app's own."""

from __future__ import annotations

import msgspec
from litestar.types import Send

from server.problems import problem


async def send_problem(send: Send, status: int, rule: str, detail: str, headers: dict[str, str]) -> None:
    refusal = problem(status, rule, detail)
    extra = refusal.extra if isinstance(refusal.extra, dict) else {}
    body = msgspec.json.encode({"status": status, "type": refusal.type_, "title": refusal.title, "detail": detail,
                                **extra})
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/problem+json"), (b"content-length", str(len(body)).encode()),
        *((name.lower().encode(), value.encode()) for name, value in headers.items())]})
    await send({"type": "http.response.body", "body": body, "more_body": False})
