"""The provisional rules of a hero's life between encounters: where seed 001 is silent or
contradicts itself, the rule the server applies, named so nobody mistakes it for the seed's text
(GET /v1/heroes/rules lists them). Each says where the seed falls short, with its lines."""

from __future__ import annotations

import msgspec


class HeroProvisionalRule(msgspec.Struct, frozen=True):
    """A provisional rule: its id, what the server does, and why the seed leaves it open."""

    id: str
    rule: str
    why: str  # silent or contradicts itself, with the lines


XP_POOL = HeroProvisionalRule(
    id="PER-HERO-XP-POOL",
    rule="XP spent on Skills, Disciplines, Spells or Karma comes out of the starting pool first, then out of "
         "XP gained adventuring; attributes only ever out of XP gained adventuring.",
    why="Silent: line 893 forbids the starting pool for attributes and line 880 lets a hero keep starting XP "
        "unspent, but neither says which XP a later purchase of anything else uses up.")
REVIVAL_EXHAUSTION = HeroProvisionalRule(
    id="PER-HERO-REVIVAL-EXHAUSTION",
    rule="A hero revived in Saga mode keeps its Exhaustion and has 1 HP; if its Exhaustion alone would leave it "
         "at 0 HP or below, the Exhaustion falls to Max HP - 1.",
    why="Silent: line 543 gives revived heroes 1 HP and line 652 draws Exhaustion and wounds both from HP, but "
        "neither says what becomes of Exhaustion on revival.")

REVIVAL_WINDOW = HeroProvisionalRule(
    id="PER-HERO-REVIVAL-WINDOW",
    rule="In Adventure mode the party's chance to revive an unconscious hero is the battle itself (a healing "
         "item given in combat, the battle's own commands): a hero still unconscious when the battle ends dies.",
    why="Silent: line 541 says a hero the party cannot revive \"after combat\" dies and that potions, salves and "
        "berries may be given to unconscious heroes, but not for how long after combat the party may try, nor who "
        "says it has failed.")

RECOVERY_CHECKS = HeroProvisionalRule(
    id="PER-HERO-RECOVERY-CHECK",
    rule="Pericle 6: Alchemy, Herbalism and Bardic Arts are each attempted at most once in a Recovery (one Moderate "
         "KN check each, whatever the Recovery's days), when the player asks for it with that Recovery; an Extended "
         "Recovery attempts none of them (record a Recovery to attempt them).",
    why="Silent: lines 1248, 1260 and 1298 say \"During Recovery, you may ...\" once, and line 652 counts Recovery "
        "in days (1HP per day), but neither says whether the check is made once a Recovery or once a day of it, nor "
        "whether an Extended Recovery (line 656) is one.")
INSPIRATION_FIRST = HeroProvisionalRule(
    id="PER-HERO-INSPIRATION-FIRST",
    rule="Pericle 6: a hero's Inspiration point goes into the next battle the hero is brought into as one more "
         "Karma on the sheet that battle takes; Karma spent in that battle spends the Inspiration point first; an "
         "unspent point comes back to the hero's record with the battle's outcome.",
    why="Silent: line 1298 makes Inspiration points \"exactly like Karma, except that you can never have more than "
        "one\", and a battle keeps one Karma pool for a figure (line 632), but the seed does not say which of the "
        "two a re-roll spends.")

RUNESTONE_REST = HeroProvisionalRule(
    id="PER-HERO-RUNESTONE-REST",
    rule="Pericle 6: a runestone is embedded \"during Rest or Recovery\" from the moment a Rest, a Recovery or an "
         "Extended Recovery is recorded until the hero enters its next battle; extracting it needs no Rest. Neither "
         "is done while the hero's last battle has no outcome recorded (it is in combat).",
    why="Silent: line 733 allows embedding \"during Rest or Recovery\" and line 735 extracting \"any time heroes "
        "are not in combat\", but a hero record holds a Rest or a Recovery as one moment, not a stretch of time.")
RUNESTONE_EXHAUSTION = HeroProvisionalRule(
    id="PER-HERO-RUNESTONE-EXHAUSTION",
    rule="Pericle 6: embedding or extracting a runestone (1E, lines 733-735) is refused when the Exhaustion would "
         "leave the hero at 0 HP or less.",
    why="Silent: line 652 draws Exhaustion from HP and line 537 makes a hero at 0 HP unconscious; the seed does "
        "not say whether a hero may spend the Exhaustion it cannot afford out of combat.")
LOOSE_RUNESTONE = HeroProvisionalRule(
    id="PER-HERO-LOOSE-RUNESTONE",
    rule="Pericle 6: a runestone embedded in nothing is carried in the pack as \"<Stone> Runestone\" (\"Ruby "
         "Runestone\") and counts against the Magic Item Capacity like a runestone-imbued item.",
    why="Silent: line 721 counts magical items \"worn, stowed in their equipment, or being actively used\" and line "
        "723 exempts only one-time-use items (scrolls, potions, berries); the seed does not say whether a runestone "
        "in no item is a magical item (the Sindaro example, line 725, counts only a bow imbued with one).")

HERO_PROVISIONAL: tuple[HeroProvisionalRule, ...] = (XP_POOL, REVIVAL_EXHAUSTION, REVIVAL_WINDOW, RECOVERY_CHECKS,
                                                     INSPIRATION_FIRST, RUNESTONE_REST, RUNESTONE_EXHAUSTION,
                                                     LOOSE_RUNESTONE)
