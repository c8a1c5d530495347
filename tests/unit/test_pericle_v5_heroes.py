"""How heroes join a Pericle 5 battle (domain/rulesets/pericle/v5/heroes.py).

Seed 001, line 636: "You gain Karma by spending 5 XP for 1 Karma. Karma can be purchased by
spending XP at any time." Line 893: "You cannot spend any of your starting pool of XP to raise
attributes! Attributes may only be increased by XP gained from adventuring." Line 686: "Heroes
may spend 2XP to increase the rank of a Skill by 1 point, up to a maximum of 5 points." Line 652:
"Exhaustion and loss to HP are both drawing from a hero's HP"."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import RuleViolation
from tests.unit.pericle_arena import BAERWYN, SINDARO, VARYA, PericleArena

# A veteran: Varya after adventuring, MT raised to 4 with XP earned (8 XP, line 891) and two more
# Skill ranks: as a beginner's sheet she would break Step 1 (5 attribute points) and Step 3.
VETERAN = {**VARYA, "mt": 4, "skills": {"Perception": 3, "Athletics": 2}}


def party(*ana: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Ana's heroes as given, and Sindaro for Ben (every seat brings a hero before the start)."""
    return {"ana": list(ana), "ben": [{"hero": SINDARO, "start": {"q": 0, "r": 5}}]}


def brought(hero: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": "bring_hero", "hero_id": "2b0c6f1e-0000-4000-8000-000000000001", "hero_version": 7,
            "hero": hero, "start": {"q": 0, "r": 3}, **more}


def test_a_pasted_sheet_pays_for_its_karma_from_its_starting_xp() -> None:
    # Baerwyn (forest elf, KN1) starts with 25 XP and spends 17 on her sheet: one Karma (5 XP) fits,
    # two do not.
    arena = PericleArena(heroes=party({"hero": {**BAERWYN, "karma": 1}, "start": {"q": 0, "r": 4}}))
    assert arena.figure("hero-baerwyn").karma == 1
    with pytest.raises(RuleViolation, match="Karma: 2 Karma cost 10 XP"):
        PericleArena(heroes=party({"hero": {**BAERWYN, "karma": 2}, "start": {"q": 0, "r": 4}}))


def test_version_4_let_a_pasted_sheet_name_karma_for_free() -> None:
    arena = PericleArena(version="4", heroes=party({"hero": {**BAERWYN, "karma": 2}, "start": {"q": 0, "r": 4}}))
    assert arena.figure("hero-baerwyn").karma == 2


def test_a_veteran_from_the_hero_records_joins_with_its_wounds_and_names_its_record() -> None:
    arena = PericleArena(heroes=party(brought(VETERAN, wounds=4, exhaustion=2)))
    varya = arena.figure("hero-varya")
    assert (varya.mt, varya.wounds, varya.exhaustion) == (4, 4, 2)
    joined = next(e for e in arena.events if type(e).__name__ == "HeroBrought")
    assert (joined.hero_id, joined.hero_version, joined.sheet["mt"]) == (  # type: ignore[attr-defined]
        "2b0c6f1e-0000-4000-8000-000000000001", 7, 4)


def test_the_same_veteran_pasted_as_a_sheet_is_a_beginner_and_refused() -> None:
    with pytest.raises(RuleViolation, match="Step 1"):
        PericleArena(heroes=party({"hero": VETERAN, "start": {"q": 0, "r": 3}}))


def test_a_veteran_still_obeys_what_every_hero_obeys() -> None:
    with pytest.raises(RuleViolation, match="above the maximum of 5"):
        PericleArena(heroes=party(brought({**VETERAN, "skills": {"Perception": 6}})))
    # Meditate II (line 1266): "Prerequisite: Meditate I", and a KN2 Discipline.
    with pytest.raises(RuleViolation, match="Meditate II requires Meditate I first"):
        PericleArena(heroes=party(brought({**VETERAN, "disciplines": [*VARYA["disciplines"], "Meditate II"]})))


def test_a_hero_without_hit_points_left_cannot_be_brought() -> None:
    # Varya has 13 max HP: 10 wounds and 3 Exhaustion leave her none.
    with pytest.raises(RuleViolation, match="0 HP left"):
        PericleArena(heroes=party(brought(VARYA, wounds=10, exhaustion=3)))
