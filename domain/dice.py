"""Verifiable dice: algorithm `chronicle-hmac-sha256-v1`.

Every byte a die reads comes from HMAC-SHA256 keyed by the battle's secret
server seed, so the faces are fixed before anyone knows them and anyone holding
the revealed seed can recompute them. The algorithm is public API: the README
states it so that a verifier in another language can reproduce every roll.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

import msgspec

ALGORITHM = "chronicle-hmac-sha256-v1"
_SPACE = 2**32
_WORDS = struct.Struct(">8I")  # an HMAC-SHA256 block as eight 4-byte big-endian words


class Die(msgspec.Struct, frozen=True):
    sides: int
    index: int

    @property
    def face(self) -> int:
        """The number a numbered die shows (faces are 1-based)."""
        return self.index + 1


class Roll(msgspec.Struct, frozen=True, omit_defaults=True):
    """One nonce's worth of dice, as it appears inside every event."""

    nonce: int
    purpose: str
    dice: tuple[Die, ...]
    expression: str | None = None
    total: int | None = None
    result: str | None = None


def commitment(server_seed: bytes) -> str:
    return hashlib.sha256(server_seed).hexdigest()


def join_client_seeds(seeds: Sequence[str | None]) -> str:
    """The seats' client seeds in seat order, `""` for none, joined with `,`."""
    return ",".join(seed or "" for seed in seeds)


def roll_words(server_seed: bytes, battle_id: str, client_seeds: str, nonce: int) -> Iterator[int]:
    """The endless stream of one roll, read as 4-byte big-endian words: HMAC blocks 0, 1, 2, ...
    concatenated (a block is 32 bytes, eight whole words, so no word spans two blocks)."""
    prefix = f"{battle_id}|{client_seeds}|{nonce}|".encode()
    block = 0
    while True:
        digest = hmac.digest(server_seed, prefix + str(block).encode(), "sha256")
        yield from _WORDS.unpack(digest)
        block += 1


def draw_index(words: Iterator[int], sides: int) -> int:
    """Map the next words to a face index by rejection sampling (no modulo bias)."""
    if sides < 1:
        raise ValueError("a die needs at least one side")
    limit = _SPACE - (_SPACE % sides)
    for word in words:
        if word < limit:
            return word % sides
    raise AssertionError("the word stream is endless")


class RollInProgress(Protocol):
    def draw(self, sides: int) -> int:
        """Draw the next die of this roll; returns its 0-based face index."""
        ...

    def finish(self, *, expression: str | None = None, total: int | None = None,
               result: str | None = None) -> Roll: ...


class Dice(Protocol):
    """What `decide` draws from. The server gives one backed by the secret seed."""

    @property
    def commitment(self) -> str: ...

    def start(self, purpose: str) -> RollInProgress:
        """Open the next roll (the next nonce)."""
        ...

    def reveal(self) -> str:
        """The server seed in hex, for the event that ends the battle."""
        ...


class _HmacRoll:
    def __init__(self, stream: Iterator[int], nonce: int, purpose: str) -> None:
        self._stream = stream
        self._nonce = nonce
        self._purpose = purpose
        self._dice: list[Die] = []

    def draw(self, sides: int) -> int:
        index = draw_index(self._stream, sides)
        self._dice.append(Die(sides=sides, index=index))
        return index

    def finish(self, *, expression: str | None = None, total: int | None = None,
               result: str | None = None) -> Roll:
        return Roll(nonce=self._nonce, purpose=self._purpose, dice=tuple(self._dice),
                    expression=expression, total=total, result=result)


class HmacDice:
    """Dice for one decision: the battle's seed, its client seeds and the next unused nonce."""

    def __init__(self, server_seed: bytes, battle_id: str, client_seeds: Sequence[str | None],
                 next_nonce: int) -> None:
        self._seed = server_seed
        self._battle_id = battle_id
        self._client_seeds = join_client_seeds(client_seeds)
        self.next_nonce = next_nonce

    @property
    def commitment(self) -> str:
        return commitment(self._seed)

    def start(self, purpose: str) -> _HmacRoll:
        nonce = self.next_nonce
        self.next_nonce += 1
        stream = roll_words(self._seed, self._battle_id, self._client_seeds, nonce)
        return _HmacRoll(stream, nonce, purpose)

    def reveal(self) -> str:
        return self._seed.hex()


class WatchedDice:
    """Dice that remember every roll a decision opened, so that a refusal after a draw (which
    would let a player retry until the dice favour them) can be told from an honest one.
    `first_nonce` is the nonce the wrapped dice open next; they open consecutive nonces from it,
    as `HmacDice` does."""

    def __init__(self, dice: Dice, first_nonce: int) -> None:
        self._dice = dice
        self._first_nonce = first_nonce
        self.purposes: list[str] = []

    @property
    def commitment(self) -> str:
        return self._dice.commitment

    def start(self, purpose: str) -> RollInProgress:
        self.purposes.append(purpose)
        return self._dice.start(purpose)

    def reveal(self) -> str:
        return self._dice.reveal()

    @property
    def drawn(self) -> bool:
        """Whether any roll was started."""
        return bool(self.purposes)

    @property
    def nonces(self) -> tuple[int, ...]:
        """The nonces of the rolls started, in order."""
        return tuple(range(self._first_nonce, self._first_nonce + len(self.purposes)))


def roll_dice(dice: Dice, purpose: str, sides: Sequence[int]) -> Roll:
    """A roll of a fixed list of dice, drawn in order; `total` is the sum of faces."""
    in_progress = dice.start(purpose)
    faces = [in_progress.draw(n) + 1 for n in sides]
    return in_progress.finish(total=sum(faces))


def recompute(server_seed: bytes, battle_id: str, client_seeds: str, roll: Roll) -> list[Die]:
    """The dice a roll must show, given the revealed seed (used by `verify`)."""
    stream = roll_words(server_seed, battle_id, client_seeds, roll.nonce)
    return [Die(sides=d.sides, index=draw_index(stream, d.sides)) for d in roll.dice]


def rolls_in(value: Any) -> Iterator[Roll]:
    """Every roll object inside an event, wherever it sits."""
    if isinstance(value, Roll):
        yield value
    elif isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            yield from rolls_in(getattr(value, field))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from rolls_in(item)
