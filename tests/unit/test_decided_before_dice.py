"""Every input is checked before the first die of a command is drawn (issue #12, point 4): each
place where a command used to be refused after rolling, found by the property test in
test_no_refusal_after_draw.py, now refuses first, or, where only the dice could stop it, rolls
and records what happened. Dice are scripted so that the old code would have reached the roll."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.battle import BattleState, decide, evolve
from domain.commands import CreateBattle
from domain.dice import Dice, HmacDice, WatchedDice
from domain.errors import DomainError
from domain.rulesets.d100.commands import BreathTest, EndRound, HoldBreath, ResistDisease, ResistPoison
from domain.rulesets.d100.events import BreathHeld, BreathTested
from domain.rulesets.d100.percentile import percentile_test
from domain.rulesets.pericle.catalogue import WEAPONS
from domain.rulesets.pericle.encounter import Encounter
from domain.rulesets.pericle.v3 import PericleCommand
from tests.fakes import ScriptedDice
from tests.unit.pericle_arena import PLAYERS, PericleArena, encounter
from tests.unit.test_d100 import Table, roll

HIT, MISS = 1, 10  # Action Die faces: a success icon, the critical failure
HARDY = {"str": 10, "con": 1, "siz": 30, "dex": 10, "int": 10, "pow": 10, "cha": 10}


def refused_before_dice(state: BattleState, command: Any, actor: str, faces: list[int] | None = None) -> str:
    """The rule that refuses the command, asserting that no die was drawn first. `faces` script
    the dice a refusal after rolling would have seen (the old code's path)."""
    inner: Dice = ScriptedDice(faces, state.next_nonce) if faces is not None else HmacDice(
        b"\x03" * 32, state.battle_id, state.client_seeds, state.next_nonce)
    watched = WatchedDice(inner, state.next_nonce)
    with pytest.raises(DomainError) as refused:
        decide(state, command, watched, actor)
    assert not watched.drawn, f"refused ({refused.value.rule}) after drawing {watched.purposes}"
    return refused.value.rule


# ---- d100: fumes, poison and disease ---------------------------------------------------------


def breathless_table() -> Table:
    """In combat, Ada and Bo (CON 1) at the table."""
    table = Table()
    for name in ("Ada", "Bo"):
        table.send({"type": "add_character", "name": name, "characteristics": HARDY}, [])
    table.send({"type": "begin_combat"}, [])
    return table


@pytest.mark.parametrize(("fumes", "rule"), [("1d0", "dice-expression-invalid"), ("3d00+2", "dice-expression-invalid"),
                                             ("0d6", "dice-expression-no-dice")])
def test_fumes_that_cannot_be_rolled_are_refused_when_the_breath_is_held(fumes: str, rule: str) -> None:
    """The reported hole: `hold_breath` took "1d0", and every failed breath test was then refused."""
    table = breathless_table()
    assert refused_before_dice(table.state, HoldBreath(character="ada", fumes=fumes), "p1") == rule


def test_fumes_in_capitals_are_rolled() -> None:
    """`1D6` fits the field's pattern; it is kept as `1d6` and rolled when the test fails."""
    table = breathless_table()
    held = table.send({"type": "hold_breath", "character": "ada", "fumes": "1D6"}, [])
    assert held.fumes == "1d6"
    table.send({"type": "end_round"}, [])
    tested = table.send({"type": "breath_test", "character": "ada", "resilience": 5}, [*roll(9, 5, 9), 4])
    assert tested.inhaled and tested.damage_roll.expression == "1d6" and tested.dealt == 4


def test_fumes_recorded_before_the_check_refuse_the_test_and_the_round_before_any_die() -> None:
    """A battle that recorded `fumes: "1d0"` under the old rules: its failed breath test, and the
    end of a round while it chokes, would roll the 0-sided die after other dice."""
    table = breathless_table()
    table.send({"type": "hold_breath", "character": "ada", "fumes": "1d4"}, [])
    table.state = evolve(table.state, BreathHeld(seat="pc", character="bo", fumes="1d0"))
    table.send({"type": "end_round"}, [])
    failing = [*roll(9, 5, 9)]
    assert refused_before_dice(table.state, BreathTest(character="bo", resilience=5), "p1",
                               failing) == "fumes-unrollable"
    table.send({"type": "breath_test", "character": "ada", "resilience": 5}, [*failing, 3])  # Ada inhales
    failed = percentile_test(ScriptedDice(failing), 5, "Bo holds its breath", grade=-1)
    table.state = evolve(table.state, BreathTested(seat="pc", character="bo", test=failed, inhaled=True))
    assert refused_before_dice(table.state, EndRound(), "p1", [2, 2]) == "fumes-unrollable"


@pytest.mark.parametrize(("command", "rule"), [
    (ResistPoison(character="ada", name="Asp", resilience=5, potency=90, damage="1d0"), "dice-expression-invalid"),
    (ResistPoison(character="ada", name="Asp", resilience=5, potency=90, duration="2d00"), "dice-expression-invalid"),
    (ResistPoison(character="ada", name="Asp", resilience=5, potency=90, damage="0d4"), "dice-expression-no-dice"),
    (ResistDisease(character="ada", name="Rot", resilience=5, potency=90, damage="1d0"), "dice-expression-invalid"),
    # The field's pattern (\d) takes digits of any script; d20 reads only 0-9.
    (ResistDisease(character="ada", name="Rot", resilience=5, potency=90, damage="\u0967d6"),
     "dice-expression-invalid"),
])
def test_an_afflictions_damage_is_checked_before_the_opposed_test(command: Any, rule: str) -> None:
    """The damage and duration were rolled only when the affliction won: after the tests. (The
    property test found the Devanagari one.)"""
    table = breathless_table()
    winning = [*roll(9, 5), *roll(0, 1)]  # the victim fails, the Potency succeeds
    assert refused_before_dice(table.state, command, "p1", winning) == rule


# ---- Pericle: strikes after a Grapple or a move, several strikes, the Overrun ----------------


def command(body: dict[str, Any]) -> Any:
    return msgspec.convert(body, PericleCommand)


def grappling() -> PericleArena:
    """Varya (dagger in hand) faces the orc, the spearman at her side; her Action."""
    arena = PericleArena()
    arena.put("hero-varya", 3, 3, facing=0, in_hand=("dagger",), grapple=6)
    arena.put("spearman", 3, 2)
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    return arena


@pytest.mark.parametrize(("strike", "rule"), [({"target": "spearman"}, "grapple-strike"),
                                              ({"target": "orc", "weapon": "Short Sword"}, "weapon-not-in-hand")])
def test_a_grapples_follow_up_strike_is_checked_before_the_grapple_check(strike: dict[str, Any], rule: str) -> None:
    arena = grappling()
    body = {"type": "grapple", "figure": "hero-varya", "target": "orc", "strike": strike}
    assert refused_before_dice(arena.state, command(body), PLAYERS["ana"], [HIT] * 10) == rule


def test_a_follow_up_strike_needs_a_weapon_for_a_grapple_before_the_grapple_check() -> None:
    arena = grappling()
    arena.put("hero-varya", 3, 3, facing=0, in_hand=("short sword",), grapple=6)
    body = {"type": "grapple", "figure": "hero-varya", "target": "orc", "strike": {"target": "orc"}}
    assert refused_before_dice(arena.state, command(body), PLAYERS["ana"], [HIT] * 10) == "grappled"


def test_every_strike_of_an_attack_is_checked_before_the_first_roll() -> None:
    """Two weapons: the dagger at the orc in front, the knife at the zombie behind her. The
    second strike used to be refused after the first was rolled."""
    arena = PericleArena()
    arena.put("hero-varya", 3, 3, facing=0, weapons=(WEAPONS["dagger"], WEAPONS["knife"]),
              in_hand=("dagger", "knife"), disciplines=("Dual Weapons",), mastery=())
    arena.put("zombie", 2, 3)
    arena.put("spearman", 7, 0)
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    body = {"type": "attack", "figure": "hero-varya",
            "strikes": [{"target": "orc", "weapon": "dagger"}, {"target": "zombie", "weapon": "knife"}]}
    assert refused_before_dice(arena.state, command(body), PLAYERS["ana"], [HIT] * 20) == "front-hexes"


def a_pile_beyond_a_body() -> PericleArena:
    """Varya and the zombie lie in a Grapple Pile at 3,3; the dead spearman lies at 2,3, on
    Sindaro's way from 1,3 (dagger in hand): crossing it is an Athletics check."""
    arena = PericleArena()
    arena.put("zombie", 3, 3, condition="prone", grappled_with=("hero-varya",))
    arena.put("hero-varya", 3, 3, condition="prone", grappled_with=("zombie",))
    arena.put("hero-sindaro", 1, 3, facing=0, in_hand=("dagger",))
    arena.put("spearman", 2, 3, condition="dead")
    arena.put("orc", 7, 7)
    arena.to_actions("heroes")
    arena.pass_until("hero-sindaro")
    return arena


@pytest.mark.parametrize(("strike", "rule"), [({"target": "orc"}, "grappled"),
                                              ({"target": "zombie", "weapon": "Staff"}, "weapon-not-in-hand")])
def test_a_strike_on_joining_a_pile_is_checked_before_the_moves_checks(strike: dict[str, Any], rule: str) -> None:
    arena = a_pile_beyond_a_body()
    body = {"type": "move_figure", "figure": "hero-sindaro", "path": [{"q": 2, "r": 3}, {"q": 3, "r": 3}],
            "join_pile": True, "strike": strike}
    assert refused_before_dice(arena.state, command(body), PLAYERS["ana"], [HIT] * 10) == rule


OGRE = {"id": "ogre", "name": "Ogre", "hp": 20, "mt": 8, "base_ad": 1, "movement": 4, "abilities": ["Overrun"],
        "overrun_damage": "1d6", "attacks": [{"name": "Club", "damage": "2d6", "weapon_class": "hammer"}],
        "hex": {"q": 6, "r": 3}, "facing": 3}


@pytest.mark.parametrize(("path", "overrun", "rule"), [
    ([(5, 3), (4, 3)], (6, 3), "overrun-hex"),  # not next to where the move ends
    ([(5, 3), (4, 3)], (4, 2), "overrun-hex"),  # the orc's hex: one of its own
    ([(5, 3)], (4, 3), "overrun-not-embattled"),  # the move ends short of Varya
])
def test_an_overrun_is_checked_where_the_move_would_end_before_its_checks(
        path: list[tuple[int, int]], overrun: tuple[int, int], rule: str) -> None:
    """The ogre charges Varya over the spearman's body (a check); an Overrun the move does not
    allow used to be refused after that check."""
    arena = PericleArena(enemies=[*encounter()["enemies"], OGRE])
    arena.put("hero-varya", 3, 3, facing=0)
    arena.put("spearman", 5, 3, condition="dead")
    arena.put("orc", 4, 2, facing=3)
    arena.put("zombie", 6, 6)
    arena.to_movement("enemies")
    body = {"type": "move_figure", "figure": "ogre", "path": [{"q": q, "r": r} for q, r in path], "facing": 3,
            "overrun": {"q": overrun[0], "r": overrun[1]}}
    assert refused_before_dice(arena.state, command(body), PLAYERS["gm"], [HIT] * 10) == rule


# ---- Pericle: an encounter's dice -------------------------------------------------------------

HORDE = [*encounter()["enemies"][:2], {**encounter()["enemies"][2], "attacks": [
    {"name": "Claws", "damage": "60d6+60d6", "natural": True}]}]


def test_an_encounter_whose_damage_cannot_be_rolled_is_refused_at_creation() -> None:
    create = CreateBattle(battle_id="00000000-0000-4000-8000-0000000000e1", ruleset="pericle",
                          seats=("ana", "gm"), options={"encounter": encounter(enemies=HORDE)})
    with pytest.raises(DomainError) as refused:
        decide(BattleState(), create, HmacDice(b"\x03" * 32, create.battle_id, [], 0), "p0")
    assert refused.value.rule == "encounter-invalid" and "zombie's Claws damage" in refused.value.detail


def test_a_battle_created_before_the_check_plays_no_combat_command() -> None:
    """Its zombie's claws (120 dice) would be rolled after a hit's check: nothing is played on."""
    arena = PericleArena()
    arena.combat = msgspec.structs.replace(arena.combat, encounter=msgspec.convert(encounter(enemies=HORDE),
                                                                                   Encounter))
    rule = refused_before_dice(arena.state, command({"type": "roll_initiative"}), PLAYERS["ana"])
    assert rule == "encounter-dice-invalid"
