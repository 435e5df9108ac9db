#!/usr/bin/env python3
"""Writes the hostile rulesets of this directory (see NOTES.md, "Budgets").

    python3 gen.py

star.toml     a start rule that makes a star of 12 leaves, and a rule whose
              pattern is a star of 11 leaves: 12!/1! = 479,001,600 matches.
fans.toml     the same with a star of 8 leaves and 40 rules whose pattern is
              a star of 6 leaves: 40 x 8!/2! = 806,400 matches, each rule
              under the index's threshold, so the index lists them all.
clique.toml   a start rule that makes 12 rooms all joined, and a rule whose
              pattern is the same: 12! = 479,001,600 matches.
big.toml      a start rule that substitutes a grid of N vertices (default
              3,000), for the construction drawing.
"""
import math
import sys


def star(path, leaves, pattern_leaves, fans=1, name="hostile-star"):
    out = ['name = "%s"' % name, "",
           "[build]", "max_vertices = 40", "max_iterations = 3", "max_valence = 20", "",
           "[[rules]]", 'name = "start"',
           'pattern.vertices = [ { id = "s", tags = ["s"] } ]',
           "substitute.vertices = ["]
    out.append('  { id = "s", tag = "c", at = [0, 0] },')
    for i in range(leaves):
        a = 2 * math.pi * i / leaves
        out.append('  { id = "l%d", tag = "l", at = [%.3f, %.3f] },' % (i, 100 * math.cos(a), 100 * math.sin(a)))
    out.append("]")
    out.append("substitute.edges = [")
    for i in range(leaves):
        out.append('  { between = ["s", "l%d"] },' % i)
    out.append("]")
    for k in range(fans):
        out += fan("fan" if fans == 1 else "fan%d" % k, pattern_leaves)
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def fan(name, pattern_leaves):
    out = ["", "[[rules]]", 'name = "%s"' % name, "pattern.vertices = ["]
    out.append('  { id = "c", tags = ["c"], at = [0, 0] },')
    for i in range(pattern_leaves):
        a = 2 * math.pi * i / pattern_leaves
        out.append('  { id = "l%d", tags = ["l"], at = [%.3f, %.3f] },' % (i, 100 * math.cos(a), 100 * math.sin(a)))
    out.append("]")
    out.append("pattern.edges = [" + ", ".join('{ between = ["c", "l%d"] }' % i for i in range(pattern_leaves)) + "]")
    out.append("substitute.vertices = [")
    out.append('  { id = "c", tag = "c", at = [0, 0] },')
    for i in range(pattern_leaves):
        a = 2 * math.pi * i / pattern_leaves
        out.append('  { id = "l%d", tag = "m", at = [%.3f, %.3f] },' % (i, 100 * math.cos(a), 100 * math.sin(a)))
    out.append("]")
    out.append("substitute.edges = [" + ", ".join('{ between = ["c", "l%d"] }' % i for i in range(pattern_leaves)) + "]")
    return out


def clique(path, n):
    """A start rule that makes n rooms all joined, and a rule whose pattern
    is the same n rooms all joined: n! matches, one per relabelling."""
    ring = []
    for i in range(n):
        a = 2 * math.pi * i / n
        ring.append((100 * math.cos(a), 100 * math.sin(a)))
    ids = ["s"] + ["v%d" % i for i in range(1, n)]
    edges = ", ".join('{ between = ["%s", "%s"] }' % (ids[i], ids[j]) for i in range(n) for j in range(i + 1, n))
    out = ['name = "hostile-clique"', "",
           "[build]", "max_vertices = %d" % (n + 2), "max_iterations = 3", "max_valence = %d" % n, "",
           "[[rules]]", 'name = "start"',
           'pattern.vertices = [ { id = "s", tags = ["s"] } ]',
           "substitute.vertices = ["]
    out += ['  { id = "%s", tag = "a", at = [%.3f, %.3f] },' % (ids[i], x, y) for i, (x, y) in enumerate(ring)]
    out += ["]", "substitute.edges = [ " + edges + " ]", "",
            "[[rules]]", 'name = "all"', "pattern.vertices = ["]
    out += ['  { id = "%s", tags = ["a"], at = [%.3f, %.3f] },' % (ids[i], x, y) for i, (x, y) in enumerate(ring)]
    out += ["]", "pattern.edges = [ " + edges + " ]", "substitute.vertices = ["]
    out += ['  { id = "%s", tag = "b", at = [%.3f, %.3f] },' % (ids[i], x, y) for i, (x, y) in enumerate(ring)]
    out += ["]", "substitute.edges = [ " + edges + " ]"]
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def big(path, n):
    side = math.ceil(math.sqrt(n))
    out = ['name = "hostile-big"', "",
           "[build]", "max_vertices = %d" % (n + 10), "max_iterations = 2", "",
           "[[rules]]", 'name = "start"',
           'pattern.vertices = [ { id = "s", tags = ["s"] } ]',
           "substitute.vertices = ["]
    ids = []
    for i in range(n):
        x, y = i % side, i // side
        vid = "s" if i == 0 else "v%d" % i
        ids.append(vid)
        out.append('  { id = "%s", tag = "a", at = [%d, %d] },' % (vid, 100 * x, 100 * y))
    out.append("]")
    out.append("substitute.edges = [")
    for i in range(n):
        x, y = i % side, i // side
        if x + 1 < side and i + 1 < n:
            out.append('  { between = ["%s", "%s"] },' % (ids[i], ids[i + 1]))
        if i + side < n:
            out.append('  { between = ["%s", "%s"] },' % (ids[i], ids[i + side]))
    out.append("]")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    star("star.toml", 12, 11)
    star("fans.toml", 8, 6, fans=40, name="hostile-fans")
    clique("clique.toml", 12)
    big("big.toml", int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
