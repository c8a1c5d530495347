"""Pericle 5's Create Undead (seed 001, line 1468) and Create Undead, Greater (line 1526): a
zombie raised from a corpse over three turns of casting, joining its caster's side.

Line 1468: "Creates a zombie from a corpse. The zombie has the same MT as prior to death, but the
Spell may only be cast on a corpse of MT5 or less... this Spell causes 1HP of damage from the
caster instead of Exhaustion. The Spell takes three turns to cast... The zombie has the same HP
as max HP (when at full health) prior to death. DX and Movement are the same as prior to death,
but DX is reduced by 1, KN is 0, Movement is reduced by 2. It may use weapons/armor if it was able
to use weapons prior to death. The zombie cannot heal. The hero can control only 1 zombie at a
time." Line 1526: "As per Create Undead, except there is no limit to zombie corpse size and there
is no DX penalty if the corpse's MT is 5 or less. It causes 2 HP of damage to the caster".

The cast's Base AD check is rolled as the casting begins (its Action); the caster's slots of the
next two turns pass as "casting"; as its slot opens on the turn after those, the HP is paid and
the zombie rises where the corpse lay (it acts from the next turn's Action Order). Directing the
zombie in the Movement phase, and its not healing, are the table's."""

from __future__ import annotations

import msgspec

from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure
from domain.rulesets.pericle.v4.book import SPELLS

UNDEAD = frozenset({"Create Undead", "Create Undead, Greater"})
CASTING_TURNS = 3  # "The Spell takes three turns to cast"
MOVEMENT_LOST = 2  # "Movement is reduced by 2"
NO_DX_PENALTY_MT = 5  # Greater: "no DX penalty if the corpse's MT is 5 or less"


def zombie_id(caster: str, corpse: str) -> str:
    return f"zombie-{caster}-{corpse}"


def controls_zombie(state: CombatState, caster: Figure) -> bool:
    """"The hero can control only 1 zombie at a time": one raised (and not destroyed) or rising."""
    prefix = zombie_id(caster.id, "")
    return any(f.id.startswith(prefix) and f.condition != "dead" for f in state.figures) or any(
        s.caster == caster.id and s.spell in UNDEAD and s.rules for s in state.spells)


def zombie(spell: str, caster: Figure, corpse: Figure) -> Figure:
    penalty = 0 if spell == "Create Undead, Greater" and corpse.mt <= NO_DX_PENALTY_MT else 1
    return msgspec.structs.replace(
        corpse, id=zombie_id(caster.id, corpse.id), name=f"Zombie {corpse.name}", team=caster.team, seat=caster.seat,
        base_ad=corpse.base_ad - penalty, kn=0, movement=max(0, corpse.movement - MOVEMENT_LOST), wounds=0,
        exhaustion=0, condition="standing", spells=(), disciplines=(), mastery=(), karma=0, stunned=False,
        bleeding=(), poisoned=None, grappled_with=(), defending=False, acted=True, moved=0, damage_from={},
        last_hit_by=None, companion=False, pack=(), regenerated=False, flux_absorbed=0)


def go_on(play: Play, caster: Figure, spell: ActiveSpell) -> None:
    """At the caster's slot on a later turn: the casting goes on, or, its three turns done, the
    zombie rises; a caster struck down stops casting (the seed is silent; nothing rises)."""
    if not caster.active:
        play.emit(ev.SpellEnded(caster=caster.id, spell=spell.spell, target=spell.target, reason="caster unconscious"))
        return
    if play.state.turn < spell.cast_turn + CASTING_TURNS:
        return
    corpse = play.state.figure(spell.target)
    play.emit(ev.Damaged(figure=caster.id, amount=SPELLS[spell.spell].hp_cost, source=f"spell:{spell.spell}"))
    play.emit(ev.SpellEnded(caster=caster.id, spell=spell.spell, target=spell.target, reason="cast"))
    if corpse is None or corpse.condition != "dead" or not play.figure(caster.id).active:
        return
    risen = zombie(spell.spell, play.figure(caster.id), corpse)
    play.emit(ev.FigureVanished(figure=corpse.id, reason=f"raised by {spell.spell}"))
    play.emit(ev.FigureSummoned(caster=caster.id, spell=spell.spell, figure=risen))
