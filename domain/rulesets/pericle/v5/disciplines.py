"""Which of the Hero Handbook's Disciplines the server enforces, per Pericle version: version 4's
table (`v4/book.py`) as it was, and version 5's, which adds the effects of `v5/passives.py` and
`v5/using.py` (seed 001, Appendix: Disciplines, lines 1131-1361). Data only: the catalogue reads it."""

from __future__ import annotations

from domain.rulesets.pericle.v4.book import ENFORCED_DISCIPLINES

# Version 5 enforces these besides version 4's (each has a test citing its line in
# tests/unit/test_pericle_v5_disciplines.py).
ADDED_V5: dict[str, str] = {
    "Parry": "+1 armour against melee attacks with a sword in hand, not more with two (v5/passives.py)",
    "Unarmed Defense I": "+1 armour against melee and grapple strikes with a cestus or unarmed, unless Deft Strikes "
                         "is declared (v5/passives.py)",
    "Unarmed Defense II": "+2 armour in all, as Unarmed Defense I (v5/passives.py)",
    "Flanking Combat I": "+1d6 damage on the first melee strike of the Action at a one-hex foe with an ally in the "
                         "hex opposite (v5/passives.py)",
    "Flanking Combat II": "the +1d6 on every melee strike of the Action (v5/passives.py)",
    "Stealth Attack I": "+2d4 damage with a one-handed weapon from the foe's side or rear hex, or on a prone foe "
                        "(v5/passives.py)",
    "Stealth Attack II": "+3d4 instead, not while Grappled (v5/passives.py)",
    "Swordsmanship": "every success icon a Crit with a sword at Base AD3+, not in a Grapple (v5/passives.py)",
    "Sunder": "a Hit Symbol with a hammer or axe takes 2 from the foe's armour for good, before the damage "
              "(v5/passives.py, armour_sundered)",
    "Quick Jab": "a second strike with a javelin or spear at AD-3 (v5/passives.py)",
    "Double Shot I": "a recurve bow shoots twice (v5/passives.py)",
    "Double Shot II": "a War Bow shoots twice (v5/passives.py)",
    "Double Shot III": "a Longbow shoots twice (v5/passives.py)",
    "Shot on the Run": "a ranged attack after moving more than one hex (v5/passives.py)",
    "Trigger Finger": "with a crossbow in hand, acts first in the Action Phase as with Haste (v5/passives.py)",
    "Berserk": "begun instead of moving for 2E, 2E a turn after: +1 Movement, Fortune on melee and thrown attack "
               "rolls, +half MT (rounded down) damage; left only by using it again instead of moving "
               "(v5/passives.py, v5/using.py)",
    "Acrobatics I": "AD+1 on Athletics checks, Athletics ranks added to the Grapple score against being Grappled "
                    "and to escape, and used instead of moving to stand up from prone (v5/passives.py, "
                    "v5/disciplines.py)",
    "Acrobatics II": "AD+2 in all on Athletics checks, Athletics ranks +1 to escape a Grapple (v5/passives.py); "
                     "used in the Movement phase before moving, stands up for one hex of the move (v5/using.py)",
    "Whirlwind Attack": "used as the Action: one melee strike with the weapon in hand at every foe in the front "
                        "hexes, each at AD-1 (v5/disciplines.py)",
    "Martial Arts II": "+2 damage in all unarmed or with a cestus (discipline_effects.py); used as the Action "
                       "instead of attacking: the MT push of Shield Bash II (v5/using.py)",
    "Shield Bash II": "used as the Action: the main attack at `target`, then instead of the shield's strike a MT "
                      "check (the hero's MT minus the foe's) pushing the foe into `at`, one of the three hexes behind "
                      "it; where it is not clear ground the foe's check (Base AD, Athletics for a hero) lets it go "
                      "to another or fall prone, a failure pushes it into the pit or hazard; `follow` steps into the "
                      "hex it left (v5/using.py)",
    "Shield Bash III": "used as the Action: the main attack, the shield's strike (Shield Bash I) and the push of "
                       "Shield Bash II, all at `target` (v5/using.py)",
    "Polearm Charge": "used as the Action after a move of 2 hexes or more this turn ending next to `target`: a "
                      "polearm strike whose damage roll is doubled; allowing a foe within Reach is the table's "
                      "(v5/using.py)",
    "Polearm Trip": "used as the Action: a strike with a polearm in hand at `target` for 2 less damage; on a hit "
                    "the foe rolls its Base AD at AD+2 or falls prone (v5/using.py)",
    "Martial Arts III": "+3 damage in all unarmed or with a cestus (discipline_effects.py); used as the Action: "
                        "such a strike at `target`, and on a hit the Polearm Trip attempt (v5/using.py)",
    "Tumble I": "used in the hero's team's Movement phase while Embattled with Movement left: a Moderate Athletics "
                "check per foe Embattling it, then a Pivot of one hex (`at`) staying adjacent to them; a failure "
                "brings the foes' free attacks or a fall, as chosen (`on_failure`); once a turn (v5/using.py)",
    "Tumble II": "as Tumble I, again and again while Movement is left, until a check fails (v5/using.py)",
    "Taunt I": "used instead of moving: a KN check at the hero's KN minus the foe's against a foe Embattled with "
               "the hero; on success the foe's only Action this turn is to attack the hero, or to pass when it "
               "cannot (v5/disciplines.py, v5/passives.py)",
    "Taunt II": "as Taunt I at every foe that Embattles the hero, or at one named foe Embattled or not; a foe "
                "not Embattled moving to attack is the table's (v5/disciplines.py)",
    "Special Weapon Proficiency: Katar": "the Katar may be carried, and strikes with the sword class's AD+1 "
                                         "(sheet.py, v5/passives.py)",
    "Special Weapon Proficiency: Cestus": "the Cestus may be carried, strikes with Martial Arts and +2 damage in "
                                          "a Grapple (sheet.py, discipline_effects.py, v5/passives.py)",
    "Cast on the Run": "a Spell cast after moving more than one hex (v4/casting.py, v5/passives.py)",
    "Sharpshooter I": "no Defense Die for partial cover against the hero's ranged and thrown attacks, and no roll "
                      "to miss an ally in the way (v5/passives.py)",
    "Marksmanship I": "declared with the declarations: one shot this turn with a bow or crossbow, last in the Action "
                      "Order; on a Hit Symbol the target's armour does not count (v5/using.py, v5/passives.py)",
    "Marksmanship II": "declared instead: the aimed shot in the normal order, +2 damage when it hits "
                       "(v5/using.py, v5/passives.py)",
}
ENFORCED_V5: dict[str, str] = {**ENFORCED_DISCIPLINES, **ADDED_V5}

