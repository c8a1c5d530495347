"""README.md says what the code does where the code can say it: its generated blocks (the table
of provisional rules, as GET /v1/rulesets/{id} lists them) must be what server/docs.py makes
from the code today."""

from __future__ import annotations

from server.docs import README, generated


def test_the_generated_blocks_of_the_readme_agree_with_the_code() -> None:
    text = README.read_text()
    assert text == generated(text), "README.md is stale: run `python -m server.docs`"


def test_every_hosted_provisional_rule_and_setting_is_in_the_readme() -> None:
    from domain.rulesets import LATEST
    from domain.rulesets.contract import settings_of_rules

    text = README.read_text()
    for ruleset in LATEST.values():
        for found in settings_of_rules(ruleset):
            assert f"| `{found.rule.id}` | {ruleset.id} {ruleset.version} |" in text
            for name in found.defaults:
                assert f"`{name}`" in text
