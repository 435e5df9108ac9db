package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

// Validity-preserving moves (after PrEd, Bertault 2000, and ImPrEd,
// Simonetto et al. 2011), generalised from points to rooms, with exact
// per-direction limits.
//
// Let u be a room and X a disc or a corridor c apart from it (clearance:
// distance less the radii), q the point of X nearest u, and n the unit
// vector from u toward q. X is convex, so every point of X lies at least
// |u − q| beyond u along n. If, over a window of iterations, u's total move
// has a component along n of at most b, and every point of X moves at most
// b along −n, the distance along n, and so the clearance, shrinks by at most
// 2b. A corridor's points move as (1−t)·δa + t·δb, so bounding both ends'
// moves along −n bounds every point's. With b = (c − keep)/2 every
// clearance stays above keep, whichever way the vertices move otherwise:
// unlike PrEd's sectors, a vertex is never stopped from moving away from,
// or along, what is near it, which is what lets a tight drawing open up.
// Two corridors can only start to cross when an end of one passes through
// the other, which a room centre cannot do while its clearance stays
// positive; so a valid drawing stays valid, and a drawing without
// crossings keeps none. Pairs more than two maximal moves apart cannot
// bind, so only closer pairs are visited: they are the conflicts the exact
// Checker finds when every room is inflated by that distance. Where the
// direction is undefined (coincident points, a point on a corridor) the
// direction the forces part them along is used.
//
// The construction drawing (points, no rooms) uses the same limits: a
// bound in every direction freezes any pair within keep, so a vertex
// retracted close to its anchor stays there, the next rewrite at it
// retracts closer still, and clumps form that the relax pass can only
// scale out (NOTES.md, "The stretch", has the measurements).
//
// Only corridors (non-cosmetic edges) take part: cosmetic edges may cross.

// keep is the least clearance, in world units, that bounded moves never
// eat into: enough that rounding the final positions to whole units (each
// moves at most √2/2) cannot make two things touch. The relax pass keeps
// more, roomKeepFraction of the corridor gap. The construction
// drawing keeps keepFraction of an edge length, so that a vertex never
// hugs a corridor and new corridors from it have room.
const (
	keep         = 2
	keepFraction = 0.05
)

// roomKeepFraction: the relax pass keeps this fraction of the corridor
// gap clear (at least keep): 10 world units at the bundled rulesets' gap
// of 50. Keeping only keep let corridors pass 2 units from a room, which
// no raster at a usable cell size can tell apart (caves seeds 5 and 20
// failed to export at any cell size); 0.2 exports every level of seeds
// 0–39 of every bundled ruleset. While the rooms inflate only keep is
// kept (see keepDistance).
const roomKeepFraction = 0.2

// relaxKeep is the clearance the relax pass keeps with corridor gap gap.
func relaxKeep(gap float64) float64 { return max(keep, float64(roomKeepFraction*gap)) }

// keepDistance is the clearance the drawing's bounded moves keep.
func (d *drawing) keepDistance() float64 {
	if d.rooms {
		if d.full != nil {
			// Inflating: the rooms are not at their size yet, and the
			// scale that ends inflation makes room for relaxKeep.
			return keep
		}
		return relaxKeep(d.roomGap)
	}
	return max(keep, float64(keepFraction*d.f.EdgeLength))
}

// nearPairs fills d.pairs with every pair of local rooms, and every local
// room and corridor not ending in it, whose clearance is at most reach.
func (d *drawing) nearPairs(reach float64) {
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

// budgets are the move limits of the current window: each vertex's total
// budget, and its limits along the directions of what is near it.
type budgets struct {
	mode boundMode
	// free marks the vertices in a conflict, whose moves are not bounded
	// (mode freeing).
	free []bool
	// bound is what is left of each vertex's budget in the window,
	// boundStart what it was at the window's start, reachOf the budget
	// that found its pairs, and moved what it moved in the window.
	bound      []float64
	boundStart []float64
	reachOf    []float64
	moved      []float64
	// cons holds the window's limits along a direction, vertex v's in
	// cons[consStart[v]:consEnd[v]] (gathered from rawCons), consMin[v]
	// the smallest; wstart is each vertex's position at the window's
	// start, from which the limits are measured.
	cons      []halfPlane
	rawCons   []rawHalfPlane
	consStart []int32
	consEnd   []int32
	consMin   []float64
	wstart    []r2.Vec
	// windows counts the windows of the phase.
	windows int
	// edgePairs holds the rooms and corridors (room, end, end) found
	// near each other when the budgets were last computed, in the relax
	// pass: they repel (see repelEdges).
	edgePairs [][3]int32
}

// boundMode says how moves are bounded in a phase.
type boundMode uint8

const (
	// unbounded: moves are capped by MaxDelta only (CrossingFree off).
	unbounded boundMode = iota
	// bounded: every move keeps to its budget and limits.
	bounded
	// freeing: as bounded, except that the vertices in a conflict move
	// freely, so that the forces can undo it; checked again every
	// freeEvery iterations.
	freeing
)

// startBudgets starts a phase's budgets, bounded when on.
func (b *budgets) startBudgets(on bool) {
	b.mode = unbounded
	if on {
		b.mode = bounded
	}
	b.windows = 0
}

// bounded reports whether moves are bounded.
func (b *budgets) bounded() bool { return b.mode != unbounded }

// spend clips v's move m, of length l, from p to v's limits (a freed
// vertex has none), charges it to v's budget, and returns the move and
// its length.
func (b *budgets) spend(v int32, m r2.Vec, l float64, p r2.Vec) (r2.Vec, float64) {
	// No limit can bind a vertex whose moves in the window, this one
	// included, add up to less than the smallest limit.
	if !b.free[v] && b.moved[v]+l > b.consMin[v] {
		m = b.clip(v, m, r2.Sub(p, b.wstart[v]))
		l = norm(m)
	}
	// What is left of the budget for the iterations until the next
	// computation.
	b.bound[v] = max(0, b.bound[v]-l)
	b.moved[v] += l
	return m, l
}

// halfPlane limits a vertex's total move over a window along dir (a unit
// vector toward something near it) to at most b.
type halfPlane struct {
	dir r2.Vec
	b   float64
}

// minBudget is the smallest move budget of an active vertex per window,
// in maximal moves.
const minBudget = 0.5

// firstBudget is the move budget of an active vertex in a phase's first
// window, in maximal moves.
const firstBudget = 2

// computeBounds gives every local vertex a move budget for the next
// boundEvery iterations: a total move, and a limit along the direction of
// each thing it is near, so that every clearance stays above keep however
// the moves are spread over the iterations. Clearances are measured once,
// at the window's start positions. A vertex's total budget is twice what
// it moved in the last window, within [minBudget, boundEvery] maximal
// moves, so that a settling drawing has few pairs to watch; a vertex held
// back by it is starved (see Update), and its next budget doubles.
func (d *drawing) computeBounds() {
	n := len(d.Pos)
	d.bound = resize(d.bound, n)
	d.reachOf = resize(d.reachOf, n)
	d.consStart = resize(d.consStart, n+1)
	d.wstart = resize(d.wstart, n)
	d.moved = resize(d.moved, n)
	d.rawCons = d.rawCons[:0]
	d.edgePairs = d.edgePairs[:0]
	// Through the Checker, the number of pairs found grows with the square
	// of the reach: cap budgets at two maximal moves per window instead.
	direct, most := d.budgetMode()
	if d.frameTooSmall(most) {
		d.buildFrame()
		direct, most = d.budgetMode()
	}
	least := min(most, float64(minBudget*d.maxMove()))
	largest := 0.0
	for _, v := range d.local {
		b := 0.0
		if d.isActive[v] {
			b = most
			if d.rooms {
				b = min(most, float64(firstBudget*d.maxMove()))
				if d.windows > 0 {
					b = max(least, min(most, float64(2*d.moved[v])))
				}
			}
		}
		d.bound[v], d.reachOf[v] = b, b
		largest = max(largest, b)
		d.moved[v] = 0
		d.wstart[v] = d.Pos[v]
	}
	d.windows++
	k := d.keepDistance()
	if direct {
		d.directBounds(k)
	} else {
		// Inflating both discs of a pair by reach finds clearances up to
		// 2·reach; a room and a corridor, up to reach.
		d.nearPairs(float64(2*largest) + k)
		for _, p := range d.pairs {
			switch p.Kind {
			case RoomRoom:
				u, v := int32(p.Room), int32(p.Room2)
				if c := float64(dist(d.Pos[u], d.Pos[v])-d.Radius[u]) - d.Radius[v]; c < d.pairReach(u, v, v, k) {
					d.boundRooms(u, v, k)
				}
			case RoomCorridor:
				u, a, b := int32(p.Room), int32(p.Corridor.A), int32(p.Corridor.B)
				if c := float64(pointSegmentDist(d.Pos[u], d.Pos[a], d.Pos[b]) - d.Radius[u]); c < d.pairReach(u, a, b, k) {
					d.boundRoomCorridor(u, a, b, k)
				}
			}
		}
	}
	d.gather(d.local, len(d.Pos))
}

// budgetMode says whether the window's pairs are tried directly, and the
// largest budget of a vertex in the window: boundEvery maximal moves when
// direct, two through the Checker (the pairs found grow with the square of
// the reach).
func (d *drawing) budgetMode() (direct bool, most float64) {
	direct = len(d.active)*len(d.local) <= directPairs
	most = float64(boundEvery * d.maxMove())
	if !direct {
		most = float64(2 * d.maxMove())
	}
	return direct, most
}

// frameTooSmall reports whether an active vertex has drifted so far from
// where the frame was built that a move of most could bring it within
// keep of something outside the frame, which no limit would hold back.
// The drift check in Update (half the frame) is not enough for direct
// pairs: their budget of 8 maximal moves is most of the frame, so a vertex
// that had drifted could cross a corridor just beyond it within a window
// (caves at 3,000 rooms, seed 2: a local phase that started without a
// crossing ended with 6).
func (d *drawing) frameTooSmall(most float64) bool {
	if len(d.active) == len(d.Pos) {
		return false // the frame is the whole drawing
	}
	room := d.extent - most - d.keepDistance()
	for _, v := range d.active {
		if dist(d.Pos[v], d.origin[v]) > room {
			return true
		}
	}
	return false
}

// pairReach is the clearance below which a room u and a room or corridor
// with ends a and b (a == b for a room) can bind within the window: their
// total budgets plus keep.
func (d *drawing) pairReach(u, a, b int32, k float64) float64 {
	return float64(d.reachOf[u]+max(d.reachOf[a], d.reachOf[b])) + k
}

// gather sorts the window's limits by vertex (counting sort over the
// local vertices, of n, stable, so the order is the order they were
// found), and records every local vertex's budget at the window's start.
func (b *budgets) gather(local []int32, n int) {
	for _, v := range local {
		b.consStart[v] = 0
	}
	for _, c := range b.rawCons {
		b.consStart[c.v]++
	}
	at := int32(0)
	for _, v := range local {
		cnt := b.consStart[v]
		b.consStart[v] = at
		at += cnt
	}
	b.cons = resize(b.cons, len(b.rawCons))
	b.consEnd = resize(b.consEnd, n)
	b.consMin = resize(b.consMin, n)
	for _, v := range local {
		b.consEnd[v] = b.consStart[v]
		b.consMin[v] = math.Inf(1)
	}
	for _, c := range b.rawCons {
		b.cons[b.consEnd[c.v]] = c.h
		b.consEnd[c.v]++
		if c.h.b < b.consMin[c.v] {
			b.consMin[c.v] = c.h.b
		}
	}
	b.boundStart = resize(b.boundStart, n)
	for _, v := range local {
		b.boundStart[v] = b.bound[v]
	}
}

// boundRooms limits rooms u and v, whatever their clearance, toward each
// other.
func (d *drawing) boundRooms(u, v int32, k float64) {
	if d.free[u] && d.free[v] {
		return
	}
	pu, pv := d.Pos[u], d.Pos[v]
	to := r2.Sub(pv, pu)
	l := norm(to)
	c := float64(l-d.Radius[u]) - d.Radius[v]
	b := limitFor(c, k)
	var dir r2.Vec
	if l == 0 {
		dir = coincidentDir(u, v) // the way repel parts them
	} else {
		dir = r2.Vec{X: to.X / l, Y: to.Y / l}
	}
	d.constrain(u, dir, b)
	d.constrain(v, r2.Vec{X: -dir.X, Y: -dir.Y}, b)
}

// boundRoomCorridor limits room u toward corridor ab, and both ends of
// the corridor toward u.
func (d *drawing) boundRoomCorridor(u, a, bb int32, k float64) {
	q := nearestOnSegment(d.Pos[u], d.Pos[a], d.Pos[bb])
	to := r2.Sub(q, d.Pos[u])
	l := norm(to)
	if float64(l-d.Radius[u]) < float64(d.f.Cutoff*d.f.EdgeLength) {
		d.edgePairs = append(d.edgePairs, [3]int32{u, a, bb})
	}
	if d.free[u] && d.free[a] && d.free[bb] {
		return
	}
	b := limitFor(float64(l-d.Radius[u]), k)
	var dir r2.Vec
	if l == 0 {
		// On the corridor: every point of it is 0 along its normal, so
		// the normal repelEdges pushes along will do.
		dir = onCorridorDir(u, a, r2.Sub(d.Pos[bb], d.Pos[a]))
	} else {
		dir = towardCorridor(d.Pos[u], d.Pos[a], d.Pos[bb], to, l)
	}
	back := r2.Vec{X: -dir.X, Y: -dir.Y}
	d.constrain(u, dir, b)
	d.constrain(a, back, b)
	d.constrain(bb, back, b)
}

// constrain limits v's total move in the window along dir to b.
func (d *drawing) constrain(v int32, dir r2.Vec, b float64) {
	if d.isActive[v] && !d.free[v] && b < d.reachOf[v] {
		d.rawCons = append(d.rawCons, rawHalfPlane{v: v, h: halfPlane{dir: dir, b: b}})
	}
}

// rawHalfPlane is a limit on vertex v, before gather.
type rawHalfPlane struct {
	v int32
	h halfPlane
}

// directPairs: when active × local vertices is at most this, move budgets
// come from trying every pair that involves an active vertex, in floating
// point; beyond, from the exact Checker's near pairs. The budgets keep a
// margin of keep world units, far more than the rounding error of a
// clearance, so no exact predicate is needed to stay safe.
const directPairs = 1 << 15

// directBounds limits every pair that has an active member and is within
// reach: only active vertices move, so only those pairs can close.
func (d *drawing) directBounds(k float64) {
	for _, u := range d.active {
		pu, ru := d.Pos[u], d.Radius[u]
		for _, v := range d.local {
			if v == u || (d.isActive[v] && v < u) {
				continue // each active pair once
			}
			if c := float64(dist(pu, d.Pos[v])-ru) - d.Radius[v]; c < d.pairReach(u, v, v, k) {
				d.boundRooms(u, v, k)
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
			// A room farther from the corridor's bounding box than its
			// radius plus the pair's reach cannot bind: most rooms are
			// dismissed without a projection.
			lo, hi := r2.Vec{X: min(pa.X, pb.X), Y: min(pa.Y, pb.Y)}, r2.Vec{X: max(pa.X, pb.X), Y: max(pa.Y, pb.Y)}
			segReach := float64(max(d.reachOf[a], d.reachOf[b]) + k)
			for _, u := range rooms {
				if u == a || u == b {
					continue
				}
				pu := d.Pos[u]
				if lim := float64(float64(d.Radius[u]+d.reachOf[u])+segReach) + 1; pu.X < lo.X-lim || pu.X > hi.X+lim || pu.Y < lo.Y-lim || pu.Y > hi.Y+lim {
					continue
				}
				if c := float64(pointSegmentDist(pu, pa, pb) - d.Radius[u]); c < d.pairReach(u, a, b, k) {
					d.boundRoomCorridor(u, a, b, k)
				}
			}
		}
	}
}

// clip shortens the move m of v, which has moved done in the window so
// far, so that v's total move in the window keeps to every limit along a direction, and then lets what is left
// slide along the limit that stopped it, clipped again. The window's
// total so far keeps to every limit, and the limits are convex, so the
// result does too.
func (b *budgets) clip(v int32, m, done r2.Vec) r2.Vec {
	out := r2.Vec{}
	for pass := 0; pass < 2; pass++ {
		alpha, stop := 1.0, int32(-1)
		for i := b.consStart[v]; i < b.consEnd[v]; i++ {
			h := &b.cons[i]
			md := dot(m, h.dir)
			if md <= 0 {
				continue
			}
			slack := h.b - dot(done, h.dir)
			if slack < 0 {
				slack = 0
			}
			if a := slack / md; a < alpha {
				alpha, stop = a, i
			}
		}
		step := scale(alpha, m)
		out = r2.Add(out, step)
		if stop < 0 || pass == 1 {
			break
		}
		done = r2.Add(done, step)
		// What is left, less its component into the limit that stopped
		// it.
		rest := r2.Sub(m, step)
		dir := b.cons[stop].dir
		m = axpy(-dot(rest, dir), dir, rest)
	}
	return out
}

// markFree finds the local drawing's conflicts (two corridors meet, a room
// touches a corridor not ending in it, two rooms touch) and frees every
// vertex that takes part in one: its moves are not bounded against
// anything, so that the forces can undo the conflict, while moves between
// the other vertices stay bounded, so that no new conflict forms among
// them. It reports whether there was a conflict.
func (d *drawing) markFree() bool {
	d.free = resize(d.free, len(d.Pos))
	clear(d.free)
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

// project returns the parameter t in [0, 1] of the point of segment ab
// nearest p, a + t·(b − a), with b − a and p − a.
func project(p, a, b r2.Vec) (t float64, ab, ap r2.Vec) {
	ab = r2.Sub(b, a)
	ap = r2.Sub(p, a)
	l2 := norm2(ab)
	if l2 > 0 {
		t = max(0, min(1, dot(ap, ab)/l2))
	}
	return t, ab, ap
}

// nearestOnSegment returns the point of segment ab nearest p.
func nearestOnSegment(p, a, b r2.Vec) r2.Vec {
	t, ab, _ := project(p, a, b)
	return axpy(t, ab, a)
}

// pointSegmentDist returns the distance from p to the segment ab.
func pointSegmentDist(p, a, b r2.Vec) float64 {
	t, ab, ap := project(p, a, b)
	return norm(axpy(-t, ab, ap))
}

// limitFor returns the limit, along the direction between them, on the
// window's move of each side of a pair c apart: half of what c exceeds
// keep by, so that a clearance of at least keep stays at least keep. A
// pair closer than half of keep (only ever one that started that close:
// the others never drop below keep) may close to half its clearance (a
// quarter each), so it stays apart but is never frozen:
// with no slack at all, a clump of vertices each within keep of the
// others could not move, since every one would have to move first.
//
// Below approachFloor·keep a pair may not close at all (it may still part
// or slide). Halving was unbounded: a vertex the forces press against a
// corridor halves its clearance every window, and over a long build it
// reached rounding level (caves at 5,000 rooms, seed 1: three vertices
// 10⁻¹⁴ from a 270-unit corridor, where a move of 10⁻⁴ along it crossed
// it, in a local phase that started without a crossing). The floor keeps
// clearances far above the rounding error of positions and of the
// limits' directions.
func limitFor(c, k float64) float64 {
	switch {
	case c >= k/2:
		return max(0, float64(c-k)/2)
	case c >= float64(approachFloor*k):
		return c / 4
	}
	return 0
}

// approachFloor is the clearance, as a fraction of keep, below which a
// pair may not close: 2⁻¹⁰ keep, 5·10⁻³ units in the construction
// drawing, against a rounding error of positions of 10⁻¹¹ at the 10⁵
// units a 10,000-room construction spans.
const approachFloor = 1.0 / 1024

// coincidentDir is the unit vector from u toward v when they coincide: a
// direction fixed by their ids, opposite for (v, u).
func coincidentDir(u, v int32) r2.Vec {
	x, y := 1.0, float64(v-u)
	if v < u {
		x = -x
	}
	l := norm(r2.Vec{X: x, Y: y})
	return r2.Vec{X: x / l, Y: y / l}
}

// towardCorridor is the unit vector from p toward the point of segment ab
// nearest it, given that point's offset to, of length l > 0. When that
// point is inside the segment the direction is the segment's normal,
// computed from a − b rather than from to: to is the difference of two
// nearly equal points when p is very near the corridor, and its direction
// is then off by the rounding error over l. A vertex 10⁻⁷ units from a
// corridor (caves at 3,000 rooms) sliding half a unit along it crossed
// it by 10⁻⁷ with the limit along to.
func towardCorridor(p, a, b, to r2.Vec, l float64) r2.Vec {
	t, ab, ap := project(p, a, b)
	la := norm(ab)
	if t <= 0 || t >= 1 || la == 0 {
		return r2.Vec{X: to.X / l, Y: to.Y / l}
	}
	n := r2.Vec{X: -ab.Y / la, Y: ab.X / la}
	if dot(ap, n) > 0 {
		n = r2.Vec{X: -n.X, Y: -n.Y} // p is on n's side: toward ab is −n
	}
	return n
}

// onCorridorDir is the unit vector from room u toward corridor a→a+ab
// when u lies on it: the corridor's normal, on a side fixed by the ids
// (or coincidentDir(u, a) for a corridor of length 0).
func onCorridorDir(u, a int32, ab r2.Vec) r2.Vec {
	l := norm(ab)
	if l == 0 {
		return coincidentDir(u, a)
	}
	n := r2.Vec{X: -ab.Y / l, Y: ab.X / l}
	if u < a {
		n = r2.Vec{X: -n.X, Y: -n.Y}
	}
	return n
}
