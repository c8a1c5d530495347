"""Time to pair one Swiss round of 256 players (maximum-weight matching over every pair, by
rustworkx), beside, in the same run: the time to compute the pairs' weights alone, and
networkx's matching of the same weighted graph (what pairing used before issue #19; it must
find the same total weight). Target: at most 100 ms for 256 players.

    python -m bench.pairing [--players 256] [--repeat 5] [--networkx-repeat 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import networkx as nx  # type: ignore[import-untyped]

from domain.tournament.pairing import pair_swiss, swiss_edges


def scenario(players: int, seed: int) -> tuple[list[str], dict[str, int], dict[str, set[str]], dict[str, int]]:
    """Mid-event: four rounds played, points spread as in a real Swiss, some history."""
    rng = random.Random(seed)
    ids = [f"p{n:03d}" for n in range(players)]
    points = {p: 3 * rng.randint(0, 4) + rng.choice([0, 0, 1]) for p in ids}
    opponents: dict[str, set[str]] = {p: set() for p in ids}
    for _ in range(4):
        shuffled = rng.sample(ids, players)
        for a, b in zip(shuffled[::2], shuffled[1::2], strict=True):
            opponents[a].add(b)
            opponents[b].add(a)
    ranked = sorted(ids, key=lambda p: -points[p])
    return ranked, points, opponents, {p: i for i, p in enumerate(rng.sample(ids, players))}


def networkx_matching(ranked: list[str], edges: list[tuple[int, int, int]]) -> int:
    """The weight of networkx's maximum-weight matching of the same graph."""
    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    weights = {(i, j): w for i, j, w in edges}
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sum(weights[min(i, j), max(i, j)] for i, j in matching)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--networkx-repeat", type=int, default=1)
    args = parser.parse_args()
    pair_times, weight_times, nx_times, pair_cpu = [], [], [], []
    for seed in range(args.repeat):
        ranked, points, opponents, order = scenario(args.players, seed)
        started = time.perf_counter()
        edges = swiss_edges(ranked, points, opponents, {}, order)
        weight_times.append(time.perf_counter() - started)
        started, cpu_started = time.perf_counter(), time.process_time()
        pairs, bye = pair_swiss(ranked, points, opponents, {}, order, set())
        pair_times.append(time.perf_counter() - started)
        pair_cpu.append(time.process_time() - cpu_started)
        assert len(pairs) == args.players // 2 and bye is None
        if seed < args.networkx_repeat:
            started = time.perf_counter()
            best = networkx_matching(ranked, edges)
            nx_times.append(time.perf_counter() - started)
            place = {p: i for i, p in enumerate(ranked)}
            weights = {(i, j): w for i, j, w in edges}
            assert sum(weights[place[a], place[b]] for a, b in pairs) == best, "not a maximum-weight matching"
    pair_ms, weight_ms = statistics.median(pair_times) * 1000, statistics.median(weight_times) * 1000
    nx_ms = statistics.median(nx_times) * 1000
    print(f"pairing a round of {args.players} players (median of {args.repeat}; networkx of {args.networkx_repeat})")
    print(f"  the pairs' weights only              {weight_ms:9.1f} ms")
    print(f"  pair the round (rustworkx)           {pair_ms:9.1f} ms   {pair_ms / weight_ms:6.1f} x the weights alone"
          f"   (target <= 100 ms)")
    print(f"  of which CPU time of this process    {statistics.median(pair_cpu) * 1000:9.1f} ms"
          "   (what a busy machine does not inflate)")
    print(f"  networkx matching, same weights      {nx_ms:9.1f} ms   {nx_ms / pair_ms:6.1f} x rustworkx"
          "   (same total weight)")


if __name__ == "__main__":
    main()
