"""Pericle on the ruleset contract: every command takes `seat` (a command naming a figure acts
for the figure's seat), the rules read the battle's settings (not the copy GET /state shows),
and every check of an encounter's seats is made when the battle is created."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.battle import BattleState, decide, replay
from domain.commands import ClaimSeat, CreateBattle, Start
from domain.dice import HmacDice
from domain.errors import DomainError
from domain.events import BattleCreated
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle.catalogue import WEAPONS
from domain.rulesets.pericle.combat_events import CommandRecorded, DeftStrikesDeclared
from tests.unit.pericle_arena import PericleArena, encounter


def to_reposition(arena: PericleArena) -> None:
    arena.to_movement("heroes")
    for _ in range(2):
        arena.command("ana" if arena.combat.moving == "heroes" else "gm", {"type": "end_movement"})


def recorded(events: list[msgspec.Struct]) -> dict[str, Any]:
    [found] = [e for e in events if isinstance(e, CommandRecorded)]
    return found.command


def test_a_command_naming_a_figure_takes_the_figures_seat() -> None:
    arena = PericleArena()
    to_reposition(arena)
    face = {"type": "face", "figure": "hero-varya", "facing": 1}
    assert recorded(arena.command("ana", {**face, "seat": "ana"})) == {**face, "seat": "ana"}
    assert arena.rule_of("ana", {**face, "seat": "ben"}) == "seat-mismatch", "Varya is ana's"
    assert arena.rule_of("ben", {**face, "seat": "ana"}) == "not-your-figure"
    # Sent without a seat, the command is recorded as it always was: without one.
    assert recorded(arena.command("ana", {**face, "facing": 2})) == {**face, "facing": 2}


def test_the_rules_read_the_battles_settings_not_the_copy_the_state_shows() -> None:
    """PER-DEFT-ORDER is `in_the_order: true` in this battle: Deft Strikes is declared, whatever
    the combat's copy of the settings (shown by GET /state) says."""
    arena = PericleArena()
    arena.put("hero-varya", 3, 3, disciplines=("Deft Strikes",), weapons=(WEAPONS["dagger"],), in_hand=("dagger",))
    to_reposition(arena)
    arena.command("ana", {"type": "end_repositioning"}, [1] * 20)
    copy = {**arena.combat.settings, "PER-DEFT-ORDER": {"in_the_order": False}}
    arena.combat = msgspec.structs.replace(arena.combat, settings=copy)
    declared = arena.command("ana", {"type": "deft_strikes", "figure": "hero-varya"})
    assert any(isinstance(e, DeftStrikesDeclared) for e in declared)


@pytest.mark.parametrize("changes", [{"enemy_seat": "nobody"},
                                     {"companions": [{"id": "wolf", "name": "Wolf", "hp": 6, "mt": 2, "base_ad": 1,
                                                      "attacks": [{"name": "Bite", "damage": "1d4"}],
                                                      "hex": {"q": 1, "r": 5}, "seat": "gm"}]}],
                         ids=["enemy seat", "companion seat"])
def test_decide_refuses_an_encounter_its_seats_cannot_play(changes: dict[str, Any]) -> None:
    """Refused when the battle is created, not when its creation is replayed."""
    create = CreateBattle(battle_id="00000000-0000-4000-8000-0000000000c1", ruleset="pericle",
                          seats=("ana", "gm"), options={"encounter": encounter(**changes)})
    with pytest.raises(DomainError) as refused:
        decide(BattleState(), create, HmacDice(b"\x04" * 32, create.battle_id, [], 0), "p0")
    assert refused.value.rule == "encounter-invalid"


def test_the_state_shows_the_settings_as_the_battle_recorded_them() -> None:
    """A battle created before a setting existed recorded none for it: GET /state still shows
    none (the rules read its default)."""
    arena = PericleArena()
    created = arena.events[0]
    assert isinstance(created, BattleCreated)
    older = msgspec.structs.replace(created, options={**created.options, "provisional": {"PER-DEFT-ORDER": {}}})
    replayed = replay([older, *arena.events[1:]])
    assert replayed.ruleset_state.settings == {"PER-DEFT-ORDER": {}}


def test_without_an_encounter_a_figures_command_is_refused_for_its_seat_or_by_the_rules() -> None:
    """A battle created without an encounter has no figures: the seat named is checked as for
    any command, then the rules refuse the command."""
    battle = "00000000-0000-4000-8000-0000000000c2"
    state = BattleState()
    for command, actor in [(CreateBattle(battle_id=battle, ruleset="pericle", seats=("a", "b")), "p-a"),
                           (ClaimSeat(seat="a"), "p-a"), (ClaimSeat(seat="b"), "p-b"), (Start(), "p-a")]:
        state = replay(decide(state, command, HmacDice(b"\x05" * 32, battle, [], 0), actor), state)
    escape = msgspec.convert({"type": "escape", "figure": "orc", "to": {"q": 0, "r": 3}, "seat": "a"}, cmd.Escape)
    for actor, rule in (("p-b", "not-your-seat"), ("p-a", "no-encounter")):
        with pytest.raises(DomainError) as refused:
            decide(state, escape, HmacDice(b"\x05" * 32, battle, [], 0), actor)
        assert refused.value.rule == rule
