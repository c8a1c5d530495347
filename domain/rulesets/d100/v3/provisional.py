"""The provisional rules of d100 version 3: what seed 004 leaves unsaid, and how this version
reads it. Each says what is provisional and nothing the seed states; its numbers and choices are
the settings of the same name (settings.py), shown here with their defaults."""

from __future__ import annotations

from domain.rulesets.contract import ProvisionalRule

PROVISIONAL_RULES: tuple[ProvisionalRule, ...] = (
    ProvisionalRule("D100-TEST", "A test succeeds on d100 <= skill; a critical on <= the skill divided by "
                                 "`critical_divisor` (10), rounded up; a fumble on `fumble_from` (99) or more, only on "
                                 "100 once the skill reaches `only_100_fumbles_from_skill` (100)."),
    ProvisionalRule("D100-GRADES", "Each B is a bonus die and each P a penalty die: one extra tens die per grade, "
                                   "keeping the best (B) or worst (P) result; B and P cancel; at most `cap` (3) of "
                                   "either apply."),
    ProvisionalRule("D100-OPPOSED", "Both roll; critical beats success beats failure beats fumble; on equal levels "
                                    "the higher successful roll wins (`higher_wins`; false: the lower); when neither "
                                    "succeeds (or both rolls are equal) it is a stalemate."),
    ProvisionalRule("D100-TRAVEL", "Daily rates for ten hours: walk 30 km, forced march 40 km (a Fatigue test: "
                                   "`forced_march_fatigue`), mounted 50 km; terrain: road 100%, open 75%, forest or "
                                   "hills 50%, mountains or swamp 25%. A day of travel is a day (24 hours) on the "
                                   "battle's clock."),
    ProvisionalRule("D100-ROUTE", "With the navigation tests after material route changes, the worst result of the "
                                  "day decides its progress (`results`: `worst`; `each`: every failure loses a "
                                  "quarter, a fumble the day and the way). Route changes are counted on an uncertain "
                                  "day, with a navigation skill."),
    ProvisionalRule("D100-CHARACTER", "HP = ceil((CON + SIZ) / 2); Major Wound Level = ceil(HP / 2), both from the "
                                      "characteristics as they now are; Movement 6 m (`movement`)."),
    ProvisionalRule("D100-MOVEMENT", "Several reductions of Movement at once (Fatigued, Exhausted, Overloaded, the "
                                     "light): the lowest applies (`reductions`: `lowest`; `multiply`: they multiply). "
                                     "A character's Movement is what it may move in a combat round, all its moves "
                                     "of the round counted."),
    ProvisionalRule("D100-DYING", "HP do not fall below 0. A Dying character dies at the end of its third round ended "
                                  "while Dying, the round it fell counting as the first (`falling_round_counts`; "
                                  "false: the three rounds after it); Bleeding costs a Dying character no more. Rounds "
                                  "are counted in combat only: Bleeding, Dying and holding the breath run by them, and "
                                  "no minutes, hours or days pass while anyone is Bleeding, Dying or without air."),
    ProvisionalRule("D100-RECOVERY", "A quarter of CON is rounded down (`rounding`: `down`, `up` or `nearest`) and "
                                     "recovered for each full 24 hours within one rest; a rest of 8 hours "
                                     "(`full_rest_hours`) is a full rest, which renews the one treatment attempt; "
                                     "Surgery's effect lasts until Wounded ends; hours of rest count within one rest."),
    ProvisionalRule("D100-AFFLICTION", "A poison or disease takes effect only when its Potency wins the opposed test; "
                                       "a stalemate goes to the victim (`stalemate`); its damage is no hit, so never a "
                                       "Major Wound. A disease's daily damage (The Shakes) comes on the day it takes "
                                       "hold (`daily_damage_on_taking_hold`; false: a day after) and every 24 hours "
                                       "after while it is active; a later win keeps its "
                                       "Effect going without dealing that damage again. A character meets one "
                                       "affliction of a name at a time."),
    ProvisionalRule("D100-EFFECTS", "A halved characteristic is rounded up (`halving`); none falls below 1 "
                                    "(`floor`); effects apply in the order they came. When maximum HP move with a "
                                    "characteristic, current HP move with them (`current_hp`: `shifted`; `capped`: "
                                    "they only stay within the maximum), and at 0 HP the character is Dying."),
    ProvisionalRule("D100-LIGHT", "Bands Illuminated (no penalty), Partial darkness -1P (`partial_darkness`), "
                                  "Darkness -2P (`darkness`), Pitch black -3P (`pitch_black`); a light source's 2 "
                                  "outer bands (`outer_bands`) each extend its radius once more (`band_width`), one "
                                  "band darker each, and the light around counts where it is brighter. Each penalty "
                                  "die of the light reaching a mover takes a quarter of its Movement "
                                  "(`movement_per_die`)."),
    ProvisionalRule("D100-FATIGUE", "A failed Fatigue test leaves an Exhausted character Exhausted: the seed names "
                                    "nothing worse. The -1P of \"another Fatigue test at -1P\" while Fatigued is the "
                                    "Fatigued condition's own, not one more (an Exhausted character's is its -2P)."),
    ProvisionalRule("D100-CLOCK", "The battle keeps a clock, on which a Combat Round lasts 5 seconds "
                                  "(`round_seconds`), so that Delays and Durations in rounds, minutes, hours and days "
                                  "run on one clock. Out of combat no rounds are counted: Battlefield Healing there is "
                                  "not limited to one attempt a round."),
    ProvisionalRule("D100-FALL", "Fall damage to a named faller at or above its Major Wound Level is a Major Wound "
                                 "(`major_wound`)."),
)
