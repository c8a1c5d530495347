"""`verify`: the hash chain of a stream, and once the seed is revealed, the commitment and
every roll recomputed from it."""

from __future__ import annotations

import hashlib

import msgspec

from domain.dice import Roll, join_client_seeds, recompute
from projections.roll_log import find_rolls
from server.store.base import RecordedEvent
from server.store.chain import GENESIS, canonical_bytes, chain_hash


class Problem(msgspec.Struct, frozen=True):
    """One thing that does not verify, at the event version it concerns."""

    version: int | None
    problem: str


class Report(msgspec.Struct, frozen=True):
    """The verification of a battle: the hash chain and every roll recomputed from the revealed
    seed."""

    ok: bool
    events: int
    rolls: int
    problems: list[Problem]


def check_chain(events: list[RecordedEvent], recorded_version: int) -> list[Problem]:
    problems = []
    prev_hash = GENESIS
    for expected_version, event in enumerate(events, start=1):
        if event.version != expected_version:
            problems.append(Problem(expected_version, f"event {expected_version} is missing"))
        if event.prev_hash != prev_hash:
            problems.append(Problem(event.version, "prev_hash does not match the previous event's hash"))
        digest = chain_hash(event.prev_hash, canonical_bytes(event.stream_id, event.version, event.type,
                                                             event.recorded_at, event.actor, event.data))
        if digest != event.hash:
            problems.append(Problem(event.version, "the event's content does not match its hash"))
        prev_hash = event.hash
    last = events[-1].version if events else 0
    if last < recorded_version:
        problems.append(Problem(last + 1, f"events {last + 1}..{recorded_version} are missing"))
    return problems


def check_dice(events: list[RecordedEvent], entity_id: str) -> tuple[int, list[Problem]]:
    """Recompute every roll from the revealed seed; returns (rolls checked, problems).
    Battles mix in their seats' client seeds; tournaments have none (`""`)."""
    created = events[0] if events else None
    # A fork's copied events were rolled with its origin's seed (check them there); its own
    # dice start at `battle_forked`, whose commitment they answer to.
    forked = next((e for e in events if e.type == "battle_forked"), None)
    own = [e for e in events if not forked or e.version > forked.version]
    revealed = next((e for e in own if e.type == "dice_seed_revealed"), None)
    if created is None or revealed is None or "dice" not in created.data:
        return 0, []
    first_own = forked.version if forked else 0
    commitment = (forked or created).data["dice"]["commitment"]
    problems = []
    seed = bytes.fromhex(revealed.data["server_seed"])
    if hashlib.sha256(seed).hexdigest() != commitment:
        problems.append(Problem(revealed.version, "the revealed seed does not match the commitment"))
    seats = created.data["seats"] if created.type == "battle_created" else []
    seeds: dict[str, str | None] = dict.fromkeys(seats)
    checked = 0
    seen: dict[int, Roll] = {}
    for event in events:
        if event.type == "seat_claimed":
            seeds[event.data["seat"]] = event.data.get("client_seed")
        client_seeds = join_client_seeds([seeds[s] for s in seats])
        if event.version <= first_own:
            continue
        for raw in find_rolls(event.data):
            roll = msgspec.convert(raw, Roll)
            if roll.nonce in seen:
                # A Pericle Karma re-run restates the rolls it keeps: allowed only verbatim.
                if roll != seen[roll.nonce]:
                    problems.append(Problem(event.version, f"nonce {roll.nonce} is used twice"))
                continue
            checked += 1
            seen[roll.nonce] = roll
            expected = recompute(seed, entity_id, client_seeds, roll)
            if list(roll.dice) != expected:
                problems.append(Problem(event.version, f"roll with nonce {roll.nonce} does not match the seed: "
                                        f"expected {[d.index for d in expected]}"))
    return checked, problems


def verify(events: list[RecordedEvent], recorded_version: int, entity_id: str) -> Report:
    """A battle's or a tournament's stream: its hash chain, and once revealed its dice."""
    problems = check_chain(events, recorded_version)
    rolls, dice_problems = check_dice(events, entity_id)
    problems += dice_problems
    return Report(ok=not problems, events=len(events), rolls=rolls, problems=problems)


__all__ = ["Report", "verify"]
