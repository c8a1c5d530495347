"""Pilgrimage play (ruleset version 2) against the seeds' own words: seed 000 "The Ground
Itself" (Difficult Ground, Cover, Falling) and seed 002 (Sight, light, every weather entry)."""

from __future__ import annotations

import msgspec
import pytest

from domain.battle import BattleState, decide, evolve
from domain.commands import ClaimSeat, CreateBattle
from domain.dice import HmacDice
from domain.errors import DomainError, RuleViolation
from domain.rulesets.pilgrimage.play import (
    Activate,
    Aim,
    Assault,
    Climb,
    DeedPerformed,
    Deploy,
    EndAct,
    Fire,
    Move,
    Stand,
    SubmitOathband,
    TurnBegan,
)
from domain.rulesets.pilgrimage.rules import fall_damage
from tests.unit.pilgrimage_arena import Arena, band

ARCHER = {"name": "Archer", "gear": ["bow"]}
PILGRIM = {"name": "Pilgrim", "pace": 1}
OPEN = {"terrain": [], "lights": [], "objectives": []}
BOG = {"terrain": [{"name": "bog", "kinds": ["difficult"], "polygon": [[20, 20], [22, 20], [22, 24], [20, 24]]}],
       "lights": [], "objectives": []}


def deed(events: list) -> DeedPerformed:  # type: ignore[type-arg]
    return next(e for e in events if isinstance(e, DeedPerformed))


# ---- seed 000: Difficult Ground ---------------------------------------------------------


def test_the_bog_crossing() -> None:
    """Seed 000: "a Pilgrim with Pace +1 spends 2 Deeds on their first Move of the Act to cross
    a bog, moving 4" as normal. Their Act has 1 Deed remaining.\""""
    arena = Arena(band(PILGRIM), band(PILGRIM), table=BOG)
    arena.deploy_all(south_1=(19, 22))
    arena.run(Activate(character="south/1"), "p0")
    moved = deed(arena.run(Move(path=[(23, 22)]), "p0"))
    assert (moved.cost, moved.distance, moved.allowance, moved.deeds_left) == (2, 4.0, 4.0, 1)


@pytest.mark.parametrize(("start", "end", "cost"), [
    ((21, 22), (21, 26), 2),  # starts in
    ((21, 27), (21, 23), 2),  # ends in
    ((21, 28), (21, 25), 1),  # stays clear
])
def test_starting_in_or_ending_in_difficult_ground_costs_a_deed_more(start: tuple[int, int],
                                                                     end: tuple[int, int], cost: int) -> None:
    arena = Arena(band(PILGRIM), band(PILGRIM), table=BOG)
    arena.deploy_all(south_1=start)
    arena.run(Activate(character="south/1"), "p0")
    assert deed(arena.run(Move(path=[end]), "p0")).cost == cost


def test_moves_after_the_first_are_three_inches() -> None:
    arena = Arena(band(PILGRIM), band(PILGRIM), table=OPEN)
    arena.deploy_all(south_1=(10, 10))
    arena.run(Activate(character="south/1"), "p0")
    arena.run(Move(path=[(10, 14)]), "p0")
    with pytest.raises(RuleViolation) as too_far:
        arena.run(Move(path=[(10, 17.5)]), "p0")
    assert too_far.value.rule == "move-too-far"
    assert deed(arena.run(Move(path=[(10, 17)]), "p0")).allowance == 3


# ---- seed 000: Falling ------------------------------------------------------------------


def test_the_pilgrim_pushed_from_a_seven_inch_ledge() -> None:
    """Seed 000: "a Pilgrim is pushed from a ledge 7" up. They take 4 direct damage and are
    Knocked Down at the base." (3" or less is safe; Ward is ignored.)"""
    assert fall_damage(7, frostbound=False) == 4
    assert fall_damage(3, frostbound=False) == 0


def test_a_deliberate_drop_counts_as_distance_moved() -> None:
    ledge = {"terrain": [{"name": "ledge", "kinds": ["climbable"], "polygon": [[10, 10], [14, 10], [14, 14],
                                                                               [10, 14]], "height": 2}],
             "lights": [], "objectives": []}
    arena = Arena(band(PILGRIM), band(PILGRIM), table=ledge)
    arena.deploy_all(south_1=(12, 13))
    arena.run(Activate(character="south/1"), "p0")
    moved = deed(arena.run(Move(path=[(12, 15)]), "p0"))
    assert moved.distance == 4.0 and moved.position == (12, 15, 0) and moved.damage_taken == 0


def test_a_move_cannot_go_up_and_a_climb_can() -> None:
    ledge = {"terrain": [{"name": "ledge", "kinds": ["climbable"], "polygon": [[10, 10], [14, 10], [14, 14],
                                                                               [10, 14]], "height": 3}],
             "lights": [], "objectives": []}
    arena = Arena(band(PILGRIM), band(PILGRIM), table=ledge)
    arena.deploy_all(south_1=(12, 9.5))
    arena.run(Activate(character="south/1"), "p0")
    with pytest.raises(RuleViolation) as up:
        arena.run(Move(path=[(12, 11)]), "p0")
    assert up.value.rule == "climb-needed"
    climbed = deed(arena.run(Climb(to=(12, 10.2)), "p0"))
    assert (climbed.cost, climbed.position) == (2, (12, 10.2, 3))


# ---- Fire, Cover, High Ground, Sight ----------------------------------------------------


def shot(arena: Arena, target: str = "north/1", faces: list[int] | None = None) -> DeedPerformed:
    arena.run(Activate(character="south/1"), "p0")
    return deed(arena.run(Fire(target=target), "p0", faces=faces or [7, 7, 5]))


def sources(performed: DeedPerformed) -> dict[str, int]:
    assert performed.attack is not None
    return {f"{m.side}:{m.source}": m.value for m in performed.attack.modifiers}


def test_fire_deals_the_margin_less_ward_and_knocks_down_at_four() -> None:
    arena = Arena(band({**ARCHER, "aim": 3}), band({"name": "Target", "gear": ["medium armour"]}), table=OPEN)
    arena.deploy_all(south_1=(10, 10), north_1=(10, 20))
    hit = shot(arena, faces=[9, 1])  # 9 + 3 Aim = 12 against 1 + 0 Might: margin 11, Ward 1
    assert hit.attack is not None
    assert (hit.attack.attacker_total, hit.attack.defender_total, hit.attack.margin) == (12, 1, 11)
    assert (hit.attack.damage, hit.attack.knocked_down, hit.attack.out_of_action) == (10, True, True)


def test_a_tie_goes_to_the_defender() -> None:
    arena = Arena(band(ARCHER), band({"name": "Target"}), table=OPEN)
    arena.deploy_all(south_1=(10, 10), north_1=(10, 20))
    tie = shot(arena, faces=[6, 6])
    assert tie.attack is not None and (tie.attack.margin, tie.attack.damage) == (0, 0)


def test_cover_is_judged_from_the_shooter() -> None:
    wall = {"terrain": [{"name": "wall", "kinds": ["obscuring"], "polygon": [[5, 15], [15, 15], [15, 16], [5, 16]],
                         "height": 2}], "lights": [], "objectives": []}
    arena = Arena(band(ARCHER), band({"name": "T"}), table=wall)
    arena.deploy_all(south_1=(10, 10), north_1=(10, 17))
    assert sources(shot(arena))["attacker:cover"] == -2
    behind = Arena(band(ARCHER), band({"name": "T"}), table=wall)
    behind.deploy_all(south_1=(10, 20), north_1=(10, 17))  # the wall is behind the target
    assert "attacker:cover" not in sources(shot(behind))


def test_high_ground_and_shroud_and_close_fire() -> None:
    arena = Arena(band(ARCHER), band({"name": "T"}), table=OPEN, sight=6)
    arena.deploy_all(south_1=(10, 10), north_1=(10, 20))
    arena.place("south/1", 10, 10, z=3)
    mods = sources(fired := shot(arena))
    assert mods["attacker:high ground"] == 1 and mods["attacker:shrouded"] == -2  # 10" away, Sight 6"
    assert fired.attack is not None and fired.attack.advantage is None
    close = Arena(band(ARCHER), band({"name": "T"}), table=OPEN)
    close.deploy_all(south_1=(10, 10), north_1=(10, 15))
    closer = shot(close, faces=[2, 9, 5])
    assert closer.attack is not None and closer.attack.advantage == "close fire"
    assert closer.attack.attacker_total == 9, "two D12, the higher kept (PIL-ADVANTAGE)"


def test_a_light_source_keeps_its_surroundings_unshrouded() -> None:
    lit = {"terrain": [], "lights": [{"x": 10, "y": 20, "radius": 3}], "objectives": []}
    arena = Arena(band(ARCHER), band({"name": "T"}), table=lit, sight=0)
    arena.deploy_all(south_1=(10, 10), north_1=(10, 20))
    assert "attacker:shrouded" not in sources(shot(arena))


def test_aim_grants_advantage_to_the_next_fire() -> None:
    arena = Arena(band(ARCHER), band({"name": "T"}), table=OPEN)
    arena.deploy_all(south_1=(10, 10), north_1=(10, 30))
    arena.run(Activate(character="south/1"), "p0")
    aimed = deed(arena.run(Aim(), "p0"))
    assert (aimed.cost, aimed.deeds_left) == (2, 1)
    fired = deed(arena.run(Fire(target="north/1"), "p0", faces=[3, 10, 4]))
    assert fired.attack is not None and fired.attack.advantage == "aim"


@pytest.mark.parametrize(("command", "rule"), [
    (Fire(target="north/1"), "out-of-range"),
    (Fire(target="south/2"), "target-invalid"),
    (Assault(target="north/1"), "target-not-in-reach"),
])
def test_illegal_attacks_name_the_rule(command: object, rule: str) -> None:
    arena = Arena(band(ARCHER, {"name": "Friend"}), band({"name": "T"}), table=OPEN)
    arena.deploy_all(south_1=(10, 2), north_1=(10, 46))
    arena.run(Activate(character="south/1"), "p0")
    with pytest.raises(RuleViolation) as refused:
        arena.run(command, "p0")
    assert refused.value.rule == rule


def test_blocking_terrain_blocks_the_line_and_a_sword_cannot_shoot() -> None:
    stones = {"terrain": [{"name": "stones", "kinds": ["blocking"], "polygon": [[8, 14], [12, 14], [12, 16],
                                                                                [8, 16]], "height": 4}],
              "lights": [], "objectives": []}
    arena = Arena(band(ARCHER, {"name": "Sword"}), band({"name": "T"}), table=stones)
    arena.deploy_all(south_1=(10, 10), south_2=(20, 10), north_1=(10, 20))
    arena.run(Activate(character="south/1"), "p0")
    with pytest.raises(RuleViolation) as blocked:
        arena.run(Fire(target="north/1"), "p0")
    assert blocked.value.rule == "line-blocked"
    arena.run(EndAct(), "p0")
    arena.run(Activate(character="north/1"), "p1")
    arena.run(EndAct(), "p1")
    arena.run(Activate(character="south/2"), "p0")
    with pytest.raises(RuleViolation) as unarmed:
        arena.run(Fire(target="north/1"), "p0")
    assert unarmed.value.rule == "no-ranged-weapon"


# ---- Turns and Acts -----------------------------------------------------------------------


def test_sides_alternate_and_a_tired_character_cannot_act_again() -> None:
    arena = Arena(band(PILGRIM, PILGRIM), band(PILGRIM), table=OPEN)
    arena.deploy_all()
    arena.run(Activate(character="south/1"), "p0")
    arena.run(EndAct(), "p0")
    with pytest.raises(RuleViolation) as not_yours:
        arena.run(Activate(character="south/2"), "p0")
    assert not_yours.value.rule == "not-your-activation"
    arena.run(Activate(character="north/1"), "p1")
    arena.run(EndAct(), "p1")
    with pytest.raises(RuleViolation) as tired:
        arena.run(Activate(character="south/1"), "p0")
    assert tired.value.rule == "character-tired"
    events = arena.run(Activate(character="south/2"), "p0") + arena.run(EndAct(), "p0")
    began = [e for e in events if isinstance(e, TurnBegan)]
    assert began and began[0].turn == 2, "everyone Tired: the Turn ends and the next begins"


def test_a_knocked_down_character_must_stand_first() -> None:
    arena = Arena(band(PILGRIM), band(PILGRIM), table=OPEN)
    arena.deploy_all()
    arena.play = msgspec.structs.replace(arena.play, figures=tuple(
        msgspec.structs.replace(f, knocked_down=True) if f.id == "south/1" else f for f in arena.play.figures))
    arena.run(Activate(character="south/1"), "p0")
    with pytest.raises(DomainError) as down:
        arena.run(Move(path=[(4, 4)]), "p0")
    assert down.value.rule == "knocked-down"
    stood = deed(arena.run(Stand(), "p0"))
    assert stood.cost == 1 and not arena.figure("south/1").knocked_down


# ---- set-up refusals --------------------------------------------------------------------


def test_invalid_tables_and_deployments_are_refused() -> None:
    bowtie = {"terrain": [{"name": "knot", "kinds": ["difficult"], "polygon": [[0, 0], [4, 4], [4, 0], [0, 4]]}],
              "lights": [], "objectives": []}
    with pytest.raises(RuleViolation) as knot:
        Arena(band(PILGRIM), band(PILGRIM), table=bowtie)
    assert knot.value.rule == "table-invalid"
    with pytest.raises(RuleViolation) as vigil:
        Arena(band(PILGRIM), band(PILGRIM), trial="Vigil", table=OPEN)
    assert vigil.value.rule == "table-invalid"
    arena = Arena(band(PILGRIM), band(PILGRIM), table=OPEN)
    with pytest.raises(RuleViolation) as outside:
        arena.run(Deploy(character="south/1", x=10, y=20), "p0")
    assert outside.value.rule == "outside-deployment-zone"


def test_an_oathband_over_600_supplies_is_refused_with_every_reason() -> None:
    state = BattleState()
    for command, actor in ((CreateBattle(battle_id="b", ruleset="pilgrimage", seats=("a", "b")), "p"),
                           (ClaimSeat(seat="a"), "p")):
        for event in decide(state, command, HmacDice(b"k" * 32, "b", [], 0), actor):
            state = evolve(state, event)
    greedy = band(*({"name": f"C{n}", "aim": 3, "gear": ["crossbow", "heavy armour"]} for n in range(6)))
    with pytest.raises(RuleViolation) as refused:
        decide(state, SubmitOathband(oathband=greedy), HmacDice(b"k" * 32, "b", [], 0), "p")
    assert refused.value.rule == "army-list-invalid"
    assert refused.value.problems == ["the Oathband costs 690 Supplies, over the 600 allowed"]
