"""Pericle 6's provisional rules: version 5's (v5/provisional.py), those of its Spells of control
(v6/control.py `CONTROL_RULES`), and the labels version 5 kept
only in docs/pericle-5-notes.md, now listed by GET /v1/rulesets/pericle for version 6 (its
behaviour is version 5's: the label names it). Each is a place where seed 001 is silent; the
text says which lines come closest and what the server does."""

from __future__ import annotations

from domain.rulesets.contract import ProvisionalRule
from domain.rulesets.pericle.v5.provisional import KARMA_WINDOW, V5_RULES
from domain.rulesets.pericle.v6.control import CONTROL_RULES
from domain.rulesets.pericle.v6.enemies import ENEMY_BLOCK
from domain.rulesets.pericle.v6.field import FIELD_RULES
from domain.rulesets.pericle.v6.gateway import GATEWAY_RULE
from domain.rulesets.pericle.v6.tentacles import TENTACLES_RULE

INVERSUS_PILE = ProvisionalRule(
    "PER-INVERSUS-PILE",
    "Inversus Minor and Major do not move a figure into or out of a Grapple Pile: a grappled figure cannot be "
    "swapped (the cast is refused). The seed is silent: line 455 lets a grappled figure \"Attempt to cast a "
    "spell\", lines 1456 and 1494 say caster and target \"change positions\", and no line says how a figure "
    "leaves or enters a pile by it.")

UNDEAD_CRIT = ProvisionalRule(
    "PER-UNDEAD-CRIT",
    "A Crit on Create Undead still costs its caster the 1 HP a turn. The seed is silent: lines 182 and 470 spare "
    "\"Exhaustion\" on a Crit; line 1468 makes the spell cost \"1HP of damage from the caster instead of "
    "Exhaustion\" and does not say whether a Crit spares it.")

BARRAGE_MT = ProvisionalRule(
    "PER-BARRAGE-MT",
    "A caster above MT6 deals Arcane Barrage's MT6 bolt, 3d4. The seed is silent: Arcane Barrage \"deals damage "
    "corresponding to your MT as shown in the table below\" (line 1419), and the table (lines 1421-1428) stops at "
    "MT6.")

WORD_TIE = ProvisionalRule(
    "PER-WORD-TIE",
    "Word of Death between a target and a caster of equal HP kills neither, and the caster pays no Exhaustion. "
    "The seed is silent: line 1574 kills \"Whichever has less HP\" and charges a surviving caster the target's HP.")

SEVEN_HEXES = ProvisionalRule(
    "PER-SEVEN-HEXES",
    "Seven contiguous hexes (Grease, line 1454: \"select seven contiguous hexes\"; Trap, line 1482; Paralysis, "
    "Mass, line 1568; Superior Flux's \"7 contiguous spaces or less\", line 1560) are the hex the caster names "
    "(`at`) and the six around it. The seed is silent on the shape: the hexes are the caster's to select, and the "
    "command names one hex.")

# Version 6 (v6/karma_steps.py): a Discipline's strikes wait as an Attack's do, and a cast before its effect.
KARMA_WINDOW_V6 = ProvisionalRule(
    KARMA_WINDOW.id,
    "Seed 001 puts a Karma window after every set of dice (lines 632-634: only \"the most recent set of dice\"; "
    "\"you cannot wait until after the damage is rolled to use a Karma to force a re-roll of the attack\") but not "
    "how long it stays open: \"immediately\" and \"at any time\" (both line 632). Version 6: every strike of an "
    "Attack, of a Grapple or a join, of a used Discipline (Whirlwind Attack, Polearm Charge, Polearm Trip, "
    "Martial Arts III, Shield Bash II and III as the Action), Spell Strike's blow and Staff & Wand Affinity: "
    "Conjuration's attack waits after its attack roll and after its Crit Die (rolled before its damage), and a "
    "strike that follows another waits after that one's damage; a successful cast in the Action phase whose "
    "effect rolls dice (Arcane Barrage's damage, a save) waits after its casting check, its Exhaustion paid (not "
    "Spell Strike's cast, nor a Summoning Spell's); each while a hero that is not dead has Karma, until the "
    "attacker's or caster's seat sends `go_on`; only `go_on` and `spend_karma` are played meanwhile. Any other "
    "set of dice (a last strike's damage, rolls to miss allies, the trip or push check or Spell Strike's cast "
    "after a Discipline's strikes, other checks) is re-rolled as the last set of the latest command, before the "
    "next command; the events after `karma_spent` replace that command's.")

V6_RULES: tuple[ProvisionalRule, ...] = (*(KARMA_WINDOW_V6 if rule.id == KARMA_WINDOW.id else rule
                                           for rule in V5_RULES),
                                         INVERSUS_PILE, UNDEAD_CRIT, BARRAGE_MT, WORD_TIE, SEVEN_HEXES, *CONTROL_RULES,
                                         *FIELD_RULES, TENTACLES_RULE, GATEWAY_RULE, ENEMY_BLOCK)
