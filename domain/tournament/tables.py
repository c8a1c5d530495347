"""Fresh tables: each pairing of a round gets one of the event's tables, no player on a table
they have played on when that can be avoided, and the best-ranked pairings on the lowest
numbers otherwise (a maximum-weight matching, like the pairing itself)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import rustworkx as rx

from domain.errors import RuleViolation


def repeats(pair: Sequence[str], table: int, played_on: Mapping[str, set[int]]) -> int:
    """How many of the pair's players have played on `table` before."""
    return sum(table in played_on.get(player, set()) for player in pair)


def assign(pairs: Sequence[tuple[str, str]], tables: Sequence[int],
           played_on: Mapping[str, set[int]], usable: Collection[int] | None = None) -> list[int]:
    """A table number for each pair, in the pairs' order (best first). `tables` are the
    event's table numbers in order; `usable`, those that can host the round (all by default).

    The matching over every table is tried first, and only when it would use an unusable table
    is it made again without them: a round that could be placed before `usable` existed is
    placed exactly as it was then."""
    usable = set(tables) if usable is None else set(usable)
    if len([t for t in tables if t in usable]) < len(pairs):
        raise RuleViolation("too-few-tables", f"the round needs {len(pairs)} tables and the event has "
                                              f"{len(usable)} that can host it: set more tables (set_tables)")
    chosen = _matched(pairs, tables, played_on, set(tables))
    if any(table not in usable for table in chosen):
        chosen = _matched(pairs, tables, played_on, usable)
    return chosen


def _matched(pairs: Sequence[tuple[str, str]], tables: Sequence[int], played_on: Mapping[str, set[int]],
             usable: set[int]) -> list[int]:
    if not pairs:
        return []
    span = len(pairs) * len(tables) + 1  # the placement term never adds up to one repeat
    repeat_weight = span * (len(pairs) + 1)
    base = repeat_weight * (2 * len(pairs) + 1)
    # Nodes 0..P-1 are the pairs, P..P+T-1 the tables.
    graph = rx.PyGraph()
    graph.add_nodes_from(range(len(pairs) + len(tables)))
    graph.add_edges_from([(i, len(pairs) + j, base - (repeat_weight * repeats(pair, table, played_on) + abs(i - j)))
                          for i, pair in enumerate(pairs) for j, table in enumerate(tables) if table in usable])
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_weight)
    chosen = {min(u, v): tables[max(u, v) - len(pairs)] for u, v in matching}
    return [chosen[i] for i in range(len(pairs))]


def _weight(weight: int) -> int:
    return weight
