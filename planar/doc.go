// Package planar tests whether an undirected graph is planar: whether it
// can be drawn in the plane without two edges crossing.
//
// The test is the left-right planarity test of de Fraysseix and
// Rosenstiehl in the form Brandes gives it ("The Left-Right Planarity
// Test", 2009): a depth-first search orients the graph and computes
// lowpoints; a second search, visiting each vertex's outgoing edges by
// nesting depth, keeps a stack of conflict pairs of return-edge intervals
// that must lie on different sides of the tree, and the graph is planar
// exactly when every constraint can be met. Both searches are iterative,
// so graphs of any size run in bounded stack space, and the whole test
// takes time and memory linear in the size of the graph. The answer does
// not depend on the order of the edges.
//
// A Tester keeps its scratch space between calls, so a caller that tests
// many graphs (the grammar tests a graph after each candidate rewrite)
// allocates only when a graph is larger than any before.
//
// # Where to start
//
//   - lr.go: Edge, Tester and Planar, the entry points; load builds the
//     compressed adjacency of the simple graph (dropping self-loops and
//     repeated edges), orient is the first search (orientation, lowpoints,
//     nesting depths) and order sorts each vertex's outgoing edges by
//     nesting depth.
//   - test.go: the second search (test) with its conflict-pair stack:
//     addConstraints merges an outgoing edge's return edges with those of
//     the vertex's earlier outgoing edges, and removeBackEdges drops, once
//     a tree edge's subtree is done, the return edges that end at its
//     source.
//
// The tests hold the answer against a brute-force reference
// (kuratowski_test.go: a search for a K5 or K3,3 minor, used by the
// property test in planar_test.go and by FuzzPlanar) and against
// networkx's check_planarity on 3,000 random graphs
// (networkx_test.go, testdata/gen_networkx.py). Package grammar is the
// caller (grammar/planarity.go).
package planar
