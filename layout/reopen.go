package layout

import "math"

// openFrom is the clearance scale above which a stalled inflation opens
// the crowded faces locally (openCrowded) rather than scaling the whole
// drawing by its square root. A uniform scale keeps every ratio of
// corridor lengths (tail), and a small one costs little stretch; an
// opening lengthens the corridors around the region it grows. Measured:
// deeptree seed 27 stalls at 1.84, caves at 3,000 rooms (seed 1) at 2.20
// and caves seed 56 at 3.18; opened locally their tails rise to 5.31,
// 5.53 and 5.15 (4.13, 4.81 and 3.63 scaled). Triangle fans stall at 5 to
// 34, where a uniform scale is what stretches them: over seeds 1–200,
// fans' first attempts within the limits are 1.5% scaling, 4.0% opening
// above 3 and 4.5% above 5.
//
// Stalls add up: a large level can stall again and again below openFrom,
// and the square roots reopen scales it by multiply (caves at 10,000
// rooms, seed 2). So once they would multiply past openFrom, reopen opens
// locally too (opensLocally). Measured: caves at 10,000 rooms, seed 2,
// stretch 2.20 → 1.60, worst 59.9 → 42.6, density 0.008 → 0.015; every
// ruleset at its own size, seed 1 at 10,000 rooms and caves at 3,000
// rooms keep their levels to the byte over seeds 1–200 and 1–2.
const openFrom = 5

// opensLocally reports whether a stall at clearance scale s opens the
// crowded faces locally, given the product uniform of the scales reopen
// has applied so far (1 before any): when s is above openFrom, or when
// scaling by √s would take that product past it.
func opensLocally(s, uniform float64) bool {
	return s > openFrom || float64(uniform*math.Sqrt(s)) > openFrom
}

// reopen is the relax pass's answer to inflation that stalls with the
// rooms short of finishGrowth: rooms caught in small faces of the
// construction drawing (a triangle fan nests each new room in a face of
// the last; caves at 10,000 rooms crowd the same way) cannot grow until
// the corridors around them move apart, and the springs hold those
// corridors at their targets. Scaling the whole drawing by the clearance
// scale then fixes the rooms but stretches every corridor by the same
// factor (fans: 30× and more). When that factor is above openFrom, or
// the uniform scales so far would multiply past it (opensLocally), reopen
// opens the crowded faces locally (openCrowded, open.go) and the rest of
// the drawing stays as it is; otherwise, or when no opening helps, it
// scales the drawing by the square root of the factor, about the centre.
// Either way a new inflating phase starts within what is left of
// relax.max_iterations: the springs pull the corridors that have room
// back toward their targets while the rooms in the crowded faces grow.
// It reports whether it did; it does not when the rooms did not stall,
// the iterations are spent, or the clearance scale cannot be found or is
// at most 1 (nothing to reopen).
func (r *Relaxation) reopen() bool {
	d := r.d
	used := r.offset + d.Iterations()
	if !d.stalled || used >= r.f.MaxIterations {
		return false
	}
	margin := relaxKeep(r.gap) + 1
	s, ok := d.clearScale(d.Pos, r.full, margin)
	if !ok || s <= 1 {
		return false
	}
	grow := d.grow
	if opensLocally(s, max(r.uniform, 1)) && d.openCrowded(r.full, margin) {
		// An opening may leave a pair closer than it was: the rooms take
		// the size the opened drawing allows.
		grow = 0
	} else {
		s = math.Sqrt(s)
		scaleAbout(d.Pos, d.Pos, s)
		r.stats.Scale = float64(r.stats.Scale * s)
		r.uniform = float64(max(r.uniform, 1) * s)
	}
	r.offset = used
	d.stalled, d.tries = false, 0
	d.setGrowth(min(max(grow, d.maxGrowth(d.Pos, r.full)), 1))
	d.SetActive(nil)
	d.schedule.maxIter = r.f.MaxIterations - used
	r.more = true
	return true
}
