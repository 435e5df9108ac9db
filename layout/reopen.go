package layout

import "math"

// reopen is the relax pass's answer to inflation that stalls with the
// rooms far below full size: rooms caught in small faces of the
// construction drawing (a triangle fan nests each new room in a face of
// the last) cannot grow until the corridors around them move apart, and
// the springs hold those corridors at their targets. Scaling the whole
// drawing by the clearance scale then fixes the rooms but stretches
// every corridor by the same factor (fans: 30× and more). reopen scales
// by the square root of that factor instead, about the centre, and starts
// a new inflating phase: the springs pull the corridors that have room
// back toward their targets while the rooms in the crowded faces grow, so
// the stretch is paid only where the faces need it. It returns the
// factor applied, and false when the clearance scale cannot be found or
// is at most 1 (nothing to reopen).
func (d *Drawing) reopen(full []float64, margin float64) (float64, bool) {
	s, ok := d.clearScale(d.Pos, full, margin)
	if !ok || s <= 1 {
		return 1, false
	}
	s = math.Sqrt(s)
	scaleAbout(d.Pos, d.Pos, s)
	d.stalled, d.inflations = false, 0
	d.setGrowth(min(max(d.grow, d.maxGrowth(d.Pos, full)), 1))
	d.SetActive(nil)
	return s, true
}
