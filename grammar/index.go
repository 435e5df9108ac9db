package grammar

import (
	"slices"
)

// index keeps every rule's structural matches in a host graph up to date
// across rewrites.
//
// A rewrite changes only the vertices it maps and the ones it adds: tags,
// cosmetic flags and edges change nowhere else, since context edges stay and
// vertices are never removed. So a structural match that avoids every
// changed vertex is still a match, and every new match contains a changed
// vertex. After a rewrite the index drops the matches that touch a changed
// vertex and searches again only from the changed vertices. To find each new
// match once, the search anchored at the k-th changed vertex may not use
// changed vertices 0..k-1: a match is found from its first changed vertex.
//
// The order of each rule's list is a pure function of the build's history
// (no maps, no goroutines), so a seeded draw picks the same match on every
// machine.
type index struct {
	g     *Graph
	rules []*compiled
	recs  []rec
	ids   []int32 // host vertices of record i at ids[recs[i].off:][:n]
	// lists[r] holds the live records of rule r.
	lists [][]int32
	// byVertex[v] holds the records that contain v; dead ones are skipped
	// and the list is cleared when v changes.
	byVertex [][]int32
	mark     []uint32
	rank     []int32
	epoch    uint32
	searches []*search
	batch    []Match
	// anchor is the rank of the changed vertex the current search is
	// anchored at.
	anchor int32
	// stop reports that the build is over (see builder.stopped): the
	// searches have given up, and update leaves what they found unsorted.
	stop func() bool
	// lazy[r] counts rule r's matches once they passed above (lazyAbove
	// unless a test lowers it); lists[r] is then empty. overflow reports
	// that the search under way has passed it.
	lazy     []*tally
	above    int
	overflow bool
}

type rec struct {
	rule  int32
	off   int32
	pos   int32 // position in lists[rule]
	alive bool
}

// newIndex indexes the matches of rules in g. A rule with more than above
// live matches is counted instead (0: lazyAbove).
func newIndex(g *Graph, rules []*compiled, stop func() bool, above int) *index {
	if above <= 0 {
		above = lazyAbove
	}
	x := &index{g: g, rules: rules, lists: make([][]int32, len(rules)), stop: stop, lazy: make([]*tally, len(rules)), above: above}
	x.searches = make([]*search, len(rules))
	for i, c := range rules {
		s := newSearch(g, c, true)
		s.excluded = x.excluded
		s.stop = func() bool { return x.overflow || (stop != nil && stop()) }
		s.emit = func(img []int) {
			if len(x.lists[i])+len(x.batch) >= x.above {
				x.overflow = true
				return
			}
			x.batch = append(x.batch, slices.Clone(Match(img)))
		}
		x.searches[i] = s
	}
	all := make([]int, g.Order())
	for i := range all {
		all[i] = i
	}
	x.update(all)
	return x
}

func (x *index) excluded(h int) bool {
	return x.mark[h] == x.epoch && x.rank[h] < x.anchor
}

// match returns the host vertices of record id.
func (x *index) match(id int32) []int32 {
	r := x.recs[id]
	return x.ids[r.off : int(r.off)+x.rules[r.rule].n]
}

// update brings the index up to date after the vertices in changed (sorted
// ascending, no duplicates) were changed or added.
func (x *index) update(changed []int) {
	for _, v := range changed {
		if v >= len(x.byVertex) {
			continue
		}
		for _, id := range x.byVertex[v] {
			if x.recs[id].alive {
				x.kill(id)
			}
		}
		x.byVertex[v] = x.byVertex[v][:0]
	}
	for len(x.byVertex) < x.g.Order() {
		x.byVertex = append(x.byVertex, nil)
		x.mark = append(x.mark, 0)
		x.rank = append(x.rank, 0)
	}
	x.epoch++
	for k, v := range changed {
		x.mark[v], x.rank[v] = x.epoch, int32(k)
	}
	for ri, c := range x.rules {
		if t := x.lazy[ri]; t != nil {
			t.update(changed)
			continue
		}
		s := x.searches[ri]
		x.batch = x.batch[:0]
		for k, v := range changed {
			x.anchor = int32(k)
			for p := range c.n {
				s.from(p, v)
			}
		}
		if x.stop != nil && x.stop() {
			// The build is over: sorting and filing millions of
			// matches would only outlast its budget.
			x.batch = x.batch[:0]
			return
		}
		if x.overflow {
			x.overflow = false
			x.batch = x.batch[:0]
			x.goLazy(ri)
			continue
		}
		slices.SortFunc(x.batch, compareMatches)
		for _, m := range x.batch {
			x.add(ri, m)
		}
	}
}

// goLazy stops listing rule r's matches and counts them instead.
func (x *index) goLazy(r int) {
	for _, id := range x.lists[r] {
		x.recs[id].alive = false
	}
	x.lists[r] = nil
	x.lazy[r] = newTally(x.g, x.rules[r], x.stop)
}

// size returns how many structural matches rule r has.
func (x *index) size(r int) int {
	if t := x.lazy[r]; t != nil {
		return t.total
	}
	return len(x.lists[r])
}

func (x *index) add(rule int, m Match) {
	id := int32(len(x.recs))
	x.recs = append(x.recs, rec{rule: int32(rule), off: int32(len(x.ids)), pos: int32(len(x.lists[rule])), alive: true})
	for _, h := range m {
		x.ids = append(x.ids, int32(h))
		x.byVertex[h] = append(x.byVertex[h], id)
	}
	x.lists[rule] = append(x.lists[rule], id)
}

func (x *index) kill(id int32) {
	r := &x.recs[id]
	r.alive = false
	l := x.lists[r.rule]
	last := l[len(l)-1]
	l[r.pos] = last
	x.recs[last].pos = r.pos
	x.lists[r.rule] = l[:len(l)-1]
}

// swap exchanges positions i and j of rule r's list.
func (x *index) swap(r, i, j int) {
	l := x.lists[r]
	l[i], l[j] = l[j], l[i]
	x.recs[l[i]].pos = int32(i)
	x.recs[l[j]].pos = int32(j)
}
