"""Pericle 4's Disciplines and Spells against the Hero Handbook's own text (seed 001, Appendix:
Disciplines, lines 1081-1361; Appendix: Spells, lines 1363-1574): every entry of the seed is in
the data and every datum is the seed's, read off the entry's own line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain.rulesets.pericle.v4.book import (
    DISCIPLINES,
    ENFORCED_DISCIPLINES,
    ENFORCED_SPELLS,
    SPELLS,
    discipline_enforcement,
    spell_enforcement,
)
from domain.rulesets.pericle.v4.discipline_book import DISCIPLINE_BOOK
from domain.rulesets.pericle.v4.handbook import Prerequisites, spell_kn, spell_xp
from domain.rulesets.pericle.v4.spell_book import SPELL_BOOK

SEED = (Path(__file__).parents[2] / "shared" / "seeds" / "001_da6eaba1bafd55cc.txt")
if not SEED.exists():
    SEED = Path("/work/shared/seeds/001_da6eaba1bafd55cc.txt")
LINES = SEED.read_text().split("\n")
ENTRY = re.compile(r"^([A-Z][^()]{1,80}?) \((\d+)XP\)")


def line(n: int) -> str:
    return LINES[n - 1]


def entries(first_heading: str, end_heading: str, heading: str) -> list[tuple[str, int, int, int]]:
    """(name, XP, KN of the heading above, line) of every entry between two headings."""
    start, end = LINES.index(first_heading), LINES.index(end_heading)
    found, kn = [], -1
    for index in range(start, end):
        if m := re.match(heading, LINES[index]):
            kn = int(m.group(1))
        elif m := ENTRY.match(LINES[index]):
            found.append((m.group(1), int(m.group(2)), kn, index + 1))
    return found


SEED_DISCIPLINES = entries("KN0 Disciplines", "Appendix: Spells", r"^KN(\d) Disciplines$")
SEED_SPELLS = entries("KN0 Spells", "Appendix: Trade & Commerce", r"^KN(\d) Spells")


def test_the_seed_holds_103_disciplines_and_75_spells_as_the_issue_says_and_the_data_holds_each() -> None:
    assert len(SEED_DISCIPLINES) == 103 and len(SEED_SPELLS) == 75
    assert [(d.name, d.xp, d.kn, d.line) for d in DISCIPLINE_BOOK] == SEED_DISCIPLINES
    assert [(s.name, s.xp, s.kn, s.line) for s in SPELL_BOOK] == SEED_SPELLS
    assert len(DISCIPLINES) == 103 and len(SPELLS) == 75, "names are unique"


@pytest.mark.parametrize("entry", [*DISCIPLINE_BOOK, *SPELL_BOOK], ids=lambda e: e.name)
def test_each_entry_carries_its_seed_line_as_printed(entry: object) -> None:
    assert entry.text == line(entry.line)  # type: ignore[attr-defined]


@pytest.mark.parametrize("spell", SPELL_BOOK, ids=lambda s: s.name)
def test_each_spell_has_the_category_school_and_cost_its_entry_prints(spell: object) -> None:
    """"Name of the Spell in Bold, (XP required to learn the Spell) [Category of Spell], Spell
    school: E cost" (line 1393)."""
    m = re.match(r"^.+? \(\d+XP\) \[([A-Z-]+)\] ([A-Za-z]+): (.+?)\. ", spell.text)  # type: ignore[attr-defined]
    assert m is not None
    assert (spell.category, spell.school, spell.cost) == m.groups()  # type: ignore[attr-defined]
    printed = spell.cost  # type: ignore[attr-defined]
    if printed.lower().startswith("xe"):
        assert spell.exhaustion is None  # type: ignore[attr-defined]
    else:
        assert printed.startswith(f"{spell.exhaustion}E")  # type: ignore[attr-defined]
    if "/turn" in printed and not printed.startswith("xE+xE"):
        assert printed.endswith(f"+{spell.upkeep}E/turn")  # type: ignore[attr-defined]


def test_every_discipline_is_in_the_categories_list() -> None:
    """"they've been divided into twelve categories" (line 1083); each entry is listed in
    "Disciplines by Category" (lines 1105-1129), some in several."""
    assert all(d.categories for d in DISCIPLINE_BOOK)
    assert DISCIPLINES["Sharpshooter I"].categories == ("Bow", "Crossbow")
    assert DISCIPLINES["Weapon Mastery"].categories == ("Axe", "Hammer", "Polearm", "Sword")
    assert DISCIPLINES["Special Weapon Proficiency: Cestus"].categories == ("Special", "Martial Artist")


def test_prerequisites_spot_checked_against_their_lines() -> None:
    # line 1311: "Grit II (10XP): Prerequisite: MT4 and Grit I."
    assert line(1311).startswith("Grit II (10XP): Prerequisite: MT4 and Grit I.")
    assert DISCIPLINES["Grit II"].requires == Prerequisites(disciplines=("Grit I",), mt=4)
    # line 1264: "Martial Arts II (5XP): Prerequisite basic DX2 (not adjusted) & Martial Arts I."
    assert "basic DX2 (not adjusted) & Martial Arts I" in line(1264)
    assert DISCIPLINES["Martial Arts II"].requires == Prerequisites(disciplines=("Martial Arts I",), dx=2)
    # line 1325: "Prerequisite: Staff & Wand Affinity: Curse I and learned two Curse Spells."
    assert "Curse I and learned two Curse Spells" in line(1325)
    assert DISCIPLINES["Staff & Wand Affinity: Curse II"].requires == Prerequisites(
        disciplines=("Staff & Wand Affinity: Curse I",), school_spells=("Curse", 2))
    # line 1339: "Grappling Expertise (7XP): Prerequisite: Grappler II (Grappler III not required)."
    assert DISCIPLINES["Grappling Expertise"].requires.disciplines == ("Grappler II",)
    # line 1304: "Dual Weapons (15XP): Prerequisite: base AD3+."
    assert DISCIPLINES["Dual Weapons"].requires == Prerequisites(base_ad=3)
    # line 1177: "This Discipline may be obtained more than once" (Weapon Mastery) and no other says so.
    assert [d.name for d in DISCIPLINE_BOOK if d.repeatable] == ["Weapon Mastery"]
    assert [d.name for d in DISCIPLINE_BOOK if "more than once" in d.text] == ["Weapon Mastery"]


def test_every_prerequisite_the_seed_prints_is_in_the_data() -> None:
    """An entry whose text says "Prerequisite" has one in the data, and the other way round."""
    printed = {d.name for d in DISCIPLINE_BOOK if "Prerequisite" in d.text.split(".")[0]}
    assert printed == {d.name for d in DISCIPLINE_BOOK if d.requires != Prerequisites()}
    named = {n for d in DISCIPLINE_BOOK for n in d.requires.disciplines}
    assert named <= set(DISCIPLINES), named - set(DISCIPLINES)


def test_spell_costs_spot_checked_against_their_lines() -> None:
    # line 1462: "Trip (5XP) [T] Curse: 2E if the target has less than MT20, or 4E if target has MT20+."
    assert (SPELLS["Trip"].exhaustion, SPELLS["Trip"].heavy) == (2, (20, 4))
    # line 1401: "Drop Item (4XP) [T] Curse: 1E. Increase to 2E if the target has MT10+."
    assert (SPELLS["Drop Item"].exhaustion, SPELLS["Drop Item"].heavy) == (1, (10, 2))
    # line 1492: "Fly (5XP) [T] Furtherance: 1E+1 every two turns."
    assert (SPELLS["Fly"].exhaustion, SPELLS["Fly"].upkeep, SPELLS["Fly"].upkeep_every) == (1, 1, 2)
    # line 1546: "Divine Might (5XP) [T] Furtherance: xE+xE/turn ... up to a maximum of 3E."
    assert (SPELLS["Divine Might"].exhaustion, SPELLS["Divine Might"].upkeep, SPELLS["Divine Might"].max_power) == (
        None, None, 3)
    # line 1520: "Telekinesis (5XP) [T] Curse: XE, minimum of 0E."
    assert SPELLS["Telekinesis"].min_power == 0
    # line 1468: "Create Undead (5XP) [T] Conjuration: 0E, 1HP."
    assert (SPELLS["Create Undead"].exhaustion, SPELLS["Create Undead"].hp_cost) == (0, 1)
    # line 1566: "Immunity (5XP) [T] Furtherance: 3E+2E/turn."
    assert (SPELLS["Immunity"].exhaustion, SPELLS["Immunity"].upkeep) == (3, 2)
    # line 1496: Paralysis "Immobilizes the target for three turns"; line 1516 Greater "for four turns".
    assert (SPELLS["Paralysis"].duration, SPELLS["Paralysis, Greater"].duration) == (3, 4)
    # line 1250: Berserk "costs 2E, then an additional 2E for every turn thereafter".
    assert (DISCIPLINES["Berserk"].exhaustion, DISCIPLINES["Berserk"].upkeep) == (2, 2)


@pytest.mark.parametrize("spell", SPELL_BOOK, ids=lambda s: s.name)
def test_a_lasting_spell_says_how_long_in_its_entry(spell: object) -> None:
    """A duration in the data is one the entry states ("lasts three turns", "for four turns"), or
    that of the spell it is "As per" (Magic Shield II, line 1474; Paralysis, Mass, line 1568)."""
    words = {1: "one", 3: "three", 4: "four", 5: "five", 10: "10"}
    duration = spell.duration  # type: ignore[attr-defined]
    if duration:
        text = spell.text.lower()  # type: ignore[attr-defined]
        like = [s for s in SPELL_BOOK if f"as per {s.name.lower()}" in text and s.duration == duration]
        assert like or any(f"{w} turn" in text for w in (words[duration], str(duration))), text[:120]


def test_only_the_entries_that_say_so_can_be_used_outside_combat() -> None:
    """"Spells cannot be cast outside of combat unless their description explicitly states
    otherwise" (line 1365)."""
    assert {s.name for s in SPELL_BOOK if s.outside_combat} == {
        s.name for s in SPELL_BOOK if "can be used outside of combat" in s.text}
    assert SPELLS["Augury"].outside_combat


def test_ancestry_adjustments_to_learning_spells() -> None:
    """Magical Affinity (line 835): forest elves need 1 KN less; Arcane Insight (line 856):
    odrim pay 1 XP less."""
    sleep = SPELLS["Sleep"]
    assert (spell_kn(sleep, "forest elf"), spell_kn(sleep, "human")) == (2, 3)
    assert (spell_xp(sleep, "odrim"), spell_xp(sleep, "everkin")) == (4, 5)


def test_enforcement_is_named_for_every_entry() -> None:
    assert set(ENFORCED_DISCIPLINES) <= set(DISCIPLINES) and set(ENFORCED_SPELLS) <= set(SPELLS)
    assert discipline_enforcement("Archery") == "enforced" and discipline_enforcement("Alchemy") == "table-applied"
    assert spell_enforcement("Blur") == "enforced" and spell_enforcement("Augury") == "table-applied"
