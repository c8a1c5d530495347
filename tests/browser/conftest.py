"""Browser tests: a real Chromium (the system's, see world.chromium_path) driven by Playwright
against a live server, one browser for all of them. Every page a test opens is watched: a
console error or an uncaught script error fails the test that caused it.

Playwright's sync API runs an event loop of its own while it is started; pytest-playwright's
`browser` is session-scoped and would keep it running for the rest of the session, where the
asyncio tests and fixtures (tests/conftest.py's database) need theirs. So `browser` is
overridden here for this package: started after the database exists, stopped when the browser
tests end. pytest-playwright still gives its options (`--headed`, `--slowmo`...) through
`browser_type_launch_args`."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import asyncpg
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright

from bench.harness import LiveServer
from server.embedded import database_dsn
from server.settings import Settings
from tests.browser.world import World, build, chromium_path


@pytest.fixture(scope="package")
def browser(world: World, browser_type_launch_args: dict[str, Any]) -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(**{**browser_type_launch_args, "executable_path": chromium_path()})
        yield launched
        launched.close()


async def _admin(dsn: str, sql: str) -> None:
    connection = await asyncpg.connect(dsn)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@pytest.fixture(scope="package")
def web_database(database_url: str) -> Iterator[str]:
    """A database of its own beside the session's: two servers on one database would run two
    tournament runners over the same tournaments while the e2e tests time theirs."""
    name = f"chronicle_web_{uuid.uuid4().hex[:12]}"
    asyncio.run(_admin(database_url, f'CREATE DATABASE "{name}"'))
    yield database_dsn(database_url, name)
    asyncio.run(_admin(database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="package")
def web_server(web_database: str) -> Iterator[LiveServer]:
    """A server of its own for the pages: the rate limits are the e2e tests' business
    (tests/e2e/test_rate_limits.py), and other tests' reads must not throttle these pages."""
    with LiveServer(Settings(database_url=web_database, rate_limits=False)) as server:
        yield server


@pytest.fixture(scope="package")
def world(web_server: LiveServer) -> World:
    return build(web_server.url)


class Watched:
    """A page and every error its scripts or its console reported."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} at {message.location}")


@pytest.fixture
def watched(browser: Browser) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    watched = Watched(context.new_page())
    yield watched
    context.close()
    assert watched.errors == [], "the page reported errors"
