"""Decoding a long stream creates many small objects at once; Python's cyclic garbage
collector would walk them again and again while they are made (measured: 60 ms of a
10,000-event load). None of them form cycles, so collection waits until decoding is done."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused(when: bool = True) -> Iterator[None]:
    if not when or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
