"""Attacks (Fire and Assault): every modifier with its source, the Advantage, both rolls and
the damage. Seed 000/002: attacker D12 + Aim (Fire) or Might (Assault, PIL-ASSAULT) against
defender D12 + Might; the margin is dealt as damage less Ward (PIL-WARD); a tie goes to the
defender (PIL-TIES); Advantage rolls two D12 and keeps the higher (PIL-ADVANTAGE)."""

from __future__ import annotations

from domain.dice import Dice, roll_dice
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.play import Attack, Figure, Modifier, PlayState
from domain.rulesets.pilgrimage.rules import V2_READING, Reading, high_ground, in_cover, is_shrouded, times, ward

RANGES = {"sling": 12, "bow": 24, "crossbow": 24}  # PIL-RANGE


def attack_modifiers(state: PlayState, kind: str, attacker: Figure, defender: Figure,
                     aimed: bool, reading: Reading = V2_READING) -> tuple[list[Modifier], str | None]:
    """Every modifier of an attack with its source, and the Advantage it has (PIL-ADVANTAGE)."""
    stat = "aim" if kind == "fire" else "might"
    mods = [Modifier("attacker", stat, getattr(attacker.sheet, stat), stat.capitalize()),
            Modifier("defender", "might", defender.sheet.might, "Might")]
    gear = set(attacker.sheet.gear)
    if kind == "fire" and "crossbow" in gear:
        mods.append(Modifier("attacker", "aim", 1, "crossbow"))
    if kind == "assault" and "two-handed weapon" in gear:
        mods.append(Modifier("attacker", "might", 1, "two-handed weapon"))
    if kind == "fire" and in_cover(state, attacker, defender, reading):
        mods.append(Modifier("attacker", "aim", -2, "cover"))
    if up := high_ground(state, attacker, defender, reading):
        mods.append(Modifier("attacker", stat, up, "high ground"))
    if up := high_ground(state, defender, attacker, reading):
        mods.append(Modifier("defender", "might", up, "high ground"))
    if is_shrouded(state, attacker, defender):
        mods.append(Modifier("attacker", stat, -2, "shrouded"))
    if defender.knocked_down:
        mods.append(Modifier("defender", "might", -1, "knocked down"))
    if defender.guarding:
        mods.append(Modifier("defender", "might", 1, "guard"))
    distance = tables.distance(attacker.point, defender.point)
    if kind == "fire":
        for entry in ("Hail", "Downpour"):
            if count := times(state, entry, reading):
                mods.append(Modifier("attacker", "aim", -count, entry))
        mist = times(state, "Deep Mist", reading)
        if mist and tables.near(state.table, "water", attacker.point, 3):
            mods.append(Modifier("attacker", "aim", -mist, "Deep Mist (within 3\" of water)"))
        if (gale := times(state, "Rising Gale", reading)) and distance > 6:
            mods.append(Modifier("attacker", "aim", -gale, "Rising Gale"))
    advantage = None
    if kind == "fire":
        if aimed:
            advantage = "aim"
        elif distance <= 6 and not times(state, "Windblown", reading):
            advantage = "close fire"
    return mods, advantage


def resolve_attack(state: PlayState, kind: str, attacker: Figure, defender: Figure, aimed: bool,
                   dice: Dice, reading: Reading = V2_READING) -> Attack:
    mods, advantage = attack_modifiers(state, kind, attacker, defender, aimed, reading)
    attack_roll = roll_dice(dice, kind, (12, 12) if advantage else (12,))
    defence_roll = roll_dice(dice, "defence", (12,))
    attacker_total = max(d.face for d in attack_roll.dice) + sum(m.value for m in mods if m.side == "attacker")
    defender_total = defence_roll.dice[0].face + sum(m.value for m in mods if m.side == "defender")
    margin = attacker_total - defender_total  # PIL-TIES: a tie goes to the defender
    armour = ward(state, defender, reading)
    damage = max(0, margin - armour) if margin > 0 else 0
    return Attack(kind=kind, attacker_roll=attack_roll, defender_roll=defence_roll, attacker_total=attacker_total,
                  defender_total=defender_total, modifiers=tuple(mods), advantage=advantage, margin=margin,
                  ward=armour, damage=damage, knocked_down=damage >= 4, out_of_action=defender.health - damage <= 0)
