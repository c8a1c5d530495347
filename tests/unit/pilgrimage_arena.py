"""A Pilgrimage battle set up for one scenario: bands, weather and positions as the test says."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.battle import BattleState, decide, evolve
from domain.commands import ClaimSeat, CreateBattle, Start
from domain.dice import HmacDice
from domain.rulesets import find_ruleset
from domain.rulesets.pilgrimage.environment import EnvironmentRolled
from domain.rulesets.pilgrimage.oathband import Oathband
from domain.rulesets.pilgrimage.play import Deploy, PlayState, SubmitOathband
from domain.rulesets.pilgrimage.settings import PilgrimageV2Settings
from tests.fakes import ScriptedDice

BATTLE = "00000000-0000-4000-8000-0000000000aa"
PLAYERS = {"south": "p0", "north": "p1"}


def band(*characters: dict[str, Any]) -> Oathband:
    return msgspec.convert({"name": "Band", "characters": list(characters)}, Oathband)


class Arena:
    def __init__(self, south: Oathband, north: Oathband, *, trial: str = "Reckoning",
                 table: Any = None, weather: tuple[str, ...] = (), sight: int = 24,
                 options: dict[str, Any] | None = None, players: dict[str, str] | None = None,
                 version: str = "2") -> None:
        """`players` holds each side (`PLAYERS` by default: one player a side); `version` the
        ruleset version the battle is created under (version 2 unless a test says otherwise).
        The environment is set as the test says once `start` has rolled one."""
        self.state = BattleState()
        self.players = players or PLAYERS
        opts: dict[str, Any] = {"trial": trial, "season": "Summer", **(options or {})}
        if table is not None:
            opts["table"] = table
        self.run(CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", seats=("south", "north"), options=opts,
                             ruleset_version=version), "p0")
        for seat, player in self.players.items():
            self.run(ClaimSeat(seat=seat), player)
            self.run(SubmitOathband(oathband=south if seat == "south" else north, seat=seat), player)
        self.run(Start(), "p0")
        environment = EnvironmentRolled(season="Summer", time="Full Sun", baseline_sight=sight,
                                        shifting_light="Muted", weather=weather, sight=sight, rolls=())
        self.play = msgspec.structs.replace(self.play, environment=environment, sight=sight)

    @property
    def play(self) -> PlayState:
        play: PlayState = self.state.ruleset_state
        return play

    @play.setter
    def play(self, value: PlayState) -> None:
        self.state = msgspec.structs.replace(self.state, ruleset_state=value)

    @property
    def settings(self) -> PilgrimageV2Settings:
        """The settings the battle was created with, as its rules read them."""
        return find_ruleset("pilgrimage", self.state.ruleset_version).settings_of(self.state.options)  # type: ignore[no-any-return]

    def run(self, command: Any, actor: str, faces: list[int] | None = None) -> list[msgspec.Struct]:
        dice = ScriptedDice(faces, self.state.next_nonce) if faces is not None else HmacDice(
            b"\x07" * 32, BATTLE, self.state.client_seeds, self.state.next_nonce)
        events = decide(self.state, command, dice, actor)
        for event in events:
            self.state = evolve(self.state, event)
        return events

    def deploy_all(self, first: str = "south", **positions: tuple[float, float]) -> None:
        """Deploy every Character (in its zone), then put each where the scenario wants it."""
        for n, figure in enumerate(self.play.figures):
            y = 2 if figure.seat == "south" else 46
            self.run(Deploy(character=figure.id, x=4 + n, y=y), self.players[figure.seat])
        for key, (x, y) in positions.items():
            self.place(key.replace("_", "/"), x, y)
        order = (first, "north" if first == "south" else "south")
        self.play = msgspec.structs.replace(self.play, order=order, last_side=None)

    def place(self, character: str, x: float, y: float, z: float | None = None) -> None:
        from domain.rulesets.pilgrimage.table import height_at

        height = height_at(self.play.table, (x, y)) if z is None else z
        self.play = msgspec.structs.replace(self.play, figures=tuple(
            msgspec.structs.replace(f, x=x, y=y, z=height) if f.id == character else f for f in self.play.figures))

    def figure(self, character: str) -> Any:
        return self.play.figure(character)
