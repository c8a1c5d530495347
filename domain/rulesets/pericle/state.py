"""The state of a Pericle combat: figures on the hex map, the turn's phase and order, and the
spells and lingering effects in play. Built only by folding events (see evolve.py)."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.dice import Roll
from domain.hexes import Hex
from domain.rulesets.pericle.bases import footprint
from domain.rulesets.pericle.catalogue import Poison, Weapon
from domain.rulesets.pericle.dice import Adjustment, Check
from domain.rulesets.pericle.encounter import Encounter

Team = Literal["heroes", "enemies"]
Condition = Literal["standing", "prone", "unconscious", "dead"]
Phase = Literal["setup", "initiative", "order", "movement", "reposition", "declare", "actions", "ended"]


class Bleed(msgspec.Struct, frozen=True):
    source: str  # the attacker: the bleed deals 1d4 on its action
    turns_left: int


class Poisoned(msgspec.Struct, frozen=True):
    """A poison at work until its MT save succeeds; poisonings do not stack."""

    poison: Poison
    source: str  # "<attacker>:<attack>"
    penalty: int = 0  # the AD penalty so far (cumulative with each failed save)


class Figure(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    team: Team
    seat: str
    hex: Hex  # the base's anchor hex (its only hex for a 1-hex figure)
    facing: int
    max_hp: int
    mt: int
    kn: int
    base_ad: int
    grapple: int
    movement: int
    size: int = 1  # hexes its base covers: 1, 3 or 4 (PER-FACING)
    flying_speed: int = 0  # movement in the air, for those that fly ("5 / 8")
    airborne: bool = False
    armour: int
    shield: int
    athletics: int
    weapons: tuple[Weapon, ...]  # everything it carries or wields
    in_hand: tuple[str, ...] = ()  # weapon names (lower case) and "shield"
    unloaded: tuple[str, ...] = ()  # crossbows fired and not yet reloaded
    parrying: bool = False  # Dual Weapons parry: +2 armour against melee until its next Action
    disciplines: tuple[str, ...] = ()
    mastery: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    everkin: bool = False
    companion: bool = False  # a befriended animal on the heroes' side
    karma: int = 0
    wounds: int = 0
    exhaustion: int = 0
    condition: Condition = "standing"
    grappled_with: tuple[str, ...] = ()
    stunned: bool = False
    pinned_turn: int = 0  # cannot move during this turn (a Pin lasts one turn)
    bleeding: tuple[Bleed, ...] = ()
    pack: tuple[str, ...] = ()  # healing items carried, not in hand (lower case)
    woke_turn: int = 0  # revived this turn: prone, and no Action until the next
    overrun_damage: str | None = None  # a creature with Overrun: its listed Overrun damage
    poisoned: Poisoned | None = None
    defending: bool = False
    shield_bash_back: bool = True  # declared with Defend (Shield Bash I)
    deft_strikes: bool = False  # declared for this turn: AD-1 in the order, two strikes with one weapon
    moved: int = 0  # hexes moved this turn's Movement phase
    acted: bool = False
    damage_from: dict[str, int] = {}
    last_hit_by: str | None = None
    # Version 5: the hero sheet's scores for checks, its Skill ranks and Attributes ("Perception":
    # 1, "DX": 2...); empty for enemies and in earlier versions (GET /state shows it only when set).
    checks: dict[str, int] = {}
    # Pericle 5: Regeneration has been cast on it ("can only be cast once per day on a target
    # hero", seed 001 line 1530); GET /state shows it only when true.
    regenerated: bool = False
    # Pericle 5's Arcane Flux: flux damage its armour has absorbed so far ("Armor (but not a
    # shield) protects against damage until cumulative damage exceeds the armor bonus", line
    # 1430); GET /state shows it only when above 0.
    flux_absorbed: int = 0
    # Pericle 6's Heightened Senses (seed 001 line 1444): "all surrounding hexes are treated as
    # front hexes" while the spell lasts on it (board.py reads it); GET /state shows it only when true.
    all_front: bool = False
    # Pericle 6: a hero record's own mode, Adventure or Saga ("one player may wish to play Saga
    # Mode, whereas another player in the party may choose Adventure Mode", seed 001 line 545);
    # None: the encounter's. GET /state shows it only when set.
    mode: Literal["adventure", "saga"] | None = None
    # Pericle 6's Animal Handler (seed 001 lines 1181, 1296, 1335): the hero that befriended this
    # animal during the combat, and whether a KN check has convinced it to act (II, III+); GET /state
    # shows them only when set.
    befriended_by: str | None = None
    convinced: bool = False
    # Pericle 6: the runestones that work in its items, by weapon name (lower case) or "armour"
    # (seed 001 lines 727-747; v6/runestones.py); GET /state shows it only when set.
    runestones: dict[str, tuple[str, ...]] = {}

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return footprint(self.size, self.hex, self.facing)

    def hands(self, items: tuple[str, ...]) -> int:
        """Hands these items take: two for a two-handed weapon, one for anything else."""
        return sum(2 if (w := self.weapon(item)) and w.two_handed else 1 for item in items)

    @property
    def free_hand(self) -> bool:
        return self.hands(self.in_hand) < 2

    @property
    def hp(self) -> int:
        return self.max_hp - self.wounds - self.exhaustion

    @property
    def active(self) -> bool:
        """Standing or prone: able to take part."""
        return self.condition in ("standing", "prone")

    @property
    def standing(self) -> bool:
        return self.condition == "standing" and not self.grappled_with

    @property
    def body(self) -> bool:
        """An unconscious or dead figure lies as a body obstacle (seed 001, Death & Unconsciousness)."""
        return self.condition in ("unconscious", "dead")

    def weapon(self, name: str) -> Weapon | None:
        return next((w for w in self.weapons if w.name.lower() == name.lower()), None)


class Boost(msgspec.Struct, frozen=True):
    """Pericle 6's Boon (seed 001 line 1434): the temporary points it gave its target in MT, DX, KN or
    a Skill (`choice`), and what they changed of its Grapple score (a hero's is 1/2 MT + Base AD - 2),
    taken back as the spell ends."""

    choice: str
    points: int
    grapple: int = 0


def by_rules_of(rules: str, revision: int) -> bool:
    """Whether a cast stamped `rules` (the number of the Pericle version whose rules cast it, "" for
    versions 3 and 4) was cast by the rules of version `revision` or a later one."""
    return bool(rules) and int(rules) >= revision


class ActiveSpell(msgspec.Struct, frozen=True):
    spell: str
    caster: str
    target: str
    cast_turn: int
    exhaustion: int  # spent on casting (Clumsiness: -2 AD per E)
    expires_turn: int = 0  # 0 = lasts while maintained
    # Pericle 5: the version whose rules cast it ("5"; empty for a spell of versions 3 and 4,
    # whose lasting effects are only those spell_effects.py reads), and the hex a spell thrown
    # at a hex lies on (Arcane Storm, Arcane Nova). GET /state shows them only when set.
    rules: str = ""
    at: Hex | None = None
    # Pericle 6: what a Boon gave its target while it lasts (GET /state shows it only when set).
    boost: Boost | None = None
    # Pericle 6's Readied Strike: the foes its target has no Readied Strike against (Embattled with it
    # as it was cast or as the turn began, or struck by it already); GET /state shows it only when set.
    foes: tuple[str, ...] = ()
    # Pericle 6's Gateway: the second gate (the first is `at`); GET /state shows it only when set.
    gate: Hex | None = None


class LastCommand(msgspec.Struct, frozen=True):
    """The latest command that rolled dice, for a Karma re-roll of its last set of dice."""

    seat: str
    command: dict[str, Any]
    before: CombatState  # the state before it (without a `last` of its own)
    rolls: tuple[Roll, ...] = ()
    rerolled: bool = False


class PendingStrike(msgspec.Struct, frozen=True, kw_only=True):
    """Version 5: an Attack resolved in steps, waiting after a set of dice for a hero's Karma (seed 001
    lines 632-634: "You can only use the Karma to re-roll the most recent set of dice"; "you cannot wait
    until after the damage is rolled to use a Karma to force a re-roll of the attack"). The strike under
    way has had its attack roll (and, on a Crit, its Crit Die), its damage comes with `go_on`; or it waits
    to be rolled, after the dice before it (the last strike's damage, a Grapple check)."""

    attacker: str
    command: dict[str, Any]  # the Attack as sent: its strike orders and parry
    weapons: tuple[Weapon, ...]  # each strike's weapon, as checked before the first die
    own: tuple[tuple[Adjustment, ...], ...]  # each strike's own AD modifiers (Deft Strikes, Dual Weapons...)
    index: int  # the strike under way
    target: str
    weapon: str
    kind: str
    check: Check | None = None  # None: the strike waits to be rolled (after the dice that came before it)
    hit: bool = False
    crit_face: str | None = None
    crit_roll: Roll | None = None


class GroundItem(msgspec.Struct, frozen=True):
    """A weapon or shield dropped, thrown or struck from a hand, lying until someone picks it up."""

    hex: Hex
    item: str
    owner: str
    weapon: Weapon | None = None
    shield: int = 0  # a shield's protection, which goes with it


class CombatState(msgspec.Struct, frozen=True, kw_only=True):
    encounter: Encounter
    seats: tuple[str, ...]
    enemy_seat: str
    # The battle's settings as it recorded them, shown by GET /state; the rules read the
    # battle's settings from their context, never from here.
    settings: dict[str, Any]
    figures: tuple[Figure, ...] = ()
    phase: Phase = "setup"
    turn: int = 0
    initiative: Team | None = None  # who won this turn's initiative
    surprise: Team | None = None  # during a Surprise turn, the team that takes it
    moving: Team | None = None
    moved_teams: tuple[Team, ...] = ()
    moved_figures: tuple[str, ...] = ()  # who has made its move this Movement phase
    order: tuple[str, ...] = ()
    position: int = 0
    delayed: tuple[str, ...] = ()
    spells: tuple[ActiveSpell, ...] = ()
    ground: tuple[GroundItem, ...] = ()
    opened: tuple[Hex, ...] = ()  # doors opened
    last: LastCommand | None = None
    pending: PendingStrike | None = None  # version 5: an attack waiting in a Karma window
    # Pericle 6: the own forms of casters in a beast's form (Guise of the Beast), until they return;
    # GET /state shows it only when set.
    forms: tuple[Figure, ...] = ()
    winner: Team | None = None
    # Pericle 6 on: the version whose reading of the seed decides where a shared rule that reads the
    # combat alone changed (the settings' REVISION, set as the combat is created: v6/sight.py); 0 for
    # a combat of versions 3-5. Board.py's Embattlement by Reach reads it. GET /state shows it only
    # when set.
    revision: int = 0

    def figure(self, figure_id: str) -> Figure | None:
        return next((f for f in self.figures if f.id == figure_id), None)

    def team(self, team: Team) -> list[Figure]:
        return [f for f in self.figures if f.team == team]

    def at(self, h: Hex) -> list[Figure]:
        return [f for f in self.figures if h in f.hexes]

    @property
    def current(self) -> str | None:
        return self.order[self.position] if self.phase == "actions" and self.position < len(self.order) else None
