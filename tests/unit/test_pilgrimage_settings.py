"""Pilgrimage version 2 on the ruleset contract: every check that can refuse a battle happens
in decide (at most four sides, one per table edge), the Oathband check reads the battle's own
PIL-GEAR settings (a tournament's registration, which has no battle, keeps the defaults), and
every command may name the seat it acts for."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.battle import BattleState, decide, evolve
from domain.commands import ClaimSeat, CreateBattle
from domain.dice import HmacDice
from domain.errors import DomainError, RuleViolation
from domain.events import BattleCreated
from domain.rulesets import find_ruleset
from domain.rulesets.pilgrimage.play import Activate, Aim, EndAct, Move, OathbandSubmitted, SubmitOathband
from tests.unit.pilgrimage_arena import Arena, band

BATTLE = "00000000-0000-4000-8000-0000000000bb"
OPEN = {"terrain": [], "lights": [], "objectives": []}
# PIL-GEAR's defaults: a basic Character 50, a two-handed weapon 10, medium armour 10.
KNIGHT = {"name": "Knight", "gear": ["two-handed weapon", "medium armour"]}  # 70 Supplies
PILGRIM = {"name": "Pilgrim"}  # 50 Supplies


def dice(state: BattleState) -> HmacDice:
    return HmacDice(b"k" * 32, BATTLE, state.client_seeds, state.next_nonce)


def run(state: BattleState, command: Any, actor: str) -> tuple[BattleState, list[msgspec.Struct]]:
    events = decide(state, command, dice(state), actor)
    for event in events:
        state = evolve(state, event)
    return state, events


def create(seats: tuple[str, ...], options: dict[str, Any] | None = None) -> list[msgspec.Struct]:
    return decide(BattleState(), CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", seats=seats,
                                              options=options or {}), dice(BattleState()), "p0")


def test_decide_refuses_a_fifth_side_and_accepts_four() -> None:
    """Seats are sides, one per table edge: south, north, west, east. The domain's decide
    refuses a fifth (not only the HTTP layer), so no log can record a battle that evolve would
    then fail to replay."""
    with pytest.raises(RuleViolation) as refused:
        create(("south", "north", "west", "east", "centre"))
    assert refused.value.rule == "seat-count"
    created = create(("south", "north", "west", "east"))[0]
    assert isinstance(created, BattleCreated) and created.seats == ("south", "north", "west", "east")
    state = evolve(BattleState(), created)
    assert state.ruleset_state.seats == ("south", "north", "west", "east")
    # Version 1 places nothing on a table and never limited the sides: a released version keeps
    # what it accepted.
    events = decide(BattleState(), CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", ruleset_version="1",
                                                seats=("a", "b", "c", "d", "e")), dice(BattleState()), "p0")
    assert isinstance(events[0], BattleCreated) and len(events[0].seats) == 5


def mustered(gear: dict[str, int] | None = None) -> BattleState:
    options = {"provisional": {"PIL-GEAR": gear}} if gear is not None else {}
    state, _ = run(BattleState(), CreateBattle(battle_id=BATTLE, ruleset="pilgrimage", seats=("south", "north"),
                                               options=options), "p0")
    state, _ = run(state, ClaimSeat(seat="south"), "p0")
    return state


def submit(state: BattleState, *characters: dict[str, Any]) -> OathbandSubmitted:
    _, events = run(state, SubmitOathband(oathband=band(*characters)), "p0")
    submitted = events[0]
    assert isinstance(submitted, OathbandSubmitted)
    return submitted


def refusal(state: BattleState, *characters: dict[str, Any]) -> list[str]:
    with pytest.raises(RuleViolation) as refused:
        run(state, SubmitOathband(oathband=band(*characters)), "p0")
    assert refused.value.rule == "army-list-invalid"
    problems: list[str] = refused.value.problems or []
    return problems


def test_the_battles_supplies_bound_its_oathbands_both_ways() -> None:
    """PIL-GEAR's `supplies` is the battle's: 900 takes a 770-Supply band, 100 refuses a
    150-Supply one. A tournament's list is checked before any battle exists: against the
    defaults."""
    assert submit(mustered({"supplies": 900}), *[KNIGHT] * 11).supplies == 770
    assert refusal(mustered({"supplies": 100}), *[PILGRIM] * 3) == [
        "the Oathband costs 150 Supplies, over the 100 allowed"]
    knights = {"name": "Band", "characters": [KNIGHT] * 11}
    for version in ("1", "2"):
        assert find_ruleset("pilgrimage", version).army_list_problems(knights) == [
            "the Oathband costs 770 Supplies, over the 600 allowed"]


def test_every_pil_gear_number_is_the_battles() -> None:
    assert submit(mustered({"character": 20}), PILGRIM).supplies == 20
    assert submit(mustered({"gear_two-handed_weapon": 0, "gear_medium_armour": 1}), KNIGHT).supplies == 51
    assert submit(mustered({"raise_aim": 1, "raise_ward": 2}), {"name": "A", "aim": 3, "ward": 3}).supplies == 59
    assert refusal(mustered({"max_raise": 1}), {"name": "A", "aim": 2}) == ["A: aim 2 is outside 0..+1 (PIL-GEAR)"]


# ---- the acting seat ---------------------------------------------------------------------


def both_seats() -> Arena:
    """One player holds both sides; south's Character is acting."""
    arena = Arena(band({"name": "S", "gear": ["bow"]}), band({"name": "N"}), table=OPEN,
                  players={"south": "p0", "north": "p0"})
    arena.deploy_all(south_1=(10, 2), north_1=(10, 46))
    arena.run(Activate(character="south/1"), "p0")
    return arena


def test_a_player_holding_both_sides_acts_for_the_acting_character_without_naming_a_seat() -> None:
    arena = both_seats()
    arena.run(Move(path=[(10, 5)]), "p0")
    arena.run(Aim(seat="south"), "p0")
    assert arena.play.activation is None and arena.figure("south/1").tired


def test_a_deed_naming_another_seat_than_the_acting_characters_is_refused() -> None:
    arena = both_seats()
    with pytest.raises(RuleViolation) as refused:
        arena.run(EndAct(seat="north"), "p0")
    assert refused.value.rule == "seat-mismatch"


def test_another_players_character_is_not_theirs_to_move() -> None:
    arena = Arena(band({"name": "S"}), band({"name": "N"}), table=OPEN)
    arena.deploy_all()
    for command, rule in ((Activate(character="south/1"), "not-your-seat"),
                          (Activate(character="south/1", seat="north"), "seat-mismatch")):
        with pytest.raises(DomainError) as refused:
            arena.run(command, "p1")
        assert refused.value.rule == rule
    arena.run(Activate(character="south/1"), "p0")
    for command, rule in ((EndAct(), "not-your-seat"), (EndAct(seat="north"), "seat-mismatch")):
        with pytest.raises(DomainError) as refused:
            arena.run(command, "p1")
        assert refused.value.rule == rule


@pytest.mark.parametrize(("version", "rule", "name", "value"), [
    ("1", "PIL-WEATHER-STORMFRONT", "extra_rolls", 1000), ("2", "PIL-WEATHER-STORMFRONT", "extra_rolls", 1000),
    ("2", "PIL-HEALTH", "health", 0), ("1", "PIL-GEAR", "gear_bow", -5), ("2", "PIL-GEAR", "gear_bow", -5),
])
def test_a_new_battle_is_refused_settings_it_could_not_be_played_with(version: str, rule: str, name: str,
                                                                      value: int) -> None:
    """A thousand extra Stormfront rolls would tie up `start`; Characters at Health 0 start Out of
    Action. Only new battles are checked: what an older battle recorded is read as it is."""
    ruleset = find_ruleset("pilgrimage", version)
    with pytest.raises(RuleViolation) as refused:
        ruleset.resolve_options({"provisional": {rule: {name: value}}}, ("north", "south"))
    assert refused.value.rule == "options-invalid" and f"{rule}.{name}" in refused.value.detail
