"""Pilgrimage play (ruleset version 2): commands, events and state of a Battle after set-up."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from domain.commands import SeatName
from domain.dice import Roll
from domain.rulesets.pilgrimage.environment import EnvironmentRolled
from domain.rulesets.pilgrimage.oathband import Oathband
from domain.rulesets.pilgrimage.table import Coordinate, Table

CharacterId = Annotated[str, msgspec.Meta(min_length=1, max_length=60)]

# ---- commands ----------------------------------------------------------------------------


class SubmitOathband(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="submit_oathband"):
    """Before `start`: the seat's Oathband (its Characters, stats and gear), checked against
    PIL-GEAR."""

    oathband: Oathband
    seat: SeatName | None = None


class Deploy(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="deploy"):
    """Place a Character within 6" of its side's table edge (x, y in inches); the last
    deployment begins Turn 1."""

    character: CharacterId
    x: float
    y: float
    seat: SeatName | None = None


class Activate(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="activate"):
    """Begin a Character's Act: up to three Deeds, then it is Tired."""

    character: CharacterId
    seat: SeatName | None = None


class Move(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="move"):
    """A Move Deed along waypoints (inches); stepping off higher ground is a deliberate drop.
    Version 3 follows the terrain the path crosses (a step up of at most 1", PIL-CLIMB) and lets
    a drop take the Move beyond its allowance, ending it where the Character lands."""

    path: Annotated[list[Coordinate], msgspec.Meta(min_length=1, max_length=20)]
    seat: SeatName | None = None


class Climb(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="climb"):
    """Climb the face of climbable terrain within 1" towards `to`. Version 3: 3" up or down, or
    to the top or foot when nearer, holding on part-way up the face short of it (PIL-CLIMB);
    version 2: onto a piece at most 3" higher or lower."""

    to: Coordinate
    seat: SeatName | None = None


class Stand(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="stand"):
    """A Stand Deed: a Knocked Down Character gets up."""

    seat: SeatName | None = None


class Aim(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="aim"):
    """An Aim Deed (costs 2): the Character's next Fire in this Act has Advantage."""

    seat: SeatName | None = None


class Guard(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="guard"):
    """A Guard Deed: +1 Might when defending until the Character's next Act begins (PIL-GUARD)."""

    seat: SeatName | None = None


class Hide(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="hide"):
    """A Hide Deed: Shrouded to every enemy until it Fires, Assaults or ends a Move in the open
    (PIL-HIDE)."""

    seat: SeatName | None = None


class Use(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="use"):
    """A Use Deed on an objective marker within 1" (PIL-USE)."""

    objective: Annotated[str, msgspec.Meta(max_length=40)]
    seat: SeatName | None = None


class Fire(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="fire"):
    """A Fire Deed at an enemy in range and sight: D12 + Aim against D12 + Might."""

    target: CharacterId
    seat: SeatName | None = None


class Assault(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="assault"):
    """An Assault Deed on an enemy within 1" (PIL-ASSAULT). `shove` (version 3, PIL-SHOVE): if
    the Assault wins, move the target away instead of dealing damage."""

    target: CharacterId
    seat: SeatName | None = None
    shove: bool = False


class EndAct(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="end_act"):
    """End the Act early; the Character is Tired."""

    seat: SeatName | None = None


DEEDS = (Move, Climb, Stand, Aim, Guard, Hide, Use, Fire, Assault)
PilgrimageCommand = (SubmitOathband | Deploy | Activate | Move | Climb | Stand | Aim | Guard | Hide | Use | Fire
                     | Assault | EndAct)

# ---- events ------------------------------------------------------------------------------


class CharacterSheet(msgspec.Struct, frozen=True):
    id: str
    seat: str
    name: str
    pace: int
    aim: int
    might: int
    ward: int
    valour: int
    gear: tuple[str, ...]
    health: int


class OathbandSubmitted(msgspec.Struct, frozen=True, tag="oathband_submitted"):
    seat: str
    name: str
    supplies: int
    characters: tuple[CharacterSheet, ...]


class CharacterDeployed(msgspec.Struct, frozen=True, tag="character_deployed"):
    character: str
    x: float
    y: float
    z: float


class TurnBegan(msgspec.Struct, frozen=True, tag="turn_began"):
    turn: int
    order: tuple[str, ...]  # seats, first to activate first
    initiative: tuple[dict[str, Any], ...]  # per side per round: {"seat", "roll", "valour", "total"}
    sight: int
    rolls: tuple[Roll, ...]


class ActBegan(msgspec.Struct, frozen=True, tag="act_began"):
    character: str
    seat: str


class Modifier(msgspec.Struct, frozen=True):
    side: str  # attacker or defender
    stat: str
    value: int
    source: str


class Attack(msgspec.Struct, frozen=True):
    kind: str  # fire or assault
    attacker_roll: Roll
    defender_roll: Roll
    attacker_total: int
    defender_total: int
    modifiers: tuple[Modifier, ...]
    advantage: str | None
    margin: int
    ward: int
    damage: int
    knocked_down: bool
    out_of_action: bool


class DeedPerformed(msgspec.Struct, frozen=True, tag="deed_performed"):
    character: str
    deed: str
    cost: int
    deeds_left: int
    position: tuple[float, float, float] | None = None  # where the Character ends, (x, y, height)
    distance: float | None = None
    allowance: float | None = None
    fall: int | None = None  # inches fallen (a drop of more than 3" by misadventure)
    damage_taken: int = 0  # to the acting Character (a fall, Hail)
    knocked_down: bool = False
    target: str | None = None
    attack: Attack | None = None
    hidden: bool | None = None
    objective: str | None = None
    notes: tuple[str, ...] = ()


class ActEnded(msgspec.Struct, frozen=True, tag="act_ended"):
    character: str


class TurnEnded(msgspec.Struct, frozen=True, tag="turn_ended"):
    turn: int
    scores: dict[str, int]  # running Trial points after this Turn


class TrialEnded(msgspec.Struct, frozen=True, tag="trial_ended"):
    trial: str
    scores: dict[str, int]
    winners: tuple[str, ...]  # several on a draw


PLAY_EVENTS: tuple[type[msgspec.Struct], ...] = (
    OathbandSubmitted, CharacterDeployed, TurnBegan, ActBegan, DeedPerformed, ActEnded, TurnEnded, TrialEnded,
)

# ---- state -------------------------------------------------------------------------------


class Figure(msgspec.Struct, frozen=True):
    sheet: CharacterSheet
    x: float | None = None
    y: float | None = None
    z: float = 0
    health: int = 10
    tired: bool = False
    knocked_down: bool = False
    hidden: bool = False
    guarding: bool = False
    out_of_action: bool = False
    taken_out_by: str | None = None  # the seat whose attack took it Out of Action (Reckoning)

    @property
    def id(self) -> str:
        return self.sheet.id

    @property
    def seat(self) -> str:
        return self.sheet.seat

    @property
    def deployed(self) -> bool:
        return self.x is not None

    @property
    def point(self) -> Coordinate:
        assert self.x is not None and self.y is not None
        return (self.x, self.y)


class Activation(msgspec.Struct, frozen=True):
    character: str
    deeds_left: int = 3
    moves: int = 0
    aimed: bool = False


class PlayState(msgspec.Struct, frozen=True):
    environment: EnvironmentRolled | None = None
    trial: str = "Crossing"
    table: Table = Table()
    phase: str = "muster"  # muster -> deployment -> turns -> ended
    seats: tuple[str, ...] = ()
    figures: tuple[Figure, ...] = ()
    turn: int = 0
    order: tuple[str, ...] = ()
    activation: Activation | None = None
    last_side: str | None = None
    sight: int = 0
    scores: dict[str, int] = {}
    # A copy of the battle's settings, shown by GET /state as it always was; rules read ctx.settings.
    settings: dict[str, Any] = {}

    def figure(self, character: str) -> Figure | None:
        return next((f for f in self.figures if f.id == character), None)
