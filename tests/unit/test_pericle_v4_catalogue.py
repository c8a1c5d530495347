"""The catalogue GET /v1/rulesets/pericle/catalogue serves (domain/rulesets/pericle/v4/catalogue.py):
every entry's seed reference points at the seed line that prints it (seed 001)."""

from __future__ import annotations

from domain.rulesets.pericle.v4.catalogue import handbook_catalogue
from tests.unit.test_pericle_v4_handbook import line

CATALOGUE = handbook_catalogue("4")


def test_every_handbook_entry_is_served_with_its_enforcement() -> None:
    assert len(CATALOGUE.disciplines) == 103 and len(CATALOGUE.spells) == 75
    assert {d.effect for d in CATALOGUE.disciplines} == {"enforced", "table-applied"}
    blur = next(s for s in CATALOGUE.spells if s.name == "Blur")
    assert (blur.effect, blur.seed.line, blur.seed.source) == ("enforced", 1399, "001_da6eaba1bafd55cc.txt")
    sleep = next(s for s in CATALOGUE.spells if s.name == "Sleep")
    assert sleep.effect == "table-applied" and sleep.enforced_as is None
    assert sleep.ancestry == {"forest elf": {"kn": 2}, "odrim": {"xp": 4}}


def test_each_seed_reference_is_the_line_that_prints_the_entry() -> None:
    for weapon in CATALOGUE.weapons:
        assert weapon.name in line(weapon.seed.line), weapon.name
    for armour in CATALOGUE.armour:
        assert line(armour.seed.line).startswith(armour.name), armour.name
    for item in CATALOGUE.items:
        # The weapon price table prints two weapons a row: "Arming Sword\t20\tLight Crossbow\t15".
        cells = line(item.seed.line).split("\t")
        assert item.name in cells, item.name
        if item.price_gc is not None:
            assert cells[cells.index(item.name) + (1 if item.kind in ("weapon", "armour", "shield", "runestone")
                                                   else 2)] == str(item.price_gc), item.name
    for skill in CATALOGUE.skills:
        assert line(skill.seed.line).startswith(f"• {skill.name}:"), skill.name
    for ancestry in CATALOGUE.ancestries:
        first = ancestry.abilities[0].split(":")[0]
        assert line(ancestry.seed.line).startswith(f"• {first}:"), ancestry.name


def test_prices_as_printed() -> None:
    """Trade & Commerce (lines 1587-1638): a Cestus 5 gc, a Potion of Healing 32 gc, tailored
    chainmail 210 gc; darts, knives, saps and wands free (line 1582); Leather Armor's price did
    not survive extraction (line 1622) and is not invented."""
    weapons = {w.name: w.price_gc for w in CATALOGUE.weapons}
    assert (weapons["Cestus"], weapons["Knife"], weapons["Dagger"]) == (5, 0, None)
    items = {i.name: i.price_gc for i in CATALOGUE.items}
    assert (items["Potion of Healing"], items["Chainmail Armor, Tailored"], items["Leather Armor"]) == (32, 210, None)
    armour = {a.name: (a.price_gc, a.tailored_price_gc) for a in CATALOGUE.armour}
    assert armour["Chainmail"] == (10, 210) and armour["Leather"] == (None, None)
