package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

// Clearance is how close a drawing comes to failing Check: the smallest
// gaps, in world units, negative where things overlap. Rooms that Check
// would report as InvalidRoom, and their corridors, are left out.
type Clearance struct {
	// Rooms is the least gap between two room discs, |c1 − c2| − r1 − r2;
	// +Inf with fewer than two rooms.
	Rooms float64
	// Corridors is the least gap between a room disc and a non-cosmetic
	// corridor that does not end in it, dist(c, corridor) − r; +Inf when
	// there is no such pair.
	Corridors float64
}

// Clearance returns the drawing's clearance. The gaps are computed in
// floating point (guarded against fused multiply-adds), so they are the
// same on every platform but, unlike Check, not exact: a gap of 0 here does
// not by itself decide touching. It panics where Check panics.
//
// Each room searches the grid in rings of cells around itself and stops
// once a ring is farther than the best gaps found so far; an initial scan of
// each room's own cells finds good bounds, so on a drawing whose rooms are
// spread evenly a room visits about two rings.
func (c *Checker) Clearance(rooms []Disc, corridors []Corridor) Clearance {
	c.prepare(rooms, corridors)
	g := &c.g
	best := Clearance{Rooms: math.Inf(1), Corridors: math.Inf(1)}
	for i := range rooms {
		if c.valid[i] {
			c.nextQuery()
			x0, y0, x1, y1 := g.discCells(rooms[i].Center, rooms[i].Radius)
			c.clearBox(rooms, i, x0, y0, x1, y1, &best)
		}
	}
	for i := range rooms {
		if !c.valid[i] {
			continue
		}
		x0, y0, x1, y1 := g.discCells(rooms[i].Center, rooms[i].Radius)
		if g.wide(x0, y0, x1, y1) {
			continue // the initial scan visited every bucket for it
		}
		c.nextQuery()
		for k := 1; ; k++ {
			// Anything first met in ring k is at least (k−1) cells from
			// the room's box, so no nearer than this.
			lb := float64(float64(k-1)*g.size) - g.pad
			if lb > best.Rooms && lb > best.Corridors {
				break
			}
			xa, ya, xb, yb := x0-k, y0-k, x1+k, y1+k
			if xa < 0 && ya < 0 && xb >= g.nx && yb >= g.ny {
				break // the ring lies wholly outside the box
			}
			if g.wide(max(xa, 0), max(ya, 0), min(xb, g.nx-1), min(yb, g.ny-1)) {
				// The rings so far and this one span more cells than
				// there are buckets: visit every bucket once and stop.
				c.clearBox(rooms, i, xa, ya, xb, yb, &best)
				break
			}
			c.clearRing(rooms, i, xa, ya, xb, yb, &best)
		}
	}
	return best
}

// clearBox lowers best by the gaps between room i and the items in the
// cells [x0, x1] × [y0, y1], or in every bucket if that is fewer.
func (c *Checker) clearBox(rooms []Disc, i, x0, y0, x1, y1 int, best *Clearance) {
	g := &c.g
	if g.wide(x0, y0, x1, y1) {
		for b := range g.nBuckets() {
			c.clearAgainst(rooms, i, g.bucketItems(b), best)
		}
		return
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			c.clearAgainst(rooms, i, g.cell(x, y), best)
		}
	}
}

// clearRing lowers best by the gaps between room i and the items in the
// border cells of [xa, xb] × [ya, yb] (a ring), clipped to the box: late
// rings of a sparse drawing lie mostly outside it.
func (c *Checker) clearRing(rooms []Disc, i, xa, ya, xb, yb int, best *Clearance) {
	g := &c.g
	cx0, cx1 := max(xa, 0), min(xb, g.nx-1)
	for _, y := range [2]int{ya, yb} {
		if y >= 0 && y < g.ny {
			for x := cx0; x <= cx1; x++ {
				c.clearAgainst(rooms, i, g.cell(x, y), best)
			}
		}
	}
	cy0, cy1 := max(ya+1, 0), min(yb-1, g.ny-1)
	for _, x := range [2]int{xa, xb} {
		if x >= 0 && x < g.nx {
			for y := cy0; y <= cy1; y++ {
				c.clearAgainst(rooms, i, g.cell(x, y), best)
			}
		}
	}
}

// clearAgainst lowers best by the gaps between room i and the rooms after
// it and the corridors not ending in it among items, skipping those this
// query has seen.
func (c *Checker) clearAgainst(rooms []Disc, i int, items []int32, best *Clearance) {
	r := rooms[i]
	nr := int32(len(rooms))
	for _, e := range items {
		if c.stamp[e] == c.query {
			continue
		}
		c.stamp[e] = c.query
		if e < nr {
			if int(e) > i {
				best.Rooms = min(best.Rooms, discGap(r, rooms[e]))
			}
			continue
		}
		if s := &c.segs[e-nr]; int(s.a) != i && int(s.b) != i {
			best.Corridors = min(best.Corridors, float64(segmentDist(s.p, s.q, r.Center)-r.Radius))
		}
	}
}

// discGap returns |c1 − c2| − r1 − r2 in floating point.
func discGap(a, b Disc) float64 {
	return float64(centreDist(a.Center, b.Center)-a.Radius) - b.Radius
}

func centreDist(p, q r2.Vec) float64 {
	dx, dy := float64(p.X-q.X), float64(p.Y-q.Y)
	return math.Sqrt(float64(dx*dx) + float64(dy*dy))
}
