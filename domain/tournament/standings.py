"""Standings with every tiebreak value shown: points (win/draw/loss as the event scores
them, a bye as a win by the bye margin), opponents' points (strength of schedule), total
Trial-point margin, and head-to-head among players still tied."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import msgspec

from domain.tournament.events import Pairing, ResultRecorded, Scoring


class Standing(msgspec.Struct, frozen=True):
    """A player's place in the standings, with points, record and tiebreaks."""

    rank: int
    player_id: str
    name: str
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    sos: int
    margin: int
    h2h: int
    dropped: bool


class Game(msgspec.Struct, frozen=True):
    a: str
    b: str | None
    winner: str | None
    margin: int
    bye: bool


def games(rounds: Sequence[tuple[Sequence[Pairing], dict[int, ResultRecorded]]]) -> list[Game]:
    """Every finished Swiss game, byes included."""
    played = []
    for pairings, results in rounds:
        for pairing in pairings:
            result = results.get(pairing.table)
            if pairing.b is None:
                played.append(Game(pairing.a, None, pairing.a, result.margin if result else 0, True))
            elif result is not None:
                played.append(Game(pairing.a, pairing.b, result.winner, result.margin, False))
    return played


def _points(game: Game, player: str, scoring: Scoring) -> int:
    if game.winner is None:
        return scoring.draw
    return scoring.win if game.winner == player else scoring.loss


def compute(players: Sequence[tuple[str, str, bool]], played: Sequence[Game], scoring: Scoring,
            tiebreaks: Sequence[str]) -> list[Standing]:
    """`players` are (id, name, dropped) in registration order."""
    points: dict[str, int] = defaultdict(int)
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # wins, draws, losses, byes
    margin: dict[str, int] = defaultdict(int)
    opponents: dict[str, list[str]] = defaultdict(list)
    for game in played:
        for me, other in ((game.a, game.b), (game.b, game.a)):
            if me is None:
                continue
            points[me] += _points(game, me, scoring)
            kind = 3 if game.bye else 1 if game.winner is None else 0 if game.winner == me else 2
            tally[me][kind] += 1
            if kind == 3:
                tally[me][0] += 1
            signed = 0 if game.winner is None else game.margin if game.winner == me else -game.margin
            margin[me] += signed
            if other is not None:
                opponents[me].append(other)
    sos = {p: sum(points[o] for o in opponents[p]) for p, _, _ in players}
    order = {p: i for i, (p, _, _) in enumerate(players)}
    ids = [p for p, _, _ in players]
    h2h: dict[str, int] = dict.fromkeys(ids, 0)
    ranked = _rank(ids, points, sos, margin, h2h, played, scoring, tiebreaks, order)
    names = {p: name for p, name, _ in players}
    dropped = {p: gone for p, _, gone in players}
    return [Standing(rank=i + 1, player_id=p, name=names[p], points=points[p], wins=tally[p][0], draws=tally[p][1],
                     losses=tally[p][2], byes=tally[p][3], sos=sos[p], margin=margin[p], h2h=h2h[p],
                     dropped=dropped[p])
            for i, p in enumerate(ranked)]


def _rank(ids: list[str], points: dict[str, int], sos: dict[str, int], margin: dict[str, int],
          h2h: dict[str, int], played: Sequence[Game], scoring: Scoring, tiebreaks: Sequence[str],
          order: dict[str, int]) -> list[str]:
    """Best first: points, then each tiebreak in turn within groups still tied."""
    groups = _split([sorted(ids, key=order.__getitem__)], lambda p: points[p])
    for tiebreak in tiebreaks:
        if tiebreak == "sos":
            groups = _split(groups, lambda p: sos[p])
        elif tiebreak == "margin":
            groups = _split(groups, lambda p: margin[p])
        elif tiebreak == "h2h":
            for group in groups:
                members = set(group)
                for game in played:
                    if game.b is not None and game.a in members and game.b in members:
                        for me in (game.a, game.b):
                            h2h[me] += _points(game, me, scoring)
            groups = _split(groups, lambda p: h2h[p])
    return [p for group in groups for p in group]


def _split(groups: list[list[str]], key: object) -> list[list[str]]:
    """Split each tied group by `key`, higher first; ties keep registration order."""
    out = []
    for group in groups:
        by_value: dict[int, list[str]] = defaultdict(list)
        for p in group:
            by_value[key(p)].append(p)  # type: ignore[operator]
        out += [by_value[v] for v in sorted(by_value, reverse=True)]
    return out
