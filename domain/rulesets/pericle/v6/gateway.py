"""Version 6's Gateway (seed 001 line 1442): "Create a gateway between two target locations.
Creatures can pass through the gates and act as if the hexes are adjacent."

- The cast: `cast_spell` with `target` its caster, `at` the first gate ("within Creation range (3
  hexes)") and `second_target` the second gate written "q,r" (no command field holds a second hex:
  `second_target` is read as the caster's choice, as Boon's, `chosen_by_second_target`). Both must
  be "empty of creatures and major obstacles" (on the map, no wall, closed door, furniture or pit,
  no figure), and the second "within line of sight of the caster": the line from the caster's hex to
  it, by version 5's ranged-attack cover, is not Complete Cover. A successful cast records
  `gate_opened`; the gates last 10 turns (the Handbook's duration, ended at the caster's slot) and a
  Dispel on either hex ends them.
- Movement: a step of a path from one gate to the other is one hex of movement ("It takes 1
  movement to enter a gate hex from an adjacent hex. From a gate, a figure may then spend 1 more
  movement to move to the second gate"), for a one-hex figure, when the other gate holds no standing
  combatant ("if it is unobstructed"); companions, summoned beasts and raised zombies will not
  ("Creatures with animal intelligence or no intelligence, like undead, will not move through the
  gate"); whether an enemy of the encounter is such a creature is its seat's to know (PER-GATEWAY).
- Melee: a figure standing in one gate may strike a figure standing in the other with a melee weapon,
  whatever their facings, at AD-4 ("all attacks against the other gate are at -4 AD").
- Ranged attacks and Spells: "continues its line of flight as if the gate did not exist": a gate is
  no obstruction in the cover rules, so nothing changes."""

from __future__ import annotations

import re

import msgspec

from domain.errors import RuleViolation
from domain.hexes import Hex
from domain.rulesets.contract import ProvisionalRule
from domain.rulesets.pericle import board
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.dice import Adjustment, Check
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5 import sight, summons, undead
from domain.rulesets.pericle.v5.passives import V5Passives
from domain.rulesets.pericle.v6.effects import SpellEffect

GATEWAY = "Gateway"
GATE_PENALTY = -4  # line 1442: "all attacks against the other gate are at -4 AD"
BEASTS = frozenset({"Summon Beast I", "Summon Beast II", "Summon Beast III", "Summon Flying Beast"})
HEX_TEXT = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")

GATEWAY_RULE = ProvisionalRule(
    "PER-GATEWAY",
    "Gateway (line 1442): the second gate is named in `second_target` as \"q,r\"; \"within line of sight of the "
    "caster\" is a line from the caster's hex without Complete Cover (\"hexes that have complete cover are not "
    "eligible\"), at any distance. \"Creatures with animal intelligence or no intelligence, like undead, will not "
    "move through the gate\": the server refuses it to companions, summoned beasts and zombies it raised; an "
    "enemy's mind is not in its stat block, so its seat decides. A melee blow between the gates is made whatever "
    "the facings (\"may make a melee attack against a figure in the other gate\"), with no side or rear bonus; a "
    "shield guards against it as the attacker's hex lies in the bearer's front arc on the map. A gate is no "
    "adjacency for Grapples, Embattlement, Reach or a shield's bash back.")


def gate_hex(text: str | None) -> Hex | None:
    found = HEX_TEXT.match(text or "")
    return Hex(int(found.group(1)), int(found.group(2))) if found else None


def gateways(state: CombatState) -> list[ActiveSpell]:
    """The Gateways open on the map (cast by version 6, both gates known)."""
    return [s for s in state.spells if s.spell == GATEWAY and s.rules and s.at is not None and s.gate is not None]


def _joins(state: CombatState, a: Hex, b: Hex) -> bool:
    return any({s.at, s.gate} == {a, b} for s in gateways(state))


def _mindless(state: CombatState, figure: Figure) -> bool:
    """A creature the server knows to have animal intelligence or none: a befriended animal, a beast
    summoned by Summon Beast I-III or Summon Flying Beast, a zombie raised by Create Undead."""
    if figure.companion or any(figure.id.startswith(undead.zombie_id(c.id, "")) for c in state.figures):
        return True
    return any(s.spell in BEASTS and (c := summons.summon_of(state, s)) is not None and c.id == figure.id
               for s in state.spells)


def _empty(play: Play, h: Hex) -> bool:
    return board.passable(play.state, h) and not play.state.at(h)


def _check_cast(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    """Before any die: both gates named, empty of creatures and major obstacles, different; the second
    in the caster's line of sight (line 1442's footnote: "if a hex is within the rules of no cover or
    partial cover then it is a candidate, but hexes that have complete cover are not eligible")."""
    second = gate_hex(command.second_target)
    if command.at is None or second is None:
        raise RuleViolation("spell-target", "Gateway: name the first gate (`at`) and the second (`second_target`, "
                                            "\"q,r\")")
    if second == command.at:
        raise RuleViolation("spell-target", "Gateway joins two different hexes")
    for gate in (command.at, second):
        if not _empty(play, gate):
            raise RuleViolation("spell-target", f"Gateway: {gate} must be empty of creatures and major obstacles")
    complete = board.walls(play.state) | sight.combatants(play.state, ignore=(caster.id,))
    if sight.cover(caster.hex, second, complete, frozenset(play.state.encounter.map.furniture)) == "complete":
        raise RuleViolation("spell-target", f"Gateway: {second} has Complete Cover from {caster.name}: it is not "
                                            "within line of sight")


def _cast(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
          second: Figure | None, rolled: Check, double: bool) -> None:
    gate = gate_hex(command.second_target)
    if gate is not None:
        play.emit(ev.GateOpened(caster=caster.id, cast_turn=play.state.turn, gate=gate))


SPELL_EFFECTS: dict[str, SpellEffect] = {GATEWAY: _cast}


class GatewayPassives(V5Passives):
    """The gates in movement and melee."""

    @property
    def laid_on_hexes(self) -> frozenset[str]:
        return frozenset({*super().laid_on_hexes, GATEWAY})

    @property
    def chosen_by_second_target(self) -> frozenset[str]:
        return frozenset({*super().chosen_by_second_target, GATEWAY})

    def check_action(self, play: Play, figure: Figure, command: msgspec.Struct) -> None:
        super().check_action(play, figure, command)
        if isinstance(command, cmd.CastSpell) and command.spell == GATEWAY:
            _check_cast(play, figure, command)

    def gate_step(self, play: Play, figure: Figure, here: Hex, landing: Hex) -> bool:
        if super().gate_step(play, figure, here, landing):
            return True
        if not _joins(play.state, here, landing):
            return False
        if figure.size != 1:
            raise RuleViolation("gate", "Any 1 hex combatant may move through a gate (line 1442)")
        if figure.airborne:
            raise RuleViolation("gate", "a figure in the air does not pass through a gate on the ground")
        if _mindless(play.state, figure):
            raise RuleViolation("gate", f"{figure.name}: creatures with animal intelligence or no intelligence "
                                        "will not move through the gate (line 1442)")
        return True

    def across_gate(self, state: CombatState, attacker: Figure, target: Figure) -> bool:
        return super().across_gate(state, attacker, target) or (
            attacker.size == 1 and target.size == 1 and not attacker.airborne and not target.airborne
            and _joins(state, attacker.hex, target.hex))

    def attack(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> list[Adjustment]:
        found = super().attack(play, attacker, target, weapon, kind)
        if kind == "melee" and board.gap(attacker, target) > 1 and self.across_gate(play.state, attacker, target):
            found.append(Adjustment(GATE_PENALTY, "through the Gateway"))
        return found
