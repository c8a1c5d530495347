"""Checks on every request body before any handler decodes it, whatever the endpoint:

- JSON nested deeper than `MAX_JSON_DEPTH` is refused with 400 `body-too-deep`. No request
  of the API needs more, and the decoders recurse: a thousand levels exhaust the stack.
- Text holding U+0000 is refused with 400 `bad-request` and a `pointer` (RFC 6901) to the
  string. Postgres stores no U+0000 in text or jsonb, and any string of a body may end up in
  either, so this is answered once for every field rather than by a pattern on each.
- A number no JSON reader holds exactly (an integer beyond ±(2**53 - 1), or a float that
  overflows to infinity) is refused with 400 `number-out-of-range` and a `pointer`: whatever a
  body holds may be recorded in an event, and the hash chain's canonical form (RFC 8785), like
  every JavaScript client, has no such numbers.

The checks are skipped at no cost for the usual body: nesting cannot be deeper than the
number of `[` and `{` bytes, a decoded U+0000 needs the escape `\\u0000` in the text, and such
a number needs sixteen digits in a row or an exponent of three.
"""

from __future__ import annotations

import math
import re
from typing import Any

import msgspec
from litestar import Request

from server.problems import problem
from server.store.jcs import SAFE_INTEGER

MAX_JSON_DEPTH = 32
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})
_ESCAPED_NUL = b"\\u0000"
_HUGE_NUMBER = re.compile(rb"[0-9]{16}|[0-9][eE][+-]?[0-9]{3}")
_decode = msgspec.json.Decoder().decode

Trail = tuple["Trail", str | int] | None  # the way from the body's root to a value, innermost step last


async def refuse_unstorable_bodies(request: Request[Any, Any, Any]) -> None:
    """A `before_request` hook: raises the problem for a body that is too deep or holds U+0000."""
    if request.method not in _BODY_METHODS:
        return
    body = await request.body()
    if not may_be_unstorable(body):
        return
    try:
        document = _decode(body)
    except RecursionError as exc:
        raise _too_deep(None) from exc
    except msgspec.DecodeError as exc:
        if "number out of range" in str(exc).lower():  # 1e400: beyond even a float
            raise _out_of_range(None) from exc
        return  # not JSON: the endpoint's own decoding says what is wrong with it
    _check(document)


def may_be_unstorable(body: bytes) -> bool:
    """Whether a body needs the checks at all (see the module's docstring): False for the usual one."""
    may_be_deep = body.count(b"[") + body.count(b"{") > MAX_JSON_DEPTH
    return may_be_deep or _ESCAPED_NUL in body or _HUGE_NUMBER.search(body) is not None


def _check(document: Any) -> None:
    pending: list[tuple[Any, int, Trail]] = [(document, 0, None)]
    while pending:
        value, depth, trail = pending.pop()
        if isinstance(value, str):
            if "\x00" in value:
                raise _nul(trail)
        elif isinstance(value, bool):
            continue
        elif _out_of_json_range(value):
            raise _out_of_range(trail)
        elif isinstance(value, dict | list):
            if depth >= MAX_JSON_DEPTH:
                raise _too_deep(trail)
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str) and "\x00" in key:
                    raise _nul((trail, key))
                pending.append((item, depth + 1, (trail, key)))


def _out_of_json_range(value: Any) -> bool:
    if isinstance(value, int):
        return not -SAFE_INTEGER <= value <= SAFE_INTEGER
    return isinstance(value, float) and not math.isfinite(value)


def json_pointer(trail: Trail) -> str:
    steps: list[str] = []
    while trail is not None:
        trail, step = trail
        steps.append(str(step).replace("~", "~0").replace("/", "~1"))
    return "".join(f"/{step}" for step in reversed(steps))


def _too_deep(trail: Trail) -> Exception:
    detail = f"JSON in a request nests at most {MAX_JSON_DEPTH} arrays and objects deep"
    if trail is None:  # too deep even to decode: the first container too deep has no known place
        return problem(400, "body-too-deep", detail)
    return problem(400, "body-too-deep", detail, pointer=json_pointer(trail))


def _nul(trail: Trail) -> Exception:
    pointer = json_pointer(trail)
    return problem(400, "bad-request", f"text may not contain the character U+0000 (at {pointer or 'the root'})",
                   pointer=pointer)


def _out_of_range(trail: Trail) -> Exception:
    pointer = json_pointer(trail)
    return problem(400, "number-out-of-range", f"numbers are integers within ±{SAFE_INTEGER} or finite decimals "
                   f"(at {pointer or 'the root'})", pointer=pointer)
