"""What the browser tests and the screenshot script look at: whole battles of each ruleset's
latest version, played through the HTTP API by the golden scripts (tests/golden/scripts), a
small hosted tournament, and a Chromium launched on the system's binary (Debian's `chromium`;
`playwright install` cannot download browsers here)."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from typing import Any

import httpx

from tests.golden.client import Api, Player
from tests.golden.scripts import SCRIPTS

# The battles each test may open, by ruleset: (ruleset, version, golden log name).
PILGRIMAGE = ("pilgrimage", "2", "reckoning")
PERICLE = ("pericle", "3", "skirmish")
PERICLE_MAP = ("pericle", "3", "chasm")
D100 = ("d100", "3", "adventure")
PLAYED = (PILGRIMAGE, PERICLE, PERICLE_MAP, D100)


def chromium_path() -> str:
    """The Chromium to drive: $CHROMIUM, else Debian's package (`apt-get install chromium`)."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        raise RuntimeError(f"the browser tests drive a real Chromium and none is at {path}: "
                           "`apt-get install -y chromium` (Debian), or set CHROMIUM to its binary")
    return path


@dataclass(frozen=True)
class World:
    url: str
    battles: dict[tuple[str, str, str], str]  # (ruleset, version, log name) -> battle id
    tournament: str  # a tournament with closed rounds, standings and tiebreaks


def play(url: str) -> dict[tuple[str, str, str], str]:
    """Play the golden scripts of the versions PLAYED needs; their battles' ids."""
    battles: dict[tuple[str, str, str], str] = {}
    with httpx.Client(base_url=url, timeout=30) as http:
        api = Api(http)
        for ruleset, version in dict.fromkeys((r, v) for r, v, _ in PLAYED):
            for name, battle in SCRIPTS[(ruleset, version)](api).items():
                battles[(ruleset, version, name)] = battle.id
    return battles


def _oathband(name: str) -> dict[str, Any]:
    return {"name": name, "characters": [{"name": f"{name} {n}", "gear": ["hand weapon"]} for n in range(4)]}


@dataclass(frozen=True)
class Tournament:
    id: str
    organiser: Player
    players: dict[str, Player]  # by id


def tournament(api: Api, rounds: int, players: int = 5, name: str = "Harvest Cup") -> Tournament:
    """A Swiss tournament of `rounds` rounds with `players` registered (an odd number: byes)."""
    organiser = api.player("organiser")
    entrants = [api.player(f"Player {n}") for n in range(players)]
    created = api.call("POST", "/v1/tournaments", organiser,
                       json={"name": name, "swiss_rounds": rounds, "bye_margin": 2})
    assert created.status_code == 201, created.text
    tid: str = created.json()["id"]
    for n, player in enumerate(entrants):
        tournament_command(api, player, tid, {"type": "register", "name": f"Player {n}",
                                              "army_list": _oathband(f"Band {n}"), "club": f"club {n % 2}"})
    return Tournament(tid, organiser, {p.id: p for p in entrants})


def played_tournament(url: str, rounds: int = 2) -> str:
    """A tournament whose every round is played out (the lower player id wins by concession)
    and closed; its id."""
    with httpx.Client(base_url=url, timeout=30) as http:
        api = Api(http)
        event = tournament(api, rounds)
        for _ in range(rounds):
            tournament_command(api, event.organiser, event.id, {"type": "pair_round"})
            play_round(api, event.id, event.players)
            tournament_command(api, event.organiser, event.id, {"type": "close_round"})
    return event.id


def tournament_command(api: Api, who: Player, tid: str, body: dict[str, Any]) -> None:
    response = api.call("POST", f"/v1/tournaments/{tid}/commands", who, json=body)
    assert response.status_code == 201, response.text


def play_round(api: Api, tid: str, by_id: dict[str, Player]) -> None:
    """Every table of the latest round ends: the lower player id wins by concession."""
    current = api.call("GET", f"/v1/tournaments/{tid}/rounds").json()[-1]
    for table in current["tables"]:
        if table["b"] is None:
            continue
        winner, loser = sorted((table["a"], table["b"]))
        for who, body in ((winner, {"type": "start"}), (loser, {"type": "concede"})):
            response = api.call("POST", f"/v1/battles/{table['battle_id']}/commands", by_id[who], json=body)
            assert response.status_code == 201, response.text


def build(url: str) -> World:
    return World(url=url, battles=play(url), tournament=played_tournament(url))
