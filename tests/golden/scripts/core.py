"""The battles every ruleset version records: contests ruled by a referee (overturned, then
upheld), contests answered by the players (agreed, then refused), a fork of that battle played
on in its own stream, each ended by a concession. A `Kit` says how a version prepares its seats
and takes one contestable action."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.golden.client import Api, Battle, Player

SEATS = ("north", "south")


def other(seat: str, seats: tuple[str, ...] = SEATS) -> str:
    return next(s for s in seats if s != seat)


@dataclass
class Kit:
    """How one ruleset version plays the core battles. The default takes free dice rolls."""

    ruleset: str
    version: str
    options: dict[str, Any] = field(default_factory=dict)
    turn: int = 0  # how many actions this kit has taken (to vary them)

    def prepare(self, battle: Battle) -> None:
        """Before `start`: what the seats must bring (Oathbands, heroes)."""

    def act(self, battle: Battle, seat: str) -> tuple[str, int]:
        """One contestable action, by `seat` where the rules leave the choice; returns the seat
        that acted and the version of the action (its command's first event)."""
        self.turn += 1
        expression = ("2d12", "1d100", "4d6kh3", "3d6+2")[self.turn % 4]
        result = battle.send(seat, {"type": "roll", "expression": expression, "purpose": f"roll {self.turn}"})
        return seat, int(result["events"][0]["version"])


def _players(api: Api, *names: str) -> list[Player]:
    return [api.player(name) for name in names]


def new_battle(api: Api, kit: Kit, seats: dict[str, Player], creator: Player, **fields: Any) -> Battle:
    battle = api.create(creator, kit.ruleset, kit.version, seats, options=kit.options, **fields)
    battle.claim_all({name: f"{name}'s luck" for name in list(seats)[:1]})
    return battle


def refereed(api: Api, kit: Kit) -> Battle:
    """The creator appoints a referee, who overturns one contested action and upholds another."""
    north, south, referee = _players(api, "north", "south", "referee")
    battle = new_battle(api, kit, {"north": north, "south": south}, north)
    battle.send("north", {"type": "appoint_referee", "player_id": referee.id})
    kit.prepare(battle)
    battle.send("north", {"type": "start"})
    for decision in ("overturn", "uphold"):
        seat, version = kit.act(battle, "north")
        number = len(battle.state()["contests"]) + 1
        battle.send(other(seat), {"type": "contest", "version": version, "reason": f"contested: {decision}"})
        battle.send(referee, {"type": "rule", "contest": number, "decision": decision, "text": f"{decision}: ruled"})
    kit.act(battle, "south")
    battle.send("south", {"type": "concede"})
    return battle


def answered(api: Api, kit: Kit) -> Battle:
    """Without a referee: the other side agrees to overturn one contested action and refuses
    another; then play goes on."""
    north, south = _players(api, "north", "south")
    battle = new_battle(api, kit, {"north": north, "south": south}, south)
    kit.prepare(battle)
    battle.send("south", {"type": "start"})
    for answer in ("agree", "refuse"):
        seat, version = kit.act(battle, "south")
        number = len(battle.state()["contests"]) + 1
        battle.send(other(seat), {"type": "contest", "version": version, "reason": f"contested: {answer}"})
        battle.send(seat, {"type": answer, "contest": number})
    for seat in SEATS:
        kit.act(battle, seat)
    return battle


def forked(battle: Battle, kit: Kit, concede: str) -> Battle:
    """A fork of `battle` as it stands (reverts included), played on a little, then conceded."""
    fork = battle.fork(battle.seats["north"], battle.version)
    for seat in SEATS:
        kit.act(fork, seat)
    fork.send(concede, {"type": "concede"})
    return fork


def core_battles(api: Api, kit: Kit) -> dict[str, Battle]:
    refereed_battle = refereed(api, kit)
    answered_battle = answered(api, kit)
    fork = forked(answered_battle, kit, "north")
    answered_battle.send("north", {"type": "concede"})
    return {"refereed": refereed_battle, "answered": answered_battle, "fork": fork}


def until_sent(play: Callable[[set[str], int], Battle | None], wanted: set[str], attempts: int = 30) -> Battle:
    """The first battle `play(left, seed)` returns, `left` a copy of the command types `wanted`
    that the battle removes as it sends them: the dice decide whether a battle sends what it is
    after, and one that does not (None) is left out of the logs, and so is what it sent."""
    for seed in range(attempts):
        left = set(wanted)
        battle = play(left, seed)
        if battle is not None:
            wanted &= left
            return battle
    raise AssertionError(f"no battle in {attempts} sent {sorted(wanted)}")
