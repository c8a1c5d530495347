"""The dice algorithm chronicle-hmac-sha256-v1 (README, "Dice anyone can verify")."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from domain.dice import ALGORITHM, HmacDice, commitment, draw_index, join_client_seeds, recompute, roll_dice

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
    rejected = limit.to_bytes(4, "big")  # the smallest biased word
    accepted = (limit - 1).to_bytes(4, "big")
    assert draw_index(iter(rejected + accepted), 6) == (limit - 1) % 6


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
