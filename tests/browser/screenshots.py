"""Screenshots of each page of the table in a browser, for the README: `python -m
tests.browser.screenshots` plays the same battles and tournament as the browser tests on a
fresh database (DATABASE_URL's server, or the embedded Postgres), opens each page in the
system's Chromium, and writes docs/web-*.png (desktop width, and the battle page at a phone's)."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from bench.harness import LiveServer
from server.settings import Settings
from tests.browser.world import D100, PERICLE_MAP, PILGRIMAGE, build, chromium_path
from tests.golden.record import recording_database

DOCS = Path(__file__).resolve().parents[2] / "docs"


def settle(page: Page, path: str) -> None:
    page.goto(path)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)


def main() -> int:
    DOCS.mkdir(exist_ok=True)
    with recording_database() as dsn, LiveServer(Settings(database_url=dsn, log_level="warning",
                                                          rate_limits=False)) as server:
        world = build(server.url)
        # The database and the server are up before Playwright starts its own event loop.
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path())
            desktop = browser.new_page(viewport={"width": 1280, "height": 900}, base_url=server.url)
            shots = {
                "web-index.png": "/",
                "web-pilgrimage.png": f"/battles/{world.battles[PILGRIMAGE]}",
                "web-pericle.png": f"/battles/{world.battles[PERICLE_MAP]}",
                "web-d100.png": f"/battles/{world.battles[D100]}",
                "web-tournament.png": f"/tournaments/{world.tournament}",
            }
            for name, path in shots.items():
                settle(desktop, path)
                if name != "web-index.png" and not name.startswith("web-tournament"):
                    desktop.get_by_test_id("verify-button").click()
                    desktop.wait_for_function("() => /^verified/.test(document.getElementById('verify-result')"
                                              ".textContent)")
                desktop.screenshot(path=str(DOCS / name), full_page=True)
                print(f"docs/{name}")
            phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, base_url=server.url)
            settle(phone, f"/battles/{world.battles[PILGRIMAGE]}")
            phone.screenshot(path=str(DOCS / "web-phone.png"))
            print("docs/web-phone.png")
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
