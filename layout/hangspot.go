package layout

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
)

// MayDraw reports whether a room hung on a and b (joined to both and to
// nothing else) can be drawn in g as it is without a crossing: whether
// some point sees both, with its two corridors crossing no corridor,
// passing no vertex and lying on none within placeFloor. Its signature
// fits grammar.Options.MayDraw.
//
// The construction drawing moves only a rewrite's new vertices when it
// places them, and its bounded moves keep every crossing it has, so a
// room that no point holds (a and b on no common face of the drawing, or
// no point of their face seeing both) would cross for good and fail the
// attempt; refused, the build draws another match, as for a crossing one
// (bypass.toml: 14% of first attempts valid without this). The point
// found is kept until the next rewrite, whichever candidates are asked
// about before it: if the rewrite of a and b is applied and place leaves
// the room crossing, the room goes there. The pair's order does not
// matter: MayDraw(g, a, b) and MayDraw(g, b, a) find the same spot.
//
// The candidates, tried in order, are points off the middle of a–b at
// ±½, ±¼, ±⅛, ±1, ±1/16 and ±2 of |ab| square to it, then points near a
// and near b on the bisector of each free sector between their
// corridors, at ¼, 1/16 and 1/64 of |ab|. Only corridors and vertices
// within the candidates' bounding box are looked at. For a corridor a–b
// the first clear candidate is kept (which side its room takes is the
// nest plan's); for a and b not joined, whose room closes a loop round
// whatever lies between its corridors and the path from a to b, the
// first clear one with the fewest rooms inside its triangle with a and
// b (bypass.toml: 46% → 52% of first attempts within the limits, seeds
// 1–50, before the grammar's wrap limit).
func (c *Constructor) MayDraw(g *grammar.Graph, a, b int) bool {
	// A match may name the two rooms in either order (a pattern that
	// matches both ways round): the same pair gets the same spot.
	a, b = min(a, b), max(a, b)
	pa, pb := g.Vertex(a).Pos, g.Vertex(b).Pos
	ab := r2.Sub(pb, pa)
	l := dist(pa, pb)
	if l == 0 {
		return false
	}
	floor := c.spotFloor()
	c.cands = c.cands[:0]
	mid := r2.Vec{X: float64(pa.X + float64(ab.X/2)), Y: float64(pa.Y + float64(ab.Y/2))}
	perp := r2.Vec{X: -ab.Y, Y: ab.X}
	for _, k := range [...]float64{0.5, -0.5, 0.25, -0.25, 0.125, -0.125, 1, -1, 0.0625, -0.0625, 2, -2} {
		c.cands = append(c.cands, r2.Vec{X: float64(mid.X + float64(k*perp.X)), Y: float64(mid.Y + float64(k*perp.Y))})
	}
	for _, e := range [2]int{a, b} {
		c.sectorPoints(g, e, l)
	}
	lo, hi := c.cands[0], c.cands[0]
	for _, p := range c.cands {
		lo = r2.Vec{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}
		hi = r2.Vec{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
	}
	lo = r2.Vec{X: min(lo.X, pa.X, pb.X) - floor, Y: min(lo.Y, pa.Y, pb.Y) - floor}
	hi = r2.Vec{X: max(hi.X, pa.X, pb.X) + floor, Y: max(hi.Y, pa.Y, pb.Y) + floor}
	in := func(p r2.Vec) bool { return p.X >= lo.X && p.X <= hi.X && p.Y >= lo.Y && p.Y <= hi.Y }
	// The vertices and corridors in the box: nothing outside it is near
	// a candidate or its corridors, which lie inside it.
	c.nearV = c.nearV[:0]
	c.nearE = c.nearE[:0]
	for u := range g.Order() {
		pu := g.Vertex(u).Pos
		if in(pu) {
			c.nearV = append(c.nearV, u)
		}
		for _, h := range g.Neighbors(u) {
			w := h.To
			if w < u || h.Cosmetic {
				continue
			}
			pw := g.Vertex(w).Pos
			if min(pu.X, pw.X) <= hi.X && max(pu.X, pw.X) >= lo.X && min(pu.Y, pw.Y) <= hi.Y && max(pu.Y, pw.Y) >= lo.Y {
				c.nearE = append(c.nearE, [2]int{u, w})
			}
		}
	}
	joined := g.HasEdge(a, b)
	best, fewest := -1, 0
	for i, p := range c.cands {
		if !c.spotClear(g, p, a, b, floor) {
			continue
		}
		if joined {
			best = i
			break
		}
		k := c.enclosedNear(g, p, a, b)
		if best < 0 || k < fewest {
			best, fewest = i, k
		}
		if k == 0 {
			break
		}
	}
	if best < 0 {
		return false
	}
	c.spots = append(c.spots, hangSpot{n: g.Order(), a: a, b: b, joined: joined, p: c.cands[best], enclosed: fewest})
	return true
}

// enclosedNear counts the vertices of c.nearV other than a and b strictly
// inside the triangle a, p, b.
func (c *Constructor) enclosedNear(g *grammar.Graph, p r2.Vec, a, b int) int {
	pa, pb := g.Vertex(a).Pos, g.Vertex(b).Pos
	k := 0
	for _, v := range c.nearV {
		if v != a && v != b && inTriangle(pa, p, pb, g.Vertex(v).Pos) {
			k++
		}
	}
	return k
}

// hangSpot is where MayDraw found room for vertex n hung on a and b.
type hangSpot struct {
	n    int
	a, b int
	// joined is whether a–b was a corridor: a hanging rewrite keeps it,
	// a split of a–b into a–n–b (which is not asked about) drops it.
	joined bool
	p      r2.Vec
	// enclosed counts the rooms inside the triangle a, p, b.
	enclosed int
}

// spotFloor is placeFloor of the drawing, or of a fresh one.
func (c *Constructor) spotFloor() float64 {
	if c.d != nil {
		return placeFloor(c.d)
	}
	return float64(approachFloor * max(keep, float64(keepFraction*c.Forces.EdgeLength)))
}

// sectorPoints appends to c.cands the points near e, at ¼, 1/16 and 1/64
// of l, on the bisector of each free sector between e's corridors.
func (c *Constructor) sectorPoints(g *grammar.Graph, e int, l float64) {
	pe := g.Vertex(e).Pos
	c.dirs = c.dirs[:0]
	for _, h := range g.Neighbors(e) {
		if h.Cosmetic {
			continue
		}
		if u, ok := unit(r2.Sub(g.Vertex(h.To).Pos, pe)); ok {
			c.dirs = append(c.dirs, angledDir{u: u, angle: atan2(u.Y, u.X)})
		}
	}
	if len(c.dirs) == 0 {
		return
	}
	slices.SortStableFunc(c.dirs, func(x, y angledDir) int { return cmp.Compare(x.angle, y.angle) })
	for k := range c.dirs {
		p, q := c.dirs[k], c.dirs[(k+1)%len(c.dirs)]
		gap := q.angle - p.angle
		if k == len(c.dirs)-1 {
			gap += 2 * math.Pi
		}
		u := sectorBisector(p.u, q.u, gap)
		for _, f := range [...]float64{0.25, 0.0625, 1.0 / 64} {
			r := float64(f * l)
			c.cands = append(c.cands, r2.Vec{X: float64(pe.X + float64(r*u.X)), Y: float64(pe.Y + float64(r*u.Y))})
		}
	}
}

// spotClear reports whether a room at p with corridors to a and b keeps
// floor from every vertex and corridor in c.nearV and c.nearE and its
// corridors cross none of them.
func (c *Constructor) spotClear(g *grammar.Graph, p r2.Vec, a, b int, floor float64) bool {
	pa, pb := g.Vertex(a).Pos, g.Vertex(b).Pos
	if pointSegmentDist(pa, p, pb) < floor || pointSegmentDist(pb, p, pa) < floor {
		return false // the two corridors overlap
	}
	for _, v := range c.nearV {
		pv := g.Vertex(v).Pos
		if dist(p, pv) < floor {
			return false
		}
		if v != a && pointSegmentDist(pv, p, pa) < floor || v != b && pointSegmentDist(pv, p, pb) < floor {
			return false
		}
	}
	for _, e := range c.nearE {
		pu, pw := g.Vertex(e[0]).Pos, g.Vertex(e[1]).Pos
		if pointSegmentDist(p, pu, pw) < floor {
			return false
		}
		for _, end := range [2]int{a, b} {
			if e[0] == end || e[1] == end {
				continue
			}
			if geom.SegmentsIntersect(p, g.Vertex(end).Pos, pu, pw) != geom.Disjoint {
				return false
			}
		}
	}
	return true
}

// toSpot moves a rewrite's one new vertex, hung on two vertices MayDraw
// found room between since the last rewrite, to that room when it still
// crosses the drawing after retract, or, for two vertices not joined,
// when its triangle with them holds more rooms than the spot's. It
// reports whether it moved it.
func (c *Constructor) toSpot(g *grammar.Graph, added []int) bool {
	if len(added) != 1 || !c.d.isLocal[added[0]] {
		return false
	}
	n := added[0]
	nb := g.Neighbors(n)
	if len(nb) != 2 || nb[0].Cosmetic || nb[1].Cosmetic {
		return false
	}
	i := slices.IndexFunc(c.spots, func(s hangSpot) bool {
		return s.n == n && (nb[0].To == s.a && nb[1].To == s.b || nb[0].To == s.b && nb[1].To == s.a) && g.HasEdge(s.a, s.b) == s.joined
	})
	if i < 0 {
		return false
	}
	if !c.crossesLocal(g, n, nil) && (c.spots[i].joined || c.enclosedDrawn(g, n, c.spots[i]) <= c.spots[i].enclosed) {
		return false
	}
	c.d.Pos[n] = c.spots[i].p
	return true
}

// enclosedDrawn counts the vertices of g other than n, s.a and s.b
// strictly inside the triangle s.a, n, s.b as drawn.
func (c *Constructor) enclosedDrawn(g *grammar.Graph, n int, s hangSpot) int {
	pa, pn, pb := c.d.Pos[s.a], c.d.Pos[n], c.d.Pos[s.b]
	k := 0
	for v := range g.Order() {
		if v != n && v != s.a && v != s.b && inTriangle(pa, pn, pb, c.d.Pos[v]) {
			k++
		}
	}
	return k
}
