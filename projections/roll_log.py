"""The roll log: every roll object in a battle's events, in order, with the event it sits in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec


class LoggedRoll(msgspec.Struct, frozen=True):
    version: int
    event_type: str
    roll: dict[str, Any]


def _is_roll(value: dict[str, Any]) -> bool:
    return {"nonce", "purpose", "dice"} <= value.keys() and isinstance(value["dice"], list)


def find_rolls(data: Any) -> Iterator[dict[str, Any]]:
    """Every roll object (`{"nonce", "purpose", "dice", ...}`) anywhere in an event's data."""
    if isinstance(data, dict):
        if _is_roll(data):
            yield data
            return
        for value in data.values():
            yield from find_rolls(value)
    elif isinstance(data, list):
        for item in data:
            yield from find_rolls(item)


def roll_log(events: list[tuple[int, str, dict[str, Any]]]) -> list[LoggedRoll]:
    return [LoggedRoll(version=version, event_type=type_, roll=roll)
            for version, type_, data in events for roll in find_rolls(data)]
