"""Time to pair one Swiss round of 256 players (maximum-weight matching over every pair),
beside the time to build the same complete graph without matching it, in the same run.

    python -m bench.pairing [--players 256] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import networkx as nx

from domain.tournament.pairing import pair_swiss


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pair_times, graph_times = [], []
    for seed in range(args.repeat):
        ranked, points, opponents, order = scenario(args.players, seed)
        started = time.perf_counter()
        graph = nx.complete_graph(ranked)
        for a, b in graph.edges:
            graph.edges[a, b]["weight"] = -((points[a] - points[b]) ** 2)
        graph_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        pairs, bye = pair_swiss(ranked, points, opponents, {}, order, set())
        pair_times.append(time.perf_counter() - started)
        assert len(pairs) == args.players // 2 and bye is None
    pair_ms, graph_ms = statistics.median(pair_times) * 1000, statistics.median(graph_times) * 1000
    print(f"pairing a round of {args.players} players (median of {args.repeat})")
    print(f"  build the complete graph only   {graph_ms:9.1f} ms")
    print(f"  pair the round (matching)       {pair_ms:9.1f} ms   {pair_ms / graph_ms:6.1f} x the graph alone")


if __name__ == "__main__":
    main()
