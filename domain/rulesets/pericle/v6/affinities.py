"""Version 6's Staff & Wand Affinities (seed 001, Appendix: Disciplines, lines 1226-1361;
docs/pericle-6-notes.md): version 6's rows for `cast_spell`, `use_discipline` and `delay`
(v6/version.py's rows): Enchantment I-III's cast in the Movement phase, Curse I declared,
Curse II in the Movement phase, Curse III before the Action, Conjuration's attack after its cast,
Furtherance II's copy and Summon's slot after a cast; and the always-on checks of
`AffinityPassives` (the Action Order, the Actions they allow, Curse II's one hex). `SPELL_EFFECTS`
and `USED` (the shapes other areas fill) stay empty here: no Affinity replaces a Spell's effect.

"Staves and wands allow heroes to gain the benefits of the Staff & Wand Disciplines" (line 966):
each Affinity works only with a staff or a wand in hand, as version 4 reads it for Arcane I."""

from __future__ import annotations

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.pericle import actions, board, poison, spell_effects
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import act
from domain.rulesets.pericle.combat import range_penalty
from domain.rulesets.pericle.dice import Adjustment, check
from domain.rulesets.pericle.movement import movement_points
from domain.rulesets.pericle.play import Play, require_phase
from domain.rulesets.pericle.spell_effects import summon_id
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure
from domain.rulesets.pericle.strikes import ready_strikes, weapon_in_hand
from domain.rulesets.pericle.turns import advance, can_move
from domain.rulesets.pericle.v4.book import SPELLS
from domain.rulesets.pericle.v4.casting import MAGE_WEAPONS
from domain.rulesets.pericle.v5 import casting, summons, using
from domain.rulesets.pericle.v5.passives import MARKSMANSHIP, V5Passives, declared, edition
from domain.rulesets.pericle.v6 import karma_steps
from domain.rulesets.pericle.v6.declaring import may_declare_alone
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect

SPELL_EFFECTS: dict[str, SpellEffect] = {}
USED: dict[str, UsedEffect] = {}

AFFINITY = "Staff & Wand Affinity: "
CONJURATION = AFFINITY + "Conjuration"
CURSE_I, CURSE_II, CURSE_III = (AFFINITY + f"Curse {n}" for n in ("I", "II", "III"))
ENCHANTMENT_I, ENCHANTMENT_II, ENCHANTMENT_III = (AFFINITY + f"Enchantment {n}" for n in ("I", "II", "III"))
ENCHANTMENTS = (ENCHANTMENT_III, ENCHANTMENT_II, ENCHANTMENT_I)  # the best first
FURTHERANCE_II = AFFINITY + "Furtherance II"
SUMMON = AFFINITY + "Summon"


def wields_mage_weapon(figure: Figure) -> bool:
    """A staff or a wand in hand (line 966)."""
    return any(held in MAGE_WEAPONS for held in figure.in_hand)


def has_affinity(figure: Figure, name: str) -> bool:
    return name in figure.disciplines and wields_mage_weapon(figure)


# ---- Curse I: declared, it puts the caster first ----------------------------------------------


def declare_curse(play: Play, figure: Figure, command: cmd.UseDiscipline) -> None:
    """Staff & Wand Affinity: Curse I (line 1228): "If you successfully cast a Curse Spell, you may
    take your Action first before all other combatants during the Action Phase. Your probability of
    success is not affected, so you still roll your normal AD to determine if your Spell is
    successful." The Action Order is fixed as the Action phase begins, so the hero declares it with
    the Defend declarations (as Marksmanship, line 1262): its slot comes first, as Haste's (line
    1207), and its Action that turn is a Curse Spell cast (or none)."""
    may_declare_alone(play, figure, command, CURSE_I, CURSE_I)
    if declared(play.state, figure, CURSE_I) or any(declared(play.state, figure, m) for m in MARKSMANSHIP):
        raise RuleViolation("discipline-active", f"{figure.name} has declared its Action this turn")
    if not wields_mage_weapon(figure):
        raise RuleViolation("mage-weapon", "Staff & Wand Affinities work with a staff or wand in hand (line 966)")
    if not any((s := SPELLS.get(name)) is not None and s.school == "Curse" for name in figure.spells):
        raise RuleViolation("curse-spell", f"{figure.name} knows no Curse Spell to cast first")
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=CURSE_I))
    play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=CURSE_I))


# ---- Curse II: a Curse Spell in effect extended or moved to another foe ---------------------------


def _curses(state: CombatState, caster: Figure) -> list[ActiveSpell]:
    """The caster's Curse Spells in effect that have a duration to extend or carry over."""
    return [s for s in state.spells if s.caster == caster.id and s.rules and s.expires_turn
            and (book := SPELLS.get(s.spell)) is not None and book.school == "Curse"]


def curse_ii(play: Play, command: cmd.UseDiscipline) -> None:
    """Staff & Wand Affinity: Curse II (line 1325): "If there is a Curse Spell in effect that you
    casted and if you only move a maximum of one hex, then you can make a Moderate KN check (AD+0)
    during the Movement phase to either extend the duration of the Spell by one turn or to transfer
    the Curse Spell to another foe. However, if this foe is more than three hexes away from you,
    apply the range increments to your AD check as per Thrown Spell ranges (-1 for 4-6 hexes, -2 for
    7-9 hexes, etc.)." Used in the hero's team's Movement phase, before or after a move of one hex
    at most (its Movement is then one hex this turn), once a turn: `target` names the figure under
    the Curse to extend it, or the foe to move it to (from the hero's only Curse with a duration
    left, or from the figure standing on `at`). A Curse without a duration of its own (Sleep,
    Terror, the Control Spells) is the table's."""
    figure = play.figure(command.figure)
    require_phase(play.state, "movement")
    if CURSE_II not in figure.disciplines:
        raise RuleViolation("discipline-unknown", f"{figure.name} has not learned {CURSE_II!r}")
    if not wields_mage_weapon(figure):
        raise RuleViolation("mage-weapon", "Staff & Wand Affinities work with a staff or wand in hand (line 966)")
    if figure.team != play.state.moving or not figure.active:
        raise RuleViolation("not-your-movement", f"{CURSE_II} is used in {figure.name}'s team's Movement phase")
    if figure.moved > 1:
        raise RuleViolation("ran", f"{CURSE_II}: only if the hero moves a maximum of one hex")
    if spell_effects.flying_speed(play.state, figure):
        # Flight has a speed of its own that the Movement hook does not limit (movement.py `_fly`).
        raise RuleViolation("curse-ii-flying", f"{CURSE_II} is used on foot: a flyer's one-hex limit is the table's")
    if declared(play.state, figure, CURSE_II):
        raise RuleViolation("discipline-active", f"{figure.name} has used {CURSE_II} this turn")
    if command.target is None or command.on_failure is not None or command.follow is not None:
        raise RuleViolation("discipline-fields", f"{CURSE_II}: `target` names the cursed figure (to extend) or the "
                                                 "foe to transfer the Curse to; `at`, the cursed figure's hex")
    target = play.figure(command.target)
    curses = _curses(play.state, figure)
    on_target = [s for s in curses if s.target == target.id]
    if command.at is not None:
        curses = [s for s in curses if command.at in play.figure(s.target).hexes]
    adjustments: list[Adjustment] = []
    if on_target and command.at is None:
        if len(on_target) > 1:
            raise RuleViolation("curse-ambiguous", f"{figure.name} has several Curses on {target.name}")
        cursed, to = on_target[0], None
    else:
        if not curses:
            raise RuleViolation("curse-none", f"{figure.name} has no Curse Spell with a duration in effect")
        if len(curses) > 1:
            raise RuleViolation("curse-ambiguous", f"{figure.name} has several Curses: name the hex of the cursed "
                                                   "figure (`at`)")
        cursed, to = curses[0], target
        if to.team == figure.team or not to.active or to.id == cursed.target:
            raise RuleViolation("spell-target", f"{CURSE_II} transfers the Curse to another foe")
        if cursed.spell == "Paralysis" and to.mt >= 10:
            raise RuleViolation("spell-target", "Paralysis does not affect creatures with MT10+ (line 1496)")
        if casting._shielded(play, SPELLS[cursed.spell], to):
            raise RuleViolation("spell-shield", f"{to.name} is kept from Spells (Spell Shield, Immunity)")
        penalty = range_penalty(board.gap(figure, to), thrown=True)
        if penalty:
            adjustments.append(Adjustment(penalty, "range"))
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=CURSE_II, target=target.id))
    play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=CURSE_II))
    rolled = check(play.dice, f"{figure.name}: {CURSE_II}", figure.kn, [*poison.penalty(figure), *adjustments])
    play.emit(ev.CheckMade(figure=figure.id, purpose=f"Moderate KN check ({CURSE_II})", check=rolled))
    if not rolled.success:
        return
    if to is None:
        play.emit(ev.SpellExtended(caster=figure.id, spell=cursed.spell, target=cursed.target))
    else:
        play.emit(ev.SpellTransferred(caster=figure.id, spell=cursed.spell, target=cursed.target, to=to.id))


# ---- Curse III: last turn's Curse cast again, besides the Action ---------------------------------


def curse_iii(play: Play, command: cmd.UseDiscipline) -> None:
    """Staff & Wand Affinity: Curse III (line 1357): "If you successfully casted a Curse Spell last
    turn, then during the Action phase you can make a Base AD check to re-cast the same Spell at the
    same or a different target, paying the Exhaustion cost. You may then also take an Action."
    Used in the hero's slot before its Action (which still follows, with its upkeep): the Curse it
    cast successfully last turn (the latest, if two; the E put into an xE Curse again) is cast at
    `target` (`at`: a hex, for a Curse thrown at one) by version 5's casting, its Base AD check with
    its range and Defense Dice; a success is remembered for the next turn in turn."""
    figure = play.figure(command.figure)
    require_phase(play.state, "actions")
    if CURSE_III not in figure.disciplines:
        raise RuleViolation("discipline-unknown", f"{figure.name} has not learned {CURSE_III!r}")
    if play.state.current != figure.id or attack_waits(play.state, figure):
        raise RuleViolation("not-your-action", f"{CURSE_III} is used in {figure.name}'s slot, before its Action")
    if not wields_mage_weapon(figure):
        raise RuleViolation("mage-weapon", "Staff & Wand Affinities work with a staff or wand in hand (line 966)")
    if command.target is None or command.on_failure is not None or command.follow is not None:
        raise RuleViolation("discipline-fields", f"{CURSE_III}: `target` names the Curse's target (`at`: its hex)")
    remembered = [s for s in play.state.spells if s.caster == figure.id and s.spell.startswith(ev.REMEMBERED)
                  and s.cast_turn == play.state.turn - 1]
    if not remembered:
        raise RuleViolation("curse-none", f"{figure.name} cast no Curse Spell successfully last turn")
    last = remembered[-1]
    again = cmd.CastSpell(figure=figure.id, spell=last.spell.removeprefix(ev.REMEMBERED), target=command.target,
                          power=last.exhaustion, at=command.at)
    _no_second_cast(play, figure, again)
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=CURSE_III, target=command.target))
    for spent in remembered:
        play.emit(ev.SpellEnded(caster=figure.id, spell=spent.spell, target=spent.target, reason="re-cast"))
    _cast(play, play.figure(figure.id), again)


# ---- Enchantment I-III: an Enchantment Spell cast in the Movement phase ---------------------------


def cast_in_movement(play: Play, command: cmd.CastSpell) -> None:
    """Staff & Wand Affinity: Enchantment I (line 1230): "Instead of moving during the Movement
    phase, you may cast an Enchantment spell. If you do so, you cannot cast a Spell during the
    Action phase, regardless of whether or not the cast was successful. However, you may take any
    other Action." II (line 1280): "In addition to moving, you may also cast an Enchantment Spell
    during the Movement phase. If you do so, you cannot cast a Spell during the Action phase, but
    you may take any other Action." III (line 1347): "In addition to moving, you may also cast an
    Enchantment Spell during the Movement phase. You may then take any Action during the Action
    phase, including casting any other Spell." Cast in its team's Movement (with I before it has
    moved, as its move; with II or III before or after moving), once a turn; no upkeep is paid
    then (that comes with its Action)."""
    figure = play.figure(command.figure)
    require_phase(play.state, "movement")
    affinity = next((name for name in ENCHANTMENTS if name in figure.disciplines), None)
    if affinity is None:
        raise RuleViolation("wrong-phase", "a Spell is cast in the Action phase (an Enchantment Spell in the "
                                           "Movement phase with Staff & Wand Affinity: Enchantment I-III)")
    if not wields_mage_weapon(figure):
        raise RuleViolation("mage-weapon", "Staff & Wand Affinities work with a staff or wand in hand (line 966)")
    spell = SPELLS.get(command.spell)
    if spell is None or spell.school != "Enchantment":
        raise RuleViolation("wrong-phase", f"{affinity} casts an Enchantment Spell in the Movement phase; "
                                           f"{command.spell!r} is cast in the Action phase")
    if figure.team != play.state.moving:
        raise RuleViolation("not-your-movement", f"the {play.state.moving} are moving")
    if affinity == ENCHANTMENT_I and figure.id in play.state.moved_figures:
        raise RuleViolation("already-moved", f"{affinity}: the Spell is cast instead of moving")
    if any(declared(play.state, figure, name) for name in ENCHANTMENTS):
        raise RuleViolation("discipline-active", f"{figure.name} has cast an Enchantment Spell this Movement phase")
    if command.cancel_spells:
        raise RuleViolation("cancel-spells", "spells are let go with the Action's upkeep or `cancel_spell`")
    can_move(play, figure)
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=affinity, instead_of_moving=affinity == ENCHANTMENT_I))
    play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=affinity))
    _cast(play, play.figure(figure.id), command)


def _no_second_cast(play: Play, figure: Figure, command: msgspec.Struct) -> None:
    """After an Enchantment Spell cast in the Movement phase with I or II, no Spell this Action."""
    if isinstance(command, cmd.CastSpell) and not declared(play.state, figure, ENCHANTMENT_III) and any(
            declared(play.state, figure, name) for name in (ENCHANTMENT_I, ENCHANTMENT_II)):
        raise RuleViolation("cast-in-movement", f"{figure.name} cast an Enchantment Spell in the Movement phase: "
                                                "no Spell in the Action phase (lines 1230, 1280), any other Action")


# ---- Furtherance II and Summon: what follows a cast -------------------------------------------


def _cast(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    """Version 5's cast, then what a caster's Affinities add to it."""
    start = len(play.events)
    casting.cast_spell(play, caster, command)
    made = play.events[start:]
    caster = play.figure(caster.id)
    cast = next((e for e in made if isinstance(e, ev.SpellCast) and e.success), None)
    if cast is not None and has_affinity(caster, FURTHERANCE_II):
        _copy(play, caster, cast)
    if has_affinity(caster, SUMMON):
        for summoned in (e for e in made if isinstance(e, ev.FigureSummoned)):
            if SPELLS[summoned.spell].school == "Summoning" and play.state.figure(summoned.figure.id) is not None:
                # Staff & Wand Affinity: Summon (line 1234): "Creatures that you summon may attack
                # (but not move) at the end of the Action phase during the turn they're summoned."
                play.emit(ev.SlotAdded(figure=summoned.figure.id, reason=SUMMON))
    caster = play.figure(caster.id)
    if cast is not None and SPELLS[cast.spell].school == "Curse" and has_affinity(caster, CURSE_III):
        # Curse III (line 1357): "If you successfully casted a Curse Spell last turn..."
        play.emit(ev.CurseRemembered(caster=caster.id, spell=cast.spell, power=cast.power))
    if cast is not None and SPELLS[cast.spell].school == "Conjuration" and has_affinity(caster, CONJURATION) \
            and play.state.phase == "actions" and caster.active \
            and any(f.team != caster.team and f.active for f in play.state.figures):
        # Conjuration (line 1226): the weapon attack that may follow, waiting for `use_discipline`.
        play.emit(ev.DisciplineDeclared(figure=caster.id, discipline=CONJURATION))


def _copy(play: Play, caster: Figure, cast: ev.SpellCast) -> None:
    """Staff & Wand Affinity: Furtherance II (line 1282): "When you cast a Furtherance Spell on an
    ally, you gain a copy of the Spell on yourself at no initial cost. However, on subsequent turns
    when you incur the maintenance cost, you incur the E for both Spells. You may choose to drop one
    of the Spells without dropping the other." The copy is a spell of the caster on itself, paid
    and let go on its own (`cancel_spell` with `target`); a Spell Shield or Immunity on the caster
    keeps it off as it keeps off any other Spell (line 1534)."""
    spell = SPELLS[cast.spell]
    target = play.state.figure(cast.target)
    if spell.school != "Furtherance" or target is None or target.id == caster.id or target.team != caster.team:
        return
    if not any(s.spell == cast.spell and s.caster == caster.id and s.target == target.id for s in play.state.spells):
        return  # kept off its target (a Spell Shield, Immunity): nothing was cast to copy
    if casting._shielded(play, spell, caster):
        return
    play.emit(ev.SpellCopied(caster=caster.id, spell=cast.spell, power=cast.power, duration=cast.duration,
                             rules=cast.rules))
    if spell.name not in edition(play).spells_enforced:
        play.emit(ev.TableApplied(figure=caster.id, source="spell", name=spell.name, target=caster.id,
                                  line=spell.line, text=spell.text))


def summoned_now(state: CombatState, figure: Figure) -> bool:
    """A creature summoned this turn (its slot this turn is Summon's)."""
    return any(s.rules and s.spell in summons.STAT_BLOCKS and s.cast_turn == state.turn
               and summon_id(s.spell, s.caster, s.cast_turn) == figure.id for s in state.spells)


# ---- Conjuration: a weapon attack right after the cast ---------------------------------------


def attack_waits(state: CombatState, figure: Figure) -> bool:
    """Whether the figure's slot waits for Conjuration's attack (or its refusal)."""
    return state.current == figure.id and declared(state, figure, CONJURATION)


def _act_cast(play: Play, command: cmd.CastSpell) -> None:
    """The cast as the Action (actions.py `act`), but a successful Conjuration Spell of a hero with
    Staff & Wand Affinity: Conjuration keeps its slot open for the attack that may follow."""
    act(play, command, _cast, goes_on=lambda now, figure: attack_waits(now.state, figure))


def conjuration_attack(play: Play, command: cmd.UseDiscipline) -> None:
    """Staff & Wand Affinity: Conjuration (line 1226): "If you successfully cast a Conjuration
    spell, you can immediately make an attack with a weapon." Right after the cast, in the same
    slot, `use_discipline` with `target` strikes that foe with the first weapon in hand (a staff
    is one; a wand deals no damage, line 969); without `target` the hero lets the attack go. The
    cast's Action ends then."""
    figure = play.figure(command.figure)
    require_phase(play.state, "actions")
    if not attack_waits(play.state, figure):
        raise RuleViolation("conjuration-attack", f"{CONJURATION}: the attack follows at once a Conjuration Spell "
                                                  f"{figure.name} cast successfully as its Action")
    ready = []
    if command.target is not None:
        weapon = weapon_in_hand(figure, None)
        if weapon.name.lower() == "wand" or weapon.damage == "0":
            raise RuleViolation("conjuration-attack", "a wand is no weapon to attack with (line 969)")
        ready = ready_strikes(play, figure, [cmd.StrikeOrder(target=command.target, weapon=weapon.name)])
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=CONJURATION, target=command.target))
    play.emit(ev.SpellEnded(caster=figure.id, spell=CONJURATION, target=figure.id,
                            reason="attacked" if ready else "no attack"))
    if ready:
        # In the Attack's steps, with its Karma windows (v6/karma_steps.py): the Action is done when
        # the strike is (`go_on` ends it when it waits).
        karma_steps.in_steps(play, play.figure(figure.id), command, ready, in_action=False)
        return
    play.emit(ev.ActionDone(figure=figure.id, action="cast_spell"))
    advance(play)


def delay(play: Play, command: cmd.Delay) -> None:
    """A hero waiting to make Conjuration's attack does not delay (its Action is under way), nor
    does a creature summoned this turn (Summon: it attacks "at the end of the Action phase")."""
    figure = play.figure(command.figure)
    if attack_waits(play.state, figure):
        raise RuleViolation("conjuration-attack", f"{CONJURATION}: attack (`use_discipline` with `target`) or let "
                                                  "the attack go (without)")
    if summoned_now(play.state, figure):
        raise RuleViolation("summoned-attacks", f"{figure.name} was summoned this turn: it attacks or passes")
    actions.delay(play, command)


# ---- version 6's rows for `cast_spell` and `use_discipline` -------------------------------------


def cast_spell(play: Play, command: cmd.CastSpell) -> None:
    """A Spell cast as the Action (version 5's casting with the Affinities' additions), or an
    Enchantment Spell in the Movement phase (Enchantment I-III)."""
    if play.state.phase == "movement":
        cast_in_movement(play, command)
    else:
        _act_cast(play, command)


# The Affinities `use_discipline` names in combat (v6/version.py routes them here).
USED_IN_COMBAT = frozenset({CURSE_I, CURSE_II, CURSE_III, CONJURATION})


def use(play: Play, command: cmd.UseDiscipline) -> None:
    """Curse I declared before the Action phase, Curse II in the Movement phase, Curse III before
    the Action, Conjuration's attack after its cast; every other Discipline as version 5 uses it."""
    if command.discipline == CURSE_I:
        declare_curse(play, play.figure(command.figure), command)
    elif command.discipline == CONJURATION:
        conjuration_attack(play, command)
    elif command.discipline == CURSE_II:
        curse_ii(play, command)
    elif command.discipline == CURSE_III:
        curse_iii(play, command)
    else:
        using.use(play, command)


class AffinityPassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""

    def order_group(self, state: CombatState, figure: Figure) -> int:
        # Curse I (line 1228): "you may take your Action first before all other combatants".
        if declared(state, figure, CURSE_I):
            return 0
        return super().order_group(state, figure)

    def movement(self, play: Play, figure: Figure) -> int:
        added = super().movement(play, figure)
        if declared(play.state, figure, CURSE_II):
            # Curse II (line 1325): "if you only move a maximum of one hex".
            return added - max(0, movement_points(figure) + added - 1)
        return added

    def check_action(self, play: Play, figure: Figure, command: msgspec.Struct) -> None:
        if attack_waits(play.state, figure):
            raise RuleViolation("conjuration-attack", f"{CONJURATION}: {figure.name}'s cast waits for its attack "
                                                      "(`use_discipline` with `target`) or none (without)")
        if declared(play.state, figure, CURSE_I) and not isinstance(command, cmd.PassAction) and not (
                isinstance(command, cmd.CastSpell) and (s := SPELLS.get(command.spell)) is not None
                and s.school == "Curse"):
            raise RuleViolation("curse-first", f"{figure.name} declared Curse I: its Action first is a Curse Spell "
                                               "cast (line 1228), or none")
        _no_second_cast(play, figure, command)
        if summoned_now(play.state, figure) and not isinstance(command, cmd.Attack | cmd.PassAction):
            raise RuleViolation("summoned-attacks", f"{figure.name} was summoned this turn: it may attack (but not "
                                                    "move) at the end of the Action phase (line 1234)")
        super().check_action(play, figure, command)
