// Package grammar is dungraph's rule engine: it grows a host graph from a
// single start vertex tagged "s" by applying graph rewriting rules.
//
// A Rule is a pattern graph and a substitute graph with positioned, tagged
// vertices. Matching is tagged subgraph matching (a monomorphism: host edges
// between matched vertices that the pattern does not mention are allowed and
// kept). A pattern vertex accepts a set of tags or the wildcard "-", may
// negate tags ("!c": no neighbour outside the match may carry c) and may lock
// its valence; cosmetic vertices and edges match only cosmetic ones. Matches
// that are the mirror image of the pattern are removed by comparing the turn
// between consecutive edges around each vertex, with exact orientation
// predicates (package geom), so the result is the same on every platform.
//
// Compile validates a Definition (rules plus metarules: max uses, priorities,
// weights, no-repeat, groups and passes) and reports every problem at once as
// Problems. Grammar.Build then applies rules until the limits in Options stop
// it, drawing every choice from the caller's *rand.Rand. Matching is
// incremental: between rewrites each rule's structural matches are kept and
// only the neighbourhood of the changed vertices is searched again, so the
// cost of a rewrite does not grow with the graph.
//
// Options.RejectNonPlanar skips matches whose rewrite would leave a graph of
// corridors that is not planar (package planar tests it), except for rules
// whose rewrites provably cannot break planarity, which are never tested.
//
// The package does not lay graphs out; Options.AfterRewrite is the hook the
// layout package uses to redraw the graph after each rewrite.
//
// Where to start: rule.go and graph.go are the data (Rule, Graph);
// compile.go and validate.go turn a Definition into a Grammar or Problems;
// build.go is the build loop (Grammar.Build: passes, budgets, the random
// choice of a match); match.go finds a rule's matches and says why one is
// rejected (Matches, Diagnose), index.go keeps them up to date between
// rewrites and lazy.go counts a rule's matches once there are too many to
// list; rewrite.go applies one match and place.go places its new vertices;
// planarity.go decides which rules need the planarity test; gonum.go views
// a Graph as a gonum graph.
package grammar
