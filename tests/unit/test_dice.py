"""The dice algorithm chronicle-hmac-sha256-v1 (README, "Dice anyone can verify")."""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from domain.dice import ALGORITHM, HmacDice, commitment, draw_index, join_client_seeds, recompute, roll_dice, roll_words

SEED = bytes(range(32))
BATTLE = "8a1f5c2e-0000-4000-8000-000000000001"


def test_commitment_is_sha256_of_the_seed_in_lower_case_hex() -> None:
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()
    assert ALGORITHM == "chronicle-hmac-sha256-v1"


def test_client_seeds_join_in_seat_order_with_empty_for_none() -> None:
    assert join_client_seeds(["a", None, "c"]) == "a,,c"
    assert join_client_seeds([None, None]) == ","


def test_a_known_vector() -> None:
    """The first die of nonce 0 read by hand from the HMAC, as the README describes."""
    digest = hmac.new(SEED, f"{BATTLE}|x,|0|0".encode(), hashlib.sha256).digest()
    word = int.from_bytes(digest[:4], "big")
    assert word < 2**32 - (2**32 % 6)  # this vector is not a rejection
    roll = roll_dice(HmacDice(SEED, BATTLE, ["x", None], 0), "test", [6])
    assert roll.nonce == 0 and roll.dice[0].index == word % 6


def test_rejection_sampling_skips_words_in_the_biased_tail() -> None:
    limit = 2**32 - (2**32 % 6)
    rejected = limit  # the smallest biased word
    accepted = limit - 1
    assert draw_index(iter([rejected, accepted]), 6) == (limit - 1) % 6


def test_nonces_grow_by_one_per_roll() -> None:
    dice = HmacDice(SEED, BATTLE, [], 7)
    assert [roll_dice(dice, "p", [6]).nonce for _ in range(3)] == [7, 8, 9]
    assert dice.next_nonce == 10


@given(sides=st.lists(st.integers(1, 1000), min_size=1, max_size=100), nonce=st.integers(0, 10_000),
       seeds=st.lists(st.one_of(st.none(), st.text(max_size=64)), max_size=8))
def test_every_face_is_in_range_and_recomputable(sides: list[int], nonce: int, seeds: list[str | None]) -> None:
    roll = roll_dice(HmacDice(SEED, BATTLE, seeds, nonce), "p", sides)
    assert [d.sides for d in roll.dice] == sides
    assert all(0 <= d.index < d.sides for d in roll.dice)
    assert recompute(SEED, BATTLE, join_client_seeds(seeds), roll) == list(roll.dice)


@given(client_seed=st.text(min_size=1, max_size=64))
def test_a_client_seed_changes_the_dice(client_seed: str) -> None:
    plain = roll_dice(HmacDice(SEED, BATTLE, [None], 0), "p", [1000] * 4)
    mixed = roll_dice(HmacDice(SEED, BATTLE, [client_seed], 0), "p", [1000] * 4)
    assert plain.dice != mixed.dice


def test_faces_are_uniform_enough() -> None:
    """A loose chi-square check over 60,000 d6 faces (the threshold fails under 1e-6 of the time)."""
    dice = HmacDice(SEED, BATTLE, [], 0)
    counts = Counter(d.index for _ in range(600) for d in roll_dice(dice, "p", [6] * 100).dice)
    expected = 10_000
    chi_square = sum((counts[i] - expected) ** 2 / expected for i in range(6))
    assert chi_square < 35.9  # 5 degrees of freedom, p = 1e-6


@given(seed=st.binary(min_size=32, max_size=32), battle=st.text(max_size=40), seeds=st.text(max_size=40),
       nonce=st.integers(min_value=0, max_value=10**9))
def test_the_word_stream_is_the_hmac_byte_stream_of_the_algorithm_read_four_bytes_at_a_time(
        seed: bytes, battle: str, seeds: str, nonce: int) -> None:
    """The README's algorithm: HMAC-SHA256(seed, "battle|client seeds|nonce|block") for blocks
    0, 1, 2, ... concatenated, read as 4-byte big-endian words (three blocks' worth here)."""
    stream = b"".join(hmac.new(seed, f"{battle}|{seeds}|{nonce}|{block}".encode(), hashlib.sha256).digest()
                      for block in range(3))
    expected = [int.from_bytes(stream[at:at + 4], "big") for at in range(0, len(stream), 4)]
    assert list(itertools.islice(roll_words(seed, battle, seeds, nonce), len(expected))) == expected
