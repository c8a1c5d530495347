"""The per-stream hash chain: hash = sha256(prev_hash || canonical bytes of the event).

`prev_hash` is the previous event's hash as 64 lower-case hex characters (ASCII), and 64
zeros for a stream's first event. A stream names its chain format in its first event's data
(`chain`; absent means the first format):

- `sha256-jcs-v2` (every stream created since it was introduced): the canonical bytes are the
  RFC 8785 (JCS) form of {"actor", "command", "data", "recorded_at", "stream_id", "type",
  "version"}, where `command` is the command that produced the event for the first event of
  each command, and null for the others.
- `sha256-json-v1` (streams created before): msgspec's JSON with keys sorted at every level and
  no whitespace, of {"actor", "data", "recorded_at", "stream_id", "type", "version"}. Numbers
  are written as Python writes them (a float 3.0 as `3.0`), so only a Python verifier
  reproduces it byte for byte; the command, where recorded, is not part of it.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

import msgspec

from domain.events import CHAIN_V1, CHAIN_V2
from server.store.jcs import canonical

GENESIS = "0" * 64
CHAIN_FORMATS = (CHAIN_V1, CHAIN_V2)
_encoder = msgspec.json.Encoder(order="sorted")


def format_time(moment: datetime) -> str:
    if moment.tzinfo is not UTC:  # a moment read from Postgres is in UTC already
        moment = moment.astimezone(UTC)
    return moment.isoformat(timespec="microseconds").replace("+00:00", "Z")


def chain_of(first_event_data: dict[str, Any]) -> str:
    """A stream's chain format, from the data of its first event."""
    chain = first_event_data.get("chain", CHAIN_V1)
    return chain if chain in CHAIN_FORMATS else CHAIN_V1


def canonical_bytes(stream_id: str, version: int, type_: str, recorded_at: str, actor: str | None,
                    data: Any, command: Any = None, chain: str = CHAIN_V1) -> bytes:
    if chain == CHAIN_V2:
        return canonical({
            "actor": actor, "command": command, "data": data, "recorded_at": recorded_at,
            "stream_id": stream_id, "type": type_, "version": version,
        })
    return _encoder.encode({
        "actor": actor, "data": data, "recorded_at": recorded_at,
        "stream_id": stream_id, "type": type_, "version": version,
    })


def chain_hash(prev_hash: str, canonical: bytes) -> str:
    return hashlib.sha256(prev_hash.encode("ascii") + canonical).hexdigest()
