package layout

import (
	"gonum.org/v1/gonum/spatial/r2"
)

// The press: moves that pass contact on.
//
// A settled drawing is jammed where rooms lie at the keep distance from
// each other or from corridors: crossfree.go bounds each vertex's own
// move, so a room pulled toward one it touches stops, and what it touches
// never learns of the pull. The press takes each step's moves (the settle
// phase's forces over the stiffness, as Update takes them) and projects
// them, Gauss–Seidel with equal weights, onto the linearised constraints
// that every near pair's clearance stays at least keep, written on the
// pair's relative move: a room pushed against another pushes it along,
// and a room against a corridor pushes the corridor's ends in proportion
// to where it touches. What the sweeps leave closing past a pair's slack
// does not move. The step is then checked with the exact Checker on the
// whole drawing and halved until it keeps every clearance, so every
// drawing the press leaves is valid. This is the projection step of
// position-based dynamics (Müller et al., "Position Based Dynamics",
// 2007) applied to the linearised clearances.
//
// The press runs once, on a settled drawing whose geometry is near a
// limit (pressNear), and is followed by a settle phase; the relax pass
// keeps the result only if it measures better (pressBetter). When tail is
// the metric near its limit, the tail press (presstail.go) runs instead,
// with no settle phase after it.

// pressAim: the projection aims every clearance at this times keep, so
// that what the linearisation and the sweeps leave over stays above keep.
const pressAim = 1.02

// pressMove is the longest move of a vertex in one step, as a fraction of
// the settle phase's move limit.
const pressMove = 0.1

// pressSteps caps the steps of one press.
const pressSteps = 30

// pressSweeps caps the Gauss–Seidel sweeps that project one step; the
// sweeps stop early once no pair closes past its slack by more than
// pressTol of the step.
const pressSweeps = 20

// pressTol is the residual, as a fraction of the step's longest move,
// below which the sweeps of a step stop.
const pressTol = 0.01

// pressGain ends the press once a step moves the drawing, in total, less
// than this fraction of what its first step moved.
const pressGain = 0.05

// pressNear is how near its limit a metric must be, as a ratio (the
// density's limit over the density), for the press to run.
const pressNear = 0.9

// pressPair is a near pair of a press step: room u and room a (b < 0), or
// room u and corridor ab touched at tau along it.
type pressPair struct {
	u, a, b int32
	// n is the unit direction from u toward the other; slack the closing
	// of the pair's relative move the projection allows, hard the one
	// beyond which the pair's vertices do not move.
	n           r2.Vec
	tau         float64
	slack, hard float64
}

// presser holds one press of a drawing.
type presser struct {
	d *drawing
	k float64
	// delta is the step being projected, trial the drawing it leads to.
	delta, trial []r2.Vec
	pairs        []pressPair
	// Scratch of unjam: the pairs of each vertex (byVertex, from
	// vertexStart[v]), the pending checks (due, a min-heap) and which
	// pairs are pending (queued); checks counts the checks.
	byVertex, vertexStart, fill []int32
	due                         checkQueue
	queued                      []bool
	checks                      int
}

// press runs the press on the drawing's current positions and returns the
// total distance its vertices moved. With tail set, the steps are the tail
// press's pulls (presstail.go) rather than the settle moves.
func (d *drawing) press(tail *tailPull) float64 {
	n := len(d.Pos)
	p := &presser{d: d, k: d.keepDistance(), delta: make([]r2.Vec, n), trial: make([]r2.Vec, n)}
	d.heat.reset(n, d.active)
	maxMove, steps := float64(pressMove*d.maxMove()), pressSteps
	if tail != nil {
		maxMove, steps = float64(pressTailMove*d.maxMove()), pressTailSteps
	}
	total, first := 0.0, 0.0
	for step := 0; step < steps; step++ {
		if d.ctx != nil && d.ctx.Err() != nil {
			break // the drawing so far is valid: every step was checked
		}
		var largest float64
		if tail != nil {
			largest = tail.forces(p, maxMove)
		} else {
			largest = p.forces(maxMove)
		}
		if largest <= d.f.ConvergenceDistance {
			break
		}
		p.nearPairs(float64(p.k + float64(4*largest)))
		if tail != nil {
			tail.holdShort(p)
		}
		p.project(float64(pressTol * largest))
		p.unjam()
		moved := p.checkedMove()
		if moved == 0 {
			break
		}
		total += moved
		if tail != nil {
			tail.keepBest(d.Pos)
			continue
		}
		if step == 0 {
			first = moved
		} else if moved < float64(pressGain*first) {
			break
		}
	}
	if tail != nil {
		copy(d.Pos, tail.best)
	}
	return total
}

// forces sets delta to every vertex's settle move, capped at maxMove, and
// returns the longest.
func (p *presser) forces(maxMove float64) float64 {
	d := p.d
	d.computeForces()
	largest := 0.0
	for v := range p.delta {
		m := scale(float64(1/float64(d.f.SpringStrength*stiffness*d.mass(int32(v)))), d.force[v])
		if l := norm(m); l > maxMove {
			m = scale(maxMove/l, m)
		}
		p.delta[v] = m
		largest = max(largest, norm(m))
	}
	return largest
}

// nearPairs collects the pairs less than margin apart: those a step can
// bring within keep.
func (p *presser) nearPairs(margin float64) {
	d := p.d
	p.pairs = p.pairs[:0]
	for _, c := range d.marginConflicts(d.Pos, d.Radius, margin) {
		switch c.Kind {
		case RoomRoom:
			u, v := int32(c.Room), int32(c.Room2)
			nv, ok := unit(r2.Sub(d.Pos[v], d.Pos[u]))
			if !ok {
				continue
			}
			gap := float64(dist(d.Pos[u], d.Pos[v])-d.Radius[u]) - d.Radius[v]
			p.pairs = append(p.pairs, p.pair(u, v, -1, nv, 0, gap))
		case RoomCorridor:
			u, a, b := int32(c.Room), int32(c.Corridor.A), int32(c.Corridor.B)
			pu, pa, pb := d.Pos[u], d.Pos[a], d.Pos[b]
			t, _, _ := project(pu, pa, pb)
			to := r2.Sub(nearestOnSegment(pu, pa, pb), pu)
			l := norm(to)
			if l == 0 {
				continue
			}
			gap := float64(l - d.Radius[u])
			p.pairs = append(p.pairs, p.pair(u, a, b, towardCorridor(pu, pa, pb, to, l), t, gap))
		}
	}
}

// pair returns the press pair of u and a (or corridor ab) with clearance
// gap along n.
func (p *presser) pair(u, a, b int32, n r2.Vec, tau, gap float64) pressPair {
	return pressPair{u: u, a: a, b: b, n: n, tau: tau,
		slack: float64(gap-float64(pressAim*p.k)) / 2,
		hard:  float64(max(0, gap-p.k) / 2)}
}

// closing returns how far the step closes pair q along its normal.
func (p *presser) closing(q pressPair) float64 {
	if q.b < 0 {
		return dot(r2.Sub(p.delta[q.u], p.delta[q.a]), q.n)
	}
	at := r2.Add(scale(1-q.tau, p.delta[q.a]), scale(q.tau, p.delta[q.b]))
	return dot(r2.Sub(p.delta[q.u], at), q.n)
}

// project sweeps the pairs, moving each pair's vertices apart along its
// normal by what the step closes it past its slack, until no pair is
// closed past it by more than tol or the sweeps run out.
func (p *presser) project(tol float64) {
	for sweep := 0; sweep < pressSweeps; sweep++ {
		worst := 0.0
		for _, q := range p.pairs {
			e := p.closing(q) - q.slack
			if e <= 0 {
				continue
			}
			worst = max(worst, e)
			if q.b < 0 {
				p.delta[q.u] = axpy(-e/2, q.n, p.delta[q.u])
				p.delta[q.a] = axpy(e/2, q.n, p.delta[q.a])
				continue
			}
			wa, wb := 1-q.tau, q.tau
			lam := e / (1 + float64(wa*wa) + float64(wb*wb))
			p.delta[q.u] = axpy(-lam, q.n, p.delta[q.u])
			p.delta[q.a] = axpy(float64(lam*wa), q.n, p.delta[q.a])
			p.delta[q.b] = axpy(float64(lam*wb), q.n, p.delta[q.b])
		}
		if worst <= tol {
			return
		}
	}
}

// unjam stops the vertices of every pair the projection left closing past
// its hard limit (a jam), until none is: the fixed point of sweeping the
// pairs in order, stopping each jammed pair's vertices, until a sweep finds
// none. Stopping a vertex can jam a pair it is in (a room pushed toward
// one that stopped), so a row of k rooms jammed one behind the other
// would take k sweeps over every pair. Only such a pair can change: a
// pair whose vertices did not stop since it was last checked finds what
// it found then, and a jammed one stops its own vertices. So unjam checks
// every pair once, then only the pairs of vertices just stopped, each at
// the point of the sweep order where the sweeps would check it next (later
// in the same sweep, or in the next one): the same vertices stop, at a
// cost linear in the pairs plus the stopped vertices' pairs.
func (p *presser) unjam() {
	m := int32(len(p.pairs))
	p.pairsOfVertices()
	p.queued = resize(p.queued, int(m))
	// A pending check is keyed sweep × m + pair, so a min-heap of keys
	// takes them in the sweeps' order; every pair starts in the first
	// sweep, and a sorted slice is a heap.
	p.due = p.due[:0]
	for i := range m {
		p.due = append(p.due, int64(i))
		p.queued[i] = true
	}
	for len(p.due) > 0 {
		key := p.due.pop()
		i := int32(key % int64(m))
		p.queued[i] = false
		p.checks++
		q := p.pairs[i]
		if p.closing(q) <= q.hard {
			continue
		}
		sweep := key / int64(m)
		p.stop(q.u, i, sweep)
		p.stop(q.a, i, sweep)
		if q.b >= 0 {
			p.stop(q.b, i, sweep)
		}
	}
}

// stop zeroes v's move, stopped by pair i in the given sweep, and queues
// every other pair of v where the sweeps would check it next.
func (p *presser) stop(v, i int32, sweep int64) {
	p.delta[v] = r2.Vec{}
	m := int64(len(p.pairs))
	for _, j := range p.byVertex[p.vertexStart[v]:p.vertexStart[v+1]] {
		if j == i || p.queued[j] {
			continue
		}
		at := sweep
		if j < i {
			at++
		}
		p.queued[j] = true
		p.due.push(at*m + int64(j))
	}
}

// pairsOfVertices lists, in byVertex[vertexStart[v]:vertexStart[v+1]],
// the pairs each vertex is in, in the pairs' order.
func (p *presser) pairsOfVertices() {
	n := len(p.delta)
	p.vertexStart = resize(p.vertexStart, n+1)
	clear(p.vertexStart)
	each := func(q pressPair, fn func(v int32)) {
		fn(q.u)
		fn(q.a)
		if q.b >= 0 {
			fn(q.b)
		}
	}
	for _, q := range p.pairs {
		each(q, func(v int32) { p.vertexStart[v+1]++ })
	}
	for v := range n {
		p.vertexStart[v+1] += p.vertexStart[v]
	}
	p.byVertex = resize(p.byVertex, int(p.vertexStart[n]))
	fill := p.fill[:0]
	fill = append(fill, p.vertexStart[:n]...)
	for i, q := range p.pairs {
		each(q, func(v int32) {
			p.byVertex[fill[v]] = int32(i)
			fill[v]++
		})
	}
	p.fill = fill
}

// checkQueue is a min-heap of unjam's pending checks, typed so that a
// push or pop allocates nothing (container/heap would box each key).
type checkQueue []int64

// push adds key.
func (h *checkQueue) push(key int64) {
	q := append(*h, key)
	for i := len(q) - 1; i > 0; {
		up := (i - 1) / 2
		if q[up] <= q[i] {
			break
		}
		q[up], q[i] = q[i], q[up]
		i = up
	}
	*h = q
}

// pop removes and returns the least key; h must not be empty.
func (h *checkQueue) pop() int64 {
	q := *h
	least, n := q[0], len(q)-1
	q[0] = q[n]
	q = q[:n]
	for i := 0; ; {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && q[c+1] < q[c] {
			c++
		}
		if q[i] <= q[c] {
			break
		}
		q[i], q[c] = q[c], q[i]
		i = c
	}
	*h = q
	return least
}

// checkedMove applies the step if the exact check finds every clearance
// kept, halving it up to five times otherwise, and returns the total
// distance moved (0 when the drawing stayed).
func (p *presser) checkedMove() float64 {
	d := p.d
	for try := 0; try < 6; try++ {
		for v := range p.trial {
			p.trial[v] = r2.Add(d.Pos[v], p.delta[v])
		}
		if p.keepsClear() {
			total := 0.0
			for v := range p.delta {
				total += norm(p.delta[v])
			}
			copy(d.Pos, p.trial)
			copy(d.heat.last, p.delta)
			return total
		}
		for v := range p.delta {
			p.delta[v] = scale(0.5, p.delta[v])
		}
	}
	return 0
}

// keepsClear reports whether the trial drawing keeps every clearance at
// least keep, or no smaller than it is now, with no crossing.
func (p *presser) keepsClear() bool {
	d := p.d
	closer := func(now, old float64) bool {
		return now < float64(min(p.k, old)-float64(1e-9*p.k))
	}
	for _, c := range d.marginConflicts(p.trial, d.Radius, p.k) {
		switch c.Kind {
		case RoomRoom:
			u, v := c.Room, c.Room2
			now := float64(dist(p.trial[u], p.trial[v])-d.Radius[u]) - d.Radius[v]
			old := float64(dist(d.Pos[u], d.Pos[v])-d.Radius[u]) - d.Radius[v]
			if closer(now, old) {
				return false
			}
		case RoomCorridor:
			u, a, b := c.Room, c.Corridor.A, c.Corridor.B
			now := float64(pointSegmentDist(p.trial[u], p.trial[a], p.trial[b]) - d.Radius[u])
			old := float64(pointSegmentDist(d.Pos[u], d.Pos[a], d.Pos[b]) - d.Radius[u])
			if closer(now, old) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// pressScore judges a drawing's geometry for the press: how many of the
// limits lim (zero fields are defaults) it misses, and the sum of its
// metrics' ratios to them (lower is better in both).
func pressScore(lim Limits, geo Geometry) (miss int, sum float64) {
	for _, x := range lim.ratios(geo) {
		if x > 1 {
			miss++
		}
		sum += x
	}
	return miss, sum
}

// pressNeeded reports whether a drawing with geometry geo is near enough
// one of the limits lim for the press to run: a metric at pressNear of
// what lim allows, or beyond.
func pressNeeded(lim Limits, geo Geometry) bool {
	for _, x := range lim.ratios(geo) {
		if x >= pressNear {
			return true
		}
	}
	return false
}

// pressBetter reports whether geometry now is better than was under the
// limits lim: it misses fewer, or as many with a lower sum of ratios.
func pressBetter(lim Limits, now, was Geometry) bool {
	nm, ns := pressScore(lim, now)
	wm, ws := pressScore(lim, was)
	return nm < wm || nm == wm && ns < ws
}

// measure returns the geometry of the drawing at positions pos, written
// to the graph for the measurement.
func (r *Relaxation) measure(pos []r2.Vec) Geometry {
	for v, p := range pos {
		r.g.SetPos(v, p)
	}
	geo := MeasureGeometry(r.g, r.rooms)
	geo.Spread = spread(r.g, r.rooms, r.gap)
	return geo
}

// pressSettled starts the press on the settled drawing when its geometry
// is near a limit, and reports whether it did: the pass then settles the
// pressed drawing, and finishPress keeps it only if it measures better.
func (r *Relaxation) pressSettled() bool {
	if r.pressed {
		return false
	}
	r.pressed = true
	if r.ctx != nil && r.ctx.Err() != nil {
		return false
	}
	geo := r.measure(r.d.Pos)
	if !pressNeeded(r.limits, geo) {
		return false
	}
	saved := append([]r2.Vec(nil), r.d.Pos...)
	var tail *tailPull
	if r.limits.ratios(geo)[1] >= pressNear {
		tail = r.newTailPull(geo)
	}
	if r.d.press(tail) == 0 {
		return false
	}
	r.unpressed, r.unpressedGeo = saved, geo
	r.offset += r.d.Iterations()
	r.d.SetActive(nil)
	// The tail press keeps the best drawing it passed through, which a
	// settle phase would pull back toward the settled tail.
	r.more = tail == nil
	return true
}

// finishPress restores the drawing from before the press when the
// pressed one does not measure better.
func (r *Relaxation) finishPress() {
	if r.unpressed != nil && !pressBetter(r.limits, r.measure(r.d.Pos), r.unpressedGeo) {
		copy(r.d.Pos, r.unpressed)
	}
	r.unpressed = nil
}
