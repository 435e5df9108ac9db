package layout

import (
	"gonum.org/v1/gonum/spatial/r2"
)

// Compaction: rigid moves of tight clusters, each verified.
//
// When the relax pass had to scale its drawing far beyond what most
// corridors need (a crowded face, reopen), the settle phase brings the
// crowded rooms back together but not the rest: a room pressed against its
// neighbours has a move limit of about 0 toward each of them (crossfree.go
// bounds each vertex's absolute move), so a tight cluster cannot even
// translate as a whole, and the long corridors between clusters stay long.
// Compaction takes the settled drawing and, cluster by cluster, translates
// each as a rigid body along the least-squares pull of the corridors that
// leave it (the translation that would bring them to their targets), and
// keeps a move only if no room, corridor or crossing that involves a moved
// room or corridor comes within keep; otherwise it tries half the move, and
// so on. A cluster is a component of the graph joined by its corridors no
// longer than tightRatio times their targets: the rooms that settled at
// their corridors' lengths.
//
// A translation moves rooms rigidly, so clearances inside a cluster do not
// change; the ones between a moved and an unmoved thing are recomputed.
// Each move is shorter than the smallest room's diameter, so that nothing
// can pass through a room between the two drawings that are checked: the
// disc swept by a move shorter than its diameter is covered by its start
// and end discs along the segment between their centres, and a corridor
// end moving less than that sweeps a triangle every point of which is
// within half the move of the corridor's start or end position.

// tightRatio: corridors no longer than this times their target bind their
// rooms into one cluster.
const tightRatio = 1.5

// compactRounds caps the rounds of cluster moves per compaction; a round
// that moves no cluster by more than a convergence distance ends it.
const compactRounds = 40

// compactTries is how many times a move that would come within keep is
// slid or halved before the cluster is left where it is for the round.
const compactTries = 8

// compactor holds the state of one compaction of a drawing.
type compactor struct {
	d *drawing
	k float64
	// parent is the union-find forest over vertices; members lists each
	// cluster's vertices, in id order, clusters in order of their
	// smallest id.
	parent  []int32
	members [][]int32
	inClust []int32
	moved   []bool
	trial   []r2.Vec
	present []bool
	maxStep float64
}

// compact moves the drawing's tight clusters toward the targets of the
// corridors between them, each move verified with the exact Checker, and
// reports the total distance moved.
func (d *drawing) compact() float64 {
	c := &compactor{d: d, k: d.keepDistance()}
	c.clusters()
	if len(c.members) < 2 {
		return 0
	}
	minR := -1.0
	for _, r := range d.Radius {
		if minR < 0 || r < minR {
			minR = r
		}
	}
	if pressOnly {
		c.moved = make([]bool, len(d.Pos))
		d.heat.reset(len(d.Pos), d.active)
		return c.press()
	}
	c.maxStep = float64(2 * minR)
	if c.maxStep <= 0 {
		return 0
	}
	c.moved = make([]bool, len(d.Pos))
	c.trial = make([]r2.Vec, len(d.Pos))
	c.present = make([]bool, len(d.Pos))
	total := 0.0
	for round := 0; round < compactRounds; round++ {
		largest := 0.0
		for k := range c.members {
			l := c.moveCluster(int32(k))
			total += l
			largest = max(largest, l)
		}
		if largest <= d.f.ConvergenceDistance {
			break
		}
	}
	return total
}

// clusters finds the drawing's tight clusters.
func (c *compactor) clusters() {
	d := c.d
	n := len(d.Pos)
	c.parent = make([]int32, n)
	for v := range c.parent {
		c.parent[v] = int32(v)
	}
	for v := 0; v < n; v++ {
		for _, h := range d.g.Neighbors(v) {
			if h.To > v && dist(d.Pos[v], d.Pos[h.To]) <= float64(tightRatio*d.target(v, h)) {
				c.union(int32(v), int32(h.To))
			}
		}
	}
	c.inClust = make([]int32, n)
	index := make([]int32, n)
	for v := range index {
		index[v] = -1
	}
	for v := 0; v < n; v++ {
		root := c.find(int32(v))
		if index[root] < 0 {
			index[root] = int32(len(c.members))
			c.members = append(c.members, nil)
		}
		k := index[root]
		c.inClust[v] = k
		c.members[k] = append(c.members[k], int32(v))
	}
}

func (c *compactor) find(v int32) int32 {
	for c.parent[v] != v {
		c.parent[v] = c.parent[c.parent[v]]
		v = c.parent[v]
	}
	return v
}

func (c *compactor) union(a, b int32) {
	ra, rb := c.find(a), c.find(b)
	if ra == rb {
		return
	}
	if rb < ra {
		ra, rb = rb, ra
	}
	c.parent[rb] = ra
}

// pull returns the translation of cluster k that brings the corridors
// leaving it to their targets in the least-squares sense (to first order):
// the weighted mean, over those corridors, of how far each is from its
// target along its direction.
func (c *compactor) pull(k int32) r2.Vec {
	d := c.d
	var sum r2.Vec
	w := 0.0
	for _, v := range c.members[k] {
		for _, h := range d.g.Neighbors(int(v)) {
			if c.inClust[h.To] == k {
				continue
			}
			e := r2.Sub(d.Pos[h.To], d.Pos[v])
			l := norm(e)
			if l == 0 {
				continue
			}
			sw := springWeight(h)
			sum = axpy(float64(sw*float64(l-d.target(int(v), h)))/l, e, sum)
			w += sw
		}
	}
	if w == 0 {
		return r2.Vec{}
	}
	return scale(1/w, sum)
}

// moveCluster tries to move cluster k along its pull and returns the
// length it moved (0 when it stayed). A move that would bring a moved
// room or corridor too near something is first slid along what it met
// (its component toward it removed, as the bounded moves of crossfree.go
// slide along a limit), then halved.
func (c *compactor) moveCluster(k int32) float64 {
	d := c.d
	t := c.pull(k)
	l := norm(t)
	if l <= d.f.ConvergenceDistance {
		return 0
	}
	if l > c.maxStep {
		// Jumps: the end drawing is checked, not the way there.
		for _, f := range [...]float64{1, 0.5} {
			j := scale(f, t)
			if ok, _ := c.fits(k, j); ok {
				for _, v := range c.members[k] {
					d.Pos[v] = r2.Add(d.Pos[v], j)
				}
				return norm(j)
			}
		}
		t = scale(c.maxStep/l, t)
	}
	for try := 0; try < compactTries; try++ {
		ok, n := c.fits(k, t)
		if ok {
			for _, v := range c.members[k] {
				d.Pos[v] = r2.Add(d.Pos[v], t)
			}
			return norm(t)
		}
		if tn := dot(t, n); tn > 0 && n != (r2.Vec{}) {
			t = axpy(-tn, n, t)
		} else {
			t = scale(0.5, t)
		}
		if norm(t) <= d.f.ConvergenceDistance {
			break
		}
	}
	return 0
}

// fits reports whether moving cluster k by t keeps every clearance that
// involves one of its rooms or corridors at least keep (or, for one
// already closer, no closer than it is), with no crossing; when not, it
// returns the unit direction in which the cluster met something, or 0
// when there is none (a crossing, or both sides moved). The candidates are
// the conflicts of the moved drawing with every disc inflated by keep,
// found with the exact Checker on the rooms and corridors near the moved
// ones; a candidate fails when its clearance, computed in floating point,
// is below keep (keep is far above the rounding error).
func (c *compactor) fits(k int32, t r2.Vec) (bool, r2.Vec) {
	d := c.d
	for _, v := range c.members[k] {
		c.moved[v] = true
	}
	defer func() {
		for _, v := range c.members[k] {
			c.moved[v] = false
		}
	}()
	copy(c.trial, d.Pos)
	// The region that a conflict with a moved thing must reach: the moved
	// rooms and the far ends of their corridors, widened by two radii and
	// twice keep.
	lo, hi := r2.Vec{X: 1e308, Y: 1e308}, r2.Vec{X: -1e308, Y: -1e308}
	grow := func(p r2.Vec) {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	for _, v := range c.members[k] {
		p := r2.Add(d.Pos[v], t)
		c.trial[v] = p
		grow(p)
		for _, h := range d.g.Neighbors(int(v)) {
			if !c.moved[h.To] {
				grow(d.Pos[h.To])
			}
		}
	}
	pad := float64(2*d.maxR) + float64(2*c.k)
	lo, hi = r2.Vec{X: lo.X - pad, Y: lo.Y - pad}, r2.Vec{X: hi.X + pad, Y: hi.Y + pad}
	d.discs = d.discs[:0]
	d.corrs = d.corrs[:0]
	clear(c.present)
	for v, p := range c.trial {
		r := d.Radius[v]
		if p.X+r >= lo.X && p.X-r <= hi.X && p.Y+r >= lo.Y && p.Y-r <= hi.Y {
			d.discs = append(d.discs, Disc{ID: v, Center: p, Radius: float64(r + c.k)})
			c.present[v] = true
		}
	}
	for v, p := range c.trial {
		for _, h := range d.g.Neighbors(v) {
			if h.To <= v || h.Cosmetic {
				continue
			}
			q := c.trial[h.To]
			if max(p.X, q.X) < lo.X || min(p.X, q.X) > hi.X || max(p.Y, q.Y) < lo.Y || min(p.Y, q.Y) > hi.Y {
				continue
			}
			d.corrs = append(d.corrs, Corridor{A: v, B: h.To})
			// A corridor's rooms must be in the check, or the Checker
			// names it an invalid corridor.
			for _, u := range [2]int{v, h.To} {
				if !c.present[u] {
					c.present[u] = true
					d.discs = append(d.discs, Disc{ID: u, Center: c.trial[u], Radius: float64(d.Radius[u] + c.k)})
				}
			}
		}
	}
	for _, p := range d.checker.unordered(d.discs, d.corrs) {
		switch p.Kind {
		case RoomRoom:
			u, v := p.Room, p.Room2
			if c.moved[u] == c.moved[v] {
				continue // unmoved, or moved together
			}
			if c.closer(c.roomGap(c.trial, u, v), c.roomGap(d.Pos, u, v)) {
				if !c.moved[u] {
					u, v = v, u
				}
				n, _ := unit(r2.Sub(d.Pos[v], d.Pos[u]))
				return false, n
			}
		case RoomCorridor:
			u, a, b := p.Room, p.Corridor.A, p.Corridor.B
			if c.moved[u] == c.moved[a] && c.moved[u] == c.moved[b] {
				continue
			}
			if c.closer(c.corridorGap(c.trial, u, a, b), c.corridorGap(d.Pos, u, a, b)) {
				pu, pa, pb := d.Pos[u], d.Pos[a], d.Pos[b]
				to := r2.Sub(nearestOnSegment(pu, pa, pb), pu)
				l := norm(to)
				switch {
				case l == 0:
					return false, r2.Vec{}
				case c.moved[u]:
					// The room moves by t, the corridor's points by at
					// most t: the room closes in along its direction.
					return false, towardCorridor(pu, pa, pb, to, l)
				}
				return false, scale(-1, towardCorridor(pu, pa, pb, to, l))
			}
		default:
			// A crossing (or an invalid room, which a settled drawing
			// does not have).
			return false, r2.Vec{}
		}
	}
	return true, r2.Vec{}
}

// closer reports whether a clearance that was old and would be now is
// below keep and below what it was (less a rounding allowance).
func (c *compactor) closer(now, old float64) bool {
	return now < float64(min(c.k, old)-float64(1e-9*c.k))
}

// roomGap is the clearance between rooms u and v at positions pos.
func (c *compactor) roomGap(pos []r2.Vec, u, v int) float64 {
	return float64(dist(pos[u], pos[v])-c.d.Radius[u]) - c.d.Radius[v]
}

// corridorGap is the clearance between room u and corridor ab at
// positions pos.
func (c *compactor) corridorGap(pos []r2.Vec, u, a, b int) float64 {
	return float64(pointSegmentDist(pos[u], pos[a], pos[b]) - c.d.Radius[u])
}

// keepsClear reports whether the drawing at positions trial keeps every
// clearance at least keep, or no smaller than it is at d.Pos, with no
// crossing.
func (c *compactor) keepsClear(trial []r2.Vec) bool {
	d := c.d
	d.discs = d.discs[:0]
	d.corrs = d.corrs[:0]
	for v, p := range trial {
		d.discs = append(d.discs, Disc{ID: v, Center: p, Radius: float64(d.Radius[v] + c.k)})
		for _, h := range d.g.Neighbors(v) {
			if h.To > v && !h.Cosmetic {
				d.corrs = append(d.corrs, Corridor{A: v, B: h.To})
			}
		}
	}
	for _, p := range d.checker.unordered(d.discs, d.corrs) {
		switch p.Kind {
		case RoomRoom:
			if c.closer(c.roomGap(trial, p.Room, p.Room2), c.roomGap(d.Pos, p.Room, p.Room2)) {

				return false
			}
		case RoomCorridor:
			if c.closer(c.corridorGap(trial, p.Room, p.Corridor.A, p.Corridor.B), c.corridorGap(d.Pos, p.Room, p.Corridor.A, p.Corridor.B)) {

				return false
			}
		default:

			return false
		}
	}
	return true
}

// contract scales the clusters' centroids toward the centre of the
// drawing's bounding box, each cluster moving rigidly, by the smallest
// factor tried that keeps the drawing clear.
func (c *compactor) contract() float64 {
	d := c.d
	n := len(d.Pos)
	cent := make([]r2.Vec, len(c.members))
	for k, m := range c.members {
		var s r2.Vec
		for _, v := range m {
			s = r2.Add(s, d.Pos[v])
		}
		cent[k] = scale(1/float64(len(m)), s)
	}
	lo, hi := bounds(d.Pos)
	mid := r2.Vec{X: float64(lo.X+hi.X) / 2, Y: float64(lo.Y+hi.Y) / 2}
	trial := make([]r2.Vec, n)
	for shrink := 0.2; shrink > 0.002; shrink /= 2 {
		for v := range trial {
			off := r2.Sub(mid, cent[c.inClust[v]])
			trial[v] = axpy(shrink, off, d.Pos[v])
		}
		if c.keepsClear(trial) {
			copy(d.Pos, trial)
			return shrink
		}
	}
	return 0
}

// squeezeFactor is how far a settled drawing is shrunk before its rooms
// inflate again.
const squeezeFactor = 0.6

// maxSqueezes caps the squeezes of one relax pass.
const maxSqueezes = 1

// squeeze is the relax pass's second chance for a settled drawing that
// the clearance scale left stretched: it shrinks the drawing by
// squeezeFactor about its centre, shrinks the rooms until it is valid, and
// inflates them again from there (phase Inflate), keeping the drawing it
// had if the result measures worse. It reports whether it started.
func (r *Relaxation) squeeze() bool {
	if r.saved != nil {
		// The squeezed drawing has settled: keep the better.
		if r.score(r.d.Pos) > r.score(r.saved) {
			copy(r.d.Pos, r.saved)
		}
		r.saved = nil
		return false
	}
	if r.squeezes >= maxSqueezes || r.full == nil {
		return false
	}
	r.squeezes++
	r.saved = append([]r2.Vec(nil), r.d.Pos...)
	d := r.d
	r.offset = 0 // experiment: reopen gets a full budget again
	scaleAbout(d.Pos, d.Pos, squeezeFactor)
	d.full = r.full
	d.setGrowth(min(max(0, d.maxGrowth(d.Pos, r.full)), 1))
	d.SetActive(nil)
	r.phase, r.more = Inflate, true
	return true
}

// score measures a drawing at positions pos for squeeze: the sum of its
// geometry's ratios to the default limits (lower is better).
func (r *Relaxation) score(pos []r2.Vec) float64 {
	for v, p := range pos {
		r.g.SetPos(v, p)
	}
	geo := MeasureGeometry(r.g, r.rooms)
	lim := DefaultLimits()
	return geo.Stretch/lim.MaxStretch + geo.Tail/lim.MaxTail + geo.Worst/lim.MaxWorst + lim.MinDensity/max(geo.Density, 1e-12)
}

// pressOnly: experiment switch.
var pressOnly = true

// pressAim: the projection aims every clearance at this times keep, so
// that what the linearisation and the sweeps leave over stays above keep.
const pressAim = 1.02

// pressForces: experiment.
var pressForces = true

// pressMove: experiment.
var pressMove = 0.1

// pressSteps caps the steps of press.
const pressSteps = 300

// pressSweeps is how many Gauss–Seidel sweeps project a step onto the
// clearance constraints.
const pressSweeps = 500

// press relaxes the springs (and gravity) of a settled drawing with moves
// that transmit contact: each step is every vertex's spring step, projected
// (Gauss–Seidel, equal weights) onto the linearised constraints that every
// near pair's clearance stays at least keep, as a change of their relative
// position, so a room pulled against another pushes it instead of stopping;
// the step is then checked exactly on the whole drawing and halved until
// it keeps every clearance. It returns the distance moved.
func (c *compactor) press() float64 {
	d := c.d
	n := len(d.Pos)
	delta := make([]r2.Vec, n)
	trial := make([]r2.Vec, n)
	maxMove := float64(pressMove * d.maxMove())
	total := 0.0
	type pair struct {
		u, a, b int32 // a room u and a room a (b < 0) or a corridor ab
		n       r2.Vec
		tau     float64
		slack   float64
		hard    float64
	}
	var pairs []pair
	for stepN := 0; stepN < pressSteps; stepN++ {
		largest := 0.0
		if pressForces {
			d.computeForces()
		}
		for v := 0; v < n; v++ {
			var f r2.Vec
			w := 1.0
			for _, h := range d.g.Neighbors(v) {
				f = r2.Add(f, d.spring(int32(v), h, d.Pos[v]))
				w += springWeight(h)
			}
			if pressForces {
				f = d.force[v]
			}
			m := scale(float64(1/float64(d.f.SpringStrength*stiffness*w)), f)
			if l := norm(m); l > maxMove {
				m = scale(maxMove/l, m)
			}
			delta[v] = m
			largest = max(largest, norm(m))
		}
		if largest <= d.f.ConvergenceDistance {
			break
		}
		// The pairs a step can bring within keep.
		pairs = pairs[:0]
		for _, p := range d.marginConflicts(d.Pos, d.Radius, float64(c.k+float64(4*largest))) {
			switch p.Kind {
			case RoomRoom:
				u, v := int32(p.Room), int32(p.Room2)
				nv, ok := unit(r2.Sub(d.Pos[v], d.Pos[u]))
				if !ok {
					continue
				}
				pairs = append(pairs, pair{u: u, a: v, b: -1, n: nv, slack: float64(c.roomGap(d.Pos, int(u), int(v))-float64(pressAim*c.k)) / 2, hard: float64(max(0, c.roomGap(d.Pos, int(u), int(v))-c.k) / 2)})
			case RoomCorridor:
				u, a, b := int32(p.Room), int32(p.Corridor.A), int32(p.Corridor.B)
				pu, pa, pb := d.Pos[u], d.Pos[a], d.Pos[b]
				t, _, _ := project(pu, pa, pb)
				to := r2.Sub(nearestOnSegment(pu, pa, pb), pu)
				l := norm(to)
				if l == 0 {
					continue
				}
				pairs = append(pairs, pair{u: u, a: a, b: b, n: towardCorridor(pu, pa, pb, to, l), tau: t, slack: float64(c.corridorGap(d.Pos, int(u), int(a), int(b))-float64(pressAim*c.k)) / 2, hard: float64(max(0, c.corridorGap(d.Pos, int(u), int(a), int(b))-c.k) / 2)})
			}
		}
		for sweep := 0; sweep < pressSweeps; sweep++ {
			for _, p := range pairs {
				if p.b < 0 {
					e := dot(r2.Sub(delta[p.u], delta[p.a]), p.n) - p.slack
					if e > 0 {
						delta[p.u] = axpy(-e/2, p.n, delta[p.u])
						delta[p.a] = axpy(e/2, p.n, delta[p.a])
					}
					continue
				}
				wa, wb := 1-p.tau, p.tau
				q := r2.Add(scale(wa, delta[p.a]), scale(wb, delta[p.b]))
				e := dot(r2.Sub(delta[p.u], q), p.n) - p.slack
				if e > 0 {
					lam := e / (1 + float64(wa*wa) + float64(wb*wb))
					delta[p.u] = axpy(-lam, p.n, delta[p.u])
					delta[p.a] = axpy(float64(lam*wa), p.n, delta[p.a])
					delta[p.b] = axpy(float64(lam*wb), p.n, delta[p.b])
				}
			}
		}
		// What the sweeps could not resolve (a jam) stays where it is:
		// the vertices of a pair still closing past its slack do not move.
		for again := true; again; {
			again = false
			for _, p := range pairs {
				var e float64
				if p.b < 0 {
					e = dot(r2.Sub(delta[p.u], delta[p.a]), p.n)
				} else {
					q := r2.Add(scale(1-p.tau, delta[p.a]), scale(p.tau, delta[p.b]))
					e = dot(r2.Sub(delta[p.u], q), p.n)
				}
				if e > p.hard {
					again = true
					delta[p.u], delta[p.a] = r2.Vec{}, r2.Vec{}
					if p.b >= 0 {
						delta[p.b] = r2.Vec{}
					}
				}
			}
		}
		moved := false
		for try := 0; try < 6; try++ {
			for v := range trial {
				trial[v] = r2.Add(d.Pos[v], delta[v])
			}
			if c.keepsClear(trial) {
				moved = true
				break
			}
			for v := range delta {
				delta[v] = scale(0.5, delta[v])
			}
		}
		if !moved {

			break
		}
		step := 0.0
		for v := range trial {
			step = max(step, norm(delta[v]))
			total += norm(delta[v])
		}
		copy(d.Pos, trial)
		copy(d.heat.last, delta)
		if stepN%20 == 0 {

		}
		if step <= d.f.ConvergenceDistance {
			break
		}
	}
	return total
}
