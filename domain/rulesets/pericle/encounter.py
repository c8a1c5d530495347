"""A Pericle encounter as battle options: the hex map (walls, furniture, hazards), the enemies'
stat blocks and places, the heroes' starting hexes, and the mode (seed 001, "Combat":
Loremaster gives the map, the starting positions and the foes' statistics)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

import msgspec

from domain.dice_expression import check_expression
from domain.errors import RuleViolation
from domain.hexes import Hex
from domain.rulesets.pericle.bases import footprint
from domain.rulesets.pericle.catalogue import Dice, Poison, WeaponClass

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f]+$")]
Facing = Annotated[int, msgspec.Meta(ge=0, le=5, description="index into the six directions, 0 = +q (east)")]
Small = Annotated[int, msgspec.Meta(ge=0, le=30)]


class Hazard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A hazard hex (fire, flux...): a figure entering it takes `damage` (PER-HAZARD)."""

    hex: Hex
    name: Name
    damage: Dice | None = None


class Door(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A door: a wall until opened (PER-DOOR); a locked one does not open."""

    hex: Hex
    locked: bool = False


class HexMap(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Pointy-top hexes in axial coordinates; the map is the `width` x `height` rectangle in
    odd-r offset layout (row r = axial r, column = q + (r - (r & 1)) / 2)."""

    width: Annotated[int, msgspec.Meta(ge=2, le=60)]
    height: Annotated[int, msgspec.Meta(ge=2, le=60)]
    walls: Annotated[list[Hex], msgspec.Meta(max_length=1000)] = []  # complete obstructions
    furniture: Annotated[list[Hex], msgspec.Meta(max_length=500)] = []  # partial obstructions
    pits: Annotated[list[Hex], msgspec.Meta(max_length=500)] = []  # chasms: jumped over, never entered
    hazards: Annotated[list[Hazard], msgspec.Meta(max_length=200)] = []
    doors: Annotated[list[Door], msgspec.Meta(max_length=200)] = []  # closed at the start
    # Pericle 6: hexes a figure stands raised on (a table, a dais: seed 001 line 404's "standing on
    # a table"), entered as open ground (PER-RAISED-HEX). Unset unless given, and then never encoded:
    # a map of versions 3-5 reads and records as it always did; those versions refuse it (v3.py).
    raised: Annotated[list[Hex], msgspec.Meta(
        max_length=500, description="Pericle 6 and later: raised hexes (a table) whose occupants gain a height "
                                    "advantage (PER-RAISED-HEX); refused by versions 3-5")] \
        | msgspec.UnsetType = msgspec.UNSET

    @property
    def raised_hexes(self) -> frozenset[Hex]:
        """The raised hexes (none unless the map names them: version 6)."""
        return frozenset() if isinstance(self.raised, msgspec.UnsetType) else frozenset(self.raised)

    def contains(self, h: Hex) -> bool:
        column = h.q + (h.r - (h.r & 1)) // 2
        return 0 <= h.r < self.height and 0 <= column < self.width


# "Separate Attacks": Pericle 6 and later (PER-ENEMY-BLOCK, v6/enemies.py): versions 3-5 refuse it (v3.py)
# as they refused an unknown ability before.
MonsterAbility = Literal["Grappling Expertise", "Overrun", "Separate Attacks"]
SEPARATE_ATTACKS = "Separate Attacks"
ABILITIES_FROM_V6 = frozenset({SEPARATE_ATTACKS})


class EnemyAttack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Name
    damage: Dice
    weapon_class: WeaponClass = "natural"
    reach: Annotated[int, msgspec.Meta(ge=1, le=2)] = 1
    ranged: bool = False  # a bow, crossbow or sling (ranged increments)
    thrown: bool = False  # a thrown weapon (thrown increments)
    natural: bool = False  # claws, bites: cannot be disarmed
    poison: Poison | None = None  # "Bite 1d4+poison"


class Enemy(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """An enemy's stat block as the encounter gives it."""

    id: Annotated[str, msgspec.Meta(min_length=1, max_length=30, pattern=r"^[A-Za-z0-9_-]+$")]
    name: Name
    hp: Annotated[int, msgspec.Meta(ge=1, le=200)]
    mt: Small
    base_ad: Annotated[int, msgspec.Meta(ge=-6, le=10)]
    kn: Small = 0
    grapple: Annotated[int, msgspec.Meta(ge=-10, le=30)] = 0
    movement: Small = 5
    flying: Small | None = None  # its flying Movement ("5 / 8": 8); it starts on the ground
    armour: Small = 0
    shield: Small = 0
    athletics: Small | None = None  # its Base AD when not given
    attacks: Annotated[list[EnemyAttack], msgspec.Meta(min_length=1, max_length=4)]
    abilities: Annotated[list[MonsterAbility], msgspec.Meta(max_length=4)] = []  # Monster Disciplines & Abilities
    overrun_damage: Dice | None = None  # with Overrun: dealt to the prone and immobile it overruns
    # Pericle 6: the Handbook Spells the enemy casts (`cast_spell` from its seat, by its Base AD check,
    # paying Exhaustion from its HP; PER-ENEMY-BLOCK). Unset unless given, and then never encoded: a
    # stat block of versions 3-5 reads and records as it always did; those versions refuse it (v3.py).
    spells: Annotated[list[Name], msgspec.Meta(
        max_length=12, description="Pericle 6 and later: Hero Handbook Spells the enemy casts, each of KN at most "
                                   "its `kn` (PER-ENEMY-BLOCK); refused by versions 3-5")] \
        | msgspec.UnsetType = msgspec.UNSET
    hex: Hex = Hex(0, 0)  # its base's anchor hex
    facing: Facing = 0
    size: Literal[1, 3, 4] = 1  # hexes its base covers (PER-FACING shows the shapes)


class Companion(Enemy, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A befriended animal: a stat block like an enemy's, on the heroes' side, played by `seat`
    (required; checked with the encounter)."""

    seat: str = ""


class Encounter(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    map: HexMap
    enemies: Annotated[list[Enemy], msgspec.Meta(min_length=1, max_length=30)]
    hero_starts: Annotated[list[Hex], msgspec.Meta(min_length=1, max_length=8)]
    enemy_seat: Name | None = None  # the seat that plays the enemies; the last seat by default
    mode: Literal["adventure", "saga"] = "adventure"
    first_turn: Literal["heroes", "enemies"] | None = None  # the story grants the opening initiative
    surprise: Literal["heroes", "enemies"] | None = None  # this team surprises the other: a free first turn
    companions: Annotated[list[Companion], msgspec.Meta(max_length=8)] = []  # befriended animals


def first_ability_from_v6(encounter: Encounter) -> str | None:
    """Where the first stat block gives what only version 6 knows (its enemies', then its befriended
    animals'): `spells`, or an ability, in msgspec's words for an unknown field or value before."""
    for group, blocks in (("enemies", encounter.enemies), ("companions", encounter.companions)):
        for index, block in enumerate(blocks):
            if block.spells is not msgspec.UNSET:
                return f"Object contains unknown field `spells` - at `$.encounter.{group}[{index}]`"
            for at, ability in enumerate(block.abilities):
                if ability in ABILITIES_FROM_V6:
                    return f"Invalid enum value '{ability}' - at `$.encounter.{group}[{index}].abilities[{at}]`"
    return None


def spell_problems(block: Enemy) -> list[str]:
    """A stat block's Spells (version 6): Hero Handbook Spells ("Spells... can be cast by heroes and
    foes alike", seed 001 line 1365), each once, none above its KN (a hero "is eligible to learn all
    Spells up to and including the listed KN", line 1037; PER-ENEMY-BLOCK)."""
    from domain.rulesets.pericle.v4.book import SPELLS

    named = [] if isinstance(block.spells, msgspec.UnsetType) else block.spells
    found = [f"enemy {block.id}: {name!r} is no Hero Handbook Spell" for name in named if name not in SPELLS]
    found += [f"enemy {block.id}: {name} is a KN{SPELLS[name].kn} Spell, above its KN{block.kn}"
              for name in named if name in SPELLS and SPELLS[name].kn > block.kn]
    if len(set(named)) != len(named):
        found.append(f"enemy {block.id} lists a Spell twice")
    return found


def companion_seat_problems(encounter: Encounter, seats: Sequence[str]) -> list[str]:
    """Each befriended animal is played by a hero player's seat."""
    enemy_seat = encounter.enemy_seat or seats[-1]
    return [f"companion {c.id} needs a hero player's seat, not {c.seat!r}" for c in encounter.companions
            if c.seat not in seats or c.seat == enemy_seat]


def dice_problems(encounter: Encounter) -> list[str]:
    """Every damage expression of the encounter that could not be rolled to its end (too many
    dice): the refusal would come after the attack's own roll."""
    named = [(f"hazard {h.name}'s damage", h.damage) for h in encounter.map.hazards]
    for enemy in (*encounter.enemies, *encounter.companions):
        named.append((f"enemy {enemy.id}'s overrun_damage", enemy.overrun_damage))
        for attack in enemy.attacks:
            named.append((f"enemy {enemy.id}'s {attack.name} damage", attack.damage))
            venom = attack.poison.damage if attack.poison else None
            named.append((f"enemy {enemy.id}'s {attack.name} poison damage", venom))
    found = []
    for name, expression in named:
        if expression is None:
            continue
        try:
            check_expression(expression, needs_dice=False)
        except RuleViolation as refused:
            found.append(f"{name}: {refused.detail}")
    return found


def problems(encounter: Encounter, seats: list[str] | tuple[str, ...]) -> list[str]:
    """Every way the encounter cannot be played on its own map."""
    found = []
    blocked = (set(encounter.map.walls) | set(encounter.map.furniture) | set(encounter.map.pits)
               | {door.hex for door in encounter.map.doors})
    places: list[Hex] = []
    for enemy in (*encounter.enemies, *encounter.companions):
        covered = footprint(enemy.size, enemy.hex, enemy.facing)
        if not all(encounter.map.contains(h) for h in covered):
            found.append(f"enemy {enemy.id} stands off the map at {enemy.hex}")
        if set(covered) & blocked:
            found.append(f"enemy {enemy.id} stands in a wall, furniture, pit or door hex")
        places += covered
    for h in sorted(encounter.map.raised_hexes, key=lambda h: (h.r, h.q)):
        if not encounter.map.contains(h) or h in blocked:
            found.append(f"raised hex {h} is off the map or a wall, furniture, pit or door hex")
    for start in encounter.hero_starts:
        if not encounter.map.contains(start) or start in blocked:
            found.append(f"hero start {start} is off the map or obstructed")
        places.append(start)
    if len(set(places)) != len(places):
        found.append("two figures would start in one hex")
    ids = [e.id for e in (*encounter.enemies, *encounter.companions)]
    if len(set(ids)) != len(ids):
        found.append("enemy ids must be unique")
    for enemy in encounter.enemies:
        for attack in enemy.attacks:
            if attack.poison is not None and attack.poison.damage is None and not attack.poison.ad:
                found.append(f"enemy {enemy.id}'s {attack.name} poison has no effect (give damage or ad)")
        if "Overrun" in enemy.abilities and enemy.overrun_damage is None:
            found.append(f"enemy {enemy.id} has Overrun but no overrun_damage")
    for block in (*encounter.enemies, *encounter.companions):
        found += spell_problems(block)
    found += dice_problems(encounter)
    if encounter.surprise is not None and encounter.first_turn is not None:
        found.append("surprise and first_turn together: after the Surprise turn, combat starts with Initiative")
    found += companion_seat_problems(encounter, seats) if seats else []
    if encounter.enemy_seat is not None and encounter.enemy_seat not in seats:
        found.append(f"enemy_seat {encounter.enemy_seat!r} is not one of the seats")
    return found
