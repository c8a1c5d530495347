"""Changing frozen records held in tuples (seats, figures, entrants...), and recording them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

Record = TypeVar("Record", bound=msgspec.Struct)


def replace_where(items: tuple[Record, ...], matches: Callable[[Record], bool], **changes: Any) -> tuple[Record, ...]:
    """The items, with `changes` made to each one that matches."""
    return tuple(msgspec.structs.replace(item, **changes) if matches(item) else item for item in items)


def omit_empty(value: Any, data: Any) -> None:
    """Drop from `data` (the builtins of `value`) the fields a struct names in its class attribute
    `OMITTED_WHEN_EMPTY` while they are empty, in `value` and in the structs it holds: fields added
    later that are recorded only when given (a Pericle hero sheet's `runestones`), so that a command
    records what it always recorded for the same request."""
    if not isinstance(value, msgspec.Struct) or not isinstance(data, dict):
        return
    for name in getattr(value, "OMITTED_WHEN_EMPTY", ()):
        if name in data and not data[name]:
            del data[name]
    for field in value.__struct_fields__:
        inner = getattr(value, field, None)
        if isinstance(inner, msgspec.Struct):
            omit_empty(inner, data.get(field))
