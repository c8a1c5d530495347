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


def test_no_link_of_the_readmes_points_outside_the_repository() -> None:
    """A clone holds only the repository: every relative link of its READMEs names a file in it
    (issue #16: the README linked ../shared/RULES-NOTES.md, which a clone does not have)."""
    import re

    root = README.parent.resolve()
    readmes = [README, *sorted(root.glob("domain/**/README.md")), *sorted(root.glob("deploy/**/README.md"))]
    broken = []
    for readme in readmes:
        for target in re.findall(r"\]\(([^)\s]+)\)", readme.read_text()):
            if re.match(r"^[a-z]+:|^#", target):
                continue
            path = (readme.parent / target.split("#")[0]).resolve()
            if not path.is_relative_to(root) or not path.exists():
                broken.append(f"{readme.relative_to(root)}: {target}")
    assert broken == []
