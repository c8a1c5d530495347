"""Pericle 5's Arcane damage (seed 001): Arcane Barrage's bolt by the caster's MT (lines
1419-1428), Arcane Storm's and Arcane Nova's seven hexes (lines 1450, 1486), the Arcane crit
(line 179: "Arcane Spells: Stun"; line 182: the Crit Die is rolled for them) and Staff & Wand
Affinity: Arcane II's doubled dice (line 1345)."""

from __future__ import annotations

import re

from domain.dice import Roll
from domain.dice_expression import roll_expression
from domain.hexes import Hex
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle import spell_effects
from domain.rulesets.pericle.combat import damage as damage_after_armour
from domain.rulesets.pericle.crits import TORCH_FACES
from domain.rulesets.pericle.dice import Adjustment, Check, crit_die
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.strikes import _shield_faces as shield_faces
from domain.rulesets.pericle.v5 import summons

# Arcane Barrage (lines 1421-1428): "MT / Damage: 0 1d4, 1 1d4, 2 1d6, 3 2d4, 4 1d6+1d4, 5 2d6,
# 6 3d4". The table stops at MT6; a stronger caster deals the MT6 bolt (PER-BARRAGE-MT: the
# seed is silent above MT6, docs/pericle-5-notes.md).
BARRAGE_BY_MT = ("1d4", "1d4", "1d6", "2d4", "1d6+1d4", "2d6", "3d4")
# Arcane Storm (line 1450): "Does 1d4 damage"; Arcane Nova (line 1486): "Does 1d6 damage";
# both "in the target hex and the surrounding adjacent hexes (7 hexes in total)", bypassing armour.
AREA_DAMAGE = {"Arcane Storm": "1d4", "Arcane Nova": "1d6"}
ARCANE_DAMAGE = frozenset({"Arcane Barrage", *AREA_DAMAGE})
ARCANE_II = "Staff & Wand Affinity: Arcane II"


def barrage_damage(mt: int) -> str:
    return BARRAGE_BY_MT[max(0, min(mt, len(BARRAGE_BY_MT) - 1))]


def doubled(expression: str) -> str:
    """Arcane II (line 1345): "double the number of damage dice rolled": 1d6+1 -> 2d6+1."""
    return re.sub(r"(\d+)d(\d+)", lambda m: f"{2 * int(m.group(1))}d{m.group(2)}", expression)


def area(centre: Hex) -> frozenset[Hex]:
    """"the target hex and the surrounding adjacent hexes (7 hexes in total)"."""
    return spell_effects.seven_hexes(centre)


def _crit(play: Play, caster: Figure, cast: Check) -> tuple[str | None, Roll | None, str | None]:
    """On a Crit the Crit Die is rolled for an Arcane Spell (line 182: "This does not occur for
    Arcane Spells"): two stars double the damage, a torch adds the Arcane crit effect, Stun (line
    179). On "one star or torch" the server deals the damage (the caster's choice of the effect
    instead is not yet a field of the command)."""
    if not cast.crit:
        return None, None, None
    face, roll = crit_die(play.dice, f"{caster.name}: Crit Die")
    return face, roll, "stun" if face in TORCH_FACES else None


def with_bonus(expression: str, bonus: int) -> str:
    """Version 6's Elemental Bending (seed 001 lines 1198, 1256): "+1 damage" added to the roll (line
    1345's "Arcane Fire Barrage which would normally deal 1d6+1 damage"); no bonus, as before."""
    return f"{expression}+{bonus}" if bonus else expression


def barrage(play: Play, caster: Figure, target: Figure, cast: Check, *, double: bool, bonus: int = 0) -> None:
    """Arcane Barrage's bolt: damage by the caster's MT, through the target's armour and (from its
    front) shield as any ranged attack's, with the spells on it and its Defense Die torches;
    `bonus`: version 6's Elemental Bending (never doubled by Arcane II, line 1345)."""
    if target.id != caster.id and spell_effects.on_by_v5(play.state, target, spell_effects.REVERSE_RANGED):
        # Reverse Ranged Attacks (line 1476): "thrown Spells... instead hit the original attacker".
        target = caster
    if spell_effects.immune_to_arcane(play.state, target):
        return
    expression = barrage_damage(caster.mt)
    expression = with_bonus(doubled(expression) if double else expression, bonus)
    rolled = roll_expression(play.dice, expression, f"{caster.name}: Arcane Barrage damage")
    face, crit, effect = _crit(play, caster, cast)
    from_front = shield_faces(target, caster, "ranged")
    armour, shield, by_spells = spell_effects.protection(play.state, target, target.armour, target.shield, from_front)
    dealt = damage_after_armour(max(0, rolled.total or 0), "other", armour, shield, from_front, crit_face=face,
                                defense_torches=cast.armour_bonus)
    protection = [Adjustment(target.armour, "armour"), *by_spells]
    if from_front and target.shield:
        protection.append(Adjustment(target.shield, "shield"))
    if cast.armour_bonus:
        protection.append(Adjustment(cast.armour_bonus, "Defense Die torch"))
    dealt = _warded(play, target, dealt, protection)
    play.emit(ev.SpellDamage(caster=caster.id, spell="Arcane Barrage", roll=rolled, crit_face=face,
                             crit_roll=crit,
                             hits=(ev.SpellHit(figure=target.id, damage=dealt, protection=protection,
                                               crit_effect=effect),)))


def storm(play: Play, caster: Figure, spell: str, centre: Hex, *, cast: Check | None = None,
          double: bool = False, bonus: int = 0) -> None:
    """Arcane Storm or Nova on its seven hexes: one roll for every figure there but the caster,
    armour and shields no help ("The damage bypasses armor and shields"); cast anew (`cast`) or
    dealt again on a later turn the caster maintains it."""
    expression = AREA_DAMAGE[spell]
    expression = with_bonus(doubled(expression) if double else expression, bonus)
    rolled = roll_expression(play.dice, expression, f"{caster.name}: {spell} damage")
    face, crit, effect = _crit(play, caster, cast) if cast is not None else (None, None, None)
    amount = max(0, rolled.total or 0) * (2 if face is not None and "two stars" in face else 1)
    hexes = area(centre)
    # A Spell Shield "prevents all other Spells from affecting the target" (line 1534).
    hit = [f for f in play.state.figures if f.id != caster.id and f.condition != "dead" and set(f.hexes) & hexes
           and not spell_effects.on(play.state, f, "Spell Shield")
           and not spell_effects.immune_to_arcane(play.state, f)]
    play.emit(ev.SpellDamage(caster=caster.id, spell=spell, roll=rolled, crit_face=face,
                             crit_roll=crit, maintained=cast is None,
                             hits=tuple(_storm_hit(play, f, amount, effect) for f in hit)))
    for image in [f for f in hit if spell_effects.image(play.state, f)]:
        summons.pop(play, image, "impacted by a spell")


def _warded(play: Play, figure: Figure, dealt: int, protection: list[Adjustment]) -> int:
    """The damage less what a later version's effects take off a Spell's damage (version 6's
    Sapphire runestone in armour), each noted with the hit's protection; as dealt before."""
    ward = play.passives.spell_ward(play, figure)
    protection += ward
    return max(0, dealt - sum(a.value for a in ward)) if ward else dealt


def _storm_hit(play: Play, figure: Figure, amount: int, effect: str | None) -> ev.SpellHit:
    protection: list[Adjustment] = []
    dealt = _warded(play, figure, amount, protection)
    return ev.SpellHit(figure=figure.id, damage=dealt, protection=protection, crit_effect=effect)


def flux_burn(play: Play, figure: Figure, amount: int) -> None:
    """Arcane Flux's damage to a figure in its hex (line 1430): "Armor (but not a shield)
    protects against damage until cumulative damage exceeds the armor bonus. For example, a hero
    with chainmail (3) will take no damage the turn it enters flux, but the chainmail effectiveness
    is reduced by one from three to two points by the flux. Thus on the second turn, when exposed
    to 3HP flux damage the chainmail only protects 2HP, resulting in 1HP damage." The caster is
    never hurt by its own flux ("It does not hurt the caster")."""
    casters = {caster for h, caster in spell_effects.fluxes(play.state).items() if h in figure.hexes}
    if not casters or figure.id in casters or figure.condition == "dead" \
            or spell_effects.immune_to_arcane(play.state, figure):
        return
    left = max(0, figure.armour - figure.flux_absorbed)
    absorbed = min(amount, left)
    protection = [Adjustment(left, "armour left against flux")]
    dealt = _warded(play, figure, amount - absorbed, protection)
    play.emit(ev.SpellDamage(caster=sorted(casters)[0], spell=spell_effects.FLUX, roll=None, hits=(ev.SpellHit(
        figure=figure.id, damage=dealt, protection=protection, absorbed=absorbed),)))
