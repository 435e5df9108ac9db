package layout

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/dungraph/dungraph/grammar"
)

// Geometry says how a finished level reads to a designer, in rooms rather
// than world units, so that one set of limits fits every ruleset and size.
// Rooms are the W × H rectangles of the non-cosmetic vertices; corridors
// are the non-cosmetic edges. A room's extent is max(W, H). A corridor's
// visible length is its centre-to-centre segment less the parts inside its
// two rectangles, divided by its length factor, so that a corridor an
// author asked to be long does not count as stretched.
//
// Every value is computed with operations that give the same bits on every
// platform. The definitions, down to which element is the median, are
// those of the independent checker ../shared/checks/geometry.py.
type Geometry struct {
	// Stretch is the median visible corridor length over the median room
	// extent: how many rooms long a typical corridor is.
	Stretch float64
	// Tail is the 99th percentile of the visible corridor lengths over
	// their median: a few corridors blown up far past the rest.
	Tail float64
	// Worst is the longest visible corridor over the median room extent.
	Worst float64
	// Density is the total area of the rooms over the area of their
	// bounding box: a level of dots in a vast plane is near 0.
	Density float64
	// Spread is how much longer the corridors' length factors ask the
	// level to be: the sum of the corridors' targets (roomTarget, which
	// for a factor above 1 depends on the corridor's direction, so Spread
	// moves a little with the drawing) with every factor above 1 as
	// written, over the sum with those factors at 1. It is 1 for a level without such factors, and the
	// density limit expects Spread² less density (Limits.Miss). Measure
	// sets it; 0 means 1.
	Spread float64
}

// MeasureGeometry computes g's geometry with the given rooms. A level
// without corridors has Stretch, Tail and Worst 0.
func MeasureGeometry(g *grammar.Graph, rooms []Room) Geometry {
	var ext []float64
	var area float64
	loX, loY := math.Inf(1), math.Inf(1)
	hiX, hiY := math.Inf(-1), math.Inf(-1)
	for v := range g.Order() {
		vx := g.Vertex(v)
		if vx.Cosmetic {
			continue
		}
		r, p := rooms[v], vx.Pos
		ext = append(ext, max(r.W, r.H))
		area += float64(r.W * r.H)
		hw, hh := r.W/2, r.H/2
		loX, loY = min(loX, p.X-hw), min(loY, p.Y-hh)
		hiX, hiY = max(hiX, p.X+hw), max(hiY, p.Y+hh)
	}
	slices.Sort(ext)
	medExt := 1.0
	if len(ext) > 0 {
		medExt = ext[len(ext)/2]
	}
	var geo Geometry
	if len(ext) > 0 {
		geo.Density = area / max(1e-9, float64((hiX-loX)*(hiY-loY)))
	}
	lens := VisibleLengths(g, rooms)
	if len(lens) == 0 {
		return geo
	}
	slices.Sort(lens)
	n := len(lens)
	med := lens[n/2]
	p99 := lens[min(n-1, int(math.Ceil(0.99*float64(n)))-1)]
	geo.Stretch = med / medExt
	geo.Tail = p99 / max(med, 1e-9)
	geo.Worst = lens[n-1] / medExt
	return geo
}

// VisibleLengths returns the visible length of every non-cosmetic edge of
// g, in the order of g.Edges: the part of the segment between its rooms'
// centres outside both rectangles, divided by its length factor.
func VisibleLengths(g *grammar.Graph, rooms []Room) []float64 {
	var out []float64
	for _, e := range g.Edges() {
		if e.Cosmetic {
			continue
		}
		out = append(out, visibleLength(g.Vertex(e.A).Pos.X, g.Vertex(e.A).Pos.Y, g.Vertex(e.B).Pos.X, g.Vertex(e.B).Pos.Y, rooms[e.A], rooms[e.B])/lengthFactor(e.LengthFactor))
	}
	return out
}

// visibleLength returns the length of the segment from (ax, ay) to (bx, by)
// outside the rectangles a and b centred on its ends.
func visibleLength(ax, ay, bx, by float64, a, b Room) float64 {
	dx, dy := float64(bx-ax), float64(by-ay)
	d := math.Sqrt(float64(dx*dx) + float64(dy*dy))
	if d == 0 {
		return 0
	}
	ta := rayExit(a.W/2, a.H/2, dx, dy)
	tb := rayExit(b.W/2, b.H/2, dx, dy)
	return max(0, float64(d*float64(float64(1-ta)-tb)))
}

// rayExit returns the fraction of the vector (dx, dy), from the centre of a
// rectangle of half sizes hw, hh, at which it leaves the rectangle, at most
// 1.
func rayExit(hw, hh, dx, dy float64) float64 {
	t := 1.0
	if dx != 0 {
		t = min(t, hw/math.Abs(dx))
	}
	if dy != 0 {
		t = min(t, hh/math.Abs(dy))
	}
	return t
}

// lengthFactor returns f, or 1 for the zero value.
func lengthFactor(f float64) float64 {
	if f == 0 {
		return 1
	}
	return f
}

// Limits are the bounds a level's geometry must keep ([quality] in a
// ruleset). The zero value of each field means its default.
type Limits struct {
	// MaxStretch bounds Stretch. Default 3.
	MaxStretch float64
	// MaxTail bounds Tail. Default 5.
	MaxTail float64
	// MaxWorst bounds Worst. Default 12.
	MaxWorst float64
	// MinDensity bounds Density from below. Default 0.05.
	MinDensity float64
}

// DefaultLimits returns the default quality limits.
func DefaultLimits() Limits { return Limits{MaxStretch: 3, MaxTail: 5, MaxWorst: 12, MinDensity: 0.05} }

// WithDefaults returns l with its zero fields set to their defaults.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits()
	if l.MaxStretch == 0 {
		l.MaxStretch = d.MaxStretch
	}
	if l.MaxTail == 0 {
		l.MaxTail = d.MaxTail
	}
	if l.MaxWorst == 0 {
		l.MaxWorst = d.MaxWorst
	}
	if l.MinDensity == 0 {
		l.MinDensity = d.MinDensity
	}
	return l
}

// densityLimit returns the least density l allows geo: MinDensity ÷
// Spread² (see Miss). l's zero fields must already be defaults.
func (l Limits) densityLimit(geo Geometry) float64 {
	sp := max(1, geo.Spread)
	return l.MinDensity / float64(sp*sp)
}

// ratios returns geo's stretch, tail, worst and density as fractions of
// what l allows (zero fields are defaults): above 1 is outside. Density's
// is the limit over the density.
func (l Limits) ratios(geo Geometry) [4]float64 {
	l = l.WithDefaults()
	return [4]float64{
		geo.Stretch / l.MaxStretch,
		geo.Tail / l.MaxTail,
		geo.Worst / l.MaxWorst,
		l.densityLimit(geo) / max(geo.Density, 1e-12),
	}
}

// String returns the limits as a ruleset's [quality] keys would set them.
func (l Limits) String() string {
	l = l.WithDefaults()
	return fmt.Sprintf("stretch ≤ %g, tail ≤ %g, worst ≤ %g, density ≥ %g", l.MaxStretch, l.MaxTail, l.MaxWorst, l.MinDensity)
}

// Miss returns "" when geo keeps the limits (zero fields are defaults),
// else a reason naming every metric outside them, its value and its
// limit's [quality] key. The density limit is MinDensity ÷ Spread²: the
// limit is a floor against sprawl, and corridors an author asked to be f
// times as long spread the level as the author wanted, the way the
// visible lengths are judged divided by their factors.
func (l Limits) Miss(geo Geometry) string {
	l = l.WithDefaults()
	var out []string
	if geo.Stretch > l.MaxStretch {
		out = append(out, fmt.Sprintf("stretch %.2f > quality.max_stretch %g", geo.Stretch, l.MaxStretch))
	}
	if geo.Tail > l.MaxTail {
		out = append(out, fmt.Sprintf("tail %.2f > quality.max_tail %g", geo.Tail, l.MaxTail))
	}
	if geo.Worst > l.MaxWorst {
		out = append(out, fmt.Sprintf("worst %.2f > quality.max_worst %g", geo.Worst, l.MaxWorst))
	}
	if sp := max(1, geo.Spread); geo.Density < l.densityLimit(geo) {
		if sp > 1 {
			out = append(out, fmt.Sprintf("density %.3f < quality.min_density %g ÷ spread² %.3g", geo.Density, l.MinDensity, float64(sp*sp)))
		} else {
			out = append(out, fmt.Sprintf("density %.3f < quality.min_density %g", geo.Density, l.MinDensity))
		}
	}
	return strings.Join(out, ", ")
}
