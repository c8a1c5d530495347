"""The Spells whose effects Pericle 5's server enforces, and where: version 4's fifteen and those
version 5 adds (each has a test citing its seed line, tests/unit/test_pericle_v5_spells.py).
Version 4's table (v4/book.py) is unchanged: GET /v1/rulesets/pericle/catalogue serves the one of
the version it describes."""

from __future__ import annotations

from domain.rulesets.pericle.v4.book import ENFORCED_SPELLS as ENFORCED_SPELLS_V4

ENFORCED_SPELLS_V5: dict[str, str] = {
    **ENFORCED_SPELLS_V4,
    "Arcane Barrage": "damage by the caster's MT through armour and shield, ranged increments; a Crit rolls the "
                      "Crit Die (doubled damage, Stun); Arcane II doubles the dice (v5/arcane.py)",
    "Arcane Storm": "1d4 to every figure but the caster in the target hex and the six around it, bypassing armour, "
                    "again each turn it is maintained (v5/arcane.py, v5/lasting.py)",
    "Arcane Nova": "1d6 to every figure but the caster in the target hex and the six around it, bypassing armour, "
                   "again each turn it is maintained (v5/arcane.py, v5/lasting.py)",
    "Regeneration": "the target heals 1d6 as it is cast and at the caster's slot the next two turns; once per "
                    "hero in a combat (v5/casting.py, v5/lasting.py)",
    "Transfer Wounds": "the first target heals the HP chosen (`power`, up to its wounds) and the second loses them, "
                       "armour no help, after a throw at each (one when the caster heals itself); E equal to "
                       "the HP (v5/casting.py)",
    "Sleep": "on MT below 10: the target falls prone and sleeps, its slots skipped and unable to move, until hit "
             "by an attack or another Spell (v5/casting.py, turns.py, evolve.py); waking it otherwise is the "
             "table's",
    "Fly": "the target flies with Movement 6 while the Spell lasts (movement.py); the flight's AD changes as the "
           "combat's flying rules give them (strikes.py); canceled in the air, it falls for 2d6 (v5/lasting.py)",
    "Terror": "not on a creature of more than 20 HP at full health; KN3+ resists by an opposed KN check; the "
              "target Defends this turn if it has not acted, else next turn (v5/casting.py, v5/lasting.py)",
    "Grease, Minor": "the hex `at` greased to the end of combat: a standing figure moving into it, standing up in "
                     "or into it, or in it as it is cast, makes a Base AD check (a hero its Athletics if better) or "
                     "falls prone; crawling needs none (movement.py, actions.py, v5/casting.py)",
    "Word of Death": "whichever of target and caster has less HP drops to -5 HP; a surviving caster takes E equal "
                     "to the target's HP before (v5/casting.py)",
    "Revival": "a dead hero's HP rises 1 per E put in (`power`): at -4 or more it lives, unconscious, at 1 or more "
               "it wakes prone (v5/casting.py)",
    "Arcane Flux": "the hex `at` holds flux to the end of combat: 1HP to a figure in it as cast or entering it, 3HP "
                   "at the caster's slot to one that stayed, armour (not shield) absorbing until used up; AD-2 to "
                   "attack from it; never the caster's own (v5/arcane.py, movement.py, strikes.py)",
    **{name: f"{points} point{'s' if points > 1 else ''} of protection against attacks from the target's front, "
             "not stacking with a shield, for ten turns; a double or triple hit on it is a normal hit and destroys "
             "it (strikes.py)"
       for name, points in (("Magic Shield I", 1), ("Magic Shield II", 2))},
    "Ricochet Attack": "a melee hit on the target, grapple strikes too, is halved (rounded up) before armour and the "
                       "other half strikes the attacker, less its armour (strikes.py)",
    "Reverse Ranged Attacks": "a ranged or thrown weapon's hit, or an Arcane Barrage bolt, on the target strikes its "
                              "attacker instead (strikes.py, v5/arcane.py); other thrown Spells' reversal is the "
                              "table's",
    "Immunity": "while maintained the target takes no damage (attacks, Spells, bleeding, poison, hazards, "
                "Overrun, falls) and no other Spell affects it but Dispel, which ends it (spell_effects.py and where "
                "damage is dealt)",
    "Drop Item": "the target drops the first weapon in its hands, else its shield, where it stands (nothing from a "
                 "foe with natural weapons); the caster's choice of item is not yet a field (v5/casting.py)",
    "Sunder Item": "the first weapon in the target's hands, else its shield, else a weapon it carries, is shattered "
                   "and gone; the caster's choice of item is not yet a field (v5/casting.py)",
    "Grease": "as Grease, Minor on the hex `at` and the six around it (v5/casting.py, movement.py, actions.py)",
    "Grease, Greater": "as Grease, with Misfortune on the checks not to fall (v5/casting.py, movement.py, "
                       "actions.py)",
    "Paralysis, Mass": "as Paralysis for three turns: on one creature up to MT30, or thrown at a hex (`at`) on every "
                       "creature below MT10 there and in the six hexes around it but the caster (v5/casting.py)",
    "Arcane Flux, Superior": "as Arcane Flux on the hex `at` and the six around it (v5/arcane.py)",
    "Trap": "the hex `at` and the six around it trapped to the end of combat: a figure walking in stops there for "
            "the turn; later turns it moves only after a Moderate MT check, one hex (two at MT20+) (movement.py)",
    **{name: f"a caster who knows it casts a [C] or [T] Spell of KN{kn} or less it has not learned, for 2E more "
             "(v5/casting.py)"
       for name, kn in (("Delve Secrets I", 2), ("Delve Secrets II", 4), ("Delve Secrets III", 7))},
    "Inversus Major": "a one-hex target and a one-hex figure within 3 hexes of the caster (`second_target`, the "
                      "caster when unnamed) swap hexes, each keeping its facing; ranged increments (v5/casting.py)",
    "Telekinesis": "a one-hex target moves along the hex line toward `at`, one hex per E (`power`) and one more; "
                   "stopped by an obstacle or a figure, it (and a one-hex figure it hits) rolls Base AD less the "
                   "hexes moved or falls prone (v5/casting.py)",
    "Image": "a one-hex image (a spectral warrior's form) joins the caster's side in the empty hex `at`, moving and "
             "Embattling as a figure from the next turn; its attacks miss; struck by an attack or a Spell it pops; "
             "grappled, the grappler's Base AD check pops it or the grappler falls prone (v5/summons.py, strikes.py, "
             "actions.py)",
    "Grappling Agility": "the target wins every opposed Grapple check against a 1-hex foe, attacking or defending, "
                         "and escapes every Grapple it tries to (actions.py)",
    "Elemental Protection": "for five turns the target takes nothing from Arcane Barrage, Storm, Nova or Flux "
                            "(v5/arcane.py); other elemental effects are the table's",
    **{name: "three turns of casting (the caster's next two slots pass), then the HP paid and the corpse rises as "
             "a zombie on the caster's side (MT and max HP as in life, Base AD -1 but for Greater on MT5 or less, KN0, "
             "Movement -2); one zombie a caster (v5/undead.py); directing it is the table's"
       for name in ("Create Undead", "Create Undead, Greater")},
    **{name: "a figure with the Spell's stat block joins the caster's side and seat in the hex `at`, acts from the "
             "next turn, and vanishes when the Spell ends (v5/summons.py)"
       for name in ("Summon Beast I", "Summon Beast II", "Summon Beast III", "Summon Spectral Warrior",
                    "Summon Spectral Hero", "Summon Flying Beast")},
}

