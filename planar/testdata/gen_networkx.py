"""Write testdata/networkx.txt: random graphs with networkx's planarity
answers, for TestAgainstNetworkx (which reads the file and needs no Python).

Run from the planar directory: python3 testdata/gen_networkx.py
Each line is: planar(0|1) n u1 v1 u2 v2 ...
"""
import random

import networkx as nx

rng = random.Random(16)
lines = []


def emit(g, n):
    ok = 1 if nx.check_planarity(g)[0] else 0
    es = sorted((min(u, v), max(u, v)) for u, v in g.edges())
    rng.shuffle(es)
    lines.append(" ".join([str(ok), str(n)] + [f"{u} {v}" for u, v in es]))
    return ok


# Sparse random graphs around the planarity threshold (m near n/2 .. 2n).
for _ in range(2500):
    n = rng.randint(6, 40)
    m = rng.randint(n // 2, 2 * n)
    emit(nx.gnm_random_graph(n, m, seed=rng.randrange(1 << 30)), n)

# Maximal planar graphs grown by random edge insertion, then one more
# random edge (never planar), or one edge removed (always planar): the
# hardest cases sit right at the boundary.
for _ in range(500):
    n = rng.randint(6, 30)
    g = nx.empty_graph(n)
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    rng.shuffle(pairs)
    rest = []
    for u, v in pairs:
        g.add_edge(u, v)
        if not nx.check_planarity(g)[0]:
            g.remove_edge(u, v)
            rest.append((u, v))
    if rng.random() < 0.5 and rest:
        g.add_edge(*rng.choice(rest))
    else:
        g.remove_edge(*rng.choice(list(g.edges())))
    emit(g, n)

with open("testdata/networkx.txt", "w") as f:
    f.write("\n".join(lines) + "\n")
