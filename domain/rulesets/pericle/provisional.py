"""The provisional rules of Pericle combat (ruleset version 3): what seed 001 leaves unsaid and
how this version reads it. Each is listed by GET /v1/rulesets/pericle; the settings of those
that hold a choice (settings.py) can be changed per battle (`"options": {"provisional":
{"PER-OVERRUN": {"armour_counts": true}}}`)."""

from __future__ import annotations

from domain.rulesets.contract import ProvisionalRule

COMBAT_RULES: tuple[ProvisionalRule, ...] = (
    ProvisionalRule(
        "PER-FACING",
        "A 1-hex figure has three front hexes (the faced one and the two beside it), two side hexes and one "
        "rear hex; Reach strikes the five hexes two away between the front directions; ranged attacks and "
        "spells strike within 60 degrees either side of the faced direction (edges included). A 3- or 4-hex "
        "base faces between two directions with a front edge of two hexes: the three hexes beyond it and the "
        "two beside them are front, the hexes opposite rear, the rest side (README shows the shapes)."),
    ProvisionalRule(
        "PER-ENEMY-CHOICE",
        "An enemy's choice left tied after the seed's priorities (repositioning) is settled by a die recorded "
        "as a roll."),
    ProvisionalRule(
        "PER-WEAPON-GAPS",
        "The Melee Weapons chart lost every name of its MT3 row and everything after; this version knows rows "
        "MT0-MT2 and the Short Sword (MT3, 1d6+1d4, sword), which the hero sheet example prints with that row's "
        "damage. No hero weapon has Reach: the chart's Reach marks were lost (enemies' Reach comes from their "
        "stat block)."),
    ProvisionalRule(
        "PER-HAZARD", "A figure entering a hazard hex takes the hazard's damage, if the encounter gives one."),
    ProvisionalRule("PER-FURNITURE", "Furniture (partial obstructions) cannot be entered; it gives Partial Cover."),
    ProvisionalRule(
        "PER-COMBATANT-COVER",
        "Other standing combatants obstruct a line of sight partially, never completely: one or both lines "
        "through them give Partial Cover."),
    ProvisionalRule(
        "PER-KARMA-WINDOW",
        "Karma re-rolls the last set of dice of the latest command, before the next command; the events after "
        "`karma_spent` replace that command's."),
    ProvisionalRule(
        "PER-DEFT-ORDER",
        "Deft Strikes puts its AD-1 on the Action Order too, which is fixed before anyone acts: a hero declares "
        "it with the Defend declarations (`deft_strikes`), keeps the lower place even if it then strikes once, "
        "and without it may not strike twice with one weapon. A hero declares Deft Strikes or Defend, not "
        "both. `in_the_order: false` leaves the order alone and needs no declaration."),
    ProvisionalRule(
        "PER-SURPRISE",
        "An encounter's `surprise` gives that team turn 1 alone: it moves, repositions, declares and acts; the "
        "surprised team neither moves, turns, declares nor acts (and enemies taken by surprise do not "
        "reposition). Initiative opens turn 2; spells and effects count the Surprise turn as a turn."),
    ProvisionalRule(
        "PER-GRAPPLE-SIZE",
        "Only figures of one hex grapple, are grappled or join a Grapple Pile: the seed stacks the standees of a "
        "pile in one hex, which a 3- or 4-hex base cannot share."),
    ProvisionalRule(
        "PER-POISON",
        "A poisoned figure makes its MT save (at the poison's modifier) as each of its Action slots opens, the "
        "first in the turn it was poisoned if its slot is still to come; a failure deals the poison's damage or "
        "adds its AD step to a penalty on the figure's attacks, spells and Athletics checks; a success ends the "
        "poison and its penalty. One poison at a time: a figure already poisoned is not poisoned again. A "
        "figure without a slot (unconscious) makes no save and takes no effect."),
    ProvisionalRule(
        "PER-OVERRUN",
        "The Overrun hex is sent with the move (`overrun`), in the Movement phase. Those overrun retreat one hex "
        "straight back, along the creature's step; whoever stands there retreats too, and so on; a wall, "
        "furniture, a pit, the map's edge or a base of more than one hex in that line leaves no room, and then "
        "the creature stays and everyone in its way takes Overrun damage and falls prone. The stunned and "
        "Pinned count as unable to move. Overrun damage is not an attack: armour does not reduce it "
        "(`armour_counts: true` subtracts the target's armour)."),
    ProvisionalRule(
        "PER-REVIVE",
        "A healing item given to an unconscious hero wakes it (prone, without an Action this turn) only if its "
        "HP is then above 0; a failed KN check to give it keeps the item in hand. Healing items come from the "
        "hero sheet's `items`; a healing item put away goes back into the pack. `wake_at_any_hp: true` wakes "
        "it whatever its HP (\"With success, the unconscious hero wakes up\")."),
    ProvisionalRule(
        "PER-DOOR",
        "A door (the map's `doors`) is a wall for movement and sight until opened; a locked door does not open "
        "(no hero here picks locks); an opened door stays open."),
    ProvisionalRule(
        "PER-COMPANION",
        "A befriended animal (the encounter's `companions`) is on the heroes' side, played by its seat: it "
        "moves, attacks, fetches items, stands, climbs out, escapes, withdraws and waits; it makes no "
        "declarations and uses no spells, items in hand or doors; it will not enter a hazard hex. The heroes' "
        "rules for unconsciousness and death apply to it; it is no seat's hero for `start`, and the combat "
        "goes on while it stands. That it leaves when its hero dies is not hosted."),
    ProvisionalRule("PER-STUN", "A stunned figure loses its next Action slot and cannot move until it has."),
    ProvisionalRule(
        "PER-CLIMB-OUT",
        "A figure clinging to a pit's edge climbs out with a Moderate Athletics check as its Action, onto an "
        "adjacent empty hex, still prone."),
)
