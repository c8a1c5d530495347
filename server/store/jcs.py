"""RFC 8785 JSON Canonicalization Scheme (JCS): the bytes the version-2 hash chain hashes, so
that a verifier in any language (a browser's, Node's) recomputes them from the JSON it reads.

Fast path: without floats, with integers a JavaScript number holds exactly, and with no
object key beyond the Basic Multilingual Plane, msgspec's key-sorted encoding is already
canonical (its string escaping is JCS's: `\\b \\t \\n \\f \\r`, `\\u00xx` for the other control
characters, everything else as UTF-8). Anything else goes through the `rfc8785` reference
implementation, which tests compare with this fast path.
"""

from __future__ import annotations

from typing import Any

import msgspec
import rfc8785

SAFE_INTEGER = 2**53 - 1  # the largest integer every JSON reader holds exactly (RFC 8785, I-JSON)
_sorted = msgspec.json.Encoder(order="sorted")


class NotCanonicalisable(ValueError):
    """The value has no JCS form (an integer beyond ±(2**53 - 1), NaN or an infinity)."""


def _fast(value: Any) -> bool:
    """True when msgspec's sorted encoding of `value` is its JCS form."""
    if isinstance(value, str) or value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -SAFE_INTEGER <= value <= SAFE_INTEGER
    if isinstance(value, dict):
        # UTF-16 and code point order part only for keys holding characters beyond U+FFFF.
        return all(k.isascii() or max(map(ord, k)) <= 0xFFFF for k in value) and all(
            _fast(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(_fast(v) for v in value)
    return False  # floats, and anything else, go to the reference implementation


def canonical(value: Any) -> bytes:
    """The RFC 8785 canonical UTF-8 bytes of a JSON value."""
    if _fast(value):
        return _sorted.encode(value)
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, TypeError) as exc:
        raise NotCanonicalisable(str(exc)) from exc
