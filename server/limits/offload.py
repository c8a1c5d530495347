"""A bounded runner for expensive work: at most `concurrency` at once, the CPU part in a
worker thread so the event loop keeps answering, and a request that would wait longer than
`max_wait` for its turn is refused with `Busy` (503 `busy`, Retry-After) instead of queueing."""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class Busy(Exception):
    def __init__(self, retry_after: int) -> None:
        super().__init__(f"every slot for expensive reads is taken; retry after {retry_after} s")
        self.retry_after = retry_after


class BoundedRunner:
    def __init__(self, concurrency: int, max_wait: float) -> None:
        self._slots = asyncio.Semaphore(concurrency)
        self._max_wait = max_wait

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold one of the slots (for the work's reads as well as its computing)."""
        if self._slots.locked():
            try:
                await asyncio.wait_for(self._slots.acquire(), self._max_wait)
            except TimeoutError:
                raise Busy(max(1, math.ceil(self._max_wait))) from None
        else:
            await self._slots.acquire()
        try:
            yield
        finally:
            self._slots.release()

    async def run(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`function(*args, **kwargs)` in a worker thread, in a slot."""
        async with self.slot():
            return await asyncio.to_thread(function, *args, **kwargs)
