"""One tagged union of every event (core and every ruleset's), with its encoder and decoder built once."""

from __future__ import annotations

from typing import Any, Union

import msgspec

from domain.clock import CLOCK_EVENTS
from domain.contests import CONTEST_EVENTS
from domain.events import CORE_EVENTS
from domain.heroes.events import HERO_EVENTS
from domain.records import omit_empty
from domain.rulesets import RULESETS
from domain.tournament.events import TOURNAMENT_EVENTS

# Each version lists every event type it may record; versions of one ruleset share most of them.
EVENT_TYPES: tuple[type[msgspec.Struct], ...] = tuple(dict.fromkeys(
    CORE_EVENTS + CLOCK_EVENTS + CONTEST_EVENTS + TOURNAMENT_EVENTS + HERO_EVENTS + tuple(
        event for ruleset in RULESETS.values() for event in ruleset.events)))
Event = Union[EVENT_TYPES]  # type: ignore[valid-type]  # noqa: UP007 - built from a tuple at run time

_BY_TAG: dict[str, type[msgspec.Struct]] = {
    str(event.__struct_config__.tag): event for event in EVENT_TYPES
}
if len(_BY_TAG) != len(EVENT_TYPES):
    # Two event types under one tag would make stored events decode as the wrong type.
    raise ValueError(f"event tags must be unique: {sorted(known for known in _BY_TAG)}")
_decoders: dict[str, msgspec.json.Decoder[Any]] = {
    tag: msgspec.json.Decoder(event) for tag, event in _BY_TAG.items()
}
_encoder = msgspec.json.Encoder()


def event_type(event: msgspec.Struct) -> str:
    return str(event.__struct_config__.tag)


def event_data(event: msgspec.Struct) -> dict[str, Any]:
    """The event's fields as JSON-ready builtins, without the `type` tag (the envelope carries it)."""
    # Through JSON and back, so the data is exactly what the store will hand back later (lists,
    # not the tuples of the structs).
    data: dict[str, Any] = msgspec.json.decode(_encoder.encode(event))
    data.pop("type", None)
    return data


def event_from(type_: str, data: dict[str, Any]) -> msgspec.Struct:
    """Rebuild a stored event from its type and data."""
    event_class = _BY_TAG.get(type_)
    if event_class is None:
        raise ValueError(f"unknown event type {type_!r}")
    return msgspec.convert(data, event_class)


def known_event_types() -> list[str]:
    return sorted(_BY_TAG)


# ---- commands, as recorded with the events they produced ----------------------------------

def command_data(command: msgspec.Struct) -> dict[str, Any]:
    """A command as recorded beside its events: its fields and `type` tag as JSON-ready
    builtins (an API request's `expected_version` is the transport's, not the command's)."""
    data: dict[str, Any] = msgspec.json.decode(_encoder.encode(command))
    data.pop("expected_version", None)
    for name in getattr(command, "OMITTED_WHEN_NONE", ()):
        if data.get(name) is None:
            data.pop(name, None)
    omit_empty(command, data)
    return data


def _commands_by_tag(*groups: tuple[type[msgspec.Struct], ...]) -> dict[str, type[msgspec.Struct]]:
    found: dict[str, type[msgspec.Struct]] = {}
    for command in (c for group in groups for c in group):
        tag = str(command.__struct_config__.tag)
        if found.setdefault(tag, command) is not command:
            raise ValueError(f"two command types under the tag {tag!r}")
    return found


def _battle_commands() -> dict[str, type[msgspec.Struct]]:
    from domain.commands import ClaimSeat, ClaimTime, ClaimVictory, Concede, CreateBattle, RollDice, Start
    from domain.contests import Agree, AppointReferee, Contest, Refuse, Rule

    return _commands_by_tag((CreateBattle, ClaimSeat, Start, RollDice, Concede, ClaimTime, ClaimVictory,
                             AppointReferee, Contest, Rule, Agree, Refuse),
                            *(ruleset.commands for ruleset in RULESETS.values()))


def _tournament_commands() -> dict[str, type[msgspec.Struct]]:
    from domain.tournament import commands as t

    return _commands_by_tag((t.OpenTournament, t.NameJudge, t.Register, t.ReplaceList, t.Drop, t.PairRound,
                             t.RecordResult, t.CloseRound, t.BattleResult, t.CheckIn, t.Reenter, t.SetTables,
                             t.ForbidPairing, t.SwapPlayers, t.SetPairing, t.GiveBye, t.PublishRound, t.DeleteRound))


def _hero_commands() -> dict[str, type[msgspec.Struct]]:
    from domain.heroes.commands import HERO_COMMANDS

    return _commands_by_tag(HERO_COMMANDS)


BATTLE_COMMANDS = _battle_commands()
TOURNAMENT_COMMANDS = _tournament_commands()
HERO_COMMANDS = _hero_commands()


def command_from(data: dict[str, Any], known: dict[str, type[msgspec.Struct]]) -> msgspec.Struct:
    """Rebuild a recorded command (raises ValueError for one that is not a known command)."""
    command_class = known.get(str(data.get("type")))
    if command_class is None:
        raise ValueError(f"unknown command type {data.get('type')!r}")
    try:
        return msgspec.convert(data, command_class)
    except msgspec.ValidationError as exc:
        raise ValueError(str(exc)) from exc
