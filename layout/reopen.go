package layout

import "math"

// reopen is the relax pass's answer to inflation that stalls with the
// rooms short of finishGrowth: rooms caught in small faces of the
// construction drawing (a triangle fan nests each new room in a face of
// the last; caves at 10,000 rooms crowd the same way) cannot grow until
// the corridors around them move apart, and the springs hold those
// corridors at their targets. Scaling the whole drawing by the clearance
// scale then fixes the rooms but stretches every corridor by the same
// factor (fans: 30× and more). reopen scales it by the square root of
// that factor instead, about the centre, and starts a new inflating phase
// within what is left of relax.max_iterations: the springs pull the
// corridors that have room back toward their targets while the rooms in
// the crowded faces grow, so the stretch is paid where the faces need it.
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
	if d.openCrowded(r.full, margin) {
		// An opening may leave a pair closer than it was: the rooms take
		// the size the opened drawing allows.
		grow = 0
	} else {
		s = math.Sqrt(s)
		scaleAbout(d.Pos, d.Pos, s)
		r.stats.Scale = float64(r.stats.Scale * s)
	}
	r.offset = used
	d.stalled, d.tries = false, 0
	d.setGrowth(min(max(grow, d.maxGrowth(d.Pos, r.full)), 1))
	d.SetActive(nil)
	d.schedule.maxIter = r.f.MaxIterations - used
	r.more = true
	return true
}
