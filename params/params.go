package params

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
)

// The spring forces Forces.Spring names.
const (
	// SpringLog is the design's spring: its pull grows with the logarithm
	// (base √2) of the ratio of an edge's length to its target, so short
	// edges push hard and long edges pull gently. "" means SpringLog.
	SpringLog = "log"
	// SpringHooke is linear in the ratio; it has the log spring's
	// stiffness at the target length but pulls long edges harder.
	SpringHooke = "hooke"
)

// Forces are the parameters of one force-drawing stage: the construction
// drawing after each rewrite ([layout]) or the relax pass after rooms get
// their sizes ([relax]). Rulesets require every number to be greater than
// 0 (Gravity: from 0 to 1); the layout package uses the values as given,
// a zero number taking its DefaultLayout value (see WithDefaults).
type Forces struct {
	// SpringStrength scales the pull of each edge toward its target
	// length. Defaults 1 ([layout]) and 10 ([relax]).
	SpringStrength float64 `toml:"spring_strength" json:"spring_strength"`
	// EdgeLength is the target length of an edge of length factor 1, in
	// world units. Default 100.
	EdgeLength float64 `toml:"edge_length" json:"edge_length"`
	// Repulsion scales the force between vertices that share no edge:
	// Repulsion / (gap / EdgeLength)², where gap is their distance less
	// both room radii. Defaults 1 ([layout]) and 0.05 ([relax]).
	Repulsion float64 `toml:"repulsion" json:"repulsion"`
	// MaxDelta caps each vertex's move in one iteration, in edge lengths
	// (in the relax pass, in mean corridor targets). Default 0.5.
	MaxDelta float64 `toml:"max_delta" json:"max_delta"`
	// ConvergenceDistance: a phase stops when no vertex moved farther
	// than this in an iteration, in world units. Defaults 4 ([layout]) and
	// 0.01 ([relax], which converges at no less than 0.25).
	ConvergenceDistance float64 `toml:"convergence_distance" json:"convergence_distance"`
	// Spring is the spring force, SpringLog or SpringHooke. Default
	// SpringLog.
	Spring string `toml:"spring" json:"spring"`
	// Cutoff: vertices whose gap is more than Cutoff edge lengths do not
	// repel. Default 3.
	Cutoff float64 `toml:"cutoff" json:"cutoff"`
	// MaxIterations caps the iterations of one phase, so that it always
	// ends. Defaults 400 ([layout]) and 300 ([relax]).
	MaxIterations int `toml:"max_iterations" json:"max_iterations"`
	// CrossingFree bounds every move so that a vertex cannot pass through
	// an edge and no edge can sweep over a vertex (PrEd): a drawing
	// without crossings keeps none. The relax pass always bounds its
	// moves. Default true (the zero value is false).
	CrossingFree bool `toml:"crossing_free" json:"crossing_free"`
	// Gravity pulls every vertex toward the drawing's centroid in phases
	// that move every vertex: alone, a vertex would move this fraction of
	// its distance to the centroid per iteration. Defaults 0 ([layout])
	// and 0.0025 ([relax]); 0 means none.
	Gravity float64 `toml:"gravity" json:"gravity"`
}

// DefaultLayout returns the [layout] defaults: the design's base values
// for the construction drawing.
func DefaultLayout() Forces {
	return Forces{SpringStrength: 1, EdgeLength: 100, Repulsion: 1, MaxDelta: 0.5, ConvergenceDistance: 4,
		Spring: SpringLog, Cutoff: 3, MaxIterations: 400, CrossingFree: true}
}

// DefaultRelax returns the [relax] defaults: the design's base values for
// the relax pass.
func DefaultRelax() Forces {
	return Forces{SpringStrength: 10, EdgeLength: 100, Repulsion: 0.05, MaxDelta: 0.5, ConvergenceDistance: 0.01,
		Spring: SpringLog, Cutoff: 3, MaxIterations: 300, CrossingFree: true, Gravity: 0.0025}
}

// WithDefaults returns f with every zero number except Gravity, and an
// empty Spring, set to its DefaultLayout value. CrossingFree and Gravity
// are kept as they are: their zero values mean off.
func (f Forces) WithDefaults() Forces {
	d := DefaultLayout()
	fill(&f.SpringStrength, d.SpringStrength)
	fill(&f.EdgeLength, d.EdgeLength)
	fill(&f.Repulsion, d.Repulsion)
	fill(&f.MaxDelta, d.MaxDelta)
	fill(&f.ConvergenceDistance, d.ConvergenceDistance)
	fill(&f.Spring, d.Spring)
	fill(&f.Cutoff, d.Cutoff)
	fill(&f.MaxIterations, d.MaxIterations)
	return f
}

// Hooke reports whether f's spring is SpringHooke.
func (f Forces) Hooke() bool { return f.Spring == SpringHooke }

// Rooms are the room-size parameters ([rooms]).
type Rooms struct {
	// Margin is the size of one room unit, in world units; it also pads
	// every corridor. Default 50.
	Margin float64 `toml:"margin" json:"margin"`
	// MinExtent and MaxExtent bound a room's width and height, in
	// margins, for tags that do not set their own. Defaults 3 and 12.
	MinExtent int `toml:"min_extent" json:"min_extent"`
	MaxExtent int `toml:"max_extent" json:"max_extent"`
	// RadiusFudge scales the space kept between two rooms a corridor
	// joins (RadiusFudge × Margin). Default 1.
	RadiusFudge float64 `toml:"radius_fudge" json:"radius_fudge"`
}

// DefaultRooms returns the [rooms] defaults, the design's base values.
func DefaultRooms() Rooms { return Rooms{Margin: 50, MinExtent: 3, MaxExtent: 12, RadiusFudge: 1} }

// WithDefaults returns r with every zero field set to its default.
func (r Rooms) WithDefaults() Rooms {
	d := DefaultRooms()
	fill(&r.Margin, d.Margin)
	fill(&r.MinExtent, d.MinExtent)
	fill(&r.MaxExtent, d.MaxExtent)
	fill(&r.RadiusFudge, d.RadiusFudge)
	return r
}

// Gap is the length of corridor kept between the discs of two rooms that
// a corridor joins: RadiusFudge × Margin, zero fields taking their
// defaults.
func (r Rooms) Gap() float64 {
	r = r.WithDefaults()
	return float64(r.RadiusFudge * r.Margin)
}

// fill sets *v to def when it is the zero value.
func fill[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

// MarshalJSON writes f's fields in order, each number in its shortest
// exact form (strconv's 'g' format), as the level file writes every
// number.
func (f Forces) MarshalJSON() ([]byte, error) { return marshalTable(f) }

// MarshalJSON writes r as Forces.MarshalJSON writes a Forces.
func (r Rooms) MarshalJSON() ([]byte, error) { return marshalTable(r) }

// marshalTable writes a table's exported fields as a JSON object keyed by
// their json tags, in field order, floats in strconv's shortest 'g' form
// (encoding/json would write 1e+06 as 1000000): a file's bytes do not
// depend on which package defines the table.
func marshalTable(t any) ([]byte, error) {
	v := reflect.ValueOf(t)
	var b bytes.Buffer
	b.WriteByte('{')
	for i := range v.NumField() {
		if i > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(v.Type().Field(i).Tag.Get("json"))
		b.Write(name)
		b.WriteByte(':')
		fv := v.Field(i)
		if fv.Kind() == reflect.Float64 {
			x := fv.Float()
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("params: %s is %v, which JSON cannot hold", name, x)
			}
			b.Write(strconv.AppendFloat(nil, x, 'g', -1, 64))
			continue
		}
		val, err := json.Marshal(fv.Interface())
		if err != nil {
			return nil, fmt.Errorf("params: %s: %w", name, err)
		}
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// MaxCorridorWidth is the widest corridor the map stage draws, in cells:
// the bound of map.corridor_width in a ruleset and in a level file, and of
// gridmap.Options.CorridorWidth.
const MaxCorridorWidth = 8
