"""Changing frozen records held in tuples (seats, figures, entrants...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

Record = TypeVar("Record", bound=msgspec.Struct)


def replace_where(items: tuple[Record, ...], matches: Callable[[Record], bool], **changes: Any) -> tuple[Record, ...]:
    """The items, with `changes` made to each one that matches."""
    return tuple(msgspec.structs.replace(item, **changes) if matches(item) else item for item in items)
