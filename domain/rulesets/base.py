"""What every ruleset plug-in provides: metadata, its options, its set-up and its own events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import msgspec

from domain.dice import Dice
from domain.errors import RuleViolation
from domain.rulesets import contract


@dataclass(frozen=True)
class ProvisionalRule(contract.ProvisionalRule):
    """A rule the seeds leave unsaid, with its settings' defaults (the versions not yet
    rewritten as RulesetVersion data; those keep them in their settings type)."""

    settings: dict[str, Any]


V = TypeVar("V")


def handler_for(table: Mapping[type, V], command: object) -> V | None:
    """The entry for the command's type, or for a type it extends (the API sends subclasses of the
    domain's commands that add `expected_version`)."""
    return next((handler for kind, handler in table.items() if isinstance(command, kind)), None)


def provisional(rule_id: str, summary: str, **settings: Any) -> ProvisionalRule:
    """A provisional rule with its settings' defaults given as keywords."""
    return ProvisionalRule(id=rule_id, summary=summary, settings=settings)


class Ruleset:
    """Base for ruleset plug-ins. Subclasses set the class metadata and override what they need."""

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str]
    summary: ClassVar[str]
    sources: ClassVar[tuple[str, ...]] = ()
    provisional_rules: ClassVar[tuple[ProvisionalRule, ...]] = ()
    options_type: ClassVar[type[msgspec.Struct]] = contract.Options
    events: ClassVar[tuple[type[msgspec.Struct], ...]] = ()
    # Commands of this ruleset's own (beyond start, roll and concede), for the API's command union.
    commands: ClassVar[tuple[type[msgspec.Struct], ...]] = ()
    # The type of this ruleset's part of the battle state, and its version for snapshots.
    state_type: ClassVar[type[msgspec.Struct] | None] = None
    state_version: ClassVar[int] = 1
    # The `reason` of the battle_ended event when the ruleset's own events end the battle.
    end_reason: ClassVar[str] = "rules"

    # ---- the contract's erased interface (domain/rulesets/contract.py Ruleset), for the
    # versions not yet rewritten as RulesetVersion data ----

    @property
    def settings_type(self) -> type[msgspec.Struct]:
        """The settings as a type, built from the provisional rules' defaults."""
        def setting_type(rule: ProvisionalRule) -> type[msgspec.Struct]:
            names = {name.replace("-", "_"): name for name in rule.settings}
            return msgspec.defstruct(f"{rule.id.replace('-', '')}Settings",
                                     [(name, type(rule.settings[given]), rule.settings[given])
                                      for name, given in names.items()],
                                     rename=names, frozen=True, forbid_unknown_fields=True)

        rules = [(rule.id.replace("-", "_"), setting_type(rule)) for rule in self.provisional_rules]
        return msgspec.defstruct(f"{self.id.title()}V{self.version}Settings",
                                 [(name, kind, kind()) for name, kind in rules], bases=(contract.Settings,),
                                 frozen=True, forbid_unknown_fields=True)

    def initial(self, options: Mapping[str, Any], seats: tuple[str, ...]) -> object:
        return self.initial_state(dict(options), seats)

    def problems_before_start(self, state: object) -> list[str]:
        return self.start_problems(state)

    def set_up(self, options: Mapping[str, Any], dice: Dice) -> Sequence[msgspec.Struct]:
        return self.setup(dict(options), dice)

    def apply(self, state: object, event: msgspec.Struct) -> object:
        return self.evolve(state, event)

    def view(self, state: object, shown: dict[str, Any]) -> dict[str, Any]:
        return self.state_view(state, shown)

    def army_list_problems(self, army_list: object) -> list[str]:
        return self.list_problems(army_list)

    def army_list_for(self, army_list: object, seat: str) -> msgspec.Struct | None:
        return self.army_list_command(army_list, seat)

    def resolve_options(self, options: Mapping[str, Any], seats: tuple[str, ...] = ()) -> dict[str, Any]:
        """Validate a battle's options and fill in every provisional setting, so that the
        creation event records exactly the rules the battle is played under."""
        options = dict(options)
        own = {key: value for key, value in options.items() if key != "provisional"}
        if self.options_type is contract.Options:
            if own:
                raise RuleViolation("options-unknown",
                                    f"{self.id} takes no options but 'provisional'; got {sorted(own)}")
            resolved: dict[str, Any] = {}
        else:
            try:
                parsed = msgspec.convert(own, self.options_type)
            except msgspec.ValidationError as exc:
                raise RuleViolation("options-invalid", f"{self.id} options: {exc}") from exc
            resolved = msgspec.to_builtins(parsed)
        resolved["provisional"] = self._resolve_provisional(options.get("provisional", {}))
        return self._as_json(resolved)

    @staticmethod
    def _as_json(value: dict[str, Any]) -> dict[str, Any]:
        """Options exactly as the creation event will store them (tuples become lists)."""
        normal: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(value))
        return normal

    def _resolve_provisional(self, overrides: Any) -> dict[str, dict[str, Any]]:
        if not isinstance(overrides, dict):
            raise RuleViolation("options-invalid", "'provisional' maps rule ids to settings")
        known = {rule.id: rule for rule in self.provisional_rules}
        unknown = sorted(set(overrides) - set(known))
        if unknown:
            raise RuleViolation("options-invalid", f"unknown provisional rules: {unknown}")
        resolved = {}
        for rule in self.provisional_rules:
            given = overrides.get(rule.id, {})
            if not isinstance(given, dict) or set(given) - set(rule.settings):
                raise RuleViolation("options-invalid",
                                    f"{rule.id} takes the settings {sorted(rule.settings)}")
            settings = dict(rule.settings)
            for name, value in given.items():
                default = rule.settings[name]
                if type(value) is not type(default):
                    raise RuleViolation("options-invalid",
                                        f"{rule.id}.{name} must be a {type(default).__name__}")
                settings[name] = value
            resolved[rule.id] = settings
        return resolved

    def list_problems(self, army_list: Any) -> list[str]:
        """Every rule an army list (e.g. an Oathband) breaks; empty when it is legal."""
        return [f"{self.id} has no army lists yet"]

    def army_list_command(self, army_list: Any, seat: str) -> msgspec.Struct | None:
        """The command that brings an army list registered elsewhere (a tournament's) to a
        battle's seat, for rulesets whose battles need one; None otherwise."""
        return None

    def initial_state(self, options: dict[str, Any], seats: Sequence[str]) -> Any:
        """The ruleset's part of the battle state before set-up."""
        return None

    def start_problems(self, state: Any) -> list[str]:
        """Why the battle cannot start yet (e.g. a seat has no army); empty when it can."""
        return []

    def decide(self, battle: Any, command: msgspec.Struct, dice: Dice, actor: str) -> list[msgspec.Struct]:
        """Decide one of this ruleset's own commands against the whole battle state."""
        raise RuleViolation("command-unknown", f"{self.id} {self.version} has no command {type(command).__name__}")

    def winners(self, event: msgspec.Struct) -> tuple[str, ...] | None:
        """The winning seats when `event` ends the battle by the rules; None otherwise."""
        return None

    def setup(self, options: dict[str, Any], dice: Dice) -> Sequence[msgspec.Struct]:
        """Events that begin play (run by `start`); may roll dice."""
        return ()

    def state_view(self, state: Any, shown: dict[str, Any]) -> dict[str, Any]:
        """The ruleset's part of `GET /state` (`shown` is `state` as JSON-ready data), with what
        a client needs beyond the raw state, e.g. whose turn it is."""
        return shown

    def preview_details(self, events: Sequence[msgspec.Struct]) -> dict[str, Any]:
        """What `POST /preview` shows of an accepted command besides its events (cost,
        modifiers, ...), as fields of the Preview response."""
        return {}

    def action_seat(self, event: msgspec.Struct) -> str | None:
        """The seat whose action this event begins, for the ruleset's own events that a player
        may contest (e.g. a Deed); None for events that are not the start of an action."""
        return None

    def evolve(self, state: Any, event: msgspec.Struct) -> Any:
        """Apply one of this ruleset's own events to its part of the state."""
        return state
