"""Commands of a Pericle combat (ruleset version 3). Each names the figure it moves or acts
for; a seat may command only its own figures (its heroes, or the enemies for the enemy seat).
Every command takes `seat`: the seat the player acts for (for one naming a figure, the figure's)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.hexes import Hex
from domain.rulesets.pericle.catalogue import HealingItemName, PackItemName
from domain.rulesets.pericle.encounter import Facing, Name
from domain.rulesets.pericle.sheet import HeroSheet

FigureId = Annotated[str, msgspec.Meta(min_length=1, max_length=50)]
SeatName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
SpellNames = Annotated[list[Name], msgspec.Meta(max_length=10)]


class SubmitHero(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="submit_hero"):
    """Bring a hero to the encounter, at one of its hero starting hexes."""

    hero: HeroSheet
    start: Hex
    facing: Facing = 0
    in_hand: Annotated[list[Name], msgspec.Meta(max_length=3)] = []  # weapons drawn (and "shield")
    seat: SeatName | None = None


class RollInitiative(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="roll_initiative"):
    """The party's Initiative Check: AD0, +1 per hero with Tactics."""

    seat: SeatName | None = None


class ChooseOrder(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="choose_order"):
    """The initiative winner chooses which team moves first."""

    first: Literal["heroes", "enemies"]
    seat: SeatName | None = None


class EndMovement(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="end_movement"):
    """The moving team has finished its Movement phase."""

    seat: SeatName | None = None


class Face(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="face"):
    """Rotate a hero while repositioning (heroes first; again after the enemies)."""

    figure: FigureId
    facing: Facing
    seat: SeatName | None = None


class EndRepositioning(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="end_repositioning"):
    """The heroes have finished turning; the enemies reposition next."""

    seat: SeatName | None = None


class DeclareDeftStrikes(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="deft_strikes"):
    """Declared before the Action phase: this turn the hero will use Deft Strikes, which puts it
    at AD-1 in the Action Order (PER-DEFT-ORDER) and lets it strike twice with one weapon."""

    figure: FigureId
    seat: SeatName | None = None


class BeginActions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="begin_actions"):
    """Close the declarations and begin the Action phase in the Action Order."""

    seat: SeatName | None = None


class _Action(msgspec.Struct, frozen=True, kw_only=True):
    figure: FigureId
    cancel_spells: SpellNames = []  # maintained spells to let go instead of paying Exhaustion
    seat: SeatName | None = None


class Defend(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="defend"):
    """Declared before the Action phase (or, when Grappled, taken as the Action)."""

    shield_bash: bool = True  # with Shield Bash I: bash back at adjacent attackers when a die allows


class StrikeOrder(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One strike of an attack: its target, the weapon, and the attacker's choices for it."""

    target: FigureId
    weapon: Name | None = None  # in hand ("shield" for a Shield Bash; an enemy's attack name); else the first
    mastery: Literal["ad", "damage"] = "ad"  # what each Weapon Mastery of the weapon's class grants
    # Version 5 (seed 001 line 1177, "the bonuses can be distributed in any manner"): how many of the
    # weapon class's Weapon Masteries grant AD+1, the rest +1 damage each (overrides `mastery`).
    mastery_ad: Annotated[int, msgspec.Meta(ge=0, le=5)] | None = None
    crit_choice: Literal["damage", "effect"] = "damage"  # on "one star or torch"
    disarm: Name | None = None  # the item a Sword crit makes the target drop (a weapon, or "shield")


class MoveFigure(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="move_figure"):
    """A figure's whole move, hex by hex (each adjacent to the last), then its facing. In the
    Action phase this is the Move Action. A move may end by joining a Grapple Pile."""

    path: Annotated[list[Hex], msgspec.Meta(max_length=12)] = []
    facing: Facing | None = None
    fly: bool | None = None  # a flyer: true takes off or stays aloft, false lands at the end; unset keeps it
    join_pile: bool = False  # end the move in the Grapple Pile on the path's last hex, prone and Grappled
    overrun: Hex | None = None  # a creature with Overrun, in the Movement phase: its one extra hex
    strike: StrikeOrder | None = None  # joining a pile as the Action: an immediate attack as a Grappler


class Attack(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="attack"):
    """The Attack Action: one or more strikes, each resolved against the state the last one
    left."""

    strikes: Annotated[list[StrikeOrder], msgspec.Meta(min_length=1, max_length=5)]
    parry: bool = False  # Dual Weapons: one attack, the second weapon parries (+2 armour against melee)


class Grapple(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="grapple"):
    """The Grapple Action: an opposed Grapple check against an adjacent foe, then an optional
    strike."""

    target: FigureId
    strike: StrikeOrder | None = None  # on success, an immediate attack with a Grapple weapon in hand


class Reload(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="reload"):
    """Load a fired crossbow: it fires every other turn."""

    weapon: Name


class Escape(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="escape"):
    """Escape a Grapple: an opposed Grapple check against the pile's best grappler; on success the
    figure crawls to `to`, an adjacent empty hex, still prone."""

    to: Hex


class ClimbOut(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="climb_out"):
    """A figure clinging to a pit's edge climbs out onto an adjacent empty hex."""

    to: Hex


class Withdraw(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="withdraw"):
    """The Withdraw Action: a standing figure moves one hex in any direction, Embattled or not."""

    to: Hex
    facing: Facing | None = None


class CastSpell(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="cast_spell"):
    """Cast a known spell (a Base AD check) at a figure within the caster's front sides and sight."""

    spell: Name
    target: FigureId
    # E put into an xE spell (Clumsiness); version 6 also reads it as a caster's choice where a
    # Spell of fixed cost needs one (the descriptions say which, for the schema's readers).
    power: Annotated[int, msgspec.Meta(ge=0, le=10, description=(
        "Exhaustion put into an xE Spell (Clumsiness, Boon's points). Pericle 6 also reads it as the caster's "
        "choice of a fixed-cost Spell: Slow/Speed Movement 1 halves, 2 doubles; Arcane Flux, Greater the "
        "direction (0-5) its row of three hexes runs from `at`."))] = 0
    # Version 4: the hex a Creation spell appears in (or a hex-targeted spell strikes), and the
    # second target of a [T-T] spell (Transfer Wounds). Version 3 refuses them.
    at: Hex | None = None
    second_target: Annotated[str, msgspec.Meta(min_length=1, max_length=50, description=(
        "The second figure of a [T-T] Spell (Transfer Wounds) or of Inversus Major. Pericle 6 also reads it as "
        "the caster's choice: Boon's attribute or Skill (\"MT\", \"DX\", \"KN\" or a Skill's name) and "
        "Gateway's second gate written \"q,r\" (axial coordinates, e.g. \"4,-1\")."))] | None = None
    facing: Facing | None = None  # Teleport: "face the desired direction"


class UseDiscipline(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="use_discipline"):
    """Version 4: use a learned Discipline: in the Movement phase instead of moving (Taunt I and
    II, Berserk), else as the Action; its Exhaustion paid, its effect applied by the server where
    it models it, else recorded for the table."""

    discipline: Name
    target: FigureId | None = None
    # Version 5 (recorded only when given; version 4 refuses them): the hex a Tumble pivots to or
    # a push drives the foe into, what a failed Tumble brings (the Embattled foes' free attacks or
    # falling prone), and whether the pusher steps into the hex the foe left.
    at: Hex | None = None
    on_failure: Literal["attacks", "prone"] | None = None
    follow: bool | None = None


class StandUp(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="stand_up"):
    """Stand up, in place or on an adjacent empty hex (after moving 1 hex or less)."""

    to: Hex | None = None
    facing: Facing | None = None


class ReadyWeapons(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="ready_weapons"):
    """Sheathe and draw (after moving 1 hex or less), or drop what is in hand and draw one item."""

    in_hand: Annotated[list[Name], msgspec.Meta(max_length=3)]


class FetchItem(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="fetch_item"):
    """Take a healing item (Pericle 6: or a Spell Scroll) from the pack into a free hand (after
    moving 1 hex or less)."""

    item: PackItemName


class UseItem(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="use_item"):
    """Drink or apply a healing item in hand, or give it to an adjacent ally (an unconscious
    one needs a Moderate KN check, and not while Embattled)."""

    item: HealingItemName
    target: FigureId | None = None  # the figure itself when unset


class OpenDoor(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="open_door"):
    """Open an adjacent door (after moving 1 hex or less); a locked one stays shut."""

    door: Hex


class PickUp(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="pick_up"):
    """Pick up an item lying in or next to the figure's hex, with a free hand."""

    item: Name


class Delay(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="delay"):
    """A hero delays its Action until later in the turn."""


class PassAction(_Action, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="pass_action"):
    """Take no Action this turn."""


TargetPriority = Literal["fewest hp", "most hp", "least armour", "most armour", "nearest", "farthest"]


class ChooseTarget(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="choose_target"):
    """Enemy guidance (seed 001, Choosing Enemy Actions): of the heroes the enemy can attack now
    with `weapon`, the one Loremaster's priorities pick ("Prioritizes attacking a hero with: 1.
    Fewest HP 2. Least armor"), a last tie settled by a recorded die. It takes no Action."""

    figure: FigureId
    priorities: Annotated[list[TargetPriority], msgspec.Meta(min_length=1, max_length=6)]
    weapon: Name | None = None
    heroes_only: bool = False  # the card says "a hero": befriended animals are left out
    seat: SeatName | None = None


class SpendKarma(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="spend_karma"):
    """Re-roll the latest set of dice of the latest command (any figure's)."""

    hero: FigureId
    seat: SeatName | None = None


# The commands that took no `seat` before every command did: a command of theirs records no
# `"seat": null` (command_recorded holds exactly what it held before).
SEAT_ADDED: tuple[type[msgspec.Struct], ...] = (Face, DeclareDeftStrikes, _Action, ChooseTarget, SpendKarma)
# Fields a later version added to a command (version 4's to version 3's CastSpell, version 5's
# to version 4's UseDiscipline): recorded only when given, so that a command of the earlier
# version records what it always recorded.
V4_FIELDS: dict[type[msgspec.Struct], tuple[str, ...]] = {CastSpell: ("at", "second_target", "facing"),
                                                           UseDiscipline: ("at", "on_failure", "follow")}

ACTION_COMMANDS = (Attack, Grapple, Escape, ClimbOut, Withdraw, CastSpell, StandUp, ReadyWeapons, Reload, PickUp,
                   FetchItem, UseItem, OpenDoor, Delay, PassAction)
COMBAT_COMMANDS: tuple[type[msgspec.Struct], ...] = (
    SubmitHero, RollInitiative, ChooseOrder, MoveFigure, EndMovement, Face, EndRepositioning, Defend,
    DeclareDeftStrikes, BeginActions, *ACTION_COMMANDS, ChooseTarget, SpendKarma)
