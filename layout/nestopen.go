package layout

import (
	"context"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// A room inside a triangle of the build (a hanging room's, or three
// corridors one rewrite made) is in a face that must grow to hold it: the
// triangle's corridors, not the level's, have to lengthen. When inflation
// stalls with its crowded rooms mostly in such nests, a uniform scale
// stretches every other corridor for them, and the settle phase does not
// pull the empty triangles back, so the level ends sparse (trifans: the
// levels below the density limit stalled with 80–90% of their rooms
// crowded, nested, at a clearance scale of 4.2–4.9, under openFrom, and
// were scaled by √s). Such a stall opens the crowded faces locally
// (openCrowded), as one above openFrom does.

// nestsCrowded reports whether most of the rooms crowded at a stall (need
// above 1, crowdNeeds) lie inside the build's triangles.
func (r *Relaxation) nestsCrowded(need []float64) bool {
	if r.nested == nil || need == nil {
		return false
	}
	crowded, in := 0, 0
	for v, f := range need {
		if f > 1 {
			crowded++
			if v < len(r.nested) && r.nested[v] {
				in++
			}
		}
	}
	return 2*in > crowded
}

// Relax runs the relax pass of g's drawing as the package's Relax does,
// for the drawing c built: a stall whose crowded rooms are mostly inside
// the build's triangles opens them locally (nestsCrowded). A build that
// hung no room on a corridor relaxes as with Relax.
func (c *Constructor) Relax(ctx context.Context, g *grammar.Graph, rooms []Room, gap float64, f params.Forces, lim Limits, watch func(*Relaxation)) (RelaxStats, error) {
	r, err := NewRelaxation(ctx, g, rooms, gap, f, lim)
	if err != nil {
		return RelaxStats{}, err
	}
	r.nested = c.nested(len(rooms))
	return r.run(watch), nil
}

// nested marks the first n rooms that lie inside a triangle of the build
// in the construction drawing, or returns nil when the build hung no room
// on a corridor.
func (c *Constructor) nested(n int) []bool {
	if c.d == nil || !c.log.hung() {
		return nil
	}
	n = min(n, len(c.d.Pos))
	in := make([]bool, n)
	c.log.enclosures(c.d.Pos[:n], func(_, _, _ int, inside []int32) {
		for _, x := range inside {
			in[x] = true
		}
	})
	return in
}
