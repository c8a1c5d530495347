"""The Spells and Disciplines whose effects Pericle 6's server enforces, and where: version 5's
and those version 6 adds (each with a test citing its seed line). Version 5's tables
(v5/enforced.py, v5/disciplines.py) are unchanged: GET /v1/rulesets/pericle/catalogue serves the
table of the version it describes. Each area of version 6 keeps its entries in a table of its own."""

from __future__ import annotations

from domain.rulesets.pericle.v4.book import ENFORCED_DISCIPLINES, Enforcement
from domain.rulesets.pericle.v4.book import ENFORCED_SPELLS as ENFORCED_SPELLS_V4
from domain.rulesets.pericle.v5.disciplines import ENFORCED_V5
from domain.rulesets.pericle.v5.enforced import ENFORCED_SPELLS_V5

# Spells of movement, fortune, the senses and readied strikes (v6/body.py).
SPELLS_OF_THE_BODY: dict[str, str] = {
    "Slow/Speed Movement": "v6/body.py: the target's Movement halved (rounded down; `power: 1`) or doubled "
                           "(`power: 2`) for 4 turns, as the caster selects (line 1411)",
    "Luck of Esteus": "v6/body.py: Fortune on the target's next AD roll (attack, casting, skill, footing, Grapple, "
                      "save...), then spent; lost unrolled after one turn (line 1407)",
    "Heightened Senses": "v6/body.py, board.py: for five turns every hex around the target is a front hex (no side "
                         "or rear attacks on it, its shield and strikes all around, it Embattles all around; "
                         "line 1444)",
    "Arcane Flux, Greater": "v6/body.py, spell_effects.py: as Arcane Flux (v5) on a row of three hexes from `at` the "
                            "way `power` (0-5) points, to the end of combat; flux hexes are no obstruction, so grant "
                            "no cover (line 1488)",
    "Boon": "v6/body.py, evolve.py: `power` temporary points (and E) in MT (with as many HP), DX (Base AD), KN or "
            "a Skill named by `second_target`, for five turns, a hero's Grapple score following (line 1434)",
    "Readied Strike": "v6/body.py, evolve.py: for 10 turns while its target does not move, a foe that becomes "
                      "Embattled by it puts it first in that turn's Action Order, and its first attack on that foe "
                      "then (at its normal AD) is a Crit on a hit; not against foes Embattled with it as it was cast "
                      "or as the turn began (line 1446)",
}

# Spells that put creatures on the map or take control of them (v6/control.py).
SPELLS_OF_CONTROL: dict[str, str] = {
    "Summon Colossus": "a colossus (HP40, MT30, AD0, Grapple 3, 8 against being Grappled, Movement 4, 4d6 with "
                       "Reach, Overrun) joins its caster's side and seat, acts from the next turn, lasts while "
                       "maintained (v6/control.py)",
    "Summon Hydra": "a four-hex hydra (HP40, MT30, AD3, Grapple 6, Movement 5, Overrun) whose five heads each "
                    "strike separately for 1d6+1d4 in one Attack, in four empty hexes (v6/control.py)",
    "Summon Djinn": "a djinn (HP50, MT40, AD3, KN6, Claw 2d6) for 10 turns: Haste in the order, crits on all hit "
                    "faces, teleports as its Movement, and acts only when its caster did not move and wins the "
                    "opposed KN check as the Action phase begins; it casts Terror at 0E; Spellstrike is the "
                    "table's (v6/control.py)",
    "Guise of the Beast I": "the caster becomes the beast (+5 HP, +5 MT, AD4, Grapple 3, Movement 6, 1d6+1), no "
                            "armour, Spells, weapons or items; the bonus HP absorbs wounds first; back by an Action "
                            "(pass_action cancelling it) or its Movement phase (cancel_spell) (v6/control.py)",
    "Guise of the Beast II": "as Guise of the Beast I, the bear: +8 HP, +8 MT, AD1, Grapple 4, Movement 5, 2d6, 1 "
                             "armour (v6/control.py)",
    "Guise of the Beast III": "as Guise of the Beast I, the hippogriff: +6 HP, +5 MT, AD1, Grapple 6, Movement 6 "
                              "(8 flying), talons 2d6, 2 armour (v6/control.py)",
    "Guise of the Beast IV": "as Guise of the Beast I, the hydra: four hexes (grown from the caster's hex into empty "
                             "hexes), +15 HP, +15 MT, AD3, Movement 5, five heads striking separately for 1d6+1d4 "
                             "(v6/control.py)",
    "Control Animal": "a foe of KN0 and MT under 20 (no zombie, no djinn) rolls at its KN minus the caster's: on "
                      "failure it joins the caster's side and seat while maintained; a save still costs 1E; an "
                      "image is dispelled; the caster names it an animal (v6/control.py)",
    "Control Humanoid": "as Control Animal, any KN and MT (no zombie, no djinn): a person another hero controls "
                        "goes to whichever wizard wins their opposed KN check (v6/control.py)",
    "Tentacles of Gaia, Lesser": "v6/tentacles.py: tentacles on `at` (within 3 hexes) and its ring until the Spell "
                                 "ends; as cast and after each upkeep, an opposed Grapple check (Grapple 3, "
                                 "Grappling Expertise: the better of two rolls) against each one-hex creature on the "
                                 "ground there, friend or foe, then a strike (AD2, 1d6+1d4 through armour) at each "
                                 "creature held; a held creature lies prone, does not move, may draw a weapon, Defend, "
                                 "cast or escape (opposed Grapple check, to an adjacent empty hex) (PER-TENTACLES)",
    "Tentacles of Gaia, Greater": "v6/tentacles.py: as Lesser, thrown at `at` (range and front sides of a thrown "
                                  "Spell), over every hex within five of it; Grapple 9, AD4, 2d6+1 (PER-TENTACLES)",
    "Gateway": "v6/gateway.py, movement.py, strikes.py: two empty gates for 10 turns, `at` within 3 hexes and "
               "`second_target` (\"q,r\") in line of sight (no Complete Cover); a one-hex figure on the ground steps "
               "from one gate to the other for one hex of movement (not companions, summoned beasts, raised "
               "zombies); a figure in one gate strikes one in the other in melee at AD-4; shots and Spells ignore "
               "the gates; a Dispel on either gate ends it (PER-GATEWAY)",
}

# Disciplines (v6/disciplines.py).
DISCIPLINES_V6: dict[str, str] = {
    "Quick Draw I": "`ready_weapons` in the hero's team's Movement phase before it moves, instead of moving: one "
                    "weapon drawn, a held item dropped only when no hand is free (v6/disciplines.py)",
    "Quick Draw II": "`ready_weapons` in the hero's team's Movement phase after its move, once a turn: one weapon or "
                     "shield drawn (a held item dropped for a free hand) or one sheathed, on a Moderate Athletics "
                     "check; a failure changes nothing in hand (v6/disciplines.py)",
    "Quick Draw III": "as Quick Draw II, with no Athletics check (v6/disciplines.py)",
    "Quick Draw IV": "as Quick Draw III, and one weapon drawn and one sheathed together; as the Action, one sheathed "
                     "and one drawn after a run too, nothing dropped (v6/disciplines.py)",
    "Sharpshooter II": "a shot (ranged or thrown) through allies that give Complete Cover; Complete Cover from other "
                       "combatants is one Defense Die; walls and closed doors still bar the shot; after a miss "
                       "through an ally's Complete Cover, the roll to miss each ally in the way (strikes.py hooks, "
                       "v6/disciplines.py)",
    "Shield Bash II": "used as the Action: the main attack at `target`, then instead of the shield's strike a MT "
                      "check (the hero's MT minus the foe's) pushing the foe into `at`, one of the three hexes behind "
                      "it (v5/using.py); when Defending, declared with `use_discipline` after Defend (`follow`): an "
                      "adjacent foe that attacks the hero and meets a Defense Die face other than a blank is pushed "
                      "straight back instead of bashed (v6/disciplines.py)",
    "Shield Bash III": "used as the Action: the main attack, the shield's strike (Shield Bash I) and the push of "
                       "Shield Bash II, all at `target` (v5/using.py); when Defending, declared as Shield Bash II's: "
                       "the bash back and the push (v6/disciplines.py)",
    "Spell Strike": "declared with the Defend declarations (`use_discipline`); the hero's Action is then a "
                    "`cast_spell` of a thrown Spell at a foe: one strike with the melee weapon in its first hand, and "
                    "only on a hit the cast (version 5's casting, Base AD check, Exhaustion on success); both judged "
                    "before any die (v6/disciplines.py)",
    "Stalker": "the combat's first Initiative won by the party: a KN check for each hero with Stalker; those that "
               "succeed take turn 1 alone as a Surprise turn (the others neither move, turn, declare nor act; the "
               "enemies are surprised); the Initiative won stands for turn 2 (`roll_initiative` rolls no die) "
               "(v6/disciplines.py, turns.py)",
    "Spell Tenacity": "the target's score in a Spell's opposed check counts 2 less: Terror's opposed KN check "
                      "(v5/casting.py, `spell_tenacity` of v6/disciplines.py)",
}

# The Staff & Wand Affinities (v6/affinities.py).
AFFINITIES_V6: dict[str, str] = {
    "Staff & Wand Affinity: Arcane II": "with a staff or wand in hand, `power: 1` on Arcane Barrage, Storm or Nova "
                                        "spends 1E more to double the damage dice as cast (v5/casting.py, "
                                        "v5/arcane.py)",
    "Staff & Wand Affinity: Furtherance I": "with a staff or wand in hand when the upkeep is paid, a Furtherance "
                                            "Spell's upkeep is free on the 2nd, 4th... turn after its cast and paid "
                                            "on the 3rd, 5th... (v5/lasting.py)",
    "Staff & Wand Affinity: Furtherance II": "with a staff or wand in hand, a Furtherance Spell cast on an ally "
                                             "(and not kept off it) lies on the caster too at no cost, maintained "
                                             "and let go on its own (`cancel_spell` with `target`) (v6/affinities.py)",
    "Staff & Wand Affinity: Curse I": "declared with the declarations (`use_discipline`), with a staff or wand in "
                                      "hand and a Curse Spell known: the hero's slot comes first as with Haste, and "
                                      "its Action is a Curse Spell cast or none (v6/affinities.py)",
    "Staff & Wand Affinity: Enchantment I": "with a staff or wand in hand, `cast_spell` of an Enchantment Spell in "
                                            "the hero's team's Movement phase instead of its move, once a turn; then "
                                            "no Spell in its Action (v6/affinities.py)",
    "Staff & Wand Affinity: Enchantment II": "as Enchantment I, but before or after the hero's move (v6/affinities.py)",
    "Staff & Wand Affinity: Enchantment III": "as Enchantment II, and any Spell may still be cast as the Action "
                                              "(v6/affinities.py)",
    "Staff & Wand Affinity: Conjuration": "with a staff or wand in hand, after a successful Conjuration Spell cast as "
                                          "the Action the hero's slot waits: `use_discipline` with `target` strikes "
                                          "that foe with the first weapon in hand (not a wand), without lets it go "
                                          "(v6/affinities.py)",
    "Staff & Wand Affinity: Curse II": "with a staff or wand in hand, used once in the hero's team's Movement phase "
                                       "with a move of one hex at most (its Movement is then one hex): a Moderate KN "
                                       "check, with thrown ranges to a new foe past 3 hexes, extends a Curse Spell "
                                       "with a duration by a turn (`target`: the cursed figure) or moves it to "
                                       "another foe (`target`; `at`: the cursed figure's hex when there are "
                                       "several) (v6/affinities.py); a Curse without a duration is the table's",
    "Staff & Wand Affinity: Curse III": "with a staff or wand in hand, used in the hero's slot before its Action: "
                                        "the Curse Spell it cast successfully last turn (the latest) cast again at "
                                        "`target` (`at`: a hex) with its Base AD check and Exhaustion; the Action "
                                        "follows (v6/affinities.py)",
    "Staff & Wand Affinity: Summon": "with a staff or wand in hand, a creature the hero summons (a Summoning Spell "
                                     "with a stat block) gets a slot at the end of this turn's Action Order, in "
                                     "which it may only attack or pass (v6/affinities.py)",
    "Staff & Wand Affinity: Shapeshifter I": "with a staff or wand in hand as a Guise of the Beast is cast, the beast "
                                             "form keeps the pack's healing items (magic items, line 723), fetched "
                                             "and used as Actions; one used is gone from the hero's pack when it "
                                             "morphs back (v6/shapeshifter.py, evolve.py)",
    "Staff & Wand Affinity: Shapeshifter II": "with a staff or wand in hand as a Guise of the Beast is cast, the beast "
                                              "form casts the Spells it knows of KN requirement up to its KN minus "
                                              "three, not another Shapeshifting Spell (v6/shapeshifter.py)",
}

# Disciplines used between combats, at a Rest or a Recovery (domain/heroes/), by a hero record.
BETWEEN_COMBATS_V6: dict[str, str] = {
    "Healer I": "At the Rest after a battle (POST /v1/heroes/{id}/rest, `healer`: the hero itself or an ally who "
                "fought that battle and lives): 1 HP of the wounds that battle inflicted, never an older "
                "combat's; one Healer per Rest (domain/heroes/recovery.py `rest`)",
    "Healer II": "As Healer I (POST /v1/heroes/{id}/rest, `healer`), 2 HP of that battle's wounds "
                 "(domain/heroes/recovery.py `rest`)",
    "Meditate I": "At the Rest after a battle (POST /v1/heroes/{id}/rest), 1 more Exhaustion recovered: 2 in all "
                  "(domain/heroes/recovery.py `rest`)",
    "Meditate II": "At the Rest after a battle (POST /v1/heroes/{id}/rest), 1 more again: 3 Exhaustion in all "
                   "(domain/heroes/recovery.py `rest`)",
    "Quick Study": "Raising MT, DX or KN with XP costs 1 XP less: 7, 7 and 2 (POST /v1/heroes/{id}/xp; "
                   "domain/heroes/growth.py `attribute_cost`)",
    "Alchemy": "During a Recovery (POST /v1/heroes/{id}/recover, `alchemy`: the Skill or attribute), a Moderate KN "
               "check (AD+0) on the hero's dice; on a success the hero record holds an Alchemy potion of +2 to "
               "that Skill or +1 to that attribute (`alchemy_potions`); drinking it and its day-long bonus are "
               "the table's (domain/heroes/recovery.py `recovery_checks`)",
    "Herbalism": "During a Recovery (POST /v1/heroes/{id}/recover, `herbalism`), a Moderate KN check (AD+0) on the "
                 "hero's dice; on a success a Potion of Healing (1d6 with Fortune) joins the hero's pack, drunk "
                 "in battle or at a Rest like any other (domain/heroes/recovery.py `recovery_checks`)",
    "Bardic Arts": "During a Recovery (POST /v1/heroes/{id}/recover, `bardic_arts`), a Moderate KN check (AD+0) on "
                   "the hero's dice; on a success the hero record holds its Inspiration point (`inspiration`, never "
                   "more than one), which goes into the hero's next battle as one more Karma, spent before its "
                   "Karma and back on the record if unspent (PER-HERO-INSPIRATION-FIRST; domain/heroes/recovery.py "
                   "`recovery_checks`, outcome.py `karma_after`, server/routes/heroes.py `_inspiration`)",
}

# Disciplines that reach beyond one's own figure: befriended animals (v6/field.py).
FIELD_V6: dict[str, str] = {
    "Animal Handler I": "v6/field.py: `use_discipline` as the Action, at a foe with KN0, a one-hex base, within six "
                        "hexes (one befriended animal per hero): a KN check; on a success (`animal_befriended`) it "
                        "joins the heroes' side, played by the hero's seat under PER-COMPANION, and does nothing but "
                        "pass until convinced (line 1181; PER-BEFRIENDED)",
    "Animal Handler II": "v6/field.py: `use_discipline` at the hero's befriended animal as the Action of a turn the "
                         "hero has not moved in: a KN check; on a success (`animal_convinced`) the animal acts, in "
                         "its own slot, from then on (line 1296; PER-BEFRIENDED)",
    "Animal Handler III+": "v6/field.py: as Animal Handler II, used in the hero's team's Movement phase instead of "
                           "moving; the animal may move in that phase if it has not (line 1335; PER-BEFRIENDED)",
    "Elemental Bending": "v6/field.py, v5/arcane.py: the element named in the cast's Spell, as line 1345 names it "
                         "(`cast_spell` of \"Arcane Fire Barrage\", \"Arcane Ice Storm\", \"Arcane Air Nova\"): "
                         "Fire +1 damage; Ice, every figure it hurts has AD-1 on its attacks and one hex less of "
                         "Movement for one turn; Air, declared with the declarations (`use_discipline`), the slot "
                         "first as Haste's, its Action an Arcane Air cast (lines 1195-1199). Arcane Barrage, Storm "
                         "and Nova as cast; Arcane Flux's elements (line 1430) are the table's",
    "Elemental Bending II": "v6/field.py: an imbued Arcane cast deals 1 more damage (Fire: +2 in all; line 1256)",
}

# Runestones in combat (v6/runestones.py).
RUNESTONES_V6: dict[str, str] = {
    "Runestone Mastery": "v6/runestones.py: a hero sheet's item (a weapon, the armour) may hold two runestones, and "
                         "both work (without it, one; line 1321, line 735); a weapon's Diamond (AD+1 to attack), "
                         "Ruby (+1 damage), Emerald (1d4 HP on a natural crit), Sapphire (AD+1 to cast while in "
                         "hand); armour's Amethyst (+1 Movement), Ruby (1 less damage from other than Spells), "
                         "Sapphire (4 less damage from Arcane Spells), "
                         "Diamond (one point of the armour's AD penalty back)",
}

ENFORCED_SPELLS_V6: dict[str, str] = {**ENFORCED_SPELLS_V5, **SPELLS_OF_THE_BODY, **SPELLS_OF_CONTROL}
# The Disciplines whose strikes version 6 resolves in the Attack's steps, with its Karma windows
# (v6/karma_steps.py, helper "karma6"): each one's text, whoever wrote it, says so.
STRIKES_IN_STEPS_V6 = ("Whirlwind Attack", "Polearm Charge", "Polearm Trip", "Martial Arts III", "Shield Bash II",
                       "Shield Bash III", "Spell Strike", "Staff & Wand Affinity: Conjuration")
IN_STEPS = ("; version 6: its strikes wait in Karma windows as an Attack's, after each attack roll and Crit Die, "
            "until `go_on` (PER-KARMA-WINDOW, v6/karma_steps.py)")
ENFORCED_DISCIPLINES_V6: dict[str, str] = {
    name: text + IN_STEPS if name in STRIKES_IN_STEPS_V6 else text
    for name, text in {**ENFORCED_V5, **DISCIPLINES_V6, **AFFINITIES_V6, **BETWEEN_COMBATS_V6, **FIELD_V6,
                       **RUNESTONES_V6}.items()}


def enforced_spells(version: str) -> dict[str, str]:
    """The Spells a Pericle version enforces, by name, with where."""
    return {"3": ENFORCED_SPELLS_V4, "4": ENFORCED_SPELLS_V4, "5": ENFORCED_SPELLS_V5}.get(version, ENFORCED_SPELLS_V6)


def enforced_disciplines(version: str) -> dict[str, str]:
    """The Disciplines whose effect the server applies in a Pericle version, and where."""
    return {"3": ENFORCED_DISCIPLINES, "4": ENFORCED_DISCIPLINES, "5": ENFORCED_V5}.get(version,
                                                                                       ENFORCED_DISCIPLINES_V6)


def discipline_enforcement(name: str, version: str) -> Enforcement:
    return "enforced" if name in enforced_disciplines(version) else "table-applied"
