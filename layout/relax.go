package layout

import (
	"context"
	"errors"
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// RelaxStats describes a relax pass.
type RelaxStats struct {
	// Scale is the factor the drawing was scaled by before relaxing.
	Scale float64
	// Iterations is the number of steps the pass took.
	Iterations int
	// Converged says whether the pass settled before its iteration cap.
	Converged bool
}

// minRelaxConvergence is the smallest convergence distance of the relax
// pass, in world units.
const minRelaxConvergence = 0.25

// ErrUnfixable is wrapped by Relax's error when the drawing it is given
// cannot be made valid by scaling: corridors cross, or vertices coincide.
var ErrUnfixable = errors.New("drawing cannot be made valid by scaling")

// Phase is a stage of the relax pass (see Relaxation).
type Phase uint8

const (
	// Inflate: the drawing, scaled only as far as most corridors need,
	// relaxes while the rooms grow from the size at which it is valid
	// toward their full size.
	Inflate Phase = iota
	// Settle: the rooms are at full size and the drawing relaxes until it
	// converges or reaches relax.max_iterations; a settled drawing near a
	// geometry limit is pressed once (see press.go), settles again, and
	// is kept only if it measures better.
	Settle
	// Done: the positions are rounded to whole world units and written
	// to the graph.
	Done
)

// String returns "inflate", "settle" or "done".
func (p Phase) String() string {
	switch p {
	case Inflate:
		return "inflate"
	case Settle:
		return "settle"
	}
	return "done"
}

// Relaxation is the relax pass as a step function, like gonum's
// layout.OptimizerR2: it fits a drawing to its rooms and relaxes it, one
// Step at a time, so that a caller can show it as it runs and see which
// Phase it is in. Relax runs one to its end.
//
// The exact start would be to scale the drawing about the centre of its
// bounding box by the smallest factor that makes it valid (every corridor
// at least its target length, gap plus both radii; every two rooms, and
// every room and a corridor not ending in it, at least a small margin
// apart), times 1.1, as the design does. That factor can be absurd: a few
// nearly collapsed pairs set it for the whole level. So the pass starts
// from the scale a quarter of the corridors need, with the rooms shrunk
// until the drawing is valid, and grows them back while it relaxes (phase
// Inflate, see inflate.go); at 0.9 of their size, or if they stop growing,
// the drawing is scaled by just enough to fit them and relaxes at full size
// (Settle). When the exact factor is no larger than that start, or the
// clearance scale cannot be found, the pass settles from the exact factor
// instead. Either way every edge is pulled toward its target, each move is
// bounded so that the drawing stays valid (see crossfree.go), and every
// position is rounded to whole world units (Done).
type Relaxation struct {
	g     *grammar.Graph
	rooms []Room
	gap   float64
	f     params.Forces
	ctx   context.Context
	// pos is the construction drawing; valid the exact validity scale
	// times 1.1.
	pos   []r2.Vec
	valid float64

	d     *drawing
	phase Phase
	// more says the current drawing phase's last Update went on; offset
	// counts the iterations of the inflation that count toward the pass.
	more   bool
	offset int
	stats  RelaxStats
	// pressed says the press has been considered; unpressed holds the
	// settled drawing it started from, and unpressedGeo its geometry.
	pressed      bool
	unpressed    []r2.Vec
	unpressedGeo Geometry
	// uniform is the product of the uniform scales reopen applied (0
	// before the first).
	uniform float64
	// limits are the level's quality limits, which decide whether the
	// press runs and whether its drawing is kept.
	limits Limits
	// nested marks the rooms inside the build's triangles
	// (Constructor.Relax; nil for none): a stall crowded mostly there
	// opens locally (nestsCrowded).
	nested []bool
}

// NewRelaxation returns the relax pass of g's drawing with the given
// rooms, corridor gap, forces ([relax]; CrossingFree is always on) and
// quality limits (the ruleset's [quality]; zero fields are defaults, see
// press.go), ready for its first Step; the graph's positions are updated when it is
// Done. The drawing must have no crossing corridors and no coincident
// vertices; otherwise NewRelaxation returns an error wrapping
// ErrUnfixable that names the offending pairs. Once ctx is done, the
// current phase ends at its next iteration.
func NewRelaxation(ctx context.Context, g *grammar.Graph, rooms []Room, gap float64, f params.Forces, lim Limits) (*Relaxation, error) {
	if ctx != nil && ctx.Err() != nil {
		// validScale checks every room: not for a level already stopped.
		return nil, ctx.Err()
	}
	pos := make([]r2.Vec, g.Order())
	for v := range pos {
		pos[v] = g.Vertex(v).Pos
	}
	// Which leaves take the inner ring of a crowded room is decided
	// here: the pass keeps the order of every room's corridors.
	arrangeLeaves(ctx, g, pos, rooms, gap)
	scale, err := validScale(g, pos, rooms, gap)
	if err != nil {
		return nil, err
	}
	f.CrossingFree = true
	// Positions are rounded to whole units at the end, so moves smaller
	// than a quarter unit cannot change the level: converging further is
	// wasted.
	f.ConvergenceDistance = max(f.ConvergenceDistance, minRelaxConvergence)
	r := &Relaxation{g: g, rooms: rooms, gap: gap, f: f, ctx: ctx, pos: pos, valid: float64(scale * 1.1), limits: lim.WithDefaults()}
	if !r.startInflating() {
		r.settleScaled()
	}
	return r, nil
}

// Relax runs the relax pass of g's drawing to its end (see Relaxation and
// NewRelaxation), calling watch, if not nil, with the relaxation before
// its first step and after each. watch must not change the relaxation; the
// level is the same with or without it. A drawing a Constructor built
// relaxes through Constructor.Relax, which also opens a stall crowded in
// the build's triangles locally; level.Generate does that.
func Relax(ctx context.Context, g *grammar.Graph, rooms []Room, gap float64, f params.Forces, lim Limits, watch func(*Relaxation)) (RelaxStats, error) {
	r, err := NewRelaxation(ctx, g, rooms, gap, f, lim)
	if err != nil {
		return RelaxStats{}, err
	}
	return r.run(watch), nil
}

// run steps r until it is Done, calling watch (if set) before the first
// step and after each, and returns its stats.
func (r *Relaxation) run(watch func(*Relaxation)) RelaxStats {
	if watch == nil {
		for r.Step() {
		}
		return r.Stats()
	}
	watch(r)
	for more := true; more; {
		more = r.Step()
		watch(r)
	}
	return r.Stats()
}

// Step runs one iteration of the current phase, or moves to the next
// phase when the current one has ended, and reports whether the pass goes
// on: it returns false once it is Done.
func (r *Relaxation) Step() bool {
	switch r.phase {
	case Inflate:
		if r.more && r.d.grow < finishGrowth && !r.d.stalled {
			r.more = r.d.Update()
		} else {
			r.endInflation()
		}
	case Settle:
		switch {
		case r.more:
			r.more = r.d.Update()
		case !r.pressSettled():
			r.finishPress()
			r.finish()
		}
	}
	return r.phase != Done
}

// Phase returns the phase the pass is in.
func (r *Relaxation) Phase() Phase { return r.phase }

// Iterations returns the iterations the pass has run that count toward
// RelaxStats: those of the inflation and the settling after it, or, when
// the pass settles from the exact scale after inflating, those of the
// settling alone.
func (r *Relaxation) Iterations() int { return r.offset + r.d.Iterations() }

// Growth returns the rooms' size as a fraction of their full size: below
// 1 while they inflate.
func (r *Relaxation) Growth() float64 { return r.d.Growth() }

// Positions returns the current positions, indexed by vertex id; when the
// pass is Done, the rounded positions written to the graph. The caller
// must not change them.
func (r *Relaxation) Positions() []r2.Vec { return r.d.Pos }

// Stats returns the pass's statistics so far: final once it is Done.
func (r *Relaxation) Stats() RelaxStats {
	st := r.stats
	st.Iterations = r.Iterations()
	st.Converged = r.d.Converged()
	return st
}

// startInflating starts phase Inflate from the scale at which the quarter
// of the corridors that are longest for their targets are 1.1 times their
// target (the rest shorter: the springs lengthen them). Measured on caves,
// starting from the median corridor's need or three quarters' gave levels
// 16% and 30% wider for the same time. It declines when that scale reaches
// the exact validity scale.
func (r *Relaxation) startInflating() bool {
	var ratios []float64
	for _, e := range r.g.Edges() {
		if cur := dist(r.pos[e.A], r.pos[e.B]); cur > 0 {
			ratios = append(ratios, roomTarget(r.gap, r.rooms[e.A], r.rooms[e.B], r2.Sub(r.pos[e.B], r.pos[e.A]), e.LengthFactor)/cur)
		}
	}
	if len(ratios) == 0 {
		return false
	}
	slices.Sort(ratios)
	pre := float64(ratios[len(ratios)/4] * 1.1)
	if pre >= r.valid {
		return false
	}
	full := make([]float64, len(r.rooms))
	for v, rm := range r.rooms {
		full[v] = rm.Radius
	}
	d := newDrawing(r.g, r.f)
	d.ctx = r.ctx
	scaleAbout(d.Pos, r.pos, pre)
	// Rooms start as large as the drawing allows; points closer than the
	// margin start at size 0, and the rooms grow once they have parted.
	d.full, d.sizes = full, r.rooms
	d.UseRooms(r.gap)
	d.setGrowth(min(max(0, d.maxGrowth(d.Pos, full)), 1))
	d.SetActive(nil)
	r.d, r.phase, r.more, r.stats.Scale = d, Inflate, true, pre
	return true
}

// endInflation ends phase Inflate: the rooms reached finishGrowth of
// their size, or stopped growing short of it. It scales the relaxed
// drawing by just enough to make it valid with full-size rooms and the
// relax pass's keep (inflation kept only keep) and settles it; should no
// scale do, it settles from the exact validity scale instead.
func (r *Relaxation) endInflation() {
	if r.reopen() {
		return
	}
	d := r.d
	s, ok := d.clearScale(d.Pos, d.full, relaxKeep(r.gap)+1)
	if !ok {
		r.settleScaled()
		return
	}
	r.offset += d.Iterations()
	if s > 1 {
		scaleAbout(d.Pos, d.Pos, s)
		r.stats.Scale = float64(r.stats.Scale * s)
	}
	d.setGrowth(1)
	d.full = nil
	d.SetActive(nil)
	r.phase, r.more = Settle, true
}

// settleScaled starts phase Settle from the construction drawing scaled
// about its centre by the exact validity scale.
func (r *Relaxation) settleScaled() {
	scaled := make([]r2.Vec, len(r.pos))
	scaleAbout(scaled, r.pos, r.valid)
	for v, p := range scaled {
		r.g.SetPos(v, p)
	}
	d := newDrawing(r.g, r.f)
	d.ctx = r.ctx
	for v, rm := range r.rooms {
		d.Radius[v] = rm.Radius
	}
	d.sizes = r.rooms
	d.UseRooms(r.gap)
	d.SetActive(nil)
	r.d, r.phase, r.more, r.offset, r.stats.Scale = d, Settle, true, 0, r.valid
}

// finish rounds the positions to whole units, writes them to the graph,
// and ends the pass.
func (r *Relaxation) finish() {
	for v, p := range r.d.Pos {
		q := r2.Vec{X: math.Round(p.X), Y: math.Round(p.Y)}
		r.d.Pos[v] = q
		r.g.SetPos(v, q)
	}
	r.phase = Done
}
