"""The version-2 hash chain hashes RFC 8785 (JCS) bytes, so that a verifier in any language
recomputes them: the fast path must agree with the `rfc8785` reference implementation on every
JSON value, floats and astral-plane keys included."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
import rfc8785
from hypothesis import given, settings
from hypothesis import strategies as st

from server.store.jcs import SAFE_INTEGER, NotCanonicalisable, _fast, canonical

texts = st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
scalars = (st.none() | st.booleans() | st.integers(-SAFE_INTEGER, SAFE_INTEGER)
           | st.floats(allow_nan=False, allow_infinity=False, width=64) | texts)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
                      max_leaves=20)


@settings(max_examples=400, deadline=None)
@given(values)
def test_the_fast_path_agrees_with_the_reference_implementation(value: Any) -> None:
    assert canonical(value) == rfc8785.dumps(value)


def test_integral_floats_are_written_as_javascript_writes_them() -> None:
    """The defect that broke the first chain format for a JavaScript verifier: 3.0 hashed as `3.0`."""
    assert canonical({"x": 3.0, "b": [1e21, 0.1, -0.0]}) == b'{"b":[1e+21,0.1,0],"x":3}'


def test_keys_sort_by_utf16_code_units() -> None:
    """U+FF61 sorts after an astral character in code point order, before it in UTF-16."""
    assert canonical({"\uff61": 1, "\U0001f600": 2}) == rfc8785.dumps({"\uff61": 1, "\U0001f600": 2})
    assert canonical({"\uff61": 1, "\U0001f600": 2}).index("\U0001f600".encode()) < \
        canonical({"\uff61": 1, "\U0001f600": 2}).index("\uff61".encode())


def test_integers_beyond_what_javascript_holds_are_refused() -> None:
    with pytest.raises(NotCanonicalisable):
        canonical({"x": 2**60})


@pytest.mark.parametrize(("value", "fast"), [
    ({"recorded_at": "2026-12-01T06:00:00.000000Z", "id": "5e0c-1e9", "n": 123456789012345, "q": 'a"1.5\\"'}, True),
    ({"text": "12345678901234567", "list": [-1, 0, True, None]}, True),
    ({"n": 1234567890123456}, False),  # sixteen digits: beyond what the fast path vouches for
    ({"x": 1.5}, False),
    ({"x": 1e21}, False),
    ({"x": "\U0001f600"}, False),
])
def test_the_fast_path_is_taken_for_integers_and_text_only(value: Any, fast: bool) -> None:
    """Issue #19: the usual event (text, small integers) is canonical as msgspec writes it, and
    only that; whatever else goes through the reference implementation."""
    assert _fast(msgspec.json.Encoder(order="sorted").encode(value)) is fast
    assert canonical(value) == rfc8785.dumps(value)
