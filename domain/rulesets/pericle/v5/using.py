"""Version 5's `use_discipline`: the used Disciplines whose effect the server applies (Whirlwind
Attack, Taunt I and II, Acrobatics I's standing up, Polearm Trip and Martial Arts III's trip,
Marksmanship declared, Berserk left), the rest recorded for the table as in
version 4, and the always-on ones refused by version 5's table (seed 001, Appendix: Disciplines,
lines 1131-1361)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.errors import RuleViolation
from domain.hexes import DIRECTIONS, Hex, distance
from domain.rulesets.pericle import board
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import act
from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.dice import Adjustment, check
from domain.rulesets.pericle.movement import _hazard, athletics, movement_points
from domain.rulesets.pericle.passives import Passives
from domain.rulesets.pericle.play import Play, require_phase
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.strikes import ReadyStrike, _plan, can_strike, ready_strikes, strike_all, weapon_in_hand
from domain.rulesets.pericle.turns import can_move, may_declare
from domain.rulesets.pericle.v4.book import DISCIPLINES
from domain.rulesets.pericle.v4.casting import BETWEEN_COMBATS, INSTEAD_OF_MOVING, use_instead_of_moving
from domain.rulesets.pericle.v5.passives import MARKSMANSHIP, berserk, edition, mixed

# Used instead of moving in version 5: version 4's, and Acrobatics I's standing up (line 1133:
# "you may get up from prone using your entire Movement phase instead of a full turn").
INSTEAD_OF_MOVING_V5 = INSTEAD_OF_MOVING | {"Acrobatics I"}
APPLIED_WHEN_USED = frozenset({"Whirlwind Attack", "Taunt I", "Taunt II", "Acrobatics I", "Polearm Trip",
                               "Martial Arts II", "Martial Arts III", "Shield Bash II", "Shield Bash III",
                               "Polearm Charge"})


def use(play: Play, command: cmd.UseDiscipline) -> None:
    """A Discipline declared before the Action phase, used in the Movement phase instead of
    moving, or else as the Action."""
    if (command.at is not None and command.discipline not in (*TUMBLES, *PUSHES)) \
            or (command.on_failure is not None and command.discipline not in TUMBLES) \
            or (command.follow is not None and command.discipline not in PUSHES):
        raise RuleViolation("discipline-fields", "`at` is a Tumble's or a push's, `on_failure` a Tumble's, `follow` "
                                                 "a push's")
    if command.discipline in MARKSMANSHIP:
        declare(play, play.figure(command.figure), command.discipline)
    elif command.discipline in TUMBLES:
        tumble(play, play.figure(command.figure), command)
    elif command.discipline == "Acrobatics II":
        stand_for_a_hex(play, play.figure(command.figure))
    elif command.discipline in INSTEAD_OF_MOVING_V5:
        use_instead_of_moving(play, command, use_discipline)
    else:
        act(play, command, use_discipline)


TUMBLES = ("Tumble I", "Tumble II")


def stand_for_a_hex(play: Play, figure: Figure) -> None:
    """Acrobatics II (line 1246): "During the Movement Phase, you may stand up from prone by
    spending one hex of Movement": the hero stands in its hex in its team's Movement, before its
    move, which then has one hex less."""
    require_phase(play.state, "movement")
    if "Acrobatics II" not in figure.disciplines:
        raise RuleViolation("discipline-unknown", f"{figure.name} has not learned 'Acrobatics II'")
    if figure.team != play.state.moving or figure.id in play.state.moved_figures:
        raise RuleViolation("not-your-movement", "Acrobatics II stands up in the hero's Movement, before it moves")
    can_move(play, figure)
    _can_stand(play, figure)
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline="Acrobatics II"))
    play.emit(ev.DisciplineDeclared(figure=figure.id, discipline="Acrobatics II"))
    play.emit(ev.StoodUp(figure=figure.id, hex=figure.hex))
    play.emit(ev.FigureMoved(figure=figure.id, path=(), facing=figure.facing, counted=1, reason="stood up"))


def tumble(play: Play, figure: Figure, command: cmd.UseDiscipline) -> None:
    """Tumble I (line 1240): "During the Movement phase, if you have additional Movement
    remaining, you may attempt to move one extra hex once you are Embattled with a foe by making an
    Athletics check (AD+0). Instead of ceasing movement when you become Embattled, you can attempt
    to Tumble. If your check is successful, you can Pivot one additional hex. You must remain
    adjacent to your foe. If you are Embattled by more than one foe, you must succeed at an
    Athletics check for all of them. ... If you fail any Athletics check, your Embattled foes get
    one free melee attack against you or you fall prone, your choice. With failure, you do not move
    the additional hex." Tumble II (line 1290): "if you successfully Tumble, you may repeatedly
    Tumble 1 hex indefinitely as long as you have remaining Movement by making a Tumble check for
    each hex until you fail a check". Used in the hero's team's Movement phase, after its move or
    instead of it, toward `at`; `on_failure` chooses beforehand what a failure brings."""
    name = command.discipline
    require_phase(play.state, "movement")
    if name not in figure.disciplines:
        raise RuleViolation("discipline-unknown", f"{figure.name} has not learned {name!r}")
    if figure.team != play.state.moving:
        raise RuleViolation("not-your-movement", f"{name} is part of {figure.name}'s move, in its team's Movement")
    can_move(play, figure)
    if figure.condition != "standing":
        raise RuleViolation("prone", "a prone figure does not Tumble")
    if command.at is None or command.on_failure is None:
        raise RuleViolation("tumble", f"{name}: name the hex to Pivot to (`at`) and what a failure brings "
                                      "(`on_failure`: the foes' free attacks or falling prone)")
    if any(s.caster == figure.id and s.spell in TUMBLES and s.cast_turn == play.state.turn for s in play.state.spells):
        raise RuleViolation("tumbled", "Tumble I is tried once a turn, Tumble II until a check fails")
    foes = board.embattled_by(play.state, figure)
    if not foes:
        raise RuleViolation("tumble", f"{figure.name} is not Embattled: it moves without tumbling")
    left = movement_points(figure) + play.passives.movement(play, figure) - figure.moved
    if left < 1:
        raise RuleViolation("movement-exceeded", f"{figure.name} has no Movement left to Tumble")
    moved = msgspec.structs.replace(figure, hex=command.at)
    if distance(figure.hex, command.at) != 1 or not board.base_fits(play.state, figure, command.at, figure.facing) \
            or any(board.gap(foe, moved) != 1 for foe in foes if board.gap(foe, figure) == 1):
        raise RuleViolation("pivot", "a Tumble Pivots one hex into a hex the hero fits in, staying adjacent to the "
                                     "foes it is Embattled with")
    ground = play.state.encounter.map
    if command.at in {h.hex for h in ground.hazards} or command.at in ground.pits \
            or board.lying_in(play.state, command.at, besides=figure.id):
        raise RuleViolation("pivot", "a Tumble Pivots onto clear ground (no hazard, pit or body)")
    # The free attacks a failure may bring, checked before any die: those foes that can strike.
    strikers = [(foe, weapon) for foe in foes if (weapon := _weapon_of(foe)) is not None
                and can_strike(play, foe, figure, weapon)]
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=name))
    for foe in foes:
        if not athletics(play, figure, "Moderate", f"Tumble past {foe.name}"):
            # Tumble I is tried once a turn; Tumble II ends with a failed check.
            play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=name))
            if command.on_failure == "prone":
                play.emit(ev.FellProne(figure=figure.id, reason=name))
            else:
                for striker, weapon in strikers:
                    order = cmd.StrikeOrder(target=figure.id, weapon=weapon.name)
                    strike_all(play, play.figure(striker.id), [order], ready=[(order, weapon, [])])
            return
    if name == "Tumble I":
        play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=name))
    play.emit(ev.FigureMoved(figure=figure.id, path=(command.at,), facing=figure.facing, counted=1, reason="tumble"))


def _weapon_of(figure: Figure) -> Weapon | None:
    """The weapon a figure strikes with when it names none (None: none it can use)."""
    try:
        return weapon_in_hand(figure, None)
    except RuleViolation:
        return None


def declare(play: Play, figure: Figure, name: str) -> None:
    """Marksmanship I (line 1262): "You must declare before you attack whether you are using
    Marksmanship. If so, you can only attack once in the turn, even if you have Double Shot, and
    you automatically attack last in the attack order"; an aimed shot with Marksmanship II (line
    1315: "When you take an aimed shot as per Marksman I") keeps the normal order. Declared with
    the Defend declarations, as it moves the hero in the Action Order."""
    require_phase(play.state, "declare")
    if name not in figure.disciplines:
        raise RuleViolation("discipline-unknown", f"{figure.name} has not learned {name!r}")
    may_declare(play.state, figure)
    if any(s.caster == figure.id and s.spell in MARKSMANSHIP and s.cast_turn == play.state.turn
           for s in play.state.spells):
        raise RuleViolation("discipline-active", f"{figure.name} has declared an aimed shot this turn")
    if not any((w := figure.weapon(item)) is not None and (w.bow or w.crossbow) for item in figure.in_hand):
        raise RuleViolation("marksmanship", "Marksmanship aims a bow or a crossbow: one must be in hand")
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=name))
    play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=name))


def use_discipline(play: Play, figure: Figure, command: cmd.UseDiscipline, instead_of_moving: bool = False) -> None:
    """Version 4's use of a learned Discipline, judged by version 5's table: the effects applied
    when used (`APPLIED_WHEN_USED`) are checked before any die, then applied; a Discipline that
    applies by itself is refused; any other is recorded for the table."""
    discipline = DISCIPLINES.get(command.discipline)
    if discipline is None or command.discipline not in figure.disciplines:
        raise RuleViolation("discipline-unknown", f"{figure.name} has not learned {command.discipline!r}")
    if discipline.name in BETWEEN_COMBATS:
        raise RuleViolation("discipline-between-combats", f"{discipline.name} is used during a Rest or Recovery, "
                                                          "not in combat")
    enforced = edition(play).disciplines_enforced
    if discipline.name in enforced and discipline.name not in APPLIED_WHEN_USED and not discipline.exhaustion \
            and discipline.name not in edition(play).applied_when_used:
        raise RuleViolation("discipline-passive", f"{discipline.name} applies by itself: {enforced[discipline.name]}")
    target = play.figure(command.target) if command.target is not None else None
    sustained = discipline.upkeep > 0
    if discipline.name == "Berserk" and berserk(play.state, figure):
        # Line 1250: "You must spend a Movement phase to exit Berserk."
        play.emit(ev.DisciplineUsed(figure=figure.id, discipline=discipline.name, instead_of_moving=instead_of_moving))
        kept = next(s for s in play.state.spells if s.spell == "Berserk" and s.caster == figure.id)
        play.emit(ev.SpellEnded(caster=figure.id, spell="Berserk", target=kept.target, reason="ended"))
        return
    if sustained and any(s.spell == discipline.name and s.caster == figure.id for s in play.state.spells):
        raise RuleViolation("discipline-active", f"{figure.name} is already in {discipline.name}")
    applied = edition(play).used(play, figure, discipline.name, target, command) \
        or _ready(play, figure, discipline.name, target, command.at, command.follow)
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=discipline.name, target=command.target,
                                exhaustion=discipline.exhaustion, sustained=sustained,
                                instead_of_moving=instead_of_moving))
    if applied is not None:
        applied()
    elif discipline.name not in enforced:
        play.emit(ev.TableApplied(figure=figure.id, source="discipline", name=discipline.name, target=command.target,
                                  line=discipline.line, text=discipline.text))


def _ready(play: Play, figure: Figure, name: str, target: Figure | None, at: Hex | None = None,
           follow: bool | None = None) -> Callable[[], None] | None:
    """The effect of a Discipline applied when used, checked now (before any die is drawn)."""
    if name == "Whirlwind Attack":
        ready = _whirlwind(play, figure)
        return lambda: strike_all(play, play.figure(figure.id), [order for order, _, _ in ready], ready=ready)
    if name in ("Taunt I", "Taunt II"):
        foes = _taunted(play, figure, name, target)
        return lambda: _taunt(play, figure, name, foes)
    if name in PUSHES:
        return push_ready(play, figure, name, target, at, follow)
    if name == "Polearm Charge":
        charge = _charge_strike(play, figure, target)
        return lambda: _charge(play, figure, charge)
    if name == "Acrobatics I":
        _can_stand(play, figure)
        return lambda: play.emit(ev.StoodUp(figure=figure.id, hex=figure.hex))
    if name in TRIPS:
        ready = _trip_strike(play, figure, name, target)
        return lambda: _strike_and_trip(play, figure, name, ready)
    return None


# Used as the Action: Martial Arts II (line 1264): "Instead of attacking, you may attempt to move
# an adjacent foe by making a MT check as described in the Shield Bash II Discipline"; Shield Bash
# II (line 1219): "Instead of taking a second attack with your shield, you may instead choose to
# make a MT check against a foe Embattled with you" (the hero's main attack at the foe, then the
# push); Shield Bash III (line 1274): "Instead of either attacking with your shield or pushing
# with your shield, you may do both. This means that you may make an opposed MT push in addition
# to an attack" (the main attack, the shield's strike, then the push).
PUSHES = ("Martial Arts II", "Shield Bash II", "Shield Bash III")


def _rear(pusher: Figure, foe: Figure) -> list[Hex]:
    """"one of the three hexes immediately behind it", seen from the pusher."""
    step = Hex(foe.hex.q - pusher.hex.q, foe.hex.r - pusher.hex.r)
    index = DIRECTIONS.index(step)
    return [foe.hex + DIRECTIONS[(index + turn) % 6] for turn in (-1, 0, 1)]


def _clear(play: Play, figure: Figure, h: Hex) -> bool:
    """Empty ground the figure can stand on: no one standing there, no wall, pit or hazard."""
    ground = play.state.encounter.map
    return board.base_fits(play.state, figure, h, figure.facing) and h not in ground.pits \
        and h not in {hazard.hex for hazard in ground.hazards}


def push_ready(play: Play, figure: Figure, name: str, target: Figure | None, at: Hex | None,
               follow: bool | None) -> Callable[[], None]:
    """Everything a push needs, checked before any die."""
    ready = push_strikes(play, figure, name, target, at)
    assert target is not None and at is not None

    def run() -> None:
        if ready:
            strike_all(play, play.figure(figure.id), [order for order, _, _ in ready], ready=ready)
        _push(play, play.figure(figure.id), target.id, at, bool(follow), name)

    return run


def push_strikes(play: Play, figure: Figure, name: str, target: Figure | None, at: Hex | None) -> list[ReadyStrike]:
    """The checks of a push, before any die, and the strikes before it (Shield Bash II's main attack,
    Shield Bash III's and its shield's; none for Martial Arts II)."""
    if target is None or at is None:
        raise RuleViolation("push", f"{name}: name the foe (`target`) and the hex behind it to push it into (`at`)")
    if target.team == figure.team or not target.active or target.grappled_with or figure.grappled_with:
        raise RuleViolation("push", f"{target.name} is not a foe that can be pushed")
    if figure.size != 1 or target.size != 1 or board.gap(figure, target) != 1 or not board.in_front(figure, target):
        raise RuleViolation("push", "a push drives a one-hex foe in the one-hex pusher's front hexes")
    if at not in _rear(figure, target):
        raise RuleViolation("push", "a foe is pushed into one of the three hexes immediately behind it")
    ready: list[ReadyStrike] = []
    if name in ("Shield Bash II", "Shield Bash III"):
        if "shield" not in figure.in_hand:
            raise RuleViolation("shield-bash", "a Shield Bash needs a shield in hand")
        orders = [cmd.StrikeOrder(target=target.id)]
        if name == "Shield Bash III":
            orders.append(cmd.StrikeOrder(target=target.id, weapon="shield"))
        ready = ready_strikes(play, figure, orders)
    return ready


def _push(play: Play, pusher: Figure, foe_id: str, at: Hex, follow: bool, name: str) -> None:
    """Line 1219: "Subtract your foe's MT from your MT to determine the MT check AD. If your MT
    check succeeds, you push your foe backwards one hex to one of the three hexes immediately
    behind it, which is decided by the hero who shield bashed them. If the retreating hex is not
    empty or results in falling off a ledge or into a hazard, the retreating combatant may make a
    Base AD check (or Athletics check for heroes). If successful and one of the three rear hexes is
    adjacent, the retreating combatant may instead retreat to an empty hex. If successful but there
    is no available empty hex, then the retreating combatant instead falls prone in the current
    hex. If the shield bashed target fails, they are pushed into the hazard. ... Those who fall into
    a chasm or void are considered dead. After you successfully push a foe backwards one hex, you
    must immediately decide to either: Step forward into the hex that was just vacated by the
    retreating combatant, OR Remain where you are"."""
    foe = play.figure(foe_id)
    if not (pusher.active and foe.active):
        return
    rolled = check(play.dice, f"{pusher.name} pushes {foe.name} ({name})", pusher.mt,
                   [Adjustment(-foe.mt, f"{foe.name}'s MT")], fortune=play.passives.luck(play, pusher))
    play.emit(ev.CheckMade(figure=pusher.id, purpose=f"MT check to push {foe.name} ({name})", check=rolled))
    if not rolled.success:
        return
    origin, ground = foe.hex, play.state.encounter.map
    if not _clear(play, foe, at):
        if _keeps_footing(play, foe, name):
            others = [h for h in _rear(pusher, foe) if h != at and _clear(play, foe, h)]
            if not others:
                play.emit(ev.FellProne(figure=foe.id, reason=name))
                return
            at = others[0]
        elif at in ground.pits:
            play.emit(ev.FigureMoved(figure=foe.id, path=(at,), facing=foe.facing, counted=0, reason="pushed"))
            play.emit(ev.FellIntoPit(figure=foe.id, hex=at))
            at = origin
        elif at in {hazard.hex for hazard in ground.hazards} and board.base_fits(play.state, foe, at, foe.facing):
            play.emit(ev.FigureMoved(figure=foe.id, path=(at,), facing=foe.facing, counted=0, reason="pushed"))
            _hazard(play, play.figure(foe.id), at)
            at = origin
        else:
            # Into someone, or a wall: no hex to be pushed into; it falls where it stands.
            play.emit(ev.FellProne(figure=foe.id, reason=name))
            return
    if at != origin:
        play.emit(ev.FigureMoved(figure=foe.id, path=(at,), facing=foe.facing, counted=0, reason="pushed"))
    pusher = play.figure(pusher.id)
    if follow and pusher.active and board.base_fits(play.state, pusher, origin, pusher.facing):
        play.emit(ev.FigureMoved(figure=pusher.id, path=(origin,), facing=pusher.facing, counted=0,
                                 reason="stepped in"))


def _keeps_footing(play: Play, foe: Figure, name: str) -> bool:
    """"the retreating combatant may make a Base AD check (or Athletics check for heroes)"."""
    if foe.team == "heroes":
        return athletics(play, foe, "Moderate", f"keep its footing ({name})")
    rolled = check(play.dice, f"{foe.name} keeps its footing ({name})", foe.base_ad, [],
                   fortune=play.passives.luck(play, foe))
    play.emit(ev.CheckMade(figure=foe.id, purpose=f"Base AD check to keep its footing ({name})", check=rolled))
    return rolled.success


# Used as the Action: a strike at the target and, when it hits, a trip attempt. Polearm Trip
# (line 1268): "When you attack with a polearm and hit with the attack roll, before damage is
# rolled you may request to subtract two points from your damage in order to get a free trip
# attempt"; Martial Arts III (line 1317): "If your attack roll is successful, you may then also
# attempt a Trip action as per the Polearm Trip Discipline in addition to dealing damage".
TRIPS = {"Polearm Trip": -2, "Martial Arts III": 0}
RUN_UP = 2  # hexes a Polearm Charge needs moved this turn: one more than a Pivot (see the notes)


class _Charging(Passives):
    """Version 5's effects, and Polearm Charge's (line 1270): "If you hit, roll your damage and
    multiply it by two"."""

    def damage_factor(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> int:
        return 2 if weapon.weapon_class == "polearm" else 1


def _charge_strike(play: Play, figure: Figure, target: Figure | None) -> list[ReadyStrike]:
    """Polearm Charge (line 1270): "When attacking with a polearm, on the turn that you move to a
    hex adjacent to a foe ... your polearm attack against the foe deals double damage. ... You
    cannot use Polearm Charge as a Pivot; your attack does not benefit from Polearm Charge if you
    start your Movement phase Embattled"."""
    if target is None:
        raise RuleViolation("charge", "Polearm Charge: name the foe charged (`target`)")
    held = [w for w in figure.weapons if w.name.lower() in figure.in_hand and w.weapon_class == "polearm"]
    if not held:
        raise RuleViolation("charge", "Polearm Charge attacks with a polearm in hand")
    if figure.moved < RUN_UP or board.gap(figure, target) != 1:
        raise RuleViolation("charge", f"a Polearm Charge follows a move of {RUN_UP} hexes or more this turn to a hex "
                                      "next to the foe (not a Pivot, not from Embattled)")
    return ready_strikes(play, figure, [cmd.StrikeOrder(target=target.id, weapon=held[0].name)])


def _charge(play: Play, figure: Figure, ready: list[ReadyStrike]) -> None:
    own = play.passives
    play.passives = mixed(_Charging, own)
    try:
        strike_all(play, play.figure(figure.id), [order for order, _, _ in ready], ready=ready)
    finally:
        play.passives = own
TRIP_AD = 2  # "Tripped foes must make an opposed AD check at AD+2 to avoid being tripped" (line 1268)


class _Tripping(Passives):
    """Version 5's effects, and the two points of damage Polearm Trip gives up."""

    def extra_damage(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str,
                     first: bool) -> tuple[str, list[Adjustment]]:
        dice, bonuses = super().extra_damage(play, attacker, target, weapon, kind, first)
        return dice, [*bonuses, Adjustment(TRIPS["Polearm Trip"], "Polearm Trip")]


def _trip_strike(play: Play, figure: Figure, name: str, target: Figure | None) -> list[ReadyStrike]:
    if target is None:
        raise RuleViolation("trip-target", f"{name}: name the foe to strike and trip (`target`)")
    if name == "Polearm Trip":
        held = [w for w in figure.weapons if w.name.lower() in figure.in_hand and w.weapon_class == "polearm"]
        if not held:
            raise RuleViolation("trip-weapon", "Polearm Trip strikes with a polearm in hand")
        weapon = held[0].name
    else:
        weapon = "cestus" if "cestus" in figure.in_hand else "unarmed"
    return ready_strikes(play, figure, [cmd.StrikeOrder(target=target.id, weapon=weapon)])


def _strike_and_trip(play: Play, figure: Figure, name: str, ready: list[ReadyStrike]) -> None:
    own = play.passives
    if TRIPS[name]:
        play.passives = mixed(_Tripping, own)
    try:
        strike_all(play, play.figure(figure.id), [order for order, _, _ in ready], ready=ready)
    finally:
        play.passives = own
    foe = play.figure(ready[0][0].target)
    struck = [s for e in play.events if isinstance(e, ev.Attacked) for s in e.strikes
              if s.attacker == figure.id and s.target == foe.id and s.kind != "stray"]
    if struck and struck[-1].hit:
        trip(play, name, foe.id)


def trip(play: Play, name: str, foe_id: str) -> None:
    """The trip attempt after a strike that hit (Polearm Trip, Martial Arts III): a foe still up and on
    the ground makes its AD check at AD+2 or falls prone."""
    foe = play.figure(foe_id)
    if not (foe.active and foe.condition == "standing" and not foe.airborne):
        return
    # The foe's AD check at AD+2 keeps it on its feet ("Creatures with four legs also get to roll
    # one Defense Die": the server does not know legs; the table's).
    rolled = check(play.dice, f"{foe.name} keeps its feet ({name})", foe.base_ad, [Adjustment(TRIP_AD, name)],
                   fortune=play.passives.luck(play, foe))
    play.emit(ev.CheckMade(figure=foe.id, purpose=f"AD check at AD+{TRIP_AD} to avoid being tripped ({name})",
                           check=rolled))
    if not rolled.success:
        play.emit(ev.FellProne(figure=foe.id, reason=name))


def _whirlwind(play: Play, figure: Figure) -> list[ReadyStrike]:
    """Whirlwind Attack (line 1331): "You may make a single melee weapon attack against any number
    of foes that are adjacent to your front hexes, each at AD-1. Roll each attack and damage
    separately for each foe." Every foe in the front hexes, with the weapon in the first hand."""
    weapon = weapon_in_hand(figure, None)
    if not weapon.melee or weapon.weapon_class == "mage":
        raise RuleViolation("whirlwind", "Whirlwind Attack is made with a melee weapon")
    if figure.grappled_with:
        raise RuleViolation("grappled", "a Grappled figure attacks only those in its Grapple Pile")
    foes = [f for f in play.state.figures if f.team != figure.team and f.active and board.gap(figure, f) == 1
            and board.in_front(figure, f)]
    if not foes:
        raise RuleViolation("whirlwind", f"no foe in {figure.name}'s front hexes")
    ready = []
    for foe in foes:
        own = [Adjustment(-1, "Whirlwind Attack")]
        order = cmd.StrikeOrder(target=foe.id)
        _plan(play, figure, foe, weapon, own, order)  # every strike checked before the first die
        ready.append((order, weapon, own))
    return ready


def _taunted(play: Play, figure: Figure, name: str, target: Figure | None) -> list[Figure]:
    """Taunt I (line 1238): "you may Taunt an enemy that is Embattled with you"; Taunt II (line
    1288): "you may taunt as many foes that Embattle you as you desire. You may also Taunt foes
    that are not Embattled". Taunt II without a target taunts every foe that Embattles the hero."""
    embattling = board.embattled_by(play.state, figure)
    if target is None:
        if name == "Taunt I" or not embattling:
            raise RuleViolation("taunt-target", f"{name}: name the foe to taunt (`target`)")
        return embattling
    if target.team == figure.team or not target.active:
        raise RuleViolation("taunt-target", f"{target.name} is not a foe that can be taunted")
    if name == "Taunt I" and target.id not in {f.id for f in embattling}:
        raise RuleViolation("taunt-target", f"Taunt I taunts a foe Embattled with {figure.name}")
    return [target]


def _taunt(play: Play, figure: Figure, name: str, foes: list[Figure]) -> None:
    """Line 1238: "make an opposed KN check by subtracting your foe's KN from your KN to determine
    the AD for the check. If you are successful, the foe must attack you during the attack phase
    if it is able. The foe cannot attack others, Defend, Withdraw, or take any other Action.\""""
    embattling = {f.id for f in board.embattled_by(play.state, figure)}
    for foe in foes:
        rolled = check(play.dice, f"{figure.name} taunts {foe.name}", figure.kn,
                       [Adjustment(-foe.kn, f"{foe.name}'s KN")], fortune=play.passives.luck(play, figure))
        play.emit(ev.Taunted(figure=figure.id, target=foe.id, check=rolled, success=rolled.success))
        if rolled.success and foe.id not in embattling:
            # Taunt II: "if they haven't moved, then they must move up to their full movement to
            # attack you" - where the foe moves is the table's.
            text = DISCIPLINES[name].text
            play.emit(ev.TableApplied(figure=figure.id, source="discipline", name=name, target=foe.id,
                                      line=DISCIPLINES[name].line, text=text))


def _can_stand(play: Play, figure: Figure) -> None:
    """Acrobatics I (line 1133): "you may get up from prone using your entire Movement phase
    instead of a full turn" (in its hex; standing as an Action may step to an adjacent one)."""
    if figure.condition != "prone":
        raise RuleViolation("not-prone", f"{figure.name} is not prone")
    if figure.hex in play.state.encounter.map.pits:
        raise RuleViolation("clinging", f"{figure.name} clings to a pit's edge: it climbs out first")
    if not board.base_fits(play.state, figure, figure.hex, figure.facing):
        raise RuleViolation("stand-hex", "another combatant stands in this hex")
