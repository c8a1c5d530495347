"""How a spell ends in version 5 (seed 001, Cast a Spell; Death & Unconsciousness): when its
caster falls, and when its caster cancels it.

- line 549: "When a hero becomes unconscious, all Spells that the hero has cast that require
  Exhaustion cost each turn persist until the next action phase of the hero's turn, and then they
  are canceled ... Creation spells that do not require Exhaustion renewal, like flux, persist for
  the duration of the spell. When a hero dies, all spells in effect that were cast by the hero
  are canceled"; line 487: "The fire would continue burning. All spells that require ongoing
  exhaustion cost each turn will automatically be canceled, though, at the beginning of the
  unconscious spellcaster's next turn"; line 489, the same of renewal. Versions 3 and 4 ended
  every spell of an unconscious caster at its next slot, those with a duration of their own too;
  version 5 lets those run their course (a dead caster's end at once in every version: evolve).
- line 485: "Cancel a Spell. A hero that has a Spell with a duration in effect may cancel it at
  any time, during any Phase, even if it is not their turn to take an action. This includes
  summoned creatures, and enchantment and furtherance Spells." Versions 3 and 4 let a caster drop
  a maintained spell only at the start of its own Action (`cancel_spells`); version 5 adds the
  `cancel_spell` command.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import SPELLS as V3_SPELLS
from domain.rulesets.pericle.encounter import Name
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import ActiveSpell, Figure
from domain.rulesets.pericle.v4.book import SPELLS as HANDBOOK_SPELLS

REVISION = 5
FigureId = Annotated[str, msgspec.Meta(min_length=1, max_length=50)]
SeatName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]


def lapses(play: Play, caster: Figure, spell: ActiveSpell) -> bool:
    """Whether the spell of a caster who is not standing or prone ends as the caster's slot
    opens: in version 5 only a spell that needs Exhaustion each turn (one without a duration of
    its own, `expires_turn` 0, and an upkeep in the Handbook: Sleep lasts until broken); in
    versions 3 and 4 every one."""
    if caster.active:
        return False
    if play.settings.REVISION < REVISION:
        return True
    from domain.rulesets.pericle.v5 import lasting  # (lasting reads the turns this module serves)

    return not spell.expires_turn and lasting.maintained(spell)


class CancelSpell(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="cancel_spell"):
    """Version 5: the caster (`figure`) cancels one of its Spells in effect, at any time, in any
    phase, whoever's turn it is (line 485). `target` names which, when the spell is on several."""

    figure: FigureId
    spell: Name
    target: FigureId | None = None
    seat: SeatName | None = None


def cancel_spell(play: Play, command: CancelSpell) -> None:
    """End the caster's spell now, with no Exhaustion paid for it. Only Spells: a sustained
    Discipline kept with them (Berserk) ends as the Discipline says ("You must spend a Movement
    phase to exit Berserk", line 1250)."""
    caster = play.figure(command.figure)
    if caster.team != "heroes":
        raise RuleViolation("cancel-spell", "a hero cancels the Spells it cast (line 485)")
    if command.spell not in HANDBOOK_SPELLS and command.spell not in V3_SPELLS:
        raise RuleViolation("cancel-spell", f"{command.spell!r} is not a Spell that can be cancelled")
    found = [s for s in play.state.spells if s.caster == caster.id and s.spell == command.spell
             and (command.target is None or s.target == command.target)]
    if not found:
        raise RuleViolation("spell-not-in-effect", f"{caster.name} has no {command.spell} in effect"
                            + (f" on {command.target}" if command.target else ""))
    if len(found) > 1:
        raise RuleViolation("cancel-spell", f"{caster.name}'s {command.spell} is on "
                                            f"{', '.join(s.target for s in found)}: name the `target`")
    play.emit(ev.SpellEnded(caster=caster.id, spell=command.spell, target=found[0].target, reason="cancelled"))
    # "This includes summoned creatures" (line 485): what the spell brought goes with it.
    from domain.rulesets.pericle.v5 import lasting

    lasting.ended(play, found[0])
