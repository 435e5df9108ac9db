package layout

import (
	"container/heap"

	"github.com/dungraph/dungraph/grammar"
)

// nestBound keeps, while a build runs, whether the plan's bound of the
// build so far (NestPlan.Bound: the least, over the hanging rooms' sides,
// of the most rooms one triangle holds) is within limit, and answers the
// same for the build with one more room hung on a corridor, so that the
// grammar can skip a rewrite that would pass it (Constructor.MayHang).
//
// It is nestLog.feasible(limit) kept up to date one rewrite at a time.
// feasible visits the rewrites newest first because a rewrite's need (the
// weight its cycle must hold) depends only on the weights and needs of
// the rooms hung on its corridors, which are newer; so a change reaches
// only older rewrites, and recomputing the changed ones newest first (a
// max-heap of rewrite indices) gives what a whole pass would. A new room
// changes the weights of its ancestors in the parent tree and the rooms
// hung on one corridor, so a rewrite costs about its depth in that tree
// times the corridorSides of the corridors on that path, not the build.
type nestBound struct {
	limit int
	// w is each room's weight (its subtree in the parent tree).
	w []int
	// need is each rewrite's need, bad the number of its corridors
	// whose rooms cannot keep the limit, plus one if its need passes it;
	// total is the sum of bad: the bound is within the limit iff it is 0.
	need, bad []int
	total     int
	// hung lists the hanging rooms each rewrite made.
	hung [][]int32
	// kids are the hanging rooms of each corridor, oldest first.
	kids map[[2]int][]int
	// rooms and rewrites are how much of the log has been folded in.
	rooms, rewrites int
	dirty           maxHeap
	queued          []bool
	sides           []int8
	// trial is set while a hypothetical room is folded in: every change
	// is journaled, to be undone.
	trial   bool
	journal []change
	// faces are the drawing's counts (Constructor.faceCounts); raised
	// is the drawn limit once a step was drawn past it (nestSide).
	faces  nestFaces
	raised int
}

// change is one journaled write: (*field)[i] was old.
type change struct {
	field *[]int
	i     int
	old   int
}

// maxHeap is a max-heap of rewrite indices.
type maxHeap []int

func (h maxHeap) Len() int           { return len(h) }
func (h maxHeap) Less(i, j int) bool { return h[i] > h[j] }
func (h maxHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *maxHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *maxHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// set writes (*field)[i] = v, journaled during a trial.
func (nb *nestBound) set(field *[]int, i, v int) {
	if nb.trial {
		nb.journal = append(nb.journal, change{field: field, i: i, old: (*field)[i]})
	}
	(*field)[i] = v
}

// mark queues the rewrite that made corridor h, if a rewrite made it.
func (nb *nestBound) mark(l *nestLog, h [2]int) {
	k, ok := l.byCorridor[h]
	if !ok || nb.queued[k[0]] {
		return
	}
	nb.queued[k[0]] = true
	heap.Push(&nb.dirty, k[0])
}

// sync folds in the rooms and rewrites the log recorded since the last
// call and recomputes what they changed. It reports whether the bound is
// within the limit.
func (nb *nestBound) sync(l *nestLog) bool {
	if nb.kids == nil {
		nb.kids = map[[2]int][]int{}
	}
	for r := nb.rewrites; r < len(l.rewrites); r++ {
		nb.need = append(nb.need, 0)
		nb.bad = append(nb.bad, 0)
		nb.hung = append(nb.hung, nil)
		nb.queued = append(nb.queued, false)
	}
	nb.rewrites = len(l.rewrites)
	for v := nb.rooms; v < len(l.parent); v++ {
		nb.w = append(nb.w, 1)
		if l.made[v] < 0 {
			continue
		}
		// A new rewrite's corridors hold no room yet: its need and bad
		// are 0 until a room is hung on one of them.
		for x, p := v, l.parent[v]; p >= 0 && p < x; x, p = p, l.parent[p] {
			nb.set(&nb.w, p, nb.w[p]+1)
			if h := l.hang[p]; h[0] >= 0 {
				nb.mark(l, h)
			}
		}
		if h := l.hang[v]; h[0] >= 0 {
			nb.kids[h] = append(nb.kids[h], v)
			nb.hung[l.made[v]] = append(nb.hung[l.made[v]], int32(v))
			nb.mark(l, h)
		}
	}
	nb.rooms = len(l.parent)
	for len(nb.sides) < len(l.parent) {
		nb.sides = append(nb.sides, 0)
	}
	for nb.dirty.Len() > 0 {
		r := heap.Pop(&nb.dirty).(int)
		nb.queued[r] = false
		need, bad := 0, 0
		for _, mc := range l.rewrites[r] {
			in, fits := l.corridorSides(nb.limit, nb.w, nb.need, nb.kids[[2]int{mc.a, mc.b}], nb.sides)
			if !fits {
				bad++
			}
			if len(mc.thirds) > 0 {
				need += in
			}
		}
		if need > nb.limit {
			bad++
		}
		if bad != nb.bad[r] {
			nb.total += bad - nb.bad[r]
			nb.set(&nb.bad, r, bad)
		}
		if need != nb.need[r] {
			nb.set(&nb.need, r, need)
			for _, c := range nb.hung[r] {
				nb.mark(l, l.hang[c])
			}
		}
	}
	return nb.total == 0
}

// withHung reports whether the bound would stay within the limit with one
// more room, numbered c, hung on the corridor a–b (a < b), as
// nestLog.record would log it: its parent is b, its corridors a–c and b–c
// each close a triangle with the other end of a–b. The log and the bound
// are left as they were.
func (nb *nestBound) withHung(l *nestLog, a, b, c int) bool {
	nb.sync(l)
	rooms, rewrites, total := len(l.parent), len(l.rewrites), nb.total
	for len(l.parent) <= c {
		l.parent = append(l.parent, -1)
		l.hang = append(l.hang, [2]int{-1, -1})
		l.made = append(l.made, -1)
	}
	r := len(l.rewrites)
	l.parent[c], l.hang[c], l.made[c] = b, [2]int{a, b}, r
	l.rewrites = append(l.rewrites, []madeCorridor{{a: a, b: c, thirds: []int{b}}, {a: b, b: c, thirds: []int{a}}})
	l.byCorridor[[2]int{a, c}] = [2]int{r, 0}
	l.byCorridor[[2]int{b, c}] = [2]int{r, 1}

	nb.trial = true
	ok := nb.sync(l)
	nb.trial = false
	for i := len(nb.journal) - 1; i >= 0; i-- {
		ch := nb.journal[i]
		(*ch.field)[ch.i] = ch.old
	}
	nb.journal = nb.journal[:0]
	nb.total = total
	h := [2]int{a, b}
	nb.kids[h] = nb.kids[h][:len(nb.kids[h])-1]
	nb.w, nb.rooms = nb.w[:rooms], rooms
	nb.need, nb.bad, nb.hung, nb.queued, nb.rewrites = nb.need[:rewrites], nb.bad[:rewrites], nb.hung[:rewrites], nb.queued[:rewrites], rewrites

	delete(l.byCorridor, [2]int{a, c})
	delete(l.byCorridor, [2]int{b, c})
	l.rewrites = l.rewrites[:rewrites]
	l.parent, l.hang, l.made = l.parent[:rooms], l.hang[:rooms], l.made[:rooms]
	return ok
}

// MayHang reports whether a room may be hung on the corridor a–b of g,
// the graph before the rewrite: whether the plan's bound of the build
// with that room stays within NestLimit (always, when NestLimit is 0 or
// a–b is no corridor). Its signature fits grammar.Options.MayHang.
func (c *Constructor) MayHang(g *grammar.Graph, a, b int) bool {
	if c.NestLimit <= 0 || !joined(g, a, b) {
		return true
	}
	if c.bound == nil {
		c.bound = &nestBound{limit: c.NestLimit}
	}
	if c.log.byCorridor == nil {
		c.log.byCorridor = map[[2]int][2]int{}
	}
	if c.log.pinned {
		// The sides are the matches', so the drawing counts them
		// (nestside.go); the model, whose sides are free, would stay
		// past the limit for the rest of the build once a step passed it.
		return c.mayHangDrawn(a, b)
	}
	return c.bound.withHung(&c.log, min(a, b), max(a, b), g.Order())
}

// tailPerRoot is the measured tail of a level per √k, k the rooms its
// fullest triangle holds: its sides span about 1.16·√k·(e + m), e the
// median room extent and m the median visible corridor, with e/m about
// 0.68 (NOTES.md, "Known limits" (1)), so tail ≈ 1.16 × 1.68 × √k.
const tailPerRoot = 1.95

// NestLimit returns the most rooms the plan of a build may need one
// triangle to hold (NestPlan.Bound) for its level to keep l.MaxTail by
// the measured relation tail ≈ 1.95·√k: (MaxTail / 1.95)², rounded down,
// 6 for the default 5. It returns 0 (no limit) past 2³⁰, as for a raised
// limit. l's zero fields must already be defaults.
func (l Limits) NestLimit() int {
	r := l.MaxTail / tailPerRoot
	k := float64(r * r)
	if !(k < 1<<30) {
		return 0
	}
	return max(1, int(k))
}
