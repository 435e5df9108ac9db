package layout

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"
)

// The press aimed at the tail.
//
// Tail is the 99th percentile of the visible corridor lengths over their
// median, and the settle phase's forces shorten short corridors as much as
// long ones, so a press of the settle moves can raise it. When tail is the
// metric near its limit the press moves only the ends of the corridors
// above the 95th percentile of the visible lengths, each toward the other
// by what it has over that percentile, and the other corridors may not
// shorten (a linearised constraint on the relative move of their ends,
// projected with the clearances), so the median does not fall: a pulled
// end pushes ahead of it what it presses against and what it is joined to
// on that side. The rest is the press's: clearances projected, jams
// stopped, every step checked exactly.

// pressTailSteps caps the steps of a tail press; its moves are capped at
// pressTailMove times the settle phase's move limit.
const (
	pressTailSteps = 500
	pressTailMove  = 1.0
)

// pressTailAbove is the percentile of the visible lengths above which a
// corridor is pulled.
const pressTailAbove = 0.95

// tailPull holds what the tail press needs: the corridors, their rooms
// and length factors.
type tailPull struct {
	edges []tailEdge
	rooms []Room
	// lens are the corridors' visible lengths this step, sorted a copy of
	// them in order.
	lens, sorted []float64
	// thr is the threshold of the current step.
	thr float64
	// measure returns the geometry of a drawing, judged under lim; best
	// holds the best drawing the press has passed through and bestGeo its
	// geometry (the drawing it started from, at first).
	measure func([]r2.Vec) Geometry
	lim     Limits
	best    []r2.Vec
	bestGeo Geometry
}

// keepBest records pos if it measures better than the best so far. The
// best often comes after a plateau, so the press does not stop at one.
func (t *tailPull) keepBest(pos []r2.Vec) {
	if geo := t.measure(pos); pressBetter(t.lim, geo, t.bestGeo) {
		t.best, t.bestGeo = append(t.best[:0], pos...), geo
	}
}

// tailEdge is a corridor of the tail press.
type tailEdge struct {
	a, b   int32
	factor float64
}

// newTailPull returns the tail press's corridors of r's graph.
func (r *Relaxation) newTailPull(geo Geometry) *tailPull {
	t := &tailPull{rooms: r.rooms, measure: r.measure, lim: r.limits, bestGeo: geo, best: slices.Clone(r.d.Pos)}
	for _, e := range r.g.Edges() {
		if e.Cosmetic {
			continue
		}
		t.edges = append(t.edges, tailEdge{a: int32(e.A), b: int32(e.B), factor: lengthFactor(e.LengthFactor)})
	}
	t.lens = make([]float64, len(t.edges))
	return t
}

// visible returns corridor e's visible length over its factor at pos.
func (t *tailPull) visible(pos []r2.Vec, e tailEdge) float64 {
	a, b := pos[e.a], pos[e.b]
	return visibleLength(a.X, a.Y, b.X, b.Y, t.rooms[e.a], t.rooms[e.b]) / e.factor
}

// threshold returns the visible length at the pressTailAbove percentile.
func (t *tailPull) threshold(pos []r2.Vec) float64 {
	for i, e := range t.edges {
		t.lens[i] = t.visible(pos, e)
	}
	t.sorted = append(t.sorted[:0], t.lens...)
	slices.Sort(t.sorted)
	n := len(t.sorted)
	return t.sorted[min(n-1, int(math.Ceil(float64(pressTailAbove*float64(n))))-1)]
}

// forces sets delta to the pulls of the corridors above the threshold,
// each vertex's move capped at maxMove, and returns the longest move.
func (t *tailPull) forces(p *presser, maxMove float64) float64 {
	pos := p.d.Pos
	t.thr = t.threshold(pos)
	clear(p.delta)
	for i, e := range t.edges {
		if t.lens[i] <= t.thr {
			continue
		}
		over := float64(t.lens[i]-t.thr) * e.factor
		u, ok := unit(r2.Sub(pos[e.b], pos[e.a]))
		if !ok {
			continue
		}
		pull := min(over/2, maxMove)
		p.delta[e.a] = axpy(pull, u, p.delta[e.a])
		p.delta[e.b] = axpy(-pull, u, p.delta[e.b])
	}
	largest := 0.0
	for v, m := range p.delta {
		if l := norm(m); l > maxMove {
			p.delta[v] = scale(maxMove/l, m)
		}
		largest = max(largest, norm(p.delta[v]))
	}
	return largest
}

// holdShort appends to the press pairs (after nearPairs), for every
// corridor not pulled, the constraint that the step does not shorten it:
// a pair of its ends with slack 0 that never jams.
func (t *tailPull) holdShort(p *presser) {
	pos := p.d.Pos
	for i, e := range t.edges {
		if t.lens[i] > t.thr {
			continue
		}
		u, ok := unit(r2.Sub(pos[e.b], pos[e.a]))
		if !ok {
			continue
		}
		p.pairs = append(p.pairs, pressPair{u: e.a, a: e.b, b: -1, n: u, slack: 0, hard: math.Inf(1)})
	}
}
