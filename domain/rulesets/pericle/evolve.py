"""Apply one combat event to the combat state. Never validates and never rolls: every number
it needs is in the event."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import rolls_in
from domain.hexes import Hex
from domain.records import replace_where
from domain.rulesets.pericle import board
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import HEALING_ITEMS, is_scroll
from domain.rulesets.pericle.combat import condition
from domain.rulesets.pericle.dice import Check
from domain.rulesets.pericle.state import (
    ActiveSpell,
    Bleed,
    Boost,
    CombatState,
    Figure,
    GroundItem,
    LastCommand,
    Poisoned,
    Team,
    by_rules_of,
)

replace = msgspec.structs.replace
BLEED_TURNS = 5


def _update(state: CombatState, figure_id: str, **changes: Any) -> CombatState:
    return replace(state, figures=replace_where(state.figures, lambda figure: figure.id == figure_id, **changes))


def _figure(state: CombatState, figure_id: str) -> Figure:
    found = state.figure(figure_id)
    assert found is not None, figure_id
    return found


def _settle(state: CombatState, figure_id: str) -> CombatState:
    """Unconscious (and prone) at 0 HP, dead at -5 in Adventure mode; enemies die at 0. A body
    leaves any Grapple Pile, and an unconscious caster's maintained spells lapse at its next slot."""
    figure = _figure(state, figure_id)
    if figure.condition == "dead":
        return state
    now = condition(figure.hp, figure.team == "heroes", figure.mode or state.encounter.mode)
    if now == "standing":
        return state
    state = _update(state, figure_id, condition=now, grappled_with=(), defending=False, airborne=False)
    if now == "dead":
        state = _dropped(replace(state, spells=tuple(s for s in state.spells if s.caster != figure_id)),
                         state.spells)
    return _leave_pile(state, figure_id)


def _leave_pile(state: CombatState, figure_id: str) -> CombatState:
    """A figure leaves its Grapple Pile; those left with no foe among them are Grappled no more
    (still prone): a pile is foes wrestling, and allies alone do not hold each other."""
    teams = {f.id: f.team for f in state.figures}
    figures = []
    for f in state.figures:
        others = tuple(g for g in f.grappled_with if g != figure_id)
        if not any(teams[g] != f.team for g in others):
            others = ()
        figures.append(replace(f, grappled_with=others))
    return replace(state, figures=tuple(figures))


def wound(state: CombatState, figure_id: str, amount: int, source: str | None = None) -> CombatState:
    if amount <= 0:
        return state
    figure = _figure(state, figure_id)
    changes: dict[str, Any] = {"wounds": figure.wounds + amount}
    if source is not None:
        changes["damage_from"] = {**figure.damage_from, source: figure.damage_from.get(source, 0) + amount}
        changes["last_hit_by"] = source
    return _settle(_update(state, figure_id, **changes), figure_id)


def _strike(state: CombatState, strike: ev.Strike) -> CombatState:
    state = _readied_struck(state, strike.attacker, strike.target, strike.check)
    if strike.kind == "thrown":
        state = _leave(state, _figure(state, strike.attacker), strike.weapon.lower(), _figure(state, strike.target).hex)
    if strike.hit:
        target = _figure(state, strike.target)
        if strike.disarmed is not None:
            state = _leave(state, target, strike.disarmed, target.hex)
            target = _figure(state, strike.target)
        if strike.crit_effect == "bleed":
            state = _update(state, target.id, bleeding=(*target.bleeding, Bleed(source=strike.attacker,
                                                                                turns_left=BLEED_TURNS)))
        elif strike.crit_effect == "stun":
            state = _update(state, target.id, stunned=True)
        elif strike.crit_effect == "trip":
            state = _update(state, target.id, condition="prone" if target.condition == "standing" else
                            target.condition, airborne=False)
        elif strike.crit_effect == "pin":
            state = _update(state, target.id, pinned_turn=state.turn + 1)
        state = wound(_wake(state, strike.target), strike.target, strike.damage, strike.attacker)
        target = _figure(state, strike.target)
        if strike.poison is not None and target.active:
            source = f"{strike.attacker}:{strike.weapon}"
            state = _update(state, target.id, poisoned=Poisoned(poison=strike.poison, source=source))
    return state


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """The items less one copy of `item` (a hero may hold two daggers)."""
    listed = list(items)
    if item in listed:
        listed.remove(item)
    return tuple(listed)


def _leave(state: CombatState, figure: Figure, item: str, where: Hex) -> CombatState:
    """An item leaves a figure's hand (and its gear) to lie in a hex; a shield takes its
    protection with it."""
    if item == "shield":
        state = _update(state, figure.id, in_hand=_without(figure.in_hand, item), shield=0)
        return replace(state, ground=(*state.ground, GroundItem(hex=where, item=item, owner=figure.id,
                                                                shield=figure.shield)))
    weapon = figure.weapon(item)
    weapons = list(figure.weapons)
    if weapon is not None:
        weapons.remove(weapon)
    state = _update(state, figure.id, in_hand=_without(figure.in_hand, item), weapons=tuple(weapons))
    return replace(state, ground=(*state.ground, GroundItem(hex=where, item=item, owner=figure.id, weapon=weapon)))


def _drop(state: CombatState, figure: Figure, items: tuple[str, ...]) -> CombatState:
    for item in items:
        state = _leave(state, _figure(state, figure.id), item, figure.hex)
    return state


def _new_turn(state: CombatState, turn: int) -> CombatState:
    state = replace(state, turn=turn, figures=tuple(
        replace(f, moved=0, acted=False, defending=False, deft_strikes=False) for f in state.figures))
    return _readied(state)


READIED_STRIKE = "Readied Strike"
READIED_MARK = "Readied Strike"  # the attack roll's adjustment (of 0) that says it was one


def _readied(state: CombatState, target: str | None = None) -> CombatState:
    """Pericle 6's Readied Strike (seed 001 line 1446) as it is cast (`target`) or a turn begins: its
    target has no Readied Strike against the foes Embattled with it now ("cannot make Readied Strikes
    against any foes it is already Embattled with"); those that become Embattled by it later have one."""
    spells = []
    for s in state.spells:
        if s.spell == READIED_STRIKE and by_rules_of(s.rules, 6) and target in (None, s.target) \
                and (figure := state.figure(s.target)) is not None:
            engaged = {f.id for f in board.embattled_by(state, figure)} | {
                f.id for f in board.foes(state, figure) if figure in board.embattled_by(state, f)}
            s = replace(s, foes=tuple(sorted(engaged)))
        spells.append(s)
    return replace(state, spells=tuple(spells))


def _readied_now(state: CombatState) -> CombatState:
    """As the Action phase begins, Pericle 6's Readied Strike is against the foes Embattled by its
    target now (and not as the turn began): "at the start of the Attack Order", where that puts its
    target (v6/body.py). A foe Embattled later in the turn has none ("This attack must be made on the
    same turn that the foe becomes Embattled")."""
    spells = []
    for s in state.spells:
        if s.spell == READIED_STRIKE and by_rules_of(s.rules, 6) and (figure := state.figure(s.target)) is not None:
            readied = {f.id for f in board.foes(state, figure) if figure in board.embattled_by(state, f)}
            s = replace(s, foes=(*s.foes, *sorted(f.id for f in board.foes(state, figure)
                                                  if f.id not in readied and f.id not in s.foes)))
        spells.append(s)
    return replace(state, spells=tuple(spells))


def _readied_struck(state: CombatState, attacker: str, target: str, check: Check) -> CombatState:
    """A Readied Strike made (its mark on the attack roll): none again against that foe."""
    if not any(a.source == READIED_MARK for a in check.adjustments):
        return state
    return replace(state, spells=tuple(
        replace(s, foes=(*s.foes, target)) if s.spell == READIED_STRIKE and s.target == attacker
        and target not in s.foes else s for s in state.spells))


def _tick_bleed(state: CombatState, event: ev.Damaged) -> CombatState:
    if event.source.startswith("bleed:"):
        attacker = event.source.split(":", 1)[1]
        figure = _figure(state, event.figure)
        left = tuple(replace(b, turns_left=b.turns_left - 1) if b.source == attacker else b for b in figure.bleeding)
        state = _update(state, event.figure, bleeding=tuple(b for b in left if b.turns_left > 0))
        return wound(state, event.figure, event.amount)
    return wound(state, event.figure, event.amount)


def _pile(state: CombatState, event: ev.Grappled) -> CombatState:
    defender = _figure(state, event.defender)
    state = _update(state, event.attacker, hex=defender.hex)
    return _in_one_pile(state, {event.attacker, event.defender, *defender.grappled_with})


def _in_one_pile(state: CombatState, pile: set[str]) -> CombatState:
    """Everyone in a Grapple Pile is prone and Grappled with all the others."""
    return replace(state, figures=tuple(
        replace(f, condition="prone", grappled_with=tuple(sorted(pile - {f.id}))) if f.id in pile else f
        for f in state.figures))


def _escape(state: CombatState, event: ev.EscapedGrapple) -> CombatState:
    if not event.success or event.to is None:
        return state
    state = _update(state, event.figure, hex=event.to, grappled_with=())
    return _leave_pile(state, event.figure)


def _tentacles(state: CombatState, event: ev.TentaclesGrappled | ev.TentaclesLetGo) -> CombatState:
    """Pericle 6's Tentacles of Gaia: the figures its tentacles hold are the spell's `foes`; a figure
    they Grapple lies prone (seed 001 line 442: "both combatants fall Prone")."""
    holding = isinstance(event, ev.TentaclesGrappled)
    if isinstance(event, ev.TentaclesGrappled) and not event.success:
        return state
    spells = tuple(
        replace(s, foes=(*s.foes, event.figure) if holding else tuple(f for f in s.foes if f != event.figure))
        if (s.spell, s.caster, s.cast_turn) == (event.spell, event.caster, event.cast_turn) else s
        for s in state.spells)
    state = replace(state, spells=spells)
    if holding and _figure(state, event.figure).condition == "standing":
        state = _update(state, event.figure, condition="prone")
    return state


def _cast(state: CombatState, event: ev.SpellCast) -> CombatState:
    if not event.success:
        return state
    spell = ActiveSpell(spell=event.spell, caster=event.caster, target=event.target, cast_turn=state.turn,
                        exhaustion=event.power, expires_turn=state.turn + event.duration if event.duration else 0,
                        rules=event.rules, at=event.at)
    # A spell cast again on its target replaces it; Pericle 5's spells lying on a hex stack
    # ("Multiple castings of Storm can be stacked in the same hexes", seed 001 line 1450).
    stacks = bool(event.rules) and event.at is not None
    # Pericle 6's Control Spells: a second wizard's cast on a controlled person contends with the
    # first's, which lasts until that contest is lost (v6/control.py).
    stacks = stacks or (by_rules_of(event.rules, 6) and event.spell in ("Control Animal", "Control Humanoid"))
    spells = state.spells if stacks else tuple(
        s for s in state.spells if not (s.spell == event.spell and s.target == event.target))
    state = _dropped(replace(state, spells=(*spells, spell)), state.spells)
    if event.rules and event.spell == "Regeneration":
        state = _update(state, event.target, regenerated=True)
    if event.spell == READIED_STRIKE:
        state = _readied(state, event.target)
    return _exhaust(_senses(state, event.spell, event.target), event.caster, event.exhaustion)


HEIGHTENED_SENSES = "Heightened Senses"


def _dropped(state: CombatState, before: tuple[ActiveSpell, ...]) -> CombatState:
    """What the spells no longer in play (of `before`) take with them: Pericle 6's Heightened
    Senses its target's all-round front, a Boon its points (versions 3-5 have neither)."""
    for gone in [s for s in before if s not in state.spells]:
        if gone.boost is not None and state.figure(gone.target) is not None:
            state = _boost(state, gone.target, gone.boost, -1)
        state = _senses(state, gone.spell, gone.target)
    return state


def _boost(state: CombatState, figure_id: str, boost: Boost, sign: int) -> CombatState:
    """Pericle 6's Boon given (`sign` 1) or taken back (-1): the points on the attribute or Skill
    and the sheet's scores (`checks`) that read it; MT's HP (MT + 10) with it, whose loss may leave
    the figure at 0 HP or below."""
    figure = _figure(state, figure_id)
    points = sign * boost.points
    changes: dict[str, Any] = {"grapple": figure.grapple + sign * boost.grapple}
    if boost.choice in figure.checks:
        changes["checks"] = {**figure.checks, boost.choice: figure.checks[boost.choice] + points}
    if boost.choice == "MT":
        changes.update(mt=figure.mt + points, max_hp=figure.max_hp + points)
    elif boost.choice == "DX":
        changes["base_ad"] = figure.base_ad + points
    elif boost.choice == "KN":
        changes["kn"] = figure.kn + points
    elif boost.choice == "Athletics":
        changes["athletics"] = figure.athletics + points
    return _settle(_update(state, figure_id, **changes), figure_id)


def _senses(state: CombatState, spell: str, figure_id: str) -> CombatState:
    """Pericle 6's Heightened Senses (seed 001 line 1444) on a figure while a cast of version 6 or
    later lasts on it (`Figure.all_front`); version 5 and before only record it for the table."""
    if spell != HEIGHTENED_SENSES or state.figure(figure_id) is None:
        return state
    on = any(s.spell == spell and s.target == figure_id and by_rules_of(s.rules, 6) for s in state.spells)
    return state if _figure(state, figure_id).all_front == on else _update(state, figure_id, all_front=on)


def _copied(state: CombatState, event: ev.SpellCopied) -> CombatState:
    """Version 6's Furtherance II: the copy of a Spell on its caster, cast with no Exhaustion."""
    copy = ActiveSpell(spell=event.spell, caster=event.caster, target=event.caster, cast_turn=state.turn,
                       exhaustion=event.power, expires_turn=state.turn + event.duration if event.duration else 0,
                       rules=event.rules)
    spells = tuple(s for s in state.spells if not (s.spell == event.spell and s.target == event.caster))
    return replace(state, spells=(*spells, copy))


def _wake(state: CombatState, figure_id: str) -> CombatState:
    """Pericle 5's Sleep (seed 001 line 1478): the target "sleeps until awakened or hit by an
    attack or another Spell" (versions 3 and 4 never keep a Sleep among the spells)."""
    return replace(state, spells=tuple(s for s in state.spells if not (
        s.spell == "Sleep" and s.rules and s.target == figure_id)))


def _spell_damage(state: CombatState, event: ev.SpellDamage) -> CombatState:
    for hit in event.hits:
        if hit.crit_effect == "stun":
            state = _update(state, hit.figure, stunned=True)
        if hit.absorbed:
            state = _update(state, hit.figure, flux_absorbed=_figure(state, hit.figure).flux_absorbed + hit.absorbed)
        state = wound(_wake(state, hit.figure), hit.figure, hit.damage, event.caster)
    return state


def _vanish(state: CombatState, figure_id: str) -> CombatState:
    """A summoned creature leaves: out of its Grapple Pile, the spells on it, and its slot."""
    state = _leave_pile(state, figure_id)
    position = state.position - (1 if figure_id in state.order[:state.position] else 0)
    return replace(state, figures=tuple(f for f in state.figures if f.id != figure_id),
                   spells=tuple(s for s in state.spells if s.target != figure_id),
                   order=tuple(o for o in state.order if o != figure_id), position=position,
                   delayed=tuple(d for d in state.delayed if d != figure_id))


def _shatter(state: CombatState, event: ev.ItemShattered) -> CombatState:
    figure = _figure(state, event.figure)
    if event.item == "shield":
        return _update(state, figure.id, in_hand=_without(figure.in_hand, "shield"), shield=0)
    weapon = figure.weapon(event.item)
    weapons = list(figure.weapons)
    if weapon is not None:
        weapons.remove(weapon)
    return _update(state, figure.id, in_hand=_without(figure.in_hand, event.item), weapons=tuple(weapons))


def _healed(state: CombatState, event: ev.Healed) -> CombatState:
    target = _figure(state, event.figure)
    changes: dict[str, Any] = {"wounds": max(0, target.wounds - event.amount)}
    if event.revived:
        changes.update(condition="unconscious")
    if event.woke:
        changes.update(condition="prone", woke_turn=state.turn)
    return _update(state, target.id, **changes)


def _use_discipline(state: CombatState, event: ev.DisciplineUsed) -> CombatState:
    """Version 4: a sustained Discipline (Berserk) is kept with the maintained spells, whose
    upkeep its user pays at each later Action."""
    if event.instead_of_moving:
        state = replace(state, moved_figures=(*state.moved_figures, event.figure))
    if event.sustained:
        kept = ActiveSpell(spell=event.discipline, caster=event.figure, target=event.target or event.figure,
                           cast_turn=state.turn, exhaustion=event.exhaustion)
        state = replace(state, spells=(*state.spells, kept))
    return _exhaust(state, event.figure, event.exhaustion)


def _taunted(state: CombatState, event: ev.Taunted) -> CombatState:
    """Version 5: a successful taunt binds the foe for the rest of this turn (kept with the
    lasting effects, ending as the taunter's slot comes up next turn)."""
    if not event.success:
        return state
    kept = ActiveSpell(spell="Taunt", caster=event.figure, target=event.target, cast_turn=state.turn, exhaustion=0,
                       expires_turn=state.turn + 1)
    return replace(state, spells=(*state.spells, kept))


def _declared(state: CombatState, event: ev.DisciplineDeclared) -> CombatState:
    """Version 5: a Discipline declared for this turn (Marksmanship), kept until it ends."""
    kept = ActiveSpell(spell=event.discipline, caster=event.figure, target=event.figure, cast_turn=state.turn,
                       exhaustion=0, expires_turn=state.turn + 1)
    return replace(state, spells=(*state.spells, kept))


def _exhaust(state: CombatState, caster: str, amount: int) -> CombatState:
    if amount <= 0:
        return state
    figure = _figure(state, caster)
    return _settle(_update(state, caster, exhaustion=figure.exhaustion + amount), caster)


def _advance(state: CombatState, figure_id: str) -> CombatState:
    if state.current == figure_id:
        state = replace(state, position=state.position + 1)
    return replace(state, delayed=tuple(d for d in state.delayed if d != figure_id))


def _record(state: CombatState, event: msgspec.Struct) -> CombatState:
    """Keep the rolls of the latest command, for a Karma re-roll."""
    if state.last is None or isinstance(event, ev.CastRolled):
        return state  # a waiting cast (version 6) holds its check again: it is its `spell_cast`'s
    rolls = tuple(rolls_in(event))
    return replace(state, last=replace(state.last, rolls=state.last.rolls + rolls)) if rolls else state


def apply(state: CombatState, event: msgspec.Struct) -> CombatState:
    match event:
        case ev.CommandRecorded():
            before = replace(state, last=None)
            return replace(state, last=LastCommand(seat=event.seat, command=event.command, before=before,
                                                   rerolled=event.karma))
        case ev.KarmaSpent():
            assert state.last is not None
            restored = state.last.before
            hero = _figure(restored, event.hero)
            return _update(restored, event.hero, karma=hero.karma - 1)
    return _record(_apply(state, event), event)


def _apply(state: CombatState, event: msgspec.Struct) -> CombatState:
    match event:
        case ev.HeroJoined():
            return replace(state, figures=(*state.figures, event.figure))
        case ev.InitiativeRolled():
            return replace(_new_turn(state, event.turn), initiative=event.winner, phase="order")
        case ev.CombatBegan():
            return replace(state, phase="initiative")
        case ev.SurpriseTurnBegan():
            surprised: Team = "enemies" if event.team == "heroes" else "heroes"
            return replace(_new_turn(state, 1), surprise=event.team, initiative=event.team, moving=event.team,
                           moved_teams=(surprised,), moved_figures=(), phase="movement")
        case ev.OrderChosen():
            return replace(state, moving=event.first, moved_teams=(), moved_figures=(),
                           phase="movement")
        case ev.FigureMoved():
            figure = _figure(state, event.figure)
            changes: dict[str, Any] = {"facing": event.facing, "moved": figure.moved + event.counted}
            if event.path:
                changes["hex"] = event.path[-1]
                # Pericle 6's Readied Strike (seed 001 line 1446): "As soon as the Target moves, Readied
                # Strike is lost."
                state = replace(state, spells=tuple(s for s in state.spells if not (
                    s.spell == READIED_STRIKE and s.target == figure.id and by_rules_of(s.rules, 6))))
            if event.airborne is not None:
                changes["airborne"] = event.airborne
            if event.reason == "movement":
                state = replace(state, moved_figures=(*state.moved_figures, event.figure))
            return _update(state, event.figure, **changes)
        case ev.FellProne():
            return _update(state, event.figure, condition="prone")
        case ev.ArmourSundered():
            return _update(state, event.figure, armour=max(0, _figure(state, event.figure).armour - event.by))
        case ev.Taunted():
            return _taunted(state, event)
        case ev.DisciplineDeclared():
            return _declared(state, event)
        case ev.FellIntoPit():
            figure = _figure(state, event.figure)
            saga_hero = figure.team == "heroes" and (figure.mode or state.encounter.mode) == "saga"
            state = _update(state, event.figure, hex=event.hex, condition="unconscious" if saga_hero else "dead")
            return _settle(state, event.figure)
        case ev.FigureFaced():
            return _update(state, event.figure, facing=event.facing)
        case ev.TeamMoved():
            moved = (*state.moved_teams, event.team)
            if len(moved) == 2:
                return replace(state, moved_teams=moved, moving=None, phase="reposition")
            return replace(state, moved_teams=moved, moving="enemies" if event.team == "heroes" else "heroes")
        case ev.RepositioningEnded():
            return replace(state, phase="declare")
        case ev.DefendDeclared():
            return _update(state, event.figure, defending=True, shield_bash_back=event.shield_bash)
        case ev.PoisonSave():
            figure = _figure(state, event.figure)
            if event.saved or figure.poisoned is None:
                return _update(state, event.figure, poisoned=None)
            return _update(state, event.figure, poisoned=replace(figure.poisoned, penalty=event.penalty))
        case ev.DeftStrikesDeclared():
            return _update(state, event.figure, deft_strikes=True)
        case ev.ActionPhaseBegan():
            return _readied_now(replace(state, order=event.order, position=0, delayed=(), phase="actions"))
        case ev.Attacked():
            attacker = _figure(state, event.strikes[0].attacker)
            fired = tuple(s.weapon.lower() for s in event.strikes if s.kind == "ranged" and s.attacker == attacker.id
                          and (w := attacker.weapon(s.weapon)) is not None and w.crossbow)
            state = _update(state, attacker.id, parrying=event.parry, unloaded=attacker.unloaded + fired)
            for strike in event.strikes:
                state = _strike(state, strike)
            return state
        case ev.AttackRolled() | ev.StrikeReady() | ev.StrikeCritRolled() | ev.StrikeFinished():
            return _step(state, event)
        case ev.CastRolled():  # version 6: a cast waiting in a Karma window before its effect's dice
            return replace(state, pending=event.pending)
        case ev.CastResumed():
            return replace(state, pending=None)
        case ev.WeaponReloaded():
            figure = _figure(state, event.figure)
            return _update(state, figure.id, unloaded=_without(figure.unloaded, event.weapon.lower()))
        case ev.Grappled():
            return _pile(state, event) if event.success else state
        case ev.JoinedPile():
            return _in_one_pile(state, {event.figure, *event.pile})
        case ev.EscapedGrapple():
            return _escape(state, event)
        case ev.Damaged():
            return _tick_bleed(state, event)
        case ev.SpellCast():
            return _cast(state, event)
        case ev.TentaclesGrappled() | ev.TentaclesLetGo():
            return _tentacles(state, event)
        case ev.GateOpened():
            return replace(state, spells=tuple(
                replace(s, gate=event.gate) if (s.spell, s.caster, s.cast_turn) == ("Gateway", event.caster,
                                                                                   event.cast_turn) else s
                for s in state.spells))
        case ev.SpellDamage():
            return _spell_damage(state, event)
        case ev.FigureSummoned():
            return replace(state, figures=(*state.figures, event.figure))
        case ev.FigureVanished():
            return _vanish(state, event.figure)
        case ev.ShapeTaken():
            own = _figure(state, event.figure)
            return replace(state, figures=tuple(event.form if f.id == event.figure else f for f in state.figures),
                           forms=(*state.forms, own))
        case ev.ControlTaken() | ev.ControlLost():
            return _update(state, event.figure, team=event.team, seat=event.seat)
        case ev.AnimalBefriended():
            return _update(state, event.figure, team="heroes", seat=event.seat, companion=True,
                           befriended_by=event.hero)
        case ev.AnimalConvinced():
            return _update(state, event.figure, convinced=True)
        case ev.ShapeLeft():
            return replace(state, figures=tuple(event.form if f.id == event.figure else f for f in state.figures),
                           forms=tuple(f for f in state.forms if f.id != event.figure))
        case ev.ItemShattered():
            return _shatter(state, event)
        case ev.SpellCopied():
            return _copied(state, event)
        case ev.SpellExtended():
            return replace(state, spells=tuple(
                replace(s, expires_turn=s.expires_turn + event.turns) if (s.spell, s.caster, s.target) == (
                    event.spell, event.caster, event.target) and s.expires_turn else s for s in state.spells))
        case ev.SpellTransferred():
            others = tuple(s for s in state.spells if not (s.spell == event.spell and s.target == event.to))
            return replace(state, spells=tuple(
                replace(s, target=event.to) if (s.spell, s.caster, s.target) == (
                    event.spell, event.caster, event.target) else s for s in others))
        case ev.CurseRemembered():
            name = ev.REMEMBERED + event.spell
            remembered = ActiveSpell(spell=name, caster=event.caster, target=event.caster, cast_turn=state.turn,
                                     exhaustion=event.power, expires_turn=state.turn + 2, rules="6")
            others = tuple(s for s in state.spells if not (s.spell == name and s.caster == event.caster))
            return replace(state, spells=(*others, remembered))
        case ev.SlotAdded():
            return replace(state, order=(*state.order, event.figure))
        case ev.SpellTookHold():
            held = ActiveSpell(spell=event.spell, caster=event.caster, target=event.target, cast_turn=state.turn,
                               exhaustion=0, expires_turn=state.turn + event.duration, rules="5")
            return replace(state, spells=(*state.spells, held))
        case ev.Healed():
            return _healed(state, event)
        case ev.SpellMaintained():
            return _exhaust(state, event.caster, event.exhaustion)
        case ev.DisciplineUsed():
            return _use_discipline(state, event)
        case ev.SpellEnded():
            return _dropped(replace(state, spells=tuple(s for s in state.spells if not (
                s.spell == event.spell and s.caster == event.caster and s.target == event.target))), state.spells)
        case ev.AttributeRaised():
            boost = Boost(choice=event.choice, points=event.points, grapple=event.grapple)
            state = replace(state, spells=tuple(
                msgspec.structs.replace(s, boost=boost) if (s.spell, s.caster, s.target) == (
                    event.spell, event.caster, event.target) else s for s in state.spells))
            return _boost(state, event.target, boost, 1)
        case ev.StoodUp():
            return _update(state, event.figure, condition="standing", hex=event.hex)
        case ev.WeaponsReadied():
            figure = _figure(state, event.figure)
            state = _drop(state, figure, event.dropped)
            # A healing item (Pericle 6: or a Spell Scroll) put away goes back into the pack.
            kept = (*event.in_hand, *event.dropped)
            stowed = tuple(i for i in figure.in_hand if i not in kept and (
                i in HEALING_ITEMS or (is_scroll(i) and figure.weapon(i) is None)))
            return _update(state, event.figure, in_hand=event.in_hand, pack=(*_figure(state, figure.id).pack, *stowed))
        case ev.ItemPickedUp():
            return _pick_up(state, event)
        case ev.DoorOpened():
            return replace(state, opened=(*state.opened, event.hex)) if event.opened else state
        case ev.ItemFetched():
            figure = _figure(state, event.figure)
            return _update(state, figure.id, pack=_without(figure.pack, event.item),
                           in_hand=(*figure.in_hand, event.item))
        case ev.ItemUsed():
            return _use_item(state, event)
        case ev.ScrollConsumed():
            figure = _figure(state, event.figure)
            return _update(state, figure.id, in_hand=_without(figure.in_hand, event.item))
        case ev.ActionDone():
            figure = _figure(state, event.figure)
            parrying = figure.parrying and event.action == "attack"
            return _advance(_update(state, event.figure, acted=True, parrying=parrying), event.figure)
        case ev.ActionDelayed():
            return replace(state, position=state.position + 1, delayed=(*state.delayed, event.figure))
        case ev.SlotSkipped():
            state = replace(state, position=state.position + 1)
            return _update(state, event.figure, stunned=False, acted=True) if event.reason == "stunned" else state
        case ev.TurnEnded():
            return replace(state, phase="initiative", order=(), position=0, delayed=(), surprise=None)
        case ev.CombatEnded():
            return replace(state, phase="ended", winner=event.winner)
    return state


def _step(state: CombatState,
          event: ev.AttackRolled | ev.StrikeReady | ev.StrikeCritRolled | ev.StrikeFinished) -> CombatState:
    """Version 5's Attack in steps: the strike under way waits in `pending` until it is finished,
    then counts as version 4's `attacked` event would."""
    if isinstance(event, ev.AttackRolled | ev.StrikeReady):
        return replace(state, pending=event.pending)
    assert state.pending is not None
    if isinstance(event, ev.StrikeCritRolled):
        return replace(state, pending=replace(state.pending, crit_face=event.face, crit_roll=event.roll))
    whole = event.whole(state.pending)
    return _apply(replace(state, pending=None), ev.Attacked(strikes=(whole, *event.after), parry=event.parry))


def _use_item(state: CombatState, event: ev.ItemUsed) -> CombatState:
    if not event.success:
        return state
    giver = _figure(state, event.figure)
    state = _update(state, giver.id, in_hand=_without(giver.in_hand, event.item))
    if any(f.id == giver.id for f in state.forms):
        # Pericle 6: used in a beast's form (Shapeshifter I kept the pack): gone from the hero's own
        # pack too, which its return gives back (v6/shapeshifter.py).
        state = replace(state, forms=tuple(replace(f, pack=_without(f.pack, event.item)) if f.id == giver.id else f
                                           for f in state.forms))
    target = _figure(state, event.target)
    changes: dict[str, Any] = {"wounds": target.wounds - event.healed}
    if event.woke:
        changes.update(condition="prone", woke_turn=state.turn)
    return _update(state, target.id, **changes)


def _pick_up(state: CombatState, event: ev.ItemPickedUp) -> CombatState:
    lying = next(g for g in state.ground if g.hex == event.hex and g.item == event.item)
    ground = list(state.ground)
    ground.remove(lying)
    figure = _figure(state, event.figure)
    weapons = (*figure.weapons, lying.weapon) if lying.weapon is not None else figure.weapons
    shield = lying.shield if lying.item == "shield" else figure.shield
    return replace(_update(state, event.figure, in_hand=(*figure.in_hand, event.item), weapons=weapons,
                           shield=shield), ground=tuple(ground))
