"""What Pericle 5's lasting Spells do turn after turn (seed 001): Regeneration's healing at its
caster's slot, Arcane Storm's and Nova's damage each turn they are maintained, and the fall when
Fly ends in the air. The turn's machinery (turns.py) calls these for spells that Pericle 5's
rules cast (`ActiveSpell.rules`); spells of versions 3 and 4 never reach them."""

from __future__ import annotations

from domain.dice_expression import roll_expression
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle import spell_effects
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure
from domain.rulesets.pericle.v4.book import SPELLS
from domain.rulesets.pericle.v5 import arcane, summons, undead

# Arcane Flux (line 1430): "If a creature is in the hex, it causes 1HP damage. If a creature
# enters a hex with energy flux, it also takes 1HP damage. If a creature starts its turn in a hex
# with flux and does not leave, it takes 3HP damage during the Action phase on the casting hero's
# turn."
FLUX_ENTERED, FLUX_STAYED = 1, 3
REGENERATION = "1d6"  # Regeneration (line 1530): "Lasts three turns. Target heals 1d6 damage per turn."
FLY_FALL = "2d6"  # Fly (line 1492): "If flight is canceled while flying, you fall to the ground taking 2d6 damage."


def holds(state: CombatState, figure: Figure) -> str | None:
    """What keeps a figure's slot from it: Sleep (line 1478), or casting Create Undead, which
    "takes three turns to cast" (line 1468: the caster's Actions of the two turns after the one it
    began in)."""
    if spell_effects.asleep(state, figure):
        return "asleep"
    raising = next((s for s in state.spells if s.caster == figure.id and s.rules and s.spell in undead.UNDEAD
                    and s.cast_turn < state.turn), None)
    return f"casting {raising.spell}" if raising is not None else None


def maintained(spell: ActiveSpell) -> bool:
    """Whether the spell needs its caster's Exhaustion each turn to go on (the Handbook's
    "+1E/turn"); Pericle 5's Sleep, say, lasts with no upkeep until it is broken."""
    book = SPELLS.get(spell.spell)
    return book is None or book.maintained


FURTHERANCE_I = "Staff & Wand Affinity: Furtherance I"
MAGE_WEAPONS = frozenset({"staff", "wand", "great staff"})  # line 966, as v4/casting.py reads it


def upkeep(spell: ActiveSpell, caster: Figure, turn: int) -> int:
    """A maintained spell's Exhaustion this turn, as the Handbook lists it; with Staff & Wand
    Affinity: Furtherance I and a staff or wand in hand (line 966), a Furtherance Spell's "on every
    odd turn, starting with turn three" (line 1232: "if casting Ricochet Attack, you would pay the
    casting cost turn one... On turn two, the maintenance cost would be free. On turn three and
    every odd turn thereafter, you would pay the maintenance cost of 1E")."""
    from domain.rulesets.pericle.turns import upkeep_of  # turns.py calls this module

    cost = upkeep_of(spell, turn)
    book = SPELLS.get(spell.spell)
    if book is not None and book.school == "Furtherance" and FURTHERANCE_I in caster.disciplines \
            and any(held in MAGE_WEAPONS for held in caster.in_hand) and (turn - spell.cast_turn) % 2:
        return 0
    return cost


def heal(play: Play, target: Figure, expression: str, source: str) -> None:
    """Wounds healed, never past the maximum HP nor Exhaustion; an unconscious hero raised above
    0 HP wakes prone and acts from the next turn (as a healing item wakes one, PER-REVIVE)."""
    rolled = roll_expression(play.dice, expression, f"{target.name}: {source} healing")
    amount = min(target.wounds, max(0, rolled.total or 0))
    woke = target.condition == "unconscious" and target.hp + amount > 0
    play.emit(ev.Healed(figure=target.id, amount=amount, source=f"spell:{source}", roll=rolled, woke=woke))


def at_slot(play: Play, caster: Figure) -> None:
    """As the caster's slot opens, after its spells that ran their course ended: Regeneration
    heals its target again (it healed as it was cast; "1d6 damage per turn" for three turns)."""
    for spell in play.state.spells:
        if spell.caster != caster.id or not spell.rules or spell.cast_turn >= play.state.turn:
            continue
        if spell.spell in (*spell_effects.FLUXES, spell_effects.GREATER_FLUX) and spell.at is not None:
            # Those that have not moved this turn started it there and did not leave.
            hexes = spell_effects.lying_hexes(spell)
            for there in [f for f in play.state.figures if set(f.hexes) & hexes]:
                if there.moved == 0:
                    arcane.flux_burn(play, play.figure(there.id), FLUX_STAYED)
        if spell.spell in undead.UNDEAD:
            undead.go_on(play, caster, spell)
        if spell.spell == "Regeneration":
            target = play.figure(spell.target)
            if target.condition != "dead":
                heal(play, target, REGENERATION, spell.spell)


def after_upkeep(play: Play, spell: ActiveSpell) -> None:
    """A maintained Arcane Storm or Nova "Continues to deal damage each turn that the caster
    maintains the Spell" (lines 1450, 1486), in the hexes where it was cast. A later version's own
    (version 6: Tentacles of Gaia) through `spell_maintained`."""
    play.passives.spell_maintained(play, spell)
    if spell.rules and spell.spell in arcane.AREA_DAMAGE and spell.at is not None:
        arcane.storm(play, play.figure(spell.caster), spell.spell, spell.at)


def at_declarations(play: Play) -> None:
    """As the Action phase begins: a target Terror found after its Action last turn Defends now
    (line 1415: "its Action for next turn will be to Defend")."""
    for spell in play.state.spells:
        if spell.rules and spell.spell == "Terror" and spell.cast_turn < play.state.turn:
            target = play.figure(spell.target)
            if target.active and not target.defending:
                play.emit(ev.DefendDeclared(figure=target.id))
            play.emit(ev.SpellEnded(caster=spell.caster, spell=spell.spell, target=spell.target, reason="defends"))


def lapsed(play: Play, spell: ActiveSpell) -> bool:
    """A Summoning Spell whose creature is slain or gone has nothing left to maintain."""
    if not summons.summoning(spell):
        return False
    creature = summons.summon_of(play.state, spell)
    return creature is None or creature.condition == "dead"


def ended(play: Play, spell: ActiveSpell) -> None:
    """After a Pericle 5 spell ended: a summoned creature vanishes (line 489: "This includes
    Summoned creatures"); Fly ended on a figure in the air drops it (2d6 damage), unless it flies
    by itself."""
    play.passives.spell_ended(play, spell)  # a later version's own (version 6: Guise of the Beast)
    creature = summons.summon_of(play.state, spell)
    if creature is not None:
        play.emit(ev.FigureVanished(figure=creature.id, reason=f"{spell.spell} ended"))
        return
    if not spell.rules or spell.spell != "Fly":
        return
    target = play.state.figure(spell.target)
    if target is None or not target.airborne or target.flying_speed:
        return
    play.emit(ev.FigureMoved(figure=target.id, path=(), facing=target.facing, counted=0, reason="fall",
                             airborne=False))
    rolled = roll_expression(play.dice, FLY_FALL, f"{target.name} falls as Fly ends")
    play.emit(ev.Damaged(figure=target.id, amount=spell_effects.hurt(play.state, target, max(0, rolled.total or 0)),
                         source="fall:Fly", roll=rolled))
