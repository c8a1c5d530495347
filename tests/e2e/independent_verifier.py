"""A dice verifier written from the README alone (algorithm chronicle-hmac-sha256-v1).
It deliberately imports nothing from Chronicle."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any


def _bytes(seed: bytes, battle_id: str, client_seeds: str, nonce: int):  # type: ignore[no-untyped-def]
    block = 0
    while True:
        digest = hmac.new(seed, f"{battle_id}|{client_seeds}|{nonce}|{block}".encode(), hashlib.sha256).digest()
        yield from digest
        block += 1


def faces(seed: bytes, battle_id: str, client_seeds: str, nonce: int, sides: list[int]) -> list[int]:
    stream = _bytes(seed, battle_id, client_seeds, nonce)
    out = []
    for n in sides:
        while True:
            x = int.from_bytes(bytes(next(stream) for _ in range(4)), "big")
            if x < 2**32 - (2**32 % n):
                out.append(x % n)
                break
    return out


def find_rolls(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        if {"nonce", "purpose", "dice"} <= value.keys():
            return [value]
        return [roll for item in value.values() for roll in find_rolls(item)]
    if isinstance(value, list):
        return [roll for item in value for roll in find_rolls(item)]
    return []


def verify_battle(events: list[dict[str, Any]]) -> int:
    """Check the commitment and every roll; returns how many rolls were checked."""
    created = next(e for e in events if e["type"] == "battle_created")
    revealed = next(e for e in events if e["type"] == "dice_seed_revealed")
    seed = bytes.fromhex(revealed["data"]["server_seed"])
    assert hashlib.sha256(seed).hexdigest() == created["data"]["dice"]["commitment"]
    seats = created["data"]["seats"]
    client_seed = {e["data"]["seat"]: e["data"].get("client_seed") or "" for e in events
                   if e["type"] == "seat_claimed"}
    joined = ",".join(client_seed.get(seat, "") for seat in seats)
    checked = 0
    seen: dict[int, dict[str, Any]] = {}
    nonces = []
    for event in events:
        for roll in find_rolls(event["data"]):
            expected = faces(seed, created["battle_id"], joined, roll["nonce"], [d["sides"] for d in roll["dice"]])
            assert [d["index"] for d in roll["dice"]] == expected, roll
            if roll["nonce"] in seen:
                # A Karma re-run restates the rolls it keeps: the very same roll, never new dice.
                assert roll == seen[roll["nonce"]], roll
                continue
            seen[roll["nonce"]] = roll
            nonces.append(roll["nonce"])
            checked += 1
    # Within an event the stored JSON object's key order is not the order of the rolls, so the
    # check is on the set: every nonce from 0 up is used once, none skipped.
    assert sorted(nonces) == list(range(len(nonces))), ("nonces start at 0, one per new roll", nonces)
    return checked
