"""A drafted round before it is published: the edits a judge makes (swap two players, set a
pairing, give a bye) and the warnings each pairing carries.

Edits work on the pairings alone; a pairing whose table is 0 has no number yet (the
aggregate numbers it). Warnings are named so a client can show and filter them:
rematch, same-club, same-region, score-gap, repeat-table, repeat-bye and forbidden.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import msgspec

from domain.errors import RuleViolation
from domain.tournament.events import Pairing, PairingWarning

UNNUMBERED = 0


class Context(msgspec.Struct, frozen=True):
    """What the warnings are judged against: the rounds before this one."""

    opponents: Mapping[str, set[str]]
    points: Mapping[str, int]
    clubs: Mapping[str, str | None]
    regions: Mapping[str, str | None]
    forbidden: Collection[frozenset[str]]
    tables_played: Mapping[str, set[int]]  # empty when the event has no tables set
    had_bye: set[str]
    gap_allowed: int  # a gap in points above this is a warning (one win's points: TOUR-SCORE-GAP)


def _seat_of(pairings: Sequence[Pairing], player: str) -> tuple[int, bool]:
    """(index of the player's pairing, whether they are its `a`)."""
    for index, pairing in enumerate(pairings):
        if player in (pairing.a, pairing.b):
            return index, pairing.a == player
    raise RuleViolation("player-not-in-draft", f"{player} is not in the draft")


def _seated(pairing: Pairing, as_a: bool, player: str) -> Pairing:
    return msgspec.structs.replace(pairing, a=player) if as_a else msgspec.structs.replace(pairing, b=player)


def _partner(pairing: Pairing, player: str) -> str | None:
    return pairing.b if pairing.a == player else pairing.a


def swap(pairings: Sequence[Pairing], x: str, y: str) -> list[Pairing]:
    """`x` takes `y`'s place and `y` takes `x`'s (a bye's place included)."""
    if x == y:
        raise RuleViolation("same-player", "name two different players")
    (i, x_is_a), (j, y_is_a) = _seat_of(pairings, x), _seat_of(pairings, y)
    if i == j:
        raise RuleViolation("already-paired", "they play each other already: swapping them changes nothing")
    out = list(pairings)
    out[i], out[j] = _seated(out[i], x_is_a, y), _seated(out[j], y_is_a, x)
    return out


def set_pairing(pairings: Sequence[Pairing], x: str, y: str) -> list[Pairing]:
    """`x` plays `y`, at `x`'s table when `x` has one; their former opponents play each other
    (or the one left without an opponent takes the freed bye)."""
    if x == y:
        raise RuleViolation("same-player", "a player cannot be paired with themself")
    (i, _), (j, _) = _seat_of(pairings, x), _seat_of(pairings, y)
    if i == j:
        raise RuleViolation("already-paired", "they play each other already")
    x_partner, y_partner = _partner(pairings[i], x), _partner(pairings[j], y)
    if x_partner is not None:
        return swap(pairings, x_partner, y)
    if y_partner is not None:
        return swap(pairings, y_partner, x)
    # Both had a bye: their two byes become one new table.
    out = [p for index, p in enumerate(pairings) if index not in (i, j)]
    return [*out, Pairing(table=UNNUMBERED, a=x, b=y, battle_id=None)]


def give_bye(pairings: Sequence[Pairing], x: str) -> list[Pairing]:
    """`x` gets the bye: the player who had it takes `x`'s seat; when nobody had one, `x`'s
    opponent is left with a bye too (a judge may pair them with set_pairing)."""
    i, _ = _seat_of(pairings, x)
    if pairings[i].b is None:
        raise RuleViolation("already-bye", f"{x} has the bye already")
    holder = next((p.a for p in pairings if p.b is None), None)
    if holder is not None:
        return swap(pairings, x, holder)
    partner = _partner(pairings[i], x)
    assert partner is not None
    out = [p for index, p in enumerate(pairings) if index != i]
    return [*out, Pairing(table=UNNUMBERED, a=x, b=None, battle_id=None),
            Pairing(table=UNNUMBERED, a=partner, b=None, battle_id=None)]


def forbidden_pairs(pairings: Sequence[Pairing], forbidden: Collection[frozenset[str]]) -> list[Pairing]:
    return [p for p in pairings if p.b is not None and frozenset((p.a, p.b)) in forbidden]


def warnings(pairings: Sequence[Pairing], context: Context) -> tuple[PairingWarning, ...]:
    """Every warning of every pairing, in table order."""
    found = []
    for p in pairings:
        if p.b is None:
            if p.a in context.had_bye:
                found.append(PairingWarning(p.table, "repeat-bye", f"{p.a} had a bye already"))
            continue
        a, b = p.a, p.b
        if frozenset((a, b)) in context.forbidden:
            found.append(PairingWarning(p.table, "forbidden", f"{a} and {b} must not be paired"))
        if b in context.opponents.get(a, set()):
            found.append(PairingWarning(p.table, "rematch", f"{a} and {b} have played each other"))
        for code, where in (("same-club", context.clubs), ("same-region", context.regions)):
            if where.get(a) is not None and where.get(a) == where.get(b):
                found.append(PairingWarning(p.table, code, f"{a} and {b} are both of {where[a]}"))
        gap = abs(context.points.get(a, 0) - context.points.get(b, 0))
        if gap > context.gap_allowed:
            found.append(PairingWarning(p.table, "score-gap", f"{a} and {b} are {gap} points apart"))
        for player in (a, b):
            if p.table in context.tables_played.get(player, set()):
                found.append(PairingWarning(p.table, "repeat-table", f"{player} has played on table {p.table}"))
    return tuple(found)
