package layout

import (
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
)

// MayPlace reports whether the new rooms of the rewrite r (several rooms
// joined, through one another, to two or more rooms already drawn) can
// be drawn in g as it is without a crossing: whether some placement of
// them has corridors that cross neither one another nor the drawing,
// pass no room and keep placeFloor from every room and corridor. Its
// signature fits grammar.Options.MayPlace.
//
// The rewrite's least-squares fit of a straight pattern to a bent match
// can draw a loop of new rooms twisted (nested.toml seed 28: the fitted
// image of the mapped room lands 70 units from the room itself, and the
// loop's corridors to it cross the loop), and no bounded move undoes a
// crossing, so the attempt fails. The placements tried, in order, are the
// fit, the fit of the substitute's mirror image, and for each pair of
// mapped rooms the new corridors reach, the similarity that carries the
// pair exactly onto its rooms, and its mirror image; each is tried whole
// and shrunk toward the new rooms' anchors (as retractGroup does) by
// halves, placeShrinks times. The first clear placement is kept until the
// next rewrite: place puts the rewrite's rooms there when its own moves
// leave them crossing. Refused, the build draws another match.
func (c *Constructor) MayPlace(g *grammar.Graph, r *grammar.Rewrite) bool {
	ns := len(r.Sub)
	// The mapped rooms the new corridors reach, in substitute order, and
	// each new room's anchor (a mapped neighbour, or a new neighbour's).
	var ends []int
	anchor := make([]int, ns)
	for i := range anchor {
		anchor[i] = -1
	}
	for _, e := range r.Corridors {
		for k, u := range e {
			w := e[1-k]
			if r.Host[u] >= 0 && r.Host[w] < 0 {
				if !slices.Contains(ends, u) {
					ends = append(ends, u)
				}
				if anchor[w] < 0 {
					anchor[w] = u
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, e := range r.Corridors {
			for k, u := range e {
				w := e[1-k]
				if r.Host[w] < 0 && anchor[w] < 0 && r.Host[u] < 0 && anchor[u] >= 0 {
					anchor[w], changed = anchor[u], true
				}
			}
		}
	}
	slices.Sort(ends)
	// The whole placements: fit, mirror, and the pairs' exact fits.
	var whole [][]r2.Vec
	whole = append(whole, r.Fit, r.Mirror)
	for i, p := range ends {
		for _, q := range ends[i+1:] {
			hp, hq := g.Vertex(r.Host[p]).Pos, g.Vertex(r.Host[q]).Pos
			for _, flip := range [2]bool{false, true} {
				sp, sq := r.Sub[p], r.Sub[q]
				if flip {
					sp, sq = r2.Vec{X: sp.X, Y: -sp.Y}, r2.Vec{X: sq.X, Y: -sq.Y}
				}
				s, ok := pairSimilarity(sp, sq, hp, hq)
				if !ok {
					continue
				}
				pos := make([]r2.Vec, ns)
				for v := range ns {
					switch {
					case r.Host[v] >= 0:
						pos[v] = g.Vertex(r.Host[v]).Pos
					case flip:
						pos[v] = s.apply(r2.Vec{X: r.Sub[v].X, Y: -r.Sub[v].Y})
					default:
						pos[v] = s.apply(r.Sub[v])
					}
				}
				whole = append(whole, pos)
			}
		}
	}
	floor := c.spotFloor()
	c.gatherNear(g, r, whole, floor)
	pos := make([]r2.Vec, ns)
	// The first pass keeps floor and gives place a spot; the second,
	// without floor, only spares a rewrite whose rooms come near the
	// drawing without crossing it: the forces part such rooms (tree.toml
	// seed 8 fits a star within floor of a corridor, and its level is
	// valid).
	for pass, fl := range [2]float64{floor, 0} {
		for _, w := range whole {
			t := 1.0
			for range placeShrinks + 1 {
				for v := range ns {
					a := anchor[v]
					switch {
					case r.Host[v] >= 0, a < 0:
						pos[v] = w[v]
					default:
						pa := w[a]
						pos[v] = axpy(t, r2.Sub(w[v], pa), pa)
					}
				}
				if c.placementClear(g, r, pos, fl) {
					if pass > 0 {
						return true
					}
					sp := rewriteSpot{rule: r.Rule, match: r.Match, first: r.First, corridors: hostCorridors(r)}
					for v := range ns {
						if r.Host[v] < 0 {
							sp.pos = append(sp.pos, pos[v])
						}
					}
					c.rewriteSpots = append(c.rewriteSpots, sp)
					return true
				}
				t /= 2
			}
		}
	}
	return false
}

// placeShrinks is how many times MayPlace halves a placement toward its
// anchors: 1/64 of an edge length is about the clearance the
// construction drawing keeps.
const placeShrinks = 6

// rewriteSpot is where MayPlace found room for the new rooms of the
// rewrite of rule at match: first is the id of the first, pos their
// positions in order (the rooms hanging off the rest among them), and
// corridors the rewrite's corridors with a new end, as sorted host
// pairs. Every candidate of a step may be asked about before one is
// drawn (Options.Exhaustive): two matches of a symmetric pattern make the
// same corridors with other positions, and two rules of one pattern and
// substitute shape draw their rooms apart, so the rule and the match pick
// the spot.
type rewriteSpot struct {
	rule      int
	match     []int
	first     int
	corridors [][2]int
	pos       []r2.Vec
}

// hostCorridors returns r's corridors with a new end as host vertex
// pairs (low, high), sorted.
func hostCorridors(r *grammar.Rewrite) [][2]int {
	id := func(s int) int {
		if h := r.Host[s]; h >= 0 {
			return h
		}
		k := 0
		for v := range s {
			if r.Host[v] < 0 {
				k++
			}
		}
		return r.First + k
	}
	var out [][2]int
	for _, e := range r.Corridors {
		if r.Host[e[0]] >= 0 && r.Host[e[1]] >= 0 {
			continue
		}
		a, b := id(e[0]), id(e[1])
		out = append(out, [2]int{min(a, b), max(a, b)})
	}
	slices.SortFunc(out, func(x, y [2]int) int {
		if x[0] != y[0] {
			return x[0] - y[0]
		}
		return x[1] - y[1]
	})
	return slices.Compact(out)
}

// similarity2 is the map p ↦ t + z·p for the complex number z = (a, b).
type similarity2 struct {
	a, b float64
	t    r2.Vec
}

func (s similarity2) apply(p r2.Vec) r2.Vec {
	return r2.Vec{
		X: float64(s.t.X + float64(s.a*p.X) - float64(s.b*p.Y)),
		Y: float64(s.t.Y + float64(s.b*p.X) + float64(s.a*p.Y)),
	}
}

// pairSimilarity returns the similarity that carries sp onto hp and sq
// onto hq, and false when sp and sq coincide.
func pairSimilarity(sp, sq, hp, hq r2.Vec) (similarity2, bool) {
	s, h := r2.Sub(sq, sp), r2.Sub(hq, hp)
	den := norm2(s)
	if den == 0 {
		return similarity2{}, false
	}
	z := similarity2{a: dot(h, s) / den, b: (float64(h.Y*s.X) - float64(h.X*s.Y)) / den}
	zp := z.apply(sp)
	z.t = r2.Sub(hp, zp)
	return z, true
}

// gatherNear puts into c.nearV and c.nearE the host vertices and the
// corridors the rewrite keeps within the bounding box of every placement
// (grown by floor); nothing outside it is near a placement.
func (c *Constructor) gatherNear(g *grammar.Graph, r *grammar.Rewrite, whole [][]r2.Vec, floor float64) {
	lo, hi := whole[0][0], whole[0][0]
	for _, w := range whole {
		for _, p := range w {
			lo = r2.Vec{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}
			hi = r2.Vec{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
		}
	}
	lo = r2.Vec{X: lo.X - floor, Y: lo.Y - floor}
	hi = r2.Vec{X: hi.X + floor, Y: hi.Y + floor}
	c.nearV = c.nearV[:0]
	c.nearE = c.nearE[:0]
	for u := range g.Order() {
		pu := g.Vertex(u).Pos
		if pu.X >= lo.X && pu.X <= hi.X && pu.Y >= lo.Y && pu.Y <= hi.Y {
			c.nearV = append(c.nearV, u)
		}
		for _, h := range g.Neighbors(u) {
			w := h.To
			if w < u || h.Cosmetic || slices.Contains(r.Dropped, [2]int{u, w}) || slices.Contains(r.Dropped, [2]int{w, u}) {
				continue
			}
			pw := g.Vertex(w).Pos
			if min(pu.X, pw.X) <= hi.X && max(pu.X, pw.X) >= lo.X && min(pu.Y, pw.Y) <= hi.Y && max(pu.Y, pw.Y) >= lo.Y {
				c.nearE = append(c.nearE, [2]int{u, w})
			}
		}
	}
	// The substitute's corridors between mapped rooms stay where they are.
	for _, e := range r.Corridors {
		a, b := r.Host[e[0]], r.Host[e[1]]
		if a < 0 || b < 0 {
			continue
		}
		if h, ok := g.Edge(a, b); !ok || h.Cosmetic || slices.Contains(r.Dropped, [2]int{a, b}) || slices.Contains(r.Dropped, [2]int{b, a}) {
			c.nearE = append(c.nearE, [2]int{min(a, b), max(a, b)})
		}
	}
}

// placementClear reports whether the rewrite's new rooms at pos (indexed
// by substitute vertex; mapped ones at their rooms) keep floor from every
// room and corridor in c.nearV and c.nearE and from one another, and
// their corridors cross none of those corridors nor one another. The
// rooms hanging off the rest (trees of new rooms) are checked too: the
// spot puts them where the placement has them, and one left out crossed
// (a leaf off nested.toml's loop, seeds 10 and 20).
func (c *Constructor) placementClear(g *grammar.Graph, r *grammar.Rewrite, pos []r2.Vec, floor float64) bool {
	hostPos := func(h int) r2.Vec { return g.Vertex(h).Pos }
	for v, p := range pos {
		if r.Host[v] >= 0 {
			continue
		}
		for _, u := range c.nearV {
			if dist(p, hostPos(u)) < floor {
				return false
			}
		}
		for _, e := range c.nearE {
			if pointSegmentDist(p, hostPos(e[0]), hostPos(e[1])) < floor {
				return false
			}
		}
		for w := range v {
			if r.Host[w] < 0 && dist(p, pos[w]) < floor {
				return false
			}
		}
	}
	for i, e := range r.Corridors {
		u, w := e[0], e[1]
		if r.Host[u] >= 0 && r.Host[w] >= 0 {
			continue
		}
		pu, pw := pos[u], pos[w]
		// Rooms on or near the corridor: host rooms and new ones.
		for _, h := range c.nearV {
			if h != r.Host[u] && h != r.Host[w] && pointSegmentDist(hostPos(h), pu, pw) < floor {
				return false
			}
		}
		for v := range pos {
			if v != u && v != w && r.Host[v] < 0 && pointSegmentDist(pos[v], pu, pw) < floor {
				return false
			}
		}
		for _, he := range c.nearE {
			if he[0] == r.Host[u] || he[1] == r.Host[u] || he[0] == r.Host[w] || he[1] == r.Host[w] {
				continue
			}
			if geom.SegmentsIntersect(pu, pw, hostPos(he[0]), hostPos(he[1])) != geom.Disjoint {
				return false
			}
		}
		for _, f := range r.Corridors[:i] {
			if f[0] == u || f[0] == w || f[1] == u || f[1] == w {
				continue
			}
			if geom.SegmentsIntersect(pu, pw, pos[f[0]], pos[f[1]]) != geom.Disjoint {
				return false
			}
		}
	}
	return true
}

// toRewriteSpot moves the new vertices of the rewrite s to where
// MayPlace found room for them since the last rewrite, when they still
// cross the drawing after the other moves of place. It reports whether
// it moved them.
func (c *Constructor) toRewriteSpot(g *grammar.Graph, s *grammar.Step) bool {
	added := s.Added
	if len(c.rewriteSpots) == 0 || len(added) < 2 || !c.anyCrossing(g, added) {
		return false
	}
	var have [][2]int
	for _, n := range added {
		for _, h := range g.Neighbors(n) {
			if !h.Cosmetic {
				have = append(have, [2]int{min(n, h.To), max(n, h.To)})
			}
		}
	}
	slices.SortFunc(have, func(x, y [2]int) int {
		if x[0] != y[0] {
			return x[0] - y[0]
		}
		return x[1] - y[1]
	})
	have = slices.Compact(have)
	i := slices.IndexFunc(c.rewriteSpots, func(sp rewriteSpot) bool {
		return sp.rule == s.Rule && slices.Equal(sp.match, s.Match) && sp.first == added[0] && len(sp.pos) == len(added) && slices.Equal(sp.corridors, have)
	})
	if i < 0 {
		return false
	}
	copy(c.d.Pos[added[0]:], c.rewriteSpots[i].pos)
	return true
}
