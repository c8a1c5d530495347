"""The table in a browser (#17), in a real Chromium: each ruleset's board shows the figures its
state holds, a committed event appears live (and after a dropped stream, once), the replay
slider shows the API's state at its version, the audit verifies a finished battle and names the
tampered event of a copy, the tournament's standings are the API's, and no page reports an
error, at a desktop's and a phone's width, by keyboard."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.browser.conftest import Watched
from tests.browser.world import (
    D100,
    PERICLE,
    PERICLE_MAP,
    PILGRIMAGE,
    PLAYED,
    World,
    play_round,
    tournament,
    tournament_command,
)
from tests.golden.client import Api


def api_get(world: World, path: str) -> Any:
    response = httpx.get(f"{world.url}{path}", timeout=30)
    assert response.status_code == 200, response.text
    return response.json()


def js_number(value: float | int) -> str:
    """A number as JavaScript's String() writes it (18.0 is "18")."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def figures_of(state: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Each figure or Character of a state, by id, with the attributes its element must carry."""
    rs = state["ruleset_state"]
    if state["ruleset"] == "pilgrimage":
        return {f["sheet"]["id"]: {"data-seat": f["sheet"]["seat"], "data-health": str(f["health"]),
                                   "data-x": "" if f["x"] is None else js_number(f["x"]),
                                   "data-y": "" if f["y"] is None else js_number(f["y"])} for f in rs["figures"]}
    if state["ruleset"] == "pericle":
        return {f["id"]: {"data-seat": f["seat"], "data-hp": str(f["hp"]), "data-facing": str(f["facing"]),
                          "data-hex": f"{f['hex']['q']},{f['hex']['r']}" if f["hex"] else ""} for f in rs["figures"]}
    return {c["id"]: {"data-seat": c["seat"], "data-hp": str(c["hp"])} for c in rs["characters"]}


def rendered_figures(page: Page, attributes: list[str]) -> dict[str, dict[str, str]]:
    return page.get_by_test_id("figure").evaluate_all(
        "(nodes, names) => Object.fromEntries(nodes.map((n) => [n.dataset.id, "
        "Object.fromEntries(names.map((a) => [a, n.getAttribute(a) ?? '']))]))", attributes)


def assert_board_shows(page: Page, state: dict[str, Any]) -> None:
    expect(page.get_by_test_id("board")).to_have_attribute("data-version", str(state["version"]))
    expected = figures_of(state)
    assert expected, "the state holds figures"
    attributes = sorted({a for f in expected.values() for a in f})
    assert rendered_figures(page, attributes) == expected


@pytest.mark.parametrize("played", PLAYED, ids=["/".join(p) for p in PLAYED])
def test_each_rulesets_board_renders_the_figures_the_state_holds(watched: Watched, world: World,
                                                                 played: tuple[str, str, str]) -> None:
    battle = world.battles[played]
    state = api_get(world, f"/v1/battles/{battle}/state")
    page = watched.page
    page.goto(f"{world.url}/battles/{battle}")
    assert_board_shows(page, state)
    rs = state["ruleset_state"]
    board = page.get_by_test_id("board")
    if state["ruleset"] == "pilgrimage":
        # The inch table to scale: its viewBox is the table's inches (and half an inch of margin).
        width, depth = rs["table"]["width"], rs["table"]["depth"]
        expect(board.locator("svg.board")).to_have_attribute("viewBox", f"-0.5 -0.5 {js_number(width + 1)} "
                                                                        f"{js_number(depth + 1)}")
        expect(board.locator("polygon[data-kind]")).to_have_count(len(rs["table"]["terrain"]))
        for figure in rs["figures"]:
            states = [s for s, on in (("Tired", figure["tired"]), ("Hidden", figure["hidden"]),
                                      ("Knocked Down", figure["knocked_down"])) if on]
            element = board.locator(f'[data-testid="figure"][data-id="{figure["sheet"]["id"]}"]')
            for word in states:
                expect(element).to_have_attribute("data-states", re.compile(word))
        expect(page.locator("#facts")).to_contain_text(rs["environment"]["season"])
        expect(page.locator("#facts")).to_contain_text(rs["environment"]["time"])
    elif state["ruleset"] == "pericle":
        hex_map = rs["encounter"]["map"]
        expect(board.locator("polygon[data-hex]")).to_have_count(hex_map["width"] * hex_map["height"])
        expect(board.locator('polygon[data-kind="wall"]')).to_have_count(len(hex_map["walls"]))
        expect(board.locator('polygon[data-kind="pit"]')).to_have_count(len(hex_map["pits"]))
        order = board.get_by_test_id("action-order").locator("li")
        expect(order).to_have_count(len(rs["order"]))
    else:
        for character in rs["characters"]:
            card = board.locator(f'[data-testid="figure"][data-id="{character["id"]}"]')
            expect(card).to_contain_text(f'{character["hp"]} / {character["max_hp"]}')
            expect(card).to_contain_text(str(character["major_wound_level"]))
    # Seats, status and winners as the summary has them.
    summary = api_get(world, f"/v1/battles/{battle}")
    expect(page.get_by_test_id("battle-status")).to_have_text(summary["status"])
    for seat in summary["seats"]:
        expect(page.locator(f'#seats tr[data-seat="{seat["name"]}"]')).to_be_visible()
    expect(page.locator("#summary")).to_contain_text(", ".join(summary["winners"]))
    # The log: one row per event.
    expect(page.get_by_test_id("event-row")).to_have_count(summary["version"])


@pytest.fixture
def api(world: World) -> Iterator[Api]:
    with httpx.Client(base_url=world.url, timeout=30) as http:
        yield Api(http)


@pytest.mark.parametrize("played", [("pericle", "3", "answered"), ("pilgrimage", "2", "refereed")],
                         ids=lambda p: "/".join(p))
def test_contested_and_voided_events_are_marked_with_the_contest_and_its_ruling(
        watched: Watched, world: World, played: tuple[str, str, str]) -> None:
    battle = world.battles[played]
    contests = api_get(world, f"/v1/battles/{battle}/contests")["contests"]
    events = api_get(world, f"/v1/battles/{battle}/events?limit=1000")["events"]
    assert contests and any(e["void"] for e in events), "the golden script contests and overturns an action"
    page = watched.page
    page.goto(f"{world.url}/battles/{battle}")
    expect(page.get_by_test_id("event-row")).to_have_count(len(events))
    voided = page.locator("[data-testid=event-row].void").evaluate_all(
        "(rows) => rows.map((r) => Number(r.dataset.version))")
    assert voided == [e["version"] for e in events if e["void"]]
    for contest in contests:
        row = page.locator(f'[data-testid="event-row"][data-version="{contest["version"]}"]')
        expect(row).to_have_class(re.compile("contested"))
        expect(row).to_contain_text(contest["reason"])
        expect(row).to_contain_text(contest["status"])
        if contest["ruling"]:
            expect(row).to_contain_text(contest["ruling"])


def new_d100_battle(api: Api) -> Any:
    north, south = api.player("north"), api.player("south")
    battle = api.create(north, "d100", "3", {"north": north, "south": south})
    battle.claim_all()
    battle.send("north", {"type": "start"})
    return battle


def roll(battle: Any, purpose: str) -> int:
    version: int = battle.send("north", {"type": "roll", "expression": "2d6", "purpose": purpose})["version"]
    return version


def test_an_event_committed_through_the_api_appears_within_two_seconds(watched: Watched, world: World,
                                                                       api: Api) -> None:
    battle = new_d100_battle(api)
    page = watched.page
    page.goto(f"{world.url}/battles/{battle.id}")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    for n in range(3):
        version = roll(battle, f"live roll {n}")
        committed = time.monotonic()
        row = page.locator(f'[data-testid="event-row"][data-version="{version}"]')
        expect(row).to_contain_text(f"live roll {n}", timeout=2000)
        assert time.monotonic() - committed < 2.0
    # The table follows: the board shows the new head, the slider reaches it.
    expect(page.get_by_test_id("board")).to_have_attribute("data-version", str(version))
    expect(page.get_by_test_id("replay-slider")).to_have_value(str(version))
    # Before the end the dice cannot be checked: the page shows the commitment instead.
    commitment = api_get(world, f"/v1/battles/{battle.id}/dice")["commitment"]
    expect(page.get_by_test_id("commitment")).to_have_text(commitment)


def test_a_dropped_stream_reconnects_and_resumes_after_the_last_event(watched: Watched, world: World,
                                                                      api: Api) -> None:
    battle = new_d100_battle(api)
    page = watched.page
    sockets: list[WebSocketRoute] = []

    def relay(socket: WebSocketRoute) -> None:
        socket.connect_to_server()
        sockets.append(socket)

    page.route_web_socket(re.compile(r"/stream\?after="), relay)
    page.goto(f"{world.url}/battles/{battle.id}")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    first = roll(battle, "before the drop")
    expect(page.locator(f'[data-testid="event-row"][data-version="{first}"]')).to_be_visible(timeout=2000)
    sockets[0].close(code=1012, reason="node going away")
    missed = [roll(battle, f"while away {n}") for n in range(2)]
    expect(page.locator(f'[data-testid="event-row"][data-version="{missed[-1]}"]')).to_be_visible(timeout=5000)
    assert len(sockets) == 2 and sockets[1].url.endswith(f"after={first}"), [s.url for s in sockets]
    versions = page.get_by_test_id("event-row").evaluate_all("(rows) => rows.map((r) => Number(r.dataset.version))")
    assert versions == list(range(1, missed[-1] + 1)), "every event once, in order"


def test_a_contest_and_its_overturning_are_marked_as_they_commit(watched: Watched, world: World, api: Api) -> None:
    battle = new_d100_battle(api)
    page = watched.page
    page.goto(f"{world.url}/battles/{battle.id}")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    contested = roll(battle, "a suspicious roll")
    opened = battle.send("south", {"type": "contest", "version": contested, "reason": "loaded dice"})
    row = page.locator(f'[data-testid="event-row"][data-version="{contested}"]')
    expect(row).to_have_class(re.compile("contested"))
    expect(row).to_contain_text('"loaded dice" — open')
    number = opened["events"][0]["data"]["contest"]
    battle.send("north", {"type": "agree", "contest": number})
    expect(row).to_contain_text("overturned")
    expect(row).to_have_class(re.compile("void"))
    voided = [e["version"] for e in api_get(world, f"/v1/battles/{battle.id}/events")["events"] if e["void"]]
    expect(page.locator("[data-testid=event-row].void")).to_have_count(len(voided))


def test_the_replay_slider_shows_the_state_the_api_gives_at_its_version(watched: Watched, world: World) -> None:
    battle = world.battles[PILGRIMAGE]
    page = watched.page
    page.goto(f"{world.url}/battles/{battle}")
    head = api_get(world, f"/v1/battles/{battle}")["version"]
    slider = page.get_by_test_id("replay-slider")
    expect(slider).to_have_attribute("max", str(head))
    middle = head // 2
    slider.fill(str(middle))
    assert_board_shows(page, api_get(world, f"/v1/battles/{battle}/state?at={middle}"))
    expect(page.locator(f'[data-testid="event-row"][data-version="{middle + 1}"]')).to_have_class(re.compile("future"))
    # By keyboard: one event back.
    slider.focus()
    page.keyboard.press("ArrowLeft")
    assert_board_shows(page, api_get(world, f"/v1/battles/{battle}/state?at={middle - 1}"))
    # The step buttons.
    page.get_by_role("button", name="Next event").click()
    assert_board_shows(page, api_get(world, f"/v1/battles/{battle}/state?at={middle}"))
    # A link opens the page at that version.
    link = page.get_by_role("link", name="Link to this version")
    expect(link).to_have_attribute("href", f"/battles/{battle}?at={middle}")
    page.goto(f"{world.url}/battles/{battle}?at=7")
    assert_board_shows(page, api_get(world, f"/v1/battles/{battle}/state?at=7"))
    expect(slider).to_have_value("7")
    # Seats and status as they stood then, not as they stand now: at event 1 no seat is claimed.
    page.goto(f"{world.url}/battles/{battle}?at=1")
    then = api_get(world, f"/v1/battles/{battle}/state?at=1")
    expect(page.get_by_test_id("battle-status")).to_have_text(then["status"])
    expect(page.locator("#seats tbody tr .muted")).to_have_count(2)
    page.get_by_role("button", name="Follow live").click()
    assert_board_shows(page, api_get(world, f"/v1/battles/{battle}/state"))
    expect(page.get_by_test_id("battle-status")).to_have_text(api_get(world, f"/v1/battles/{battle}")["status"])
    expect(page.locator("#seats tbody tr .muted")).to_have_count(0)


@pytest.mark.parametrize("played", [PILGRIMAGE, PERICLE, D100], ids=lambda p: "/".join(p))
def test_the_audit_says_verified_for_a_finished_battle(watched: Watched, world: World,
                                                       played: tuple[str, str, str]) -> None:
    battle = world.battles[played]
    page = watched.page
    page.goto(f"{world.url}/battles/{battle}")
    rows = page.get_by_test_id("event-row")
    expect(rows).to_have_count(api_get(world, f"/v1/battles/{battle}")["version"])
    page.get_by_test_id("verify-button").click()
    expect(page.get_by_test_id("verify-result")).to_have_text(re.compile(r"^verified"), timeout=15000)
    expect(page.locator("[data-testid=event-row] .audit-mark.ok")).to_have_count(rows.count())
    # The dice statistics count every die of the log, per die type.
    dice = sum(len(r["dice"]) for e in api_get(world, f"/v1/battles/{battle}/events?limit=1000")["events"]
               if not e["void"] for r in _rolls(e["data"]))
    totals = page.locator("[data-testid=dice-stats] figure").evaluate_all(
        "(fs) => fs.reduce((n, f) => n + Number(f.dataset.total), 0)")
    assert totals == dice


def _rolls(data: Any, seen: set[int] | None = None) -> list[dict[str, Any]]:
    """Every roll in an event's data, each nonce once (as verify.js's findRolls, deduplicated)."""
    seen = set() if seen is None else seen
    if isinstance(data, list):
        return [r for item in data for r in _rolls(item, seen)]
    if not isinstance(data, dict):
        return []
    if "nonce" in data and "purpose" in data and isinstance(data.get("dice"), list):
        if data["nonce"] in seen:
            return []
        seen.add(data["nonce"])
        return [data]
    return [r for value in data.values() for r in _rolls(value, seen)]


def test_the_audit_names_the_event_of_a_tampered_copy_of_the_log(watched: Watched, world: World,
                                                                 tmp_path: Path) -> None:
    battle = world.battles[PERICLE_MAP]
    page = watched.page
    page.goto(f"{world.url}/battles/{battle}")
    events = api_get(world, f"/v1/battles/{battle}/events?limit=1000")["events"]
    expect(page.get_by_test_id("event-row")).to_have_count(len(events))
    # The JSON Lines export is the log as the API serves it, one envelope a line.
    with page.expect_download() as download:
        page.get_by_role("button", name="Export JSON Lines").click()
    exported = Path(download.value.path()).read_text()
    assert [json.loads(line) for line in exported.splitlines()] == events
    # A copy with one die changed: the audit names that event.
    tampered = next(e for e in events if _rolls(e["data"]))
    die = _rolls(tampered["data"])[0]["dice"][0]
    die["index"] = (die["index"] + 1) % die["sides"]
    copy = tmp_path / "copy.jsonl"
    copy.write_text("".join(json.dumps(e) + "\n" for e in events))
    page.locator("#copy-input").set_input_files(copy)
    result = page.get_by_test_id("verify-result")
    expect(result).to_have_text(re.compile(rf"^failed: .*event {tampered['version']} \({tampered['type']}\)"),
                                timeout=15000)
    expect(page.locator(f'[data-testid="event-row"][data-version="{tampered["version"]}"]')).to_have_class(
        re.compile("audit-bad"))
    # The log's own copy still verifies.
    page.get_by_test_id("verify-button").click()
    expect(result).to_have_text(re.compile(r"^verified"), timeout=15000)
    # The text export: one line per event, its version first.
    with page.expect_download() as download:
        page.get_by_role("button", name="Export text").click()
    lines = [line for line in Path(download.value.path()).read_text().splitlines() if not line.startswith("\t")]
    assert [int(line.split("\t")[0]) for line in lines] == [e["version"] for e in events]


def standings_on_page(page: Page) -> list[dict[str, str]]:
    return page.get_by_test_id("standings").locator("tbody tr").evaluate_all(
        "(rows) => rows.map((r) => Object.fromEntries([['player_id', r.dataset.playerId], "
        "...[...r.querySelectorAll('td')].map((td) => [td.dataset.field, td.textContent])]))")


def standings_of_api(world: World, tid: str) -> list[dict[str, str]]:
    return [{"player_id": s["player_id"], **{k: ("yes" if s[k] else "") if k == "dropped" else str(s[k])
                                             for k in ("rank", "name", "points", "wins", "draws", "losses", "byes",
                                                       "sos", "margin", "h2h", "dropped")}}
            for s in api_get(world, f"/v1/tournaments/{tid}/standings")]


def test_the_tournament_pages_standings_equal_the_apis(watched: Watched, world: World) -> None:
    page = watched.page
    page.goto(f"{world.url}/tournaments/{world.tournament}")
    expected = standings_of_api(world, world.tournament)
    expect(page.get_by_test_id("standings").locator("tbody tr")).to_have_count(len(expected))
    assert standings_on_page(page) == expected
    # Every round, every table, linking to its battle.
    for played_round in api_get(world, f"/v1/tournaments/{world.tournament}/rounds"):
        for table in played_round["tables"]:
            if table["battle_id"]:
                link = page.locator(f'[data-round="{played_round["round"]}"] a[href="/battles/{table["battle_id"]}"]')
                expect(link).to_have_count(1)


def test_the_tournament_page_follows_results_live(watched: Watched, world: World, api: Api) -> None:
    event = tournament(api, rounds=1, name="Live Cup")
    tournament_command(api, event.organiser, event.id, {"type": "pair_round"})
    page = watched.page
    page.goto(f"{world.url}/tournaments/{event.id}")
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    before = standings_on_page(page)
    play_round(api, event.id, event.players)
    tournament_command(api, event.organiser, event.id, {"type": "close_round"})
    expected = standings_of_api(world, event.id)
    assert expected != before
    # Live: the page reads the standings again as the tournament's stream reports the results.
    deadline = time.monotonic() + 5
    while standings_on_page(page) != expected and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert standings_on_page(page) == expected


def test_the_battle_list_filters_by_ruleset_and_status_and_lists_tournaments(watched: Watched, world: World,
                                                                              api: Api) -> None:
    in_play = new_d100_battle(api).id
    listed = api_get(world, "/v1/battles?limit=100")["battles"]
    page = watched.page
    page.goto(world.url + "/")
    battles = page.get_by_test_id("battle-list")
    expect(battles.locator("li")).to_have_count(len(listed))
    for played in PLAYED:
        expect(battles.locator(f'li[data-id="{world.battles[played]}"] a')).to_have_attribute(
            "href", f"/battles/{world.battles[played]}")
    # Live battles come first.
    statuses = battles.locator("li").evaluate_all("(lis) => lis.map((l) => l.dataset.status)")
    order = {"active": 0, "open": 1, "ended": 2}
    assert statuses == sorted(statuses, key=order.__getitem__) and statuses[0] == "active"
    expect(battles.locator(f'li[data-id="{in_play}"]')).to_have_attribute("data-status", "active")
    # Filters: by ruleset, then by status as well.
    page.get_by_label("Ruleset").select_option("pericle")
    expect(battles.locator("li:not([data-ruleset=pericle])")).to_have_count(0)
    expect(battles.locator("li")).to_have_count(sum(b["ruleset"] == "pericle" for b in listed))
    page.get_by_label("Status").select_option("active")
    expect(battles.locator("li")).to_have_count(sum(b["ruleset"] == "pericle" and b["status"] == "active"
                                                    for b in listed))
    page.get_by_label("Ruleset").select_option("d100")
    expect(battles.locator("li:not([data-ruleset=d100])")).to_have_count(0)
    expect(battles.locator(f'li[data-id="{in_play}"]')).to_have_count(1)
    expect(battles.locator("li:not([data-status=active])")).to_have_count(0)
    # Every tournament, a new one that has paired no round among them (GET /v1/tournaments).
    page.get_by_label("Ruleset").select_option("")
    page.get_by_label("Status").select_option("")
    tournaments = page.get_by_test_id("tournament-list")
    expect(tournaments.locator(f'a[href="/tournaments/{world.tournament}"]')).to_have_count(1)
    new = tournament(api, rounds=1, name="Spring Cup").id
    page.reload()
    expect(tournaments.locator(f'a[href="/tournaments/{new}"]')).to_have_text("Spring Cup")


def every_page(world: World) -> list[str]:
    return ["/", *(f"/battles/{world.battles[p]}" for p in PLAYED), f"/tournaments/{world.tournament}"]


@pytest.fixture
def phone(browser: Browser) -> Any:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    watched = Watched(context.new_page())
    yield watched
    context.close()
    assert watched.errors == [], "the page reported errors"


def test_every_page_is_readable_at_a_phones_width_without_errors(phone: Watched, world: World) -> None:
    page = phone.page
    for path in every_page(world):
        page.goto(world.url + path)
        page.wait_for_load_state("networkidle")
        wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 0, f"{path} is {wide}px wider than a phone's screen"
        font = page.evaluate("() => parseFloat(getComputedStyle(document.body).fontSize)")
        assert font >= 14
    assert phone.errors == []


def test_the_audit_is_reached_and_run_by_keyboard(watched: Watched, world: World) -> None:
    page = watched.page
    page.goto(f"{world.url}/battles/{world.battles[D100]}")
    expect(page.get_by_test_id("event-row").first).to_be_visible()
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.id") == "verify-button":
            break
    else:
        pytest.fail("Tab never reached the verify button")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("verify-result")).to_have_text(re.compile(r"^verified"), timeout=15000)


def test_no_page_reports_an_error(watched: Watched, world: World) -> None:
    page = watched.page
    for path in every_page(world):
        page.goto(world.url + path)
        page.wait_for_load_state("networkidle")
    assert watched.errors == []
