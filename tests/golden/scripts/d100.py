"""d100: version 1 (free rolls and concession), version 2 (the Adventuring procedures: tests,
falls, Fatigue, travel, characters through combat rounds, healing, afflictions, objects,
deprivation, suffocation and rest), version 3 (the same re-checked against seed 004, with the
battle clock, moves in combat, poisons and diseases by their entries, rest by the hour)."""

from __future__ import annotations

from typing import Any

from tests.golden.client import Api, Battle
from tests.golden.scripts.core import Kit, core_battles, new_battle


class TestsKit(Kit):
    """Each action is a version 2 test or procedure in turn, or a free roll."""

    def act(self, battle: Battle, seat: str) -> tuple[str, int]:
        self.turn += 1
        bodies: list[dict[str, Any] | None] = [
            {"type": "test", "skill": 55, "bonus": 1, "purpose": "climb the wall"},
            {"type": "opposed_test", "skill": 60, "opposing_skill": 45, "opposing_penalty": 1},
            {"type": "fall", "metres": 7, "acrobatics": 50},
            None,
        ]
        body = bodies[self.turn % len(bodies)]
        if body is None:
            return super().act(battle, seat)
        result = battle.send(seat, body)
        return seat, int(result["events"][0]["version"])


def _characteristics(**changes: int) -> dict[str, int]:
    return {"str": 12, "con": 12, "siz": 13, "dex": 11, "int": 14, "pow": 10, "cha": 9, **changes}


def adventure(api: Api) -> Battle:
    """Three characters through a day of travel, a fight, its wounds and their care."""
    north, south = api.player("north"), api.player("south")
    battle = new_battle(api, TestsKit("d100", "2", options={"provisional": {"D100-GRADES": {"cap": 2}}}),
                        {"north": north, "south": south}, north)
    battle.send("north", {"type": "start"})
    send = battle.send
    send("north", {"type": "add_character", "name": "Arden", "characteristics": _characteristics()})
    send("north", {"type": "add_character", "name": "Mira", "characteristics": _characteristics(con=14, siz=11)})
    send("south", {"type": "add_character", "name": "Bryn", "characteristics": _characteristics(con=2, siz=20)})
    send("north", {"type": "test", "skill": 70, "character": "arden", "physical": True, "light": "darkness",
                   "sense": "night vision", "purpose": "spot the ambush"})
    send("south", {"type": "test", "skill": 40, "penalty": 1, "light": "partial darkness", "natural_night": True})
    send("north", {"type": "fatigue_test", "resilience": 50, "character": "arden", "overloaded": True})
    send("south", {"type": "fatigue_test", "resilience": 45, "condition": "exhausted", "without_food": True})
    send("north", {"type": "travel_day", "pace": "forced march", "terrain": "forest", "navigation": 40})
    send("north", {"type": "travel_day", "pace": "mounted", "terrain": "road"})
    send("north", {"type": "carry", "character": "arden", "enc": 30})
    send("south", {"type": "add_object", "name": "Oak door", "ap": 4, "hp": 10})
    send("south", {"type": "strike_object", "object": "oak-door", "damage": 9})
    send("south", {"type": "strike_object", "object": "oak-door", "damage": 12})
    send("north", {"type": "fall", "metres": 31, "soft_ground": True})
    send("north", {"type": "begin_combat"})
    send("south", {"type": "damage", "character": "arden", "amount": 9, "armour": 1})
    send("south", {"type": "damage", "character": "mira", "amount": 3})
    send("north", {"type": "battlefield_healing", "helper": "mira", "patient": "arden", "healing": 60})
    send("south", {"type": "hold_breath", "character": "bryn", "fumes": "1d3"})
    for _ in range(3):
        send("north", {"type": "end_round"})
    send("south", {"type": "breath_test", "character": "bryn", "resilience": 50})
    send("south", {"type": "end_round"})
    send("south", {"type": "reach_air", "character": "bryn", "resilience": 50})
    send("north", {"type": "end_combat"})
    send("north", {"type": "surgery", "helper": "mira", "patient": "arden", "healing": 65})
    send("south", {"type": "treat", "helper": "bryn", "patient": "mira", "healing": 55, "kit": False})
    send("north", {"type": "resist_poison", "character": "arden", "name": "Adder venom", "resilience": 40,
                   "potency": 45, "damage": "1d3", "duration": "6d10"})
    send("north", {"type": "resist_disease", "character": "mira", "name": "Marsh fever", "resilience": 50,
                   "potency": 35, "damage": "1d2", "healed": True})
    send("south", {"type": "deprived_day", "character": "bryn", "resilience": 50,
                   "deprivations": ["thirst", "exposure"]})
    send("south", {"type": "remedy", "character": "bryn", "deprivation": "thirst"})
    send("north", {"type": "rest", "days": 2})
    send("north", {"type": "concede"})
    return battle


def version_1(api: Api) -> dict[str, Battle]:
    return core_battles(api, Kit("d100", "1"))


def version_2(api: Api) -> dict[str, Battle]:
    return {**core_battles(api, TestsKit("d100", "2")), "adventure": adventure(api)}


def _character(battle: Battle, character: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in battle.state()["ruleset_state"]["characters"] if c["id"] == character)
    return found


# A disease described in full, strong enough to take hold whatever the dice (its daily damage
# then shows in the last day's rest).
MARSH_FEVER = {"name": "Marsh fever", "kind": "disease", "vector": "Bad water", "delay": "1d2", "delay_unit": "days",
               "potency": 100, "damage": "1d2", "daily": True, "changes": [{"characteristic": "str", "add": -2}]}


def adventure_3(api: Api) -> Battle:
    """Four characters through a day of travel, a fight (a whole round of Battlefield Healing each
    round until the wounded is stable, a held breath), a poison and a disease by their entries,
    deprivation, care, and rest by the hour. Tor, the biggest, takes the afflictions, so that no
    roll of the dice leaves a life hanging on rounds when time must pass."""
    north, south = api.player("north"), api.player("south")
    kit = TestsKit("d100", "3", options={"provisional": {"D100-CLOCK": {"round_seconds": 6},
                                                          "D100-MOVEMENT": {"reductions": "multiply"}}})
    battle = new_battle(api, kit, {"north": north, "south": south}, north)
    send = battle.send
    send("north", {"type": "start"})
    send("north", {"type": "add_character", "name": "Arden", "characteristics": _characteristics()})
    send("north", {"type": "add_character", "name": "Mira", "characteristics": _characteristics(con=14, siz=11)})
    send("south", {"type": "add_character", "name": "Bryn", "characteristics": _characteristics(con=2, siz=20)})
    send("south", {"type": "add_character", "name": "Tor", "characteristics": _characteristics(con=24, siz=24)})
    send("north", {"type": "test", "skill": 70, "character": "arden", "light_source": {"radius": 6, "distance": 14},
                   "sense": "night sight", "purpose": "spot the ambush"})
    send("south", {"type": "opposed_test", "skill": 55, "opposing_skill": 50, "character": "bryn",
                   "opposing_character": "mira", "physical": True, "opposing_physical": True,
                   "purpose": "who reaches the gate first"})
    send("north", {"type": "fatigue_test", "resilience": 50, "character": "arden"})
    send("south", {"type": "fatigue_test", "resilience": 45, "condition": "exhausted", "without_food": True})
    send("north", {"type": "pass_time", "minutes": 60})  # whoever fumbled wakes
    send("north", {"type": "carry", "character": "arden", "enc": 30})
    send("north", {"type": "travel_day", "pace": "forced march", "terrain": "forest", "navigation": 50,
                   "character": "mira", "route_changes": 1})
    send("south", {"type": "add_object", "name": "Oak door", "ap": 4, "hp": 10})
    send("south", {"type": "strike_object", "object": "oak-door", "damage": 9})
    send("north", {"type": "fall", "metres": 7, "soft_ground": True, "acrobatics": 60, "character": "mira"})
    send("south", {"type": "expose", "character": "tor", "affliction": "Gorgon Serpent Venom"})
    send("south", {"type": "expose", "character": "tor", "affliction": "The Shakes"})
    send("south", {"type": "expose", "character": "mira", "affliction": MARSH_FEVER})
    send("north", {"type": "begin_combat"})
    send("south", {"type": "damage", "character": "arden", "amount": 8, "armour": 1})  # 7: a Major Wound
    send("south", {"type": "move_character", "character": "bryn", "metres": 2, "light": "darkness"})
    send("south", {"type": "hold_breath", "character": "bryn", "fumes": "1d3"})
    rounds = 0
    while _character(battle, "arden")["bleeding"] or rounds < 3:
        if _character(battle, "arden")["bleeding"]:
            send("north", {"type": "battlefield_healing", "helper": "mira", "patient": "arden", "healing": 90})
        send("north", {"type": "end_round"})
        rounds += 1
    send("south", {"type": "breath_test", "character": "bryn", "resilience": 50})
    send("south", {"type": "reach_air", "character": "bryn", "resilience": 50})
    send("north", {"type": "resist", "character": "tor", "name": "Gorgon Serpent Venom", "resilience": 5})
    send("north", {"type": "end_combat"})
    send("north", {"type": "pass_time", "minutes": 10})
    send("north", {"type": "surgery", "helper": "mira", "patient": "arden", "healing": 65})
    send("south", {"type": "treat", "helper": "bryn", "patient": "mira", "healing": 55, "kit": False})
    send("south", {"type": "deprived_day", "character": "tor", "resilience": 50,
                   "deprivations": ["thirst", "exposure"]})
    send("south", {"type": "remedy", "character": "tor", "deprivation": "thirst"})
    send("north", {"type": "carry", "character": "arden", "enc": 0})
    send("north", {"type": "rest", "hours": 50})
    send("north", {"type": "resist", "character": "tor", "name": "The Shakes", "resilience": 5})
    send("north", {"type": "resist", "character": "mira", "name": "Marsh fever", "resilience": 5})
    send("north", {"type": "rest", "days": 1})
    send("north", {"type": "concede"})
    return battle


def version_3(api: Api) -> dict[str, Battle]:
    return {**core_battles(api, TestsKit("d100", "3")), "adventure": adventure_3(api)}
