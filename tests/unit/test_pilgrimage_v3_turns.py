"""Pilgrimage version 3: Turn 1 begins with every Character on the table, and the Oathbands are
chosen once the environment is known (seed 002, "Sight, Shroud & Light")."""

from __future__ import annotations

import msgspec
import pytest

from domain.battle import BattleState, decide, evolve
from domain.commands import ClaimSeat, CreateBattle, Start
from domain.dice import HmacDice
from domain.errors import RuleViolation
from domain.rulesets.pilgrimage.environment import EnvironmentRolled
from domain.rulesets.pilgrimage.play import Deploy, OathbandSubmitted, SubmitOathband, TurnBegan
from tests.unit.pilgrimage_arena import Arena, band
from tests.unit.seed_text import PILGRIMAGE_SIGHT, quote

OPEN = {"terrain": [], "lights": [], "objectives": []}


def began(events: list[msgspec.Struct]) -> TurnBegan:
    return next(e for e in events if isinstance(e, TurnBegan))


def deploy_in_order(arena: Arena, order: list[str]) -> list[msgspec.Struct]:
    events: list[msgspec.Struct] = []
    for n, character in enumerate(order):
        seat = character.split("/")[0]
        events += arena.run(Deploy(character=character, x=4 + n, y=2 if seat == "south" else 46),
                            arena.players[seat])
    return events


# ---- Turn 1 ---------------------------------------------------------------------------------


def test_a_side_whose_only_character_is_deployed_last_rolls_initiative_for_turn_1() -> None:
    """Seed 002, line 99: a Turn is "roll Initiative, then sides alternate activating one
    character at a time until all are Tired"; line 87: a Battle runs "from deployment to the end
    of the final Turn". Turn 1 begins with every Character on the table, the last one placed."""
    quote(PILGRIMAGE_SIGHT, 99, "roll Initiative, then sides alternate activating one character at a time "
                                "until all are Tired")
    quote(PILGRIMAGE_SIGHT, 87, "from deployment to the end of the final Turn")
    arena = Arena(band({"name": "A"}, {"name": "B"}), band({"name": "Lone"}), table=OPEN, version="3")
    turn = began(deploy_in_order(arena, ["south/1", "south/2", "north/1"]))
    assert turn.turn == 1 and set(turn.order) == {"south", "north"}
    assert {r["seat"] for r in turn.initiative} >= {"south", "north"}
    assert arena.play.phase == "turns"
    # The north side acts in Turn 1: its Character is activated in its place in the order.
    assert not arena.figure("north/1").tired


def test_version_2_still_replays_its_turn_1_without_the_last_side() -> None:
    """Version 2 is frozen: its recorded battles keep rolling Turn 1 before the last deployment."""
    arena = Arena(band({"name": "A"}, {"name": "B"}), band({"name": "Lone"}), table=OPEN, version="2")
    assert began(deploy_in_order(arena, ["south/1", "south/2", "north/1"])).order == ("south",)


def test_a_valour_leader_deployed_last_sets_its_sides_initiative() -> None:
    """Seed 002, line 100: Valour "also sets Initiative and who leads" (PIL-INITIATIVE: D12 + the
    highest Valour in play): the leader placed last is in play when Turn 1's Initiative is rolled."""
    quote(PILGRIMAGE_SIGHT, 100, "also sets Initiative and who leads")
    arena = Arena(band({"name": "A"}, {"name": "Leader", "valour": 3}), band({"name": "N"}), table=OPEN,
                  version="3")
    turn = began(deploy_in_order(arena, ["south/1", "north/1", "south/2"]))
    south = [r for r in turn.initiative if r["seat"] == "south"]
    assert south and all(r["valour"] == 3 for r in south)


# ---- the environment before the Oathbands ----------------------------------------------------


class Muster:
    """A version 3 battle started before any Oathband was submitted."""

    def __init__(self, version: str = "3") -> None:
        self.state = BattleState()
        self.run(CreateBattle(battle_id="b", ruleset="pilgrimage", seats=("south", "north"),
                              options={"trial": "Reckoning", "table": OPEN}, ruleset_version=version), "p0")
        self.run(ClaimSeat(seat="south"), "p0")
        self.run(ClaimSeat(seat="north"), "p1")

    def run(self, command: msgspec.Struct, actor: str) -> list[msgspec.Struct]:
        dice = HmacDice(b"\x05" * 32, "b", self.state.client_seeds, self.state.next_nonce)
        events = decide(self.state, command, dice, actor)
        for event in events:
            self.state = evolve(self.state, event)
        return events


def test_the_environment_is_rolled_before_the_oathbands_are_chosen() -> None:
    """Seed 002, line 7: "Roll them before the Oathband prepares — before Blessings are chosen and
    Vows are sworn — so the weather is known when those choices are made." Version 3 reads the
    Oathband's preparing as choosing its list: `start` rolls the environment, then the sides
    submit their Oathbands, and deployment begins when every side has one."""
    quote(PILGRIMAGE_SIGHT, 7, "Roll them before the Oathband prepares")
    quote(PILGRIMAGE_SIGHT, 7, "so the weather is known when those choices are made")
    battle = Muster()
    rolled = battle.run(Start(), "p0")
    assert any(isinstance(e, EnvironmentRolled) for e in rolled)
    assert battle.state.status == "active" and battle.state.ruleset_state.phase == "muster"
    with pytest.raises(RuleViolation) as early:
        battle.run(Deploy(character="south/1", x=5, y=2), "p0")
    assert early.value.rule == "not-deployment"
    south = battle.run(SubmitOathband(oathband=band({"name": "S", "gear": ["staff or pole"]})), "p0")
    assert isinstance(south[0], OathbandSubmitted) and battle.state.ruleset_state.phase == "muster"
    with pytest.raises(RuleViolation) as again:
        battle.run(SubmitOathband(oathband=band({"name": "Other"})), "p0")
    assert again.value.rule == "oathband-submitted", "a list chosen after the roll stands"
    battle.run(SubmitOathband(oathband=band({"name": "N"})), "p1")
    assert battle.state.ruleset_state.phase == "deployment"
    with pytest.raises(RuleViolation) as late:
        battle.run(SubmitOathband(oathband=band({"name": "Late"})), "p1")
    assert late.value.rule == "not-muster"


def test_a_list_submitted_before_start_counts_and_may_still_change_until_then() -> None:
    """A list chosen in advance (a tournament's registered list) is submitted before `start`;
    deployment then begins as soon as the environment is rolled."""
    battle = Muster()
    battle.run(SubmitOathband(oathband=band({"name": "First"})), "p0")
    battle.run(SubmitOathband(oathband=band({"name": "Second"})), "p0")
    battle.run(SubmitOathband(oathband=band({"name": "N"})), "p1")
    battle.run(Start(), "p0")
    play = battle.state.ruleset_state
    assert play.phase == "deployment" and [f.sheet.name for f in play.figures if f.seat == "south"] == ["Second"]


def test_version_2_still_takes_oathbands_before_start_only() -> None:
    battle = Muster(version="2")
    with pytest.raises(RuleViolation) as waiting:
        battle.run(Start(), "p0")
    assert waiting.value.rule == "not-ready"
