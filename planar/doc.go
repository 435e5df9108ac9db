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
package planar
