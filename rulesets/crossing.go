package rulesets

import (
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
		pos := map[string]int{}
		for j, v := range r.Substitute.Vertices {
			pos[v.ID] = j
		}
		es := r.Substitute.Edges
		for k, e := range es {
			if e.Cosmetic {
				continue
			}
			for _, f := range es[:k] {
				if f.Cosmetic || e.A == f.A || e.A == f.B || e.B == f.A || e.B == f.B {
					continue
				}
				a, b := r.Substitute.Vertices[pos[e.A]].Pos, r.Substitute.Vertices[pos[e.B]].Pos
				c, dd := r.Substitute.Vertices[pos[f.A]].Pos, r.Substitute.Vertices[pos[f.B]].Pos
				if geom.SegmentsIntersect(a, b, c, dd) == geom.Disjoint {
					continue
				}
				d.warnAt(keyPath{"rules", index[i], "substitute", "edges", k}, false,
					"corridor %q-%q crosses corridor %q-%q where the substitute draws them (the at positions), and the layout cannot undo it: "+
						"move the vertices apart or drop an edge, or set build.planar = %q to make each crossing a junction room "+
						"(under %q, the default, the rule is skipped where it cannot be drawn apart)",
					e.A, e.B, f.A, f.B, PlanarJunction, PlanarReject)
				break
			}
		}
	}
}
