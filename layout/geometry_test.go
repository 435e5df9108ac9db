package layout

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// chain returns a path of rooms at pos, its edges with the given length
// factors.
func chain(pos []r2.Vec, factors []float64) *grammar.Graph {
	g := &grammar.Graph{}
	for _, p := range pos {
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: p})
	}
	for i, f := range factors {
		if err := g.AddEdge(grammar.Edge{A: i, B: i + 1, LengthFactor: f}); err != nil {
			panic(err)
		}
	}
	return g
}

func TestMeasureGeometry(t *testing.T) {
	sq := func(s float64) Room { return Room{W: s, H: s, Radius: s / math.Sqrt2} }
	tests := []struct {
		name   string
		pos    []r2.Vec
		rooms  []Room
		factor []float64
		want   Geometry
		reason string
	}{
		{"two rooms", []r2.Vec{{}, {X: 300}}, []Room{sq(100), sq(100)}, []float64{1},
			Geometry{Stretch: 2, Tail: 1, Worst: 2, Density: 0.5}, "300 between centres less 50 inside each room is 200, two extents of 100; 20,000 of area in a 400 × 100 box"},
		{"length factor", []r2.Vec{{}, {X: 300}}, []Room{sq(100), sq(100)}, []float64{2},
			Geometry{Stretch: 1, Tail: 1, Worst: 1, Density: 0.5}, "a corridor asked to be twice as long counts half"},
		{"diagonal", []r2.Vec{{}, {X: 200, Y: 200}}, []Room{sq(100), sq(100)}, []float64{1},
			Geometry{Stretch: math.Sqrt2, Tail: 1, Worst: math.Sqrt2, Density: 20000.0 / (300 * 300)}, "200√2 between centres; the diagonal leaves each room at its corner, 50√2 from the centre"},
		{"overlapping rectangles", []r2.Vec{{}, {X: 80}}, []Room{sq(100), sq(100)}, []float64{1},
			Geometry{Stretch: 0, Tail: 0, Worst: 0, Density: 20000.0 / (180 * 100)}, "nothing is visible; tail divides by at least 1e-9"},
		{"upper median, p99 index", []r2.Vec{{}, {X: 200}, {X: 500}, {X: 900}}, []Room{sq(100), sq(100), sq(100), sq(200)}, []float64{1, 1, 1},
			Geometry{Stretch: 2, Tail: 1.25, Worst: 2.5, Density: (30000.0 + 40000) / (1050 * 200)}, "visible 100, 200, 250: the median is the one at index 1, p99 the last; median extent is 100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := MeasureGeometry(chain(tt.pos, tt.factor), tt.rooms)
			for _, c := range []struct {
				name      string
				got, want float64
			}{{"stretch", got.Stretch, tt.want.Stretch}, {"tail", got.Tail, tt.want.Tail}, {"worst", got.Worst, tt.want.Worst}, {"density", got.Density, tt.want.Density}} {
				if math.Abs(c.got-c.want) > 1e-9 {
					t.Errorf("%s = %v, want %v (%s)", c.name, c.got, c.want, tt.reason)
				}
			}
		})
	}
}

func TestGeometrySkipsCosmetic(t *testing.T) {
	g := chain([]r2.Vec{{}, {X: 300}}, []float64{1})
	c := g.AddVertex(grammar.Vertex{Tag: "chasm", Pos: r2.Vec{X: 5000}, Cosmetic: true})
	if err := g.AddEdge(grammar.Edge{A: 1, B: c, Cosmetic: true}); err != nil {
		t.Fatal(err)
	}
	r := Room{W: 100, H: 100}
	got := MeasureGeometry(g, []Room{r, r, r})
	if math.Abs(got.Worst-2) > 1e-9 || math.Abs(got.Density-0.5) > 1e-9 {
		t.Errorf("worst %v density %v, want 2 and 0.5: the cosmetic vertex and edge do not count", got.Worst, got.Density)
	}
}

func TestLimitsMiss(t *testing.T) {
	var zero Limits
	if r := zero.Miss(Geometry{Stretch: 3, Tail: 5, Worst: 12, Density: 0.05}); r != "" {
		t.Errorf("at the limits: %q, want none", r)
	}
	r := zero.Miss(Geometry{Stretch: 3.5, Tail: 1, Worst: 13, Density: 0.01})
	for _, want := range []string{"stretch 3.50 > quality.max_stretch 3", "worst 13.00 > quality.max_worst 12", "density 0.010 < quality.min_density 0.05"} {
		if !strings.Contains(r, want) {
			t.Errorf("reason %q lacks %q", r, want)
		}
	}
	if strings.Contains(r, "tail") {
		t.Errorf("reason %q names tail, which is within", r)
	}
	if r := (Limits{MaxStretch: 4}).Miss(Geometry{Stretch: 3.5, Density: 1}); r != "" {
		t.Errorf("a raised limit: %q, want none", r)
	}
}

// TestSpreadScalesDensityLimit: a level whose length factors above 1 ask
// for longer corridors expects Spread² less density; factors of 1 and
// below leave Spread at exactly 1.
func TestSpreadScalesDensityLimit(t *testing.T) {
	pos := []r2.Vec{{}, {X: 300}, {X: 600}}
	r := Room{W: 100, H: 100, Radius: 50 * math.Sqrt2}
	rooms := []Room{r, r, r}
	// Targets: 2r + 200 and 2r + 200·3 + (3 − 1)·2s, against 2r + 200
	// twice, s = r − 50 being how far each disc reaches past its square
	// along the row (roomTarget).
	t1, t3 := 2*r.Radius+200, 2*r.Radius+600+4*(r.Radius-50)
	for _, tt := range []struct {
		name    string
		factors []float64
		want    float64
	}{
		{"factors 1 and 3", []float64{1, 3}, (t1 + t3) / (2 * t1)},
		{"factors 1 and 0.5", []float64{1, 0.5}, 1},
		{"no factors", []float64{0, 0}, 1},
	} {
		if got := spread(chain(pos, tt.factors), rooms, 200); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: spread %v, want %v", tt.name, got, tt.want)
		}
	}
	var zero Limits
	geo := Geometry{Density: 0.03, Spread: 1.5}
	if m := zero.Miss(geo); m != "" {
		t.Errorf("density 0.03 at spread 1.5 (limit 0.05/2.25 = 0.022): %q, want none", m)
	}
	geo.Density = 0.02
	if m := zero.Miss(geo); !strings.Contains(m, "density 0.020 < quality.min_density 0.05 ÷ spread² 2.25") {
		t.Errorf("density 0.02 at spread 1.5: reason %q, want it to name the scaled limit", m)
	}
	if m := zero.Miss(Geometry{Density: 0.04}); !strings.Contains(m, "density 0.040 < quality.min_density 0.05") || strings.Contains(m, "spread") {
		t.Errorf("a Geometry without Spread: reason %q, want the plain limit", m)
	}
}

// TestRoomTargetScalesVisibleLength: for random rooms, directions and
// factors f ≠ 1, two rooms at roomTarget's distance show f times what
// they show at the factor-1 target (visibleLength, the measure),
// or below 1 what they show at the floor (the discs relaxKeep apart)
// where that is more; factors 0 and 1 give corridorTarget to the bit.
func TestRoomTargetScalesVisibleLength(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	room := func() Room {
		w, h := float64(50*(1+rng.IntN(12))), float64(50*(1+rng.IntN(12)))
		return Room{W: w, H: h, Radius: norm(r2.Vec{X: w, Y: h}) / 2}
	}
	const gap = 50
	for i := range 1000 {
		a, b := room(), room()
		ang := 2 * math.Pi * rng.Float64()
		u := r2.Vec{X: math.Cos(ang), Y: math.Sin(ang)}
		to := r2.Scale(1+1000*rng.Float64(), u)
		visible := func(f float64) float64 {
			d := roomTarget(gap, a, b, to, f)
			return visibleLength(0, 0, d*u.X, d*u.Y, a, b)
		}
		one := visible(1)
		for _, f := range []float64{1.5, 2, 3, 7} {
			if got := visible(f); math.Abs(got-f*one) > 1e-9*f*one {
				t.Fatalf("case %d: rooms %v and %v along %v, factor %v: visible %v, want %v × %v", i, a, b, u, f, got, f, one)
			}
		}
		// Below 1: f times as much, or the floor, the discs relaxKeep
		// apart, where that is longer.
		fl := floorTarget(gap, a, b)
		floor := visibleLength(0, 0, fl*u.X, fl*u.Y, a, b)
		for _, f := range []float64{0.05, 0.2, 0.5, 0.9} {
			want := max(f*one, floor)
			if got := visible(f); math.Abs(got-want) > 1e-9*max(1, want) {
				t.Fatalf("case %d: rooms %v and %v along %v, factor %v: visible %v, want max(%v × %v, floor %v)", i, a, b, u, f, got, f, one, floor)
			}
			if d := roomTarget(gap, a, b, to, f); d < fl {
				t.Fatalf("case %d: factor %v: target %v below the floor %v", i, f, d, fl)
			}
		}
		for _, f := range []float64{0, 1} {
			if got, want := roomTarget(gap, a, b, to, f), corridorTarget(gap, a.Radius, b.Radius, f); got != want {
				t.Fatalf("case %d: factor %v: roomTarget %v, want corridorTarget %v", i, f, got, want)
			}
		}
	}
}

// TestFloorFactor: the least factor drawn as written is relaxKeep over
// the gap: a fifth down to a gap of 10, more below, where relaxKeep keeps
// its 2 units; 1 at most.
func TestFloorFactor(t *testing.T) {
	for _, tt := range []struct{ gap, want float64 }{{50, 0.2}, {200, 0.2}, {5, 0.4}, {1, 1}, {0, 0}} {
		if got := FloorFactor(tt.gap); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("FloorFactor(%v) = %v, want %v", tt.gap, got, tt.want)
		}
	}
}
