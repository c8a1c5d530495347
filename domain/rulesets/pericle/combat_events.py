"""Events of a Pericle combat (ruleset version 3). Each carries what an auditor needs: every
roll with the AD it was rolled at, each modifier and its source, Fortune and Misfortune and
the Defense Dice."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.dice import Roll
from domain.hexes import Hex
from domain.rulesets.pericle.catalogue import Poison
from domain.rulesets.pericle.dice import Adjustment, Check
from domain.rulesets.pericle.state import Figure, PendingStrike, Team


class HeroJoined(msgspec.Struct, frozen=True, kw_only=True, tag="hero_joined"):
    seat: str
    sheet: dict[str, Any]
    figure: Figure


class CommandRecorded(msgspec.Struct, frozen=True, kw_only=True, tag="command_recorded"):
    """The command that rolls the dice that follow, as sent (a Karma re-roll re-runs it)."""

    seat: str
    command: dict[str, Any]
    karma: bool = False


class KarmaSpent(msgspec.Struct, frozen=True, kw_only=True, tag="karma_spent"):
    """A hero's Karma forces a re-roll of the latest set of dice: the events after this one
    replace those of the command that rolled `replaces` (its nonce), from the state before it."""

    hero: str
    seat: str
    replaces: int


class CombatBegan(msgspec.Struct, frozen=True, kw_only=True, tag="combat_began"):
    pass


class SurpriseTurnBegan(msgspec.Struct, frozen=True, kw_only=True, tag="surprise_turn_began"):
    """Turn 1 is the surprising team's alone: it moves and acts; Initiative opens turn 2."""

    team: Team


class InitiativeRolled(msgspec.Struct, frozen=True, kw_only=True, tag="initiative_rolled"):
    turn: int
    winner: Team
    tactics: int = 0
    check: Check | None = None  # None when the story grants the opening turn


class OrderChosen(msgspec.Struct, frozen=True, kw_only=True, tag="order_chosen"):
    first: Team


class CheckMade(msgspec.Struct, frozen=True, kw_only=True, tag="check_made"):
    figure: str
    purpose: str
    check: Check


class FigureMoved(msgspec.Struct, frozen=True, kw_only=True, tag="figure_moved"):
    figure: str
    path: tuple[Hex, ...]  # the hexes entered, in order
    facing: int
    counted: int  # hexes that count as moving this turn (running is more than one)
    reason: str = "movement"  # movement, action, withdraw, climb
    airborne: bool | None = None  # a flyer took off (true) or landed (false)


class FellProne(msgspec.Struct, frozen=True, kw_only=True, tag="fell_prone"):
    figure: str
    reason: str


class FellIntoPit(msgspec.Struct, frozen=True, kw_only=True, tag="fell_into_pit"):
    """A failed jump and a failed grab: those who fall into a chasm are dead (seed 001, Shield
    Bash II); a hero in Saga mode lies unconscious instead, to be revived after the combat."""

    figure: str
    hex: Hex


class ChoiceRolled(msgspec.Struct, frozen=True, kw_only=True, tag="choice_rolled"):
    """An enemy's choice left tied by the seed's priorities, settled by a die (PER-ENEMY-CHOICE)."""

    figure: str
    purpose: str
    options: tuple[int, ...]
    chosen: int
    roll: Roll


class FigureFaced(msgspec.Struct, frozen=True, kw_only=True, tag="figure_faced"):
    figure: str
    facing: int
    reason: str = "repositioning"


class TeamMoved(msgspec.Struct, frozen=True, kw_only=True, tag="team_moved"):
    team: Team


class RepositioningEnded(msgspec.Struct, frozen=True, kw_only=True, tag="repositioning_ended"):
    pass


class DefendDeclared(msgspec.Struct, frozen=True, kw_only=True, tag="defend_declared"):
    figure: str
    shield_bash: bool = True


class DeftStrikesDeclared(msgspec.Struct, frozen=True, kw_only=True, tag="deft_strikes_declared"):
    figure: str


class TargetChosen(msgspec.Struct, frozen=True, kw_only=True, tag="target_chosen"):
    """Enemy guidance: the heroes the enemy could attack, and the one its priorities chose."""

    figure: str
    priorities: tuple[str, ...]
    candidates: tuple[str, ...]
    chosen: str
    roll: Roll | None = None  # a last tie, settled by a die (PER-ENEMY-CHOICE)


class ActionPhaseBegan(msgspec.Struct, frozen=True, kw_only=True, tag="action_phase_began"):
    order: tuple[str, ...]


class Strike(msgspec.Struct, frozen=True, kw_only=True):
    """One attack roll and what came of it."""

    attacker: str
    target: str
    weapon: str
    kind: str  # melee, ranged, thrown, grapple-strike, stray (an ally hit by a missed shot)
    check: Check
    hit: bool
    damage_roll: Roll | None = None
    crit_face: str | None = None
    crit_roll: Roll | None = None
    crit_effect: str | None = None  # disarm, bleed, stun, trip, pin (applied)
    modifiers: list[Adjustment] = []  # damage bonuses: axe, Weapon Mastery, Grapple weapon
    disarmed: str | None = None  # the item a Sword crit made the target drop
    poison: Poison | None = None  # the venom it delivered (its damage got through armour)
    protection: list[Adjustment] = []  # armour, shield, torches, penetration
    damage: int = 0


class Attacked(msgspec.Struct, frozen=True, kw_only=True, tag="attacked"):
    strikes: tuple[Strike, ...]
    parry: bool = False  # Dual Weapons: the second weapon parries (+2 armour against melee)


class Grappled(msgspec.Struct, frozen=True, kw_only=True, tag="grappled"):
    attacker: str
    defender: str
    roller: str
    check: Check
    success: bool


class JoinedPile(msgspec.Struct, frozen=True, kw_only=True, tag="joined_pile"):
    """A figure moved onto a Grapple Pile and joined it: prone and Grappled with everyone in it."""

    figure: str
    hex: Hex
    pile: tuple[str, ...]


class EscapedGrapple(msgspec.Struct, frozen=True, kw_only=True, tag="escaped_grapple"):
    figure: str
    check: Check
    success: bool
    to: Hex | None = None
    # Version 5: who rolled the opposed check (the one escaping, or the foe holding it); None
    # in the events of earlier versions, which did not record it.
    roller: str | None = None


class Damaged(msgspec.Struct, frozen=True, kw_only=True, tag="damaged"):
    figure: str
    amount: int
    source: str  # bleed:<attacker>, hazard:<name>, poison:<attacker>:<attack>
    roll: Roll | None = None


class PoisonSave(msgspec.Struct, frozen=True, kw_only=True, tag="poison_save"):
    """A poisoned figure's MT save at the start of its slot (PER-POISON): saved, the poison and
    its penalty end; failed, it takes the poison's effect (a `damaged` follows for damage)."""

    figure: str
    check: Check
    saved: bool
    penalty: int = 0  # the AD penalty after this save


class SpellCast(msgspec.Struct, frozen=True, kw_only=True, tag="spell_cast"):
    caster: str
    spell: str
    target: str
    check: Check
    success: bool
    exhaustion: int  # paid after the effect; none on a Crit or a failure
    power: int = 0  # Exhaustion put into an xE spell
    duration: int = 0  # turns it lasts; 0 = while maintained
    # Version 5: the spell missed its target in a Grapple Pile and took effect on this figure of
    # the pile instead (`check`: the failed roll to miss it; PER-STRAY-SPELL).
    stray: bool = False
    # Pericle 5: the version whose rules decided it ("5"), and the hex a spell thrown at a hex
    # lies on (kept with the spell while it lasts).
    rules: str = ""
    at: Hex | None = None


class SpellMaintained(msgspec.Struct, frozen=True, kw_only=True, tag="spell_maintained"):
    caster: str
    spell: str
    target: str
    exhaustion: int


class SpellEnded(msgspec.Struct, frozen=True, kw_only=True, tag="spell_ended"):
    caster: str
    spell: str
    target: str
    reason: str


class StoodUp(msgspec.Struct, frozen=True, kw_only=True, tag="stood_up"):
    figure: str
    hex: Hex


class WeaponsReadied(msgspec.Struct, frozen=True, kw_only=True, tag="weapons_readied"):
    figure: str
    in_hand: tuple[str, ...]
    dropped: tuple[str, ...] = ()


class WeaponReloaded(msgspec.Struct, frozen=True, kw_only=True, tag="weapon_reloaded"):
    figure: str
    weapon: str


class ItemPickedUp(msgspec.Struct, frozen=True, kw_only=True, tag="item_picked_up"):
    figure: str
    item: str
    hex: Hex


class DoorOpened(msgspec.Struct, frozen=True, kw_only=True, tag="door_opened"):
    """An attempt to open a door: `opened` is false when it is locked."""

    figure: str
    hex: Hex
    opened: bool


class ItemFetched(msgspec.Struct, frozen=True, kw_only=True, tag="item_fetched"):
    figure: str
    item: str


class ItemUsed(msgspec.Struct, frozen=True, kw_only=True, tag="item_used"):
    """A healing item drunk, applied or given: `healed` HP (never past the maximum); an
    unconscious hero given it needs the giver's KN check (`check`), and wakes if its HP is
    above 0 (PER-REVIVE). A failed check keeps the item in hand."""

    figure: str
    item: str
    target: str
    success: bool
    check: Check | None = None
    roll: Roll | None = None
    healed: int = 0
    woke: bool = False


class ActionDone(msgspec.Struct, frozen=True, kw_only=True, tag="action_done"):
    figure: str
    action: str


class ActionDelayed(msgspec.Struct, frozen=True, kw_only=True, tag="action_delayed"):
    figure: str


class SlotSkipped(msgspec.Struct, frozen=True, kw_only=True, tag="slot_skipped"):
    figure: str
    reason: str  # defending, stunned, unconscious, dead, revived this turn


class TurnEnded(msgspec.Struct, frozen=True, kw_only=True, tag="combat_turn_ended"):
    turn: int


class CombatEnded(msgspec.Struct, frozen=True, kw_only=True, tag="combat_ended"):
    winner: Team
    winners: tuple[str, ...]


COMBAT_EVENTS: tuple[type[msgspec.Struct], ...] = (
    HeroJoined, CommandRecorded, KarmaSpent, CombatBegan, SurpriseTurnBegan, InitiativeRolled, OrderChosen, CheckMade,
    FigureMoved, FellProne, FellIntoPit, ChoiceRolled, FigureFaced, TeamMoved, RepositioningEnded, DefendDeclared,
    DeftStrikesDeclared, ActionPhaseBegan, Attacked, Grappled, JoinedPile, EscapedGrapple, Damaged, PoisonSave,
    SpellCast, SpellMaintained, SpellEnded, StoodUp, WeaponsReadied, WeaponReloaded, ItemPickedUp, ItemFetched,
    ItemUsed, DoorOpened, TargetChosen, ActionDone, ActionDelayed, SlotSkipped, TurnEnded, CombatEnded)


# ---- version 4: the whole Hero Handbook ------------------------------------------------------


class DisciplineUsed(msgspec.Struct, frozen=True, kw_only=True, tag="discipline_used"):
    """A Discipline used as an Action: the Exhaustion it cost (paid now), and whether it lasts
    with an upkeep (Berserk: kept among the maintained effects, paid at each later Action)."""

    figure: str
    discipline: str
    target: str | None = None
    exhaustion: int = 0
    sustained: bool = False
    instead_of_moving: bool = False  # used in the Movement phase as the figure's move (Taunt, Berserk)


class TableApplied(msgspec.Struct, frozen=True, kw_only=True, tag="table_applied"):
    """An effect the server does not model, for the table to apply: the Handbook entry's text
    and seed line, after the cast or use that the server judged and recorded."""

    figure: str
    source: Literal["spell", "discipline"]
    name: str
    target: str | None = None
    at: Hex | None = None
    second_target: str | None = None
    line: int
    text: str
    enforcement: Literal["table-applied"] = "table-applied"


HANDBOOK_EVENTS: tuple[type[msgspec.Struct], ...] = (DisciplineUsed, TableApplied)


# ---- version 5: Spells whose effects the server enforces --------------------------------------


class SpellThrown(msgspec.Struct, frozen=True, kw_only=True, tag="spell_thrown"):
    """A [T-T] Spell's second throw (Transfer Wounds, seed 001 line 1556: "if successful, the
    caster next rolls to throw the Spell at target2"): its check at the second target."""

    caster: str
    spell: str
    target: str
    check: Check
    success: bool


class ArmourSundered(msgspec.Struct, frozen=True, kw_only=True, tag="armour_sundered"):
    """Version 5, Sunder (seed 001, line 1284): a Hit Symbol with a hammer or an axe reduced the
    foe's armour for good (the strike's damage was already dealt through the reduced armour)."""

    figure: str
    by: int
    attacker: str


class Taunted(msgspec.Struct, frozen=True, kw_only=True, tag="taunted"):
    """Version 5, Taunt I and II (seed 001, lines 1238, 1288): the opposed KN check of a taunt;
    on success the foe must attack the taunter this turn (kept as an effect until the turn ends)."""

    figure: str
    target: str
    check: Check
    success: bool


class SpellHit(msgspec.Struct, frozen=True, kw_only=True):
    """What a damaging Spell did to one figure: its damage after what protects it."""

    figure: str
    damage: int
    protection: list[Adjustment] = []  # armour, shield, spells, Defense Die torches (none for a Storm)
    crit_effect: str | None = None  # "stun": an Arcane Spell's crit effect (seed 001 line 179)
    absorbed: int = 0  # Arcane Flux: what the figure's armour took of it (and will not take again)


class SpellDamage(msgspec.Struct, frozen=True, kw_only=True, tag="spell_damage"):
    """An Arcane Spell's damage, rolled once for everyone it hits (Arcane Storm, line 1450: "Roll
    the damage once and apply it to all creatures"), with the Crit Die of a Crit cast."""

    caster: str
    spell: str
    roll: Roll | None  # none for Arcane Flux's fixed damage
    hits: tuple[SpellHit, ...]
    crit_face: str | None = None
    crit_roll: Roll | None = None
    maintained: bool = False  # a later turn's damage of a maintained Spell


class Healed(msgspec.Struct, frozen=True, kw_only=True, tag="healed"):
    """Wounds a Spell healed (never past the figure's maximum HP, never Exhaustion); an
    unconscious hero raised above 0 HP wakes, prone, and acts from the next turn (PER-REVIVE)."""

    figure: str
    amount: int
    source: str  # spell:<name>
    roll: Roll | None = None
    woke: bool = False
    revived: bool = False  # Revival: a dead hero raised to -4 HP or more lives again (unconscious unless woke)


class FigureSummoned(msgspec.Struct, frozen=True, kw_only=True, tag="figure_summoned"):
    """A Summoning Spell's creature joins its caster's side with the Spell's stat block."""

    caster: str
    spell: str
    figure: Figure


class FigureVanished(msgspec.Struct, frozen=True, kw_only=True, tag="figure_vanished"):
    """A summoned creature leaves the map as its Spell ends (it leaves no body)."""

    figure: str
    reason: str


class SpellTookHold(msgspec.Struct, frozen=True, kw_only=True, tag="spell_took_hold"):
    """A Spell cast over several hexes takes hold on one figure there (Paralysis, Mass, seed 001
    line 1568), for `duration` turns, as if cast on it."""

    caster: str
    spell: str
    target: str
    duration: int


class ItemShattered(msgspec.Struct, frozen=True, kw_only=True, tag="item_shattered"):
    """Sunder Item (seed 001 line 1502): "Shatters a weapon, shield, or other visible item,
    rendering it useless": gone from the figure's hands and gear (a shield with its protection)."""

    figure: str
    item: str


class ShapeTaken(msgspec.Struct, frozen=True, kw_only=True, tag="shape_taken"):
    """Pericle 6: a caster takes a beast's form by a Shapeshifting Spell (Guise of the Beast, seed
    001 line 1472): `form` is the figure it becomes; its own form is kept aside until it returns."""

    figure: str
    spell: str
    form: Figure


class ShapeLeft(msgspec.Struct, frozen=True, kw_only=True, tag="shape_left"):
    """Pericle 6: a shapeshifted caster returns to its own form (`form`, with the wounds and
    Exhaustion its beast form's bonus HP did not absorb)."""

    figure: str
    spell: str
    form: Figure
    reason: str


class ControlTaken(msgspec.Struct, frozen=True, kw_only=True, tag="control_taken"):
    """Pericle 6: a caster takes control of a creature (Control Animal, Control Humanoid, seed 001
    lines 1466, 1524): it is on the caster's team, played by the caster's seat, while the Spell lasts."""

    figure: str
    spell: str
    caster: str
    team: Literal["heroes", "enemies"]
    seat: str


class ControlLost(msgspec.Struct, frozen=True, kw_only=True, tag="control_lost"):
    """Pericle 6: a controlled creature returns to its own side (`team`, played by `seat`)."""

    figure: str
    spell: str
    team: Literal["heroes", "enemies"]
    seat: str
    reason: str


SHAPE_EVENTS: tuple[type[msgspec.Struct], ...] = (ShapeTaken, ShapeLeft, ControlTaken, ControlLost)

class AttributeRaised(msgspec.Struct, frozen=True, kw_only=True, tag="attribute_raised"):
    """Pericle 6's Boon (seed 001 line 1434): "the target gains temporary points in MT, DX, KN, or a
    Skill" (`choice`), as long as the spell (`caster`'s `spell` on `target`) lasts; `grapple`: what
    they add to a hero's Grapple score. MT also raises its HP (MT + 10)."""

    caster: str
    spell: str
    target: str
    choice: str
    points: int
    grapple: int = 0


class ScrollConsumed(msgspec.Struct, frozen=True, kw_only=True, tag="scroll_consumed"):
    """Pericle 6: a Spell Scroll in the figure's hand cast its Spell successfully and is gone (seed
    001 line 491: "Once a scroll is used to cast a spell, it is consumed by the magic and cannot be
    used again"). `item`: the scroll as the figure held it (lower case)."""

    figure: str
    item: str
    spell: str


# The events version 6's Spell Scrolls add (v6/scrolls.py).
ITEM_EVENTS_V6: tuple[type[msgspec.Struct], ...] = (ScrollConsumed,)

# The events version 6's Spells of the body add.
BODY_EVENTS_V6: tuple[type[msgspec.Struct], ...] = (AttributeRaised,)


class AnimalBefriended(msgspec.Struct, frozen=True, kw_only=True, tag="animal_befriended"):
    """Pericle 6, Animal Handler I (seed 001 line 1181): a hero befriends an animal foe; it joins the
    heroes' side as a befriended animal played by the hero's seat, inert until convinced (II, III+)."""

    figure: str
    hero: str
    seat: str


class AnimalConvinced(msgspec.Struct, frozen=True, kw_only=True, tag="animal_convinced"):
    """Pericle 6, Animal Handler II and III+ (seed 001 lines 1296, 1335): the hero's KN check convinced
    its befriended animal to act; it acts (and goes on acting) from now on."""

    figure: str
    hero: str


# The events version 6's field rules add (v6/field.py).
FIELD_EVENTS_V6: tuple[type[msgspec.Struct], ...] = (AnimalBefriended, AnimalConvinced)
class TentaclesGrappled(msgspec.Struct, frozen=True, kw_only=True, tag="tentacles_grappled"):
    """Pericle 6's Tentacles of Gaia (seed 001 lines 1542, 1572): the tentacles of `caster`'s `spell`
    (cast on turn `cast_turn`) try to Grapple `figure` in their hexes, an opposed Grapple check rolled
    by `roller` (the figure, or the caster for its tentacles); with `success` the figure lies prone,
    held by them (`ActiveSpell.foes` of that spell) until it escapes or the spell ends."""

    caster: str
    spell: str
    cast_turn: int
    figure: str
    check: Check
    roller: str
    success: bool


class TentaclesLetGo(msgspec.Struct, frozen=True, kw_only=True, tag="tentacles_let_go"):
    """Pericle 6's Tentacles of Gaia: `figure` is held by them no more (it escaped, or is no longer in
    their hexes, or is down); it stays prone."""

    caster: str
    spell: str
    cast_turn: int
    figure: str
    reason: str


class GateOpened(msgspec.Struct, frozen=True, kw_only=True, tag="gate_opened"):
    """Pericle 6's Gateway (seed 001 line 1442): `caster`'s Gateway cast on turn `cast_turn` joins its
    first gate (the cast's `at`) to `gate`."""

    caster: str
    cast_turn: int
    gate: Hex


# The events version 6's conjured tentacles and gateways add (v6/tentacles.py, v6/gateway.py).
CONJURED_EVENTS_V6: tuple[type[msgspec.Struct], ...] = (TentaclesGrappled, TentaclesLetGo, GateOpened)

SPELL_EVENTS: tuple[type[msgspec.Struct], ...] = (SpellThrown, SpellDamage, Healed, FigureSummoned, FigureVanished,
                                                  ItemShattered, SpellTookHold)
# ---- version 5: an Attack in steps, with a Karma window after each set of dice ---------------
# Seed 001 lines 632-634: Karma re-rolls "the most recent set of dice", and "you cannot wait until
# after the damage is rolled to use a Karma to force a re-roll of the attack". Each step's event
# holds only the dice it rolled, so that a roll appears once in the log and in a Karma re-run.


class AttackRolled(msgspec.Struct, frozen=True, kw_only=True, tag="attack_rolled"):
    """A strike's attack roll (Action Die and Defense Dice, seed 001 line 188: "at the same time");
    the attack waits (`pending`) for a Karma re-roll or its attacker's `go_on`."""

    pending: PendingStrike


class StrikeReady(msgspec.Struct, frozen=True, kw_only=True, tag="strike_ready"):
    """The next strike waits, not yet rolled (`pending` without a check), for a Karma re-roll of the dice
    before it (the last strike's damage, the Grapple check that brought it) or its attacker's `go_on`."""

    pending: PendingStrike


class CastRolled(msgspec.Struct, frozen=True, kw_only=True, tag="cast_rolled"):
    """Version 6: a Spell's casting check made (its `spell_cast` recorded) and its effect's dice still
    to come: the cast waits (`pending`, of kind "spell": the caster, the `cast_spell` as sent, its target
    and check) for a Karma re-roll of the check or its caster's `go_on` (v6/karma_steps.py)."""

    pending: PendingStrike


class CastResumed(msgspec.Struct, frozen=True, kw_only=True, tag="cast_resumed"):
    """Version 6: the caster's `go_on` closes the Karma window of its waiting cast: the effect follows."""

    caster: str


KARMA_EVENTS_V6: tuple[type[msgspec.Struct], ...] = (CastRolled, CastResumed)


class StrikeCritRolled(msgspec.Struct, frozen=True, kw_only=True, tag="strike_crit_rolled"):
    """The Crit Die of the strike under way, rolled before its damage (seed 001 line 162: "When a
    Crit is rolled, the player will then roll the 6-sided Crit die"); the attack waits again."""

    attacker: str
    face: str
    roll: Roll


class StrikeFinished(msgspec.Struct, frozen=True, kw_only=True, tag="strike_finished"):
    """The rest of the strike under way: its damage through armour, its crit effect, then the rolls
    to miss allies after a miss and a Defender's Shield Bash back (`after`, whole strikes); `target`:
    the figure hit instead of the strike's target (Reverse Ranged Attacks turns it on the attacker)."""

    damage_roll: Roll | None = None
    crit_effect: str | None = None
    modifiers: list[Adjustment] = []
    protection: list[Adjustment] = []
    damage: int = 0
    disarmed: str | None = None
    poison: Poison | None = None
    after: tuple[Strike, ...] = ()
    parry: bool = False
    # The figure the damage went to when not the strike's target: Pericle 5's Reverse Ranged
    # Attacks (seed 001 line 1476) turns a hit "instead" on "the original attacker".
    target: str | None = None

    def whole(self, pending: PendingStrike) -> Strike:
        """The strike as one `attacked` event of version 4 would hold it."""
        assert pending.check is not None, "a strike is finished once rolled"
        return Strike(attacker=pending.attacker, target=pending.target if self.target is None else self.target,
                      weapon=pending.weapon, kind=pending.kind,
                      check=pending.check, hit=pending.hit, damage_roll=self.damage_roll,
                      crit_face=pending.crit_face, crit_roll=pending.crit_roll, crit_effect=self.crit_effect,
                      modifiers=self.modifiers, disarmed=self.disarmed, poison=self.poison,
                      protection=self.protection, damage=self.damage)


STEP_EVENTS: tuple[type[msgspec.Struct], ...] = (AttackRolled, StrikeReady, StrikeCritRolled, StrikeFinished)


class DisciplineDeclared(msgspec.Struct, frozen=True, kw_only=True, tag="discipline_declared"):
    """Version 5: a Discipline declared for this turn before the Action phase (Marksmanship I:
    "You must declare before you attack whether you are using Marksmanship", seed 001, line
    1262), kept with the lasting effects until the turn ends."""

    figure: str
    discipline: str


# The events version 5's Disciplines add.
DISCIPLINE_EVENTS_V5: tuple[type[msgspec.Struct], ...] = (ArmourSundered, Taunted, DisciplineDeclared)


# ---- version 6: the Staff & Wand Affinities (seed 001, lines 1226-1361) ------------------------


class SpellCopied(msgspec.Struct, frozen=True, kw_only=True, tag="spell_copied"):
    """Version 6: Staff & Wand Affinity: Furtherance II (seed 001, line 1282): "When you cast a
    Furtherance Spell on an ally, you gain a copy of the Spell on yourself at no initial cost": the
    copy lies on its caster, maintained (and let go) on its own."""

    caster: str
    spell: str
    power: int = 0  # the E put into the cast it copies (Divine Might's xE/turn)
    duration: int = 0
    rules: str = ""


class SlotAdded(msgspec.Struct, frozen=True, kw_only=True, tag="slot_added"):
    """Version 6: a slot at the end of this turn's Action Order (Staff & Wand Affinity: Summon,
    seed 001, line 1234: "Creatures that you summon may attack (but not move) at the end of the
    Action phase during the turn they're summoned")."""

    figure: str
    reason: str = ""


class SpellExtended(msgspec.Struct, frozen=True, kw_only=True, tag="spell_extended"):
    """Version 6: Staff & Wand Affinity: Curse II (seed 001, line 1325): a Curse Spell in effect
    lasts `turns` more ("extend the duration of the Spell by one turn")."""

    caster: str
    spell: str
    target: str
    turns: int = 1


class SpellTransferred(msgspec.Struct, frozen=True, kw_only=True, tag="spell_transferred"):
    """Version 6: Staff & Wand Affinity: Curse II (seed 001, line 1325): a Curse Spell in effect
    leaves `target` for the foe `to` ("transfer the Curse Spell to another foe"), for the turns it
    had left."""

    caster: str
    spell: str
    target: str
    to: str


class CurseRemembered(msgspec.Struct, frozen=True, kw_only=True, tag="curse_remembered"):
    """Version 6: Staff & Wand Affinity: Curse III (seed 001, line 1357): "If you successfully
    casted a Curse Spell last turn, then during the Action phase you can make a Base AD check to
    re-cast the same Spell": the Curse Spell its caster cast successfully this turn, kept (as the
    lasting effect `REMEMBERED` + its name) until the caster's slot in the turn after next."""

    caster: str
    spell: str
    power: int = 0  # the E put into an xE Curse (Clumsiness, Telekinesis), put in again


REMEMBERED = "Staff & Wand Affinity: Curse III: "  # what a remembered Curse lasts as, before its name


# The events version 6's Affinities add.
AFFINITY_EVENTS_V6: tuple[type[msgspec.Struct], ...] = (SpellCopied, SlotAdded, SpellExtended, SpellTransferred,
                                                        CurseRemembered)
