"""The seed lines a test quotes, read from the copies in tests/seeds, so a quote that drifts from
its seed fails the test that makes it."""

from __future__ import annotations

from pathlib import Path

SEEDS = Path(__file__).resolve().parents[1] / "seeds"
PILGRIMAGE_GROUND = "000_244d29e6b625a4cd.txt"
PILGRIMAGE_SIGHT = "002_822d1b97ac6fc1e9.txt"


def quote(seed: str, line: int, words: str) -> str:
    """`words`, checked to stand on line `line` (1-based) of `seed`."""
    text = (SEEDS / seed).read_text(encoding="utf-8").splitlines()[line - 1]
    assert words in text, f"{seed}:{line} does not say {words!r}: {text!r}"
    return words
