"""Pericle 5's summoned creatures (seed 001, lines 476-480, and the Summoning Spells): a figure
with the Spell's stat block joins its caster's side and seat in the empty hex the Spell was cast
at; it takes its slots in the Action Order from the next turn ("They cannot act the turn that they
are created", line 476: the turn's order is already fixed); it lasts while its caster maintains
the Spell and vanishes when the Spell ends (line 489: "This includes Summoned creatures")."""

from __future__ import annotations

import msgspec

from domain.hexes import Hex
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.encounter import Enemy, EnemyAttack
from domain.rulesets.pericle.joining import enemy_figure
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.spell_effects import summon_id
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure, by_rules_of


def _block(name: str, hp: int, mt: int, ad: int, grapple: int, movement: int, attack: str, damage: str, *,
           natural: bool = True, armour: int = 0, flying: int | None = None) -> Enemy:
    return Enemy(id="summoned", name=name, hp=hp, mt=mt, base_ad=ad, kn=0, grapple=grapple, movement=movement,
                 armour=armour, flying=flying, attacks=[EnemyAttack(name=attack, damage=damage, natural=natural)])


# Each Summoning Spell's stat block as printed (the Spell's seed line in the comment). Summon
# Colossus, Hydra and Djinn (lines 1538, 1554, 1570) are not here: their bases, several attacks
# and Djinn's will are not modelled (their summons are the table's).
STAT_BLOCKS: dict[str, Enemy] = {
    # 1413: "HP 6, MT0, DX2/AD2, KN0, Grapple 0, Movement 4, bite/claws 1d4"
    "Summon Beast I": _block("Summoned beast", 6, 0, 2, 0, 4, "Bite/claws", "1d4"),
    # 1460: "HP10, MT2, DX4/AD4, KN0, Grapple 3, Movement 6, Bite/Claws 2d4 damage"
    "Summon Beast II": _block("Summoned beast", 10, 2, 4, 3, 6, "Bite/claws", "2d4"),
    # 1480: "HP14, MT4, DX2, AD2, KN0, Grapple 2, Movement 5, Spectral weapon: 2d6 damage"
    "Summon Spectral Warrior": _block("Spectral warrior", 14, 4, 2, 2, 5, "Spectral weapon", "2d6", natural=False),
    # 1498: "HP20, MT10, DX0, AD0, Grapple5, KN0, Movement 5, 2d6+1d4 damage"
    "Summon Beast III": _block("Summoned beast", 20, 10, 0, 5, 5, "Bite/claws", "2d6+1d4"),
    # 1518: "HP16, MT6, DX4 AD2, KN0, Grapple 3, Movement 4, Spectral Weapon (2d6+1d4), Gambeson
    # armor (2 armor points)"
    "Summon Spectral Hero": _block("Spectral hero", 16, 6, 2, 3, 4, "Spectral weapon", "2d6+1d4", natural=False,
                                   armour=2),
    # 1536: "HP20, MT10 DX1, AD1, KN0, Grapple 5, Movement 5 on the ground, 8 flying, 2d6 damage,
    # Scales (2 armor protection)"; a one-hex base (the seed gives none: PER-FACING's default)
    "Summon Flying Beast": _block("Hippogriff", 20, 10, 1, 5, 5, "Talons", "2d6", armour=2, flying=8),
    # Image (line 1405): "Create a 1-hex image of a giant rat, wolf, or spectral warrior"; line
    # 481: "During Movement, images may move the distance expected by their form". The form is
    # the spectral warrior's (Summon Spectral Warrior, line 1480) until the command can name one.
    "Image": _block("Image of a spectral warrior", 14, 4, 2, 2, 5, "Spectral weapon", "2d6", natural=False),
}


def pop(play: Play, image: Figure, why: str) -> None:
    """An image "struck by an attack or impacted by a spell" pops and is gone (line 481)."""
    for spell in play.state.spells:
        if spell.spell == "Image" and summon_id(spell.spell, spell.caster, spell.cast_turn) == image.id:
            play.emit(ev.SpellEnded(caster=spell.caster, spell=spell.spell, target=spell.target, reason=why))
    if play.state.figure(image.id) is not None:
        play.emit(ev.FigureVanished(figure=image.id, reason=why))


def summoned(spell: str, caster: Figure, at: Hex, turn: int) -> Figure:
    block = STAT_BLOCKS[spell]
    figure = enemy_figure(msgspec.structs.replace(block, id=summon_id(spell, caster.id, turn)), caster.seat)
    return msgspec.structs.replace(figure, team=caster.team, hex=at, facing=caster.facing,
                                   name=f"{block.name} ({caster.name})")


# Summoning Spells a later version enforces with stat blocks of its own (v6/control.py): their
# casts are stamped with that version's rules, never version 5's.
LATER_SUMMONS = frozenset({"Summon Colossus", "Summon Hydra", "Summon Djinn"})


def summoning(spell: ActiveSpell) -> bool:
    """Whether a spell in play keeps a summoned creature on the map (version 5's Summoning Spells
    and Image; a later version's own as well, only when that version cast them)."""
    return (by_rules_of(spell.rules, 5) and spell.spell in STAT_BLOCKS) or (
        by_rules_of(spell.rules, 6) and spell.spell in LATER_SUMMONS)


def summon_of(state: CombatState, spell: ActiveSpell) -> Figure | None:
    """The creature a Summoning Spell in play keeps on the map, if it is still there."""
    if not summoning(spell):
        return None
    return state.figure(summon_id(spell.spell, spell.caster, spell.cast_turn))
