package layout

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
)

// Rooms are the room-size parameters ([rooms] in a ruleset). The zero
// value of each field means its default, the design's base values.
type Rooms struct {
	// Margin is the size of one room unit, in world units; it also pads
	// every corridor (see Room). Default 50.
	Margin float64
	// MinExtent and MaxExtent bound a room's width and height, in margins.
	// Defaults 3 and 12.
	MinExtent, MaxExtent int
	// RadiusFudge scales the margin kept between two rooms a corridor
	// joins. Default 1.
	RadiusFudge float64
}

// DefaultRooms returns the design's base values.
func DefaultRooms() Rooms { return Rooms{Margin: 50, MinExtent: 3, MaxExtent: 12, RadiusFudge: 1} }

func (r Rooms) withDefaults() Rooms {
	d := DefaultRooms()
	if r.Margin == 0 {
		r.Margin = d.Margin
	}
	if r.MinExtent == 0 {
		r.MinExtent = d.MinExtent
	}
	if r.MaxExtent == 0 {
		r.MaxExtent = d.MaxExtent
	}
	if r.RadiusFudge == 0 {
		r.RadiusFudge = d.RadiusFudge
	}
	return r
}

// Gap is the length of corridor kept between the discs of two rooms that a
// corridor joins: RadiusFudge × Margin.
func (r Rooms) Gap() float64 {
	r = r.withDefaults()
	return float64(r.RadiusFudge * r.Margin)
}

// Extent is a room size range in margins, for one tag.
type Extent struct{ Min, Max int }

// Room is the size of the room at one vertex: a W × H rectangle centred on
// the vertex, and the radius of the disc around it (half its diagonal), which
// is what the intersection check and the relax pass see. A corridor's target
// length is its two rooms' radii plus Gap() times its length factor.
type Room struct {
	W, H   float64
	Radius float64
}

// AssignRooms draws a size for every vertex's room, in vertex id order: the
// width and then the height are each Margin × an integer drawn uniformly from
// the vertex's tag's extent range (extent, when it returns ok), else from
// [MinExtent, MaxExtent].
func AssignRooms(g *grammar.Graph, r Rooms, extent func(tag string) (Extent, bool), rng *rand.Rand) ([]Room, error) {
	r = r.withDefaults()
	out := make([]Room, g.Order())
	for v := range out {
		e := Extent{r.MinExtent, r.MaxExtent}
		if extent != nil {
			if te, ok := extent(g.Vertex(v).Tag); ok {
				e = te
			}
		}
		if e.Min < 1 || e.Max < e.Min {
			return nil, fmt.Errorf("layout: room extent [%d, %d] for tag %q: want 1 <= min <= max", e.Min, e.Max, g.Vertex(v).Tag)
		}
		w := float64(r.Margin * float64(e.Min+rng.IntN(e.Max-e.Min+1)))
		h := float64(r.Margin * float64(e.Min+rng.IntN(e.Max-e.Min+1)))
		out[v] = Room{W: w, H: h, Radius: math.Sqrt(float64(w*w)+float64(h*h)) / 2}
	}
	return out, nil
}

// corridorTarget is the relax pass's target length of a corridor between
// rooms of radii ra and rb: the radii plus gap times the length factor f
// (0 means 1). The factor scales the corridor between the rooms' discs,
// the part a player walks, rather than the whole centre-to-centre length
// as the design did: with the design's rule a factor of 0.5 asks the
// rooms to overlap and a factor of 3 triples the rooms' radii too, so the
// visible corridors would not keep the ratio the author wrote.
func corridorTarget(gap, ra, rb, f float64) float64 {
	return float64(gap*lengthFactor(f)) + ra + rb
}

// RelaxStats describes a relax pass.
type RelaxStats struct {
	// Scale is the factor the drawing was scaled by before relaxing.
	Scale      float64
	Iterations int
	Converged  bool
}

// minRelaxConvergence is the smallest convergence distance of the relax
// pass, in world units.
const minRelaxConvergence = 0.25

// ErrUnfixable is wrapped by Relax's error when the drawing it is given
// cannot be made valid by scaling: corridors cross, or vertices coincide.
var ErrUnfixable = errors.New("drawing cannot be made valid by scaling")

// Relax fits a drawing to its rooms and relaxes it. The drawing must
// have no crossing corridors and no coincident vertices; otherwise Relax
// returns an error wrapping ErrUnfixable that names the offending pairs.
//
// The exact start would be to scale the drawing about the centre of its
// bounding box by the smallest factor that makes it valid (every corridor
// at least its target length, gap plus both radii; every two rooms, and
// every room and a corridor not ending in it, at least a small margin
// apart), times 1.1, as the design does. That factor can be absurd: a few
// nearly collapsed pairs set it for the whole level. So Relax starts from
// the scale a quarter of the corridors need, with the rooms shrunk until
// the drawing is valid, and grows them back while it relaxes (see
// inflate.go); at 0.9 of their size, or if they stop growing, the drawing
// is scaled by just enough to fit them. Only when the exact factor is no
// larger than that start does Relax take the exact path. Either way every
// edge is pulled toward its target, each move is bounded so that the
// drawing stays valid (see crossfree.go), and every position is rounded to
// whole world units. The graph's positions are updated.
func Relax(g *grammar.Graph, rooms []Room, gap float64, f Forces) (RelaxStats, error) {
	return RelaxWatch(g, rooms, gap, f, nil)
}

// RelaxWatch is Relax that calls watch with every drawing it relaxes
// before the first iteration and after each, so that a caller can show the
// pass as it runs. watch must not change the drawing. The level is the
// same with or without it.
func RelaxWatch(g *grammar.Graph, rooms []Room, gap float64, f Forces, watch func(*Drawing)) (RelaxStats, error) {
	pos := make([]r2.Vec, g.Order())
	for v := range pos {
		pos[v] = g.Vertex(v).Pos
	}
	scale, err := validScale(g, pos, rooms, gap)
	if err != nil {
		return RelaxStats{}, err
	}
	scale *= 1.1
	if st, ok := relaxInflating(g, pos, rooms, gap, f, scale, watch); ok {
		return st, nil
	}
	return relaxScaled(g, pos, rooms, gap, f, scale, watch), nil
}

// relaxInflating relaxes pos from the scale at which the quarter of the
// corridors that are longest for their targets are 1.1 times their target
// (the rest shorter: the springs lengthen them), inflating the rooms as it
// goes (inflate.go). Measured on caves, starting from the median
// corridor's need or three quarters' gave levels 16% and 30% wider for the
// same time. It declines (ok false) when that scale reaches valid, the
// exact validity scale, or when the clearance scale cannot be found.
func relaxInflating(g *grammar.Graph, pos []r2.Vec, rooms []Room, gap float64, f Forces, valid float64, watch func(*Drawing)) (RelaxStats, bool) {
	var ratios []float64
	for _, e := range g.Edges() {
		if cur := dist(pos[e.A], pos[e.B]); cur > 0 {
			ratios = append(ratios, corridorTarget(gap, rooms[e.A].Radius, rooms[e.B].Radius, e.LengthFactor)/cur)
		}
	}
	if len(ratios) == 0 {
		return RelaxStats{}, false
	}
	slices.Sort(ratios)
	pre := float64(ratios[len(ratios)/4] * 1.1)
	if pre >= valid {
		return RelaxStats{}, false
	}
	f.CrossingFree = true
	f.ConvergenceDistance = max(f.ConvergenceDistance, minRelaxConvergence)
	full := make([]float64, len(rooms))
	for v, rm := range rooms {
		full[v] = rm.Radius
	}
	d := NewDrawing(g, f)
	scaleAbout(d.Pos, pos, pre)
	// Rooms start as large as the drawing allows; points closer than the
	// margin start at size 0, and the rooms grow once they have parted.
	d.full = full
	d.UseRooms(gap)
	d.setGrowth(min(max(0, d.maxGrowth(d.Pos, full)), 1))
	d.SetActive(nil)
	// Inflate until the rooms are nearly full size, then relax them at
	// full size with a phase of its own.
	if watch != nil {
		watch(d)
	}
	iters := 0
	for {
		for more := true; more && d.grow < finishGrowth && !d.stalled; {
			more = d.Update()
			if watch != nil {
				watch(d)
			}
		}
		iters += d.Iterations()
		if !d.stalled || iters >= f.MaxIterations {
			break
		}
		s, ok := d.reopen(full, relaxKeep(gap)+1)
		if !ok {
			break
		}
		d.f.MaxIterations = f.MaxIterations - iters
		pre = float64(pre * s)
	}
	d.f.MaxIterations = f.MaxIterations
	// The rooms reached finishGrowth of their size, or stopped growing
	// short of it: scale the relaxed drawing by just enough to make it
	// valid with full-size rooms and the relax pass's keep (inflation kept
	// only keep).
	s, ok := d.clearScale(d.Pos, full, relaxKeep(gap)+1)
	if !ok {
		return RelaxStats{}, false
	}
	if s > 1 {
		scaleAbout(d.Pos, d.Pos, s)
		pre = float64(pre * s)
	}
	d.setGrowth(1)
	d.full = nil
	d.SetActive(nil)
	iters += run(d, watch)
	for v, p := range d.Pos {
		g.SetPos(v, r2.Vec{X: math.Round(p.X), Y: math.Round(p.Y)})
	}
	return RelaxStats{Scale: pre, Iterations: iters, Converged: d.Converged()}, true
}

// run runs d to its end, calling watch (if not nil) before and after each
// iteration, and returns the iterations made.
func run(d *Drawing, watch func(*Drawing)) int {
	if watch == nil {
		return d.Run()
	}
	watch(d)
	for d.Update() {
		watch(d)
	}
	watch(d)
	return d.Iterations()
}

// relaxScaled scales pos about its centre by scale, a scale that makes it
// valid, into g, relaxes it with bounded moves and rounds the positions.
func relaxScaled(g *grammar.Graph, pos []r2.Vec, rooms []Room, gap float64, f Forces, scale float64, watch func(*Drawing)) RelaxStats {
	scaled := make([]r2.Vec, len(pos))
	scaleAbout(scaled, pos, scale)
	for v, p := range scaled {
		g.SetPos(v, p)
	}
	f.CrossingFree = true
	// Positions are rounded to whole units below, so moves smaller than a
	// quarter unit cannot change the level: converging further is wasted.
	f.ConvergenceDistance = max(f.ConvergenceDistance, minRelaxConvergence)
	d := NewDrawing(g, f)
	for v, rm := range rooms {
		d.Radius[v] = rm.Radius
	}
	d.UseRooms(gap)
	d.SetActive(nil)
	st := RelaxStats{Scale: scale, Iterations: run(d, watch), Converged: d.Converged()}
	for v, p := range d.Pos {
		g.SetPos(v, r2.Vec{X: math.Round(p.X), Y: math.Round(p.Y)})
	}
	return st
}

// validScale returns the smallest factor that, applied to pos, makes every
// edge at least its target long and keeps every two rooms, and every room and
// corridor not ending in it, a unit more than the relax pass keeps apart.
func validScale(g *grammar.Graph, pos []r2.Vec, rooms []Room, gap float64) (float64, error) {
	scale := 0.0
	var corrs []Corridor
	for _, e := range g.Edges() {
		cur := dist(pos[e.A], pos[e.B])
		want := corridorTarget(gap, rooms[e.A].Radius, rooms[e.B].Radius, e.LengthFactor)
		if cur == 0 {
			return 0, fmt.Errorf("layout: rooms %d and %d coincide: %w", e.A, e.B, ErrUnfixable)
		}
		scale = max(scale, want/cur)
		if !e.Cosmetic {
			corrs = append(corrs, Corridor{A: e.A, B: e.B})
		}
	}
	if scale == 0 {
		scale = 1
	}
	margin := relaxKeep(gap) + 1
	// Only pairs closer than their margin at this scale can ask for more:
	// they are the conflicts of the unscaled drawing with every radius
	// inflated to (radius + margin) / scale.
	discs := make([]Disc, len(pos))
	for v, p := range pos {
		discs[v] = Disc{ID: v, Center: p, Radius: float64(rooms[v].Radius+margin) / scale}
	}
	var checker Checker
	var crossings []string
	for _, c := range checker.Check(discs, corrs) {
		switch c.Kind {
		case RoomRoom:
			d := dist(pos[c.Room], pos[c.Room2])
			if d == 0 {
				return 0, fmt.Errorf("layout: rooms %d and %d coincide: %w", c.Room, c.Room2, ErrUnfixable)
			}
			scale = max(scale, float64(rooms[c.Room].Radius+rooms[c.Room2].Radius+margin)/d)
		case RoomCorridor:
			d := pointSegmentDist(pos[c.Room], pos[c.Corridor.A], pos[c.Corridor.B])
			if geom.OnSegment(pos[c.Corridor.A], pos[c.Corridor.B], pos[c.Room]) {
				return 0, fmt.Errorf("layout: room %d lies on corridor %d-%d: %w", c.Room, c.Corridor.A, c.Corridor.B, ErrUnfixable)
			}
			scale = max(scale, float64(rooms[c.Room].Radius+margin)/d)
		case CorridorCorridor:
			if len(crossings) < 3 {
				crossings = append(crossings, c.String())
			}
		}
	}
	if crossings != nil {
		return 0, fmt.Errorf("layout: the drawing has crossing corridors (%s): %w", strings.Join(crossings, "; "), ErrUnfixable)
	}
	if math.IsInf(scale, 0) || math.IsNaN(scale) {
		return 0, fmt.Errorf("layout: the drawing is degenerate: %w", ErrUnfixable)
	}
	return scale, nil
}

// scaleAbout sets dst (which may be src) to src scaled by s about the
// centre of src's bounding box.
func scaleAbout(dst, src []r2.Vec, s float64) {
	lo, hi := bounds(src)
	c := r2.Vec{X: float64(lo.X+hi.X) / 2, Y: float64(lo.Y+hi.Y) / 2}
	for v, p := range src {
		dst[v] = r2.Vec{X: float64(c.X + float64(s*float64(p.X-c.X))), Y: float64(c.Y + float64(s*float64(p.Y-c.Y)))}
	}
}

func bounds(ps []r2.Vec) (lo, hi r2.Vec) {
	if len(ps) == 0 {
		return r2.Vec{}, r2.Vec{}
	}
	lo, hi = ps[0], ps[0]
	for _, p := range ps[1:] {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	return lo, hi
}
