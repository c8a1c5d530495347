"""Pericle 5: the numbers of Disciplines and the ancestry abilities on the checks they name (seed 001,
Hero Handbook Steps 2 and 5, Appendix: Disciplines)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.sheet import HeroSheet
from domain.rulesets.pericle.v4 import sheet as v4
from domain.rulesets.pericle.v5 import sheet as v5
from tests.unit.pericle_arena import BAERWYN, SINDARO, VARYA, PericleArena, encounter

# ---- Armor Proficiency I with each armour ---------------------------------------------------------
# Line 1137: "When wearing plate armor or chainmail, your Movement is 4 instead of 3. When wearing
# Gambeson (cloth) armor, your Movement is 5 instead of 4." Lines 1000-1004: Leather 0, Gambeson -1 Hex,
# Chainmail -2 Hex, Breastplate -1 Hex, Scale Mail -2 Hex. The seed contradicts itself on plate: the
# chart's breastplate leaves Movement 4 without the Discipline (PER-ARMOR-PROFICIENCY).


def armoured(armour: str, proficient: bool) -> HeroSheet:
    import msgspec

    disciplines = ["Armor Proficiency I"] if proficient else []
    return msgspec.convert({"name": "Hild", "ancestry": "human", "mt": 5, "dx": 0, "kn": 0, "armour": armour,
                            "weapons": ["Dagger"], "disciplines": disciplines}, HeroSheet)


@pytest.mark.parametrize(("armour", "without", "version_4", "version_5"), [
    ("Leather", 5, 5, 5),
    ("Gambeson", 4, 5, 5),       # "5 instead of 4"
    ("Chainmail", 3, 4, 4),      # "4 instead of 3"
    ("Breastplate", 4, 5, 4),    # "plate armor ... your Movement is 4": the chart's own 4
    ("Scale Mail", 3, 3, 3),     # not named by the line
])
def test_armor_proficiency_i_with_each_armour(armour: str, without: int, version_4: int, version_5: int) -> None:
    assert v5.stats(armoured(armour, False)).movement == without
    assert v4.stats(armoured(armour, True)).movement == version_4
    assert v5.stats(armoured(armour, True)).movement == version_5


def test_a_hero_joins_version_5_with_those_numbers() -> None:
    hild = {"name": "Hild", "ancestry": "human", "mt": 5, "dx": 0, "kn": 0, "armour": "Chainmail",
            "weapons": ["Dagger"], "disciplines": ["Armor Proficiency I"]}
    arena = PericleArena(heroes={"ana": [{"hero": hild, "start": {"q": 0, "r": 3}}],
                                 "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 4}}]})
    assert arena.figure("hero-hild").movement == 4


# ---- Ancestry bonuses on every check they name ------------------------------------------------------
# Line 866: "Strength of the Mountain: Stone dwarves gain +1AD when making Might checks." Line 621: a
# poison's save is a Might check ("Poison: [Delivery] | [Effect] | [MT AD save]").


def dwarf_bitten(version: str | None = None) -> PericleArena:
    """Varya as a stone dwarf, a spider behind her (Bite 1d4 + a poison saved at Difficult MT, AD-1)."""
    bite = {"name": "Bite", "damage": "1d4", "natural": True, "poison": {"damage": "2d6", "save": -1}}
    spider: dict[str, Any] = {"id": "spider", "name": "Spider", "hp": 4, "mt": 1, "base_ad": 2, "movement": 6,
                              "attacks": [bite], "hex": {"q": 2, "r": 3}, "facing": 0}
    arena = PericleArena(version=version, enemies=[*encounter()["enemies"], spider], heroes={
        "ana": [{"hero": {**VARYA, "ancestry": "stone dwarf", "karma": 0}, "start": {"q": 0, "r": 3}},
                {"hero": SINDARO, "start": {"q": 0, "r": 5}}],
        "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 4}}]})
    arena.put("hero-varya", 3, 3, facing=0)
    arena.put("spearman", 7, 0)
    arena.to_actions("heroes")
    arena.pass_until("spider")
    return arena


@pytest.mark.parametrize(("version", "ad"), [(None, 3), ("4", 2)])
def test_a_stone_dwarf_saves_against_poison_at_ad_plus_1(version: str | None, ad: int) -> None:
    """Varya (MT3) saves at Difficult MT (AD-1): AD2, and AD3 as a stone dwarf in version 5."""
    arena = dwarf_bitten(version)
    events = arena.act("spider", "attack", [1, 4, 1, 10, 1, 1], strikes=[{"target": "hero-varya"}])
    [save] = [e for e in events if isinstance(e, ev.PoisonSave)]
    assert save.check.ad == ad
    assert ("Strength of the Mountain" in {a.source for a in save.check.adjustments}) == (version is None)
