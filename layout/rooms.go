package layout

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// Extent is a room size range in margins, for one tag.
type Extent struct{ Min, Max int }

// Room is the size of the room at one vertex: a W × H rectangle centred on
// the vertex, and the radius of the disc around it (half its diagonal), which
// is what the intersection check and the relax pass see. A corridor's target
// length is roomTarget.
type Room struct {
	W, H   float64
	Radius float64
}

// AssignRooms draws a size for every vertex's room, in vertex id order: the
// width and then the height are each Margin × an integer drawn uniformly from
// the vertex's tag's extent range (extent, when it returns ok), else from
// [MinExtent, MaxExtent].
func AssignRooms(g *grammar.Graph, r params.Rooms, extent func(tag string) (Extent, bool), rng *rand.Rand) ([]Room, error) {
	r = r.WithDefaults()
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
		out[v] = Room{W: w, H: h, Radius: norm(r2.Vec{X: w, Y: h}) / 2}
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

// roomTarget is the target centre distance of a corridor of length
// factor f between rooms a and b whose centres lie along to (from a's to
// b's). A corridor of factor 1 is aimed at corridorTarget: the discs
// (half a diagonal in radius, what the intersection check keeps apart)
// the gap apart, which shows gap + sa + sb between the rectangles, s
// being a room's slack, how far its disc reaches past its rectangle along
// to (r − e(u), exitAlong). A corridor of factor f is aimed at f times
// that visible length: ea + eb + f(gap + sa + sb) centre to centre, so
// the visible corridors, the measure (visibleLength), keep the
// author's ratio rather than only their parts between the discs. Above
// 1 that is corridorTarget plus (f − 1)(sa + sb); below 1 it is
// corridorTarget less (1 − f)(sa + sb): the rooms come closer than their
// discs' gap, the rectangles' corners still apart. It is floored at the
// discs relaxKeep apart (floorTarget), the nearest the relax pass lets
// two rooms come, so a factor too small for its rooms ends there
// (FloorFactor; the quality metrics still divide its visible length by
// the factor as written, so such a corridor counts as stretched). Rooms
// on one point give corridorTarget, floored the same way.
func roomTarget(gap float64, a, b Room, to r2.Vec, f float64) float64 {
	f = lengthFactor(f)
	t := corridorTarget(gap, a.Radius, b.Radius, f)
	if f == 1 {
		return t
	}
	l := norm(to)
	if l == 0 {
		return max(t, floorTarget(gap, a, b))
	}
	u := scale(1/l, to)
	slack := float64(a.Radius-exitAlong(a.W, a.H, a.Radius, u)) + float64(b.Radius-exitAlong(b.W, b.H, b.Radius, u))
	t += float64(float64(f-1) * slack)
	if f > 1 {
		return t
	}
	return max(t, floorTarget(gap, a, b))
}

// floorTarget is the shortest corridor target between rooms a and b: their
// discs relaxKeep(gap) apart, a fifth of the gap.
func floorTarget(gap float64, a, b Room) float64 {
	return float64(a.Radius+b.Radius) + relaxKeep(gap)
}

// FloorFactor returns the least length factor the layout draws as written
// with corridor gap gap: below it even rooms met at a corner would need
// their discs closer than relaxKeep(gap), so the corridor ends at
// floorTarget, longer than its factor asks. Rooms met along a side reach
// their floor at a larger factor. Gap 0 gives 0.
func FloorFactor(gap float64) float64 {
	if gap <= 0 {
		return 0
	}
	return min(1, relaxKeep(gap)/gap)
}

// validScale returns the smallest factor that, applied to pos, makes every
// edge at least its target long and keeps every two rooms, and every room and
// corridor not ending in it, a unit more than the relax pass keeps apart.
func validScale(g *grammar.Graph, pos []r2.Vec, rooms []Room, gap float64) (float64, error) {
	scale := 0.0
	var corrs []Corridor
	for _, e := range g.Edges() {
		cur := dist(pos[e.A], pos[e.B])
		want := roomTarget(gap, rooms[e.A], rooms[e.B], r2.Sub(pos[e.B], pos[e.A]), e.LengthFactor)
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
