"""Version 6's Spells of movement, fortune, the senses and readied strikes (seed 001, Appendix:
Spells): their effects as cast (`SPELL_EFFECTS`) and while they last (`BodyPassives`).

Each lasts as an `ActiveSpell` stamped with the version that cast it (`rules`, "6"), ended by its
duration at its caster's slot (turns.py) like any Spell with a duration; a cast of version 5 (which
only records these Spells for the table) is never read here."""

from __future__ import annotations

import msgspec

from domain.errors import RuleViolation
from domain.hexes import DIRECTIONS
from domain.rulesets.pericle import board, spell_effects
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.dice import Adjustment, Check
from domain.rulesets.pericle.evolve import READIED_MARK, READIED_STRIKE
from domain.rulesets.pericle.heroes import grapple_score
from domain.rulesets.pericle.movement import movement_points
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure, by_rules_of
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5 import arcane, lasting
from domain.rulesets.pericle.v5.passives import V5Passives
from domain.rulesets.pericle.v5.skill_checks import SKILLS
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect

# Slow/Speed Movement (line 1411): "0E, lasts 4 turns. Halves or doubles Movement as selected by
# the caster." The caster selects with `power` (the Spell costs no E, so `power` is free to say it).
SLOW_SPEED = "Slow/Speed Movement"
SLOW, SPEED = 1, 2  # `power: 1` halves (Slow), `power: 2` doubles (Speed)
# Luck of Esteus (line 1407): "1E. The target gains Fortune on the next AD roll. If the target
# doesn't make an AD roll within one turn, then the Fortune bonus is lost."
LUCK = "Luck of Esteus"
# Heightened Senses (line 1444): "0E. Lasts five turns... all surrounding hexes are treated as
# front hexes" (evolve.py sets `Figure.all_front` while it lasts; board.py reads it).
HEIGHTENED_SENSES = "Heightened Senses"
# Arcane Flux, Greater (line 1488): "2E. As per Arcane Flux, but on 3 contiguous spaces... Hexes with
# Arcane Flux do not grant partial cover." The three: a row from `at` (else the target's hex) the
# way `power` points (0-5, hexes.DIRECTIONS: 0 east, then counter-clockwise); spell_effects.py
# reads them as flux (`fluxes`), as it reads version 5's Arcane Flux.
GREATER_FLUX = spell_effects.GREATER_FLUX
# Boon (line 1434): "xE, lasts five turns. The caster decides if the target gains temporary points in
# MT, DX, KN, or a Skill. If MT is granted, the target also gains temporary HP. Raising KN does not
# grant temporary XP. The caster incurs the amount of E equal to the temporary points granted to the
# target." `power`: the points (and the E); `second_target`: what they go to ("MT", "DX", "KN" or a
# Skill's name). Evolve gives them (`attribute_raised`) and takes them back as the spell ends.
# Readied Strike (line 1446): "2E. Lasts 10 turns. The Target... gains Readied Strike as long as it
# does not move. As soon as the Target moves, Readied Strike is lost. Readied Strike applies on the
# first attack against foes that become Embattled by the Target. The Target makes this attack at the
# start of the Attack Order (although at their normal AD) and, if successful, deals critical damage,
# enabling the Crit Die to be rolled. This attack must be made on the same turn that the foe becomes
# Embattled. If Readied Strike is cast on a Target that is already Embattled, the Target cannot make
# Readied Strikes against any foes it is already Embattled with." Evolve keeps on the spell the foes
# it has none against (`ActiveSpell.foes`: Embattled with it as it was cast or as each turn began,
# or struck already) and drops it as its target moves; `BodyPassives` puts the target first in the
# Action Order and marks its attack on a readied foe (an adjustment of 0), whose hit is a Crit.
BOON = "Boon"
BOON_CHOICES: tuple[str, ...] = ("MT", "DX", "KN", *SKILLS)


def lasting_v6(state: CombatState, figure: Figure, spell: str) -> ActiveSpell | None:
    """The cast of `spell` on the figure by version 6's rules or later, while it lasts."""
    return next((s for s in state.spells if s.spell == spell and s.target == figure.id
                 and by_rules_of(s.rules, 6)), None)


def _lasts(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
           second: Figure | None, rolled: Check, double: bool) -> None:
    """A Spell whose whole effect is to last on its target (the `ActiveSpell` its cast left),
    read by `BodyPassives` and board.py while it does: nothing more happens as it is cast."""


def _greater_flux(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
                  second: Figure | None, rolled: Check, double: bool) -> None:
    """As Arcane Flux as it is cast (line 1430: "If a creature is in the hex, it causes 1HP
    damage"), in each of the three hexes; it then lies there to the end of combat (the
    `ActiveSpell` at `at`, its row's way in `exhaustion`), burning who enters or stays."""
    hexes = spell_effects.flux_row(command.at if command.at is not None else target.hex, command.power)
    for there in [f for f in play.state.figures if set(f.hexes) & hexes]:
        arcane.flux_burn(play, play.figure(there.id), lasting.FLUX_ENTERED)


def _boon(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
          second: Figure | None, rolled: Check, double: bool) -> None:
    """The points go to the attribute or Skill chosen (MT with as many HP: "Each hero has maximum HP
    equal to their MT+10", line 1045); a hero's Grapple score follows its MT and Base AD (Step 8:
    "1/2 MT (rounded down) + Base AD - 2"), an enemy's is its stat block's."""
    choice, points = command.second_target or "", command.power
    grapple = 0
    if target.team == "heroes" and choice in ("MT", "DX"):
        mt, ad = (target.mt + points, target.base_ad) if choice == "MT" else (target.mt, target.base_ad + points)
        grapple = grapple_score(mt, ad) - grapple_score(target.mt, target.base_ad)
    play.emit(ev.AttributeRaised(caster=caster.id, spell=spell.name, target=target.id, choice=choice, points=points,
                                 grapple=grapple))


def readied_foes(state: CombatState, figure: Figure) -> list[Figure]:
    """The foes the figure has a Readied Strike against now: Embattled by it since the turn began
    (or since the cast), not struck by it yet."""
    spell = lasting_v6(state, figure, READIED_STRIKE)
    if spell is None:
        return []
    return [foe for foe in board.foes(state, figure) if foe.id not in spell.foes
            and figure in board.embattled_by(state, foe)]


SPELL_EFFECTS: dict[str, SpellEffect] = {SLOW_SPEED: _lasts, LUCK: _lasts, HEIGHTENED_SENSES: _lasts,
                                         GREATER_FLUX: _greater_flux, BOON: _boon, READIED_STRIKE: _lasts}
USED: dict[str, UsedEffect] = {}


class BodyPassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""

    @property
    def laid_on_hexes(self) -> frozenset[str]:
        return super().laid_on_hexes | {GREATER_FLUX}

    @property
    def chosen_by_second_target(self) -> frozenset[str]:
        return super().chosen_by_second_target | {BOON}

    def spell_power(self, spell: HandbookSpell, command: cmd.CastSpell) -> int:
        if spell.name == GREATER_FLUX:
            if command.power >= len(DIRECTIONS):
                raise RuleViolation("spell-power", f"{GREATER_FLUX}: `power` 0-5 is the way its row of three hexes "
                                                   "runs from `at` (0 east, then counter-clockwise); it costs 2E")
            return 0
        if spell.name != SLOW_SPEED:
            return super().spell_power(spell, command)
        if command.power not in (SLOW, SPEED):
            raise RuleViolation("spell-power", f"{SLOW_SPEED} (line 1411) halves or doubles Movement as the caster "
                                               f"selects: `power: {SLOW}` halves it (Slow), `power: {SPEED}` "
                                               "doubles it (Speed); it costs 0E")
        return 0

    def movement(self, play: Play, figure: Figure) -> int:
        added = super().movement(play, figure)
        active = lasting_v6(play.state, figure, SLOW_SPEED)
        if active is None:
            return added
        # The figure's own Movement (a prone one's crawl of 2) halved, rounded down as the seed
        # rounds halves (Berserk, line 1250: "half your MT score rounded down"), or doubled; what
        # other effects add to it (Berserk's +1) is added after.
        points = movement_points(figure)
        return added + (points if active.exhaustion == SPEED else points // 2 - points)

    def check_action(self, play: Play, figure: Figure, command: msgspec.Struct) -> None:
        super().check_action(play, figure, command)
        if isinstance(command, cmd.CastSpell) and command.spell == BOON:
            target = play.figure(command.target)
            if command.second_target not in BOON_CHOICES:
                raise RuleViolation("spell-choice", f"{BOON} (line 1434): name what the points go to in "
                                                    f"`second_target`: one of {', '.join(BOON_CHOICES)}")
            if command.second_target in SKILLS and command.second_target not in target.checks:
                raise RuleViolation("spell-choice", f"{BOON}: {target.name} has no Skills of a hero sheet to raise; "
                                                    "choose MT, DX or KN")
        if isinstance(command, cmd.CastSpell) and command.spell == GREATER_FLUX and command.power < len(DIRECTIONS):
            start = command.at if command.at is not None else play.figure(command.target).hex
            hexes = spell_effects.flux_row(start, command.power)
            if any(not play.state.encounter.map.contains(h) or h in board.walls(play.state) for h in hexes):
                raise RuleViolation("spell-target", f"{GREATER_FLUX}: its three hexes (a row from `at` the way "
                                                    "`power` points) must lie on the map, clear of walls")

    def order_group(self, state: CombatState, figure: Figure) -> int:
        # Readied Strike: "The Target makes this attack at the start of the Attack Order".
        return 0 if readied_foes(state, figure) else super().order_group(state, figure)

    def attack(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> list[Adjustment]:
        found = super().attack(play, attacker, target, weapon, kind)
        # Its foes readied as the Action phase began (evolve.py) put it at the start of the order; it
        # strikes them in its own slot (not delayed).
        if kind == "grapple-strike" or play.state.current != attacker.id \
                or target.id not in {f.id for f in readied_foes(play.state, attacker)}:
            return found
        # "(although at their normal AD)": no AD of its own; recorded with the roll so that the hit
        # is a Crit (`crit`) and the foe has had its Readied Strike (evolve.py).
        return [*found, Adjustment(0, READIED_MARK)]

    def crit(self, play: Play, attacker: Figure, weapon: Weapon, kind: str, rolled: Check) -> bool:
        # Readied Strike: "if successful, deals critical damage, enabling the Crit Die to be rolled".
        if rolled.success and any(a.source == READIED_MARK for a in rolled.adjustments):
            return True
        return super().crit(play, attacker, weapon, kind, rolled)

    def luck(self, play: Play, figure: Figure) -> int:
        fortune = super().luck(play, figure)
        active = lasting_v6(play.state, figure, LUCK)
        if active is None:
            return fortune
        # "the next AD roll": this roll has it, and it is spent.
        play.emit(ev.SpellEnded(caster=active.caster, spell=active.spell, target=active.target, reason="fortune used"))
        return fortune + 1
