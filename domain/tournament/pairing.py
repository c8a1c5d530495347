"""Swiss pairing by maximum-weight matching (networkx), and the single-elimination bracket.

Priorities, strictly in this order: no rematch whenever a rematch-free pairing exists;
the smallest sum of squared score gaps; fewest same-club (or same-region) pairings; then
the tournament's dice decide between otherwise equal candidates. Each priority's weight
exceeds the largest total the priorities below it can reach, so a matching of maximum
weight honours them in order.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import networkx as nx  # type: ignore[import-untyped]

from domain.errors import RuleViolation


def bye_for(ranked: Sequence[str], had_bye: set[str]) -> str:
    """The lowest-ranked player without a bye (the lowest-ranked of all if everyone had one)."""
    return next((p for p in reversed(ranked) if p not in had_bye), ranked[-1])


def pair_swiss(ranked: Sequence[str], points: Mapping[str, int], opponents: Mapping[str, set[str]],
               affiliations: Mapping[str, set[str]], draw_order: Mapping[str, int],
               had_bye: set[str], forbidden: Collection[frozenset[str]] = (),
               ) -> tuple[list[tuple[str, str]], str | None]:
    """Pairs (better-ranked first, best tables first) and the bye. `ranked` is best first;
    `draw_order` is each player's place in this round's dice-drawn order. A `forbidden` pair is
    never paired (no edge at all, so a tournament without any pairs exactly as before)."""
    players = list(ranked)
    bye = None
    if len(players) % 2:
        bye = bye_for(players, had_bye)
        players.remove(bye)
    n = len(players)
    if n == 0:
        return [], bye
    max_gap = max(points[p] for p in players) - min(points[p] for p in players)
    tie_span = n  # dice tie-break in 0..n-1
    club_weight = tie_span * (n // 2 + 1)
    gap_weight = club_weight * (n // 2 + 1)
    rematch_weight = gap_weight * (max_gap**2 + 1) * (n // 2 + 1)
    base = rematch_weight * (n // 2 + 1)
    graph = nx.Graph()
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if frozenset((a, b)) in forbidden:
                continue
            cost = (rematch_weight * (b in opponents.get(a, set()))
                    + gap_weight * (points[a] - points[b]) ** 2
                    + club_weight * bool(affiliations.get(a, set()) & affiliations.get(b, set()))
                    + abs(draw_order[a] - draw_order[b]))
            graph.add_edge(a, b, weight=base - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < n:
        raise RuleViolation("pairing-impossible", "the forbidden pairings leave no way to pair every player")
    place = {p: i for i, p in enumerate(players)}
    pairs = [tuple(sorted(edge, key=place.__getitem__)) for edge in matching]
    pairs.sort(key=lambda pair: place[pair[0]])
    return [(a, b) for a, b in pairs], bye


def bracket_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order, so that adjacent pairs meet: [1, 8, 4, 5, 2, 7, 3, 6]."""
    order = [1]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def pair_cut_first_round(seeded: Sequence[str]) -> list[tuple[str, str]]:
    order = bracket_order(len(seeded))
    return [(seeded[order[i] - 1], seeded[order[i + 1] - 1]) for i in range(0, len(order), 2)]


def pair_cut_next_round(winners_in_table_order: Sequence[str]) -> list[tuple[str, str]]:
    w = list(winners_in_table_order)
    return [(w[i], w[i + 1]) for i in range(0, len(w), 2)]
