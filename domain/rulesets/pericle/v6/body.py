"""Version 6's Spells of movement, fortune, the senses and readied strikes (seed 001, Appendix:
Spells): their effects as cast (`SPELL_EFFECTS`) and while they last (`BodyPassives`).

Each lasts as an `ActiveSpell` stamped with the version that cast it (`rules`, "6"), ended by its
duration at its caster's slot (turns.py) like any Spell with a duration; a cast of version 5 (which
only records these Spells for the table) is never read here."""

from __future__ import annotations

from domain.errors import RuleViolation
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.dice import Check
from domain.rulesets.pericle.movement import movement_points
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5.passives import V5Passives
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect

# Slow/Speed Movement (line 1411): "0E, lasts 4 turns. Halves or doubles Movement as selected by
# the caster." The caster selects with `power` (the Spell costs no E, so `power` is free to say it).
SLOW_SPEED = "Slow/Speed Movement"
SLOW, SPEED = 1, 2  # `power: 1` halves (Slow), `power: 2` doubles (Speed)
# Luck of Esteus (line 1407): "1E. The target gains Fortune on the next AD roll. If the target
# doesn't make an AD roll within one turn, then the Fortune bonus is lost."
LUCK = "Luck of Esteus"
# Heightened Senses (line 1444): "0E. Lasts five turns... all surrounding hexes are treated as
# front hexes" (evolve.py sets `Figure.all_front` while it lasts; board.py reads it).
HEIGHTENED_SENSES = "Heightened Senses"


def lasting_v6(state: CombatState, figure: Figure, spell: str) -> ActiveSpell | None:
    """The cast of `spell` on the figure by version 6's rules or later, while it lasts."""
    return next((s for s in state.spells if s.spell == spell and s.target == figure.id
                 and s.rules not in ("", "5")), None)


def _lasts(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
           second: Figure | None, rolled: Check, double: bool) -> None:
    """A Spell whose whole effect is to last on its target (the `ActiveSpell` its cast left),
    read by `BodyPassives` and board.py while it does: nothing more happens as it is cast."""


SPELL_EFFECTS: dict[str, SpellEffect] = {SLOW_SPEED: _lasts, LUCK: _lasts, HEIGHTENED_SENSES: _lasts}
USED: dict[str, UsedEffect] = {}


class BodyPassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""

    def spell_power(self, spell: HandbookSpell, command: cmd.CastSpell) -> int:
        if spell.name != SLOW_SPEED:
            return super().spell_power(spell, command)
        if command.power not in (SLOW, SPEED):
            raise RuleViolation("spell-power", f"{SLOW_SPEED} (line 1411) halves or doubles Movement as the caster "
                                               f"selects: `power: {SLOW}` halves it (Slow), `power: {SPEED}` "
                                               "doubles it (Speed); it costs 0E")
        return 0

    def movement(self, play: Play, figure: Figure) -> int:
        added = super().movement(play, figure)
        active = lasting_v6(play.state, figure, SLOW_SPEED)
        if active is None:
            return added
        # The figure's own Movement (a prone one's crawl of 2) halved, rounded down as the seed
        # rounds halves (Berserk, line 1250: "half your MT score rounded down"), or doubled; what
        # other effects add to it (Berserk's +1) is added after.
        points = movement_points(figure)
        return added + (points if active.exhaustion == SPEED else points // 2 - points)

    def luck(self, play: Play, figure: Figure) -> int:
        fortune = super().luck(play, figure)
        active = lasting_v6(play.state, figure, LUCK)
        if active is None:
            return fortune
        # "the next AD roll": this roll has it, and it is spent.
        play.emit(ev.SpellEnded(caster=active.caster, spell=active.spell, target=active.target, reason="fortune used"))
        return fortune + 1
