"""`verify` decides every recorded command again and compares the events. Stored events evolve by
adding fields with defaults (the brief), so an event recorded before its type gained a field is
the same event as the one decided today with that field at its default; any other difference,
a new field's value included, still fails."""

from __future__ import annotations

from typing import Any

import msgspec

from server.store.base import RecordedEvent
from server.verification import _difference


class Gained(msgspec.Struct, frozen=True, kw_only=True, tag="gained"):
    total: int
    note: str | None = None  # a field added after some events were recorded
    parts: tuple[int, ...] = ()


def recorded(data: dict[str, Any], kind: str = "gained") -> RecordedEvent:
    return RecordedEvent(stream_id="s", version=3, position=3, type=kind, data=data, actor="p",
                         recorded_at="2024-01-01T00:00:00Z", hash="h", prev_hash="g")


def test_a_field_added_since_with_its_default_is_no_difference() -> None:
    assert _difference([recorded({"total": 4})], [Gained(total=4)]) is None
    assert _difference([recorded({"total": 4, "note": None, "parts": []})], [Gained(total=4)]) is None


def test_every_other_difference_is_one() -> None:
    assert _difference([recorded({"total": 4})], [Gained(total=5)]) is not None
    assert _difference([recorded({"total": 4})], [Gained(total=4, note="x")]) is not None, "not its default"
    assert _difference([recorded({"total": 4})], [Gained(total=4, parts=(1,))]) is not None
    assert _difference([recorded({"total": 4, "note": "x"})], [Gained(total=4)]) is not None


class Holder(msgspec.Struct, frozen=True, kw_only=True, tag="holder"):
    inner: Gained
    many: tuple[Gained, ...] = ()


def test_fields_added_to_the_structs_an_event_holds_count_alike() -> None:
    decided = Holder(inner=Gained(total=1), many=(Gained(total=2), Gained(total=3)))
    old = {"inner": {"type": "gained", "total": 1}, "many": [{"type": "gained", "total": 2},
                                                             {"type": "gained", "total": 3}]}
    assert _difference([recorded(old, "holder")], [decided]) is None
    assert _difference([recorded({**old, "inner": {"type": "gained", "total": 9}}, "holder")], [decided]) is not None
    assert _difference([recorded({**old, "many": old["many"][:1]}, "holder")], [decided]) is not None
