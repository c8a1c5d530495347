"""Grapple Piles as seed 001 gives them (Grappling, lines 442-464), for version 5: the Defense
Dice of a shot or a spell aimed into a pile, casting while grappled, and who rolls a tied escape.

- line 460: "If you attack a Grappled foe with a ranged weapon ... they get a Defense Die for
  being Prone plus a Defense Die for partial cover for your ally for a total of 2 Defense Die ...
  (Note that if the caster of a Thrown Spell is in an adjacent hex, the target only gets 1
  Defense Die instead of 2.)" Versions 3 and 4 gave a shot into a pile the Prone die only, and a
  spell from an adjacent hex none.
- line 460 (a ranged attack into a pile): "If you miss, you must then make AD checks to avoid
  hitting each ally", which its note extends to Thrown spells; line 462: "If you cast a Thrown
  spell on an ally in a Grapple Pile ... if your spell misses you must also roll to miss each
  enemy in the pile. With failure, you cast the buff spell on an enemy!" Versions 3 and 4 rolled
  nothing after a missed spell (PER-STRAY-SPELL: what the seed leaves open).
- line 455: "Attempt to cast a spell. All enemies in the Grapple Pile gain a Defense Die to
  attempt to prevent you from casting a spell." Versions 3 and 4 gave them none.
- line 456: escaping "requires an opposed Grapple check"; line 442, of the opposed Grapple
  check: "(If tied, the Hero team gets to roll the check.)" Versions 3 and 4 let the one escaping
  roll a tie, as the general rule of Opposed Checks has it (line 202: "In the case of a tie, the
  aggressor rolls"); the Grappling section's own rule is the one for Grapple checks (the Grapple
  action itself already followed it)."""

from __future__ import annotations

from domain.errors import RuleViolation
from domain.hexes import distance
from domain.rulesets.pericle import board, spell_effects
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.dice import Adjustment, Check, check, opposed
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import Figure

REVISION = 5
PILE_COVER = "Partial Cover (Grapple Pile)"


def _into_the_pile(attacker: Figure, target: Figure) -> bool:
    """Whether the target lies in a Grapple Pile the attacker is not part of (nor is itself)."""
    return bool(target.grappled_with) and attacker.id != target.id and attacker.id not in target.grappled_with


def shot_defense(play: Play, attacker: Figure, target: Figure, kind: str) -> list[str]:
    """The Defense Die a ranged or thrown attack into a Grapple Pile adds to the Prone one: "a
    Defense Die for partial cover for your ally" (line 460). A melee or Reach blow has it in
    every version (line 458)."""
    if play.settings.REVISION < REVISION or kind not in ("ranged", "thrown"):
        return []
    return [PILE_COVER] if _into_the_pile(attacker, target) else []


def spell_defense(play: Play, caster: Figure, target: Figure) -> list[str]:
    """The Defense Dice a spell meets for a Grapple Pile: one for each enemy in the caster's own
    pile (line 455), and a foe's Partial Cover in the pile it is aimed into (line 460: with the
    Prone die, two from afar, one from an adjacent hex, where the Prone die is not given, line
    408). A spell on an ally in a pile gets no Defense Die: "your ally wishes to be 'hit'" (line
    462)."""
    if play.settings.REVISION < REVISION:
        return []
    found = [f"Grapple Pile: {foe.name}" for foe in (play.figure(f) for f in caster.grappled_with)
             if foe.team != caster.team]
    if target.team != caster.team and target.id != caster.id and _into_the_pile(caster, target):
        found.append(PILE_COVER)
    return found


def stray_spell(play: Play, caster: Figure, spell: str, thrown: bool, target: Figure,
                adjustments: list[Adjustment]) -> tuple[Figure, Check] | None:
    """After a Thrown spell misses a figure in a Grapple Pile the caster is not in: a roll to miss
    each figure of the pile on the other side of the target's (the caster's allies for a curse,
    line 460; its enemies for a buff, line 462), at the cast's AD with no Defense Die, in the
    pile's order (PER-STRAY-SPELL); each miss is recorded, and the first failure is the figure the
    spell lands on, with that roll (None: it lands on no one)."""
    if play.settings.REVISION < REVISION or not thrown or not _into_the_pile(caster, target):
        return None
    hostile = target.team != caster.team
    for other in (play.figure(f) for f in target.grappled_with):
        if (other.team == caster.team) != hostile or other.id == caster.id:
            continue
        rolled = check(play.dice, f"{caster.name}'s {spell} to miss {other.name}", caster.base_ad, adjustments,
                       fortune=play.passives.luck(play, caster))
        if not rolled.success:
            return other, rolled
        play.emit(ev.CheckMade(figure=caster.id, purpose=f"{spell}: to miss {other.name} in the Grapple Pile",
                               check=rolled))
    return None


def tie_roller(escaper: Figure, strongest: Figure) -> str:
    """Who rolls an escape's opposed Grapple check on equal scores: "the Hero team" (line 442),
    the escaper if it is a hero, else the foe holding it."""
    return "aggressor" if escaper.team == "heroes" or strongest.team != "heroes" else "defender"


def escape(play: Play, figure: Figure, command: cmd.Escape) -> None:
    """An opposed Grapple check against the pile's best grappler, each other foe in it adding a
    Defense Die (line 456); on a tie the heroes' side rolls (line 442); success crawls to an
    adjacent empty hex, still prone."""
    if not figure.grappled_with:
        raise RuleViolation("not-grappled", f"{figure.name} is not Grappled")
    if distance(figure.hex, command.to) != 1 or not board.passable(play.state, command.to) or play.state.at(command.to):
        raise RuleViolation("escape-hex", "escape to an adjacent empty hex")
    pile = [play.figure(f) for f in figure.grappled_with]
    foes = sorted((f for f in pile if f.team != figure.team), key=lambda f: -f.grapple)
    strongest = foes[0] if foes else pile[0]
    roller, ad = opposed(figure.grapple, strongest.grapple)
    if figure.grapple == strongest.grapple:
        roller = tie_roller(figure, strongest)
    extra = len(foes) - 1 if roller == "aggressor" else 0
    rolled = check(play.dice, f"{figure.name} escapes the Grapple", ad, [], defense_dice=max(0, extra),
                   fortune=play.passives.luck(play, figure if roller == "aggressor" else strongest))
    success = rolled.success if roller == "aggressor" else not rolled.success
    if spell_effects.on_by_v5(play.state, figure, spell_effects.GRAPPLING_AGILITY):
        # Grappling Agility (line 1452): "If cast on a target that is already Grappled, the target
        # will automatically succeed on attempts to escape".
        success = True
    play.emit(ev.EscapedGrapple(figure=figure.id, check=rolled, success=success, to=command.to if success else None,
                                roller=figure.id if roller == "aggressor" else strongest.id))
