package layout

import (
	"cmp"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"
)

// hullTurn is a candidate turn of a drawing: the one that lays a hull
// edge along the x axis, and the area of the hull's bounding rectangle
// with a side along that edge.
type hullTurn struct {
	cos, sin float64
	area     float64
}

// convexHull returns the convex hull of pts counter-clockwise from its
// lowest-leftmost point, without collinear points (Andrew's monotone
// chain). pts is sorted in place.
func convexHull(pts []r2.Vec) []r2.Vec {
	slices.SortFunc(pts, func(a, b r2.Vec) int {
		if c := cmp.Compare(a.X, b.X); c != 0 {
			return c
		}
		return cmp.Compare(a.Y, b.Y)
	})
	pts = slices.CompactFunc(pts, func(a, b r2.Vec) bool { return a == b })
	if len(pts) < 3 {
		return pts
	}
	hull := make([]r2.Vec, 0, 2*len(pts))
	for _, p := range pts {
		for len(hull) >= 2 && turnSign(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	lower := len(hull) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		p := pts[i]
		for len(hull) >= lower && turnSign(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	return hull[:len(hull)-1]
}

// turnSign returns (a − o) × (b − o): positive when o, a, b turn
// counter-clockwise.
func turnSign(o, a, b r2.Vec) float64 { return cross(r2.Sub(a, o), r2.Sub(b, o)) }

// hullTurns returns, for every edge of the counter-clockwise convex hull
// h (at least three points), the turn that lays the edge along an axis by
// the smallest angle, and the area of the smallest rectangle enclosing h
// with a side along the edge (rotating calipers: Toussaint, "Solving
// geometric problems with the rotating calipers", 1983; the
// minimum-area enclosing rectangle has a side on a hull edge, Freeman and
// Shapira 1975). The turns come sorted by area, ties in edge order; turns
// equal to an earlier one are dropped.
//
// The calipers keep three indices, the points farthest along the edge,
// farthest from it and farthest back along it, each of which only moves
// forward as the edge does, so the pass is linear in len(h).
func hullTurns(h []r2.Vec) []hullTurn {
	m := len(h)
	if m < 3 {
		return nil
	}
	out := make([]hullTurn, 0, m)
	next := func(i int) int { return (i + 1) % m }
	var far, high, back int
	for i := range m {
		a := h[i]
		u := r2.Sub(h[next(i)], a)
		u = scale(1/norm(u), u)
		nv := r2.Vec{X: -u.Y, Y: u.X} // into the hull
		along := func(j int) float64 { return dot(r2.Sub(h[j], a), u) }
		across := func(j int) float64 { return dot(r2.Sub(h[j], a), nv) }
		if i == 0 {
			far, high, back = next(i), next(i), next(i)
		}
		for k := 0; k < m && along(next(far)) > along(far); k++ {
			far = next(far)
		}
		if i == 0 {
			high = far
		}
		for k := 0; k < m && across(next(high)) > across(high); k++ {
			high = next(high)
		}
		if i == 0 {
			back = high
		}
		for k := 0; k < m && along(next(back)) < along(back); k++ {
			back = next(back)
		}
		area := float64((along(far) - along(back)) * across(high))
		out = append(out, hullTurn{area: area, cos: u.X, sin: -u.Y})
	}
	for i := range out {
		out[i].cos, out[i].sin = leastTurn(out[i].cos, out[i].sin)
	}
	slices.SortStableFunc(out, func(a, b hullTurn) int { return cmp.Compare(a.area, b.area) })
	kept := out[:0]
	for _, t := range out {
		if !slices.ContainsFunc(kept, func(k hullTurn) bool { return k.cos == t.cos && k.sin == t.sin }) {
			kept = append(kept, t)
		}
	}
	return kept
}

// leastTurn returns, of the four turns by (c, s) and its quarter turns,
// the one of the smallest angle: cosine at least |sine|, a turn of exactly
// 45° taken counter-clockwise.
func leastTurn(c, s float64) (float64, float64) {
	for range 4 {
		if c > 0 && (s > -c && s <= c) {
			return c, s
		}
		c, s = -s, c
	}
	return c, s
}
