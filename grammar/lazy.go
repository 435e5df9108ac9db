package grammar

import "slices"

// lazyAbove is how many live structural matches a rule may have in the
// index. A rule that passes it is counted instead of listed (see tally) for
// the rest of the build. It is a constant, not derived from any budget, so
// that a build draws the same whatever its budgets; the bundled rulesets'
// largest lists hold at most a few hundred matches (166 for caves; NOTES.md,
// "Budgets and hostile inputs"), so their draws never reach it. At the limit the index holds
// about (32 + 8n) bytes a match for an n-vertex pattern: 8 MB for 12.
const lazyAbove = 1 << 16

// tally stands for the index's list of one rule whose matches are too many
// to store. It keeps, for every host vertex h, how many structural matches
// map the rule's root pattern vertex to h. Those counts order the matches
// (by anchor, then in the search's own order, which follows the sorted
// adjacency lists), and the i-th match in that order is found again by
// searching from its anchor only: a uniform draw among all matches needs
// O(vertices) memory, whatever their number.
//
// After a rewrite only the anchors within the root plan's depth of a changed
// vertex are counted again: every vertex of a match is that close to its
// anchor, along host edges, and a path from an anchor to the first changed
// vertex of a match uses edges a rewrite does not touch (it only removes and
// adds edges between the vertices it maps and adds).
type tally struct {
	s     *search
	root  int
	depth int
	count []int
	total int
	// The breadth-first search's scratch: seen[v] == epoch marks a
	// visited vertex.
	seen  []uint32
	epoch uint32
	queue []int
	// n counts matches in count and at; want and found serve at.
	n     int
	want  int
	found Match
}

func newTally(g *Graph, c *compiled, stop func() bool) *tally {
	t := &tally{s: newSearch(g, c, true), root: c.root}
	pl := &c.plans[c.root]
	depth := make([]int, len(pl.order))
	for i := 1; i < len(pl.order); i++ {
		depth[i] = depth[pl.parent[i]] + 1
		t.depth = max(t.depth, depth[i])
	}
	t.s.emit = func(img []int) {
		if t.n == t.want {
			t.found = slices.Clone(Match(img))
		}
		t.n++
	}
	t.s.stop = func() bool { return t.found != nil || (stop != nil && stop()) }
	all := make([]int, g.Order())
	for i := range all {
		all[i] = i
	}
	t.recount(all)
	return t
}

// countFrom counts the structural matches anchored at host vertex h.
func (t *tally) countFrom(h int) int {
	t.n, t.want, t.found = 0, -1, nil
	t.s.from(t.root, h)
	return t.n
}

// recount counts again the matches anchored at each vertex of anchors.
func (t *tally) recount(anchors []int) {
	for len(t.count) < t.s.g.Order() {
		t.count = append(t.count, 0)
	}
	for _, h := range anchors {
		n := t.countFrom(h)
		t.total += n - t.count[h]
		t.count[h] = n
	}
}

// update counts again after the vertices in changed were changed or added:
// the anchors within depth edges of them.
func (t *tally) update(changed []int) {
	g := t.s.g
	for len(t.seen) < g.Order() {
		t.seen = append(t.seen, 0)
	}
	t.epoch++
	t.queue = t.queue[:0]
	for _, v := range changed {
		if t.seen[v] != t.epoch {
			t.seen[v] = t.epoch
			t.queue = append(t.queue, v)
		}
	}
	for d, lo := 0, 0; d < t.depth; d++ {
		hi := len(t.queue)
		for _, v := range t.queue[lo:hi] {
			for _, h := range g.adj[v] {
				if t.seen[h.To] != t.epoch {
					t.seen[h.To] = t.epoch
					t.queue = append(t.queue, h.To)
				}
			}
		}
		lo = hi
	}
	t.recount(t.queue)
}

// at returns the i-th match (0 ≤ i < total) in the tally's order, or nil
// if the search was stopped first.
func (t *tally) at(i int) Match {
	h := 0
	for ; h < len(t.count) && i >= t.count[h]; h++ {
		i -= t.count[h]
	}
	if h == len(t.count) {
		return nil
	}
	t.n, t.want, t.found = 0, i, nil
	t.s.from(t.root, h)
	m := t.found
	t.found = nil
	return m
}

// skipping returns the position, among all matches, of the j-th match that
// is not in rejected (sorted ascending).
func skipping(j int, rejected []int) int {
	for _, r := range rejected {
		if r > j {
			break
		}
		j++
	}
	return j
}

// each calls visit with every match in the tally's order. The match is the
// search's own slice: visit must not keep it.
func (t *tally) each(visit func(m []int)) {
	emit := t.s.emit
	t.s.emit = visit
	for h, n := range t.count {
		if n > 0 {
			t.s.from(t.root, h)
		}
	}
	t.s.emit = emit
}
