package layout

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// orientRatio is how much smaller the rooms' bounding box must get for
// Orient to turn a drawing: the turned box's area at most this fraction of
// the unturned one's. Measured in NOTES.md ("Orientation").
const orientRatio = 2.0 / 3

// orientAngles is how many of the best hull angles Orient measures, each
// with its quarter turns; orientTries bounds the turns it checks for
// validity.
const (
	orientAngles = 4
	orientTries  = 8
)

// Turn is what Orient did to a drawing.
type Turn struct {
	// Cos and Sin are the cosine and sine of the angle, counter-clockwise,
	// by which the room centres turned: 1 and 0 when the drawing was kept.
	Cos, Sin float64
	// Before and After are the areas of the rooms' axis-aligned bounding
	// box before and after the turn, the box Geometry.Density divides by
	// (cosmetic vertices left out); equal when the drawing was kept.
	Before, After float64
	// Tried counts the turns checked for validity.
	Tried int
}

// Turned reports whether Orient turned the drawing (false for the zero
// Turn).
func (t Turn) Turned() bool { return t.Sin != 0 || t.Cos < 0 }

// Orient turns a finished drawing about the centre of its rooms' bounding
// box when that makes the box materially smaller: a level lying along a
// diagonal is turned to lie along an axis, so its density and its maps'
// area follow its shape rather than its angle. Only the room centres turn
// (rounded to whole units again); rooms stay the axis-aligned W × H
// rectangles they are, and corridors follow their ends. The box is the one
// Geometry.Density divides by: cosmetic vertices turn with the rooms but
// neither their corners nor their rectangles count.
//
// The angle is that of the minimum-area rectangle enclosing the rooms'
// corners, found by rotating calipers on their convex hull, so one of its
// sides lies along a hull edge; the turn is that edge's unit direction, no
// trigonometry. The rooms keep their axes, so the best orientAngles hull
// angles and the quarter turns of each are measured as they would be
// drawn, and a turn is kept only if the turned box's area is at most
// orientRatio of the unturned one's, the exact check (Check) finds no
// conflict, and the clearance stays at least what the relax pass keeps
// after rounding (relaxKeep(gap) − √2, or the unturned clearance if that
// is less): discs turn with their centres, so only the rounding can bring
// two things closer. A turn must also keep every quality limit of each of
// lims (zero fields are defaults; the pipeline passes the limits it aims
// at and those it judges by) that the unturned drawing keeps: the rooms
// do not turn, so a corridor's visible length, between its rooms'
// rectangles, changes with its direction, and so do stretch, tail and
// worst. The turns are checked smallest box first, up to
// orientTries of them; failing those the drawing is kept. A drawing no
// turn makes materially smaller costs a hull, one pass of the calipers
// and 4 × orientAngles passes over its rooms, and no check.
func Orient(g *grammar.Graph, rooms []Room, gap float64, lims ...Limits) Turn {
	n := g.Order()
	pos := make([]r2.Vec, n)
	for v := range pos {
		pos[v] = g.Vertex(v).Pos
	}
	// The box is the one density measures (MeasureGeometry): the rooms'
	// rectangles, cosmetic vertices left out; all of them turn.
	ids := roomIDs(g)
	lo, hi := roomBox(pos, rooms, ids)
	before := float64((hi.X - lo.X) * (hi.Y - lo.Y))
	t := Turn{Cos: 1, Before: before, After: before}
	if len(ids) < 2 || !(before > 0) {
		return t
	}
	bound := float64(orientRatio * before)
	cands := hullTurns(convexHull(roomCorners(pos, rooms, ids)))
	origin := r2.Vec{X: math.Round((lo.X + hi.X) / 2), Y: math.Round((lo.Y + hi.Y) / 2)}
	turned := make([]r2.Vec, n)
	// The hull's rectangle turns the rooms with the level, but the rooms
	// keep their axes: each of the best hull angles, and its quarter
	// turns, is measured as it would be drawn.
	type trial struct {
		c, s, area float64
	}
	var trials []trial
	for _, c := range cands[:min(len(cands), orientAngles)] {
		cs, sn := c.cos, c.sin
		for range 4 {
			turnAll(turned, pos, origin, cs, sn)
			lo, hi := roomBox(turned, rooms, ids)
			if area := float64((hi.X - lo.X) * (hi.Y - lo.Y)); area <= bound {
				trials = append(trials, trial{c: cs, s: sn, area: area})
			}
			cs, sn = -sn, cs
		}
	}
	if len(trials) == 0 {
		return t
	}
	slices.SortStableFunc(trials, func(a, b trial) int { return cmp.Compare(a.area, b.area) })
	var checker Checker
	ds, corridors := checkItems(g, rooms)
	floor := min(minClearance(checker.Clearance(ds, corridors)), float64(relaxKeep(gap)-math.Sqrt2))
	was := missesAll(g, rooms, gap, lims)
	for _, q := range trials[:min(len(trials), orientTries)] {
		t.Tried++
		turnAll(turned, pos, origin, q.c, q.s)
		for v := range ds {
			ds[v].Center = turned[v]
		}
		if len(checker.Check(ds, corridors)) > 0 || minClearance(checker.Clearance(ds, corridors)) < floor {
			continue
		}
		for v, p := range turned {
			g.SetPos(v, p)
		}
		if now := missesAll(g, rooms, gap, lims); now&^was == 0 {
			t.Cos, t.Sin, t.After = q.c, q.s, q.area
			return t
		}
	}
	for v, p := range pos {
		g.SetPos(v, p)
	}
	return t
}

// missesAll returns misses of each of lims, four bits apiece.
func missesAll(g *grammar.Graph, rooms []Room, gap float64, lims []Limits) uint64 {
	var m uint64
	for i, lim := range lims {
		m |= uint64(misses(g, rooms, gap, lim)) << (4 * i)
	}
	return m
}

// misses returns which of the limits lim g's drawing misses, a bit per
// metric in the order of Limits.ratios.
func misses(g *grammar.Graph, rooms []Room, gap float64, lim Limits) uint8 {
	geo := MeasureGeometry(g, rooms)
	geo.Spread = spread(g, rooms, gap)
	var out uint8
	for i, x := range lim.ratios(geo) {
		if x > 1 {
			out |= 1 << i
		}
	}
	return out
}

// checkItems returns g's rooms as discs and its edges as corridors, for
// Check and Clearance.
func checkItems(g *grammar.Graph, rooms []Room) ([]Disc, []Corridor) {
	ds := make([]Disc, g.Order())
	for v := range ds {
		ds[v] = Disc{ID: v, Center: g.Vertex(v).Pos, Radius: rooms[v].Radius}
	}
	es := g.Edges()
	corridors := make([]Corridor, len(es))
	for i, e := range es {
		corridors[i] = Corridor{A: e.A, B: e.B, Cosmetic: e.Cosmetic}
	}
	return ds, corridors
}

// minClearance returns the smaller of c's two gaps.
func minClearance(c Clearance) float64 { return min(c.Rooms, c.Corridors) }

// turnAll sets out[v] to pos[v] turned about origin by the angle of cosine
// c and sine s, rounded to whole units.
func turnAll(out, pos []r2.Vec, origin r2.Vec, c, s float64) {
	row1, row2 := r2.Vec{X: c, Y: -s}, r2.Vec{X: s, Y: c}
	for v, p := range pos {
		d := r2.Sub(p, origin)
		out[v] = r2.Vec{X: origin.X + math.Round(dot(row1, d)), Y: origin.Y + math.Round(dot(row2, d))}
	}
}

// roomIDs returns g's non-cosmetic vertices, its rooms, in order.
func roomIDs(g *grammar.Graph) []int {
	var ids []int
	for v := range g.Order() {
		if !g.Vertex(v).Cosmetic {
			ids = append(ids, v)
		}
	}
	return ids
}

// roomBox returns the corners of the axis-aligned bounding box of the
// rooms ids, W × H rectangles centred on pos.
func roomBox(pos []r2.Vec, rooms []Room, ids []int) (lo, hi r2.Vec) {
	lo = r2.Vec{X: math.Inf(1), Y: math.Inf(1)}
	hi = r2.Vec{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, v := range ids {
		p := pos[v]
		hw, hh := rooms[v].W/2, rooms[v].H/2
		lo = r2.Vec{X: min(lo.X, p.X-hw), Y: min(lo.Y, p.Y-hh)}
		hi = r2.Vec{X: max(hi.X, p.X+hw), Y: max(hi.Y, p.Y+hh)}
	}
	return lo, hi
}

// roomCorners returns the four corners of each of the rooms ids.
func roomCorners(pos []r2.Vec, rooms []Room, ids []int) []r2.Vec {
	out := make([]r2.Vec, 0, 4*len(ids))
	for _, v := range ids {
		p := pos[v]
		hw, hh := rooms[v].W/2, rooms[v].H/2
		out = append(out,
			r2.Vec{X: p.X - hw, Y: p.Y - hh}, r2.Vec{X: p.X + hw, Y: p.Y - hh},
			r2.Vec{X: p.X + hw, Y: p.Y + hh}, r2.Vec{X: p.X - hw, Y: p.Y + hh})
	}
	return out
}
