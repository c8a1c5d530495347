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


V5 = {rule.id: rule for rule in RULESETS[("pericle", "5")].provisional_rules}
# Every label version 6 adds or words anew (its own areas' too: control, field, tentacles, gateway...).
ADDED = [rule.id for rule in RULESETS[("pericle", "6")].provisional_rules if V5.get(rule.id) != rule]


def test_the_labels_version_6_adds_include_those_version_5_kept_in_its_notes() -> None:
    assert set(NEW) <= set(ADDED) and len(ADDED) > len(NEW)


@pytest.mark.parametrize("label", ADDED)
def test_each_label_version_6_adds_is_a_setting_and_quotes_the_lines_it_cites(label: str) -> None:
    """A label is honest where the seed is silent or contradicts itself, saying which lines (issue
    15, item 4): every label version 6 adds is a setting of a version 6 battle, cites seed lines,
    and each phrase it quotes from the seed (a quotation's parts around an ellipsis) stands on the
    lines it cites or the two around each."""
    ruleset = RULESETS[("pericle", "6")]
    assert label in ruleset.resolve_options({})["provisional"]
    summary = next(r for r in ruleset.provisional_rules if r.id == label).summary
    cited = [int(n) for n in re.findall(r"lines? (\d+)", summary)]
    assert cited, f"{label} cites the seed's lines"
    near = " ".join(" ".join(LINES[max(0, n - 3):n + 2]) for n in cited)  # each cited line and two around it
    for quotation in re.findall(r'"([^"]+)"', summary):
        for phrase in (part.strip(" .") for part in quotation.split("...")):
            if len(phrase) > 8:  # a quoted word or a field's format ("q,r") is no quotation of the seed
                assert phrase in near, f"{label}: {phrase!r} is not on the lines it cites {cited}"
