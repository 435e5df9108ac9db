package rulesets

import (
	"cmp"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
)

// crossingSubstitutes warns about each rule whose substitute, as drawn by
// its `at` positions, has two corridors that cross or touch away from a
// shared end: the rewrite places its vertices that way, so the level's
// drawing gets a crossing the layout cannot undo. Under build.planar =
// "reject" such a rewrite is skipped where its new corridors between
// mapped rooms would cross; under "junction" each crossing becomes a
// junction room; under "off" the attempt fails.
// index[i] is the file's index of rules[i] (disabled rules are left out).
func (d *decoder) crossingSubstitutes(rules []grammar.Rule, index []int) {
	for i, r := range rules {
		es := r.Substitute.Edges
		first := firstCrossings(r.Substitute, d.stopped)
		if d.stopped() != nil {
			return
		}
		for k, f := range first {
			if f < 0 {
				continue
			}
			e, g := es[k], es[f]
			d.warnAt(keyPath{"rules", index[i], "substitute", "edges", k}, false,
				"corridor %q-%q crosses corridor %q-%q where the substitute draws them (the at positions), and the layout cannot undo it: "+
					"move the vertices apart or drop an edge, or set build.planar = %q to make each crossing a junction room "+
					"(under %q, the default, the rule is skipped where it cannot be drawn apart)",
				e.A, e.B, g.A, g.B, PlanarJunction, PlanarReject)
		}
	}
}

// crossingPoll is how many vertices, corridors or pairs of corridors
// firstCrossings looks at between two looks at the context: under a
// millisecond's work.
const crossingPoll = 1 << 14

// firstCrossings returns, for each edge k of s, the lowest index f < k of
// an edge that crosses or touches it away from a shared end, or -1. The
// pairs are found by a sweep over the edges' x extents, so a substitute of
// thousands of corridors (a start rule that lays out a whole level) costs
// about as many tests as pairs that overlap, not every pair.
//
// stopped (the load's context) is called every crossingPoll vertices,
// edges or pairs looked at and before the sort; once it returns an error
// the sweep ends and the result is incomplete.
func firstCrossings(s grammar.Substitute, stopped func() error) []int {
	first := make([]int, len(s.Edges))
	for i := range first {
		first[i] = -1
	}
	pos := make(map[string]r2.Vec, len(s.Vertices))
	for i, v := range s.Vertices {
		if i%crossingPoll == crossingPoll-1 && stopped() != nil {
			return first
		}
		pos[v.ID] = v.Pos
	}
	type seg struct {
		k          int
		a, b       r2.Vec
		lo, hi     r2.Vec
		endA, endB string
	}
	segs := make([]seg, 0, len(s.Edges))
	for k, e := range s.Edges {
		if k%crossingPoll == crossingPoll-1 && stopped() != nil {
			return first
		}
		if e.Cosmetic {
			continue
		}
		a, b := pos[e.A], pos[e.B]
		segs = append(segs, seg{k: k, a: a, b: b,
			lo: r2.Vec{X: min(a.X, b.X), Y: min(a.Y, b.Y)}, hi: r2.Vec{X: max(a.X, b.X), Y: max(a.Y, b.Y)},
			endA: e.A, endB: e.B})
	}
	if stopped() != nil {
		return first
	}
	slices.SortFunc(segs, func(p, q seg) int {
		return cmp.Or(cmp.Compare(p.lo.X, q.lo.X), cmp.Compare(p.k, q.k))
	})
	pairs := 0
	for i, p := range segs {
		for _, q := range segs[i+1:] {
			if q.lo.X > p.hi.X {
				break
			}
			if pairs++; pairs%crossingPoll == 0 && stopped() != nil {
				return first
			}
			if q.lo.Y > p.hi.Y || p.lo.Y > q.hi.Y ||
				p.endA == q.endA || p.endA == q.endB || p.endB == q.endA || p.endB == q.endB {
				continue
			}
			if geom.SegmentsIntersect(p.a, p.b, q.a, q.b) == geom.Disjoint {
				continue
			}
			k, f := max(p.k, q.k), min(p.k, q.k)
			if first[k] < 0 || f < first[k] {
				first[k] = f
			}
		}
	}
	return first
}
