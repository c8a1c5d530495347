"""Real Pericle battles that end, for the heroes' tests: a rat that runs into a fire ends the
combat in the heroes' favour at the next Action phase, and heroes may walk into embers (1d4
damage) or into a fire of their own (1d4+20: unconscious, or dead in Adventure mode)."""

from __future__ import annotations

from typing import Any

from domain.battle import BattleState
from tests.unit.pericle_arena import PericleArena, encounter

# A forest elf caster, KN3: 35 XP; 13 XP of Spells of three schools, Meditate I and Healer I (12 XP).
MIRA = {"name": "Mira", "ancestry": "forest elf", "mt": 1, "dx": 1, "kn": 3, "weapons": ["Dagger", "Staff"],
        "spells": ["Blur", "Terror", "Arcane Barrage"], "disciplines": ["Meditate I", "Healer I"],
        "items": ["Healing Salve", "Healing Berry"]}
# A stone dwarf, MT3 KN1: 25 XP; Grit I, Taunt I and Animal Handler I (17 XP), one Karma (5 XP).
TORVALD = {"name": "Torvald", "ancestry": "stone dwarf", "mt": 3, "dx": 1, "kn": 1, "weapons": ["Dagger", "Club"],
           "disciplines": ["Grit I", "Taunt I", "Animal Handler I"], "karma": 1, "items": ["Potion of Healing"]}
RAT = {"id": "rat", "name": "Rat", "hp": 2, "mt": 0, "base_ad": 0,
       "attacks": [{"name": "Bite", "damage": "1d4", "natural": True}], "hex": {"q": 5, "r": 3}, "facing": 3}
STARTS = {"hero-mira": {"q": 0, "r": 3}, "hero-torvald": {"q": 0, "r": 4}}
EMBERS = {"hero-mira": {"q": 1, "r": 3}, "hero-torvald": {"q": 1, "r": 4}}
FIRE = {"hero-mira": {"q": 0, "r": 2}, "hero-torvald": {"q": 0, "r": 5}, "rat": {"q": 5, "r": 4}}


def hazard_map() -> dict[str, Any]:
    return {**encounter()["map"], "hazards": [
        *({"hex": h, "name": "embers", "damage": "1d4"} for h in EMBERS.values()),
        *({"hex": h, "name": "fire", "damage": "1d4+20"} for h in FIRE.values())]}


def hazard_arena(mode: str = "adventure", mira: dict[str, Any] = MIRA, torvald: dict[str, Any] = TORVALD,
                 mira_brought: dict[str, Any] | None = None) -> PericleArena:
    """Mira (ana) and Torvald (ben) against the rat; `mira_brought` brings Mira as a hero record
    stands (Pericle 5's `bring_hero`: its `hero_id`, `hero_version`, `wounds`, `exhaustion`)."""
    joining = {"type": "bring_hero", **mira_brought} if mira_brought else {}
    return PericleArena(heroes={"ana": [{"hero": mira, "start": STARTS["hero-mira"], **joining}],
                                "ben": [{"hero": torvald, "start": STARTS["hero-torvald"]}]},
                        enemies=[RAT], map=hazard_map(), mode=mode)


def finish(arena: PericleArena, embers: tuple[str, ...] = (), fire: tuple[str, ...] = (),
           rat_burns: bool = True) -> BattleState:
    """One Movement phase: the heroes named walk into embers or fire, the rat into its fire (or
    not), then the Action phase begins (and the combat ends, when every enemy is dead)."""
    arena.to_movement("heroes")
    for figure_id in embers:
        arena.act(figure_id, "move_figure", path=[EMBERS[figure_id]])
    for figure_id in fire:
        arena.act(figure_id, "move_figure", path=[FIRE[figure_id]])
    if arena.combat.phase == "movement":
        arena.command("ana", {"type": "end_movement"})
    if rat_burns:
        arena.act("rat", "move_figure", path=[FIRE["rat"]])
    if arena.combat.phase == "movement":
        arena.command("gm", {"type": "end_movement"})
    if arena.combat.phase == "reposition":
        arena.command("ana", {"type": "end_repositioning"}, [1] * 20)
    if arena.combat.phase == "declare":
        arena.command("ana", {"type": "begin_actions"})
    return arena.state
