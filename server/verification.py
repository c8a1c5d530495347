"""`verify`: everything about a stream that can be re-derived, checked against what is stored.

- the hash chain (in the stream's own chain format), and that no version is missing;
- the dice: the commitment and every roll recomputed from the revealed seed, or, for the
  server's own verify of a stream still in play, from the secret seed it holds; every roll's
  nonce follows the last (a roll cut out of the log leaves a gap);
- every dice expression's total evaluated again from its dice;
- the rules: the log replays, and every command recorded with its events is decided again from
  the state before it with the dice it recorded, and must give exactly the recorded events
  (a raised total or swapped winners cannot survive this);
- receipts the client kept: every version and hash the server once signed is still in the log
  (a truncated or rewritten tail cannot survive this).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.battle import ReplayFromScratch
from domain.codec import command_from, event_data, event_type
from domain.dice import Die, Roll, join_client_seeds, recompute
from domain.dice_expression import roll_expression
from domain.errors import DomainError
from projections.roll_log import find_rolls
from server.limits.offload import BoundedRunner
from server.receipts import Notary, Receipt
from server.store.base import EventStore, RecordedEvent
from server.store.chain import GENESIS, canonical_bytes, chain_hash, chain_of
from server.stream_service import Kind, to_domain

# The command recorded with a fork's `battle_forked`: not a command of the battle's own, so it
# is not decided again (the fork's copy is the origin's log, checked where it came from).
FORK_COMMAND = "fork_battle"


class Problem(msgspec.Struct, frozen=True):
    """One thing that does not verify, at the event version it concerns."""

    version: int | None
    problem: str


class Report(msgspec.Struct, frozen=True):
    """The verification of a stream: `events` read, `rolls` recomputed from a seed, `commands`
    decided again with their recorded dice, `receipts` checked, the chain format, and every
    problem found (`ok` when there is none)."""

    ok: bool
    events: int
    rolls: int
    problems: list[Problem]
    commands: int = 0
    receipts: int = 0
    chain: str = ""


# ---- the hash chain ------------------------------------------------------------------------


def check_chain(events: list[RecordedEvent], recorded_version: int) -> list[Problem]:
    problems = []
    prev_hash = GENESIS
    chain = chain_of(events[0].data) if events else ""
    for expected_version, event in enumerate(events, start=1):
        if event.version != expected_version:
            problems.append(Problem(expected_version, f"event {expected_version} is missing"))
        if event.prev_hash != prev_hash:
            problems.append(Problem(event.version, "prev_hash does not match the previous event's hash"))
        digest = chain_hash(event.prev_hash, canonical_bytes(event.stream_id, event.version, event.type,
                                                             event.recorded_at, event.actor, event.data,
                                                             event.command, chain))
        if digest != event.hash:
            problems.append(Problem(event.version, "the event's content does not match its hash"))
        prev_hash = event.hash
    last = events[-1].version if events else 0
    if last < recorded_version:
        problems.append(Problem(last + 1, f"events {last + 1}..{recorded_version} are missing"))
    return problems


# ---- the dice ------------------------------------------------------------------------------


def _rolls(events: Iterable[RecordedEvent]) -> Iterable[tuple[RecordedEvent, Roll]]:
    for event in events:
        for raw in find_rolls(event.data):
            try:
                yield event, msgspec.convert(raw, Roll)
            except msgspec.ValidationError:
                continue  # reported by check_nonces


def check_nonces(events: list[RecordedEvent]) -> list[Problem]:
    """The nonces in use are 0, 1, 2... without a gap (a roll cut out of the log leaves one), each
    first used no earlier than the one before it (within one command, in any order); a nonce used
    again only in a verbatim restatement (a Pericle Karma re-run keeps the rolls it does not
    re-roll)."""
    problems = []
    first: dict[int, tuple[Roll, RecordedEvent]] = {}
    for event in events:
        for raw in find_rolls(event.data):
            try:
                roll = msgspec.convert(raw, Roll)
            except msgspec.ValidationError as exc:
                problems.append(Problem(event.version, f"a roll cannot be read: {exc}"))
                continue
            if roll.nonce not in first:
                first[roll.nonce] = (roll, event)
            elif roll != first[roll.nonce][0]:
                problems.append(Problem(event.version, f"nonce {roll.nonce} is used twice"))
    expected = 0
    previous: RecordedEvent | None = None
    for nonce in sorted(first):
        event = first[nonce][1]
        if nonce > expected:
            problems.append(Problem(event.version, f"nonces {expected}..{nonce - 1} are missing: a roll was removed"))
        if previous is not None and event.version < previous.version and event.recorded_at != previous.recorded_at:
            problems.append(Problem(event.version, f"nonce {nonce} is used before nonce {nonce - 1}"))
        expected, previous = nonce + 1, event
    return problems


def check_dice(events: list[RecordedEvent], entity_id: str, secret: bytes | None = None) -> tuple[int, list[Problem]]:
    """Recompute every roll from the revealed seed (or from `secret`, the seed the server holds,
    for a stream still in play); returns (rolls checked, problems). Battles mix in their seats'
    client seeds; tournaments have none (`""`)."""
    created = events[0] if events else None
    # A fork's copied events were rolled with its origin's seed (check them there); its own
    # dice start at `battle_forked`, whose commitment they answer to.
    forked = next((e for e in reversed(events) if e.type == "battle_forked"), None)
    own = [e for e in events if not forked or e.version > forked.version]
    revealed = next((e for e in own if e.type == "dice_seed_revealed"), None)
    if created is None or "dice" not in created.data or (revealed is None and secret is None):
        return 0, []
    first_own = forked.version if forked else 0
    commitment = (forked or created).data["dice"]["commitment"]
    problems = []
    seed = bytes.fromhex(revealed.data["server_seed"]) if revealed is not None else secret
    assert seed is not None
    if hashlib.sha256(seed).hexdigest() != commitment:
        where = revealed.version if revealed is not None else first_own + 1
        problems.append(Problem(where, "the seed does not match the commitment"))
    seats = created.data["seats"] if created.type == "battle_created" else []
    seeds: dict[str, str | None] = dict.fromkeys(seats)
    checked = 0
    done: set[int] = set()
    for event in events:
        if event.type == "seat_claimed":
            seeds[event.data["seat"]] = event.data.get("client_seed")
        client_seeds = join_client_seeds([seeds.get(s) for s in seats])
        if event.version <= first_own:
            continue
        for _, roll in _rolls([event]):
            if roll.nonce in done:
                continue  # a restatement: check_nonces compares it with the first
            done.add(roll.nonce)
            checked += 1
            expected = recompute(seed, entity_id, client_seeds, roll)
            if list(roll.dice) != expected:
                # Before the reveal, say only that it differs: the faces it should show are the seed's.
                shown = f": expected {[d.index for d in expected]}" if revealed is not None else ""
                problems.append(Problem(event.version, f"roll with nonce {roll.nonce} does not match the seed{shown}"))
    return checked, problems


class _Recorded:
    """A roll in progress that draws the faces a recorded roll shows."""

    def __init__(self, nonce: int, purpose: str, faces: list[Die]) -> None:
        self._nonce, self._purpose, self._faces = nonce, purpose, faces
        self._drawn: list[Die] = []

    def draw(self, sides: int) -> int:
        if not self._faces or self._faces[0].sides != sides:
            raise _Diverged(f"the rules draw a d{sides} where nonce {self._nonce} recorded "
                            f"{'a d' + str(self._faces[0].sides) if self._faces else 'no more dice'}")
        die = self._faces.pop(0)
        self._drawn.append(die)
        return die.index

    def finish(self, *, expression: str | None = None, total: int | None = None,
               result: str | None = None) -> Roll:
        if self._faces:
            raise _Diverged(f"nonce {self._nonce} recorded more dice than the rules draw")
        return Roll(nonce=self._nonce, purpose=self._purpose, dice=tuple(self._drawn), expression=expression,
                    total=total, result=result)


class _Diverged(Exception):
    """Deciding again drew dice the record does not hold."""


class RecordedDice:
    """Dice for deciding a recorded command again: each nonce draws the faces recorded for it."""

    def __init__(self, rolls: dict[int, Roll], next_nonce: int, commitment: str, seed_hex: str) -> None:
        self._rolls = rolls
        self.next_nonce = next_nonce
        self._commitment = commitment
        self._seed_hex = seed_hex

    @property
    def commitment(self) -> str:
        return self._commitment

    def start(self, purpose: str) -> _Recorded:
        nonce = self.next_nonce
        self.next_nonce += 1
        recorded = self._rolls.get(nonce)
        if recorded is None:
            raise _Diverged(f"the rules roll nonce {nonce}, which the record does not hold")
        return _Recorded(nonce, purpose, list(recorded.dice))

    def reveal(self) -> str:
        return self._seed_hex


def check_totals(events: list[RecordedEvent]) -> list[Problem]:
    """Every dice expression evaluated again from its own dice must give its recorded total."""
    problems = []
    for event, roll in _rolls(events):
        if roll.expression is None or roll.total is None:
            continue
        dice = RecordedDice({roll.nonce: roll}, roll.nonce, "", "")
        try:
            again = roll_expression(dice, roll.expression, roll.purpose)
        except (DomainError, _Diverged, ValueError, ArithmeticError) as exc:
            problems.append(Problem(event.version,
                                    f"the roll with nonce {roll.nonce} cannot be evaluated again: {exc}"))
            continue
        if again.total != roll.total:
            problems.append(Problem(event.version, f"the roll with nonce {roll.nonce} totals {again.total}, "
                                                   f"not the recorded {roll.total}"))
    return problems


# ---- the rules -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """What deciding a stream's commands again needs: the aggregate and its command types."""

    kind: Kind
    commands: dict[str, type[msgspec.Struct]]


def _commands(events: list[RecordedEvent]) -> list[tuple[int, int]]:
    """The [start, end) index ranges of the events each recorded command produced."""
    starts = [n for n, event in enumerate(events) if event.command is not None]
    return list(zip(starts, [*starts[1:], len(events)], strict=False))


def _difference(recorded: Sequence[RecordedEvent], decided: Sequence[msgspec.Struct]) -> str | None:
    if len(recorded) != len(decided):
        return (f"{len(decided)} events ({[event_type(e) for e in decided]}) where "
                f"{len(recorded)} are recorded ({[e.type for e in recorded]})")
    for event, again in zip(recorded, decided, strict=True):
        if event.type != event_type(again):
            return f"version {event.version} should be {event_type(again)}, not {event.type}"
        again_data = event_data(again)
        if event.data != again_data:
            again_data = _as_recorded_before_new_fields(again, again_data, event.data)
        if event.data != again_data:
            fields = sorted(k for k in {*event.data, *again_data} if event.data.get(k) != again_data.get(k))
            return f"version {event.version} ({event.type}) differs in {fields}"
    return None


def _as_recorded_before_new_fields(event: Any, data: Any, recorded: Any) -> Any:
    """The decided event's data without the fields its types gained after the event was recorded:
    those the record lacks and the decided event holds at their default, in the event and in the
    structs it holds (stored events evolve by adding fields with defaults, so an event recorded
    before a field existed has none)."""
    if isinstance(event, list | tuple) and isinstance(data, list) and isinstance(recorded, list) \
            and len(event) == len(data) == len(recorded):
        return [_as_recorded_before_new_fields(*items) for items in zip(event, data, recorded, strict=True)]
    if not (isinstance(event, msgspec.Struct) and isinstance(data, dict) and isinstance(recorded, dict)):
        return data
    fields = msgspec.structs.fields(event)
    kept = {name: value for name, value in data.items() if name not in {f.encode_name for f in fields}}  # the tag
    for field in fields:
        name = field.encode_name
        if name not in data:
            continue
        if name in recorded:
            kept[name] = _as_recorded_before_new_fields(getattr(event, field.name), data[name], recorded[name])
        elif not _at_default(field, data[name]):
            kept[name] = data[name]
    return kept


def _at_default(field: msgspec.structs.FieldInfo, value: Any) -> bool:
    if field.default is not msgspec.NODEFAULT:
        default = field.default
    elif field.default_factory is not msgspec.NODEFAULT:
        default = field.default_factory()
    else:
        return False
    return bool(msgspec.json.decode(msgspec.json.encode(default)) == value)


def check_rules(events: list[RecordedEvent], rules: Rules, secret_hex: str | None = None) -> tuple[int, list[Problem]]:
    """Replay the log, and decide every recorded command again; returns (commands decided
    again, problems)."""
    try:
        domain_events = to_domain(events)
        rules.kind.replay(domain_events)
    except (ValueError, msgspec.ValidationError, DomainError, KeyError, TypeError, AttributeError) as exc:
        return 0, [Problem(None, f"the log does not replay through the rules: {exc}")]
    rolls = {roll.nonce: roll for _, roll in _rolls(events)}
    revealed = next((e.data.get("server_seed", "") for e in events if e.type == "dice_seed_revealed"), None)
    commitment = events[0].data.get("dice", {}).get("commitment", "") if events else ""
    problems = []
    checked = 0
    state = rules.kind.initial()
    done = 0
    for start, end in _commands(events):
        state = _advance(rules.kind, state, domain_events, done, start)
        done = start
        first = events[start]
        assert first.command is not None
        if first.command.get("type") == FORK_COMMAND:
            continue  # a fork's own record; its copy is checked against the origin's log
        checked += 1
        problem = _decide_again(rules, state, first, events[start:end],
                                RecordedDice(rolls, state.next_nonce, commitment, revealed or secret_hex or ""))
        if problem is not None:
            problems.append(Problem(first.version, problem))
    return checked, problems


def _advance(kind: Kind, state: Any, events: list[msgspec.Struct], done: int, upto: int) -> Any:
    """The state after events[:upto], from the state after events[:done]."""
    if upto == done:
        return state
    try:
        return kind.replay(events[done:upto], state)
    except ReplayFromScratch:  # a revert reaches back: fold the whole prefix again
        return kind.replay(events[:upto])


def _decide_again(rules: Rules, state: Any, first: RecordedEvent, recorded: list[RecordedEvent],
                  dice: RecordedDice) -> str | None:
    assert first.command is not None
    try:
        command = command_from(first.command, rules.commands)
        decided = rules.kind.decide(state, command, dice, first.actor or "", first.recorded_at)
    except _Diverged as exc:
        return f"the recorded command, decided again, does not roll the recorded dice: {exc}"
    except DomainError as exc:
        return f"the recorded command is refused when decided again ({exc.rule}: {exc.detail})"
    except ValueError as exc:
        return f"the recorded command cannot be read: {exc}"
    difference = _difference(recorded, decided)
    return None if difference is None else f"the recorded command, decided again, gives other events: {difference}"


# ---- receipts ------------------------------------------------------------------------------


def check_receipts(events: list[RecordedEvent], receipts: Sequence[Receipt], notary: Notary | None,
                   stream_id: str) -> list[Problem]:
    """Every receipt the server genuinely signed for this stream must name an event still in the log."""
    problems = []
    by_version = {event.version: event for event in events}
    for receipt in receipts:
        if receipt.stream != stream_id:
            problems.append(Problem(receipt.version, f"a receipt for another stream ({receipt.stream})"))
            continue
        if notary is not None and not notary.is_genuine(receipt):
            problems.append(Problem(receipt.version, f"the receipt for version {receipt.version} is not signed by "
                                                     "a key this server publishes: it proves nothing"))
            continue
        held = by_version.get(receipt.version)
        if held is None:
            problems.append(Problem(receipt.version, f"the server signed version {receipt.version} (hash "
                                                     f"{receipt.hash[:12]}...), which the log no longer holds: "
                                                     "it was truncated"))
        elif held.hash != receipt.hash:
            problems.append(Problem(receipt.version, f"the server signed version {receipt.version} with hash "
                                                     f"{receipt.hash[:12]}..., the log holds {held.hash[:12]}...: "
                                                     "it was rewritten"))
    return problems


# ---- all of it -----------------------------------------------------------------------------


def verify(events: list[RecordedEvent], recorded_version: int, entity_id: str, *, rules: Rules | None = None,
           secret: bytes | None = None, receipts: Sequence[Receipt] = (), notary: Notary | None = None,
           stream_id: str = "") -> Report:
    """A battle's or a tournament's stream: its chain, dice, rules and the receipts given."""
    problems = check_chain(events, recorded_version)
    rolls, dice_problems = check_dice(events, entity_id, secret)
    problems += dice_problems + check_nonces(events) + check_totals(events)
    commands = 0
    if rules is not None:
        commands, rule_problems = check_rules(events, rules, secret.hex() if secret is not None else None)
        problems += rule_problems
    problems += check_receipts(events, receipts, notary, stream_id)
    return Report(ok=not problems, events=len(events), rolls=rolls, problems=problems, commands=commands,
                  receipts=len(receipts), chain=chain_of(events[0].data) if events else "")


__all__ = ["Problem", "Report", "Rules", "verify"]


async def verify_stream(store: EventStore, stream_id: str, entity_id: str, rules: Rules, notary: Notary,
                        receipts: Sequence[Receipt] = (), runner: BoundedRunner | None = None) -> Report | None:
    """The server's verification of one stream (None when there is no such stream): with the
    secret seed it holds, so a stream still in play has its dice checked too. The checks are
    pure and may be long (every command decided again): they run off the event loop, within
    one of the `runner`'s slots for expensive reads when one is given."""
    async with runner.slot() if runner is not None else contextlib.nullcontext():
        row = await store.stream(stream_id)
        if row is None:
            return None
        events = await store.read_stream(stream_id)
        secret = await store.secret(stream_id)
        return await asyncio.to_thread(verify, events, row.version, entity_id, rules=rules, secret=secret,
                                       receipts=receipts, notary=notary, stream_id=stream_id)
