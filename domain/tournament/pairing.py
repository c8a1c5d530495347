"""Swiss pairing by maximum-weight matching (rustworkx), and the single-elimination bracket.

Priorities, strictly in this order: no rematch whenever a rematch-free pairing exists;
the smallest sum of squared score gaps; fewest same-club (or same-region) pairings; then
the tournament's dice decide between otherwise equal candidates. Each priority's weight
exceeds the largest total the priorities below it can reach, so a matching of maximum
weight honours them in order.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import rustworkx as rx

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
    if not players:
        return [], bye
    graph = rx.PyGraph()
    graph.add_nodes_from(players)  # node i is players[i]
    graph.add_edges_from(swiss_edges(players, points, opponents, affiliations, draw_order, forbidden))
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_weight)
    if 2 * len(matching) < len(players):
        raise RuleViolation("pairing-impossible", "the forbidden pairings leave no way to pair every player")
    # Better-ranked first in each pair, best tables first.
    pairs = sorted((min(i, j), max(i, j)) for i, j in matching)
    return [(players[i], players[j]) for i, j in pairs], bye


def swiss_edges(players: Sequence[str], points: Mapping[str, int], opponents: Mapping[str, set[str]],
                affiliations: Mapping[str, set[str]], draw_order: Mapping[str, int],
                forbidden: Collection[frozenset[str]] = ()) -> list[tuple[int, int, int]]:
    """Every pair (i, j) of `players` (i < j, indices) but the forbidden ones, with its weight:
    the larger, the better."""
    n = len(players)
    max_gap = max(points[p] for p in players) - min(points[p] for p in players)
    tie_span = n  # dice tie-break in 0..n-1
    club_weight = tie_span * (n // 2 + 1)
    gap_weight = club_weight * (n // 2 + 1)
    rematch_weight = gap_weight * (max_gap**2 + 1) * (n // 2 + 1)
    base = rematch_weight * (n // 2 + 1)
    # Looked up once per player, not once per pair (32,640 pairs at 256 players).
    score = [points[p] for p in players]
    drawn = [draw_order[p] for p in players]
    clubs = [affiliations.get(p, set()) for p in players]
    edges = []
    for i, a in enumerate(players):
        met, score_a, drawn_a, clubs_a = opponents.get(a, set()), score[i], drawn[i], clubs[i]
        for j in range(i + 1, n):
            if forbidden and frozenset((a, players[j])) in forbidden:
                continue
            cost = (rematch_weight * (players[j] in met)
                    + gap_weight * (score_a - score[j]) ** 2
                    + (club_weight if clubs_a and not clubs_a.isdisjoint(clubs[j]) else 0)
                    + abs(drawn_a - drawn[j]))
            edges.append((i, j, base - cost))
    return edges


def _weight(weight: int) -> int:
    return weight


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
