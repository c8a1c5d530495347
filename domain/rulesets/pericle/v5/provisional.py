"""The provisional rules of Pericle 5: version 4's, with each label re-checked against seed 001
(docs/pericle-5-notes.md, "Provisional rules", gives every label's lines). A label is honest only
where the seed is silent or contradicts itself; the ones that were not are read again here."""

from __future__ import annotations

from domain.rulesets.contract import ProvisionalRule
from domain.rulesets.pericle.v4.version import PERICLE_V4

# Version 3's reading ("other standing combatants obstruct a line of sight partially, never
# completely") contradicted lines 414, 420 and 1272; the seed is silent only on which
# combatants stand in the way (v5/sight.py).
COMBATANT_COVER = ProvisionalRule(
    "PER-COMBATANT-COVER",
    "Combatants obstruct a line of sight like walls, as the seed says (lines 414, 420): both lines through "
    "them is Complete Cover unless the centre line is clear (line 424). The seed does not say whether a "
    "combatant lying down or flying overhead obstructs: here only combatants standing on the ground do "
    "(prone ones, bodies and flyers in the air do not), for a line drawn from or to a flyer too, and a figure "
    "in a Grapple Pile gains its Partial Cover from the pile (line 458), not from the line.")

# Version 3's `in_the_order: false` choice left the order alone, against line 1191 ("Each of
# these attacks takes AD-1 when determining both the order of your attack and when making the
# attack roll"); the seed is silent only on when the choice is declared (settings.py DeftOrderV5).
DEFT_ORDER = ProvisionalRule(
    "PER-DEFT-ORDER",
    "Deft Strikes puts its AD-1 on the Action Order too (line 1191), which is fixed before anyone acts; the "
    "seed does not say when the choice is made: a hero declares it with the Defend declarations "
    "(`deft_strikes`), keeps the lower place even if it then strikes once, and without it may not strike "
    "twice with one weapon. A hero declares Deft Strikes or Defend, not both.")

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

REREAD = {rule.id: rule for rule in (COMBATANT_COVER, DEFT_ORDER, KARMA_WINDOW)}

# New in version 5 (v5/piles.py): lines 460 and 462 say a Thrown spell that misses a figure in a
# Grapple Pile rolls to miss the others, and lands on the first it fails to miss; they do not say
# at what AD, in which order, or whether the caster pays for it (line 470: a failed cast costs no
# Exhaustion; line 468: a successful one does).
STRAY_SPELL = ProvisionalRule(
    "PER-STRAY-SPELL",
    "A Thrown spell that misses a figure in a Grapple Pile (the caster not in it) rolls at the cast's AD, with no "
    "Defense Die, to miss each figure of the pile on the other side - the caster's allies for a spell on a foe "
    "(line 460), its enemies for a spell on an ally (line 462) - in the pile's order; the first failure casts "
    "the spell on that figure, and costs no Exhaustion (the cast's own check failed, line 470).")

V5_RULES: tuple[ProvisionalRule, ...] = (*(REREAD.get(rule.id, rule) for rule in PERICLE_V4.provisional_rules),
                                         STRAY_SPELL, ARMOR_PROFICIENCY)
