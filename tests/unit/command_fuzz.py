"""Commands of every kind with plausible and implausible fields, for property tests.

A field is drawn either from what the battle holds under that field's name (the figures,
characters, seats, hexes, expressions... in `Pools`) or from anything its declared type allows
(boundary numbers, any text matching its pattern, missing optional fields). Each command type is
read through `msgspec.inspect`, so a new command or field is covered without touching this file.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from hypothesis import strategies as st

from domain.battle import BattleState
from domain.commands import ClaimSeat, Concede, RollDice, Start
from domain.contests import Agree, AppointReferee, Contest, Refuse, Rule
from domain.hexes import Hex, neighbours
from domain.rulesets import RULESETS

Pools = dict[str, list[Any]]

CORE_COMMANDS: tuple[type[msgspec.Struct], ...] = (Start, RollDice, Concede, ClaimSeat, AppointReferee, Contest,
                                                    Rule, Agree, Refuse)
# Everything a client can send to any battle: the API decodes every ruleset's commands for every battle.
ALL_COMMANDS: tuple[type[msgspec.Struct], ...] = tuple(dict.fromkeys(
    (*CORE_COMMANDS, *(command for ruleset in RULESETS.values() for command in ruleset.commands))))

# Expressions that are fine, and every way one can go wrong: no sides, division by zero or by a
# die, no dice, unbounded rerolls, too many dice or sides, totals too large, bad selectors.
EXPRESSIONS = ["1d6", "2d6+1d4", "4d6kh3", "d%", "1d20ro1", "3d6ra6", "1d6mi3", "1d0", "2d0+1", "0d6", "0d0", "5",
               "1+2", "1/0", "1d6%0", "1d6//0", "1d6/(1d2-1)", "1d6/(2-2)", "1d6/2", "(1d6,2d6)kh1", "1d6e6",
               "1d1rr1", "101d6", "60d6+60d6", "1d1001", "1d6*99999999999", "99999999999+1d6", "1d6mih3",
               "1d6mah3", "1D6", "1d6 [fire]", "1d6>3", "1d6*0.5", "-1d6", "50d6ro1", "1d6kh99", "2d6 + ", "hello"]
NOBODY = "nobody"


def _int_bounds(t: Any) -> tuple[int, int]:
    low = t.ge if t.ge is not None else (t.gt + 1 if t.gt is not None else -3)
    high = t.le if t.le is not None else (t.lt - 1 if t.lt is not None else 10**6)
    return low, high


def _text(t: Any) -> st.SearchStrategy[str]:
    return _text_of(t.pattern, t.min_length or 0, t.max_length)


@functools.cache
def _text_of(pattern: str | None, low: int, longest: int | None) -> st.SearchStrategy[str]:
    if pattern:
        return st.from_regex(pattern, fullmatch=True).filter(lambda s: low <= len(s) <= (longest or 10**6))
    return st.text(min_size=low, max_size=max(low, min(longest or 24, 24)))


def _by_type(t: Any, name: str, pools: Pools) -> st.SearchStrategy[Any]:
    info = msgspec.inspect
    if isinstance(t, info.IntType):
        low, high = _int_bounds(t)
        return st.integers(low, high)
    if isinstance(t, info.FloatType):
        low = t.ge if t.ge is not None else t.gt
        high = t.le if t.le is not None else t.lt
        return st.floats(-100 if low is None else low, 100 if high is None else high, allow_nan=False,
                         allow_infinity=False)
    if isinstance(t, info.StrType):
        return _text(t)
    if isinstance(t, info.BoolType):
        return st.booleans()
    if isinstance(t, info.NoneType):
        return st.none()
    if isinstance(t, info.LiteralType):
        return st.sampled_from(t.values)
    if isinstance(t, info.UnionType):
        return st.one_of(*(_by_type(member, name, pools) for member in t.types))
    if isinstance(t, info.ListType | info.VarTupleType):
        low = t.min_length or 0
        return st.lists(values_of(t.item_type, f"{name}[]", pools), min_size=low, max_size=max(low, min(
            t.max_length if t.max_length is not None else 4, 4)))
    if isinstance(t, info.TupleType):
        return st.tuples(*(values_of(item, f"{name}[]", pools) for item in t.item_types)).map(list)
    if isinstance(t, info.DictType):
        return st.dictionaries(_by_type(t.key_type, name, pools), _by_type(t.value_type, name, pools), max_size=3)
    if isinstance(t, info.StructType):
        if t.cls is Hex:
            return st.one_of(st.sampled_from(pools.get("hex") or [{"q": 0, "r": 0}]),
                             st.builds(lambda q, r: {"q": q, "r": r}, st.integers(-2, 12), st.integers(-2, 12)))
        required = {f.encode_name: values_of(f.type, f.name, pools) for f in t.fields if f.required}
        optional = {f.encode_name: values_of(f.type, f.name, pools) for f in t.fields if not f.required}
        return st.fixed_dictionaries(required, optional=optional)
    if isinstance(t, info.AnyType):
        return st.sampled_from(pools.get(name) or [{}])
    return st.nothing()


def values_of(t: Any, name: str, pools: Pools) -> st.SearchStrategy[Any]:
    """What the state holds under this field's name, or anything the type allows."""
    generated = _by_type(t, name, pools)
    plausible = pools.get(name)
    return st.one_of(st.sampled_from(plausible), generated) if plausible else generated


@functools.cache
def _type_info(command: type[msgspec.Struct]) -> Any:
    return msgspec.inspect.type_info(command)


def command_of(command: type[msgspec.Struct], pools: Pools) -> st.SearchStrategy[msgspec.Struct | None]:
    """A command of this type (None when the drawn fields break its declared constraints: the API
    would answer 400 before any rule runs)."""

    def convert(fields: dict[str, Any]) -> msgspec.Struct | None:
        try:
            return msgspec.convert(fields, command)
        except msgspec.ValidationError:
            return None

    return _by_type(_type_info(command), "", pools).map(convert)


def commands_for(own: Sequence[type[msgspec.Struct]]) -> st.SearchStrategy[type[msgspec.Struct]]:
    """Mostly the battle's own commands, sometimes any command at all, each as likely as the next
    (`sampled_from` would favour the first ones)."""
    weighted = [*own, *own, *own, *own, *ALL_COMMANDS]
    return st.randoms(use_true_random=False).map(lambda chance: chance.choice(weighted))


# ---- pools: what a battle holds, by field name ------------------------------------------------


def core_pools(battle: BattleState) -> Pools:
    players = [seat.player_id for seat in battle.seats if seat.player_id]
    versions = [action.version for action in battle.actions]
    return {
        "actor": [*players, *players, battle.creator, *battle.referees, "stranger"],
        "seat": [seat.name for seat in battle.seats] + [NOBODY],
        "expression": EXPRESSIONS,
        "version": [*versions[-3:], 0, battle.version, battle.version + 3],
        "contest": [c.contest for c in battle.contests] + [1, 7],
        "player_id": [*players, "stranger"],
        "client_seed": ["", "mine"],
    }


def with_pools(*parts: Pools) -> Pools:
    merged: Pools = {}
    for part in parts:
        for name, values in part.items():
            merged[name] = merged.get(name, []) + list(values)
    return merged


def hex_pool(centres: Sequence[Hex]) -> list[dict[str, int]]:
    around = [h for centre in centres for h in (centre, *neighbours(centre))]
    return [{"q": h.q, "r": h.r} for h in dict.fromkeys(around)]


Walker = Callable[[BattleState], Pools]
