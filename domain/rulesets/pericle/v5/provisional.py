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
    "(prone ones, bodies and flyers in the air do not), and a figure in a Grapple Pile gains its Partial "
    "Cover from the pile (line 458), not from the line.")

REREAD = {rule.id: rule for rule in (COMBATANT_COVER,)}

V5_RULES: tuple[ProvisionalRule, ...] = tuple(REREAD.get(rule.id, rule) for rule in PERICLE_V4.provisional_rules)
