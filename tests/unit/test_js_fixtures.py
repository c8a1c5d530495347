"""The JavaScript verifier's tests (tests/js/) compare it with fixtures the Python reference code
made: they must still be what that code makes (else `python -m tests.js.fixtures` rewrites them)."""

from __future__ import annotations

from tests.js.fixtures import stale


def test_the_javascript_verifiers_fixtures_are_what_the_python_code_makes() -> None:
    assert stale() == [], "run python -m tests.js.fixtures and commit tests/js/fixtures/"
