"""Pilgrimage: version 1 (the environment at set-up, free rolls), version 2 (Oathbands, the
table, deployment, Turns of Acts, every Deed, the Trials).

Version 2's Trials are played by a bot that reads the state as a client would and proposes
Deeds, most wanted first; the rules decide which are legal (a refused Deed records nothing).
What it sends depends only on the state it reads, so the dice steer it, not chance of its own."""

from __future__ import annotations

import math
from typing import Any

from tests.golden.client import Api, Battle
from tests.golden.scripts.core import SEATS, Kit, core_battles, new_battle, until_sent


def _rect(x: float, y: float, w: float, d: float) -> list[list[float]]:
    return [[x, y], [x + w, y], [x + w, y + d], [x, y + d]]


# A small table where every Deed has its place: a crag to climb beside the south zone, a hedge
# across the middle to hide behind, a bog that costs a Deed, objective markers by each zone.
TABLE: dict[str, Any] = {
    "width": 24, "depth": 24,
    "terrain": [
        {"name": "crag", "kinds": ["climbable"], "polygon": _rect(1, 7, 2, 2), "height": 2},
        {"name": "hedge", "kinds": ["obscuring"], "polygon": _rect(0, 11, 24, 1), "height": 1},
        {"name": "bog", "kinds": ["difficult"], "polygon": _rect(14, 8, 3, 2)},
        {"name": "menhir", "kinds": ["blocking"], "polygon": _rect(20, 13, 1, 1), "height": 3},
    ],
    "lights": [{"x": 12, "y": 12, "radius": 4}],
    "objectives": [{"name": "cairn", "x": 6, "y": 6.8}, {"name": "shrine", "x": 12, "y": 13},
                   {"name": "well", "x": 18, "y": 17.2}],
}
BANDS = {
    "south": {"name": "Pilgrims of the South", "characters": [
        {"name": "Archer", "aim": 3, "gear": ["bow"]},
        {"name": "Brute", "might": 3, "gear": ["two-handed weapon"]},
        {"name": "Scout", "pace": 2, "valour": 1, "gear": ["hand weapon", "light armour"]},
    ]},
    "north": {"name": "Wardens of the North", "characters": [
        {"name": "Crossbowman", "aim": 2, "gear": ["crossbow"]},
        {"name": "Brute", "might": 2, "gear": ["two-handed weapon", "medium armour"]},
        {"name": "Slinger", "pace": 3, "gear": ["sling"]},
    ]},
}
# Where each Character deploys (by the edge of its seat): the Scout beside the crag, the
# Archer by the cairn.
DEPLOY = {"south/1": (6, 6), "south/2": (12, 6), "south/3": (2, 6),
          "north/1": (18, 18), "north/2": (12, 18), "north/3": (22, 18)}
DEEDS = ("move", "climb", "stand", "aim", "guard", "hide", "use", "fire", "assault")
RANGED = {"sling": 12, "bow": 24, "crossbow": 24}


def _prepare(battle: Battle) -> None:
    for seat in SEATS:
        battle.send(seat, {"type": "submit_oathband", "oathband": BANDS[seat]})


def _deploy_next(battle: Battle, seat: str) -> dict[str, Any] | None:
    play = battle.state()["ruleset_state"]
    if play["phase"] != "deployment":
        return None
    waiting = [f for f in play["figures"] if f["sheet"]["seat"] == seat and f["x"] is None]
    if not waiting:
        return None
    character = waiting[0]["sheet"]["id"]
    # The first seat deploys by the south edge, the second by the north one (PIL-TRIALS).
    edge = ("south", "north")[play["seats"].index(seat)]
    x, y = DEPLOY[f"{edge}/{character.rsplit('/', 1)[1]}"]
    return battle.send(seat, {"type": "deploy", "character": character, "x": x, "y": y})


class PilgrimageKit(Kit):
    """Oathbands before the start; an action deploys the seat's next Character, or every third
    one (and once they all stand on the table) is a free roll."""

    def prepare(self, battle: Battle) -> None:
        _prepare(battle)

    def act(self, battle: Battle, seat: str) -> tuple[str, int]:
        self.turn += 1
        deployed = _deploy_next(battle, seat) if self.turn % 3 else None
        if deployed is None:
            return super().act(battle, seat)
        return seat, int(deployed["events"][0]["version"])


# ---- the Trials, played by a bot ----------------------------------------------------------


def _point(figure: dict[str, Any]) -> tuple[float, float]:
    return float(figure["x"]), float(figure["y"])


def _in_play(play: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in play["figures"] if f["x"] is not None and not f["out_of_action"]]


class Bot:
    """Plays whole Acts for whichever side is to act. `wanted` holds the Deeds no log of this
    version has sent yet: they are proposed first wherever the rules may allow them."""

    def __init__(self, battle: Battle, wanted: set[str]) -> None:
        self.battle = battle
        self.wanted = wanted

    def deploy_all(self) -> None:
        for seat in SEATS:
            while _deploy_next(self.battle, seat) is not None:
                pass

    def play_to_the_end(self, max_acts: int = 60) -> None:
        for _ in range(max_acts):
            state = self.battle.state()
            if state["status"] != "active":
                return
            self.take_act(state)
        raise AssertionError("the Trial did not end")

    def take_act(self, state: dict[str, Any]) -> None:
        play = state["ruleset_state"]
        seat = play["side_to_act"]
        mine = [f for f in _in_play(play) if f["sheet"]["seat"] == seat and not f["tired"]]
        # A Knocked Down Character acts first while Stand is wanted; otherwise in roster order.
        mine.sort(key=lambda f: (not (f["knocked_down"] and "stand" in self.wanted), f["sheet"]["id"]))
        figure = mine[0]["sheet"]["id"]
        self.send(seat, {"type": "activate", "character": figure})
        for _ in range(4):
            state = self.battle.state()
            play = state["ruleset_state"]
            if state["status"] != "active" or play["activation"] is None:
                return
            if not any(self.try_deed(seat, body) for body in self.proposals(play, figure)):
                break
        if self.battle.state()["ruleset_state"]["activation"] is not None:
            self.send(seat, {"type": "end_act"})

    def send(self, seat: str, body: dict[str, Any]) -> None:
        self.battle.send(seat, body)
        self.wanted.discard(body["type"])

    def try_deed(self, seat: str, body: dict[str, Any]) -> bool:
        if self.battle.attempt(seat, body) is None:
            return False
        self.wanted.discard(body["type"])
        return True

    def proposals(self, play: dict[str, Any], figure_id: str) -> list[dict[str, Any]]:
        me = next(f for f in play["figures"] if f["sheet"]["id"] == figure_id)
        act = play["activation"]
        here = _point(me)
        enemies = sorted((f for f in _in_play(play) if f["sheet"]["seat"] != me["sheet"]["seat"]),
                         key=lambda f: math.dist(_point(f), here))
        reach = max((RANGED.get(g, 0) for g in me["sheet"]["gear"]), default=0)
        wanted: list[dict[str, Any]] = []
        if me["knocked_down"]:
            return [{"type": "stand"}]
        if "use" in self.wanted:
            wanted += [{"type": "use", "objective": o["name"]} for o in play["table"]["objectives"]
                       if math.dist((o["x"], o["y"]), here) <= 1]
        if "climb" in self.wanted and act["deeds_left"] >= 2:
            wanted += [{"type": "climb", "to": [here[0], here[1] + 1.0]}]
        if "hide" in self.wanted:
            wanted.append({"type": "hide"})
        if "guard" in self.wanted and act["deeds_left"] == 1:
            wanted.append({"type": "guard"})
        if "aim" in self.wanted and reach and enemies and act["deeds_left"] == 3:
            wanted.append({"type": "aim"})
        attacks: list[dict[str, Any]] = []
        for enemy in enemies[:2]:
            if reach:
                attacks.append({"type": "fire", "target": enemy["sheet"]["id"]})
            attacks.append({"type": "assault", "target": enemy["sheet"]["id"]})
        moves = self.moves(play, me, enemies)
        return [*wanted, *attacks, *moves]

    def moves(self, play: dict[str, Any], me: dict[str, Any], enemies: list[dict[str, Any]]) -> list[dict[str, Any]]:
        here = _point(me)
        if play["trial"] == "Vigil":
            markers = [(o["x"], o["y"]) for o in play["table"]["objectives"]]
            goal, keep = min(markers, key=lambda p: math.dist(p, here)), 0.5
        elif enemies:
            goal, keep = _point(enemies[0]), 0.8
        else:
            return []
        gap = math.dist(goal, here) - keep
        if gap <= 0.05:
            return []
        bodies = []
        for step in (6.0, 5.0, 4.0, 3.0, 2.0, 1.0):
            reach = min(step, gap)
            to = [round(here[0] + (goal[0] - here[0]) * reach / (gap + keep), 3),
                  round(here[1] + (goal[1] - here[1]) * reach / (gap + keep), 3)]
            bodies.append({"type": "move", "path": [to]})
        return bodies


def trial(api: Api, name: str, wanted: set[str], provisional: dict[str, Any], version: str = "2") -> Battle:
    """A whole Trial on the table above, from Oathbands to its end by the rules."""
    south, north = api.player("south"), api.player("north")
    kit = Kit("pilgrimage", version, options={"trial": name, "season": "Autumn", "table": TABLE,
                                          "provisional": provisional})
    battle = new_battle(api, kit, {"south": south, "north": north}, south)
    _prepare(battle)
    battle.send("north", {"type": "start"})
    bot = Bot(battle, wanted)
    bot.deploy_all()
    bot.play_to_the_end()
    return battle


def version_1(api: Api) -> dict[str, Battle]:
    return core_battles(api, Kit("pilgrimage", "1"))


def version_2(api: Api, version: str = "2") -> dict[str, Battle]:
    wanted = set(DEEDS)
    vigil = trial(api, "Vigil", wanted, {"PIL-LENGTH": {"turns": 2}}, version)

    def reckoning_sending_the_rest(left: set[str], seed: int) -> Battle | None:
        # A Stand needs a Knocked Down Character, which only the dice make.
        battle = trial(api, "Reckoning", left, {"PIL-LENGTH": {"turns": 3}, "PIL-HEALTH": {"health": 14}}, version)
        return None if left else battle

    reckoning = until_sent(reckoning_sending_the_rest, wanted)
    core = core_battles(api, PilgrimageKit("pilgrimage", version, options={"trial": "Crossing", "table": TABLE}))
    return {**core, "vigil": vigil, "reckoning": reckoning}


def version_3(api: Api) -> dict[str, Battle]:
    """Version 2's battles played again: version 3 decides and evolves as it does (only what
    GET /state shows during an Act differs)."""
    return version_2(api, "3")
