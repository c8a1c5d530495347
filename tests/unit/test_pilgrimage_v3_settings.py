"""Pilgrimage 3's provisional rules: each is listed with its settings (RULES-NOTES: "give it the id
shown, make its numbers settings of the battle ... and list it in the ruleset's description"), a
battle may change them, and numbers no battle could be played with are refused at creation."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import RuleViolation
from domain.rulesets import find_ruleset
from domain.rulesets.contract import rule_id, settings_of_rules
from domain.rulesets.pilgrimage.v3.settings import PilgrimageV3Settings

V3 = find_ruleset("pilgrimage", "3")


def test_every_rule_has_its_settings_and_every_setting_its_rule() -> None:
    listed = {found.rule.id for found in settings_of_rules(V3)}
    fields = {rule_id(f.name) for f in msgspec.structs.fields(PilgrimageV3Settings)}
    assert listed == fields
    assert {"PIL-CLIMB", "PIL-FALL-INCHES", "PIL-SHOVE", "PIL-COVER", "PIL-WEATHER-TWICE"} <= listed
    defaults = {found.rule.id: found.defaults for found in settings_of_rules(V3)}
    assert defaults["PIL-CLIMB"] == {"reach": 1.0, "needs_climbable": True, "step_up": 1.0}
    assert defaults["PIL-FALL-INCHES"] == {"rounding": "down"}


def test_a_battle_records_the_settings_it_changes() -> None:
    resolved = V3.resolve_options({"provisional": {"PIL-SHOVE": {"inches": 2}, "PIL-COVER": {"body_radius": 0.75}}},
                                  ("south", "north"))
    settings = V3.settings_of(resolved)
    assert isinstance(settings, PilgrimageV3Settings)
    assert (settings.PIL_SHOVE.inches, settings.PIL_COVER.body_radius) == (2, 0.75)
    assert resolved["provisional"]["PIL-FALL-INCHES"] == {"rounding": "down"}


@pytest.mark.parametrize("provisional", [
    {"PIL-CLIMB": {"reach": 50}}, {"PIL-SHOVE": {"inches": -1}}, {"PIL-COVER": {"body_radius": 10}},
    {"PIL-FALL-INCHES": {"rounding": "sideways"}}, {"PIL-HEALTH": {"health": 0}},
])
def test_unplayable_settings_are_refused(provisional: dict[str, object]) -> None:
    with pytest.raises(RuleViolation) as refused:
        V3.resolve_options({"provisional": provisional}, ("south", "north"))
    assert refused.value.rule == "options-invalid"
