"""Property tests over whole Pericle combats played by a random bot: every accepted command's
events replay to the very state they produced, a snapshot at any point plus the tail equals
the full replay, and a refused command records nothing."""

from __future__ import annotations

import os
import random
from collections import Counter

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.battle import replay
from domain.errors import DomainError
from domain.rulesets.pericle import board
from domain.rulesets.pericle.state import CombatState
from domain.snapshots import from_snapshot, to_snapshot
from tests.unit.pericle_arena import PericleArena, encounter
from tests.unit.pericle_bot import proposals


def board_invariants(combat: CombatState) -> None:
    """No two standing combatants share a hex (a flyer may be above one); every figure is on the
    map, off the walls."""
    standing = Counter((h, f.airborne) for f in combat.figures if f.condition == "standing" for h in f.hexes)
    assert max(standing.values(), default=0) <= 1, standing
    for figure in combat.figures:
        for h in figure.hexes:
            assert combat.encounter.map.contains(h) and h not in board.walls(combat)
        assert all(combat.figure(other) is not None for other in figure.grappled_with)
        assert figure.hp <= figure.max_hp


BAT = {"id": "bat", "name": "Giant bat", "hp": 4, "mt": 1, "base_ad": 2, "movement": 2, "flying": 6,
       "attacks": [{"name": "Bite", "damage": "1d4", "natural": True, "poison": {"damage": "1d4", "ad": -1}}],
       "abilities": ["Grappling Expertise"], "hex": {"q": 3, "r": 6}, "facing": 3}


TROLL = {"id": "troll", "name": "Troll", "hp": 12, "mt": 8, "base_ad": 0, "size": 3, "armour": 1, "movement": 3,
         "abilities": ["Overrun"], "overrun_damage": "1d6",
         "attacks": [{"name": "Club", "damage": "1d6", "weapon_class": "hammer"}], "hex": {"q": 6, "r": 1},
         "facing": 2}


WOLF = {"id": "wolf", "name": "Wolf", "hp": 6, "mt": 2, "base_ad": 1, "movement": 6, "seat": "ben",
        "attacks": [{"name": "Bite", "damage": "1d4", "natural": True}], "hex": {"q": 2, "r": 6}, "facing": 0}


def play(seed: int, steps: int) -> PericleArena:
    """A combat on the arena's map; on odd seeds with a giant bat, a 3-hex troll, a pit, fire and
    two doors (one locked);
    on every third seed one team surprises the other."""
    extra: dict[str, object] = {}
    if seed % 2:
        extra = {"enemies": [*encounter()["enemies"], BAT, TROLL], "companions": [WOLF],
                 "map": {**encounter()["map"], "pits": [{"q": 1, "r": 6}], "hazards": [
                     {"hex": {"q": 1, "r": 1}, "name": "fire", "damage": "1d4"}],
                     "doors": [{"hex": {"q": 3, "r": 2}}, {"hex": {"q": 6, "r": 7}, "locked": True}]}}
    if seed % 3 == 0:
        extra["surprise"] = "heroes" if seed % 2 else "enemies"
    arena = PericleArena(**extra)
    rng = random.Random(seed)
    for _ in range(steps):
        if arena.combat.phase == "ended":
            break
        for seat, body in proposals(arena.combat, rng):
            before = arena.state
            try:
                arena.command(seat, body)
            except DomainError:
                assert arena.state == before
                continue
            board_invariants(arena.combat)
            break
        else:
            raise AssertionError(f"no legal command in phase {arena.combat.phase}")
    return arena


@settings(max_examples=int(os.environ.get("BOT_EXAMPLES", "50")), deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(1, 150), data=st.data())
def test_a_combat_replays_to_the_same_state_and_snapshots_agree(seed: int, steps: int, data: st.DataObject) -> None:
    arena = play(seed, steps)
    assert replay(arena.events) == arena.state
    cut = data.draw(st.integers(1, len(arena.events)))
    schema, stored = to_snapshot(replay(arena.events[:cut]))
    restored = from_snapshot(schema, msgspec.json.decode(msgspec.json.encode(stored)))
    assert restored is not None
    assert replay(arena.events[cut:], restored) == arena.state


def test_the_bot_plays_combats_to_their_end() -> None:
    """Some seeds end with a side beaten within 400 commands: the turn loop never stalls."""
    ended = [play(seed, 400).combat for seed in range(6)]
    assert any(c.phase == "ended" for c in ended)
    for combat in ended:
        if combat.phase == "ended":
            beaten = "enemies" if combat.winner == "heroes" else "heroes"
            assert all(not f.active for f in combat.team(beaten))
