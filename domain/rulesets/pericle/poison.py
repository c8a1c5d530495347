"""Venom and poison (seed 001, Monster Disciplines & Abilities, Venom & Poison): delivered by a
strike whose damage gets through armour, it works every turn until an MT save succeeds
(PER-POISON: the save is made as the poisoned figure's slot opens)."""

from __future__ import annotations

from domain.dice_expression import roll_expression
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle import spell_effects
from domain.rulesets.pericle.catalogue import Poison, Weapon
from domain.rulesets.pericle.dice import Adjustment, check
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import Figure


def delivered(weapon: Weapon, target: Figure, damage: int) -> Poison | None:
    """The poison a strike delivers: only through armour, and not onto one already poisoned
    ("future poisonings do not stack")."""
    if weapon.poison is None or damage <= 0 or target.poisoned is not None:
        return None
    return weapon.poison


def penalty(figure: Figure) -> list[Adjustment]:
    """A cumulative AD poison's penalty, on the figure's attacks, spells and Athletics checks."""
    if figure.poisoned is None or not figure.poisoned.penalty:
        return []
    return [Adjustment(figure.poisoned.penalty, "poison")]


def save(play: Play, figure: Figure) -> None:
    """The MT save at the poison's modifier; a failure deals its damage or deepens its penalty."""
    poisoned = figure.poisoned
    assert poisoned is not None
    spec = poisoned.poison
    adjustments = [Adjustment(spec.save, "poison's save")] if spec.save else []
    if "Strength of the Mountain" in figure.disciplines:
        # Version 5's stone dwarves (seed 001 line 866): "+1AD when making Might checks".
        adjustments.append(Adjustment(1, "Strength of the Mountain"))
    rolled = check(play.dice, f"{figure.name}: MT save against poison", figure.mt, adjustments,
                   fortune=play.passives.luck(play, figure))
    deeper = poisoned.penalty if rolled.success else poisoned.penalty + spec.ad
    play.emit(ev.PoisonSave(figure=figure.id, check=rolled, saved=rolled.success, penalty=0 if rolled.success
                            else deeper))
    if not rolled.success and spec.damage:
        roll = roll_expression(play.dice, spec.damage, f"poison in {figure.name}")
        play.emit(ev.Damaged(figure=figure.id, amount=spell_effects.hurt(play.state, figure, max(0, roll.total or 0)),
                             source=f"poison:{poisoned.source}",
                             roll=roll))
