"""Pericle 6 lists the provisional rules version 5 kept only in docs/pericle-5-notes.md: each a
place where seed 001 is silent, its text quoting the lines that come closest (issue #15 item 4)."""

from __future__ import annotations

import re

import pytest

from domain.rulesets import RULESETS
from tests.unit.test_pericle_v4_handbook import LINES

NEW = ("PER-INVERSUS-PILE", "PER-UNDEAD-CRIT", "PER-BARRAGE-MT", "PER-WORD-TIE", "PER-SEVEN-HEXES")


def test_version_6_lists_the_labels_version_5_kept_in_its_notes_and_keeps_every_older_one() -> None:
    v5 = [rule.id for rule in RULESETS[("pericle", "5")].provisional_rules]
    v6 = [rule.id for rule in RULESETS[("pericle", "6")].provisional_rules]
    assert v6[:len(v5)] == v5 and v6[len(v5):len(v5) + len(NEW)] == list(NEW)
    assert not set(NEW) & set(v5), "version 5 is released: its list does not change"


@pytest.mark.parametrize("label", NEW)
def test_each_new_label_is_a_setting_of_a_version_6_battle_and_quotes_the_lines_it_cites(label: str) -> None:
    ruleset = RULESETS[("pericle", "6")]
    assert label in ruleset.resolve_options({})["provisional"]
    summary = next(r for r in ruleset.provisional_rules if r.id == label).summary
    cited = [int(n) for n in re.findall(r"lines? (\d+)", summary)]
    quoted = re.findall(r'"([^"]+)"', summary)
    assert cited and quoted, f"{label} cites and quotes the seed"
    near = " ".join(" ".join(LINES[max(0, n - 3):n + 2]) for n in cited)  # each cited line and two around it
    for phrase in quoted:
        assert phrase in near, f"{label}: {phrase!r} is not on the lines it cites {cited}"
