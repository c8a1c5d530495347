"""The provisional rules version 5 reads differently from version 4: the same ids (and settings),
their text revised where the seed, re-read line by line, now says more."""

from __future__ import annotations

from domain.rulesets.contract import ProvisionalRule

KARMA_WINDOW = ProvisionalRule(
    "PER-KARMA-WINDOW",
    "Seed 001 puts a Karma window after every set of dice (lines 632-634: only \"the most recent set of "
    "dice\"; \"you cannot wait until after the damage is rolled to use a Karma to force a re-roll of the "
    "attack\") but not how long it stays open: \"immediately\" and \"at any time\" (both line 632). Version 5: "
    "an Attack waits after each strike's attack roll and after its Crit Die (rolled before its damage) while "
    "a hero that is not dead has Karma, until its attacker's seat sends `go_on`; only `go_on` and "
    "`spend_karma` are played meanwhile. Any other set of dice (damage, rolls to miss allies, checks, "
    "spells) is re-rolled as the last set of the latest command, before the next command; the events after "
    "`karma_spent` replace that command's.")

REVISED: dict[str, ProvisionalRule] = {rule.id: rule for rule in (KARMA_WINDOW,)}


def revised_rules(rules: tuple[ProvisionalRule, ...]) -> tuple[ProvisionalRule, ...]:
    """Version 4's provisional rules with version 5's revised texts."""
    return tuple(REVISED.get(rule.id, rule) for rule in rules)
