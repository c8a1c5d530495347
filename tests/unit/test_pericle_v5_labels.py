"""Pericle 5's provisional rules, each label re-checked against seed 001 (docs/pericle-5-notes.md,
"Provisional rules"): the two that the seed contradicted are read again in version 5, and
versions 3 and 4 keep theirs."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import DomainError
from domain.rulesets import find_ruleset
from domain.rulesets.pericle.provisional import COMBAT_RULES
from tests.unit.pericle_arena import PericleArena


def rules(version: str) -> dict[str, str]:
    return {rule.id: rule.summary for rule in find_ruleset("pericle", version).provisional_rules}


def test_version_5_keeps_every_label_and_reads_three_again() -> None:
    """Version 4's ids (a battle's settings name them), then PER-STRAY-SPELL and
    PER-ARMOR-PROFICIENCY, new; of version 4's only PER-COMBATANT-COVER, PER-DEFT-ORDER and
    PER-KARMA-WINDOW say something new, and version 4's texts are version 3's, unchanged."""
    v4, v5 = rules("4"), rules("5")
    assert list(v5) == [*v4, "PER-STRAY-SPELL", "PER-ARMOR-PROFICIENCY"]
    assert {i for i in v4 if v4[i] != v5[i]} == {"PER-COMBATANT-COVER", "PER-DEFT-ORDER", "PER-KARMA-WINDOW"}
    assert v4 == {rule.id: rule.summary for rule in (*find_ruleset("pericle", "2").provisional_rules,
                                                     *COMBAT_RULES)}


def test_combatant_cover_no_longer_says_partially_never_completely() -> None:
    """Lines 414 and 420 name combatants among the obstructions that give Cover; Sharpshooter II
    (line 1272) speaks of "your ally provides complete cover"."""
    assert "never completely" in rules("4")["PER-COMBATANT-COVER"]
    assert "never completely" not in rules("5")["PER-COMBATANT-COVER"]
    assert "line 424" in rules("5")["PER-COMBATANT-COVER"]


def test_deft_strikes_is_always_in_the_order_in_version_5() -> None:
    """Line 1191, Deft Strikes: "Each of these attacks takes AD-1 when determining both the order
    of your attack and when making the attack roll." Version 5 refuses a battle that would leave
    the order alone; version 4 (frozen) still takes it."""
    with pytest.raises(DomainError) as refused:
        PericleArena(provisional={"PER-DEFT-ORDER": {"in_the_order": False}})
    assert refused.value.rule == "options-invalid"
    assert "in_the_order: false" not in rules("5")["PER-DEFT-ORDER"]
    assert PericleArena(provisional={"PER-DEFT-ORDER": {"in_the_order": False}}, version="4")
    schema = msgspec.json.schema(find_ruleset("pericle", "5").settings_type)
    assert schema["$defs"]["DeftOrderV5"]["properties"]["in_the_order"]["enum"] == [True]
