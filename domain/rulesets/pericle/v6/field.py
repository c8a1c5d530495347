"""Version 6's field of battle, the beasts on it and the elements: the height advantage of a figure
standing on a raised hex (seed 001 line 404), Animal Handler I-III+ (lines 1181, 1296, 1335) and
Elemental Bending I/II (lines 1195-1199, 1256).

- Height: the encounter names the raised hexes (`HexMap.raised`, version 6 only: v3.py refuses it
  below REVISION 6); `FieldPassives.attack` adds the +1 AD.
- Animal Handler: `use_discipline` befriends an animal foe (I, as the Action: `animal_befriended`,
  it joins the heroes' side as a befriended animal of the hero's seat) and convinces it to act (II as
  the Action of a turn the hero has not moved in, III+ instead of moving: `animal_convinced`). An
  animal befriended during the combat does nothing until convinced (`FieldPassives.check_action`,
  `movement`); the encounter's own companions (befriended before it) play as PER-COMPANION says.
- Elemental Bending: the element is named in the Spell's name as the seed names it ("Arcane Fire
  Barrage", line 1345): `cast_spell` of "Arcane Fire Barrage" casts Arcane Barrage imbued with Fire
  (no command field is added). Air is declared beforehand (`use_discipline` "Elemental Bending" in the
  declarations) for the slot first, as Haste's."""

from __future__ import annotations

import re
from collections.abc import Callable

import msgspec

from domain.errors import RuleViolation
from domain.hexes import Hex, neighbours
from domain.rulesets.contract import ProvisionalRule
from domain.rulesets.pericle import board, poison
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.dice import Adjustment, Check, check
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import CombatState, Figure
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5 import arcane
from domain.rulesets.pericle.v5.passives import V5Passives, declared
from domain.rulesets.pericle.v6 import affinities
from domain.rulesets.pericle.v6.control import DJINN, _undead, summon_in
from domain.rulesets.pericle.v6.declaring import may_declare_alone
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect

# Line 404: "Details of a scenario may state that if your hero is standing on a table attacking
# enemies on the ground that are adjacent to the table, you gain +1 AD from a height advantage.
# Under this circumstance, attackers from the table will still attack in their normal attack order
# based on their Base AD, but their attack roll may be made at +1 AD."
HEIGHT_ADVANTAGE = "height advantage"
HEIGHT_AD = 1

RAISED_HEX = ProvisionalRule(
    "PER-RAISED-HEX",
    "A raised hex (the encounter map's `raised`: a table, a dais) is open ground that figures move onto and off "
    "at one hex of Movement, with no check, and that obstructs no line of sight; a figure standing on it (every "
    "hex of its base raised, on the ground, not flying) gains +1 AD on a melee or Reach attack at a foe on the "
    "ground (no hex of its base raised, not flying) with a hex adjacent to the same raised area. The seed is "
    "silent: line 404 gives the +1 AD to a hero \"standing on a table attacking enemies on the ground that are "
    "adjacent to the table\" and does not say how a figure gets up on the table, whether a foe on the ground has "
    "a penalty against it, nor what a table with a figure on it does to a line of sight.")

# Animal Handler I (line 1181): "As an Action, you may attempt to befriend an animal with a KN check as
# long as the animal is within six hexes of you, has KN0, and the animal is no larger than one hex."
HANDLER_I, HANDLER_II, HANDLER_III = "Animal Handler I", "Animal Handler II", "Animal Handler III+"
BEFRIEND_REACH = 6

BEFRIENDED = ProvisionalRule(
    "PER-BEFRIENDED",
    "Animal Handler: the befriending KN check (line 1181: \"befriend an animal with a KN check\") and the "
    "convincing one (line 1296: \"make a KN check\") are Ability Checks at the hero's KN with no difficulty "
    "modifier; whether the foe is an animal is the player's say (PER-CONTROL-KIND), the server checks KN0, a "
    "one-hex base, six hexes, and that it is a foe and not undead raised by a Spell nor a djinn. \"Heroes may only "
    "have 1 befriended animal at a time\" (line 1296) holds for every hero with Animal Handler I. A befriended "
    "animal is on the heroes' side, played by the hero's seat, under PER-COMPANION; until a check convinces it "
    "(II, III+) it does nothing but pass (\"the befriended animal remains inert\", line 1296; \"This does not give "
    "you the ability to control the animal\", line 1181). Convinced, it acts in its own slot and goes on acting on "
    "later turns (\"It will continue the same action on subsequent turns until redirected\"); which action is "
    "the table's, and a later check only redirects it. \"The animal will immediately carry out the action\": in "
    "its own slot this turn if that is still to come, else from the next turn. II is \"an entire turn\": the "
    "hero must not have moved this turn. The seed is silent on the checks' difficulty and on what inert means "
    "in the Action Order.")

FIELD_RULES: tuple[ProvisionalRule, ...] = (RAISED_HEX, BEFRIENDED)


def raised_area(state: CombatState, start: Hex) -> frozenset[Hex]:
    """The raised hexes joined to `start` (the table it is part of; empty if it is not raised)."""
    raised = state.encounter.map.raised_hexes
    if start not in raised:
        return frozenset()
    found, frontier = {start}, [start]
    while frontier:
        for h in neighbours(frontier.pop()):
            if h in raised and h not in found:
                found.add(h)
                frontier.append(h)
    return frozenset(found)


def height_advantage(state: CombatState, attacker: Figure, target: Figure, kind: str) -> bool:
    """Line 404: the attacker stands on a table, the target on the ground adjacent to that table."""
    raised = state.encounter.map.raised_hexes
    if kind not in ("melee", "reach") or not raised or attacker.airborne or target.airborne:
        return False
    if not all(h in raised for h in attacker.hexes) or any(h in raised for h in target.hexes):
        return False
    table = raised_area(state, attacker.hex)
    return any(n in table for h in target.hexes for n in neighbours(h))


# ---- Animal Handler I-III+ (lines 1181, 1296, 1335) -------------------------------------------


def inert(figure: Figure) -> bool:
    """An animal befriended during this combat that no KN check has convinced to act yet."""
    return figure.befriended_by is not None and not figure.convinced


def _kn_check(play: Play, hero: Figure, purpose: str) -> bool:
    rolled = check(play.dice, f"{hero.name}: {purpose}", hero.kn, poison.penalty(hero),
                   fortune=play.passives.luck(play, hero))
    play.emit(ev.CheckMade(figure=hero.id, purpose=purpose, check=rolled))
    return rolled.success


def befriend(play: Play, hero: Figure, target: Figure | None, command: cmd.UseDiscipline) -> Callable[[], None]:
    """Line 1181: "As an Action, you may attempt to befriend an animal with a KN check as long as the
    animal is within six hexes of you, has KN0, and the animal is no larger than one hex. You may
    retry on subsequent turns if you fail. Once befriended, the animal remains befriended and will not
    attack you or your allies." Line 1296: "Heroes may only have 1 befriended animal at a time."
    Checked before the die (PER-BEFRIENDED)."""
    if target is None:
        raise RuleViolation("discipline-target", "Animal Handler I names the animal to befriend (`target`)")
    if target.team != "enemies" or not target.active:
        raise RuleViolation("discipline-target", f"{target.name} is not a foe in the fight to befriend")
    if target.kn != 0 or target.size != 1:
        raise RuleViolation("discipline-target", "Animal Handler I befriends an animal that has KN0 and is no larger "
                                                 "than one hex (line 1181)")
    if _undead(target) or summon_in(play.state, target, DJINN) is not None:
        raise RuleViolation("discipline-target", "undead and a djinn are not animals (PER-CONTROL-KIND)")
    if board.gap(hero, target) > BEFRIEND_REACH:
        raise RuleViolation("discipline-target", f"{target.name} is more than six hexes away (line 1181)")
    if any(f.befriended_by == hero.id and f.condition != "dead" for f in play.state.figures):
        raise RuleViolation("discipline-target", f"{hero.name} already has a befriended animal: one at a time "
                                                 "(line 1296)")

    def applied() -> None:
        if _kn_check(play, hero, f"KN check to befriend {target.name} (Animal Handler I)"):
            play.emit(ev.AnimalBefriended(figure=target.id, hero=hero.id, seat=hero.seat))

    return applied


def convince(play: Play, hero: Figure, target: Figure | None, command: cmd.UseDiscipline) -> Callable[[], None]:
    """Line 1296 (II): "You may spend an entire turn (Movement and Action phases) to convince a
    befriended animal to take an action. During your Action phase, make a KN check. If successful, the
    animal will follow a simple instruction ... If your check is unsuccessful, the befriended animal
    remains inert." Line 1335 (III+): "instead of taking a full turn to control a befriended animal,
    you may instead spend your Movement phase to attempt the control. Control still requires a KN
    check. If successful, the animal can move based on your direction in the same turn if it hasn't
    moved yet." II is the Action (of a turn the hero has not moved in), III+ is used instead of moving
    (v6/version.py routes it)."""
    name = command.discipline
    if target is None or target.befriended_by != hero.id or not target.active:
        raise RuleViolation("discipline-target", f"{name} convinces the animal {hero.name} befriended in this fight "
                                                 "(Animal Handler I), still standing (`target`)")
    if name == HANDLER_II and hero.moved:
        raise RuleViolation("discipline-turn", "Animal Handler II takes an entire turn: Movement and Action phases "
                                               "(line 1296); this hero has moved")

    def applied() -> None:
        if _kn_check(play, hero, f"KN check to convince {target.name} ({name})") and not target.convinced:
            play.emit(ev.AnimalConvinced(figure=target.id, hero=hero.id))

    return applied


# ---- Elemental Bending I and II (lines 1195-1199, 1256) ----------------------------------------

# Line 1195: "All Arcane spells you cast may be imbued with an element and gain the corresponding
# effect"; line 1345 names such a cast "Arcane Fire Barrage".
ELEMENTAL_BENDING, ELEMENTAL_BENDING_II = "Elemental Bending", "Elemental Bending II"
AIR, FIRE, ICE = "Air", "Fire", "Ice"
ELEMENTS = (AIR, FIRE, ICE)
IMBUED = "Elemental Bending: "  # + the element: this turn's imbued cast (a declaration of the caster's)
CHILLED = "Elemental Bending: Ice (chilled)"  # line 1199's AD-1 and one hex less, for one turn
_NAMED = re.compile(r"^Arcane (Air|Fire|Ice) (.+)$")


def imbued_name(name: str) -> tuple[str, str] | None:
    """("Fire", "Arcane Barrage") for "Arcane Fire Barrage"; None for a name with no element."""
    named = _NAMED.match(name)
    return None if named is None else (named.group(1), f"Arcane {named.group(2)}")


def element_of(state: CombatState, caster: Figure) -> str | None:
    """The element the caster imbues its Arcane cast with this turn, if any."""
    return next((e for e in ELEMENTS if declared(state, caster, IMBUED + e)), None)


def chilled(state: CombatState, figure: Figure) -> bool:
    return any(s.spell == CHILLED and s.target == figure.id for s in state.spells)


def declare_air(play: Play, command: cmd.UseDiscipline) -> None:
    """Line 1197: "Air: You may attack first in the attack order with your Arcane spell, as described
    in the Discipline Haste. Your AD does not change for the attack roll." The Action Order is fixed
    as the Action phase begins, so the hero declares it with the declarations (as Curse I): its slot
    comes first, as Haste's (line 1207), and its Action that turn is an Arcane Air cast (or none)."""
    figure = play.figure(command.figure)
    may_declare_alone(play, figure, command, ELEMENTAL_BENDING, f"{ELEMENTAL_BENDING} (Air)")
    if element_of(play.state, figure) is not None:
        raise RuleViolation("discipline-active", f"{figure.name} has declared Air this turn")
    if not set(figure.spells) & arcane.ARCANE_DAMAGE:
        raise RuleViolation("arcane-spell", f"{figure.name} knows no Arcane Barrage, Storm or Nova to imbue")
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=ELEMENTAL_BENDING))
    play.emit(ev.DisciplineDeclared(figure=figure.id, discipline=IMBUED + AIR))


def cast_spell(play: Play, command: cmd.CastSpell) -> None:
    """`cast_spell` in version 6: "Arcane <Element> <Spell>" casts the Arcane Spell imbued with the
    element (the marker `Elemental Bending: <Element>` on the caster for this turn, which the Spell's
    effect reads); any other name as v6/affinities.py casts it. The server imbues the damage of Arcane
    Barrage, Storm and Nova; Arcane Flux's own elemental rules (line 1430) are the table's."""
    named = imbued_name(command.spell)
    caster = play.figure(command.figure)
    air = declared(play.state, caster, IMBUED + AIR)
    if named is None:
        if air and play.state.phase == "actions":
            raise RuleViolation("air-first", f"{caster.name} declared Air: its Action first is an Arcane Air cast "
                                             "(line 1197), or none")
        affinities.cast_spell(play, command)
        return
    element, base = named
    if ELEMENTAL_BENDING not in caster.disciplines:
        raise RuleViolation("discipline-unknown", f"{caster.name} has not learned {ELEMENTAL_BENDING!r} (line 1195)")
    if base not in arcane.ARCANE_DAMAGE:
        raise RuleViolation("spell-element", "the server imbues Arcane Barrage, Storm and Nova; Arcane Flux's own "
                                             "elements (line 1430) are the table's: cast it without one")
    if air and element != AIR:
        raise RuleViolation("air-first", f"{caster.name} declared Air: its Action is an Arcane Air cast (line 1197)")
    if element_of(play.state, caster) is None:
        play.emit(ev.DisciplineDeclared(figure=caster.id, discipline=IMBUED + element))
    affinities.cast_spell(play, msgspec.structs.replace(command, spell=base))


def imbued(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
           second: Figure | None, rolled: Check, double: bool) -> None:
    """Arcane Barrage, Storm and Nova as version 5 deals them (v5/arcane.py), with this turn's element:
    line 1198, "Fire: Add +1 damage to any successful Arcane Spell Attack"; line 1256 (II), "Damage
    caused by elemental energy that you cast is increased by one additional point. If you evoke fire,
    the bonus will total +2 damage"; line 1199, "Ice: For one turn, if you damage your target with an
    Arcane spell, the target suffers AD-1 and moves one less hex for one turn" (each figure it hurt,
    `spell_took_hold` of the chill for one turn). Line 1345: Arcane II "does not double the Elemental
    effects" (the bonus is added after the dice are doubled)."""
    element = element_of(play.state, caster)
    bonus = (1 if element == FIRE else 0) + (1 if element and ELEMENTAL_BENDING_II in caster.disciplines else 0)
    before = len(play.events)
    if spell.name == "Arcane Barrage":
        arcane.barrage(play, caster, target, rolled, double=double, bonus=bonus)
    else:
        centre = command.at if command.at is not None else target.hex
        arcane.storm(play, caster, spell.name, centre, cast=rolled, double=double, bonus=bonus)
    if element != ICE:
        return
    hurt = [hit.figure for event in play.events[before:] if isinstance(event, ev.SpellDamage)
            for hit in event.hits if hit.damage > 0]
    for figure_id in dict.fromkeys(hurt):
        if play.figure(figure_id).condition != "dead":
            play.emit(ev.SpellTookHold(caster=caster.id, spell=CHILLED, target=figure_id, duration=1))


SPELL_EFFECTS: dict[str, SpellEffect] = {name: imbued for name in arcane.ARCANE_DAMAGE}
USED: dict[str, UsedEffect] = {HANDLER_I: befriend, HANDLER_II: convince, HANDLER_III: convince}
IN_MOVEMENT = frozenset({HANDLER_III})  # used instead of moving (v5/using.py's `use_instead_of_moving`)
INERT_ACTIONS = (cmd.PassAction, cmd.Delay)


class FieldPassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""

    def attack(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> list[Adjustment]:
        found = super().attack(play, attacker, target, weapon, kind)
        if height_advantage(play.state, attacker, target, kind):
            found = [*found, Adjustment(HEIGHT_AD, HEIGHT_ADVANTAGE)]
        if chilled(play.state, attacker):
            found = [*found, Adjustment(-1, "Ice (Elemental Bending)")]  # line 1199: "suffers AD-1"
        return found

    def order_group(self, state: CombatState, figure: Figure) -> int:
        # Elemental Bending, Air (line 1197): "attack first in the attack order ... as described in
        # the Discipline Haste".
        if declared(state, figure, IMBUED + AIR):
            return 0
        return super().order_group(state, figure)

    def check_action(self, play: Play, figure: Figure, command: msgspec.Struct) -> None:
        if declared(play.state, figure, IMBUED + AIR) and not isinstance(command, cmd.PassAction) and not (
                isinstance(command, cmd.CastSpell) and command.spell in arcane.ARCANE_DAMAGE):
            raise RuleViolation("air-first", f"{figure.name} declared Air: its Action first is an Arcane Air cast "
                                             "(line 1197), or none")
        # Line 1181: "This does not give you the ability to control the animal"; line 1296: "the
        # befriended animal remains inert".
        if inert(figure) and not isinstance(command, INERT_ACTIONS):
            raise RuleViolation("animal-inert", f"{figure.name} is befriended but not convinced to act: it only "
                                                "passes (Animal Handler II or III+ convinces it)")
        super().check_action(play, figure, command)

    def movement(self, play: Play, figure: Figure) -> int:
        if inert(figure):
            raise RuleViolation("animal-inert", f"{figure.name} is befriended but not convinced to act: it does not "
                                                "move (Animal Handler II or III+ convinces it)")
        # Line 1199: "moves one less hex for one turn".
        return super().movement(play, figure) - (1 if chilled(play.state, figure) else 0)
