package layout

import (
	"context"
	"math"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// freeEvery is how often, in iterations, the vertices freed to undo
// conflicts are checked again.
const freeEvery = 8

// drawing lays out a grammar graph with forces, one iteration per Update,
// like gonum's layout.OptimizerR2: the construction drawing and the relax
// pass drive it phase by phase.
//
// Only the active vertices move. Their forces come from their edges and from
// every vertex within the repulsion cutoff, found through a grid built over
// the active vertices and a frame of vertices around them; the rest of the
// graph is not visited, so a phase after a rewrite costs time in proportion
// to the rewrite's neighbourhood, not to the level.
//
// It is made of parts with one job each, and Update combines them:
//   - activeFrame (frame.go): which vertices move, which they can feel, and
//     the index that finds them;
//   - budgets (crossfree.go): the per-window move limits that keep a
//     drawing without crossings free of them;
//   - inflation (inflate.go): the growing room sizes of the relax pass;
//   - schedule (schedule.go): cooling, convergence and the phase's end;
//   - the force kernel (forces.go, kernel.go) on the FMA-safe vector
//     helpers of vec.go, and the per-vertex step control (heat).
type drawing struct {
	g     *grammar.Graph
	f     params.Forces
	hooke bool
	// ctx, if set, ends a phase at the head of its next iteration once it
	// is done: Update returns false with the drawing unconverged. A
	// drawing that completes is the same with or without it.
	ctx context.Context
	// Pos holds the positions being optimised, indexed by vertex id. The
	// graph's own positions are updated by Commit.
	Pos []r2.Vec
	// Radius holds each vertex's room radius (0 before rooms exist).
	Radius []float64
	// rooms makes an edge's target the sum of its rooms' radii plus
	// roomGap × length factor (corridorTarget), instead of EdgeLength ×
	// length factor; meanTarget is the mean of those targets.
	rooms      bool
	roomGap    float64
	meanTarget float64
	// sizes, when set with rooms, holds the rooms' full rectangles: an
	// edge's target is then roomTarget, which follows the rectangles
	// along the corridor's current direction.
	sizes []Room

	activeFrame
	budgets
	inflation
	schedule
	kernel
	heat stepHeat
	// checker, discs, corrs and pairs are scratch for the exact near-pair
	// queries of the budgets and the inflation.
	checker Checker
	discs   []Disc
	corrs   []Corridor
	pairs   []Conflict
}

// newDrawing returns a drawing of g with forces f (zero fields take their
// defaults), starting from the graph's positions, with every vertex
// active.
func newDrawing(g *grammar.Graph, f params.Forces) *drawing {
	d := &drawing{g: g, f: f.WithDefaults()}
	d.hooke = d.f.Hooke()
	d.Sync()
	d.SetActive(nil)
	return d
}

// UseRooms makes every edge's target length the sum of its two rooms' radii
// plus gap times its length factor (the relax pass; with sizes set, plus
// for a factor above 1 its rooms' disc slack, roomTarget), instead of
// EdgeLength times its length factor.
func (d *drawing) UseRooms(gap float64) {
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
func (d *drawing) Sync() {
	for id := len(d.Pos); id < d.g.Order(); id++ {
		d.Pos = append(d.Pos, d.g.Vertex(id).Pos)
	}
	for len(d.Radius) < len(d.Pos) {
		d.Radius = append(d.Radius, 0)
	}
	for v := len(d.masses); v < len(d.Pos); v++ {
		d.masses = append(d.masses, 0)
		d.weighMass(v)
	}
}

// Touch tells the drawing that the edges of the given vertices may have
// changed (a rewrite matched them).
func (d *drawing) Touch(ids []int) {
	d.index.touch(len(d.Pos), ids)
	for _, v := range ids {
		if v >= 0 && v < len(d.masses) {
			d.weighMass(v)
		}
	}
}

// Commit writes the active vertices' positions back into the graph.
func (d *drawing) Commit() {
	for _, v := range d.active {
		d.g.SetPos(int(v), d.Pos[v])
	}
}

// CommitAll writes every position back into the graph.
func (d *drawing) CommitAll() {
	for v, p := range d.Pos {
		d.g.SetPos(v, p)
	}
}

// SetActive starts a new phase in which only the given vertices move (all
// of them for nil), and resets the iteration count.
func (d *drawing) SetActive(ids []int) {
	n := len(d.Pos)
	d.setActive(n, ids)
	d.heat.reset(n, d.active)
	d.maxR = 0
	for _, r := range d.Radius {
		d.maxR = max(d.maxR, r)
	}
	d.buildFrame()
	d.startBudgets(d.f.CrossingFree)
	window := 1
	if d.bounded() {
		window = boundEvery
		if d.markFree() {
			d.mode = freeing
		}
	}
	d.schedule.reset(d.f.ConvergenceDistance, d.f.MaxIterations, window)
}

// reach is the distance within which a vertex can feel another: the
// repulsion cutoff plus two room radii.
func (d *drawing) reach() float64 {
	return float64(d.f.Cutoff*d.f.EdgeLength) + 2*d.maxR
}

// maxMove is the largest move of one vertex in one iteration: MaxDelta
// edge lengths, or, with rooms, MaxDelta mean corridor targets, since those
// are the lengths the relax pass works at.
func (d *drawing) maxMove() float64 {
	if d.rooms && d.meanTarget > 0 {
		return float64(d.f.MaxDelta * d.meanTarget)
	}
	return float64(d.f.MaxDelta * d.f.EdgeLength)
}

// Iterations returns the number of iterations of the current phase.
func (d *drawing) Iterations() int { return d.iter }

// Converged reports whether the current phase ended because no vertex moved
// more than ConvergenceDistance.
func (d *drawing) Converged() bool { return d.end == converged }

// Update runs one iteration and reports whether the phase should go on: it
// returns false once the drawing has converged or the phase has run
// MaxIterations iterations.
func (d *drawing) Update() bool {
	switch {
	case d.end != running:
		return false
	case d.ctx != nil && d.ctx.Err() != nil:
		d.stop(cancelled)
		return false
	case len(d.active) == 0:
		d.stop(converged)
		return false
	}
	d.computeForces()
	if d.mode == freeing && d.iter%freeEvery == freeEvery-1 {
		// Some vertices were freed to undo conflicts: see which are still
		// involved in one.
		if !d.markFree() {
			d.mode = bounded
		}
		d.restartWindow()
	}
	if d.beginIteration() && d.bounded() {
		if d.full != nil && d.grow < 1 {
			d.inflate()
		}
		d.computeBounds()
	}
	total, largest, starved := d.step()
	d.moveActive()
	return d.endIteration(total, largest, starved, d.growing())
}

// step computes every active vertex's move into d.move. It returns the
// moves' total, which the cooling judges window by window; the largest
// move less gravity's part of it, which says whether the drawing has
// converged; and whether some vertex was starved: stopped by a budget it
// spent earlier in the window rather than by a constraint, so that it has
// not settled.
func (d *drawing) step() (total, largest float64, starved bool) {
	maxMove := d.maxMove()
	limited := d.bounded()
	for _, v := range d.active {
		eta := float64(d.cool / float64(d.f.SpringStrength*stiffness*d.mass(v)))
		m := scale(eta, d.force[v])
		h := 1.0
		if !limited || !d.free[v] {
			h = d.heat.update(v, m)
			m = scale(h, m)
		}
		l := norm(m)
		if math.IsNaN(l) {
			m, l = r2.Vec{}, 0
		}
		limit := maxMove
		if limited {
			limit = min(limit, d.bound[v])
			if l > d.bound[v] && l > d.convergence && d.boundStart[v] > d.convergence {
				starved = true
			}
		}
		if l > limit {
			m = scale(limit/l, m)
			l = limit
		}
		if limited {
			m, l = d.spend(v, m, l, d.Pos[v])
		}
		d.move[v] = m
		d.heat.last[v] = m
		total += l
		// Gravity's share of the step does not keep the phase going: its
		// slow mode, a branch folding in, would run most phases to their
		// cap (dungeon: 2 of 100 relax passes converged with it counted).
		largest = max(largest, l-d.gravityStep(v, h))
	}
	return total, largest, starved
}

// moveActive applies the moves, keeps the frame index told of drift, and
// rebuilds the frame when an active vertex has drifted half its way out.
func (d *drawing) moveActive() {
	drift := false
	track := d.index.live() && len(d.active) < len(d.Pos)
	if d.index.live() && !track {
		d.index.invalidate()
	}
	for _, v := range d.active {
		p := r2.Add(d.Pos[v], d.move[v])
		d.Pos[v] = p
		if track {
			d.index.drifted(v, p)
		}
		if norm2(r2.Sub(p, d.origin[v])) > d.extent*d.extent/4 {
			drift = true
		}
	}
	if drift {
		d.buildFrame()
	}
}

// Run iterates until the phase ends and returns its iteration count.
func (d *drawing) Run() int {
	for d.Update() {
	}
	return d.iter
}

func (d *drawing) target(a int, h grammar.Half) float64 {
	if d.rooms && d.sizes != nil {
		return roomTarget(d.roomGap, d.sizes[a], d.sizes[h.To], r2.Sub(d.Pos[h.To], d.Pos[a]), h.LengthFactor)
	}
	if d.full != nil {
		return corridorTarget(d.roomGap, d.full[a], d.full[h.To], h.LengthFactor)
	}
	if d.rooms {
		return corridorTarget(d.roomGap, d.Radius[a], d.Radius[h.To], h.LengthFactor)
	}
	return float64(d.f.EdgeLength * h.LengthFactor)
}
