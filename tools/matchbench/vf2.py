#!/usr/bin/env python3
"""Solve matchbench's problems again with networkx's VF2 and compare.

    go run ./tools/matchbench -seeds 3 > /tmp/match.jsonl
    python3 tools/matchbench/vf2.py /tmp/match.jsonl

Needs networkx (Debian: apt-get install python3-networkx). For every
problem it counts the subgraph monomorphisms of the pattern into the host
(GraphMatcher.subgraph_monomorphisms_iter) with node and edge predicates
equal to dungraph's structural match, checks the count against
dungraph's, and reports the time per problem of each and their ratio,
per ruleset. Exit status 1 if any count differs.
"""
import json
import sys
import time
from collections import defaultdict

import networkx as nx
from networkx.algorithms import isomorphism


def host_graph(h):
    g = nx.Graph()
    for i, n in enumerate(h["nodes"]):
        g.add_node(i, tag=n["tag"], cosmetic=n["cosmetic"])
    for a, b, c in h["edges"]:
        g.add_edge(a, b, cosmetic=bool(c))
    return g


def pattern_graph(p):
    g = nx.Graph()
    for i, n in enumerate(p["nodes"]):
        g.add_node(i, accept=set(n["accept"]), any=n["any"], cosmetic=n["cosmetic"])
    for a, b, c in p["edges"]:
        g.add_edge(a, b, cosmetic=bool(c))
    return g


def node_match(host, pat):
    if host["cosmetic"] != pat["cosmetic"]:
        return False
    return pat["any"] or host["tag"] in pat["accept"]


def edge_match(host, pat):
    return host["cosmetic"] == pat["cosmetic"]


def count(host, pat):
    gm = isomorphism.GraphMatcher(host, pat, node_match=node_match, edge_match=edge_match)
    return sum(1 for _ in gm.subgraph_monomorphisms_iter())


def main(path):
    rows = defaultdict(lambda: [0, 0, 0.0, 0.0, 0])  # problems, matches, ours s, vf2 s, mismatches
    bad = 0
    with open(path) as f:
        for line in f:
            p = json.loads(line)
            host, pat = host_graph(p["host"]), pattern_graph(p["pattern"])
            reps, start = 0, time.perf_counter()
            while True:
                n = count(host, pat)
                reps += 1
                if time.perf_counter() - start > 0.02:
                    break
            vf2 = (time.perf_counter() - start) / reps
            r = rows[p["ruleset"]]
            r[0] += 1
            r[1] += n
            r[2] += p["seconds"]
            r[3] += vf2
            if n != p["count"]:
                r[4] += 1
                bad += 1
                print(f"MISMATCH {p['ruleset']} seed {p['seed']} rule {p['rule']}: dungraph {p['count']}, networkx {n}", file=sys.stderr)
    print(f"networkx {nx.__version__}")
    print("| ruleset | problems | matches | dungraph per problem | networkx VF2 per problem | ratio | count mismatches |")
    print("|---|---|---|---|---|---|---|")
    for name in sorted(rows):
        n, m, ours, theirs, mis = rows[name]
        print(f"| {name} | {n} | {m} | {ours / n * 1e6:.1f} µs | {theirs / n * 1e6:.0f} µs | {theirs / ours:.0f}× | {mis} |")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main(sys.argv[1])
