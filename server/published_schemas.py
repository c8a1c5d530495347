"""The JSON Schemas Chronicle publishes for what it records and serves, generated from the
msgspec types themselves (never written by hand): every event's `data`, the envelope of each
event type, every ruleset version's state as `GET /state` shows it, and each ruleset's command
union. The OpenAPI document (server/openapi_contract.py) and `GET /v1/rulesets/{id}` both take
them from here, so the two cannot disagree."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, Union, get_args

import msgspec

from domain.battle import BattleState
from domain.clock import CLOCK_EVENTS, ClockView
from domain.commands import Concede, RollDice, Start
from domain.contests import CONTEST_EVENTS, Agree, AppointReferee, Contest, Refuse, Rule
from domain.events import CORE_EVENTS
from domain.rulesets import RULESETS, Ruleset
from domain.tournament.commands import TournamentPlay
from domain.tournament.events import TOURNAMENT_EVENTS
from server.api_models import CommandRequest, Envelope, request_of
from server.tournament_service import TournamentEnvelope

Schema = dict[str, Any]

OPENAPI_REFS = "#/components/schemas/{name}"
DEFS_REFS = "#/$defs/{name}"
TAG = "type"

# Every battle takes these besides its ruleset's own commands.
CORE_COMMANDS: tuple[type[msgspec.Struct], ...] = (Start, RollDice, Concede, AppointReferee, Contest, Rule, Agree,
                                                   Refuse)
# What a battle's stream may record: its own events, the contest ones and every ruleset's.
BATTLE_EVENTS: tuple[type[msgspec.Struct], ...] = tuple(dict.fromkeys(
    CORE_EVENTS + CLOCK_EVENTS + CONTEST_EVENTS + tuple(e for ruleset in RULESETS.values() for e in ruleset.events)))


def tag_of(struct: type[msgspec.Struct]) -> str:
    return str(struct.__struct_config__.tag)


def type_name(tag: str) -> str:
    """`dice_rolled` -> `DiceRolled`: the component names of an event type's envelope."""
    return "".join(part[:1].upper() + part[1:] for part in tag.split("_"))


def ruleset_state_type(ruleset: Ruleset) -> type[msgspec.Struct] | None:
    """The type of what `GET /state` shows as a battle's `ruleset_state` under this version."""
    return ruleset.view_type or ruleset.state_type


def battle_events_of(ruleset: Ruleset) -> tuple[type[msgspec.Struct], ...]:
    return tuple(dict.fromkeys(CORE_EVENTS + CLOCK_EVENTS + CONTEST_EVENTS + ruleset.events))


def commands_of(ruleset: Ruleset) -> tuple[type[msgspec.Struct], ...]:
    """Every command a battle of this version takes, as the API takes it."""
    return tuple(request_of(c) for c in dict.fromkeys(CORE_COMMANDS + ruleset.client_commands))


class Builder:
    """Schemas of a set of types that refer to one another through `refs` (`{name}` in it is a
    component's name): the named schemas (`components`) and the root schemas built on them."""

    def __init__(self, types: Sequence[Any], refs: str) -> None:
        self.refs = refs
        roots, components = msgspec.json.schema_components(types, ref_template=refs)
        renamed = _readable_names(components)
        components, roots = _renamed(components, renamed, refs), _renamed(roots, renamed, refs)
        self.components: dict[str, Schema] = components
        self._roots = {id(t): root for t, root in zip(types, roots, strict=True)}
        # A struct without a docstring of its own still gets a description (every component of
        # the OpenAPI document has one: tests/e2e/test_openapi.py).
        self._undocumented = {name for name, schema in components.items() if "description" not in schema}
        for name in self._undocumented:
            components[name]["description"] = f"A `{name}` as Chronicle records and shows it."
        events = set(BATTLE_EVENTS) | set(TOURNAMENT_EVENTS)
        for struct in (t for t in types if t in events):
            self._as_event_data(self.name_of(struct), tag_of(struct))

    def ref(self, name: str) -> Schema:
        return {"$ref": self.refs.format(name=name)}

    def root(self, struct: Any) -> Schema:
        return dict(self._roots[id(struct)])

    def name_of(self, struct: type[msgspec.Struct]) -> str:
        return str(self._roots[id(struct)]["$ref"]).rpartition("/")[2]

    def _as_event_data(self, name: str, tag: str) -> None:
        # An envelope's `data` is the event without its tag (the envelope's `type` carries it);
        # the same struct nested in a state (a fork's origin) carries it: optional here.
        schema = self.components[name]
        schema["required"] = [field for field in schema.get("required", []) if field != TAG]
        if name in self._undocumented:
            schema["description"] = f"What a `{tag}` event records: its envelope's `data`."

    def add(self, name: str, schema: Schema) -> Schema:
        if name in self.components:
            raise ValueError(f"two schemas named {name!r}")
        self.components[name] = schema
        return self.ref(name)

    def envelopes(self, base: type[msgspec.Struct], events: Iterable[type[msgspec.Struct]], what: str) -> Schema:
        """`base` (an envelope struct) as a union discriminated by `type`, one variant per event
        type whose `data` is that event's schema; the union is named after `base`."""
        shape = copy.deepcopy(self.components[self.name_of(base)])
        variants: dict[str, str] = {}
        for event in events:
            tag = tag_of(event)
            variants[tag] = f"{type_name(tag)}{what}"
            if variants[tag] not in self.components:
                self.add(variants[tag], {
                    **shape, "title": variants[tag],
                    "description": f"A committed `{tag}` event.",
                    "properties": {**shape["properties"], TAG: {"const": tag},
                                   "data": self.ref(self.name_of(event))}})
        union = {"description": shape.get("description", ""), "oneOf": [self.ref(n) for n in variants.values()],
                 "discriminator": {"propertyName": TAG,
                                   "mapping": {tag: self.refs.format(name=n) for tag, n in variants.items()}}}
        self.components[self.name_of(base)] = union
        return self.ref(self.name_of(base))

    def battle_state(self, rulesets: Iterable[Ruleset], name: str | None = None) -> Schema:
        """`GET /state`: the battle state with its `ruleset_state` as these versions show it."""
        rulesets = tuple(rulesets)
        state = copy.deepcopy(self.components[self.name_of(BattleState)])
        shown = [self.root(t) for t in dict.fromkeys(ruleset_state_type(r) for r in rulesets) if t is not None]
        state["properties"]["ruleset_state"] = {"anyOf": [*shown, {"type": "null"}],
                                                "description": "the ruleset's part, as the battle's version shows it"}
        state["description"] = ("A battle's state as `GET /state` shows it; `server_seed` is null until the battle "
                                "ends.")
        # The server shows every field of a state (a stored event may lack one added since; a
        # state never does): required, so that a generated client's fields are not optional.
        state["required"] = [field for field in state["properties"] if field != "clock"]
        # Only a battle created with a time control shows `clock`, as a ClockView.
        state["properties"]["clock"] = self.ref(self.name_of(ClockView))
        for view in dict.fromkeys(r.view_type for r in rulesets if r.view_type is not None):
            shown_view = self.components[self.name_of(view)]
            shown_view["required"] = list(shown_view["properties"])
        if name is None:
            self.components[self.name_of(BattleState)] = state
            return self.ref(self.name_of(BattleState))
        return self.add(name, state)

    def self_contained(self, root: Schema) -> Schema:
        """`root` with every component it reaches under `$defs` (refs built with DEFS_REFS)."""
        reached: dict[str, Schema] = {}
        todo = [root]
        while todo:
            for ref in refs_in(todo.pop()):
                name = ref.rpartition("/")[2]
                if name not in reached:
                    reached[name] = self.components[name]
                    todo.append(reached[name])
        return {**root, "$defs": dict(sorted(reached.items()))}


def _readable_names(components: dict[str, Schema]) -> dict[str, str]:
    """msgspec names two structs of one name by their modules
    (`domain.rulesets.pilgrimage.oathband.Character`); a client generated from the schema reads
    better with the ruleset's name first (`PilgrimageCharacter`), and its module too where one
    ruleset has two (`D100CatalogueAffliction`). A name already taken keeps msgspec's."""
    def ruleset_and_name(dotted: str) -> tuple[str, str, str]:
        parts = dotted.split(".")
        ruleset = parts[2] if parts[:2] == ["domain", "rulesets"] and len(parts) > 3 else parts[-2]
        return ruleset, parts[-2], parts[-1]

    dotted = [name for name in components if "." in name]
    shared = Counter(ruleset_and_name(name)[::2] for name in dotted)
    taken = {name for name in components if "." not in name}
    renamed: dict[str, str] = {}
    for name in dotted:
        ruleset, module, short = ruleset_and_name(name)
        candidate = _camel(ruleset) + (_camel(module) if shared[(ruleset, short)] > 1 else "") + short
        if candidate not in taken:
            renamed[name] = candidate
            taken.add(candidate)
    return renamed


def _camel(words: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in words.split("_"))


def _renamed(schema: Any, renamed: dict[str, str], refs: str) -> Any:
    """`schema` (a component map, a list of schemas or one) with the components `renamed`."""
    if not renamed:
        return schema
    prefix = refs.partition("{name}")[0]
    if isinstance(schema, dict):
        out: dict[str, Any] = {}
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str) and value.removeprefix(prefix) in renamed:
                out[key] = prefix + renamed[value.removeprefix(prefix)]
            elif key == "mapping" and isinstance(value, dict):
                out[key] = {tag: prefix + renamed.get(ref.removeprefix(prefix), ref.removeprefix(prefix))
                            for tag, ref in value.items()}
            else:
                out[renamed.get(str(key), str(key))] = _renamed(value, renamed, refs)  # a map of components
        return out
    if isinstance(schema, list | tuple):
        return [_renamed(value, renamed, refs) for value in schema]
    return schema


def refs_in(schema: Any) -> Iterable[str]:
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from refs_in(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from refs_in(value)


def _state_types() -> list[type[msgspec.Struct]]:
    return [t for t in dict.fromkeys(ruleset_state_type(r) for r in RULESETS.values()) if t is not None]


@cache
def openapi_components() -> dict[str, Schema]:
    """Components for the OpenAPI document: every event type (its data and its envelope), the
    unions `Envelope` and `TournamentEnvelope` discriminated on `type`, and `BattleState`."""
    # The commands too, though Litestar documents them: msgspec names two structs of one name by
    # their modules only when it sees both, and says what Litestar leaves out (unknown fields).
    types: list[Any] = [Envelope, TournamentEnvelope, BattleState, ClockView, *BATTLE_EVENTS, *TOURNAMENT_EVENTS,
                        *_state_types(), *get_args(CommandRequest), *get_args(TournamentPlay)]
    builder = Builder(types, OPENAPI_REFS)
    builder.envelopes(Envelope, BATTLE_EVENTS, "Event")
    builder.envelopes(TournamentEnvelope, TOURNAMENT_EVENTS, "TournamentEvent")
    builder.battle_state(RULESETS.values())
    for command in (*get_args(CommandRequest), *get_args(TournamentPlay)):
        # A command's tag is also its default, so that a generated client fills it in (it stays
        # required: the server still wants it).
        builder.components[builder.name_of(command)]["properties"][TAG]["default"] = tag_of(command)
    _closed_tuples(builder.components)
    _unique_titles(builder.components)
    return builder.components


def _unique_titles(components: dict[str, Schema]) -> None:
    """A title two components share becomes each one's component name: client generators name
    their models by title and would drop all but one of them."""
    titles = Counter(schema.get("title") for schema in components.values())
    for name, schema in components.items():
        if "title" in schema and titles[schema["title"]] > 1:
            schema["title"] = name


def _closed_tuples(schema: Any) -> None:
    """msgspec closes a fixed-length tuple with `items: false`, which openapi-python-client cannot
    read; `maxItems` says the same."""
    if isinstance(schema, dict):
        if schema.get("items") is False and "prefixItems" in schema:
            del schema["items"]
            schema["maxItems"] = len(schema["prefixItems"])
        for value in schema.values():
            _closed_tuples(value)
    elif isinstance(schema, list):
        for value in schema:
            _closed_tuples(value)


class VersionSchemas(msgspec.Struct, frozen=True):
    """Self-contained JSON Schemas (each with its `$defs`) of a ruleset version: an event of its
    battles as `GET /events` serves it (discriminated on `type`), a command its battles take
    (`POST /commands`, discriminated on `type`), and its battles' state as `GET /state` shows it."""

    events: dict[str, Any]
    commands: dict[str, Any]
    state: dict[str, Any]


@cache
def version_schemas(ruleset_id: str, version: str) -> VersionSchemas:
    ruleset = RULESETS[(ruleset_id, version)]
    events = battle_events_of(ruleset)
    commands = commands_of(ruleset)
    state_type = ruleset_state_type(ruleset)
    union = Union[commands]  # type: ignore[valid-type]  # noqa: UP007 - built from a tuple at run time
    types: list[Any] = [Envelope, BattleState, ClockView, union, *events, *([state_type] if state_type else [])]
    builder = Builder(types, DEFS_REFS)
    events_root = builder.envelopes(Envelope, events, "Event")
    state_root = builder.battle_state([ruleset], "BattleStateView")
    return VersionSchemas(events=builder.self_contained(events_root),
                          commands=builder.self_contained(builder.root(union)),
                          state=builder.self_contained(state_root))
