"""Pericle 5: how a spell ends when its caster falls, and cancelling a spell at any time (seed
001, Cast a Spell, lines 485-489; Death & Unconsciousness, line 549):

- line 549: "When a hero becomes unconscious, all Spells that the hero has cast that require
  Exhaustion cost each turn persist until the next action phase of the hero's turn, and then they
  are canceled ... Creation spells that do not require Exhaustion renewal, like flux, persist for
  the duration of the spell. When a hero dies, all spells in effect that were cast by the hero
  are canceled".
- line 485: "A hero that has a Spell with a duration in effect may cancel it at any time, during
  any Phase, even if it is not their turn to take an action."

Ysolde (Magic Armor I: "1E, lasts three turns", line 1458; Blur: "1E+1E/turn", line 1399) stands
behind Bram; the orc acts first. Scripted Action Die faces: 1 a success icon."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.rulesets.pericle.combat_events import SpellEnded, SpellMaintained
from domain.rulesets.pericle.state import ActiveSpell
from tests.unit.pericle_arena import PericleArena
from tests.unit.test_pericle_v4_play import spell_arena

HIT = 1


def ended(events: list[Any]) -> list[tuple[str, str]]:
    return [(e.spell, e.reason) for e in events if isinstance(e, SpellEnded)]


def armoured_and_blurred(version: str | None = None) -> PericleArena:
    """Turn 1: Ysolde casts Magic Armor I on Bram (three turns); Blur, which she keeps up turn by
    turn, is on Bram too (put in place); then she falls unconscious, and turn 1 ends."""
    play = spell_arena(version)
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT], spell="Magic Armor I", target="hero-bram")
    blur = ActiveSpell(spell="Blur", caster="hero-ysolde", target="hero-bram", cast_turn=1, exhaustion=0)
    play.combat = msgspec.structs.replace(play.combat, spells=(*play.combat.spells, blur))
    ysolde = play.figure("hero-ysolde")
    play.put("hero-ysolde", ysolde.hex.q, ysolde.hex.r, condition="unconscious", wounds=ysolde.max_hp)
    play.end_turn()
    return play


def test_an_unconscious_casters_spell_with_a_duration_runs_its_course() -> None:
    """Line 549: the spells that "require Exhaustion cost each turn" (Blur) are cancelled at the
    caster's next action phase; the others "persist for the duration of the spell" (Magic Armor I,
    three turns), as line 487's fire "would continue burning"."""
    play = armoured_and_blurred()
    before = len(play.events)
    play.to_actions("heroes")
    play.pass_until("hero-bram")  # the orc acts first, then Ysolde's slot opens
    assert ended(play.events[before:]) == [("Blur", "caster unconscious")]
    assert [(s.spell, s.target) for s in play.combat.spells] == [("Magic Armor I", "hero-bram")]


def test_version_4_ended_every_spell_of_an_unconscious_caster() -> None:
    """Versions 3 and 4 (frozen): Magic Armor I ended with Blur at Ysolde's slot."""
    play = armoured_and_blurred(version="4")
    before = len(play.events)
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    assert sorted(ended(play.events[before:])) == [("Blur", "caster unconscious"),
                                                    ("Magic Armor I", "caster unconscious")]
    assert play.combat.spells == ()


def test_the_spell_of_an_unconscious_caster_still_ends_when_its_turns_are_up() -> None:
    """Magic Armor I cast in turn 1 lasts three turns: it ends as Ysolde's slot opens in turn 4,
    unconscious as she is."""
    play = armoured_and_blurred()
    for _ in range(2):
        play.to_actions("heroes")
        play.end_turn()
    assert [s.spell for s in play.combat.spells] == ["Magic Armor I"]
    before = len(play.events)
    play.to_actions("heroes")
    play.pass_until("hero-bram")
    assert ended(play.events[before:]) == [("Magic Armor I", "expired")]


def test_a_dead_casters_spells_end_at_once() -> None:
    """Line 549: "When a hero dies, all spells in effect that were cast by the hero are canceled"
    (every version): the orc's axe (1d6 = 6, +1) takes Ysolde from 1 HP to -6, dead in Adventure
    mode (line 541)."""
    play = spell_arena()
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT], spell="Magic Armor I", target="hero-bram")
    play.end_turn()
    ysolde = play.figure("hero-ysolde")
    play.put("hero-ysolde", 2, 3, wounds=ysolde.max_hp - ysolde.exhaustion - 1)
    play.put("orc", 3, 3, facing=3)
    play.put("hero-bram", 0, 0)
    play.to_actions("heroes")
    play.pass_until("orc")
    play.act("orc", "attack", [HIT, 6], strikes=[{"target": "hero-ysolde"}])
    assert play.figure("hero-ysolde").condition == "dead" and play.combat.spells == ()


def cancel(play: PericleArena, spell: str, seat: str = "ana", **fields: Any) -> list[Any]:
    return play.command(seat, {"type": "cancel_spell", "figure": "hero-ysolde", "spell": spell, **fields})


def test_a_hero_cancels_a_spell_in_any_phase_out_of_turn() -> None:
    """Line 485: "at any time, during any Phase, even if it is not their turn": Ysolde lets Blur
    go during the Movement phase and Magic Armor I during the orc's Action, paying nothing."""
    play = spell_arena()
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT], spell="Blur", target="hero-bram")
    play.end_turn()
    play.to_movement("heroes")
    spent = play.figure("hero-ysolde").exhaustion
    assert ended(cancel(play, "Blur")) == [("Blur", "cancelled")]
    assert play.combat.spells == () and play.figure("hero-ysolde").exhaustion == spent
    for _ in range(2):
        play.command("ana" if play.combat.moving == "heroes" else "gm", {"type": "end_movement"})
    play.command("ana", {"type": "end_repositioning"}, [1] * 20)
    play.command("ana", {"type": "begin_actions"})
    play.pass_until("hero-ysolde")
    events = play.act("hero-ysolde", "cast_spell", [HIT], spell="Magic Armor I", target="hero-bram")
    assert not [e for e in events if isinstance(e, SpellMaintained)], "Blur was no longer kept up"
    play.end_turn()
    play.to_actions("heroes")
    play.pass_until("orc")
    assert ended(cancel(play, "Magic Armor I", target="hero-bram")) == [("Magic Armor I", "cancelled")]
    assert play.combat.current == "orc", "it took no one's Action"


def test_only_the_caster_cancels_only_a_spell_in_effect() -> None:
    play = spell_arena()
    assert play.rule_of("ana", {"type": "cancel_spell", "figure": "hero-ysolde", "spell": "Blur"}) \
        == "spell-not-in-effect"
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT], spell="Blur", target="hero-bram")
    assert play.rule_of("ben", {"type": "cancel_spell", "figure": "hero-ysolde", "spell": "Blur"}) \
        == "not-your-figure"
    assert play.rule_of("ben", {"type": "cancel_spell", "figure": "hero-bram", "spell": "Blur"}) \
        == "spell-not-in-effect"


def test_berserk_is_not_a_spell_to_cancel() -> None:
    """Berserk (line 1250) is a Discipline kept up like a spell, but "You must spend a Movement
    phase to exit Berserk": `cancel_spell` does not end it."""
    play = spell_arena()
    berserk = ActiveSpell(spell="Berserk", caster="hero-bram", target="hero-bram", cast_turn=1, exhaustion=2)
    play.combat = msgspec.structs.replace(play.combat, spells=(berserk,))
    assert play.rule_of("ben", {"type": "cancel_spell", "figure": "hero-bram", "spell": "Berserk"}) \
        == "cancel-spell"


def test_version_4_has_no_cancel_spell_command() -> None:
    play = spell_arena(version="4")
    play.pass_until("hero-ysolde")
    play.act("hero-ysolde", "cast_spell", [HIT], spell="Blur", target="hero-bram")
    assert play.rule_of("ana", {"type": "cancel_spell", "figure": "hero-ysolde", "spell": "Blur"}) \
        == "command-unknown"
    assert [s.spell for s in play.combat.spells] == ["Blur"]
