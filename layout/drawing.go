package layout

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// bruteForce: phases with at most this many local vertices find repelling
// pairs by trying them all, which beats a grid at that size.
const bruteForce = 96

// maxCool is the largest multiple of the base step size (the one that would
// settle a single spring in one step) that adaptive cooling may reach when
// the drawing keeps making progress.
const maxCool = 4

// freeEvery is how often, in iterations, the vertices freed to undo
// conflicts are checked again.
const freeEvery = 8

// Drawing lays out a grammar graph with forces, one iteration per Update,
// like gonum's layout.OptimizerR2: a caller can animate it or stop it.
//
// Only the active vertices move. Their forces come from their edges and from
// every vertex within the repulsion cutoff, found through a grid built over
// the active vertices and a frame of vertices around them; the rest of the
// graph is not visited, so a phase after a rewrite costs time in proportion
// to the rewrite's neighbourhood, not to the level.
type Drawing struct {
	g *grammar.Graph
	f Forces
	// Pos holds the positions being optimised, indexed by vertex id. The
	// graph's own positions are updated by Commit.
	Pos []r2.Vec
	// Radius holds each vertex's room radius (0 before rooms exist).
	Radius []float64
	// roomGap, when rooms is set, makes an edge's target the sum of its
	// rooms' radii plus roomGap × length factor (corridorTarget), instead
	// of EdgeLength × length factor.
	rooms      bool
	roomGap    float64
	meanTarget float64
	// full, when not nil, holds the rooms' full radii while the drawing
	// inflates them (see inflate.go): targets come from full, Radius holds
	// grow times full.
	full []float64
	grow float64
	grew bool
	// inflations counts calls of inflate; growMark is grow at the last
	// multiple of stallWindows of them, and stalled says the rooms grew
	// too little since the one before.
	inflations int
	growMark   float64
	stalled    bool

	active   []int32
	isActive []bool
	local    []int32
	isLocal  []bool
	origin   []r2.Vec // active vertices' positions when the frame was built
	frame    float64  // how far an active vertex may drift before the frame is rebuilt
	maxR     float64
	vgrid    hashGrid
	// adjMark[u] == v+1 marks u as a neighbour of v (or v itself) while
	// v's forces are computed.
	adjMark []int32
	checker Checker
	// index files every vertex and corridor for buildFrame; indexStale
	// says a phase of the whole drawing has moved vertices since.
	index      frameIndex
	indexStale bool
	discs      []Disc
	corrs      []Corridor
	pairs      []Conflict
	force      []r2.Vec
	move       []r2.Vec
	// last is each active vertex's move in the previous iteration and heat
	// its step factor (see stepHeat).
	last  []r2.Vec
	heat  []float64
	bound []float64
	// boundStart is each vertex's budget at the start of the window.
	boundStart []float64
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
	// reachOf is each vertex's total budget at the window's start, moved
	// what it moved in the window, and windows counts the windows of the
	// phase.
	reachOf []float64
	moved   []float64
	windows int
	// edgePairs holds the rooms and corridors (room, end, end) found
	// near each other when the budgets were last computed, in the relax
	// pass: they repel (see repelEdges).
	edgePairs [][3]int32
	// pull is Gravity times each vertex's distance to the centroid, when
	// pulled says gravity acted in the last computation of forces.
	pull   []float64
	pulled bool

	iter      int
	done      bool
	converged bool
	cool      float64
	lastTotal float64
	progress  int
	bounded   bool
	// conflicted: the local drawing had a conflict when last checked, so
	// the vertices in free move without bounds.
	conflicted bool
	free       []bool
	// sinceBounds counts the iterations since the move budgets were
	// computed (or since the phase started, when moves are not bounded).
	sinceBounds int
	windowTotal float64
	// convergence is the phase's convergence distance, which grows as the
	// phase goes on (see Update).
	convergence float64
}

// NewDrawing returns a drawing of g with forces f (zero fields take their
// defaults), starting from the graph's positions, with every vertex
// active.
func NewDrawing(g *grammar.Graph, f Forces) *Drawing {
	d := &Drawing{g: g, f: f.withDefaults()}
	d.Sync()
	d.SetActive(nil)
	return d
}

// UseRooms makes every edge's target length the sum of its two rooms' radii
// plus gap times its length factor (the relax pass), instead of EdgeLength
// times its length factor.
func (d *Drawing) UseRooms(gap float64) {
	d.rooms, d.roomGap = true, gap
	var sum float64
	edges := 0
	for v := range d.Pos {
		for _, h := range d.g.Neighbors(v) {
			if h.To > v {
				sum += d.target(v, h)
				edges++
			}
		}
	}
	d.meanTarget = 0
	if edges > 0 {
		d.meanTarget = sum / float64(edges)
	}
}

// Sync appends the positions of vertices added to the graph since the last
// call, and grows Radius to match.
//
// Edges of vertices that existed before may have changed too: Touch them.
func (d *Drawing) Sync() {
	for id := len(d.Pos); id < d.g.Order(); id++ {
		d.Pos = append(d.Pos, d.g.Vertex(id).Pos)
	}
	for len(d.Radius) < len(d.Pos) {
		d.Radius = append(d.Radius, 0)
	}
}

// Touch tells the drawing that the edges of the given vertices may have
// changed (a rewrite matched them).
func (d *Drawing) Touch(ids []int) {
	if d.index.verts == nil {
		return
	}
	d.index.grow(len(d.Pos))
	for _, v := range ids {
		if v >= 0 && v < len(d.Pos) {
			d.index.markDirty(int32(v))
		}
	}
}

// Commit writes the active vertices' positions back into the graph.
func (d *Drawing) Commit() {
	for _, v := range d.active {
		d.g.SetPos(int(v), d.Pos[v])
	}
}

// CommitAll writes every position back into the graph.
func (d *Drawing) CommitAll() {
	for v, p := range d.Pos {
		d.g.SetPos(v, p)
	}
}

// SetActive starts a new phase in which only the given vertices move (all
// of them for nil), and resets the iteration count.
func (d *Drawing) SetActive(ids []int) {
	n := len(d.Pos)
	d.isActive = resize(d.isActive, n)
	clear(d.isActive)
	d.active = d.active[:0]
	if ids == nil {
		for v := range n {
			d.active = append(d.active, int32(v))
			d.isActive[v] = true
		}
	} else {
		for _, v := range ids {
			if v >= 0 && v < n && !d.isActive[v] {
				d.isActive[v] = true
				d.active = append(d.active, int32(v))
			}
		}
		slices.Sort(d.active)
	}
	d.last = resize(d.last, n)
	d.heat = resize(d.heat, n)
	for _, v := range d.active {
		d.last[v], d.heat[v] = r2.Vec{}, 1
	}
	d.iter, d.done, d.converged = 0, false, false
	d.cool, d.lastTotal, d.progress = 1, math.Inf(1), 0
	d.maxR = 0
	for _, r := range d.Radius {
		d.maxR = max(d.maxR, r)
	}
	d.buildFrame()
	d.bounded = d.f.CrossingFree
	if d.bounded {
		d.conflicted = d.markFree()
	}
	d.sinceBounds, d.windowTotal, d.windows = 0, 0, 0
	d.convergence = d.f.ConvergenceDistance
}

// reach is the distance within which a vertex can feel another: the
// repulsion cutoff plus two room radii.
func (d *Drawing) reach() float64 {
	return float64(d.f.Cutoff*d.f.EdgeLength) + 2*d.maxR
}

// maxMove is the largest move of one vertex in one iteration: MaxDelta
// edge lengths, or, with rooms, MaxDelta mean corridor targets, since those
// are the lengths the relax pass works at.
func (d *Drawing) maxMove() float64 {
	if d.rooms && d.meanTarget > 0 {
		return float64(d.f.MaxDelta * d.meanTarget)
	}
	return float64(d.f.MaxDelta * d.f.EdgeLength)
}

// buildFrame finds the local vertices: the active ones, their neighbours,
// and every vertex within reach (plus a margin for drift) of an active one.
func (d *Drawing) buildFrame() {
	n := len(d.Pos)
	d.isLocal = resize(d.isLocal, n)
	d.origin = resize(d.origin, n)
	d.local = d.local[:0]
	if len(d.active) == n {
		for v := range n {
			d.isLocal[v] = true
			d.local = append(d.local, int32(v))
		}
		d.frame = math.Inf(1)
		return
	}
	clear(d.isLocal)
	d.frame = d.reach() + float64(3*d.maxMove())
	mark := func(v int32) {
		if !d.isLocal[v] {
			d.isLocal[v] = true
			d.local = append(d.local, v)
		}
	}
	for _, v := range d.active {
		d.origin[v] = d.Pos[v]
		mark(v)
		for _, h := range d.g.Neighbors(int(v)) {
			mark(int32(h.To))
		}
	}
	// Every vertex within the frame of an active vertex, and every corridor
	// passing within it (a long corridor can pass by with both ends far
	// away), found through the frame index.
	d.frameFromIndex(mark)
	slices.Sort(d.local)
}

// Iterations returns the number of iterations of the current phase.
func (d *Drawing) Iterations() int { return d.iter }

// Converged reports whether the current phase ended because no vertex moved
// more than ConvergenceDistance.
func (d *Drawing) Converged() bool { return d.converged }

// Update runs one iteration and reports whether the phase should go on: it
// returns false once the drawing has converged or the phase has run
// MaxIterations iterations.
func (d *Drawing) Update() bool {
	if d.done {
		return false
	}
	if d.f.Context != nil && d.f.Context.Err() != nil {
		d.done = true
		return false
	}
	if len(d.active) == 0 {
		d.done, d.converged = true, true
		return false
	}
	d.computeForces()
	maxMove := d.maxMove()
	if d.bounded && d.conflicted && d.iter%freeEvery == freeEvery-1 {
		// Some vertices were freed to undo conflicts: see which are still
		// involved in one.
		d.conflicted = d.markFree()
		d.sinceBounds = 0
	}
	fresh := d.sinceBounds%d.window() == 0
	if d.bounded && fresh {
		if d.full != nil && d.grow < 1 {
			d.inflate()
		}
		d.computeBounds()
	}
	d.sinceBounds++
	// total sums the moves made, which the cooling judges window by
	// window; largest is the largest move made, which says whether the
	// drawing has converged, unless some vertex was starved: stopped by a
	// budget it spent earlier in the window rather than by a constraint.
	var total, largest float64
	starved := false
	for _, v := range d.active {
		k := float64(len(d.g.Neighbors(int(v))) + 1)
		eta := float64(d.cool / float64(d.f.SpringStrength*stiffness*k))
		m := r2.Vec{X: float64(d.force[v].X * eta), Y: float64(d.force[v].Y * eta)}
		h := 1.0
		if !d.bounded || !d.free[v] {
			h = d.stepHeat(v, m)
			m = r2.Vec{X: float64(m.X * h), Y: float64(m.Y * h)}
		}
		l := math.Sqrt(float64(m.X*m.X) + float64(m.Y*m.Y))
		if math.IsNaN(l) {
			m, l = r2.Vec{}, 0
		}
		limit := maxMove
		if d.bounded {
			limit = min(limit, d.bound[v])
			// Held back by a budget spent earlier in the window, not by a
			// tight constraint: the vertex has not settled.
			if l > d.bound[v] && l > d.convergence && d.boundStart[v] > d.convergence {
				starved = true
			}
		}
		if l > limit {
			s := limit / l
			m = r2.Vec{X: float64(m.X * s), Y: float64(m.Y * s)}
			l = limit
		}
		// No limit can bind a vertex whose moves in the window, this one
		// included, add up to less than the smallest limit.
		if d.bounded && !d.free[v] && float64(d.moved[v]+l) > d.consMin[v] {
			m = d.clip(v, m)
			l = math.Sqrt(float64(m.X*m.X) + float64(m.Y*m.Y))
		}
		if d.bounded {
			// What is left of the budget for the iterations until the
			// next computation.
			d.bound[v] = max(0, float64(d.bound[v]-l))
		}
		d.move[v], d.last[v] = m, m
		if d.bounded {
			d.moved[v] += l
		}
		total += l
		// Gravity's share of the step does not keep the phase going: its
		// slow mode, a branch folding in, would run most phases to their
		// cap (dungeon: 2 of 100 relax passes converged with it counted).
		largest = max(largest, float64(l-d.gravityStep(v, h)))
	}
	drift := false
	track := d.index.verts != nil && len(d.active) < len(d.Pos)
	if d.index.verts != nil && !track {
		d.indexStale = true
	}
	for _, v := range d.active {
		p := r2.Add(d.Pos[v], d.move[v])
		d.Pos[v] = p
		if track {
			d.index.drifted(v, p)
		}
		if dx, dy := float64(p.X-d.origin[v].X), float64(p.Y-d.origin[v].Y); float64(dx*dx)+float64(dy*dy) > d.frame*d.frame/4 {
			drift = true
		}
	}
	d.iter++
	// Adaptive cooling (Hu), judged over whole budget windows (single
	// iterations when moves are not bounded): a window that moves more
	// than the last shrinks the step size; five good ones in a row grow it
	// back.
	d.windowTotal += total
	if d.sinceBounds%d.window() == 0 {
		if d.windowTotal > 0.99*d.lastTotal {
			d.cool = max(0.9*d.cool, 0.02)
			d.progress = 0
		} else if d.progress++; d.progress >= 5 {
			d.cool = min(d.cool/0.9, maxCool)
			d.progress = 0
		}
		d.lastTotal, d.windowTotal = d.windowTotal, 0
	}
	if drift {
		d.buildFrame()
	}
	if d.iter%100 == 0 {
		// The design's rule: a drawing that takes long to converge is
		// already good long before, so every 100 iterations the
		// convergence distance grows by half.
		d.convergence *= 1.5
	}
	if !starved && largest < d.convergence && !(d.grew && d.grow < 1) {
		d.done, d.converged = true, true
		return false
	}
	if d.iter >= d.f.MaxIterations {
		d.done = true
		return false
	}
	return true
}

// Per-vertex step control, after the local temperatures of GEM (Frick,
// Ludwig and Mehldau 1994): a vertex whose step turns back on its last
// move by more than 120° is oscillating across a stiff force (a room held
// a few units from another by repulsion that grows as 1/gap², say) and its
// step halves; one that keeps its direction (within 60°) gets its step
// back by heatGrow per iteration, up to the common step. The global
// cooling below cannot do this: one oscillating vertex would slow every
// other, and it shrinks the step for all of them only slowly. Measured
// over 200 seeds: tree's relax pass ran to its 300-iteration cap with
// rooms swinging ±12 units each iteration; with heat it converges in 190
// iterations on average, and tree levels take 29% less time.
const (
	heatDrop = 0.5
	heatGrow = 1.2
)

// stepHeat updates and returns v's step factor, given its step m before
// the factor.
func (d *Drawing) stepHeat(v int32, m r2.Vec) float64 {
	p, h := d.last[v], d.heat[v]
	dot := float64(p.X*m.X) + float64(p.Y*m.Y)
	nn := math.Sqrt(float64(float64(float64(p.X*p.X)+float64(p.Y*p.Y)) * float64(float64(m.X*m.X)+float64(m.Y*m.Y))))
	switch {
	case nn == 0 || math.IsNaN(nn):
	case dot < float64(-0.5*nn):
		h = float64(h * heatDrop)
	case dot > float64(0.5*nn):
		h = min(1, float64(h*heatGrow))
	}
	d.heat[v] = h
	return h
}

// Run iterates until the phase ends and returns its iteration count.
func (d *Drawing) Run() int {
	for d.Update() {
	}
	return d.iter
}

func (d *Drawing) target(a int, h grammar.Half) float64 {
	if d.full != nil {
		return corridorTarget(d.roomGap, d.full[a], d.full[h.To], h.LengthFactor)
	}
	if d.rooms {
		return corridorTarget(d.roomGap, d.Radius[a], d.Radius[h.To], h.LengthFactor)
	}
	return float64(d.f.EdgeLength * h.LengthFactor)
}

func (d *Drawing) computeForces() {
	n := len(d.Pos)
	d.force = resize(d.force, n)
	d.move = resize(d.move, n)
	if len(d.adjMark) < n {
		d.adjMark = append(d.adjMark, make([]int32, n-len(d.adjMark))...)
	}
	small := len(d.local) <= bruteForce
	if !small {
		d.vgrid.reset(d.reach())
		for _, v := range d.local {
			d.vgrid.add(v, d.Pos[v])
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
		var fx, fy float64
		// Springs, and marks on the neighbours so that the repulsion
		// loop can skip them without searching the adjacency.
		for _, h := range d.g.Neighbors(int(v)) {
			d.adjMark[h.To] = v + 1
			sx, sy := d.spring(v, h, pv)
			fx, fy = float64(fx+sx), float64(fy+sy)
		}
		d.adjMark[v] = v + 1
		var rx, ry float64
		if small {
			for _, u := range d.local {
				rx, ry = d.repel(v, u, pv, rx, ry)
			}
		} else {
			d.vgrid.near(pv, func(u int32) { rx, ry = d.repel(v, u, pv, rx, ry) })
		}
		// Clear the marks (a vertex id can repeat across phases).
		for _, h := range d.g.Neighbors(int(v)) {
			d.adjMark[h.To] = 0
		}
		d.adjMark[v] = 0
		d.force[v] = r2.Vec{X: float64(fx - rx), Y: float64(fy - ry)}
	}
	d.repelEdges()
	d.gravity()
}

// gravity pulls every vertex toward the centroid of the drawing, in
// phases that move every vertex, with a force that alone would move a
// vertex Gravity of its distance to the centroid per iteration. Springs
// and repulsion say nothing about how a level sits as a whole: without
// it a branching level's tunnels straighten out radially and the level
// spreads (caves seed 113: 330 rooms, 158 room extents wide, rooms 1.3%
// of the bounding box); with it branches fold in beside each other.
func (d *Drawing) gravity() {
	d.pulled = false
	if d.f.Gravity == 0 || len(d.active) != len(d.Pos) || len(d.Pos) == 0 {
		return
	}
	d.pulled = true
	d.pull = resize(d.pull, len(d.Pos))
	var cx, cy float64
	for _, p := range d.Pos {
		cx, cy = cx+p.X, cy+p.Y
	}
	n := float64(len(d.Pos))
	cx, cy = cx/n, cy/n
	for _, v := range d.active {
		k := float64(len(d.g.Neighbors(int(v))) + 1)
		f := float64(float64(d.f.Gravity*float64(d.f.SpringStrength*stiffness)) * k)
		p := d.Pos[v]
		dx, dy := float64(cx-p.X), float64(cy-p.Y)
		d.force[v] = r2.Vec{X: float64(d.force[v].X + float64(f*dx)), Y: float64(d.force[v].Y + float64(f*dy))}
		d.pull[v] = float64(d.f.Gravity * math.Sqrt(float64(dx*dx)+float64(dy*dy)))
	}
}

// gravityStep returns the length of gravity's part of v's step with step
// factor h, before any limit: the cooling times h times Gravity of v's
// distance to the centroid.
func (d *Drawing) gravityStep(v int32, h float64) float64 {
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
func (d *Drawing) pairForces() {
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
				sx, sy := d.spring(v, h, pv)
				fv = r2.Vec{X: float64(fv.X + sx), Y: float64(fv.Y + sy)}
				fu := d.force[h.To]
				d.force[h.To] = r2.Vec{X: float64(fu.X - sx), Y: float64(fu.Y - sy)}
			}
		}
		for u := v + 1; int(u) < len(d.Pos); u++ {
			if d.adjMark[u] == v+1 {
				continue
			}
			rx, ry := d.repel(v, u, pv, 0, 0)
			if rx != 0 || ry != 0 {
				fv = r2.Vec{X: float64(fv.X - rx), Y: float64(fv.Y - ry)}
				fu := d.force[u]
				d.force[u] = r2.Vec{X: float64(fu.X + rx), Y: float64(fu.Y + ry)}
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
func (d *Drawing) spring(v int32, h grammar.Half, pv r2.Vec) (float64, float64) {
	to := r2.Sub(d.Pos[h.To], pv)
	dist := math.Sqrt(float64(to.X*to.X) + float64(to.Y*to.Y))
	t := d.target(int(v), h)
	if d.rooms {
		// The design's force, the vector times a factor, vanishes as an
		// edge collapses: in the relax pass it acts as if the edge were
		// at least half its target long, so that a collapsed corridor
		// opens.
		to, dist = atLeast(to, dist, float64(t/2), v, int32(h.To))
	}
	if dist < 0.5 {
		dist = 0.5
	}
	k := springFactor(d.f.Spring, d.f.SpringStrength, dist, t)
	return float64(to.X * k), float64(to.Y * k)
}

// repelEdges pushes every room in edgePairs away from its corridor, and
// the corridor's ends away from the room in proportion to how near each
// is to the nearest point (ImPrEd's node-edge repulsion, with the design's
// law: the vector between them times repulsion / gap², gap being the
// distance less the room's radius, in edge lengths). Without it nothing
// parts a room from a corridor of a neighbour at a narrow angle, and the
// rooms cannot inflate past it.
func (d *Drawing) repelEdges() {
	rad := d.Radius
	if d.full != nil {
		rad = d.full
	}
	for _, p := range d.edgePairs {
		u, a, b := p[0], p[1], p[2]
		pu, pa := d.Pos[u], d.Pos[a]
		t, ab, _ := project(pu, pa, d.Pos[b])
		q := r2.Vec{X: float64(pa.X + float64(t*ab.X)), Y: float64(pa.Y + float64(t*ab.Y))}
		to := r2.Sub(q, pu)
		dist := math.Sqrt(float64(to.X*to.X) + float64(to.Y*to.Y))
		if dist == 0 {
			// On the corridor: away from it, to the side fixed by ids.
			to, dist = onCorridorDir(u, a, ab), 1
		}
		// As if the room were at least touching the corridor (see
		// repel).
		to, dist = atLeast(to, dist, rad[u], u, a)
		gap := float64(dist-rad[u]) / d.f.EdgeLength
		if gap > d.f.Cutoff {
			continue
		}
		if min := 0.5 / d.f.EdgeLength; gap < min {
			gap = min
		}
		f := d.f.Repulsion / float64(gap*gap)
		fx, fy := float64(to.X*f), float64(to.Y*f)
		if d.isActive[u] {
			d.force[u] = r2.Vec{X: float64(d.force[u].X - fx), Y: float64(d.force[u].Y - fy)}
		}
		if d.isActive[a] {
			s := 1 - t
			d.force[a] = r2.Vec{X: float64(d.force[a].X + float64(s*fx)), Y: float64(d.force[a].Y + float64(s*fy))}
		}
		if d.isActive[b] {
			d.force[b] = r2.Vec{X: float64(d.force[b].X + float64(t*fx)), Y: float64(d.force[b].Y + float64(t*fy))}
		}
	}
}

// repel adds to (rx, ry) the repulsion on v (at pv) from u, unless u is v
// or a neighbour (marked in adjMark): the design's force, the vector from v
// to u times repulsion / gap², gap being their distance less both radii, in
// edge lengths, and nothing beyond the cutoff.
func (d *Drawing) repel(v, u int32, pv r2.Vec, rx, ry float64) (float64, float64) {
	if d.adjMark[u] == v+1 {
		return rx, ry
	}
	to := r2.Sub(d.Pos[u], pv)
	dist := math.Sqrt(float64(to.X*to.X) + float64(to.Y*to.Y))
	if dist == 0 {
		// Coincident vertices: push apart along a direction fixed by
		// their ids (coincidentDir(v, u), not normalised).
		to = r2.Vec{X: 1e-3, Y: float64(u-v) * 1e-3}
		if u < v {
			to.X = -to.X
		}
		dist = math.Sqrt(float64(to.X*to.X) + float64(to.Y*to.Y))
	}
	rad := d.Radius
	if d.full != nil {
		rad = d.full
	}
	if d.rooms {
		// The design's force, the vector times a factor, weakens as two
		// overlapping rooms' centres close: in the relax pass it acts as
		// if they were at least touching.
		to, dist = atLeast(to, dist, float64(rad[v]+rad[u]), v, u)
	}
	gap := float64(float64(dist-rad[v])-rad[u]) / d.f.EdgeLength
	if gap > d.f.Cutoff {
		return rx, ry
	}
	if min := 0.5 / d.f.EdgeLength; gap < min {
		gap = min
	}
	f := d.f.Repulsion / float64(gap*gap)
	return float64(rx + float64(to.X*f)), float64(ry + float64(to.Y*f))
}

// window is the number of iterations over which moves are budgeted and
// judged: boundEvery when moves are bounded, else 1.
func (d *Drawing) window() int {
	if d.bounded {
		return boundEvery
	}
	return 1
}

// atLeast stretches the vector to, of length dist, to length min when it
// is shorter, keeping its direction (for a zero vector, one fixed by the
// ids u and v); it returns the vector and its length.
func atLeast(to r2.Vec, dist, min float64, u, v int32) (r2.Vec, float64) {
	if dist >= min || min <= 0 {
		return to, dist
	}
	if dist == 0 {
		to, dist = r2.Vec{X: 1, Y: float64(v - u)}, math.Sqrt(float64(1+float64(v-u)*float64(v-u)))
		if v < u {
			to.X = -to.X
		}
	}
	s := min / dist
	return r2.Vec{X: float64(to.X * s), Y: float64(to.Y * s)}, min
}
