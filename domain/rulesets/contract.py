"""The contract between a battle and the rules it is played under.

A ruleset *version* is data (`RulesetVersion`): its options type, its settings type (the
numbers and choices of its provisional rules), its state, its events, its rules as a table
from command type to one rule signature, and its `evolve`. A new version is the previous one
`revise`d: it reuses every rule it does not replace, and the version it revises stays
registered, unchanged, for the battles recorded under it.

The engine half of this module, used by the battle aggregate (domain/battle.py), is the
same for every ruleset: it refuses a command outside its phase of the battle (set-up before
`start`, play after it), resolves the seat the player acts for, builds the frozen `Context`
a rule reads (state, acting seat, dice, settings), and calls the rule. Rules judge and may
refuse (a named DomainError); `evolve` only records what an event says happened.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

import msgspec

from domain.dice import Dice
from domain.errors import NotPermitted, RuleViolation
from domain.seats import SeatLike, acting_seat

StateT = TypeVar("StateT")
SettingsT = TypeVar("SettingsT", bound="Settings")
OptionsT = TypeVar("OptionsT", bound="Options")
CommandT = TypeVar("CommandT", bound=msgspec.Struct)
OptionsT_co = TypeVar("OptionsT_co", bound="Options", covariant=True)
SettingsT_co = TypeVar("SettingsT_co", bound="Settings", covariant=True)

Events = Sequence[msgspec.Struct]


def rule_id(field_name: str) -> str:
    """A settings field's name in JSON: the provisional rule's id (`PIL_GEAR` is `PIL-GEAR`)."""
    return field_name.replace("_", "-")


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename=rule_id):
    """Base of a version's settings: one field per provisional rule, named by its id, holding
    that rule's numbers and choices (`NoSetting` for a rule with none). Battle options carry
    them as `{"provisional": {"PIL-GEAR": {"supplies": 900}}}`; the defaults are the rules'."""


class NoSetting(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A provisional rule with nothing to choose."""


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of a version's options (a version with no options of its own uses it as is)."""


class Phase(enum.Enum):
    """When in a battle a command may be sent."""

    SETUP = "open"  # after creation, before `start`
    PLAY = "active"  # from `start` to the end
    ANY = "open or active"  # either, never once the battle has ended


@dataclass(frozen=True)
class ProvisionalRule:
    """A rule the seeds leave unsaid, as this version reads it; its numbers and choices are
    the fields of the same name in the version's settings."""

    id: str
    summary: str


@dataclass(frozen=True)
class Creation(Generic[OptionsT_co, SettingsT_co]):
    """What a battle was created with, for `initial_state`: its options and settings (completed
    with their defaults), its seats, and `recorded_settings`, the `provisional` settings exactly
    as its creation event recorded them (a battle created before a setting existed has none)."""

    options: OptionsT_co
    settings: SettingsT_co
    seats: tuple[str, ...]
    recorded_settings: dict[str, Any]


@dataclass(frozen=True)
class Context(Generic[StateT, SettingsT]):
    """What a rule decides against: the ruleset's state, the seat acting (resolved by the
    engine), the player, the battle's verifiable dice, the battle's settings, and every seat."""

    state: StateT
    seat: str
    actor: str
    dice: Dice
    settings: SettingsT
    seats: tuple[SeatLike, ...]

    def seats_of(self, player: str) -> tuple[str, ...]:
        """The seats `player` holds and still plays."""
        return tuple(s.name for s in self.seats if s.player_id == player and not s.conceded)

    def player_of(self, seat: str) -> str | None:
        return next((s.player_id for s in self.seats if s.name == seat), None)


Rule = Callable[[Context[StateT, SettingsT], CommandT], Events]
Subject = Callable[[StateT, CommandT], "str | None"]


@dataclass(frozen=True)
class Play(Generic[StateT, SettingsT]):
    """One row of a version's rule table: a command type, the rule that decides it, the phase
    it belongs to, and `subject`, the seat that owns what the command moves (a figure's seat),
    which the player must hold; without one, the player acts for the seat it names or its
    only seat."""

    command: type[msgspec.Struct]
    rule: Callable[[Context[StateT, SettingsT], msgspec.Struct], Events]
    phase: Phase
    subject: Callable[[StateT, msgspec.Struct], str | None] | None
    # The rule id refusing a player who sends the command for what another seat owns (403).
    not_yours: str = "not-your-seat"


def play(command: type[CommandT], rule: Rule[StateT, SettingsT, CommandT], *, phase: Phase = Phase.PLAY,
         subject: Subject[StateT, CommandT] | None = None, not_yours: str = "not-your-seat") -> Play[StateT, SettingsT]:
    """A row of a rule table, typed so that the rule takes exactly the command it is listed under."""

    def decide(ctx: Context[StateT, SettingsT], sent: msgspec.Struct) -> Events:
        assert isinstance(sent, command)
        return rule(ctx, sent)

    def owner(state: StateT, sent: msgspec.Struct) -> str | None:
        assert isinstance(sent, command) and subject is not None
        return subject(state, sent)

    return Play(command, decide, phase, owner if subject is not None else None, not_yours)


class BattleView(Protocol):
    """What the engine reads of the battle around a ruleset (domain/battle.py BattleState)."""

    @property
    def status(self) -> str: ...

    @property
    def seats(self) -> Sequence[SeatLike]: ...

    @property
    def options(self) -> dict[str, Any]: ...

    @property
    def ruleset_state(self) -> object: ...


class Ruleset(Protocol):
    """A ruleset version as the battle aggregate, the codec, the snapshots, the read models and
    the API see it: every version, whatever its state and settings types."""

    @property
    def id(self) -> str: ...
    @property
    def version(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def sources(self) -> tuple[str, ...]: ...
    @property
    def provisional_rules(self) -> tuple[ProvisionalRule, ...]: ...
    @property
    def events(self) -> tuple[type[msgspec.Struct], ...]: ...
    @property
    def commands(self) -> tuple[type[msgspec.Struct], ...]: ...
    @property
    def client_commands(self) -> tuple[type[msgspec.Struct], ...]: ...
    @property
    def options_type(self) -> type[msgspec.Struct]: ...
    @property
    def settings_type(self) -> type[msgspec.Struct]: ...
    @property
    def state_type(self) -> type[msgspec.Struct] | None: ...
    @property
    def state_version(self) -> int: ...
    @property
    def view_type(self) -> type[msgspec.Struct] | None: ...
    @property
    def end_reason(self) -> str: ...

    def resolve_options(self, options: Mapping[str, Any], seats: tuple[str, ...]) -> dict[str, Any]: ...
    def initial(self, options: Mapping[str, Any], seats: tuple[str, ...]) -> object: ...
    def problems_before_start(self, state: object) -> list[str]: ...
    def set_up(self, options: Mapping[str, Any], dice: Dice) -> Events: ...
    def decide(self, battle: BattleView, command: msgspec.Struct, dice: Dice, actor: str) -> list[msgspec.Struct]: ...
    def apply(self, state: object, event: msgspec.Struct) -> object: ...
    def winners(self, event: msgspec.Struct) -> tuple[str, ...] | None: ...
    def action_seat(self, event: msgspec.Struct) -> str | None: ...
    def seat_to_act(self, state: object) -> str | None: ...
    def view(self, state: object, shown: dict[str, Any]) -> dict[str, Any]: ...
    def preview_details(self, events: Events) -> dict[str, Any]: ...
    def army_list_problems(self, army_list: object) -> list[str]: ...
    def army_list_for(self, army_list: object, seat: str) -> msgspec.Struct | None: ...
    def reference_values(self) -> dict[str, Any]: ...


def _nothing(*_: object) -> tuple[()]:
    return ()


def _no_problems(*_: object) -> list[str]:
    return []


def _none(*_: object) -> None:
    return None


def _same(options: OptionsT) -> OptionsT:
    return options


def _as_shown(_: object, shown: dict[str, Any]) -> dict[str, Any]:
    return shown


def _no_preview(_: Events) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class RulesetVersion(Generic[StateT, SettingsT, OptionsT]):
    """One released version of a ruleset, as data. Build the next with `revise`."""

    id: str
    version: str
    title: str
    summary: str
    options_type: type[OptionsT]
    settings_type: type[SettingsT]
    initial_state: Callable[[Creation[OptionsT, SettingsT]], StateT]
    evolve: Callable[[StateT, msgspec.Struct], StateT]
    plays: tuple[Play[StateT, SettingsT], ...] = ()
    provisional_rules: tuple[ProvisionalRule, ...] = ()
    sources: tuple[str, ...] = ()
    # Every event type this version records (one union decodes them all, across versions).
    events: tuple[type[msgspec.Struct], ...] = ()
    # This version's part of the battle state and its shape's number, for snapshots.
    state_type: type[msgspec.Struct] | None = None
    state_version: int = 1
    # What GET /state shows of that state (`state_view`'s result), when it shows more: the
    # published JSON Schema of the version's state is this type's.
    view_type: type[msgspec.Struct] | None = None
    # Options made complete (a table named by its name becomes the table) before they are
    # checked and recorded.
    complete_options: Callable[[OptionsT], OptionsT] = _same
    # Everything wrong with a battle these options and seats would create, checked by decide.
    creation_problems: Callable[[OptionsT, SettingsT, tuple[str, ...]], list[str]] = _no_problems
    # The rule id of the refusal when creation_problems finds any (creation_problems may also
    # raise a RuleViolation of another kind itself).
    creation_rule: str = "options-invalid"
    # Whether a seat that conceded still commands what it owns (its figures keep their turns).
    conceded_seats_act: bool = False
    # Why `start` must wait (e.g. a seat has no army); events `start` records (may roll dice).
    start_problems: Callable[[StateT], list[str]] = _no_problems
    setup: Callable[[OptionsT, SettingsT, Dice], Events] = _nothing
    # The seats that win when an event ends the battle by the rules, and the end's reason.
    winners: Callable[[msgspec.Struct], tuple[str, ...] | None] = _none
    end_reason: str = "rules"
    # The seat whose contestable action an event begins (None: not the start of an action).
    action_seat: Callable[[msgspec.Struct], str | None] = _none
    # The seat whose turn it is in a state (None: the rules do not say, or nobody's). Only a
    # battle's clock reads it (domain/clock.py), so adding it never changes a recorded battle.
    to_act: Callable[[StateT], str | None] = _none
    # The ruleset's part of GET /state (`shown` is the state as JSON-ready data) and of /preview.
    state_view: Callable[[StateT, dict[str, Any]], dict[str, Any]] = _as_shown
    preview_details: Callable[[Events], dict[str, Any]] = _no_preview
    # Army lists (a tournament's registration): the problems of one, and the command that
    # brings a registered list to a battle's seat.
    list_problems: Callable[[object], list[str]] | None = None
    army_list_command: Callable[[object, str], msgspec.Struct] | None = None
    # The base values a client needs to build an army and set a battle up (GET /v1/rulesets/{id}).
    reference: Callable[[], dict[str, Any]] | None = None

    PROVISIONAL: ClassVar[str] = "provisional"

    # ---- composing versions --------------------------------------------------------------

    def revise(self, version: str, **changes: Any) -> RulesetVersion[StateT, SettingsT, OptionsT]:
        """The next version: this one with `changes` (rules by command type are merged: pass
        `plays` for the rows that are new or replaced)."""
        if "plays" in changes:
            replaced = {row.command for row in changes["plays"]}
            changes["plays"] = (*(row for row in self.plays if row.command not in replaced), *changes["plays"])
        return dataclasses.replace(self, version=version, **changes)

    @property
    def commands(self) -> tuple[type[msgspec.Struct], ...]:
        return tuple(row.command for row in self.plays)

    @property
    def client_commands(self) -> tuple[type[msgspec.Struct], ...]:
        """The commands a client may post: all but those the server alone sends on a client's
        behalf (a command class with `server_only = True`, e.g. Pericle's `bring_hero`)."""
        return tuple(c for c in self.commands if not getattr(c, "server_only", False))

    @property
    def ends_by_rules(self) -> bool:
        """Whether this version's own events can end a battle (it names winners)."""
        return self.winners is not _none

    # ---- creation ------------------------------------------------------------------------

    def resolve_options(self, options: Mapping[str, Any], seats: tuple[str, ...] = ()) -> dict[str, Any]:
        """A battle's options checked and completed with every setting, as the creation event
        records them (JSON-ready): the rules a battle is played under, and nothing else."""
        given = dict(options)
        settings = self._settings(given.pop(self.PROVISIONAL, {}))
        if self.options_type is Options and given:
            raise RuleViolation("options-unknown", f"{self.id} takes no options but 'provisional'; got {sorted(given)}")
        try:
            parsed = self.complete_options(msgspec.convert(given, self.options_type))
        except msgspec.ValidationError as exc:
            raise RuleViolation("options-invalid", f"{self.id} options: {exc}") from exc
        found = self.creation_problems(parsed, settings, seats)
        if found:
            raise RuleViolation(self.creation_rule, "; ".join(found), problems=found)
        resolved: dict[str, Any] = msgspec.to_builtins(parsed)
        resolved[self.PROVISIONAL] = msgspec.to_builtins(settings)
        normal: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(resolved))
        return normal

    def _settings(self, given: object) -> SettingsT:
        if not isinstance(given, dict):
            raise RuleViolation("options-invalid", "'provisional' maps provisional rule ids to their settings")
        try:
            return msgspec.convert(given, self.settings_type)
        except msgspec.ValidationError as exc:
            raise RuleViolation("options-invalid", f"{self.id} provisional settings: {exc}") from exc

    def settings_of(self, options: Mapping[str, Any]) -> SettingsT:
        """The settings a battle was created with (a setting its creation did not record, because
        it did not exist then, has its default)."""
        return msgspec.convert(options.get(self.PROVISIONAL, {}), self.settings_type)

    def options_of(self, options: Mapping[str, Any]) -> OptionsT:
        return msgspec.convert({k: v for k, v in options.items() if k != self.PROVISIONAL}, self.options_type)

    def initial(self, options: Mapping[str, Any], seats: tuple[str, ...]) -> StateT:
        """The ruleset's state when the battle is created (never refuses: decide checked)."""
        recorded = options.get(self.PROVISIONAL, {})
        return self.initial_state(Creation(self.options_of(options), self.settings_of(options), seats,
                                           dict(recorded) if isinstance(recorded, Mapping) else {}))

    def set_up(self, options: Mapping[str, Any], dice: Dice) -> Events:
        return self.setup(self.options_of(options), self.settings_of(options), dice)

    # ---- play ----------------------------------------------------------------------------

    def row_for(self, command: msgspec.Struct) -> Play[StateT, SettingsT] | None:
        """The rule table's row for the command's type, or for a type it extends (the API sends
        subclasses that add `expected_version`)."""
        return next((row for row in self.plays if isinstance(command, row.command)), None)

    def decide(self, battle: BattleView, command: msgspec.Struct, dice: Dice, actor: str) -> list[msgspec.Struct]:
        """The engine: the command's phase, its acting seat, its context, then its rule."""
        row = self.row_for(command)
        if row is None:
            tag = command.__struct_config__.tag
            raise RuleViolation("command-unknown", f"{self.id} {self.version} has no command {tag!r}")
        require_phase(battle.status, row.phase)
        state = self.state_of(battle)
        owner = row.subject(state, command) if row.subject is not None else None
        seat = resolve_seat(battle.seats, getattr(command, "seat", None), owner, actor, row.not_yours,
                            self.conceded_seats_act)
        ctx = Context(state=state, seat=seat, actor=actor, dice=dice, settings=self.settings_of(battle.options),
                      seats=tuple(battle.seats))
        return list(row.rule(ctx, command))

    def state_of(self, battle: BattleView) -> StateT:
        # The battle holds every ruleset's state as `object`; this version's evolve made it.
        return cast(StateT, battle.ruleset_state)

    def apply(self, state: object, event: msgspec.Struct) -> StateT:
        """`evolve` over the battle's erased state (it holds what this version's evolve made)."""
        return self.evolve(cast(StateT, state), event)

    def seat_to_act(self, state: object) -> str | None:
        return self.to_act(cast(StateT, state))

    def view(self, state: object, shown: dict[str, Any]) -> dict[str, Any]:
        return self.state_view(cast(StateT, state), shown)

    def problems_before_start(self, state: object) -> list[str]:
        return self.start_problems(cast(StateT, state))

    def army_list_problems(self, army_list: object) -> list[str]:
        if self.list_problems is None:
            return [f"{self.id} has no army lists"]
        return self.list_problems(army_list)

    def army_list_for(self, army_list: object, seat: str) -> msgspec.Struct | None:
        return None if self.army_list_command is None else self.army_list_command(army_list, seat)

    def reference_values(self) -> dict[str, Any]:
        return {} if self.reference is None else self.reference()


def require_phase(status: str, phase: Phase) -> None:
    """Set-up commands before `start`, play commands after it, nothing once the battle ended."""
    if status == phase.value or (phase is Phase.ANY and status in (Phase.SETUP.value, Phase.PLAY.value)):
        return
    if phase is Phase.SETUP:
        raise RuleViolation("battle-not-open", f"this is done before the battle starts (the battle is {status})")
    raise RuleViolation("battle-not-active", f"this is done during play (the battle is {status})")


def resolve_seat(seats: Sequence[SeatLike], requested: str | None, owner: str | None, actor: str,
                 not_yours: str = "not-your-seat", conceded_act: bool = False) -> str:
    """The seat a player acts for. Every command may name one (`seat`); it is refused only when
    the player does not hold it or it cannot act (conceded), or when the command moves what
    another seat owns (`not_yours`). Without a name: the owner's seat when the command has one,
    else the player's only seat still in play."""
    if owner is None:
        return acting_seat(seats, requested, actor)
    if requested is not None and requested != owner:
        raise RuleViolation("seat-mismatch", f"that belongs to seat {owner!r}, not {requested!r}")
    held = next((s for s in seats if s.name == owner), None)
    if held is not None and held.player_id != actor:
        raise NotPermitted(not_yours, f"that belongs to seat {owner!r}, which another player holds")
    if held is not None and conceded_act:
        return owner
    return acting_seat(seats, owner, actor)


@dataclass(frozen=True)
class SettingsOf:
    """A provisional rule's settings in a version: their defaults and their JSON schema."""

    rule: ProvisionalRule
    defaults: dict[str, Any]
    schema: dict[str, Any]


def settings_of_rules(ruleset: Ruleset) -> list[SettingsOf]:
    """Every provisional rule of a version with the settings its settings type gives it (a rule
    without a field of its own there has none)."""
    fields = {f.encode_name: f for f in msgspec.structs.fields(ruleset.settings_type)}
    found = []
    for rule in ruleset.provisional_rules:
        info = fields.get(rule.id)
        if info is None:
            found.append(SettingsOf(rule, {}, msgspec.json.schema(NoSetting)))
            continue
        defaults: dict[str, Any] = msgspec.to_builtins(info.default)
        found.append(SettingsOf(rule, defaults, msgspec.json.schema(info.type)))
    return found
