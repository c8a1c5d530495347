"""d100 version 3 against seed 004: a character's conditions reach every test it makes (Fatigue
and Deprivation; Healing and Recovery; Encumbrance), once a round means once a round (Battlefield
Healing; Suffocation), and Fatigue by the hour."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from domain.rulesets.d100.v3.rules import character_penalties
from tests.unit.d100_table import Table, roll

WORN = ("Wounded", "Fatigued")


def worn() -> Table:
    """Arden Wounded (a major wound, its Bleeding stopped) and Fatigued; Mira fresh."""
    table = Table(None, "Arden", "Mira")
    table.send({"type": "damage", "character": "arden", "amount": 8})  # Major Wound Level 7: 13 -> 5
    table.send({"type": "battlefield_healing", "helper": "mira", "patient": "arden", "healing": 60}, roll(1, 0))
    table.send({"type": "fatigue_test", "character": "arden", "resilience": 40}, roll(6, 0, 6))
    assert table.who("arden").wounded and not table.who("arden").bleeding and table.who("arden").fatigue == "fatigued"
    return table


def held_twelve_rounds(table: Table) -> None:
    table.send({"type": "hold_breath", "character": "arden", "fumes": "1d6"})
    table.send({"type": "begin_combat"})
    table.rounds(12)  # Arden's CON


def exposed_to_venom(table: Table) -> None:
    table.send({"type": "expose", "character": "arden", "affliction": "Gorgon Serpent Venom"}, [1])  # 1 round
    table.send({"type": "pass_time", "minutes": 1})


Prepare = Callable[[Table], None]
CASES: list[tuple[str, Prepare | None, dict[str, Any], list[int], Callable[[Any], tuple[str, ...]]]] = [
    ("test", None, {"type": "test", "skill": 50, "character": "arden"}, roll(1, 0, 1, 1), lambda e: e.penalties),
    ("opposed test", None, {"type": "opposed_test", "skill": 50, "opposing_skill": 50, "character": "arden"},
     roll(1, 0, 1, 1) + roll(1, 0), lambda e: e.penalties),
    ("Fatigue test", None, {"type": "fatigue_test", "character": "arden", "resilience": 50}, roll(1, 0, 1, 1),
     lambda e: e.penalties),
    ("deprivation", None, {"type": "deprived_day", "character": "arden", "resilience": 50,
                           "deprivations": ["thirst"]}, [*roll(1, 0, 1, 1, 1), 1],
     lambda e: e.days[0].fatigue.penalties),
    ("breath", held_twelve_rounds, {"type": "breath_test", "character": "arden", "resilience": 50},
     roll(1, 0, 1, 1, 1), lambda e: e.penalties),
    ("reaching air", held_twelve_rounds, {"type": "reach_air", "character": "arden", "resilience": 50},
     roll(1, 0, 1, 1), lambda e: e.penalties),
    ("poison resistance", exposed_to_venom, {"type": "resist", "character": "arden", "name": "Gorgon Serpent Venom",
                                             "resilience": 50}, roll(0, 5, 0, 0) + roll(9, 0), lambda e: e.penalties),
    ("fall", None, {"type": "fall", "metres": 3, "acrobatics": 60, "character": "arden"}, roll(1, 0, 1, 1),
     lambda e: e.penalties),
    ("navigation", None, {"type": "travel_day", "pace": "walk", "terrain": "road", "navigation": 50,
                          "character": "arden"}, roll(1, 0, 1, 1), lambda e: e.penalties),
    ("Battlefield Healing", None, {"type": "battlefield_healing", "helper": "arden", "patient": "mira",
                                   "healing": 50}, roll(1, 0, 1, 1), lambda e: e.penalties),
]


@pytest.mark.parametrize(("name", "prepare", "body", "faces", "penalties"), CASES, ids=[c[0] for c in CASES])
def test_conditions_reach_every_test_the_character_makes(name: str, prepare: Prepare | None, body: dict[str, Any],
                                                         faces: list[int],
                                                         penalties: Callable[[Any], tuple[str, ...]]) -> None:
    """Healing and Recovery: "Wounded: -1P to every skill test." Fatigue and Deprivation:
    "Fatigued applies -1P". Every test a character makes carries them: Fatigue, deprivation,
    breath, reaching air, poison resistance, a fall's Acrobatics, navigation, healing."""
    table = worn()
    if prepare is not None:
        prepare(table)
    event = table.send(body, faces)
    assert penalties(event)[:2] == WORN


def test_an_exhausted_characters_fatigue_test_is_at_minus_2p() -> None:
    """Fatigue and Deprivation: "Fatigued applies -1P ...; Exhausted applies -2P"; "Strenuous
    activity while Fatigued calls for another Fatigue test at -1P" (that -1P is Fatigued's own:
    D100-FATIGUE)."""
    table = Table(None, "Arden")
    table.send({"type": "fatigue_test", "character": "arden", "resilience": 40}, roll(6, 0))
    fatigued = table.send({"type": "fatigue_test", "character": "arden", "resilience": 40}, roll(6, 0, 6))
    assert fatigued.penalties == ("Fatigued",) and fatigued.test.grade == -1 and fatigued.after == "exhausted"
    exhausted = table.send({"type": "fatigue_test", "character": "arden", "resilience": 40}, roll(1, 0, 2, 3))
    assert exhausted.penalties == ("Exhausted", "Exhausted") and exhausted.test.grade == -2
    assert exhausted.test.result == 30 and exhausted.after == "exhausted"


def test_one_function_gives_a_characters_penalty_dice() -> None:
    """Encumbrance: an Overloaded character "suffers -1P on physical tests ... suffers -1P on
    Fatigue tests"; Wounded and Fatigued count on every test."""
    table = Table(None, "Arden")
    table.send({"type": "carry", "character": "arden", "enc": 26})  # above STR + SIZ = 25
    arden = table.who("arden")
    assert character_penalties(arden) == []
    assert character_penalties(arden, physical=True) == ["Overloaded"]
    assert character_penalties(arden, fatigue=True) == ["Overloaded"]
    table.send({"type": "damage", "character": "arden", "amount": 7})
    assert character_penalties(table.who("arden")) == ["Wounded"]
    assert table.shown("arden")["penalties"] == ["Wounded"]


def test_a_fumbled_fatigue_test_knocks_out_for_3d6_minutes_and_the_character_awakens_fatigued() -> None:
    """"A fumbled Fatigue test causes unconsciousness for 3D6 minutes. The character awakens
    Fatigued." (even an Exhausted one: version 2 kept it Exhausted)."""
    table = Table(None, "Arden")
    table.send({"type": "fatigue_test", "character": "arden", "resilience": 40}, roll(6, 0))
    table.send({"type": "fatigue_test", "character": "arden", "resilience": 40}, roll(6, 0, 6))
    out = table.send({"type": "fatigue_test", "character": "arden", "resilience": 40}, [*roll(9, 9, 9, 9), 2, 3, 4])
    assert out.test.level == "fumble" and out.unconscious_minutes == 9 and out.after == "fatigued"
    assert table.refused({"type": "test", "skill": 50, "character": "arden"}) == "unconscious"
    assert not table.shown("arden")["conscious"]
    table.send({"type": "pass_time", "minutes": 8})
    assert table.refused({"type": "test", "skill": 50, "character": "arden"}) == "unconscious"
    woke = table.send({"type": "pass_time", "minutes": 1})
    assert woke.woke == ("arden",) and table.who("arden").fatigue == "fatigued"
    assert table.send({"type": "test", "skill": 50, "character": "arden"}, roll(1, 0, 1)).penalties == ("Fatigued",)


# ---- Once a round ------------------------------------------------------------------------------


def in_combat_bleeding() -> Table:
    table = Table(None, "Arden", "Mira", "Bryn")
    table.send({"type": "begin_combat"})
    table.send({"type": "damage", "character": "arden", "amount": 8})  # Wounded and Bleeding
    return table


HEAL = {"type": "battlefield_healing", "helper": "mira", "patient": "arden", "healing": 60}


def test_battlefield_healing_is_one_attempt_a_round() -> None:
    """Battlefield Healing: "A helper can spend their entire round and make a Healing test while
    adjacent to the patient." A second attempt in the same round is refused; the next round may
    try again."""
    table = in_combat_bleeding()
    failed = table.send(HEAL, roll(9, 0))
    assert not failed.stabilised and table.who("mira").healing
    assert table.refused(HEAL) == "once-a-round"
    table.send({"type": "end_round"})
    again = table.send(HEAL, roll(1, 0))
    assert again.stabilised and not table.who("arden").bleeding


def test_battlefield_healing_takes_the_helpers_whole_round_and_both_remain_stationary() -> None:
    """"A helper can spend their entire round ... Both remain stationary." A helper who has moved
    or acted this round cannot begin it; a patient who moved cannot receive it; after it neither
    moves, and the helper makes no test of its own."""
    table = in_combat_bleeding()
    table.send({"type": "move_character", "character": "mira", "metres": 2})
    assert table.refused(HEAL) == "round-not-whole"
    table.send({"type": "end_round"})
    table.send({"type": "test", "skill": 50, "character": "mira"}, roll(1, 0))
    assert table.refused(HEAL) == "round-not-whole"
    table.send({"type": "end_round"})
    table.send({"type": "move_character", "character": "arden", "metres": 1})
    assert table.refused(HEAL) == "not-stationary"
    table.send({"type": "end_round"})
    table.send(HEAL, roll(1, 0))
    assert table.refused({"type": "move_character", "character": "mira", "metres": 1}) == "not-stationary"
    assert table.refused({"type": "move_character", "character": "arden", "metres": 1}) == "not-stationary"
    assert table.refused({"type": "test", "skill": 50, "character": "mira"}) == "round-spent"
    table.send({"type": "test", "skill": 50, "character": "bryn"}, roll(1, 0))
    table.send({"type": "opposed_test", "skill": 50, "opposing_skill": 50, "character": "bryn",
                "opposing_character": "mira"}, roll(1, 0) + roll(1, 0))
    table.send({"type": "end_round"})
    table.send({"type": "opposed_test", "skill": 50, "opposing_skill": 50, "character": "mira"},
               roll(1, 0) + roll(1, 0))
    assert table.refused(HEAL) == "round-not-whole", "a test of its own is acting"
    table.send({"type": "move_character", "character": "mira", "metres": 1})


BREATH = {"type": "breath_test", "character": "arden", "resilience": 50}


def test_one_breath_test_a_round() -> None:
    """Suffocation: "After that, make a Resilience test each round with a cumulative -1P": one a
    round; a second in the same round is refused."""
    table = Table(None, "Arden")
    table.send({"type": "hold_breath", "character": "arden", "fumes": "1d6"})
    table.send({"type": "begin_combat"})
    table.rounds(11)
    assert table.refused(BREATH) == "breath-lasts"
    table.rounds(1)
    first = table.send(BREATH, roll(2, 0, 4))
    assert not first.inhaled and first.round == 12 and first.test.grade == -1
    assert table.refused(BREATH) == "once-a-round"
    table.rounds(1)
    second = table.send(BREATH, roll(2, 0, 3, 4))
    assert second.test.grade == -2 and second.penalties == ("holding its breath", "holding its breath")


def test_breath_lasts_con_rounds_as_con_now_is() -> None:
    """"A character can hold their breath for CON Combat Rounds" (a CON lowered by venom counts)."""
    table = Table(None, "Arden")
    table.send({"type": "expose", "character": "arden", "affliction": "Gorgon Serpent Venom"}, [1])
    table.send({"type": "pass_time", "minutes": 1})
    table.send({"type": "resist", "character": "arden", "name": "Gorgon Serpent Venom", "resilience": 20},
               roll(9, 0) + roll(1, 0) + [1] * 6 + [1])
    assert table.who("arden").characteristics.con == 9
    table.send({"type": "hold_breath", "character": "arden", "fumes": "1d6"})
    table.send({"type": "begin_combat"})
    table.rounds(9)
    assert table.send(BREATH, roll(2, 0, 4)).round == 9


# ---- Fatigue by the hour -----------------------------------------------------------------------


def test_twenty_minus_con_hours_of_complete_rest_remove_fatigue() -> None:
    """Fatigue and Deprivation: "20 − CON hours of complete rest, minimum 1, removes Fatigued or
    Exhausted." (CON 12: 8 hours; CON 20: 1 hour.)"""
    table = Table(None, "Arden")
    table.add("Tor", con=20)
    for who in ("arden", "tor"):
        table.send({"type": "fatigue_test", "character": who, "resilience": 10}, roll(6, 0))
    short = table.send_all({"type": "rest", "hours": 7})[-1]
    assert short.fatigue_removed == ("tor",) and table.who("arden").fatigue == "fatigued"
    assert table.who("tor").fatigue == "fresh"
    table.send_all({"type": "rest", "hours": 8})
    assert table.who("arden").fatigue == "fresh"
