"""The per-stream hash chain: hash = sha256(prev_hash || canonical bytes of the event).

`prev_hash` is the previous event's hash as 64 lower-case hex characters (ASCII), and
64 zeros for a stream's first event. The canonical bytes are the UTF-8 JSON, keys
sorted at every level and no whitespace, of
{"actor", "data", "recorded_at", "stream_id", "type", "version"}.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

import msgspec

GENESIS = "0" * 64
_encoder = msgspec.json.Encoder(order="sorted")


def format_time(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def canonical_bytes(stream_id: str, version: int, type_: str, recorded_at: str, actor: str | None,
                    data: Any) -> bytes:
    return _encoder.encode({
        "actor": actor, "data": data, "recorded_at": recorded_at,
        "stream_id": stream_id, "type": type_, "version": version,
    })


def chain_hash(prev_hash: str, canonical: bytes) -> str:
    return hashlib.sha256(prev_hash.encode("ascii") + canonical).hexdigest()
