"""A Pericle encounter for unit tests: three beginning heroes (legal by the Hero Handbook) and a
mixed group of enemies on a small hex map, driven through the domain's decide and evolve."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.battle import BattleState, decide, evolve
from domain.commands import ClaimSeat, CreateBattle, Start
from domain.dice import HmacDice
from domain.hexes import Hex
from domain.rulesets.pericle.state import CombatState, Figure
from tests.fakes import ScriptedDice

BATTLE = "00000000-0000-4000-8000-0000000000bb"
PLAYERS = {"ana": "p0", "ben": "p1", "gm": "p2"}

VARYA = {"name": "Varya", "ancestry": "human", "mt": 3, "dx": 2, "kn": 0,
         "skills": {"Perception": 1, "Athletics": 1}, "weapons": ["Dagger", "Short Sword"], "armour": "Leather",
         "shield": "Buckler", "disciplines": ["Weapon Mastery", "Tactics"], "mastery": ["sword"], "karma": 1,
         "items": ["Potion of Healing"] * 3}
BAERWYN = {"name": "Baerwyn", "ancestry": "forest elf", "mt": 1, "dx": 3, "kn": 1, "skills": {"Persuasion": 1},
           "weapons": ["Dagger", "Short Bow"], "disciplines": ["Archery"]}
SINDARO = {"name": "Sindaro", "ancestry": "odrim", "mt": 1, "dx": 2, "kn": 2, "weapons": ["Dagger", "Staff"],
           "spells": ["Blur", "Clumsiness"], "disciplines": ["Dodge"]}


def of(events: list[Any], kind: type[Any]) -> list[Any]:
    """The events of one kind, in order."""
    return [e for e in events if isinstance(e, kind)]


def cast(play: PericleArena, faces: list[int], spell: str, target: str, **fields: Any) -> list[Any]:
    """Ysolde casts `spell` at `target` with the Action Dice `faces`."""
    return play.act("hero-ysolde", "cast_spell", faces, spell=spell, target=target, **fields)


def hexes(*pairs: tuple[int, int]) -> list[dict[str, int]]:
    return [{"q": q, "r": r} for q, r in pairs]


def encounter(**changes: Any) -> dict[str, Any]:
    """An 8 x 8 map: a wall of three hexes, a table, heroes west and enemies east."""
    base: dict[str, Any] = {
        "map": {"width": 8, "height": 8, "walls": hexes((3, 0), (3, 1)), "furniture": hexes((4, 5))},
        "hero_starts": hexes((0, 3), (0, 4), (1, 2), (0, 5)),
        "enemies": [
            {"id": "orc", "name": "Orc", "hp": 8, "mt": 3, "base_ad": 1, "armour": 3, "shield": 1,
             "attacks": [{"name": "Axe", "damage": "1d6", "weapon_class": "axe"}], "hex": {"q": 4, "r": 3},
             "facing": 3},
            {"id": "spearman", "name": "Goblin spearman", "hp": 5, "mt": 1, "base_ad": 1,
             "attacks": [{"name": "Spear", "damage": "1d6", "weapon_class": "polearm", "reach": 2}],
             "hex": {"q": 5, "r": 2}, "facing": 3},
            {"id": "zombie", "name": "Zombie", "hp": 6, "mt": 2, "base_ad": 0, "grapple": 2, "movement": 4,
             "attacks": [{"name": "Claw", "damage": "1d4", "natural": True}], "hex": {"q": 3, "r": 5},
             "facing": 3},
        ],
        "enemy_seat": "gm",
    }
    base.update(changes)
    return base


class PericleArena:
    def __init__(self, heroes: dict[str, list[dict[str, Any]]] | None = None,
                 provisional: dict[str, dict[str, Any]] | None = None, version: str | None = None,
                 stepwise: bool = False, **changes: Any) -> None:
        """`changes` alter the encounter; `provisional` sets provisional rules' settings;
        `version` pins a released ruleset version (the latest by default). Version 5's attacks wait in
        a Karma window after each attack roll and Crit Die: unless `stepwise`, the arena sends the
        attacker's `go_on` itself (with the rest of the scripted faces), so that a test's attack is
        one call, its events those of every step."""
        self.stepwise = stepwise
        self.state = BattleState()
        self.events: list[msgspec.Struct] = []
        seats = ("ana", "ben", "gm")
        self.run(CreateBattle(battle_id=BATTLE, ruleset="pericle", seats=seats, ruleset_version=version,
                              options={"encounter": encounter(**changes), "provisional": provisional or {}}), "p0")
        for seat in seats:
            self.run(ClaimSeat(seat=seat), PLAYERS[seat])
        chosen = heroes if heroes is not None else {
            "ana": [{"hero": VARYA, "start": {"q": 0, "r": 3}}, {"hero": SINDARO, "start": {"q": 0, "r": 5}}],
            "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 4}}]}
        for seat, joining in chosen.items():
            for hero in joining:
                self.command(seat, {"type": "submit_hero", **hero})
        self.run(Start(), "p0")

    @property
    def combat(self) -> CombatState:
        combat: CombatState = self.state.ruleset_state
        return combat

    @combat.setter
    def combat(self, value: CombatState) -> None:
        self.state = msgspec.structs.replace(self.state, ruleset_state=value)

    def figure(self, figure_id: str) -> Figure:
        found = self.combat.figure(figure_id)
        assert found is not None
        return found

    def put(self, figure_id: str, q: int, r: int, facing: int | None = None, **changes: Any) -> None:
        """Place a figure where the scenario wants it (a test's set-up, not a move)."""
        figure = self.figure(figure_id)
        changes["hex"] = Hex(q, r)
        changes["facing"] = figure.facing if facing is None else facing
        self.combat = msgspec.structs.replace(self.combat, figures=tuple(
            msgspec.structs.replace(f, **changes) if f.id == figure_id else f for f in self.combat.figures))

    def command(self, seat: str, body: dict[str, Any], faces: list[int] | None = None) -> list[msgspec.Struct]:
        from domain.rulesets.pericle.v5.version import PericleV5Command as PericleCommand

        command = msgspec.convert(body, PericleCommand)
        return self.run(command, PLAYERS[seat], faces)

    def run(self, command: Any, actor: str, faces: list[int] | None = None) -> list[msgspec.Struct]:
        dice = ScriptedDice(faces, self.state.next_nonce) if faces is not None else HmacDice(
            b"\x09" * 32, BATTLE, self.state.client_seeds, self.state.next_nonce)
        events = decide(self.state, command, dice, actor)
        for event in events:
            self.state = evolve(self.state, event)
        self.events += events
        waiting = getattr(self.state.ruleset_state, "pending", None)
        if waiting is not None and not self.stepwise:
            from domain.rulesets.pericle.v5.attack_steps import GoOn

            figure = self.figure(waiting.attacker)
            rest = list(dice.faces) if isinstance(dice, ScriptedDice) else None
            events = events + self.run(GoOn(figure=figure.id), PLAYERS[figure.seat], rest)
        return events

    def rule_of(self, seat: str, body: dict[str, Any], faces: list[int] | None = None) -> str:
        """The rule a refused command names (and that nothing was recorded)."""
        from domain.errors import DomainError

        before = self.state
        try:
            self.command(seat, body, faces)
        except DomainError as refused:
            assert self.state == before
            return refused.rule
        raise AssertionError(f"{body} was not refused")

    def to_movement(self, winner: str = "heroes", first: str | None = None) -> None:
        """Roll this turn's initiative (a success icon or a critical failure) and pick who moves first."""
        self.command("ana", {"type": "roll_initiative"}, [1 if winner == "heroes" else 10])
        self.command("ana" if winner == "heroes" else "gm", {"type": "choose_order", "first": first or winner})

    def to_actions(self, winner: str = "heroes", defend: tuple[str, ...] = (), deft: tuple[str, ...] = (),
                   declare: tuple[tuple[str, str], ...] = ()) -> None:
        """Skip the Movement phase (nobody moves) and repositioning, make the declarations (Defend,
        Deft Strikes, Disciplines declared by `use_discipline`: (figure, discipline) pairs), then
        begin the Action phase."""
        self.to_movement(winner)
        self.end_movement(defend, deft, declare)

    def end_movement(self, defend: tuple[str, ...] = (), deft: tuple[str, ...] = (),
                     declare: tuple[tuple[str, str], ...] = ()) -> None:
        """Both teams end the Movement phase, repositioning ends, the declarations are made
        (Defend, Deft Strikes, declared Disciplines), and the Action phase begins."""
        for _ in range(2):
            moving = self.combat.moving
            self.command("ana" if moving == "heroes" else "gm", {"type": "end_movement"})
        self.command("ana", {"type": "end_repositioning"}, [1] * 20)
        for figure_id in defend:
            self.command(self.figure(figure_id).seat, {"type": "defend", "figure": figure_id})
        for figure_id in deft:
            self.command(self.figure(figure_id).seat, {"type": "deft_strikes", "figure": figure_id})
        for figure_id, discipline in declare:
            self.act(figure_id, "use_discipline", discipline=discipline)
        self.command("ana", {"type": "begin_actions"})

    def run_to_action(self, figure_id: str, path: list[dict[str, int]], facing: int = 0) -> None:
        """The heroes move first; `figure_id` moves along `path`; the Movement phase ends and every
        figure before it in the Action Order passes."""
        self.to_movement("heroes")
        self.act(figure_id, "move_figure", path=path, facing=facing)
        self.end_movement()
        self.pass_until(figure_id)

    def act(self, figure_id: str, kind: str, faces: list[int] | None = None, **fields: Any) -> list[msgspec.Struct]:
        return self.command(self.figure(figure_id).seat, {"type": kind, "figure": figure_id, **fields}, faces)

    def pass_until(self, figure_id: str) -> None:
        """Every figure before `figure_id` in the Action Order passes."""
        while self.combat.current != figure_id:
            current = self.combat.current
            assert current is not None, f"{figure_id} has no slot left this turn"
            self.act(current, "pass_action")

    def end_turn(self) -> None:
        """Every figure still to act this turn passes."""
        while self.combat.phase == "actions":
            current = self.combat.current or self.combat.delayed[0]
            self.act(current, "pass_action", [3] * 10)
