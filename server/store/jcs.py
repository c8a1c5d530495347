"""RFC 8785 JSON Canonicalization Scheme (JCS): the bytes the version-2 hash chain hashes, so
that a verifier in any language (a browser's, Node's) recomputes them from the JSON it reads.

Fast path: without floats, with integers a JavaScript number holds exactly, and with no
character beyond the Basic Multilingual Plane, msgspec's key-sorted encoding is already
canonical (its string escaping is JCS's: `\\b \\t \\n \\f \\r`, `\\u00xx` for the other control
characters, everything else as UTF-8). Anything else goes through the `rfc8785` reference
implementation, which tests compare with this fast path.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
import rfc8785

SAFE_INTEGER = 2**53 - 1  # the largest integer every JSON reader holds exactly (RFC 8785, I-JSON)
_sorted = msgspec.json.Encoder(order="sorted")


class NotCanonicalisable(ValueError):
    """The value has no JCS form (an integer beyond ±(2**53 - 1), NaN or an infinity)."""


# A JSON string (escapes included); once the strings are cut out of msgspec's encoding, what is
# left are delimiters, `true`, `false`, `null` and numbers.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')  # the "unrolled loop": no alternation per character
# What no safe integer holds: a fraction or an exponent (a digit then `.`, `e` or `E`: `true`
# and `false` follow no digit), or a sixteenth digit in a row (at most 15: within the safe integers).
_NOT_A_SAFE_INTEGER = re.compile(rb"[0-9][.eE]|[0-9]{16}")
_FOUR_BYTE_LEAD = re.compile(rb"[\xf0-\xff]")  # the lead byte of every 4-byte UTF-8 sequence


def _fast(encoded: bytes) -> bool:
    """True when msgspec's key-sorted encoding is already the JCS form: every number an integer
    a JavaScript number holds exactly, and no character beyond U+FFFF (whose UTF-16 order
    differs from code point order; conservatively, anywhere). Two C-level regex passes: a
    command's canonical form is made once per event, on the command path."""
    if _FOUR_BYTE_LEAD.search(encoded):
        return False
    return _NOT_A_SAFE_INTEGER.search(_STRING.sub(b"", encoded)) is None


def canonical(value: Any) -> bytes:
    """The RFC 8785 canonical UTF-8 bytes of a JSON value."""
    encoded = _sorted.encode(value)
    if _fast(encoded):
        return encoded
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, TypeError) as exc:
        raise NotCanonicalisable(str(exc)) from exc
