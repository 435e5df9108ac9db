package layout

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// planarDrawing returns a random graph drawn without crossings: random
// integer points, and random edges each added only if it crosses no edge
// already there and passes through no vertex, kept connected by trying
// nearest pairs first.
func planarDrawing(rng *rand.Rand, n int, extra float64) *grammar.Graph {
	g := &grammar.Graph{}
	for g.Order() < n {
		p := r2.Vec{X: float64(rng.IntN(2000)), Y: float64(rng.IntN(2000))}
		dup := false
		for v := range g.Order() {
			dup = dup || g.Vertex(v).Pos == p
		}
		if !dup {
			g.AddVertex(grammar.Vertex{Tag: "a", Pos: p})
		}
	}
	ok := func(a, b int) bool {
		pa, pb := g.Vertex(a).Pos, g.Vertex(b).Pos
		for _, e := range g.Edges() {
			if e.A == a || e.A == b || e.B == a || e.B == b {
				continue
			}
			if geom.SegmentsIntersect(pa, pb, g.Vertex(e.A).Pos, g.Vertex(e.B).Pos) != geom.Disjoint {
				return false
			}
		}
		for v := range g.Order() {
			if v != a && v != b && geom.OnSegment(pa, pb, g.Vertex(v).Pos) {
				return false
			}
		}
		return true
	}
	// A spanning tree, each new vertex joined to the nearest earlier one it
	// can reach without crossing.
	for v := 1; v < n; v++ {
		best, bestD := -1, 0.0
		for u := range v {
			d := r2.Norm(r2.Sub(g.Vertex(u).Pos, g.Vertex(v).Pos))
			if (best < 0 || d < bestD) && ok(u, v) {
				best, bestD = u, d
			}
		}
		if best >= 0 {
			g.AddEdge(grammar.Edge{A: best, B: v, Cosmetic: rng.IntN(8) == 0})
		}
	}
	for range int(extra * float64(n)) {
		a, b := rng.IntN(n), rng.IntN(n)
		if a != b && !g.HasEdge(a, b) && ok(a, b) {
			g.AddEdge(grammar.Edge{A: a, B: b})
		}
	}
	return g
}

// freeForces is the [layout] defaults with unbounded moves.
func freeForces() params.Forces {
	f := params.DefaultLayout()
	f.CrossingFree = false
	return f
}

func conflicts(d *drawing, radius bool) []Conflict {
	var discs []Disc
	for v, p := range d.Pos {
		r := 0.0
		if radius {
			r = d.Radius[v]
		}
		discs = append(discs, Disc{ID: v, Center: p, Radius: r})
	}
	var corrs []Corridor
	for _, e := range d.g.Edges() {
		corrs = append(corrs, Corridor{A: e.A, B: e.B, Cosmetic: e.Cosmetic})
	}
	return Check(discs, corrs)
}

// TestCrossingFreeStaysCrossingFree runs bounded force drawings for
// thousands of steps from random crossing-free drawings, with forces that
// would tangle them if unbounded, and checks every step exactly.
func TestCrossingFreeStaysCrossingFree(t *testing.T) {
	cases := 30
	if testing.Short() {
		cases = 8
	}
	steps := 0
	for c := range cases {
		rng := rand.New(rand.NewPCG(uint64(c), 7))
		g := planarDrawing(rng, 8+rng.IntN(30), 1.5)
		if cs := conflicts(newDrawing(g, freeForces()), false); len(cs) > 0 {
			t.Fatalf("case %d: the generated drawing is not crossing-free: %v", c, cs[0])
		}
		f := params.Forces{
			SpringStrength: 0.2 + 3*rng.Float64(), EdgeLength: 50 + 400*rng.Float64(),
			Repulsion: 0.1 + 3*rng.Float64(), MaxDelta: 0.2 + 2*rng.Float64(),
			ConvergenceDistance: 1e-9, MaxIterations: 100, CrossingFree: true,
			Spring: []string{params.SpringLog, params.SpringHooke}[rng.IntN(2)],
		}
		d := newDrawing(g, f)
		for i := 0; d.Update(); i++ {
			steps++
			if cs := conflicts(d, false); len(cs) > 0 {
				t.Fatalf("case %d step %d: %v", c, i, cs[0])
			}
		}
	}
	t.Logf("%d bounded steps checked", steps)
}

// TestRelaxKeepsRoomsValid does the same with rooms: from a valid drawing
// the relax pass's bounded moves never let two rooms, or a room and a
// corridor, touch.
func TestRelaxKeepsRoomsValid(t *testing.T) {
	cases := 20
	if testing.Short() {
		cases = 5
	}
	for c := range cases {
		rng := rand.New(rand.NewPCG(uint64(c), 9))
		g := planarDrawing(rng, 6+rng.IntN(25), 1)
		rooms, err := AssignRooms(g, params.Rooms{Margin: 10 + float64(rng.IntN(50))}, nil, rng)
		if err != nil {
			t.Fatal(err)
		}
		st, err := Relax(context.Background(), g, rooms, 30, params.Forces{SpringStrength: 1 + 10*rng.Float64(), MaxIterations: 200}, Limits{}, nil)
		if err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		d := newDrawing(g, freeForces())
		for v, rm := range rooms {
			d.Radius[v] = rm.Radius
		}
		if cs := conflicts(d, true); len(cs) > 0 {
			t.Fatalf("case %d: relaxed level has conflicts, first %v (stats %+v)", c, cs[0], st)
		}
		for v := range g.Order() {
			if p := g.Vertex(v).Pos; p.X != float64(int64(p.X)) || p.Y != float64(int64(p.Y)) {
				t.Fatalf("case %d: vertex %d at %v, not rounded", c, v, p)
			}
		}
	}
}

func TestRelaxRejectsCrossings(t *testing.T) {
	g := &grammar.Graph{}
	for _, p := range []r2.Vec{{X: 0, Y: 0}, {X: 100, Y: 100}, {X: 0, Y: 100}, {X: 100, Y: 0}} {
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: p})
	}
	g.AddEdge(grammar.Edge{A: 0, B: 1})
	g.AddEdge(grammar.Edge{A: 2, B: 3})
	g.AddEdge(grammar.Edge{A: 0, B: 2})
	rooms := []Room{{Radius: 5}, {Radius: 5}, {Radius: 5}, {Radius: 5}}
	if _, err := Relax(context.Background(), g, rooms, 10, params.DefaultRelax(), Limits{}, nil); err == nil {
		t.Fatal("Relax accepted a drawing with crossing corridors")
	}
}

func TestDrawingDeterministic(t *testing.T) {
	run := func() []r2.Vec {
		rng := rand.New(rand.NewPCG(5, 5))
		g := planarDrawing(rng, 40, 1)
		d := newDrawing(g, params.Forces{CrossingFree: true})
		d.Run()
		return d.Pos
	}
	a, b := run(), run()
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two identical runs gave different positions")
	}
}

// TestUpdateSteps checks the step API: Update reports false once the phase
// is over and keeps doing so; Iterations counts the steps.
func TestUpdateSteps(t *testing.T) {
	g := planarDrawing(rand.New(rand.NewPCG(1, 1)), 12, 1)
	d := newDrawing(g, params.Forces{MaxIterations: 7, ConvergenceDistance: 1e-12})
	n := 0
	for d.Update() {
		n++
	}
	if d.Iterations() != 7 || n != 6 || d.Converged() || d.Update() {
		t.Fatalf("iterations %d, true updates %d, converged %v", d.Iterations(), n, d.Converged())
	}
}

func TestAssignRooms(t *testing.T) {
	g := planarDrawing(rand.New(rand.NewPCG(2, 2)), 30, 0)
	g.AddVertex(grammar.Vertex{Tag: "b"})
	extent := func(tag string) (Extent, bool) { return Extent{2, 3}, tag == "b" }
	rooms, err := AssignRooms(g, params.Rooms{Margin: 10, MinExtent: 4, MaxExtent: 6}, extent, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	for v, rm := range rooms {
		lo, hi := 40.0, 60.0
		if g.Vertex(v).Tag == "b" {
			lo, hi = 20, 30
		}
		if rm.W < lo || rm.W > hi || rm.H < lo || rm.H > hi || int(rm.W)%10 != 0 {
			t.Errorf("room %d (%s) is %v × %v, want multiples of 10 in [%v, %v]", v, g.Vertex(v).Tag, rm.W, rm.H, lo, hi)
		}
		if want := math.Sqrt(rm.W*rm.W+rm.H*rm.H) / 2; rm.Radius != want {
			t.Errorf("room %d radius %v, want half-diagonal %v", v, rm.Radius, want)
		}
	}
	if _, err := AssignRooms(g, params.Rooms{}, func(string) (Extent, bool) { return Extent{3, 2}, true }, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("AssignRooms accepted min > max")
	}
}

// TestTightRoomsPart puts two rooms a hair more than the relax pass's
// keep apart and lets them repel: the limits along the direction of each
// other must stop them from closing, not from parting, so one iteration
// parts them by far more than the clearance they had over keep (a limit
// in every direction would have held each to half of that half unit).
func TestTightRoomsPart(t *testing.T) {
	g := new(grammar.Graph)
	const r = 100.0
	start := 2*r + relaxKeep(50) + 0.5
	g.AddVertex(grammar.Vertex{Tag: "a", Pos: r2.Vec{}})
	g.AddVertex(grammar.Vertex{Tag: "a", Pos: r2.Vec{X: start}})
	d := newDrawing(g, params.Forces{CrossingFree: true, Repulsion: 1})
	d.Radius[0], d.Radius[1] = r, r
	d.UseRooms(50)
	d.SetActive(nil)
	d.Update()
	if got := dist(d.Pos[0], d.Pos[1]); got < start+10 {
		t.Errorf("after one iteration the rooms are %.2f apart, started %.2f: the limits held them", got, start)
	}
	// Pushed together instead (a corridor far shorter than its target
	// pulls them), they must stop at keep (the gap that makes the target
	// short also makes the relax pass keep only keep).
	if err := g.AddEdge(grammar.Edge{A: 0, B: 1}); err != nil {
		t.Fatal(err)
	}
	g.SetPos(0, r2.Vec{})
	g.SetPos(1, r2.Vec{X: start})
	d = newDrawing(g, params.Forces{CrossingFree: true, Repulsion: 1e-9})
	d.Radius[0], d.Radius[1] = r, r
	d.UseRooms(10 - 2*r) // target 10: the spring pulls them together
	d.SetActive(nil)
	for range 50 {
		d.Update()
		if c := dist(d.Pos[0], d.Pos[1]) - 2*r; !(c >= keep) {
			t.Fatalf("clearance %.3f, below keep %v", c, float64(keep))
		}
	}
	if c := dist(d.Pos[0], d.Pos[1]) - 2*r; c > keep+0.1 {
		t.Errorf("clearance %.3f: the spring did not pull them to keep", c)
	}
}

// TestLimits checks the limits of a pair's moves toward each other and the
// directions used when the direction between them is undefined.
func TestLimits(t *testing.T) {
	for _, c := range []struct {
		c    float64
		want float64
	}{
		{10, 4},          // (c − keep)/2
		{keep, 0},        // at keep: no closer
		{0.75 * keep, 0}, // dropped below keep (by rounding): no closer
		{0.4, 0.1},       // started closer than keep/2: a quarter each
		{keep / 2048, 0}, // below approachFloor: no closer
		{0, 0},
	} {
		if got := limitFor(c.c, keep); got != c.want {
			t.Errorf("limitFor(%v, keep) = %v, want %v", c.c, got, c.want)
		}
	}
	for u := range int32(5) {
		for v := range int32(5) {
			if u == v {
				continue
			}
			a, b := coincidentDir(u, v), coincidentDir(v, u)
			if math.Abs(float64(a.X*a.X)+float64(a.Y*a.Y)-1) > 1e-12 || a.X != -b.X || a.Y != -b.Y {
				t.Errorf("coincidentDir(%d, %d) = %v, (%d, %d) = %v: want opposite unit vectors", u, v, a, v, u, b)
			}
		}
	}
	ab := r2.Vec{X: 3, Y: 4}
	for _, u := range []int32{0, 7} {
		n := onCorridorDir(u, 3, ab)
		if math.Abs(float64(n.X*ab.X)+float64(n.Y*ab.Y)) > 1e-12 || math.Abs(float64(n.X*n.X)+float64(n.Y*n.Y)-1) > 1e-12 {
			t.Errorf("onCorridorDir(%d, 3, %v) = %v: want a unit normal", u, ab, n)
		}
	}
	if a, b := onCorridorDir(0, 3, ab), onCorridorDir(7, 3, ab); a.X != -b.X || a.Y != -b.Y {
		t.Errorf("rooms on either side of the corridor's first end get %v and %v: want opposite sides", a, b)
	}
}

// TestStepHeat follows one vertex's step factor through a sequence of
// steps: it halves when a step turns back by more than 120°, grows by
// heatGrow while steps keep their direction, never above 1, and is left
// alone by steps at right angles and by zero or undefined steps.
func TestStepHeat(t *testing.T) {
	east, west, north := r2.Vec{X: 1}, r2.Vec{X: -1}, r2.Vec{Y: 1}
	for _, c := range []struct {
		name  string
		steps []r2.Vec
		want  float64
	}{
		{"first step", []r2.Vec{east}, 1},
		{"straight on", []r2.Vec{east, east, east}, 1},
		{"one reversal", []r2.Vec{east, west}, 0.5},
		{"oscillating", []r2.Vec{east, west, east, west}, 0.125},
		{"recovering", []r2.Vec{east, west, west, west}, 0.5 * heatGrow * heatGrow},
		{"right angle", []r2.Vec{east, west, north}, 0.5},
		{"130° back", []r2.Vec{east, {X: -0.643, Y: 0.766}}, 0.5},
		{"110° back", []r2.Vec{east, {X: -0.342, Y: 0.940}}, 1},
		{"zero step", []r2.Vec{east, west, {}}, 0.5},
		{"NaN step", []r2.Vec{east, {X: math.NaN()}}, 1},
	} {
		s := stepHeat{last: make([]r2.Vec, 1), heat: []float64{1}}
		var h float64
		for _, m := range c.steps {
			h = s.update(0, m)
			s.last[0] = scale(h, m)
		}
		if math.Abs(h-c.want) > 1e-12 {
			t.Errorf("%s: heat %v, want %v", c.name, h, c.want)
		}
	}
}

// TestMassFollowsRewrites changes random drawings' graphs as rewrites do
// (a vertex added and joined to others, an edge removed, factors set) and
// tells the drawing as the construction does (Sync, then Touch of the
// matched vertices): every vertex's kept mass must be what its corridors
// give now.
func TestMassFollowsRewrites(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 16))
	for c := range 40 {
		g := planarDrawing(rng, 5+rng.IntN(20), 1)
		d := newDrawing(g, freeForces())
		for step := range 10 {
			var match []int
			if es := g.Edges(); len(es) > 0 && rng.IntN(2) == 0 {
				e := es[rng.IntN(len(es))]
				g.RemoveEdge(e.A, e.B)
				match = append(match, e.A, e.B)
			}
			w := g.AddVertex(grammar.Vertex{Tag: "a"})
			for range 1 + rng.IntN(3) {
				u := rng.IntN(w)
				if !g.HasEdge(u, w) {
					g.AddEdge(grammar.Edge{A: u, B: w, LengthFactor: []float64{0, 0.5, 1, 3}[rng.IntN(4)]})
					match = append(match, u)
				}
			}
			d.Sync()
			d.Touch(match)
			for v := range g.Order() {
				want := 1.0
				for _, h := range g.Neighbors(v) {
					want += springWeight(h)
				}
				if got := d.mass(int32(v)); got != want {
					t.Fatalf("case %d, step %d: vertex %d has mass %v, its corridors give %v", c, step, v, got, want)
				}
			}
		}
	}
}
