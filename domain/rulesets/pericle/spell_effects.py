"""Spell effects that the movement and attack rules read (Pericle 4; version 3 knows only Blur
and Clumsiness, so its battles never meet the others)."""

from __future__ import annotations

import re

from domain.hexes import DIRECTIONS, Hex, neighbours
from domain.rulesets.pericle.dice import Adjustment
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure

# Magic Armor I-III (seed 001, lines 1458, 1514, 1550): "Provides three points of armor. Stacks
# with other armor, but does not stack with other Spells that provide armor".
MAGIC_ARMOR = {"Magic Armor I": 3, "Magic Armor II": 4, "Magic Armor III": 6}
# Armor Penetration (line 1432): "Penetrates three points of the target's armor & shields, thus
# reducing the target's armor by three... This applies to all attacks against the target".
PENETRATION = 3


def on(state: CombatState, target: Figure, spell: str) -> bool:
    return any(s.spell == spell and s.target == target.id for s in state.spells)


def magic_armour(state: CombatState, target: Figure) -> int:
    """The best Magic Armor on the target (they do not stack)."""
    return max((points for name, points in MAGIC_ARMOR.items() if on(state, target, name)), default=0)


def protection(state: CombatState, target: Figure, armour: int, shield: int,
               from_front: bool) -> tuple[int, int, list[Adjustment]]:
    """Armour and shield after the target's spells, and what changed them: Magic Armor adds to
    the armour; Armor Penetration takes 3 from armour, then from a shield that counts."""
    changes: list[Adjustment] = []
    if points := magic_armour(state, target):
        armour += points
        changes.append(Adjustment(points, "Magic Armor"))
    if on(state, target, "Armor Penetration"):
        from_armour = min(armour, PENETRATION)
        from_shield = min(shield, PENETRATION - from_armour) if from_front else 0
        armour, shield = armour - from_armour, shield - from_shield
        if from_armour + from_shield:
            changes.append(Adjustment(-(from_armour + from_shield), "Armor Penetration"))
    return armour, shield, changes


def divine_might(state: CombatState, attacker: Figure) -> int:
    """Divine Might (line 1546): "Target's melee attacks deal an additional 1d6 damage per E
    spent, up to a maximum of 3E": the d6s its melee damage gains (the E it was cast with)."""
    return max((s.exhaustion for s in state.spells if s.spell == "Divine Might" and s.target == attacker.id),
               default=0)


# Paralysis and Paralysis, Greater (lines 1496, 1516): "Immobilizes the target for three turns.
# The target remains standing, but cannot move or attack... Attacking a paralyzed creature with a
# melee attack grants the attacker +4 AD to hit."
PARALYSIS = ("Paralysis", "Paralysis, Greater")
PARALYSED_MELEE_BONUS = 4


def paralysed(state: CombatState, figure: Figure) -> bool:
    """Paralysis and its Greater (versions 4 and 5), Paralysis, Mass (Pericle 5, line 1568)."""
    return any(on(state, figure, name) for name in PARALYSIS) or on_by_v5(state, figure, "Paralysis, Mass")


# ---- Pericle 5: lasting effects of spells its rules cast (`ActiveSpell.rules`) ---------------


def on_by_v5(state: CombatState, target: Figure, spell: str) -> bool:
    return any(s.spell == spell and s.target == target.id and s.rules for s in state.spells)


def asleep(state: CombatState, figure: Figure) -> bool:
    """Sleep (seed 001, line 1478): "Target falls prone and sleeps until awakened or hit by an
    attack or another Spell"."""
    return on_by_v5(state, figure, "Sleep")


FLY_MOVEMENT = 6  # Fly (line 1492): "Gain Movement 6 while flying."


def flying_speed(state: CombatState, figure: Figure) -> int:
    """A figure's Movement in the air: its own, or Fly's 6 while Pericle 5's Fly is on it."""
    return max(figure.flying_speed, FLY_MOVEMENT if on_by_v5(state, figure, "Fly") else 0)


GREASE = "Grease, Minor"
# Grease (line 1454): "As per Grease, Minor (KN0) except select seven contiguous hexes"; Grease,
# Greater (line 1510): "As per Grease except creatures have Misfortune on their checks to avoid
# falling".
GREASES = (GREASE, "Grease", "Grease, Greater")
SEVEN_HEX_SPELLS = frozenset({"Grease", "Grease, Greater", "Paralysis, Mass", "Arcane Storm", "Arcane Nova",
                              "Arcane Flux, Superior", "Trap"})


def seven_hexes(centre: Hex) -> frozenset[Hex]:
    """"seven contiguous hexes" as the command can name them: a hex and the six around it (the
    caster's choice of another shape is not yet a field of the command)."""
    return frozenset({centre, *neighbours(centre)})


def spell_hexes(spell: str, at: Hex) -> frozenset[Hex]:
    """The hexes a Pericle 5 spell lying at `at` covers."""
    return seven_hexes(at) if spell in SEVEN_HEX_SPELLS else frozenset({at})


def greased(state: CombatState) -> dict[Hex, bool]:
    """Pericle 5's greased hexes (line 1403: "Select one hex to become greased until the end of
    combat"), each with whether it is Greater Grease's (Misfortune on the check)."""
    found: dict[Hex, bool] = {}
    for s in state.spells:
        if s.spell in GREASES and s.rules and s.at is not None:
            for h in spell_hexes(s.spell, s.at):
                found[h] = found.get(h, False) or s.spell == "Grease, Greater"
    return found


FLUX = "Arcane Flux"
# Arcane Flux, Superior (line 1560): "As per Arcane Flux Spell, but 7 contiguous spaces or less".
FLUXES = (FLUX, "Arcane Flux, Superior")
FLUX_ATTACK_PENALTY = -2  # line 1430: "Attacking while standing on a hex with flux is distracting, resulting in AD-2"


# Pericle 6's Arcane Flux, Greater (line 1488): "As per Arcane Flux, but on 3 contiguous spaces":
# a row of three from `at` the way the cast's `power` points (hexes.DIRECTIONS); version 5 leaves
# it to the table, so no cast of version 5 lies on a hex.
GREATER_FLUX = "Arcane Flux, Greater"
FLUX_ROW = 3


def flux_row(at: Hex, direction: int) -> frozenset[Hex]:
    step = DIRECTIONS[direction % len(DIRECTIONS)]
    return frozenset(Hex(at.q + step.q * n, at.r + step.r * n) for n in range(FLUX_ROW))


TENTACLES_LESSER, TENTACLES_GREATER = "Tentacles of Gaia, Lesser", "Tentacles of Gaia, Greater"
TENTACLES_RADIUS = 5  # Tentacles of Gaia, Greater (line 1572): "all hexes within a five-hex radius"


def within(centre: Hex, radius: int) -> frozenset[Hex]:
    """The hex and all hexes within `radius` of it (cube coordinates)."""
    return frozenset(Hex(centre.q + dq, centre.r + dr) for dq in range(-radius, radius + 1)
                     for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1))


def lying_hexes(spell: ActiveSpell) -> frozenset[Hex]:
    """The hexes a spell lying on the map covers (none when it lies on no hex)."""
    if spell.at is None:
        return frozenset()
    if spell.spell == TENTACLES_GREATER:  # only version 6 lays it (`at`): v6/tentacles.py
        return within(spell.at, TENTACLES_RADIUS)
    if spell.spell == TENTACLES_LESSER:
        return seven_hexes(spell.at)
    if spell.spell == "Gateway" and spell.gate is not None:  # only version 6 lays it: v6/gateway.py
        return frozenset({spell.at, spell.gate})
    if spell.spell == GREATER_FLUX:
        return flux_row(spell.at, spell.exhaustion)  # the `power` the cast recorded: the row's way
    return spell_hexes(spell.spell, spell.at)


def fluxes(state: CombatState) -> dict[Hex, str]:
    """Pericle 5's Arcane Flux (line 1430) and Superior, Pericle 6's Greater: each hex with flux,
    and its caster ("It does not hurt the caster")."""
    return {h: s.caster for s in state.spells if s.spell in (*FLUXES, GREATER_FLUX) and s.rules and s.at is not None
            for h in lying_hexes(s)}


def flux_penalty(state: CombatState, attacker: Figure) -> list[Adjustment]:
    if set(attacker.hexes) & set(fluxes(state)):
        return [Adjustment(FLUX_ATTACK_PENALTY, "standing in Arcane Flux")]
    return []


def immune_to_arcane(state: CombatState, figure: Figure) -> bool:
    """Elemental Protection (line 1440): "The target becomes immune to the elemental effects of
    spells, elemental damage (for example, fire), and Arcane spells for the duration"; Immunity
    keeps off all damage and Spells."""
    return on(state, figure, "Elemental Protection") or immune(state, figure)


IMMUNITY = "Immunity"


def immune(state: CombatState, figure: Figure) -> bool:
    """Pericle 5's Immunity (line 1566): "Target is immune to all damage & Spells for as long as
    the Spell is maintained. Dispel removes Immunity." """
    return on_by_v5(state, figure, IMMUNITY)


def hurt(state: CombatState, figure: Figure, amount: int, *, spell: bool = False) -> int:
    """The damage a figure takes of `amount`: none under Pericle 5's Immunity; under Pericle 6, a
    point less through a Ruby runestone in its armour unless a Spell deals it (`ruby_ward`)."""
    if immune(state, figure):
        return 0
    return amount if spell else max(0, amount - ruby_ward(state, figure))


RUBY_WARD = 1


def ruby_ward(state: CombatState, figure: Figure) -> int:
    """Pericle 6's Ruby runestone in armour (seed 001 line 745): "Armor imbued with them reduces all
    damage dealt to their wearers through means other than spells by one point" (v6/runestones.py).
    Only a version-6 hero carries runestones (`Figure.runestones`, empty before), and not in a beast's
    form ("Armor does not carry over to beast form", line 1472): 0 otherwise."""
    if "Ruby" not in figure.runestones.get("armour", ()) or any(f.id == figure.id for f in state.forms):
        return 0
    return RUBY_WARD


GRAPPLING_AGILITY = "Grappling Agility"


def agility_wins(state: CombatState, attacker: Figure, defender: Figure) -> str | None:
    """Grappling Agility (line 1452): "Target automatically wins opposed checks to Grapple or to
    avoid a Grapple against 1-hex foes": the id of the one it makes win (none when both or
    neither have it, or the foe is bigger)."""
    attacking = on_by_v5(state, attacker, GRAPPLING_AGILITY) and defender.size == 1
    defending = on_by_v5(state, defender, GRAPPLING_AGILITY) and attacker.size == 1
    if attacking == defending:
        return None
    return attacker.id if attacking else defender.id


# Magic Shield I and II (lines 1409, 1474): "blocks attacks in the target's front hexes, granting
# one point of protection... This armor protection will not stack with other shields"; II "provides
# 2 points of armor".
MAGIC_SHIELDS = {"Magic Shield I": 1, "Magic Shield II": 2}


def magic_shield(state: CombatState, target: Figure) -> tuple[str, int] | None:
    """Pericle 5's best Magic Shield on the target: its name and points."""
    found = [(points, name) for name, points in MAGIC_SHIELDS.items() if on_by_v5(state, target, name)]
    if not found:
        return None
    points, name = max(found)
    return name, points


REVERSE_RANGED = "Reverse Ranged Attacks"  # line 1476


def trapped(state: CombatState) -> frozenset[Hex]:
    """Pericle 5's Trap (line 1482): "The caster chooses seven contiguous hexes that become
    trapped" (for the rest of the combat: the seed gives no end)."""
    return frozenset(h for s in state.spells if s.spell == "Trap" and s.rules and s.at is not None
                     for h in spell_hexes(s.spell, s.at))


def summon_id(spell: str, caster: str, turn: int) -> str:
    """A Pericle 5 summoned figure's id: its Spell, its caster and the turn (a caster casts once a
    turn)."""
    return f"{re.sub(r'[^a-z0-9]+', '-', spell.lower()).strip('-')}-{caster}-{turn}"


def image(state: CombatState, figure: Figure) -> bool:
    """Whether the figure is a Pericle 5 Image (line 1405), a mirage that cannot fight (line 481)."""
    return any(s.spell == "Image" and s.rules and summon_id(s.spell, s.caster, s.cast_turn) == figure.id
               for s in state.spells)
