"""The limits in the OpenAPI document: every operation the rate limiter may refuse lists
429 and the RateLimit headers of its responses, and every write lists 408 (body timeout),
so that a client generated from the document (and schemathesis) expects them."""

from __future__ import annotations

from litestar.config.app import AppConfig
from litestar.datastructures import ResponseHeader
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.datastructures import ResponseSpec
from litestar.plugins import InitPluginProtocol
from litestar.types import ControllerRouterHandler

from server.api_models import ProblemDetail
from server.limits.policy import RequestClass, classify

# name: (a value of the header's type, for its schema; description)
_HEADERS: dict[str, tuple[int | str, str]] = {
    "RateLimit-Limit": (0, "requests allowed at once by the tightest rate limit of this request"),
    "RateLimit-Remaining": (0, "requests still allowed at once under that limit"),
    "RateLimit-Reset": (0, "seconds until that limit is whole again"),
    "RateLimit-Policy": ("", 'every rate limit of this request: `BURST;w=SECONDS_TO_REFILL;name="..."`, ...'),
}


def _problem(description: str) -> ResponseSpec:
    return ResponseSpec(data_container=ProblemDetail, media_type="application/problem+json",
                        generate_examples=False, description=description)


TOO_MANY_REQUESTS = _problem("over a rate limit (`rule` rate-limited): retry after `Retry-After` seconds")
REQUEST_TIMEOUT = _problem("the request body did not arrive in time (`rule` request-timeout)")


class DocumentedLimits(InitPluginProtocol):
    def on_app_init(self, app_config: AppConfig) -> AppConfig:
        for handler in app_config.route_handlers:
            document_limits(handler)
        return app_config


def document_limits(handler: ControllerRouterHandler) -> None:
    if not isinstance(handler, HTTPRouteHandler):  # a websocket, which no limit refuses with a response
        return
    classes = {classify(method, path) for method in handler.http_methods for path in handler.paths} - {None}
    if not classes:
        return
    responses = dict(handler.responses or {})
    responses[429] = TOO_MANY_REQUESTS
    if classes & {RequestClass.WRITE, RequestClass.PLAYER_CREATION}:
        responses[408] = REQUEST_TIMEOUT
    handler.responses = responses
    known = {header.name for header in handler.response_headers or ()}
    handler.response_headers = [*(handler.response_headers or ()), *(
        # Litestar types `value` as a string, but documents the header with the schema of the
        # value's type: an int value is how a header is documented as an integer.
        ResponseHeader(name=name, value=value, documentation_only=True,  # type: ignore[arg-type]
                       description=description)
        for name, (value, description) in _HEADERS.items() if name not in known)]
