"""Which of the Hero Handbook's Disciplines the server enforces, per Pericle version (version 4's
table stays as it was), and version 5's `use_discipline`: the used Disciplines whose effect it
applies (Whirlwind Attack, Taunt I and II, Acrobatics I's standing up), the rest recorded for
the table as in version 4 (seed 001, Appendix: Disciplines, lines 1131-1361)."""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import RuleViolation
from domain.rulesets.pericle import board
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import act
from domain.rulesets.pericle.dice import Adjustment, check
from domain.rulesets.pericle.play import Play, require_phase
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.strikes import ReadyStrike, _plan, strike_all, weapon_in_hand
from domain.rulesets.pericle.turns import can_move
from domain.rulesets.pericle.v4.book import DISCIPLINES, ENFORCED_DISCIPLINES, Enforcement
from domain.rulesets.pericle.v4.casting import BETWEEN_COMBATS, INSTEAD_OF_MOVING

# Version 5 enforces these besides version 4's (each has a test citing its line in
# tests/unit/test_pericle_v5_disciplines.py).
ADDED_V5: dict[str, str] = {
    "Parry": "+1 armour against melee attacks with a sword in hand, not more with two (v5/passives.py)",
    "Unarmed Defense I": "+1 armour against melee and grapple strikes with a cestus or unarmed, unless Deft Strikes "
                         "is declared (v5/passives.py)",
    "Unarmed Defense II": "+2 armour in all, as Unarmed Defense I (v5/passives.py)",
    "Flanking Combat I": "+1d6 damage on the first melee strike of the Action at a one-hex foe with an ally in the "
                         "hex opposite (v5/passives.py)",
    "Flanking Combat II": "the +1d6 on every melee strike of the Action (v5/passives.py)",
    "Stealth Attack I": "+2d4 damage with a one-handed weapon from the foe's side or rear hex, or on a prone foe "
                        "(v5/passives.py)",
    "Stealth Attack II": "+3d4 instead, not while Grappled (v5/passives.py)",
    "Swordsmanship": "every success icon a Crit with a sword at Base AD3+, not in a Grapple (v5/passives.py)",
    "Sunder": "a Hit Symbol with a hammer or axe takes 2 from the foe's armour for good, before the damage "
              "(v5/passives.py, armour_sundered)",
    "Quick Jab": "a second strike with a javelin or spear at AD-3 (v5/passives.py)",
    "Double Shot I": "a recurve bow shoots twice (v5/passives.py)",
    "Double Shot II": "a War Bow shoots twice (v5/passives.py)",
    "Double Shot III": "a Longbow shoots twice (v5/passives.py)",
    "Shot on the Run": "a ranged attack after moving more than one hex (v5/passives.py)",
    "Trigger Finger": "with a crossbow in hand, acts first in the Action Phase as with Haste (v5/passives.py)",
    "Berserk": "begun instead of moving for 2E, 2E a turn after: +1 Movement, Fortune on melee and thrown attack "
               "rolls, +half MT (rounded down) damage (v5/passives.py)",
    "Acrobatics I": "AD+1 on Athletics checks, Athletics ranks added to the Grapple score against being Grappled "
                    "and to escape, and used instead of moving to stand up from prone (v5/passives.py, "
                    "v5/disciplines.py)",
    "Acrobatics II": "AD+2 in all on Athletics checks, Athletics ranks +1 to escape a Grapple (v5/passives.py); "
                     "standing up for one hex of Movement is the table's",
    "Whirlwind Attack": "used as the Action: one melee strike with the weapon in hand at every foe in the front "
                        "hexes, each at AD-1 (v5/disciplines.py)",
    "Taunt I": "used instead of moving: a KN check at the hero's KN minus the foe's against a foe Embattled with "
               "the hero; on success the foe's only Action this turn is to attack the hero, or to pass when it "
               "cannot (v5/disciplines.py, v5/passives.py)",
    "Taunt II": "as Taunt I at every foe that Embattles the hero, or at one named foe Embattled or not; a foe "
                "not Embattled moving to attack is the table's (v5/disciplines.py)",
    "Special Weapon Proficiency: Katar": "the Katar may be carried, and strikes with the sword class's AD+1 "
                                         "(sheet.py, v5/passives.py)",
}
ENFORCED_V5: dict[str, str] = {**ENFORCED_DISCIPLINES, **ADDED_V5}


def enforced_disciplines(version: str) -> dict[str, str]:
    """The Disciplines whose effect the server applies in this Pericle version, and where."""
    return ENFORCED_DISCIPLINES if version == "4" else ENFORCED_V5


def discipline_enforcement(name: str, version: str) -> Enforcement:
    return "enforced" if name in enforced_disciplines(version) else "table-applied"


# Used instead of moving in version 5: version 4's, and Acrobatics I's standing up (line 1133:
# "you may get up from prone using your entire Movement phase instead of a full turn").
INSTEAD_OF_MOVING_V5 = INSTEAD_OF_MOVING | {"Acrobatics I"}
APPLIED_WHEN_USED = frozenset({"Whirlwind Attack", "Taunt I", "Taunt II", "Acrobatics I"})


def use(play: Play, command: cmd.UseDiscipline) -> None:
    """A Discipline used in the Movement phase instead of moving, or else as the Action."""
    if command.discipline in INSTEAD_OF_MOVING_V5:
        figure = play.figure(command.figure)
        require_phase(play.state, "movement")
        if figure.team != play.state.moving or figure.id in play.state.moved_figures:
            raise RuleViolation("not-your-movement", f"{command.discipline} is used instead of moving, when "
                                                     f"{figure.name}'s team moves and before it has moved")
        can_move(play, figure)
        use_discipline(play, figure, command, instead_of_moving=True)
    else:
        act(play, command, use_discipline)


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
    if discipline.name in ENFORCED_V5 and discipline.name not in APPLIED_WHEN_USED and not discipline.exhaustion:
        raise RuleViolation("discipline-passive", f"{discipline.name} applies by itself: {ENFORCED_V5[discipline.name]}")
    target = play.figure(command.target) if command.target is not None else None
    sustained = discipline.upkeep > 0
    if sustained and any(s.spell == discipline.name and s.caster == figure.id for s in play.state.spells):
        raise RuleViolation("discipline-active", f"{figure.name} is already in {discipline.name}")
    applied = _ready(play, figure, discipline.name, target)
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=discipline.name, target=command.target,
                                exhaustion=discipline.exhaustion, sustained=sustained,
                                instead_of_moving=instead_of_moving))
    if applied is not None:
        applied()
    elif discipline.name not in ENFORCED_V5:
        play.emit(ev.TableApplied(figure=figure.id, source="discipline", name=discipline.name, target=command.target,
                                  line=discipline.line, text=discipline.text))


def _ready(play: Play, figure: Figure, name: str, target: Figure | None) -> Callable[[], None] | None:
    """The effect of a Discipline applied when used, checked now (before any die is drawn)."""
    if name == "Whirlwind Attack":
        ready = _whirlwind(play, figure)
        return lambda: strike_all(play, play.figure(figure.id), [order for order, _, _ in ready], ready=ready)
    if name in ("Taunt I", "Taunt II"):
        foes = _taunted(play, figure, name, target)
        return lambda: _taunt(play, figure, name, foes)
    if name == "Acrobatics I":
        _can_stand(play, figure)
        return lambda: play.emit(ev.StoodUp(figure=figure.id, hex=figure.hex))
    return None


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
        rolled = check(play.dice, f"{figure.name} taunts {foe.name}", figure.kn, [Adjustment(-foe.kn, f"{foe.name}'s KN")])
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
