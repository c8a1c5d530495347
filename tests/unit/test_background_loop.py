"""A background subscriber (projector, tournament runner, clock watcher, notifier, webhook
deliverer) never stops for good: an unexpected error is logged and the loop tries again,
backing off, with the traceback logged once per run of failures."""

from __future__ import annotations

import asyncio
import logging

import pytest

from server.projector import every


async def test_a_subscriber_that_fails_once_tries_again(caplog: pytest.LogCaptureFixture) -> None:
    calls: list[int] = []
    caught_up = asyncio.Event()

    async def catch_up() -> None:
        calls.append(len(calls))
        if len(calls) <= 3:
            raise RuntimeError("a fold that failed")
        caught_up.set()

    loop = asyncio.create_task(every(0.01, catch_up, "test subscriber"))
    try:
        await asyncio.wait_for(caught_up.wait(), timeout=5)
    finally:
        loop.cancel()
    assert len(calls) >= 4
    failed = [r for r in caplog.records if r.levelno == logging.ERROR and "test subscriber failed" in r.getMessage()]
    assert len(failed) == 3 and [r.exc_info is not None for r in failed] == [True, False, False]
