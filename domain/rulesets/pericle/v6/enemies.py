"""Version 6's enemies with several attacks (Issue 15 item 3): an encounter's stat block may name
the ability "Separate Attacks" (`encounter.MonsterAbility`; versions 3-5 refuse it in v3.py's
`creation_problems`, as they refused an unknown ability before), and the enemy then strikes with
each of its listed attacks once in one Attack, as the summoned Hydra's "five heads which each
attack separately" (seed 001 line 1554; `Passives.separate_attacks`, strikes.py `_separate`).

Seed 001 gives an enemy's stat block no rule for several attacks: line 410's Multiple Attacks are a
hero's ("Disciplines and magic items may grant a hero multiple attacks in a turn... AD-1 for the 3rd
attack"); Monster Disciplines & Abilities (lines 599-615) name only Grappling Expertise,
Overrun and Venom; line 438 ("Whenever an enemy attempts to attack or cast a spell on a Defending
target, the Defender gets to roll a Defense Die... for each attack directed at them") assumes an
enemy may make several attacks in a turn. The reading is PER-ENEMY-BLOCK.

A stat block may also list `spells` (version 6 only; encounter.py `Enemy.spells`, checked by
`spell_problems`); joining.py puts them on the enemy's figure, and version 5's `cast_spell` casts them
as a hero's: the Base AD check, the Exhaustion paid from HP (state.py `Figure.hp`)."""

from __future__ import annotations

from domain.rulesets.contract import ProvisionalRule
from domain.rulesets.pericle.encounter import SEPARATE_ATTACKS
from domain.rulesets.pericle.state import CombatState, Figure
from domain.rulesets.pericle.v5.passives import V5Passives

ENEMY_BLOCK = ProvisionalRule(
    "PER-ENEMY-BLOCK",
    "An enemy (or befriended animal) whose stat block names the ability `Separate Attacks` (version 6 only) "
    "strikes in one Attack with each of its listed attacks at most once, at one foe or several, none at a penalty "
    "for their number, as the summoned Hydra's \"five heads which each attack separately\" (line 1554); without "
    "it, an enemy makes one attack per Action. The seed is silent: line 438 (\"Whenever an enemy attempts to "
    "attack or cast a spell on a Defending target... a Defense Die for each attack directed at them\") supposes "
    "enemies with several attacks, Monster Disciplines & Abilities (lines 599-615) name none, and line 410's "
    "penalties for Multiple Attacks come from a hero's Disciplines and items. A stat block may also list `spells` "
    "(version 6 only): Hero Handbook Spells of KN at most its own, cast with `cast_spell` from the enemy seat as a "
    "hero casts them: its Base AD check, KN from its block, Exhaustion paid from its HP (line 468: \"Exhaustion is "
    "a temporary loss of HP that is the same as HP loss from wounds\"), so that its own spell may drop it (line "
    "487). The seed is silent on an enemy's spell list: line 1365 says Spells \"can be cast by heroes and foes "
    "alike\" and line 1037 bounds a hero's by KN (\"all Spells up to and including the listed KN\").")


def strikes_separately(figure: Figure) -> bool:
    """Whether the figure's stat block (an encounter's enemy or befriended animal, on whichever side
    it fights now) names Separate Attacks; a hero's sheet cannot (it is no Handbook Discipline)."""
    return SEPARATE_ATTACKS in figure.disciplines


class EnemyPassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""

    def separate_attacks(self, state: CombatState, figure: Figure) -> bool:
        if strikes_separately(figure):
            return True
        return super().separate_attacks(state, figure)
