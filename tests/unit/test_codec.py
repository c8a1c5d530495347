"""Every event and every command a client may send has a tag of its own, so a stored event
or a posted command can only ever decode as the type it was written as."""

from __future__ import annotations

from collections import Counter

import msgspec

from domain.codec import EVENT_TYPES, event_data, event_from, event_type
from domain.commands import Concede, RollDice, Start
from domain.contests import Agree, AppointReferee, Contest, Refuse, Rule
from domain.rulesets import RULESETS


def tags(types: list[type[msgspec.Struct]] | tuple[type[msgspec.Struct], ...]) -> Counter[str]:
    return Counter(str(t.__struct_config__.tag) for t in dict.fromkeys(types))


def test_event_tags_are_unique_across_every_ruleset() -> None:
    assert [tag for tag, n in tags(EVENT_TYPES).items() if n > 1] == []


def test_command_tags_are_unique_across_every_ruleset() -> None:
    commands = [Start, RollDice, Concede, AppointReferee, Contest, Rule, Agree, Refuse,
                *(c for r in RULESETS.values() for c in r.commands)]
    assert [tag for tag, n in tags(commands).items() if n > 1] == []


def test_a_pilgrimage_turn_end_decodes_as_itself() -> None:
    from domain.rulesets.pilgrimage.play import TurnEnded

    event = TurnEnded(turn=2, scores={"south": 1})
    assert event_from(event_type(event), event_data(event)) == event
