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

ARMOR_PROFICIENCY = ProvisionalRule(
    "PER-ARMOR-PROFICIENCY",
    "Armor Proficiency I: \"When wearing plate armor or chainmail, your Movement is 4 instead of 3\" (seed 001 line "
    "1137), but the armour chart gives the breastplate, its only plate, -1 Hex (line 1003): Movement 4 without the "
    "Discipline. Version 5 follows line 1137's numbers for a hero of Movement 5: chainmail and breastplate cost at "
    "most 1 hex with the Discipline, gambeson none (\"5 instead of 4\"); scale mail, which the line does not name, "
    "keeps its 2.")
# Rules version 5 adds, after version 4's.
ADDED: tuple[ProvisionalRule, ...] = (ARMOR_PROFICIENCY,)

REVISED: dict[str, ProvisionalRule] = {rule.id: rule for rule in (KARMA_WINDOW,)}


def revised_rules(rules: tuple[ProvisionalRule, ...]) -> tuple[ProvisionalRule, ...]:
    """Version 4's provisional rules with version 5's revised texts, then version 5's own."""
    return (*(REVISED.get(rule.id, rule) for rule in rules), *ADDED)
