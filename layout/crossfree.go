package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

// Validity-preserving moves (after PrEd, Bertault 2000, and ImPrEd,
// Simonetto et al. 2011), generalised from points to rooms.
//
// If every vertex x moves at most δx in an iteration, two rooms u and v
// whose discs are c apart stay apart as long as δu + δv < c; a room u and a
// corridor ab that are c apart stay apart as long as δu + max(δa, δb) < c,
// since every point of the corridor moves at most max(δa, δb). Bounding each
// vertex's move by half of every clearance it takes part in (less a margin)
// keeps every clearance above the margin. Two corridors can only start to
// cross when an end of one passes through the other, which a room centre
// cannot do while its clearance stays positive; so a valid drawing stays
// valid, and a drawing without crossings keeps none. PrEd bounds moves per
// direction sector; we bound them in every direction, which is simpler and
// provably enough. Pairs more than two maximal moves apart cannot bind, so
// only closer pairs are visited: they are the conflicts the exact Checker
// finds when every room is inflated by that distance.
//
// Only corridors (non-cosmetic edges) take part: cosmetic edges may cross.

// keep is the clearance, in world units, that bounded moves never eat into
// in the relax pass: enough that rounding the final positions to whole units
// (each moves at most √2/2) cannot make two things touch. The construction
// drawing keeps keepFraction of an edge length, so that a vertex never
// hugs a corridor and new corridors from it have room.
const (
	keep         = 2
	keepFraction = 0.05
)

// keepDistance is the clearance the drawing's bounded moves keep.
func (d *Drawing) keepDistance() float64 {
	if d.rooms {
		return keep
	}
	return math.Max(keep, float64(keepFraction*d.f.EdgeLength))
}

// nearPairs fills d.pairs with every pair of local rooms, and every local
// room and corridor not ending in it, whose clearance is at most reach.
func (d *Drawing) nearPairs(reach float64) {
	d.discs = d.discs[:0]
	d.corrs = d.corrs[:0]
	for _, v := range d.local {
		d.discs = append(d.discs, Disc{ID: int(v), Center: d.Pos[v], Radius: float64(d.Radius[v] + reach)})
		for _, h := range d.g.Neighbors(int(v)) {
			if h.To > int(v) && !h.Cosmetic && d.isLocal[h.To] {
				d.corrs = append(d.corrs, Corridor{A: int(v), B: h.To})
			}
		}
	}
	d.pairs = d.checker.unordered(d.discs, d.corrs)
}

// boundEvery is how many iterations one computation of move budgets
// lasts.
const boundEvery = 8

// computeBounds gives every local vertex a move budget for the next
// boundEvery iterations: the largest total move that keeps every clearance
// around it above keep, however the moves are spread over the iterations.
// Clearances are measured once, with a reach of boundEvery maximal moves, and
// every vertex's total move stays within half of each clearance it takes part
// in, so the argument above holds for the sum of the moves.
func (d *Drawing) computeBounds() {
	d.bound = resize(d.bound, len(d.Pos))
	budget := float64(boundEvery * d.maxMove())
	for _, v := range d.local {
		d.bound[v] = budget
	}
	// Inflating both discs of a pair by reach finds clearances up to
	// 2·reach; a room and a corridor, up to reach.
	k := d.keepDistance()
	reach := float64(2*budget) + k
	limit := func(v int, c float64) {
		b := math.Max(0, float64(c-k)/2)
		d.bound[v] = math.Min(d.bound[v], b)
	}
	free := func(vs ...int32) bool {
		for _, v := range vs {
			if d.free[v] {
				return true
			}
		}
		return false
	}
	if len(d.active)*len(d.local) <= directPairs {
		d.directBounds(reach, limit, free)
		d.saveBudgets()
		return
	}
	// Through the Checker, the number of pairs found grows with the square
	// of the reach: budget two maximal moves per window instead.
	budget = float64(2 * d.maxMove())
	reach = float64(2*budget) + k
	for _, v := range d.local {
		d.bound[v] = budget
	}
	d.nearPairs(reach)
	for _, p := range d.pairs {
		switch p.Kind {
		case RoomRoom:
			u, v := p.Room, p.Room2
			if free(int32(u), int32(v)) {
				continue
			}
			c := float64(dist(d.Pos[u], d.Pos[v])-d.Radius[u]) - d.Radius[v]
			limit(u, c)
			limit(v, c)
		case RoomCorridor:
			u, a, b := p.Room, p.Corridor.A, p.Corridor.B
			if free(int32(u), int32(a), int32(b)) {
				continue
			}
			c := float64(pointSegmentDist(d.Pos[u], d.Pos[a], d.Pos[b]) - d.Radius[u])
			limit(u, c)
			limit(a, c)
			limit(b, c)
		}
	}
	d.saveBudgets()
}

// directPairs: when active × local vertices is at most this, move budgets
// come from trying every pair that involves an active vertex, in floating
// point; beyond, from the exact Checker's near pairs. The budgets keep a
// margin of keep world units, far more than the rounding error of a
// clearance, so no exact predicate is needed to stay safe.
const directPairs = 1 << 15

// directBounds limits budgets by every pair that has an active member:
// only active vertices move, so only those pairs can close.
func (d *Drawing) directBounds(reach float64, limit func(int, float64), free func(...int32) bool) {
	for _, u := range d.active {
		pu, ru := d.Pos[u], d.Radius[u]
		for _, v := range d.local {
			if v == u || (d.isActive[v] && v < u) {
				continue // each active pair once
			}
			c := float64(dist(pu, d.Pos[v])-ru) - d.Radius[v]
			if c < reach && !free(u, v) {
				limit(int(u), c)
				limit(int(v), c)
			}
		}
	}
	// Rooms against corridors: the room or a corridor end must be active.
	for _, a := range d.local {
		for _, h := range d.g.Neighbors(int(a)) {
			b := int32(h.To)
			if b < a || h.Cosmetic || !d.isLocal[b] {
				continue
			}
			pa, pb := d.Pos[a], d.Pos[b]
			movingSeg := d.isActive[a] || d.isActive[b]
			rooms := d.active
			if movingSeg {
				rooms = d.local
			}
			for _, u := range rooms {
				if u == a || u == b {
					continue
				}
				c := float64(pointSegmentDist(d.Pos[u], pa, pb) - d.Radius[u])
				if c < reach && !free(u, a, b) {
					limit(int(u), c)
					limit(int(a), c)
					limit(int(b), c)
				}
			}
		}
	}
}

func (d *Drawing) saveBudgets() {
	d.boundStart = resize(d.boundStart, len(d.Pos))
	for _, v := range d.local {
		d.boundStart[v] = d.bound[v]
	}
}

// markFree finds the local drawing's conflicts (two corridors meet, a room
// touches a corridor not ending in it, two rooms touch) and frees every
// vertex that takes part in one: its moves are not bounded against
// anything, so that the forces can undo the conflict, while moves between
// the other vertices stay bounded, so that no new conflict forms among
// them. It reports whether there was a conflict.
func (d *Drawing) markFree() bool {
	d.free = resize(d.free, len(d.Pos))
	for _, v := range d.local {
		d.free[v] = false
	}
	d.nearPairs(0)
	for _, p := range d.pairs {
		switch p.Kind {
		case RoomRoom:
			d.free[p.Room], d.free[p.Room2] = true, true
		case RoomCorridor:
			d.free[p.Room], d.free[p.Corridor.A], d.free[p.Corridor.B] = true, true, true
		case CorridorCorridor:
			d.free[p.Corridor.A], d.free[p.Corridor.B] = true, true
			d.free[p.Corridor2.A], d.free[p.Corridor2.B] = true, true
		}
	}
	return len(d.pairs) > 0
}

// pointSegmentDist returns the distance from p to the segment ab.
func pointSegmentDist(p, a, b r2.Vec) float64 {
	ab := r2.Sub(b, a)
	ap := r2.Sub(p, a)
	l2 := float64(ab.X*ab.X) + float64(ab.Y*ab.Y)
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, float64(float64(ap.X*ab.X)+float64(ap.Y*ab.Y))/l2))
	}
	dx := float64(ap.X - float64(t*ab.X))
	dy := float64(ap.Y - float64(t*ab.Y))
	return math.Sqrt(float64(dx*dx) + float64(dy*dy))
}
