"""Version 6's Tentacles of Gaia, Lesser and Greater (seed 001 lines 1542, 1572), with the
Grappling rules they lean on (lines 436-464, Grappling Expertise line 603).

The tentacles are no figure: they are the spell lying on its hexes (`ActiveSpell.at`, as Grease
and Arcane Flux lie), and the creatures they hold are the spell's `foes`. A held creature is prone
and Grappled by them (the Actions of line 450 only: draw a weapon, Defend, cast a Spell, escape;
no move, no standing up); a figure cannot Grapple it nor be held while in a Grapple Pile of
figures. Why not a figure: the seed gives the tentacles no HP, Movement, facing nor slot ("The
tentacles act on the turn of the casting hero"), they cover seven hexes (or 91) without standing in
any one, "will not change locations", and a figure on the map would block movement and sight,
Embattle, take a slot in the Action Order and count for the end of combat - none of which the seed
gives them (docs/pericle-6-notes.md, PER-TENTACLES).

The tentacles' turn: as the Spell is cast (the caster's Action) and after each upkeep its caster
pays for it (`spell_maintained`), every creature in the hexes that they do not hold yet meets an
opposed Grapple check (Grapple 3, Greater 9; Grappling Expertise: the better of two rolls for
them), then every creature they hold is struck (AD2, 1d6+1d4; Greater AD4, 2d6+1)."""

from __future__ import annotations

import msgspec

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.hexes import Hex, distance
from domain.rulesets.contract import ProvisionalRule
from domain.rulesets.pericle import board, spell_effects
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import act
from domain.rulesets.pericle.combat import damage as after_armour
from domain.rulesets.pericle.dice import Adjustment, Check, check, opposed
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.spell_effects import TENTACLES_GREATER, TENTACLES_LESSER
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5 import piles
from domain.rulesets.pericle.v5.passives import V5Passives
from domain.rulesets.pericle.v6.effects import SpellEffect


class Tentacles(msgspec.Struct, frozen=True):
    """What the tentacles of one Spell are: line 1542 (Lesser) "have Grapple 3 ... AD2 for attacks
    and deal 1d6+1d4 damage"; line 1572 (Greater) "Grapple 9, AD4, Grappling Expertise and deal 2d6+1"."""

    grapple: int
    ad: int
    damage: str


TENTACLES = {TENTACLES_LESSER: Tentacles(3, 2, "1d6+1d4"), TENTACLES_GREATER: Tentacles(9, 4, "2d6+1")}
CREATION_RANGE = 3  # line 1542: "The first hex must be within three hexes of the caster."

# Line 450: "If Grappled, you can only take the following Actions": draw a weapon, attack (there is
# no figure of the tentacles to attack, and line 448: "you can no longer attack adjacent foes while
# Grappled"), Defend, cast a Spell, escape; or take none.
HELD_ACTIONS = (cmd.ReadyWeapons, cmd.Defend, cmd.CastSpell, cmd.Escape, cmd.PassAction, cmd.Delay)

TENTACLES_RULE = ProvisionalRule(
    "PER-TENTACLES",
    "Tentacles of Gaia (lines 1542, 1572) are no figure: the seed gives them no HP, Movement nor slot (\"The "
    "tentacles act on the turn of the casting hero\"). They act as the Spell is cast and after each upkeep its "
    "caster pays: an opposed Grapple check against each one-hex creature on the ground in their hexes that they "
    "do not hold and that is in no Grapple Pile (\"Roll separately against each creature\"), the tentacles "
    "rolling a tie (line 442: \"If tied, the Hero team gets to roll the check\"), then one strike at each creature "
    "they hold (\"Tentacles have AD2 for attacks\"), with no Crit Die and no shield (they come \"out of the "
    "ground\"). A held creature is prone and may only draw a weapon, Defend, cast a Spell (no Defense Die for "
    "the tentacles) or escape (line 456: an opposed Grapple check against theirs, their Grappling Expertise "
    "not applied); no figure may Grapple it. Lesser: the seven hexes are `at` and its ring (PER-SEVEN-HEXES). "
    "Greater's MT16 changes nothing the server rolls.")


def holding(state: CombatState, figure: Figure) -> ActiveSpell | None:
    """The Tentacles of Gaia that hold the figure, if any."""
    return next((s for s in state.spells if s.spell in TENTACLES and s.rules and figure.id in s.foes), None)


def _current(state: CombatState, spell: ActiveSpell) -> ActiveSpell | None:
    return next((s for s in state.spells if (s.spell, s.caster, s.cast_turn, s.at)
                 == (spell.spell, spell.caster, spell.cast_turn, spell.at)), None)


def _graspable(state: CombatState, figure: Figure, hexes: frozenset[Hex]) -> bool:
    """Whether the tentacles try to Grapple the figure: a creature standing or prone in their hexes,
    on the ground, of one hex (PER-GRAPPLE-SIZE), in no Grapple Pile, held by no tentacles yet; an
    Image is no creature."""
    return (figure.active and not figure.airborne and figure.size == 1 and not figure.grappled_with
            and bool(set(figure.hexes) & hexes) and holding(state, figure) is None
            and not spell_effects.image(state, figure))


def grasp(play: Play, spell: ActiveSpell, maintained: bool = True) -> None:
    """The tentacles' turn: let go of those no longer in their hexes (or down), Grapple each other
    creature there, then strike each one they hold."""
    tentacles = TENTACLES[spell.spell]
    caster = play.figure(spell.caster)
    hexes = spell_effects.lying_hexes(spell)
    for held_id in spell.foes:
        held = play.figure(held_id)
        if not held.active or not set(held.hexes) & hexes:
            play.emit(ev.TentaclesLetGo(caster=spell.caster, spell=spell.spell, cast_turn=spell.cast_turn,
                                        figure=held_id, reason="out of the tentacles' hexes" if held.active
                                        else held.condition))
    for figure in list(play.state.figures):
        figure = play.figure(figure.id)
        if not _graspable(play.state, figure, hexes):
            continue
        # Line 442: an Opposed Check, "the combatant with the higher Grapple score gets to roll the
        # check. (If tied, the Hero team gets to roll the check.)": the tentacles are the hero
        # caster's. Line 603: Grappling Expertise, "two rolls are taken and the better outcome for
        # the combatant with Grappling Expertise is used": Fortune when they roll, Misfortune for
        # the creature when it does (as actions.py's Grapple).
        defending = figure.grapple + (3 if figure.everkin else 0) + play.passives.resist_grapple(play, figure)
        roller, ad = opposed(tentacles.grapple, defending)
        if tentacles.grapple == defending:
            roller = "aggressor"
        ours = roller == "aggressor"
        rolled = check(play.dice, f"{spell.spell} grapples {figure.name}", ad, [],
                       fortune=1 if ours else play.passives.luck(play, figure), misfortune=0 if ours else 1)
        success = rolled.success if ours else not rolled.success
        play.emit(ev.TentaclesGrappled(caster=caster.id, spell=spell.spell, cast_turn=spell.cast_turn,
                                       figure=figure.id, check=rolled, roller=caster.id if ours else figure.id,
                                       success=success))
    now = _current(play.state, spell)
    if now is not None:
        for held_id in now.foes:
            _strike(play, now, play.figure(held_id), tentacles, maintained)


def _strike(play: Play, spell: ActiveSpell, target: Figure, tentacles: Tentacles, maintained: bool) -> None:
    """Line 1542: "Tentacles have AD2 for attacks and deal 1d6+1d4 damage": an attack roll at AD2
    (a Defending target's Defense Die, line 438), the damage through its armour and armour spells."""
    if not target.active:
        return
    defense = ["Defending"] if target.defending else []
    rolled = check(play.dice, f"{spell.spell} strike {target.name}", tentacles.ad, [], defense_dice=len(defense))
    play.emit(ev.CheckMade(figure=spell.caster, purpose=f"{spell.spell}: attack on {target.name}", check=rolled))
    if not rolled.success:
        return
    damage = roll_expression(play.dice, tentacles.damage, f"{spell.spell}: damage to {target.name}")
    armour, _, by_spells = spell_effects.protection(play.state, target, target.armour, 0, False)
    dealt = after_armour(max(0, damage.total or 0), "other", armour, 0, False, defense_torches=rolled.armour_bonus)
    protection = [Adjustment(target.armour, "armour"), *by_spells]
    if rolled.armour_bonus:
        protection.append(Adjustment(rolled.armour_bonus, "Defense Die torch"))
    play.emit(ev.SpellDamage(caster=spell.caster, spell=spell.spell, roll=damage, maintained=maintained, hits=(
        ev.SpellHit(figure=target.id, damage=spell_effects.hurt(play.state, target, dealt), protection=protection),)))


def _cast(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
          second: Figure | None, rolled: Check, double: bool) -> None:
    """As cast: the tentacles appear in their hexes and act at once (the cast is the caster's turn)."""
    laid = next((s for s in reversed(play.state.spells) if s.spell == spell.name and s.caster == caster.id
                 and s.cast_turn == play.state.turn and s.at is not None), None)
    if laid is not None:
        grasp(play, laid, maintained=False)


SPELL_EFFECTS: dict[str, SpellEffect] = {TENTACLES_LESSER: _cast, TENTACLES_GREATER: _cast}


def _check_cast(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    """Before any die: the hex the tentacles are laid at (`at`), on the map and clear of walls; for
    Lesser, "The first hex must be within three hexes of the caster" (line 1542), the named hex being
    the first; Greater is "thrown at a hex" (line 1572), its range and front sides as any thrown Spell."""
    if command.at is None:
        raise RuleViolation("spell-target", f"{command.spell}: name the hex the tentacles rise at (`at`)")
    if not board.passable(play.state, command.at):
        raise RuleViolation("spell-target", f"{command.spell}: {command.at} is off the map or walled")
    if command.spell == TENTACLES_LESSER and distance(caster.hex, command.at) > CREATION_RANGE:
        raise RuleViolation("spell-range", f"{command.spell}: the first hex must be within {CREATION_RANGE} hexes of "
                                           "the caster (line 1542)")


def escape(play: Play, figure: Figure, command: cmd.Escape) -> None:
    """Line 456: "Attempt to escape the Grapple. This requires an opposed Grapple check to escape the
    Grapple... If you're successful, you crawl to an adjacent empty hex. You are still Prone." Against
    the tentacles' Grapple score; on a tie the heroes' side rolls (line 442): the escaper if it is a
    hero, else the tentacles (the hero caster's). Grappling Agility (line 1452) escapes whatever the dice."""
    held = holding(play.state, figure)
    if held is None or figure.grappled_with:
        piles.escape(play, figure, command)
        return
    if distance(figure.hex, command.to) != 1 or not board.passable(play.state, command.to) or play.state.at(command.to):
        raise RuleViolation("escape-hex", "escape to an adjacent empty hex")
    tentacles = TENTACLES[held.spell]
    score = figure.grapple + play.passives.grapple_escape(figure)
    roller, ad = opposed(score, tentacles.grapple)
    if score == tentacles.grapple:
        roller = "aggressor" if figure.team == "heroes" else "defender"
    ours = roller == "aggressor"
    rolled = check(play.dice, f"{figure.name} escapes {held.spell}", ad, [],
                   fortune=play.passives.luck(play, figure) if ours else 0)
    success = rolled.success if ours else not rolled.success
    if spell_effects.on_by_v5(play.state, figure, spell_effects.GRAPPLING_AGILITY):
        success = True
    play.emit(ev.EscapedGrapple(figure=figure.id, check=rolled, success=success, to=command.to if success else None,
                                roller=figure.id if ours else held.caster))
    if success:
        play.emit(ev.TentaclesLetGo(caster=held.caster, spell=held.spell, cast_turn=held.cast_turn, figure=figure.id,
                                    reason="escaped"))


def escape_row(play: Play, command: cmd.Escape) -> None:
    act(play, command, escape)


def not_held(play: Play, command: cmd.MoveFigure) -> None:
    """Line 450's Actions leave a held creature no move, in the Movement phase as in the Action
    phase ("a Grappled figure cannot move; escaping is an Action")."""
    figure = play.figure(command.figure)
    held = holding(play.state, figure)
    if held is not None:
        raise RuleViolation("grappled-no-move", f"{figure.name} is held by {held.spell}: it cannot move; "
                                                "escaping is an Action")


class TentaclesPassives(V5Passives):
    """The tentacles' turn after each upkeep of their Spell, and what a held creature may not do."""

    @property
    def laid_on_hexes(self) -> frozenset[str]:
        return frozenset({*super().laid_on_hexes, *TENTACLES})

    def spell_maintained(self, play: Play, spell: ActiveSpell) -> None:
        super().spell_maintained(play, spell)
        if spell.spell in TENTACLES and spell.rules and spell.at is not None:
            now = _current(play.state, spell)
            if now is not None:
                grasp(play, now)

    def check_action(self, play: Play, figure: Figure, command: msgspec.Struct) -> None:
        super().check_action(play, figure, command)
        if isinstance(command, cmd.CastSpell) and command.spell in TENTACLES:
            _check_cast(play, figure, command)
        held = holding(play.state, figure)
        if held is not None and not isinstance(command, HELD_ACTIONS):
            raise RuleViolation("grappled", f"{figure.name} is held by {held.spell}: it may draw a weapon, Defend, "
                                            "cast a Spell or escape (line 450)")
        if isinstance(command, cmd.Grapple):
            target = play.state.figure(command.target)
            if target is not None and holding(play.state, target) is not None:
                raise RuleViolation("grapple-tentacles", f"{target.name} is held by the tentacles (PER-TENTACLES)")
