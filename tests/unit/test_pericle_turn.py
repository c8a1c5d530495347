"""A Pericle combat turn (seed 001, Combat Phases): Initiative, the Movement phase with
Embattlement and Pivots, crossing bodies, repositioning, Defend declarations, the Action Order
and Delay. Rolls are scripted: Action Die faces 1-4 are success icons, 5 the Crit, 6-9 the
numbers 1-4, 10 the critical failure."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import DomainError, NotPermitted
from domain.hexes import Hex
from domain.rulesets.pericle import board
from domain.rulesets.pericle.catalogue import WEAPONS
from domain.rulesets.pericle.combat_events import DoorOpened, FellProne, InitiativeRolled, TargetChosen
from domain.rulesets.pericle.v5.attack_steps import strikes_in
from tests.unit.pericle_arena import PericleArena, encounter

ONE, TWO, THREE, FOUR = 6, 7, 8, 9  # Action Die faces showing the numbers
HIT = 1  # a success icon


def at(q: int, r: int) -> dict[str, int]:
    return {"q": q, "r": r}


def test_the_party_rolls_initiative_at_ad0_plus_one_per_tactics() -> None:
    """1. Initiative: AD0 for the party, +1 for each hero with Tactics (Varya has it): a 1
    succeeds at AD1; the winner chooses who moves first."""
    arena = PericleArena()
    rolled = [e for e in arena.command("ben", {"type": "roll_initiative"}, [ONE]) if isinstance(e, InitiativeRolled)]
    assert rolled[0].check is not None and rolled[0].check.ad == 1 and rolled[0].winner == "heroes"
    assert arena.rule_of("gm", {"type": "choose_order", "first": "enemies"}) == "not-your-team"
    arena.command("ana", {"type": "choose_order", "first": "enemies"})
    assert arena.combat.phase == "movement" and arena.combat.moving == "enemies"


def test_a_failed_initiative_lets_the_enemies_choose() -> None:
    arena = PericleArena()
    arena.command("ana", {"type": "roll_initiative"}, [TWO])
    assert arena.combat.initiative == "enemies"
    with pytest.raises(NotPermitted):
        arena.command("ana", {"type": "choose_order", "first": "heroes"})
    arena.command("gm", {"type": "choose_order", "first": "heroes"})
    assert arena.combat.moving == "heroes"


def test_a_surprising_party_takes_a_free_first_turn() -> None:
    """Surprise: "one full free turn of action, including Movement and Action phases. After the
    turn of Surprise, combat will then continue normally, starting with Initiative." The
    surprised enemies neither move, turn, declare nor act (PER-SURPRISE)."""
    arena = PericleArena(surprise="heroes")
    combat = arena.combat
    assert (combat.phase, combat.turn, combat.moving, combat.surprise) == ("movement", 1, "heroes", "heroes")
    arena.act("hero-varya", "move_figure", path=[{"q": 1, "r": 3}], facing=0)
    arena.command("ana", {"type": "end_movement"})
    assert arena.combat.phase == "reposition", "the enemies have no Movement phase this turn"
    arena.put("hero-varya", 5, 3, facing=3)  # behind the orc: unsurprised, it would turn to face her
    facings = {f.id: f.facing for f in arena.combat.team("enemies")}
    arena.command("ana", {"type": "end_repositioning"}, [1] * 10)
    assert {f.id: f.facing for f in arena.combat.team("enemies")} == facings, "taken by surprise, they do not turn"
    assert arena.rule_of("gm", {"type": "defend", "figure": "orc"}) == "surprised"
    arena.command("ana", {"type": "begin_actions"})
    assert set(arena.combat.order) == {"hero-varya", "hero-baerwyn", "hero-sindaro"}
    arena.end_turn()
    assert arena.combat.phase == "initiative" and arena.combat.surprise is None
    arena.to_movement("enemies")
    assert arena.combat.turn == 2 and arena.combat.moving == "enemies"


def test_surprised_heroes_watch_the_enemies_move_and_act() -> None:
    arena = PericleArena(surprise="enemies")
    assert arena.combat.moving == "enemies"
    assert arena.rule_of("ana", {"type": "move_figure", "figure": "hero-varya", "path": [{"q": 1, "r": 3}]}) \
        == "not-your-movement"
    arena.command("gm", {"type": "end_movement"}, [1] * 10)
    assert arena.combat.phase == "declare", "the enemies reposition at once; the heroes have nothing to finish"
    assert arena.rule_of("ana", {"type": "face", "figure": "hero-varya", "facing": 1}) == "surprised"
    arena.command("gm", {"type": "begin_actions"})
    assert {arena.figure(f).team for f in arena.combat.order} == {"enemies"}


def test_surprise_and_a_granted_initiative_do_not_go_together() -> None:
    from domain.battle import BattleState, decide
    from domain.commands import CreateBattle
    from domain.dice import HmacDice
    from domain.errors import DomainError
    from tests.unit.pericle_arena import BATTLE, encounter

    options = {"encounter": encounter(surprise="heroes", first_turn="heroes")}
    create = CreateBattle(battle_id=BATTLE, ruleset="pericle", seats=("ana", "gm"), options=options)
    with pytest.raises(DomainError) as refused:
        decide(BattleState(), create, HmacDice(b"\x01" * 32, BATTLE, "", 0), "p0")
    assert any("surprise and first_turn" in p for p in refused.value.problems)


def test_the_story_can_grant_the_opening_initiative() -> None:
    arena = PericleArena(first_turn="enemies")
    assert arena.combat.phase == "order" and arena.combat.initiative == "enemies" and arena.combat.turn == 1


def test_teams_move_in_turn_each_figure_once() -> None:
    """2. Movement: all of one team, then the other; a hero finishes its move before the next."""
    arena = PericleArena()
    arena.to_movement("heroes")
    assert arena.rule_of("gm", {"type": "move_figure", "figure": "orc", "path": [at(3, 3)]}) == "not-your-movement"
    arena.act("hero-varya", "move_figure", path=[at(1, 3)])
    assert arena.rule_of("ana", {"type": "move_figure", "figure": "hero-varya", "path": [at(2, 3)]}) == "already-moved"
    with pytest.raises(NotPermitted):
        arena.command("ana", {"type": "move_figure", "figure": "hero-baerwyn", "path": [at(1, 4)]})
    arena.command("ana", {"type": "end_movement"})
    arena.act("orc", "move_figure", path=[at(3, 3)])
    arena.command("gm", {"type": "end_movement"})
    assert arena.combat.phase == "reposition"
    assert arena.figure("hero-varya").moved == 1


@pytest.mark.parametrize(("path", "rule"), [
    ([at(2, 2)], "path-not-adjacent"),
    ([at(1, 3), at(2, 3), at(2, 2), at(3, 1)], "path-blocked"),
    ([at(1, 3), at(1, 4)], "path-occupied"),
    ([at(1, 3), at(2, 3), at(3, 3), at(3, 4)], "embattled-stop"),
    ([at(1, 3), at(1, 2), at(2, 1), at(2, 0), at(1, 0), at(0, 0)], "movement-exceeded"),
])
def test_illegal_paths_are_refused_naming_the_rule(path: list[dict[str, int]], rule: str) -> None:
    arena = PericleArena()
    arena.put("hero-baerwyn", 1, 4)
    arena.to_movement("heroes")
    assert arena.rule_of("ana", {"type": "move_figure", "figure": "hero-varya", "path": path}) == rule


def test_entering_a_foes_front_hex_embattles_and_stops() -> None:
    """Embattled Condition: stop on entering a front hex adjacent to a foe; facing it, the foe is
    Embattled too."""
    arena = PericleArena()
    arena.to_movement("heroes")
    arena.act("hero-varya", "move_figure", path=[at(1, 3), at(2, 3), at(3, 3)], facing=0)
    varya, orc = arena.figure("hero-varya"), arena.figure("orc")
    assert [f.id for f in board.embattled_by(arena.combat, varya)] == ["orc", "spearman"]
    assert [f.id for f in board.embattled_by(arena.combat, orc)] == ["hero-varya"]


def test_side_and_rear_hexes_do_not_stop_a_move() -> None:
    """You are not Embattled in a side or rear hex: a figure may walk round a foe's flank."""
    arena = PericleArena()
    arena.put("hero-varya", 4, 5)
    arena.to_movement("heroes")
    arena.act("hero-varya", "move_figure", path=[at(4, 4), at(5, 3), at(6, 3)])
    assert arena.figure("hero-varya").hex == Hex(6, 3)


def test_reach_embattles_two_hexes_away() -> None:
    """A foe with Reach Embattles at two hexes in the direction of its front hexes, and is
    Embattled itself while it holds the foe at bay."""
    arena = PericleArena()
    arena.put("hero-baerwyn", 1, 2)
    arena.to_movement("heroes")
    path = [at(2, 2), at(3, 2), at(2, 3)]
    assert arena.rule_of("ben", {"type": "move_figure", "figure": "hero-baerwyn", "path": path}) == "embattled-stop"
    arena.act("hero-baerwyn", "move_figure", path=path[:2], facing=0)
    spearman = arena.figure("spearman")
    assert [f.id for f in board.embattled_by(arena.combat, arena.figure("hero-baerwyn"))] == ["spearman"]
    assert [f.id for f in board.embattled_by(arena.combat, spearman)] == ["hero-baerwyn"]


def test_an_embattled_figure_may_only_pivot_staying_adjacent() -> None:
    """Movement & Embattlement: starting Embattled, a figure moves one hex and must remain
    adjacent to every foe it is Embattled with; leaving is the Withdraw Action."""
    arena = PericleArena()
    arena.put("hero-varya", 3, 3, facing=0)
    arena.to_movement("heroes")
    assert arena.rule_of("ana", {"type": "move_figure", "figure": "hero-varya", "path": [at(2, 3)]}) == "pivot"
    assert arena.rule_of("ana", {"type": "move_figure", "figure": "hero-varya",
                                 "path": [at(3, 4), at(2, 5)]}) == "movement-exceeded"
    arena.act("hero-varya", "move_figure", path=[at(3, 4)], facing=1)
    assert arena.figure("hero-varya").hex == Hex(3, 4)


def test_crossing_a_body_needs_a_simple_athletics_check() -> None:
    """Jumping: moving over a body or prone figure is a Simple Athletics check (AD+2); failure
    leaves the hero prone in that hex and ends its move. Varya has Athletics 1: AD3."""
    arena = PericleArena()
    arena.put("zombie", 2, 3, condition="dead")
    arena.to_movement("heroes")
    events = arena.act("hero-varya", "move_figure", [FOUR], path=[at(1, 3), at(2, 3), at(3, 2)])
    assert any(isinstance(e, FellProne) for e in events)
    varya = arena.figure("hero-varya")
    assert varya.hex == Hex(2, 3) and varya.condition == "prone"
    arena.act("hero-baerwyn", "move_figure", [TWO], path=[at(1, 3), at(2, 3), at(2, 2)])
    baerwyn = arena.figure("hero-baerwyn")
    assert baerwyn.condition == "standing" and baerwyn.hex == Hex(2, 2), "a 2 succeeds at AD2 (Athletics 0, +2)"


def test_a_prone_figure_crawls_two_hexes() -> None:
    arena = PericleArena()
    arena.put("hero-varya", 0, 3, condition="prone")
    arena.to_movement("heroes")
    assert arena.rule_of("ana", {"type": "move_figure", "figure": "hero-varya",
                                 "path": [at(1, 3), at(1, 2), at(2, 1)]}) == "movement-exceeded"
    arena.act("hero-varya", "move_figure", path=[at(1, 3), at(1, 2)])


def test_enemies_reposition_to_face_the_most_heroes() -> None:
    """Repositioning: heroes first; then each enemy faces the greatest number of heroes; the
    heroes may turn again in answer before the Action phase."""
    arena = PericleArena()
    arena.put("orc", 4, 3, facing=0)
    arena.put("hero-varya", 3, 3)
    arena.to_movement("heroes")
    arena.command("ana", {"type": "end_movement"})
    arena.command("gm", {"type": "end_movement"})
    assert arena.rule_of("gm", {"type": "face", "figure": "orc", "facing": 3}) == "enemy-repositioning"
    arena.command("ana", {"type": "end_repositioning"}, [1] * 5)
    assert board.zone_of(arena.figure("orc"), Hex(3, 3)) == "front"
    arena.command("ana", {"type": "face", "figure": "hero-varya", "facing": 0})
    assert arena.combat.phase == "declare"


def test_the_action_order_example() -> None:
    """3. Actions: Varya (AD3), then Callan and the Bandit Lord tied at AD1 - Callan first when
    the allies won initiative - then the zombies (AD0)."""
    for winner, expected in (("heroes", ["hero-varya", "hero-sindaro", "orc", "zombie"]),
                             ("enemies", ["hero-varya", "orc", "hero-sindaro", "zombie"])):
        arena = PericleArena()
        arena.put("hero-varya", 0, 3, base_ad=3)
        arena.put("hero-sindaro", 0, 5, base_ad=1)  # Callan's place in the example
        arena.put("orc", 4, 3, base_ad=1)  # the Bandit Lord's
        arena.put("spearman", 6, 0, condition="dead")
        arena.put("hero-baerwyn", 0, 4, condition="unconscious", wounds=11)
        arena.to_actions(winner)
        assert list(arena.combat.order) == expected


def test_archery_and_haste_change_the_order() -> None:
    """Archery's +2 "affects your attack order" with a bow; Haste acts before everyone."""
    arena = PericleArena()
    arena.put("hero-varya", 0, 3, disciplines=("Haste",), base_ad=0)
    arena.to_actions("heroes")
    assert arena.combat.order[:3] == ("hero-varya", "hero-baerwyn", "hero-sindaro")
    assert arena.combat.order[1] == "hero-baerwyn"  # Base AD 3 + 2 would lead without Haste


def test_deft_strikes_is_declared_and_costs_its_ad_minus_one_in_the_order() -> None:
    """Deft Strikes: "Each of these attacks takes AD-1 when determining both the order of your
    attack and when making the attack roll" (seed 001, Disciplines); the order is fixed before
    any Action, so the hero declares it (PER-DEFT-ORDER). Varya at AD1 ties the orc (AD1) and goes
    first for the heroes' initiative; declared, she is at AD0, after it."""
    for deft, before_orc in (((), True), (("hero-varya",), False)):
        arena = PericleArena()
        arena.put("hero-varya", 3, 3, base_ad=1, disciplines=("Deft Strikes",), weapons=(WEAPONS["dagger"],),
                  in_hand=("dagger",))
        arena.to_actions("heroes", deft=deft)
        order = arena.combat.order
        assert (order.index("hero-varya") < order.index("orc")) is before_orc
        assert arena.figure("hero-varya").deft_strikes is bool(deft)
        arena.pass_until("hero-varya")
        strikes = [{"target": "orc", "weapon": "dagger"}] * 2
        if not deft:
            body = {"type": "attack", "figure": "hero-varya", "strikes": strikes}
            assert arena.rule_of("ana", body) == "deft-strikes-undeclared"
            continue
        found = list(strikes_in(arena.act("hero-varya", "attack", [10] * 4, strikes=strikes)))
        assert len(found) == 2
        assert all({a.source: a.value for a in s.check.adjustments}["Deft Strikes"] == -1 for s in found)
    arena.end_turn()
    arena.to_movement("heroes")
    assert not arena.figure("hero-varya").deft_strikes, "a declaration lasts one turn"


def test_a_battle_may_leave_deft_strikes_out_of_the_order() -> None:
    """PER-DEFT-ORDER's setting `in_the_order: false` (versions 3 and 4; version 5 follows line
    1191 and does not offer it): no declaration, no place lost, and two dagger strikes at AD-1
    each all the same."""
    arena = PericleArena(provisional={"PER-DEFT-ORDER": {"in_the_order": False}}, version="4")
    arena.put("hero-varya", 3, 3, base_ad=1, disciplines=("Deft Strikes",), weapons=(WEAPONS["dagger"],),
              in_hand=("dagger",))
    arena.to_movement("heroes")
    for _ in range(2):
        arena.command("ana" if arena.combat.moving == "heroes" else "gm", {"type": "end_movement"})
    arena.command("ana", {"type": "end_repositioning"}, [1] * 20)
    assert arena.rule_of("ana", {"type": "deft_strikes", "figure": "hero-varya"}) == "deft-strikes-not-in-order"
    arena.command("ana", {"type": "begin_actions"})
    assert arena.combat.order.index("hero-varya") < arena.combat.order.index("orc")
    arena.pass_until("hero-varya")
    found = list(strikes_in(arena.act("hero-varya", "attack", [10] * 4,
                                      strikes=[{"target": "orc", "weapon": "dagger"}] * 2)))
    assert [{a.source: a.value for a in s.check.adjustments}["Deft Strikes"] for s in found] == [-1, -1]


def test_deft_strikes_needs_the_discipline_and_excludes_defend() -> None:
    arena = PericleArena()
    arena.put("hero-varya", 0, 3, disciplines=("Deft Strikes",))
    arena.to_movement("heroes")
    for _ in range(2):
        arena.command("ana" if arena.combat.moving == "heroes" else "gm", {"type": "end_movement"})
    arena.command("ana", {"type": "end_repositioning"}, [1] * 20)
    assert arena.rule_of("ana", {"type": "deft_strikes", "figure": "hero-sindaro"}) == "deft-strikes"
    arena.command("ana", {"type": "deft_strikes", "figure": "hero-varya"})
    assert arena.rule_of("ana", {"type": "deft_strikes", "figure": "hero-varya"}) == "deft-strikes-declared"
    assert arena.rule_of("ana", {"type": "defend", "figure": "hero-varya"}) == "deft-strikes-declared"
    arena.put("hero-sindaro", 0, 5, disciplines=("Deft Strikes",))
    arena.command("ana", {"type": "defend", "figure": "hero-sindaro"})
    assert arena.rule_of("ana", {"type": "deft_strikes", "figure": "hero-sindaro"}) == "already-defending"


def test_a_hero_grappled_after_declaring_deft_strikes_may_still_defend() -> None:
    """Defend "must normally be declared at the beginning of the Action phase, but becoming
    Grappled grants an exception" - a Deft Strikes declaration does not take it away."""
    arena = PericleArena()
    arena.put("hero-varya", 0, 3, disciplines=("Deft Strikes",))
    arena.to_actions("heroes", deft=("hero-varya",))
    arena.put("hero-varya", 0, 3, condition="prone", grappled_with=("zombie",))
    arena.put("zombie", 0, 3, condition="prone", grappled_with=("hero-varya",))
    arena.pass_until("hero-varya")
    arena.act("hero-varya", "defend")
    assert arena.figure("hero-varya").defending


def test_defend_is_declared_before_the_action_phase_and_takes_the_action() -> None:
    arena = PericleArena()
    arena.to_actions("heroes", defend=("hero-varya",))
    assert arena.figure("hero-varya").defending
    arena.pass_until("orc")
    assert arena.figure("hero-varya").acted is False
    assert "hero-varya" not in arena.combat.order[arena.combat.position:]
    assert arena.rule_of("gm", {"type": "defend", "figure": "orc"}) == "defend-declared"


def test_a_hero_may_delay_and_act_later_in_the_turn() -> None:
    arena = PericleArena()
    arena.to_actions("heroes")
    first = arena.combat.current
    assert first == "hero-baerwyn"
    arena.act(first, "delay")
    assert arena.combat.current == "hero-sindaro"
    assert arena.rule_of("gm", {"type": "delay", "figure": "orc"}) == "not-your-action"
    for figure in ("hero-sindaro", "hero-varya", "orc", "spearman", "zombie"):
        arena.act(figure, "pass_action")
    assert arena.combat.phase == "actions", "the turn waits for the delayed hero"
    arena.act("hero-baerwyn", "pass_action")
    assert arena.combat.phase == "initiative" and arena.combat.turn == 1


def test_jumping_over_a_hex_and_into_a_pit() -> None:
    """Jumping: over one hex, a Moderate Athletics check (Varya: Athletics 1, AD1); failing over a
    pit, a Moderate check to grab the far edge: success leaves her clinging, prone, in the pit
    hex; failure is the fall - and those who fall into a chasm are dead (Shield Bash II)."""
    for faces, condition, where in (([ONE], "standing", Hex(2, 3)), ([TWO, ONE], "prone", Hex(1, 3)),
                                    ([TWO, TWO], "dead", Hex(1, 3))):
        arena = PericleArena(map={"width": 8, "height": 8, "pits": [{"q": 1, "r": 3}]})
        arena.to_movement("heroes")
        assert arena.rule_of("ana", {"type": "move_figure", "figure": "hero-varya", "path": [at(1, 3)]}) \
            == "path-blocked", "a pit is jumped, never walked into"
        arena.act("hero-varya", "move_figure", faces, path=[at(2, 3)])
        varya = arena.figure("hero-varya")
        assert (varya.condition, varya.hex) == (condition, where)
    arena = PericleArena(map={"width": 8, "height": 8, "pits": [{"q": 1, "r": 3}]})
    arena.to_movement("heroes")
    arena.act("hero-varya", "move_figure", [TWO, ONE], path=[at(2, 3)])
    arena.command("ana", {"type": "end_movement"})
    arena.command("gm", {"type": "end_movement"})
    arena.command("ana", {"type": "end_repositioning"}, [1] * 9)
    arena.command("ana", {"type": "begin_actions"})
    arena.pass_until("hero-varya")
    assert arena.rule_of("ana", {"type": "stand_up", "figure": "hero-varya"}) == "clinging"
    arena.act("hero-varya", "climb_out", [ONE], to=at(2, 3))
    assert arena.figure("hero-varya").hex == Hex(2, 3)


def test_jumping_two_hexes_needs_a_moderate_then_a_hard_check() -> None:
    """Over two hexes: at least three Movement; Moderate to clear the first, then Hard (AD-2)."""
    arena = PericleArena(map={"width": 8, "height": 8})
    arena.to_movement("heroes")
    events = arena.act("hero-varya", "move_figure", [ONE, HIT, HIT], path=[at(3, 3)])
    purposes = [e.purpose for e in events if hasattr(e, "purpose")]
    assert purposes == ["Moderate Athletics check to jump over 1,3", "Hard Athletics check to jump over 2,3"]
    hard = events[-2].check  # type: ignore[attr-defined]
    assert (hard.ad, hard.misfortune) == (0, 1), "Athletics 1, Hard AD-2: AD0 with Misfortune"
    assert arena.figure("hero-varya").hex == Hex(3, 3)
    arena = PericleArena(map={"width": 8, "height": 8, "walls": [{"q": 1, "r": 3}]})
    arena.to_movement("heroes")
    assert arena.rule_of("ana", {"type": "move_figure", "figure": "hero-varya", "path": [at(2, 3)]}) == "jump-blocked"


BAT = {"id": "bat", "name": "Giant bat", "hp": 4, "mt": 1, "base_ad": 2, "movement": 2, "flying": 6,
       "attacks": [{"name": "Bite", "damage": "1d4", "natural": True}], "hex": {"q": 5, "r": 4}, "facing": 3}


def flying_arena() -> PericleArena:
    from tests.unit.pericle_arena import encounter

    return PericleArena(enemies=[*encounter()["enemies"], BAT])


def test_a_flyer_takes_off_passes_over_foes_and_lands_behind_them() -> None:
    """Flying: the second speed in the air; not Embattled and Embattling no one while flying;
    over combatants; landing adjacent, usually behind, a foe."""
    arena = flying_arena()
    arena.to_movement("enemies")
    assert arena.rule_of("gm", {"type": "move_figure", "figure": "orc", "path": [], "fly": True}) == "cannot-fly"
    path = [at(4, 4), at(3, 4), at(2, 4), at(1, 4), at(0, 4)]
    arena.act("bat", "move_figure", path=path, fly=True, facing=3)
    bat = arena.figure("bat")
    assert bat.airborne and bat.hex == Hex(0, 4), "above Baerwyn, who stands below"
    assert board.embattled_by(arena.combat, bat) == []
    assert "bat" not in [f.id for f in board.embattled_by(arena.combat, arena.figure("hero-baerwyn"))]


def test_the_ground_and_the_air_do_not_meet_in_melee() -> None:
    """Melee between the ground and the air is not allowed; a ranged attack from the ground on a
    flyer is at AD-3, a flyer attacks at AD-2."""
    arena = flying_arena()
    arena.put("bat", 1, 3, facing=3, airborne=True)
    arena.put("hero-varya", 0, 3, facing=0)
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    assert arena.rule_of("ana", {"type": "attack", "figure": "hero-varya",
                                 "strikes": [{"target": "bat"}]}) == "ground-and-air"
    arena = flying_arena()
    arena.put("bat", 3, 4, facing=3, airborne=True)
    arena.to_actions("heroes")
    events = arena.act("hero-baerwyn", "attack", [10] + [6] * 5, strikes=[{"target": "bat"}])
    strike = next(s for s in strikes_in(events))
    assert {a.source: a.value for a in strike.check.adjustments}["a flying target"] == -3


def test_a_door_is_a_wall_until_opened_and_a_locked_one_stays_shut() -> None:
    """Other Actions With Items: "Open a Door or a Chest. This Action can only be chosen if you
    have moved up to 1 hex and if you're adjacent to the door or chest. If locked, the Action
    will fail." (PER-DOOR: a closed door is a wall for movement and sight.)"""
    doors = [{"hex": {"q": 1, "r": 3}}, {"hex": {"q": 0, "r": 2}, "locked": True}]
    arena = PericleArena(map={**encounter()["map"], "doors": doors})
    arena.to_movement("heroes")
    through = {"type": "move_figure", "figure": "hero-varya", "path": [{"q": 1, "r": 3}, {"q": 2, "r": 3}]}
    assert arena.rule_of("ana", through) == "path-blocked"
    arena.command("ana", {"type": "end_movement"})
    arena.command("gm", {"type": "end_movement"})
    arena.command("ana", {"type": "end_repositioning"}, [1] * 20)
    arena.command("ana", {"type": "begin_actions"})
    arena.pass_until("hero-varya")
    [locked] = [e for e in arena.act("hero-varya", "open_door", door={"q": 0, "r": 2}) if isinstance(e, DoorOpened)]
    assert not locked.opened and arena.combat.opened == ()
    arena.end_turn()
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    arena.act("hero-varya", "open_door", door={"q": 1, "r": 3})
    assert arena.combat.opened == (Hex(1, 3),)
    arena.end_turn()
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    assert arena.rule_of("ana", {"type": "open_door", "figure": "hero-varya", "door": {"q": 1, "r": 3}}) == "no-door"
    arena.end_turn()
    arena.to_movement("heroes")
    arena.act("hero-varya", "move_figure", path=[{"q": 1, "r": 3}, {"q": 2, "r": 3}])
    assert arena.figure("hero-varya").hex == Hex(2, 3)


def test_enemy_guidance_picks_a_target_by_loremasters_priorities() -> None:
    """Choosing Enemy Actions: "Attacks with axe (1d6). Prioritizes attacking a hero with: 1.
    Fewest HP 2. Least armor." - among the heroes it can attack; "If enemy targets are still tied
    after proceeding through the priority list, randomly determine which hero the enemy will
    attack by rolling a die" (PER-ENEMY-CHOICE)."""
    arena = PericleArena()
    arena.put("hero-varya", 3, 3, facing=0)  # in the orc's front (it faces west from 4,3)
    arena.put("hero-baerwyn", 3, 4, facing=0)  # also in its front
    arena.put("hero-sindaro", 0, 5)  # out of its reach
    arena.put("spearman", 7, 0)
    arena.to_actions("heroes")
    choose = {"type": "choose_target", "figure": "orc", "priorities": ["fewest hp", "least armour"]}
    arena.put("hero-varya", 3, 3, wounds=5)
    [fewest] = [e for e in arena.command("gm", choose, []) if isinstance(e, TargetChosen)]
    assert set(fewest.candidates) == {"hero-varya", "hero-baerwyn"}, "Sindaro is out of reach"
    assert fewest.chosen == "hero-varya" and fewest.roll is None
    baerwyn_hp = arena.figure("hero-baerwyn").hp
    arena.put("hero-varya", 3, 3, wounds=arena.figure("hero-varya").max_hp - baerwyn_hp)
    [armour] = [e for e in arena.command("gm", choose, []) if isinstance(e, TargetChosen)]
    assert armour.chosen == "hero-baerwyn" and armour.roll is None, "equal HP; Baerwyn wears no armour"
    arena.put("hero-baerwyn", 3, 4, armour=1)
    [tied] = [e for e in arena.command("gm", choose, [2]) if isinstance(e, TargetChosen)]
    assert tied.roll is not None and tied.chosen == "hero-baerwyn", "the die's 2nd face: the 2nd of those tied"
    assert arena.rule_of("ana", {**choose, "figure": "hero-varya"}) == "guidance"


WOLF = {"id": "wolf", "name": "Wolf", "hp": 6, "mt": 2, "base_ad": 1, "movement": 6, "seat": "ben",
        "attacks": [{"name": "Bite", "damage": "1d4", "natural": True}], "hex": {"q": 2, "r": 2}, "facing": 0}


def test_a_befriended_animal_fights_for_the_heroes_within_its_nature() -> None:
    """Befriended Animals: its actions are "Move, Attack a specific foe, Fetch an item on the map,
    Make Athletics checks to jump, swim, climb" and it "Will NOT enter a hex with a hazard, such as
    Flux"; "If the enemy's card states that it attacks a hero, then it does NOT include an animal
    companion." """
    fire = {**encounter()["map"], "hazards": [{"hex": {"q": 2, "r": 1}, "name": "flux", "damage": "1d4"}]}
    arena = PericleArena(companions=[WOLF], map=fire)
    wolf = arena.figure("wolf")
    assert (wolf.team, wolf.seat, wolf.companion) == ("heroes", "ben", True)
    arena.to_movement("heroes")
    into_fire = {"type": "move_figure", "figure": "wolf", "path": [{"q": 2, "r": 1}]}
    assert arena.rule_of("ben", into_fire) == "companion-hazard"
    arena.command("ana", {"type": "end_movement"})
    arena.command("gm", {"type": "end_movement"})
    arena.command("ana", {"type": "end_repositioning"}, [1] * 20)
    assert arena.rule_of("ben", {"type": "defend", "figure": "wolf"}) == "companion-action"
    arena.command("ana", {"type": "begin_actions"})
    arena.put("wolf", 3, 3, facing=0)  # before the orc
    arena.pass_until("wolf")
    assert arena.rule_of("ben", {"type": "open_door", "figure": "wolf", "door": {"q": 3, "r": 2}}) \
        == "companion-action"
    attacked = list(strikes_in(arena.act("wolf", "attack", [10], strikes=[{"target": "orc"}])))
    assert attacked and attacked[0].attacker == "wolf"
    arena.put("hero-varya", 3, 4, facing=0)
    choose = {"type": "choose_target", "figure": "orc", "priorities": ["fewest hp"]}
    [any_foe] = [e for e in arena.command("gm", choose, [1]) if isinstance(e, TargetChosen)]
    assert set(any_foe.candidates) == {"wolf", "hero-varya"}
    [a_hero] = [e for e in arena.command("gm", {**choose, "heroes_only": True}, []) if isinstance(e, TargetChosen)]
    assert a_hero.candidates == ("hero-varya",)


def test_a_companion_needs_a_hero_players_seat() -> None:
    from domain.rulesets.pericle.encounter import Encounter, problems

    given = msgspec.convert(encounter(companions=[{**WOLF, "seat": "gm"}]), Encounter)
    assert any("companion wolf" in p for p in problems(given, ("ana", "ben", "gm")))
    with pytest.raises(DomainError) as refused:
        PericleArena(companions=[{**WOLF, "seat": "gm"}])
    assert refused.value.rule == "encounter-invalid"
