"""Pericle 6: Embattlement by a Reach weapon judged by the same line of sight as the Reach blow.

Seed 001, Embattled Condition (line 230): "If the foe has Reach ... you become Embattled by your foe
when you move to within two hexes of the foe, once the foe can attack you with its Reach." Cover &
Line of Sight (line 412): "Attempting a ranged attack, spell or a reach weapon with a blocked line of
sight results in a failed attack"; line 414: the two lines touching "walls, other combatants (friend
or foe), furniture"; both touching complete obstructions is Complete Cover, "you may not attack".

From version 5 the Reach blow reads the line as line 414 gives it (v5/sight.py: standing combatants
are complete obstructions like walls), while Embattlement (`board.threatens`, shared by every version)
still judged it by walls alone: a foe was Embattled by a Reach wielder that could not strike it
(docs/pericle-5-notes.md, "The seed against itself"). From version 6 a Reach wielder Embattles a foe
two hexes out only when its Reach blow at that foe would not meet Complete Cover. Embattlement is read
where only the combat is at hand (evolve.py, GET /state, movement), so the combat carries the version's
reading: `CombatState.revision`, set as a version-6 combat is created (`initial_state`)."""

from __future__ import annotations

import msgspec

from domain.rulesets.contract import Creation
from domain.rulesets.pericle import v3
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState, Figure
from domain.rulesets.pericle.v5 import sight as v5_sight
from domain.rulesets.pericle.v5.sight import REVISION as SEED_SIGHT


def initial_state(creation: Creation[v3.PericleOptions, PericleCombatSettings]) -> CombatState | None:
    """Version 3's combat, carrying the version's REVISION (6 and later) for the rules that read
    the combat alone."""
    state = v3.initial_state(creation)
    if state is None:
        return None
    return msgspec.structs.replace(state, revision=type(creation.settings).REVISION)


def reach_open(state: CombatState, figure: Figure, foe: Figure) -> bool:
    """Whether `figure`'s Reach blow at `foe` would be allowed by its line (strikes.py `_line_of_fire`:
    `v5/sight.py` `line_cover`, Complete Cover refused): the two bases' clearest pair of hexes, with
    walls, closed doors and the other standing combatants as complete obstructions, furniture
    partial (a Defense Die, still a blow)."""
    assert state.revision >= SEED_SIGHT
    return v5_sight.sight_pair(state, figure, foe)[2] != "complete"
