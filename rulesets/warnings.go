package rulesets

import (
	"fmt"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
)

// Warnings are likely mistakes that do not stop a ruleset from loading:
// Load returns them in Ruleset.Warnings, and `dungraph validate` prints
// them with their place in the file.

// warnAt records a warning at the value at p.
func (d *decoder) warnAt(p keyPath, format string, args ...any) {
	n, _ := lookup(d.root, p)
	e := d.src.errorAt(n.pos, display(d.root, p), fmt.Sprintf(format, args...))
	if n.override > 0 {
		e.Line, e.Col, e.SourceLine = 0, 0, ""
		e.Override = d.overrides[n.override-1].String()
	}
	d.warns = append(d.warns, e)
}

// crossingSubstitutes warns about each rule whose substitute, as drawn by
// its `at` positions, has two corridors that cross or touch away from a
// shared end: the rewrite places its vertices that way, so the level's
// drawing gets a crossing the layout cannot undo. Under build.planar =
// "reject" such a rewrite is skipped where its new corridors between
// mapped rooms would cross; under "junction" each crossing becomes a
// junction room; under "off" the attempt fails.
func (d *decoder) crossingSubstitutes(rules []grammar.Rule) {
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
				d.warnAt(keyPath{"rules", i, "substitute", "edges", k},
					"corridor %q-%q crosses corridor %q-%q where the substitute draws them (the at positions), and the layout cannot undo it: "+
						"move the vertices apart or drop an edge, or set build.planar = %q to make each crossing a junction room "+
						"(under %q, the default, the rule is skipped where it cannot be drawn apart)",
					e.A, e.B, f.A, f.B, PlanarJunction, PlanarReject)
				break
			}
		}
	}
}
