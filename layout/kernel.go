package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// bruteForce: phases with at most this many local vertices find repelling
// pairs by trying them all, which beats a grid at that size.
const bruteForce = 96

// kernel holds the forces of one iteration and the scratch that finds
// them.
type kernel struct {
	vgrid hashGrid
	dgrid denseGrid
	// adjMark[u] == v+1 marks u as a neighbour of v (or v itself) while
	// v's forces are computed.
	adjMark []int32
	// force is each active vertex's force, move its step.
	force []r2.Vec
	move  []r2.Vec
	// pull is Gravity times each vertex's distance to the centroid, when
	// pulled says gravity acted in the last computation of forces.
	pull   []float64
	pulled bool
	// masses[v] is mass(v).
	masses []float64
	// bridges holds the construction drawing's bridge weights
	// (bridges.go).
	bridges bridgeWeights
	// hashOnly keeps the hash grid in every phase, so that
	// BenchmarkForces and TestDenseForcesMatchHash can compare the two
	// grids on one drawing.
	hashOnly bool
}

func (d *drawing) computeForces() {
	n := len(d.Pos)
	d.force = resize(d.force, n)
	d.move = resize(d.move, n)
	if len(d.adjMark) < n {
		d.adjMark = append(d.adjMark, make([]int32, n-len(d.adjMark))...)
	}
	small := len(d.local) <= bruteForce
	dense := false
	if !small {
		dense = !d.hashOnly && d.dgrid.build(d.reach(), d.local, d.Pos)
		if !dense {
			d.vgrid.reset(d.reach())
			for _, v := range d.local {
				d.vgrid.add(v, d.Pos[v])
			}
		}
	}
	if small && len(d.active) == n {
		d.pairForces()
		d.repelEdges()
		d.gravity()
		return
	}
	for _, v := range d.active {
		pv := d.Pos[v]
		var f r2.Vec
		// Springs, and marks on the neighbours so that the repulsion
		// loop can skip them without searching the adjacency.
		for _, h := range d.g.Neighbors(int(v)) {
			d.adjMark[h.To] = v + 1
			f = r2.Add(f, d.spring(v, h, pv))
		}
		d.adjMark[v] = v + 1
		var r r2.Vec
		switch {
		case small:
			for _, u := range d.local {
				r = d.repel(v, u, pv, r)
			}
		case dense:
			// hashGrid.near's cells, in its order, without a call per
			// point.
			for _, cell := range d.dgrid.around(pv) {
				for _, u := range cell {
					r = d.repel(v, u, pv, r)
				}
			}
		default:
			d.vgrid.near(pv, func(u int32) { r = d.repel(v, u, pv, r) })
		}
		// Clear the marks (a vertex id can repeat across phases).
		for _, h := range d.g.Neighbors(int(v)) {
			d.adjMark[h.To] = 0
		}
		d.adjMark[v] = 0
		d.force[v] = r2.Sub(f, r)
	}
	d.repelEdges()
	d.gravity()
}

// mass returns 1 plus the sum of v's spring weights (weight): the
// stiffness, per unit of s·κ, that v's step divides its force by, and so
// what gravity multiplies its pull by for v to move Gravity of its
// distance per step. It is v's degree + 1 when every factor is 1. It
// depends only on v's corridors and the bridge weights, so it is kept in
// masses, computed when v joins the drawing (Sync), again when its
// corridors change (Touch) and when its bridge weights do
// (weighBridges), not at every step.
func (d *drawing) mass(v int32) float64 { return d.masses[v] }

// weighMass sets masses[v] from v's corridors.
func (d *drawing) weighMass(v int) {
	k := 1.0
	for _, h := range d.g.Neighbors(v) {
		k += d.weight(int32(v), h)
	}
	d.masses[v] = k
}

// weight returns the weight of v's spring h: springWeight, times the
// bridge weight in the construction drawing.
func (d *drawing) weight(v int32, h grammar.Half) float64 {
	w := springWeight(h)
	if !d.rooms {
		w = float64(w * d.bridges.of(int(v), h.To))
	}
	return w
}

// gravity pulls every vertex toward the centroid of the drawing, in
// phases that move every vertex, with a force that alone would move a
// vertex Gravity of its distance to the centroid per iteration: the pull
// times mass(v), which the step divides by. Springs
// and repulsion say nothing about how a level sits as a whole: without
// it a branching level's tunnels straighten out radially and the level
// spreads (caves seed 113: 330 rooms, 158 room extents wide, rooms 1.3%
// of the bounding box); with it branches fold in beside each other.
func (d *drawing) gravity() {
	d.pulled = false
	if d.f.Gravity == 0 || len(d.active) != len(d.Pos) || len(d.Pos) == 0 {
		return
	}
	d.pulled = true
	d.pull = resize(d.pull, len(d.Pos))
	var c r2.Vec
	for _, p := range d.Pos {
		c = r2.Add(c, p)
	}
	n := float64(len(d.Pos))
	c = r2.Vec{X: c.X / n, Y: c.Y / n}
	for _, v := range d.active {
		f := float64(float64(d.f.Gravity*float64(d.f.SpringStrength*stiffness)) * d.mass(v))
		to := r2.Sub(c, d.Pos[v])
		d.force[v] = axpy(f, to, d.force[v])
		d.pull[v] = float64(d.f.Gravity * norm(to))
	}
}

// gravityStep returns the length of gravity's part of v's step with step
// factor h, before any limit: the cooling times h times Gravity of v's
// distance to the centroid.
func (d *drawing) gravityStep(v int32, h float64) float64 {
	if !d.pulled {
		return 0
	}
	return float64(float64(d.cool*h) * d.pull[v])
}

// pairForces computes the forces of a phase in which every vertex is
// active and few enough to try every pair: each spring and each repelling
// pair once, applied to both ends with opposite signs (both forces are
// antisymmetric, coincident vertices included), which halves the work of
// the loop in computeForces.
func (d *drawing) pairForces() {
	for v := range d.force {
		d.force[v] = r2.Vec{}
	}
	for i := range d.Pos {
		v := int32(i)
		pv := d.Pos[v]
		fv := d.force[v]
		for _, h := range d.g.Neighbors(i) {
			d.adjMark[h.To] = v + 1
			if h.To > i {
				s := d.spring(v, h, pv)
				fv = r2.Add(fv, s)
				d.force[h.To] = r2.Sub(d.force[h.To], s)
			}
		}
		for u := v + 1; int(u) < len(d.Pos); u++ {
			if d.adjMark[u] == v+1 {
				continue
			}
			r := d.repel(v, u, pv, r2.Vec{})
			if r.X != 0 || r.Y != 0 {
				fv = r2.Sub(fv, r)
				d.force[u] = r2.Add(d.force[u], r)
			}
		}
		d.force[v] = fv
		for _, h := range d.g.Neighbors(i) {
			d.adjMark[h.To] = 0
		}
	}
}

// spring returns the force on v, at pv, of its edge h: the spring toward
// the edge's target length.
func (d *drawing) spring(v int32, h grammar.Half, pv r2.Vec) r2.Vec {
	to := r2.Sub(d.Pos[h.To], pv)
	dist := norm(to)
	t := d.target(int(v), h)
	if d.rooms {
		// The design's force, the vector times a factor, vanishes as an
		// edge collapses: in the relax pass it acts as if the edge were
		// at least half its target long, so that a collapsed corridor
		// opens.
		to, dist = atLeast(to, dist, t/2, v, int32(h.To))
	}
	if dist < 0.5 {
		dist = 0.5
	}
	return scale(float64(springFactor(d.hooke, d.f.SpringStrength, dist, t)*d.weight(v, h)), to)
}

// springWeight returns the weight of h's spring, 1/f² for a length factor
// f: the spring then descends the stress of the visible lengths as they
// are judged, Σ((d − t)/f)², whose gradient per corridor is (d − t)/f², as
// stress majorization weighs each pair by its target distance to the −2
// (Gansner, Koren and North 2004). For a factor above 1 the target
// depends on the corridor's direction (roomTarget), and the spring stays
// radial with the target of the moment: it is not the gradient of that
// stress (which would add a turning term), so a corridor is not pushed to
// turn to change its own target. With equal springs the spokes of a
// crowded room all stretch by about as many world units, which counts
// twice for an antechamber of factor 0.5 and a third for an approach of
// factor 3 (hub's tail; NOTES.md). The step size counts the weights
// (step), so a stiff spring does not oscillate. Factor 1 gives 1: levels
// without factors are unchanged to the bit. A factor below
// roomKeepFraction weighs as that fraction: no corridor is drawn shorter
// than that share of the gap (floorTarget), and a spring of 1/f² for f = 1/256 (a
// loop nested eight deep at half the factor each time) takes nearly the
// whole step of its rooms, which then hardly move for anything else.
func springWeight(h grammar.Half) float64 {
	f := max(roomKeepFraction, lengthFactor(h.LengthFactor))
	return 1 / float64(f*f)
}

// radii returns the radii the forces see: the full ones while the rooms
// inflate.
func (d *drawing) radii() []float64 {
	if d.full != nil {
		return d.full
	}
	return d.Radius
}

// repelEdges pushes every room in edgePairs away from its corridor, and
// the corridor's ends away from the room in proportion to how near each
// is to the nearest point (ImPrEd's node-edge repulsion, with the design's
// law: the vector between them times repulsion / gap², gap being the
// distance less the room's radius, in edge lengths). Without it nothing
// parts a room from a corridor of a neighbour at a narrow angle, and the
// rooms cannot inflate past it.
func (d *drawing) repelEdges() {
	rad := d.radii()
	for _, p := range d.edgePairs {
		u, a, b := p[0], p[1], p[2]
		pu, pa := d.Pos[u], d.Pos[a]
		t, ab, _ := project(pu, pa, d.Pos[b])
		to := r2.Sub(axpy(t, ab, pa), pu)
		dist := norm(to)
		if dist == 0 {
			// On the corridor: away from it, to the side fixed by ids.
			to, dist = onCorridorDir(u, a, ab), 1
		}
		// As if the room were at least touching the corridor (see
		// repel).
		to, dist = atLeast(to, dist, rad[u], u, a)
		k, ok := repulsionFactor(dist-rad[u], d.f.EdgeLength, d.f.Repulsion, d.f.Cutoff)
		if !ok {
			continue
		}
		f := scale(k, to)
		if d.isActive[u] {
			d.force[u] = r2.Sub(d.force[u], f)
		}
		if d.isActive[a] {
			d.force[a] = axpy(1-t, f, d.force[a])
		}
		if d.isActive[b] {
			d.force[b] = axpy(t, f, d.force[b])
		}
	}
}

// repel adds to r the repulsion on v (at pv) from u, unless u is v or a
// neighbour (marked in adjMark): the design's force, the vector from v to
// u times repulsion / gap², gap being their distance less both radii, in
// edge lengths, and nothing beyond the cutoff.
func (d *drawing) repel(v, u int32, pv r2.Vec, r r2.Vec) r2.Vec {
	if d.adjMark[u] == v+1 {
		return r
	}
	to := r2.Sub(d.Pos[u], pv)
	rad := d.radii()
	if beyondCutoff(norm2(to), float64(d.f.Cutoff*d.f.EdgeLength)+rad[v]+rad[u]) {
		return r
	}
	dist := norm(to)
	if dist == 0 {
		// Coincident vertices: push apart along a direction fixed by
		// their ids (coincidentDir(v, u), not normalised).
		to = r2.Vec{X: 1e-3, Y: float64(u-v) * 1e-3}
		if u < v {
			to.X = -to.X
		}
		dist = norm(to)
	}
	if d.rooms {
		// The design's force, the vector times a factor, weakens as two
		// overlapping rooms' centres close: in the relax pass it acts as
		// if they were at least touching.
		to, dist = atLeast(to, dist, rad[v]+rad[u], v, u)
	}
	k, ok := repulsionFactor(dist-rad[v]-rad[u], d.f.EdgeLength, d.f.Repulsion, d.f.Cutoff)
	if !ok {
		return r
	}
	return axpy(k, to, r)
}

// heatDrop and heatGrow: per-vertex step control, after the local
// temperatures of GEM (Frick, Ludwig and Mehldau 1994). A vertex whose
// step turns back on its last move by more than 120° is oscillating across
// a stiff force (a room held a few units from another by repulsion that
// grows as 1/gap², say) and its step halves; one that keeps its direction
// (within 60°) gets its step back by heatGrow per iteration, up to the
// common step. The global cooling cannot do this: one oscillating vertex
// would slow every other, and it shrinks the step for all of them only
// slowly. Measured over 200 seeds: tree's relax pass ran to its
// 300-iteration cap with rooms swinging ±12 units each iteration; with
// heat it converges in 190 iterations on average, and tree levels take 29%
// less time.
const (
	heatDrop = 0.5
	heatGrow = 1.2
)

// stepHeat is each vertex's step factor and its last move.
type stepHeat struct {
	last []r2.Vec
	heat []float64
}

// reset gives the active vertices, of n, a factor of 1 and no last move.
func (s *stepHeat) reset(n int, active []int32) {
	s.last = resize(s.last, n)
	s.heat = resize(s.heat, n)
	for _, v := range active {
		s.last[v], s.heat[v] = r2.Vec{}, 1
	}
}

// update updates and returns v's step factor, given its step m before the
// factor.
func (s *stepHeat) update(v int32, m r2.Vec) float64 {
	p, h := s.last[v], s.heat[v]
	dot := dot(p, m)
	nn := math.Sqrt(float64(norm2(p) * norm2(m)))
	switch {
	case nn == 0 || math.IsNaN(nn):
	case dot < float64(-0.5*nn):
		h = float64(h * heatDrop)
	case dot > float64(0.5*nn):
		h = min(1, float64(h*heatGrow))
	}
	s.heat[v] = h
	return h
}
