package layout

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"
)

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
//
// How much of the level a stall's crowding covers tells the cases apart
// too (openShare): a uniform scale is paid by every corridor, an opening
// only by those around the crowded rooms. When the crowding is a few
// faces of a large level, scaling lengthens every other corridor for
// them; when it is spread over the level, the opening lengthens most
// corridors anyway, unevenly.
const openFrom = 5

// openShare is the share of the rooms crowded at a stall (crowdedShare)
// below which the stall opens locally whatever its clearance scale: the
// crowding is a few faces, not the level. Measured, at the stalls below
// openFrom of seeds 1–50 of every bundled and test ruleset at its own
// size the share is 0.085 to 0.95 (caves at 3,000 rooms, seed 1: 0.87),
// and at caves at 10,000 rooms the stalls after the first are at 0.05
// (seed 1: 0.054, crowded by at most 1.36; opened, worst 28.3 →
// 21.4). Opening below a share of 0.25 raised caves' tail median over
// seeds 1–50 from 1.95 to 2.06 (below 0.5, to 2.16, max 3.42 → 3.88);
// below 0.1 no level of seeds 1–50 measures differently.
const openShare = 0.1

// opensLocally reports whether a stall at clearance scale s opens the
// crowded faces locally, given the product uniform of the scales reopen
// has applied so far (1 before any) and the share of the rooms crowded
// (called only when the scales do not decide): when s is above openFrom,
// when scaling by √s would take that product past it, or when fewer than
// openShare of the rooms are crowded.
func opensLocally(s, uniform float64, share func() float64) bool {
	return s > openFrom || float64(uniform*math.Sqrt(s)) > openFrom || share() < openShare
}

// crowdNeeds returns, for each vertex of the drawing pos, the factor by
// which its distance to the room or corridor (not ending in it) it is
// closest to for its full radius and margin must grow: 1 when it is
// nowhere too close, the largest need/have over its pairs otherwise (a
// room–corridor pair counts for the room), +Inf for a pair at distance 0.
func (d *drawing) crowdNeeds(pos []r2.Vec, full []float64, margin float64) []float64 {
	need := make([]float64, len(pos))
	for v := range need {
		need[v] = 1
	}
	mark := func(v int, n, h float64) {
		switch {
		case h <= 0:
			// At distance 0 no finite scale parts the pair: the most
			// crowded pair there is.
			need[v] = math.Inf(1)
		case n > h:
			need[v] = max(need[v], n/h)
		}
	}
	for _, c := range d.marginConflicts(pos, full, margin) {
		switch c.Kind {
		case RoomRoom:
			// The Checker widens both discs by margin; the pair needs it once.
			n, h := float64(full[c.Room]+full[c.Room2])+margin, dist(pos[c.Room], pos[c.Room2])
			mark(c.Room, n, h)
			mark(c.Room2, n, h)
		case RoomCorridor:
			mark(c.Room, full[c.Room]+margin, pointSegmentDist(pos[c.Room], pos[c.Corridor.A], pos[c.Corridor.B]))
		}
	}
	return need
}

// crowdedShare returns the share of the vertices whose need (crowdNeeds)
// is above 1: the part of the level a stall's crowding covers.
func crowdedShare(need []float64) float64 {
	if len(need) == 0 {
		return 0
	}
	n := 0
	for _, f := range need {
		if f > 1 {
			n++
		}
	}
	return float64(n) / float64(len(need))
}

// bulkNeed returns the 99th percentile of the needs (crowdNeeds; the one
// at index ⌈0.99n⌉ − 1 of the sorted needs, as the tail metric takes it):
// the clearance scale all but the most crowded hundredth of the rooms ask
// for.
func bulkNeed(need []float64) float64 {
	if len(need) == 0 {
		return 1
	}
	s := slices.Clone(need)
	slices.Sort(s)
	return s[max(int(math.Ceil(float64(len(s))*0.99))-1, 0)]
}

// reopen is the relax pass's answer to inflation that stalls with the
// rooms short of finishGrowth: rooms caught in small faces of the
// construction drawing (a triangle fan nests each new room in a face of
// the last; caves at 10,000 rooms crowd the same way) cannot grow until
// the corridors around them move apart, and the springs hold those
// corridors at their targets. Scaling the whole drawing by the clearance
// scale then fixes the rooms but stretches every corridor by the same
// factor (fans: 30× and more). When that factor is above openFrom, the
// uniform scales so far would multiply past it, or the crowding covers
// under openShare of the rooms (opensLocally), or the crowded rooms lie
// mostly inside the build's triangles (nestsCrowded, nestopen.go), reopen
// opens the crowded faces locally (openCrowded, open.go) and the rest of
// the drawing stays as it is; otherwise it scales the drawing by the
// square root of the factor, about the centre, and when an opening was
// tried and no round of it helped (crowding spread over the level), by
// the square root of what the bulk of the rooms needs (bulkNeed) if that
// is less.
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
	s, ok := d.clearScale(d.Pos, d.full, margin)
	if !ok || s <= 1 {
		return false
	}
	grow := d.grow
	var need []float64
	share := func() float64 {
		need = d.crowdNeeds(d.Pos, d.full, margin)
		return crowdedShare(need)
	}
	local := opensLocally(s, max(r.uniform, 1), share)
	if !local && r.nested != nil {
		// A stall crowded mostly inside the build's triangles opens
		// locally too, and, as any local opening that fails, falls back to
		// the scale the bulk of the rooms asks for (NOTES.md "Crowded
		// faces" (9)).
		if need == nil {
			need = d.crowdNeeds(d.Pos, d.full, margin)
		}
		local = r.nestsCrowded(need)
	}
	if local && d.openCrowded(d.full, margin) {
		// An opening may leave a pair closer than it was: the rooms take
		// the size the opened drawing allows.
		grow = 0
	} else {
		if local {
			// No round of the opening helped: the crowding is spread
			// over the level, which a uniform scale is for. Its
			// clearance scale is set by the single most crowded pair;
			// the scale is what the bulk of the rooms asks for, and the
			// most crowded hundredth is left to the next stall, where it
			// is a few faces (openShare). (When under a hundredth is
			// crowded, the whole √s is taken, so the stall moves on.)
			if need == nil {
				need = d.crowdNeeds(d.Pos, d.full, margin)
			}
			if b := bulkNeed(need); b > 1 {
				s = min(s, b)
			}
		}
		s = math.Sqrt(s)
		scaleAbout(d.Pos, d.Pos, s)
		r.stats.Scale = float64(r.stats.Scale * s)
		r.uniform = float64(max(r.uniform, 1) * s)
	}
	r.offset = used
	d.stalled, d.tries = false, 0
	d.setGrowth(min(max(grow, d.maxGrowth(d.Pos, d.full)), 1))
	d.SetActive(nil)
	d.schedule.maxIter = r.f.MaxIterations - used
	r.more = true
	return true
}
