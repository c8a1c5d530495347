"""Group commit of appends (issue #19, server/store/append_batches.py), against a fake sender: which
appends share a batch, how many batches are out at once, and what each waiting append is told."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from server.store.append_batches import AppendBatches, OneAppend, Outcomes, batch_arguments

MOMENT = datetime(2026, 12, 1, tzinfo=UTC)


def one(stream: str, expected: int = 1) -> OneAppend:
    return OneAppend(stream, expected, "0" * 64, MOMENT, "rolled", "{}", "p", "a" * 64, None)


class FakePostgres:
    """Answers each batch after `gate` opens: the next position for every stream not in `refuse`."""

    def __init__(self, refuse: frozenset[str] = frozenset(), fail: BaseException | None = None) -> None:
        self.batches: list[list[str]] = []
        self.gates: dict[int, asyncio.Event] = {}  # a gate of its own for the batch at that index
        self.refuse = refuse
        self.fail = fail
        self.gate = asyncio.Event()
        self.gate.set()
        self.position = 0
        self.most_at_once = self.at_once = 0

    async def send(self, batch: list[OneAppend]) -> Outcomes:
        self.batches.append([item.stream_id for item in batch])
        self.at_once += 1
        self.most_at_once = max(self.most_at_once, self.at_once)
        try:
            await self.gates.get(len(self.batches) - 1, self.gate).wait()
            if self.fail is not None:
                raise self.fail
            outcomes: Outcomes = {}
            for item in batch:
                if item.stream_id not in self.refuse:
                    self.position += 1
                    outcomes[item.stream_id] = self.position
            return outcomes
        finally:
            self.at_once -= 1


def held_back(in_flight: int) -> tuple[FakePostgres, AppendBatches]:
    """A batcher whose fake Postgres answers nothing until its gate is opened."""
    postgres = FakePostgres()
    postgres.gate.clear()
    return postgres, AppendBatches(postgres.send, in_flight=in_flight)


def sending(batches: AppendBatches, *appends: OneAppend) -> list[asyncio.Future[int | None]]:
    """The appends started, each waiting for its outcome."""
    return [asyncio.ensure_future(batches.append(append)) for append in appends]


async def test_a_lone_append_is_sent_at_once_in_a_batch_of_its_own() -> None:
    postgres = FakePostgres()
    batches = AppendBatches(postgres.send, in_flight=4)
    assert await batches.append(one("a")) == 1
    assert postgres.batches == [["a"]]


async def test_appends_waiting_together_share_one_batch() -> None:
    postgres, batches = held_back(in_flight=4)
    sent = sending(batches, *(one(f"s{n}") for n in range(10)))
    await asyncio.sleep(0.01)
    postgres.gate.set()
    positions = await asyncio.gather(*sent)
    assert postgres.batches[:4] == [["s0"], ["s1"], ["s2"], ["s3"]], "while a connection is free, sent at once"
    assert postgres.batches[4:] == [[f"s{n}" for n in range(4, 10)]], "one statement for the six that waited"
    assert sorted(positions) == list(range(1, 11))


async def test_no_more_batches_are_out_than_connections_and_the_rest_wait_for_the_next() -> None:
    postgres, batches = held_back(in_flight=2)
    first = sending(batches, *(one(f"a{n}") for n in range(3)))
    await asyncio.sleep(0.01)
    later = sending(batches, *(one(f"b{n}") for n in range(3)))
    await asyncio.sleep(0.01)
    assert postgres.batches == [["a0"], ["a1"]], "two out at once; the rest wait"
    postgres.gate.set()
    await asyncio.gather(*first, *later)
    assert postgres.batches[2:] == [["a2", "b0", "b1", "b2"]] and postgres.most_at_once == 2


async def test_a_batch_holds_one_append_per_stream() -> None:
    """Two appends to one stream cannot both be checked against the version they expect in one
    statement: the second goes in the next batch, after the first's outcome."""
    postgres, batches = held_back(in_flight=1)
    sent = sending(batches, one("w"), one("x"), one("y"), one("x", 2))
    await asyncio.sleep(0.01)
    postgres.gate.set()
    await asyncio.gather(*sent)
    assert postgres.batches == [["w"], ["x", "y"], ["x"]]


async def test_an_append_refused_in_a_batch_is_told_so_and_the_others_are_not() -> None:
    postgres = FakePostgres(refuse=frozenset({"moved-on"}))
    batches = AppendBatches(postgres.send, in_flight=4)
    positions = await asyncio.gather(batches.append(one("fine")), batches.append(one("moved-on")))
    assert positions == [1, None]


async def test_a_failed_batch_fails_every_append_in_it() -> None:
    postgres = FakePostgres(fail=ConnectionResetError("gone"))
    batches = AppendBatches(postgres.send, in_flight=4)
    results = await asyncio.gather(batches.append(one("a")), batches.append(one("b")), return_exceptions=True)
    assert all(isinstance(result, ConnectionResetError) for result in results)


async def test_an_error_for_one_stream_reaches_only_its_append() -> None:
    async def send(batch: list[OneAppend]) -> Outcomes:
        return {"a": 7, "b": ValueError("b's own")}

    batches = AppendBatches(send, in_flight=4)
    a, b = await asyncio.gather(batches.append(one("a")), batches.append(one("b")), return_exceptions=True)
    assert a == 7 and isinstance(b, ValueError)


async def test_a_cancelled_append_leaves_its_batch_to_finish_for_the_others() -> None:
    postgres, batches = held_back(in_flight=1)
    postgres.gates[1] = asyncio.Event()  # the second batch waits for it
    [alone] = sending(batches, one("alone"))
    await asyncio.sleep(0.01)
    waiting = dict(zip(("leaving", "staying"), sending(batches, one("leaving"), one("staying")), strict=True))
    await asyncio.sleep(0.01)
    postgres.gate.set()
    assert await alone == 1
    await asyncio.sleep(0.01)
    assert postgres.batches == [["alone"], ["leaving", "staying"]], "the two waiting are out, held"
    waiting["leaving"].cancel()
    postgres.gates[1].set()
    assert await waiting["staying"] == 3
    with pytest.raises(asyncio.CancelledError):
        await waiting["leaving"]


def test_the_statement_takes_one_array_per_field() -> None:
    assert batch_arguments([one("a", 3), one("b", 5)])[:2] == [["a", "b"], [3, 5]]
    assert len(batch_arguments([one("a")])) == len(OneAppend._fields) == 9
