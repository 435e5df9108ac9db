package layout

import (
	"gonum.org/v1/gonum/spatial/r2"
)

// Inflation. Scaling a construction drawing until it is valid with its
// rooms (validScale) is exact but can be absurd: one nearly collapsed pair
// of vertices sets the factor for the whole level. Instead the relax pass
// can start from a drawing scaled only as far as most corridors need, with
// every room shrunk by a common factor t until that drawing is valid, and
// grow t as the relaxation opens the tight spots: corridors pull toward
// their full length from the start, rooms and corridors repel as if the
// rooms were full size (repelling at their current size, the rooms grew
// to a quarter to four fifths of their size in 300 iterations on caves;
// at full size, all the way in 9 to 100), and the bounded moves keep the
// drawing valid at the current size. Rooms also repel corridors near them
// (repelEdges): without it nothing parts a room from the corridor of a
// neighbour at a narrow angle. Each budget
// window t grows to the largest value, at most 1, at which every clearance
// is at least inflateMargin; it never shrinks. When t reaches 1 the
// drawing is valid with its real rooms.

// inflateMargin is the clearance, in world units, that t is grown to
// keep: a unit more than the bounded moves keep while inflating, so that
// the budgets after a growth are not all zero.
func (d *drawing) inflateMargin() float64 { return d.keepDistance() + 1 }

// finishGrowth is the size, as a fraction of full size, at which
// inflation hands over to a clearance scale (at most 1/finishGrowth,
// mostly a few per cent) and the final phase: the last per cent of growth
// can take hundreds of iterations (quads: inflation crawled from 0.96 to
// 0.998 in 200), and finishing at 0.9 instead of 1 measured 18% faster on
// quads and 6% on caves for corridors as close to their targets (mean
// edge deviation over 100 seeds 0.132 both; caves 2% wider).
const finishGrowth = 0.9

// stallWindows: inflation has stalled when the rooms grew by less than
// stallGrowth (relative) over this many windows.
const (
	stallWindows = 5
	stallGrowth  = 1.01
)

// inflation is the state of the rooms' growth in the relax pass.
type inflation struct {
	// full, when not nil, holds the rooms' full radii while the drawing
	// inflates them: targets come from full, Radius holds grow times
	// full.
	full []float64
	grow float64
	// grew says the last window grew the rooms (by more than 0.1%).
	grew bool
	// tries counts the windows that tried to grow the rooms; mark is
	// grow at the last multiple of stallWindows of them, and stalled says
	// the rooms grew less than stallGrowth since the one before.
	tries   int
	mark    float64
	stalled bool
}

// observe records a window in which the rooms could grow to t, and
// reports whether that is more than they are now.
func (n *inflation) observe(t float64) bool {
	if n.tries%stallWindows == 0 {
		n.stalled = n.tries > 0 && n.grow <= float64(n.mark*stallGrowth)
		n.mark = n.grow
	}
	n.tries++
	n.grew = t > float64(n.grow*1.001)
	return t > n.grow
}

// growing reports whether the rooms are below full size and grew in the
// last window: the phase is not over.
func (n *inflation) growing() bool { return n.grew && n.grow < 1 }

// inflate grows the rooms as far as the drawing allows and sets the radii.
func (d *drawing) inflate() {
	if t := d.maxGrowth(d.Pos, d.full); d.observe(t) {
		d.setGrowth(t)
	}
}

// Growth returns the size of the rooms, as a fraction of their full size:
// below 1 while the relax pass inflates them, else 1.
func (d *drawing) Growth() float64 {
	if d.full == nil {
		return 1
	}
	return d.grow
}

// setGrowth sets the rooms' radii to t times full size.
func (d *drawing) setGrowth(t float64) {
	d.grow = t
	d.maxR = 0
	for v, r := range d.full {
		d.Radius[v] = float64(t * r)
		d.maxR = max(d.maxR, r)
	}
}

// maxGrowth returns the largest t in [0, 1] such that, with every radius
// t times full, every two rooms and every room and corridor not ending in
// it are at least inflateMargin apart (negative when points are closer
// than that already).
func (d *drawing) maxGrowth(pos []r2.Vec, full []float64) float64 {
	m := d.inflateMargin()
	t := 1.0
	for _, c := range d.marginConflicts(pos, full, m) {
		switch c.Kind {
		case RoomRoom:
			if r := full[c.Room] + full[c.Room2]; r > 0 {
				t = min(t, float64(dist(pos[c.Room], pos[c.Room2])-m)/r)
			}
		case RoomCorridor:
			if r := full[c.Room]; r > 0 {
				t = min(t, float64(pointSegmentDist(pos[c.Room], pos[c.Corridor.A], pos[c.Corridor.B])-m)/r)
			}
		}
	}
	return t
}

// clearScale returns the smallest factor, at least 1, that applied to pos
// about any centre keeps every two rooms, and every room and corridor not
// ending in it, at least margin apart with the full radii; false when two
// of them coincide.
func (d *drawing) clearScale(pos []r2.Vec, full []float64, margin float64) (float64, bool) {
	s := 1.0
	for _, c := range d.marginConflicts(pos, full, margin) {
		var need, have float64
		switch c.Kind {
		case RoomRoom:
			need, have = float64(full[c.Room]+full[c.Room2])+margin, dist(pos[c.Room], pos[c.Room2])
		case RoomCorridor:
			need, have = full[c.Room]+margin, pointSegmentDist(pos[c.Room], pos[c.Corridor.A], pos[c.Corridor.B])
		default:
			return 0, false // crossing corridors: scaling cannot help
		}
		if have == 0 {
			return 0, false
		}
		s = max(s, need/have)
	}
	return s, true
}

// marginConflicts returns the conflicts of the drawing pos with every
// room's radius full plus margin: the pairs that are less than margin
// apart at full size, and crossing corridors.
func (d *drawing) marginConflicts(pos []r2.Vec, full []float64, margin float64) []Conflict {
	d.discs = d.discs[:0]
	d.corrs = d.corrs[:0]
	for v, p := range pos {
		d.discs = append(d.discs, Disc{ID: v, Center: p, Radius: float64(full[v] + margin)})
		for _, h := range d.g.Neighbors(v) {
			if h.To > v && !h.Cosmetic {
				d.corrs = append(d.corrs, Corridor{A: v, B: h.To})
			}
		}
	}
	return d.checker.unordered(d.discs, d.corrs)
}
