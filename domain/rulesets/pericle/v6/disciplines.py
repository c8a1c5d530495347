"""Version 6's Disciplines (seed 001, Appendix: Disciplines): always on (`DisciplinePassives`)
and used (`USED`), and the commands whose rows version 6 plays by this module (v6/version.py):
`ready_weapons` (Quick Draw I-IV in the Movement phase, and IV's as an Action), `use_discipline`
(Shield Bash II's push declared for a Defend, Spell Strike declared) and `roll_initiative`
(Stalker); Spell Strike's `cast_spell` through version 5's casting (`strikes_before_casting`).
Each effect quotes its seed line."""

from __future__ import annotations

import dataclasses
from typing import Any

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.pericle import board, poison, turns
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import act
from domain.rulesets.pericle.actions import ready_weapons as ready_as_an_action
from domain.rulesets.pericle.dice import check
from domain.rulesets.pericle.movement import athletics
from domain.rulesets.pericle.play import RUNNING, Play, acting_for_team, require_phase
from domain.rulesets.pericle.state import CombatState, Figure
from domain.rulesets.pericle.strikes import ready_strikes, weapon_in_hand
from domain.rulesets.pericle.turns import can_move, not_surprised
from domain.rulesets.pericle.v4.book import SPELLS
from domain.rulesets.pericle.v5 import attack_steps, casting, using
from domain.rulesets.pericle.v5 import sight as v5_sight
from domain.rulesets.pericle.v5.passives import V5Passives, declared
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect

SPELL_EFFECTS: dict[str, SpellEffect] = {}
USED: dict[str, UsedEffect] = {}

SHOTS = ("ranged", "thrown")  # "a ranged attack" (Sharpshooter I and II, lines 1149 and 1272)
SHARPSHOOTER_II = "Complete Cover (Sharpshooter II)"  # the one Defense Die of line 1272
SPELL_TENACITY = 2  # "subtract two points from their opposed AD score" (line 1323)


# ---- Quick Draw I-IV (lines 1215, 1319, 1343, 1355) -------------------------------------------

QUICK_DRAWS = ("Quick Draw I", "Quick Draw II", "Quick Draw III", "Quick Draw IV")


def _quick_drawn(state: CombatState, figure: Figure) -> bool:
    """A Quick Draw of the Movement phase made this turn ("Once per turn", lines 1343, 1355)."""
    return any(s.spell in QUICK_DRAWS and s.caster == figure.id and s.cast_turn == state.turn for s in state.spells)


def _changes(figure: Figure, command: cmd.ReadyWeapons) -> tuple[tuple[str, ...], list[str], list[str]]:
    """What the hands will hold, what is drawn, what leaves them: the items carried, two hands."""
    wanted = tuple(item.lower() for item in command.in_hand)
    carried = {w.name.lower() for w in figure.weapons} | ({"shield"} if figure.shield else set()) | set(figure.in_hand)
    unknown = [item for item in wanted if item not in carried]
    if unknown:
        raise RuleViolation("not-carried", f"{figure.name} does not carry {unknown}")
    if len(set(wanted)) != len(wanted) or figure.hands(wanted) > 2:
        raise RuleViolation("hands", "two hands: a two-handed weapon takes both")
    drawn = [item for item in wanted if item not in figure.in_hand]
    left = [item for item in figure.in_hand if item not in wanted]
    return wanted, drawn, left


def _drawable(figure: Figure, item: str, *, shield: bool) -> None:
    """Quick Draw I (line 1215) draws "a weapon"; II (line 1319) "a weapon or shield"."""
    if item == "shield" and not shield:
        raise RuleViolation("quick-draw", "Quick Draw I draws a weapon; a shield needs Quick Draw II")
    if item != "shield" and figure.weapon(item) is None:
        raise RuleViolation("quick-draw", f"Quick Draw draws a weapon or a shield, not the {item}")


def _dropped_for_a_hand(figure: Figure, wanted: tuple[str, ...], left: list[str],
                        sheathed: list[str]) -> tuple[str, ...]:
    """Line 1215: "If you do not have a free hand, you must first drop a held item"; line 1319:
    "If you successfully draw a weapon and you do not have a free hand, then you must drop one item
    from your hand in the hex where your hero is". What leaves the hands and is not sheathed is
    dropped, and only to free a hand for the weapon drawn."""
    dropped = tuple(item for item in left if item not in sheathed)
    for item in dropped:
        if figure.hands((*wanted, item)) <= 2:
            raise RuleViolation("quick-draw", f"{figure.name} has a hand free for it: the {item} is not dropped")
    return dropped


def ready_weapons(play: Play, command: cmd.ReadyWeapons) -> None:
    """Version 6's `ready_weapons`: in the figure's team's Movement phase a Quick Draw (instead of
    moving with I; after the move with II-IV); as the Action, version 5's, or Quick Draw IV's
    sheathing and drawing after a run."""
    if play.state.phase == "movement":
        quick_draw(play, command)
    else:
        act(play, command, _as_an_action)


def _as_an_action(play: Play, figure: Figure, command: cmd.ReadyWeapons) -> None:
    """Quick Draw IV (line 1355): "You may also sheath and draw a weapon as an Action": after a run
    too (which otherwise leaves only dropping what is held and drawing one item, actions.py): one
    item sheathed and one drawn, nothing dropped."""
    if figure.moved <= RUNNING or "Quick Draw IV" not in figure.disciplines:
        ready_as_an_action(play, figure, command)
        return
    _, drawn, left = _changes(figure, command)
    if len(drawn) > 1 or len(left) > 1:
        raise RuleViolation("ran", "after running, Quick Draw IV sheathes one weapon and draws one as the Action")
    # Judged as a draw after a short move (the hands, a Grapple), which is what IV grants.
    ready_as_an_action(play, msgspec.structs.replace(figure, moved=0), command)


def quick_draw(play: Play, command: cmd.ReadyWeapons) -> None:
    """Quick Draw I (line 1215): "If you have a free hand, you may draw a weapon instead of moving.
    If you do not have a free hand, you must first drop a held item. You may attack with the weapon
    during the Action phase." Quick Draw II (line 1319): "You may draw a weapon or shield and move
    on the same turn during the Movement phase with a successful Moderate Athletics check (AD+0).
    Move your standee, then make your Athletics check. If you fail your check, your movement does
    not change but you do not draw your weapon. ... Alternatively, instead of drawing a weapon, you
    may sheath a weapon or shield while moving with a successful Athletics check." Quick Draw III
    (line 1343): "Once per turn, as per Quick Draw II, you may draw a weapon in combination with a
    Movement, but now without making an Athletics check." Quick Draw IV (line 1355): "Once per
    turn, you may draw a weapon and sheath a weapon in combination with a Movement without making
    an Athletics check."

    Before the figure has moved this Movement phase, `ready_weapons` is Quick Draw I, instead of
    moving; after its move, Quick Draw II-IV with that Movement, once a turn."""
    figure = play.figure(command.figure)
    require_phase(play.state, "movement")
    known = [name for name in QUICK_DRAWS if name in figure.disciplines]
    if not known:
        raise RuleViolation("wrong-phase", "weapons are readied as an Action; in the Movement phase only with "
                                           "Quick Draw")
    if figure.team != play.state.moving:
        raise RuleViolation("not-your-movement", f"a Quick Draw is made in {figure.name}'s team's Movement phase")
    if command.cancel_spells:
        raise RuleViolation("quick-draw", "spells are let go at the start of an Action, not with a Quick Draw")
    not_surprised(play.state, figure)
    can_move(play, figure)
    if _quick_drawn(play.state, figure):
        raise RuleViolation("quick-draw", f"{figure.name} has made its Quick Draw this turn")
    wanted, drawn, left = _changes(figure, command)
    shield = "Quick Draw II" in known
    if figure.id not in play.state.moved_figures:
        # Quick Draw I, instead of moving: one weapon drawn.
        if len(drawn) != 1:
            raise RuleViolation("quick-draw", "Quick Draw I draws one weapon instead of moving")
        _drawable(figure, drawn[0], shield=shield)
        dropped = _dropped_for_a_hand(figure, wanted, left, [])
        play.emit(ev.DisciplineUsed(figure=figure.id, discipline="Quick Draw I", instead_of_moving=True))
        play.emit(ev.WeaponsReadied(figure=figure.id, in_hand=wanted, dropped=dropped))
        play.emit(ev.DisciplineDeclared(figure=figure.id, discipline="Quick Draw I"))
        return
    if not shield:
        raise RuleViolation("quick-draw", "drawing in combination with a Movement needs Quick Draw II; Quick Draw I "
                                          "draws instead of moving")
    both = len(drawn) == 1 and len(left) >= 1 and "Quick Draw IV" in known
    if both:
        # IV: one drawn, one sheathed; anything else leaving the hands is dropped for a free hand.
        sheathed, name = left[:1], "Quick Draw IV"
    elif len(drawn) == 1:
        sheathed, name = [], ("Quick Draw III" if "Quick Draw III" in known else "Quick Draw II")
    elif not drawn and len(left) == 1:
        sheathed, name = list(left), ("Quick Draw III" if "Quick Draw III" in known else "Quick Draw II")
        # "sheath a weapon or shield": III's and IV's "without making an Athletics check" cover it.
    else:
        raise RuleViolation("quick-draw", "with a Movement, a Quick Draw draws one weapon or shield or sheathes one "
                                          "(Quick Draw IV: draws one and sheathes one)")
    for item in drawn:
        _drawable(figure, item, shield=True)
    dropped = _dropped_for_a_hand(figure, wanted, left, sheathed)
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=name))
    play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=name))
    if name == "Quick Draw II" and not athletics(play, figure, "Moderate", "draw or sheathe while moving "
                                                                           "(Quick Draw II)"):
        return  # "your movement does not change but you do not draw your weapon"
    play.emit(ev.WeaponsReadied(figure=figure.id, in_hand=wanted, dropped=dropped))


# ---- Stalker (line 1327) -----------------------------------------------------------------------


def roll_initiative(play: Play, command: cmd.RollInitiative) -> None:
    """Stalker (line 1327): "At the beginning of combat, if the party wins Initiative then the hero
    with Stalker may attempt a successful KN check. If successful, the hero with Stalker gains a
    full Surprise turn (Movement and Action) before the combat starts, before any other hero or foe
    acts. After this Surprise turn, the Movement phase of combat will begin. The Stalking hero still
    gets their regular Movement and Action phases during the first full turn of combat."

    The combat's first Initiative (no turn played yet, no Surprise of the encounter's) won by the
    party: each active hero with Stalker makes its KN check (at its KN); those that succeed take
    turn 1 alone as a Surprise turn (turns.py `stalked_out`: the others neither move, turn, declare
    nor act; the enemies are surprised, PER-SURPRISE). The next `roll_initiative` rolls nothing:
    the Initiative the party won stands for turn 2, the first full turn."""
    state = play.state
    if state.phase == "initiative" and state.turn == 1 and turns.stalkers(state):
        require_phase(state, "initiative")
        acting_for_team(play, "heroes")
        play.emit(ev.InitiativeRolled(turn=state.turn + 1, winner="heroes"))
        return
    opening = state.turn == 0
    turns.roll_initiative(play, command)
    if not opening or play.state.initiative != "heroes":
        return
    stalking = []
    for hero in play.state.team("heroes"):
        if hero.active and turns.STALKER in hero.disciplines:
            rolled = check(play.dice, f"{hero.name}: Stalker", hero.kn, poison.penalty(hero),
                           fortune=play.passives.luck(play, hero))
            play.emit(ev.CheckMade(figure=hero.id, purpose="KN check to stalk (Stalker)", check=rolled))
            if rolled.success:
                stalking.append(hero)
    for hero in stalking:
        play.emit(ev.DisciplineUsed(figure=hero.id, discipline=turns.STALKER))
        play.emit(ev.DisciplineDeclared(figure=hero.id, discipline=turns.STALKER))
    if stalking:
        play.emit(ev.SurpriseTurnBegan(team="heroes"))


# ---- Shield Bash II's push when Defending (line 1224) ---------------------------------------

SHIELD_PUSHES = ("Shield Bash II", "Shield Bash III")


def use(play: Play, command: cmd.UseDiscipline) -> None:
    """Version 6's `use_discipline`: in the declarations, Shield Bash II or III chosen for a Defend
    and Spell Strike declared; anything else as version 5 (v5/using.py)."""
    if play.state.phase == "declare" and command.discipline in (*SHIELD_PUSHES, SPELL_STRIKE):
        declare(play, command)
    else:
        using.use(play, command)


def declare(play: Play, command: cmd.UseDiscipline) -> None:
    """`use_discipline` in the declarations for Shield Bash II or III and Spell Strike."""
    require_phase(play.state, "declare")
    figure = play.figure(command.figure)
    if command.discipline == SPELL_STRIKE:
        if command.target is not None or command.at is not None or command.on_failure is not None \
                or command.follow is not None:
            raise RuleViolation("discipline-fields", "Spell Strike is declared alone: its foe and Spell are the "
                                                     "`cast_spell` of the hero's Action")
        declare_spell_strike(play, figure)
    else:
        _declare_push(play, figure, command)


def _declare_push(play: Play, figure: Figure, command: cmd.UseDiscipline) -> None:
    """Shield Bash II (line 1224): "You may also make a shield bash push against an adjacent foe
    that attacks you if you're Defending and you roll any die face other than a blank." Shield
    Bash III (line 1274): "Instead of either attacking with your shield or pushing with your
    shield, you may do both." Declared after Defend, with `follow` (step into the hex the foe
    leaves, line 1219); the foe is pushed straight back (the choice of the three hexes behind
    it cannot wait for the attack that brings it: see docs/pericle-6-notes.md)."""
    name = command.discipline
    if name not in figure.disciplines:
        raise RuleViolation("discipline-unknown", f"{figure.name} has not learned {name!r}")
    not_surprised(play.state, figure)
    if not figure.defending:
        raise RuleViolation("shield-bash", f"{name} is declared for a Defend: declare Defend first")
    if command.target is not None or command.at is not None or command.on_failure is not None:
        raise RuleViolation("discipline-fields", "the push when Defending takes only `follow`")
    if "shield" not in figure.in_hand:
        raise RuleViolation("shield-bash", "a Shield Bash needs a shield in hand")
    if any(s.caster == figure.id and s.spell in SHIELD_PUSHES and s.cast_turn == play.state.turn
           for s in play.state.spells):
        raise RuleViolation("discipline-active", f"{figure.name} has declared its push this turn")
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=name))
    play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=name))
    if command.follow:
        play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=FOLLOWS))


FOLLOWS = "Shield Bash: step in"  # declared with the push: the hero steps into the hex the foe left


def _declared_push(state: CombatState, figure: Figure) -> str | None:
    return next((s.spell for s in state.spells if s.caster == figure.id and s.spell in SHIELD_PUSHES
                 and s.cast_turn == state.turn), None)


class DisciplinePassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""

    # ---- Sharpshooter II (line 1272) ----

    def past_complete_cover(self, play: Play, attacker: Figure, target: Figure, kind: str) -> list[str] | None:
        """Sharpshooter II (line 1272): "when attacking with a ranged attack, you may shoot through
        an ally's hex at a target even if your ally provides complete cover. If your target has
        complete cover from a source other than your allies, your target gains one Defense Die
        against your attack." Walls, closed doors and the like still give a Complete Cover that
        cannot be shot through (Sharpshooter I, line 1149: "You still cannot target a foe that has
        complete cover"; line 414): the other source is another combatant, a foe or a neutral
        figure standing in the way (docs/pericle-6-notes.md)."""
        if kind not in SHOTS or "Sharpshooter II" not in attacker.disciplines:
            return super().past_complete_cover(play, attacker, target, kind)
        if play.settings.REVISION < v5_sight.REVISION:
            return super().past_complete_cover(play, attacker, target, kind)
        state = play.state
        if _cover(state, attacker, target, tuple(f.id for f in state.figures)) == "complete":
            return None  # walls and closed doors alone
        sight = _cover(state, attacker, target, tuple(f.id for f in state.figures if f.team == attacker.team))
        if sight == "complete":
            return [SHARPSHOOTER_II]
        return ["Partial Cover"] if sight == "partial" else []

    def rolls_past_allies(self, play: Play, attacker: Figure, target: Figure, kind: str) -> bool:
        """Sharpshooter II (line 1272): "If you miss, you must make a successful attack roll to
        miss your ally. If you fail on your roll to miss your ally, you instead damage your ally":
        a shot through an ally's complete cover rolls past the allies in the way (Sharpshooter I
        spares it only those giving partial cover, line 1149)."""
        if kind in SHOTS and "Sharpshooter II" in attacker.disciplines \
                and play.settings.REVISION >= v5_sight.REVISION \
                and v5_sight.line_cover(play, attacker, target) == "complete":
            return True
        return super().rolls_past_allies(play, attacker, target, kind)

    # ---- Shield Bash II and III when Defending (lines 1224, 1274) ----

    def bashes_back(self, play: Play, defender: Figure, attacker: Figure) -> bool:
        # Line 1219: "Instead of taking a second attack with your shield, you may instead choose to
        # make a MT check"; III (line 1274) does both. Where no push can be made (a foe of more
        # than one hex, in the air), Shield Bash I's bash back stays.
        pushing = _declared_push(play.state, defender) == "Shield Bash II" and _pushable(defender, attacker)
        return not pushing and super().bashes_back(play, defender, attacker)

    def after_strike(self, play: Play, strike: ev.Strike) -> None:
        super().after_strike(play, strike)
        if strike.kind in ("stray", "shield bash back"):
            return
        defender, attacker = play.state.figure(strike.target), play.state.figure(strike.attacker)
        if defender is None or attacker is None or _declared_push(play.state, defender) is None:
            return
        if not (defender.active and attacker.active and _pushable(defender, attacker)):
            return
        if all(face == "blank" for face in strike.check.defense_faces):
            return  # "if ... you roll any die face other than a blank"
        follow = any(s.caster == defender.id and s.spell == FOLLOWS and s.cast_turn == play.state.turn
                     for s in play.state.spells)
        straight_back = using._rear(defender, attacker)[1]
        using._push(play, defender, attacker.id, straight_back, follow, _declared_push(play.state, defender) or "")

    # ---- Spell Strike (line 1167) ----

    def strikes_before_casting(self, play: Play, caster: Figure, command: cmd.CastSpell) -> bool:
        """Spell Strike: a `cast_spell` of a hero that declared it, a thrown Spell at a foe, is the
        strike and then (`_spell_strike`, which casts by calling the casting again) the cast."""
        if isinstance(play.dice, _Unrolled) or not _spell_strike_now(play.state, command) \
                or _struck(play, caster):
            return super().strikes_before_casting(play, caster, command)
        _spell_strike(play, caster, command)
        return True

    # ---- Spell Tenacity (line 1323) ----

    def spell_tenacity(self, caster: Figure) -> int:
        # Line 1323: "A hero with Spell Tenacity can require the target to subtract two points from
        # their opposed AD score for Spells that require an opposed check."
        return SPELL_TENACITY if "Spell Tenacity" in caster.disciplines else super().spell_tenacity(caster)


def _pushable(defender: Figure, attacker: Figure) -> bool:
    """Shield Bash II's push when Defending (line 1224: "an adjacent foe that attacks you if you're
    Defending"), by the push's own rules (v5/using.py `push_ready`): one-hex figures, neither in a
    Grapple, on the same level, the shield in hand, the defender on its feet."""
    return defender.defending and defender.standing and "shield" in defender.in_hand \
        and defender.size == 1 and attacker.size == 1 and not attacker.grappled_with \
        and not defender.grappled_with and attacker.airborne == defender.airborne and board.gap(defender, attacker) == 1


# ---- Spell Strike (line 1167) -------------------------------------------------------------------

SPELL_STRIKE = "Spell Strike"


class _BeforeTheDice(Exception):
    """Raised by `_Unrolled` at the first die: every check made before it has passed."""


class _Unrolled:
    """Dice that stop a rule at its first roll (`_castable`)."""

    commitment = "0" * 64

    def start(self, purpose: str) -> Any:
        raise _BeforeTheDice(purpose)


def _castable(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    """Every check version 5's casting makes before its first die (v5/casting.py rolls nothing
    before it has judged the cast), made on the field as it stands, nothing emitted."""
    trial = Play(dataclasses.replace(play.ctx, dice=_Unrolled(), state=play.state), play.passives)  # type: ignore[arg-type]
    try:
        casting.cast_spell(trial, trial.figure(caster.id), command)
    except _BeforeTheDice:
        return


def declare_spell_strike(play: Play, figure: Figure) -> None:
    """Spell Strike (line 1167): "You must declare that you are using Spell Strike and which Spell
    you will be using before you attack": declared with the Defend declarations; the Spell is named
    by the hero's Action, a `cast_spell` of a thrown Spell at the foe it strikes."""
    if SPELL_STRIKE not in figure.disciplines:
        raise RuleViolation("discipline-unknown", f"{figure.name} has not learned {SPELL_STRIKE!r}")
    turns.may_declare(play.state, figure)
    if declared(play.state, figure, SPELL_STRIKE):
        raise RuleViolation("discipline-active", f"{figure.name} has declared Spell Strike this turn")
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=SPELL_STRIKE))
    play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=SPELL_STRIKE))


def _spell_strike(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    """Spell Strike (line 1167): "You may cast a thrown Spell when making a melee attack. ... If you
    successfully strike with your melee weapon, you may then roll an AD check to cast your Spell
    against the target you just hit with your weapon. If your weapon attack misses, the Spell is
    also automatically unsuccessful. However, if the attack hits but the Spell casting is
    unsuccessful, you still roll your attack damage but the Spell fails." One strike at the foe with
    the weapon in the hero's first hand (a melee weapon), then, on a hit, the cast by version 5's
    casting (Base AD check, Exhaustion on success). Both are judged before any die."""
    target = play.figure(command.target)
    order = cmd.StrikeOrder(target=target.id)
    weapon = weapon_in_hand(caster, None)
    if not weapon.melee:
        raise RuleViolation("spell-strike", f"Spell Strike casts with a melee attack: {caster.name} holds a "
                                            f"{weapon.name}")
    ready = ready_strikes(play, caster, [order])
    _castable(play, caster, command)
    # The blow in the Attack's steps, with its Karma windows (v6/karma_steps.py); the cast follows it
    # (`cast_after_the_blow`, by `Passives.strikes_done`), in this command or in the `go_on` that ends it.
    attack_steps.strike_in_steps(play, caster.id, command, ready, in_action=True)


def cast_after_the_blow(play: Play, caster_id: str, sent: dict[str, Any], blow: ev.Strike | None) -> None:
    """Spell Strike's cast once its blow is finished (`sent`: the `cast_spell` with the blow's order):
    "If your weapon attack misses, the Spell is also automatically unsuccessful" (line 1167)."""
    command = attack_steps.command_of(sent, cmd.CastSpell)
    caster, target = play.figure(caster_id), play.figure(command.target)
    if not (blow is not None and blow.hit and blow.attacker == caster.id and blow.target == target.id
            and blow.kind in ("melee", "reach") and caster.active and target.active):
        return
    try:
        _castable(play, caster, command)
    except RuleViolation:
        return  # the blow left no cast to make (the foe out of the caster's sight or front)
    casting.cast_spell(play, caster, command)


def _struck(play: Play, caster: Figure) -> bool:
    """Whether the caster has struck in this command already: its Spell Strike's blow is made (its
    attack roll, or in a `go_on` its finish), the cast follows."""
    return any((isinstance(e, ev.Attacked) and any(s.attacker == caster.id for s in e.strikes))
               or (isinstance(e, ev.AttackRolled) and e.pending.attacker == caster.id)
               or isinstance(e, ev.StrikeFinished) for e in play.events)


def _spell_strike_now(state: CombatState, command: msgspec.Struct) -> bool:
    """A `cast_spell` played as Spell Strike: in the Action phase, by a hero that declared it this
    turn, of a thrown Spell ([T]) at a foe."""
    if not isinstance(command, cmd.CastSpell) or state.phase != "actions":
        return False
    caster, target, spell = state.figure(command.figure), state.figure(command.target), SPELLS.get(command.spell)
    return caster is not None and target is not None and spell is not None and spell.category == "T" \
        and target.team != caster.team and declared(state, caster, SPELL_STRIKE)


def _cover(state: CombatState, shooter: Figure, target: Figure, ignored: tuple[str, ...]) -> str:
    """The cover of the clearest line between the two bases (v5/sight.py `sight_pair`) with these
    figures' hexes no obstruction."""
    complete = board.walls(state) | v5_sight.combatants(state, ignore=(shooter.id, target.id, *ignored))
    partial = frozenset(state.encounter.map.furniture)
    found = [v5_sight.cover(a, b, complete, partial) for a in shooter.hexes for b in target.hexes]
    return min(found, key=lambda c: board.COVER_RANK[c])

