"""The uvicorn configuration, built in one place for `chronicle serve` and the test and
benchmark servers (bench/harness.py), so that both run with the same timeouts."""

from __future__ import annotations

import math
from typing import Any

import uvicorn
from litestar import Litestar

from server.limits.timeouts import header_timeout_protocol
from server.settings import Settings


def uvicorn_config(app: Litestar, settings: Settings, **overrides: Any) -> uvicorn.Config:
    options: dict[str, Any] = {
        "host": settings.host, "port": settings.port, "log_level": settings.log_level,
        # permessage-deflate costs more than it saves on our small frames.
        "ws_per_message_deflate": False,
        "http": header_timeout_protocol(settings.header_timeout),
        # A graceful shutdown waits for requests in flight, but not for ever (a trickled body
        # ends by itself after the body timeout).
        "timeout_graceful_shutdown": math.ceil(settings.shutdown_timeout),
        # Client addresses behind a proxy are read by the limits themselves, from TRUSTED_PROXIES
        # only (uvicorn's own default would believe X-Forwarded-For from any local process).
        "proxy_headers": False,
        **overrides,
    }
    return uvicorn.Config(app, **options)
