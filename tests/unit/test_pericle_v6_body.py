"""Pericle 6 enforces Spells of movement, fortune and the senses that version 5 left to the table
(seed 001, Appendix: Spells; v6/body.py). Each test quotes the seed lines it follows, plays real
commands on a version-6 battle, and checks that version 5 still records the Spell for the table."""

from __future__ import annotations

from typing import Any

from domain.rulesets.pericle.combat_events import CheckMade, SpellCast, SpellEnded, TableApplied
from domain.rulesets.pericle.v6.enforced import SPELLS_OF_THE_BODY, enforced_spells
from tests.unit.pericle_arena import PericleArena
from tests.unit.test_pericle_v4_handbook import line
from tests.unit.test_pericle_v4_play import BRAM, YSOLDE
from tests.unit.test_pericle_v4_play import strikes as strikes_of

HIT, MISS = 1, 10  # Action Die faces: a success icon, the critical failure
ONE = 6  # Action Die face "1": a success at AD1 and above, a failure at AD0
BLANK = 6  # Defense Die: blank
SPELLS = ("Slow/Speed Movement", "Luck of Esteus", "Heightened Senses")


def arena(version: str | None = None) -> PericleArena:
    """Ysolde (KN5, Base AD0, Movement 6) at (2,3) facing east, the orc (Base AD1, armour 3,
    shield 1) two hexes east of her facing west, Bram (MT3, Base AD0, Movement 5) at (3,2), in
    her front hexes; the
    Action phase begun and passed to Ysolde. The order: orc, spearman, Ysolde, Bram, zombie."""
    play = PericleArena(heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]}, version=version)
    play.put("hero-ysolde", 2, 3, facing=0, spells=SPELLS)
    play.put("hero-bram", 3, 2, facing=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    return play


def cast(play: PericleArena, faces: list[int], spell: str, target: str, **fields: Any) -> list[Any]:
    return play.act("hero-ysolde", "cast_spell", faces, spell=spell, target=target, **fields)


def of(events: list[Any], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def to_movement(play: PericleArena) -> None:
    """The rest of the turn passes; the next turn's Movement phase begins, the heroes first."""
    play.end_turn()
    play.to_movement("heroes")


def move(play: PericleArena, figure: str, *path: tuple[int, int]) -> list[Any]:
    return play.act(figure, "move_figure", path=[{"q": q, "r": r} for q, r in path])


def rule_of_move(play: PericleArena, figure: str, *path: tuple[int, int]) -> str:
    return play.rule_of(play.figure(figure).seat, {"type": "move_figure", "figure": figure,
                                                     "path": [{"q": q, "r": r} for q, r in path]})


SIX_HEXES = ((2, 2), (1, 2), (0, 2), (0, 1), (0, 0), (1, 0))  # from Bram's (3,2), away from every foe


def test_version_6_enforces_the_spells_of_the_body_and_version_5_does_not() -> None:
    assert set(SPELLS_OF_THE_BODY) <= set(enforced_spells("6"))
    assert not set(SPELLS_OF_THE_BODY) & set(enforced_spells("5"))


# ---- Slow/Speed Movement ---------------------------------------------------------------------


def test_speed_movement_doubles_the_targets_movement_for_four_turns() -> None:
    """Slow/Speed Movement (line 1411): "[T] Enchantment: 0E, lasts 4 turns. Halves or doubles
    Movement as selected by the caster." `power: 2` selects Speed and costs no Exhaustion."""
    assert "Halves or doubles Movement as selected by the caster" in line(1411)
    play = arena()
    cast_events = cast(play, [HIT], "Slow/Speed Movement", "hero-bram", power=2)
    spell = of(cast_events, SpellCast)[0]
    assert (spell.success, spell.exhaustion, spell.duration, spell.rules) == (True, 0, 4, "6")
    assert not of(cast_events, TableApplied) and play.figure("hero-ysolde").exhaustion == 0
    for _ in range(4):  # the Movement phases of the four turns after the cast
        to_movement(play)
        move(play, "hero-bram", *SIX_HEXES)  # Movement 5 doubled: 10
        assert (play.figure("hero-bram").hex.q, play.figure("hero-bram").hex.r) == (1, 0)
        play.put("hero-bram", 3, 2, facing=0)
        play.command("ana", {"type": "end_movement"})
        play.command("gm", {"type": "end_movement"})
        play.command("ana", {"type": "end_repositioning"}, [1] * 20)
        play.command("ana", {"type": "begin_actions"})
    # It ends at Ysolde's slot of the fourth turn after the cast: Bram has his 5 again.
    play.pass_until("hero-bram")
    assert [s.spell for s in play.combat.spells] == []
    assert [e.reason for e in of(play.events, SpellEnded)] == ["expired"]
    to_movement(play)
    assert rule_of_move(play, "hero-bram", *SIX_HEXES) == "movement-exceeded"


def test_slow_movement_halves_the_targets_movement_rounded_down() -> None:
    """Line 1411: "Halves or doubles Movement": `power: 1` halves it (the zombie's Movement 4 to 2;
    Bram's 5 to 2, rounded down as the seed rounds a half of MT, line 1250)."""
    play = arena()
    cast(play, [HIT], "Slow/Speed Movement", "hero-bram", power=1)
    assert play.combat.spells[0].exhaustion == 1  # the choice the cast recorded
    to_movement(play)
    assert rule_of_move(play, "hero-bram", (2, 2), (1, 2), (0, 2)) == "movement-exceeded"
    move(play, "hero-bram", (2, 2), (1, 2))
    assert play.figure("hero-bram").hex.q == 1


def test_slow_speed_movement_needs_the_casters_selection() -> None:
    """"as selected by the caster" (line 1411): `power` 1 (Slow) or 2 (Speed); nothing else, and
    refused before any die is rolled."""
    play = arena()
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Slow/Speed Movement", "target": "hero-bram"}
    assert play.rule_of("ana", body) == "spell-power"
    assert play.rule_of("ana", {**body, "power": 3}) == "spell-power"


def test_version_5_leaves_slow_speed_movement_to_the_table() -> None:
    play = arena(version="5")
    body = {"type": "cast_spell", "figure": "hero-ysolde", "spell": "Slow/Speed Movement", "target": "hero-bram"}
    assert play.rule_of("ana", {**body, "power": 2}) == "spell-power"  # version 5 takes no `power` for a 0E Spell
    events = cast(play, [HIT], "Slow/Speed Movement", "hero-bram")
    assert [t.name for t in of(events, TableApplied)] == ["Slow/Speed Movement"]
    to_movement(play)
    assert rule_of_move(play, "hero-bram", *SIX_HEXES) == "movement-exceeded"
    move(play, "hero-bram", *SIX_HEXES[:5])  # Movement 5 unchanged
    assert play.figure("hero-bram").hex.q == 0
