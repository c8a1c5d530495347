"""Overrun (seed 001, Monster Disciplines & Abilities): a very large creature that becomes
Embattled in its Movement phase, or starts it Embattled, moves one hex more, into an empty hex
or onto foes, who are pushed back (PER-OVERRUN)."""

from __future__ import annotations

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.hexes import Hex, distance
from domain.rulesets.pericle import board, spell_effects
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.bases import footprint
from domain.rulesets.pericle.movement import athletics
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import CombatState, Figure


def overrun(play: Play, creature: Figure, to: Hex, *, started_embattled: bool) -> None:
    """The one hex of Overrun: foes in the hexes it enters retreat one hex straight back (those
    behind them too); with no room behind, nobody moves and every foe in the way is trampled."""
    in_the_way = check_overrun(play.state, creature, to, started_embattled)
    step = Hex(to.q - creature.hex.q, to.r - creature.hex.r)
    pushed = _pushed_back(play.state, creature, in_the_way, step)
    if pushed is None:
        # "the Overrunning creature cannot Overrun the combatant. Instead, all combatants that
        # would be overrun take Overrun damage and they all fall prone."
        for figure in in_the_way:
            _trample(play, creature, figure)
        return
    play.emit(ev.FigureMoved(figure=creature.id, path=(to,), facing=creature.facing, counted=0, reason="overrun"))
    for figure in reversed(pushed):  # the farthest first, so that each lands in a hex already left
        play.emit(ev.FigureMoved(figure=figure.id, path=(figure.hex + step,), facing=figure.facing, counted=0,
                                 reason="overrun"))
        if _immobile(play.state, figure):
            _trample(play, creature, play.figure(figure.id))
        elif not athletics(play, play.figure(figure.id), "Moderate", "keep its feet when overrun"):
            play.emit(ev.FellProne(figure=figure.id, reason="overrun"))


def check_overrun(state: CombatState, creature: Figure, to: Hex, started_embattled: bool) -> list[Figure]:
    """Whether the creature, where its move ended, may Overrun into `to`; the figures in the way.
    A move with an Overrun checks it on the field as the move would leave it, before the move's
    rolls (a refusal after them would let the player retry until they favour it)."""
    if "Overrun" not in creature.disciplines:
        raise RuleViolation("overrun", f"{creature.name} has no Overrun")
    if creature.condition != "standing" or creature.airborne:
        raise RuleViolation("overrun", "a creature overruns standing on the ground")
    if not started_embattled and not board.embattled_by(state, creature):
        raise RuleViolation("overrun-not-embattled", "Overrun is the hex after a move that Embattles the creature "
                                                     "(or after the Pivot of one that started Embattled)")
    if distance(creature.hex, to) != 1:
        raise RuleViolation("overrun-hex", "the Overrun is one hex from where the move ended")
    if not all(board.passable(state, h) for h in footprint(creature.size, to, creature.facing)):
        raise RuleViolation("path-blocked", f"{creature.name}'s base does not fit at {to}")
    entered = set(footprint(creature.size, to, creature.facing)) - set(creature.hexes)
    in_the_way = [f for f in _grounded(state, creature) if entered & set(f.hexes)]
    if any(f.team == creature.team for f in in_the_way):
        raise RuleViolation("overrun-hex", "Overrun enters empty hexes or hexes held by foes")
    return in_the_way


def _grounded(state: CombatState, creature: Figure) -> list[Figure]:
    """Combatants that can be overrun or pushed: on the ground and not dead."""
    return [f for f in state.figures if f.id != creature.id and not f.airborne and f.condition != "dead"]


def _pushed_back(state: CombatState, creature: Figure, in_the_way: list[Figure], step: Hex) -> list[Figure] | None:
    """Who retreats one hex along `step`: those in the way, then whoever stands where they must
    go ("ALL combatants that are adjacent are also Overrun"), nearest first; None when a wall,
    furniture, a pit, the map's edge or a base of more than one hex leaves no room."""
    moving: list[Figure] = []
    queue = list(in_the_way)
    while queue:
        figure = queue.pop(0)
        if figure in moving:
            continue
        if figure.size > 1:
            return None
        behind = figure.hex + step
        if not board.passable(state, behind):
            return None
        moving.append(figure)
        queue += [f for f in _grounded(state, creature) if behind in f.hexes and f not in moving]
    return moving


def _immobile(state: CombatState, figure: Figure) -> bool:
    """Unable to move ("prone, unconscious, paralyzed, etcetera"): stunned or Pinned as well."""
    return figure.condition != "standing" or figure.stunned or figure.pinned_turn >= state.turn


def _trample(play: Play, creature: Figure, figure: Figure) -> None:
    """The creature's listed Overrun damage, not an attack: armour does not count unless the
    battle says so (PER-OVERRUN)."""
    if creature.overrun_damage:
        roll = roll_expression(play.dice, creature.overrun_damage, f"{creature.name} overruns {figure.name}")
        armour = figure.armour if play.settings.PER_OVERRUN.armour_counts else 0
        amount = spell_effects.hurt(play.state, figure, max(0, (roll.total or 0) - armour))
        play.emit(ev.Damaged(figure=figure.id, amount=amount,
                             source=f"overrun:{creature.id}", roll=roll))
    if play.figure(figure.id).condition == "standing":
        play.emit(ev.FellProne(figure=figure.id, reason="overrun"))
