package layout

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

func at(x, y float64) r2.Vec { return r2.Vec{X: x, Y: y} }

// testGrammar grows trees with loops: a start rule, edge subdivision,
// branching and triangles.
func testGrammar(t testing.TB) *grammar.Grammar {
	t.Helper()
	two := edgePattern()
	gr, err := grammar.Compile(grammar.Definition{Rules: []grammar.Rule{
		startRule([]grammar.SubstituteVertex{{ID: "s", Tag: "a", Pos: at(0, 0)}, {ID: "b", Tag: "a", Pos: at(0, 100)}, {ID: "c", Tag: "a", Pos: at(0, -100)}},
			[]grammar.SubstituteEdge{{A: "s", B: "b"}, {A: "s", B: "c"}}),
		{
			Name: "extend", Pattern: two,
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "m", Tag: "a", Pos: at(50, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}},
				Edges:    []grammar.SubstituteEdge{{A: "x", B: "m"}, {A: "m", B: "y"}},
			},
		},
		{
			Name: "branch", Pattern: two,
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}, {ID: "n", Tag: "a", Pos: at(100, 100)}},
				Edges:    []grammar.SubstituteEdge{{A: "x", B: "y"}, {A: "y", B: "n"}},
			},
		},
		{
			Name: "triangle", Pattern: two, MaxUses: 0,
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}, {ID: "t", Tag: "b", Pos: at(50, 80)}},
				Edges:    []grammar.SubstituteEdge{{A: "x", B: "y"}, {A: "y", B: "t"}, {A: "t", B: "x"}},
			},
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return gr
}

// edgePattern matches a corridor between two rooms tagged "a", x at
// (0, 0) and y at (100, 0).
func edgePattern() grammar.Pattern {
	return grammar.Pattern{
		Vertices: []grammar.PatternVertex{{ID: "x", Tags: []string{"a"}, Pos: at(0, 0)}, {ID: "y", Tags: []string{"a"}, Pos: at(100, 0)}},
		Edges:    []grammar.PatternEdge{{A: "x", B: "y"}},
	}
}

// startRule replaces the start room "s" with the given substitute.
func startRule(vs []grammar.SubstituteVertex, es []grammar.SubstituteEdge) grammar.Rule {
	return grammar.Rule{
		Name:       "start",
		Pattern:    grammar.Pattern{Vertices: []grammar.PatternVertex{{ID: "s", Tags: []string{"s"}}}},
		Substitute: grammar.Substitute{Vertices: vs, Edges: es},
	}
}

func TestConstructorDrawsEdgesNearTarget(t *testing.T) {
	gr := testGrammar(t)
	for _, n := range []int{30, 200} {
		c := &Constructor{Forces: freeForces()}
		res, err := gr.Build(grammar.Options{MaxIterations: 10 * n, MaxVertices: n, AfterRewrite: c.AfterRewrite}, rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatal(err)
		}
		g := res.Graph
		var sum, sum2 float64
		for _, e := range g.Edges() {
			l := r2.Norm(r2.Sub(g.Vertex(e.A).Pos, g.Vertex(e.B).Pos)) / 100
			sum += l
			sum2 += l * l
		}
		m := float64(g.Size())
		mean := sum / m
		sd := math.Sqrt(sum2/m - mean*mean)
		t.Logf("n=%d: %d edges, mean length %.3f edge lengths, sd %.3f; stats %+v", g.Order(), g.Size(), mean, sd, c.Stats())
		if mean < 0.7 || mean > 1.5 {
			t.Errorf("n=%d: mean edge length %.3f edge lengths, want near 1", n, mean)
		}
	}
}

// TestConstructionEndsCrossingFree builds trees with the construction
// drawing (retraction of new vertices, freed conflict vertices, bounded
// moves elsewhere): every tree has a crossing-free drawing, and the
// construction must find one. Freed vertices move
// without bounds to undo a rewrite's conflict and could be left in
// another; per-vertex step control, per-direction limits and group
// retraction prevent that (NOTES.md, "Validity is an invariant"). The test
// wants none in 24.
func TestConstructionEndsCrossingFree(t *testing.T) {
	full := testGrammar(t)
	def := full.Definition()
	def.Rules = def.Rules[:3] // start, extend, branch: trees only
	gr, err := grammar.Compile(def)
	if err != nil {
		t.Fatal(err)
	}
	seeds := 24
	if testing.Short() {
		seeds = 6
	}
	failed := 0
	for seed := range uint64(seeds) {
		c := &Constructor{Forces: params.Forces{CrossingFree: true}}
		_, err := gr.Build(grammar.Options{MaxIterations: 200, MaxVertices: 100, AfterRewrite: c.AfterRewrite, RejectCrossings: true}, rand.New(rand.NewPCG(seed, 3)))
		if err != nil {
			t.Fatal(err)
		}
		if cs := conflicts(c.d, false); len(cs) > 0 {
			failed++
			t.Logf("seed %d: %d conflicts in a tree's drawing, first %v", seed, len(cs), cs[0])
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d trees drawn with conflicts, want none", failed, seeds)
	}
}

// TestRelaxInflates draws a chain of rooms with one nearly collapsed
// corridor: the uniform validity scale would blow the whole level up
// around it; inflating the rooms must give a valid level far smaller than
// that, with the rooms at full size and the corridors near their targets.
func TestRelaxInflates(t *testing.T) {
	g := new(grammar.Graph)
	const n = 12
	for i := range n {
		p := r2.Vec{X: float64(100 * i), Y: float64(30 * (i % 2))}
		if i == n-1 {
			p = r2.Vec{X: float64(100*(n-2)) + 2, Y: float64(30 * ((n - 2) % 2))} // 2 units from its neighbour
		}
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: p})
		if i > 0 {
			if err := g.AddEdge(grammar.Edge{A: i - 1, B: i}); err != nil {
				t.Fatal(err)
			}
		}
	}
	const gap = 50.0
	rooms, st, uniform := relaxSquares(t, g, gap)
	if !(st.Scale < uniform/4) {
		t.Errorf("relax scale %v, the uniform validity scale %v: the rooms were not inflated", st.Scale, uniform)
	}
	if q := Measure(g, rooms, gap); q.EdgeDeviation > 0.2 {
		t.Errorf("corridors deviate %.2f from their targets (RMS, relative), want at most 0.2", q.EdgeDeviation)
	}
}

// relaxSquares gives every vertex of g a 100 × 100 room, relaxes g with
// corridor gap gap and checks the result: it returns the rooms, the relax
// stats and the uniform validity scale of g's drawing before.
func relaxSquares(t *testing.T, g *grammar.Graph, gap float64) ([]Room, RelaxStats, float64) {
	t.Helper()
	rooms := make([]Room, g.Order())
	for i := range rooms {
		rooms[i] = Room{W: 100, H: 100, Radius: 70.71067811865476}
	}
	pos := make([]r2.Vec, g.Order())
	for v := range pos {
		pos[v] = g.Vertex(v).Pos
	}
	uniform, err := validScale(g, pos, rooms, gap)
	if err != nil {
		t.Fatal(err)
	}
	st, err := Relax(context.Background(), g, rooms, gap, params.DefaultRelax(), Limits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkRelaxed(t, g, rooms)
	return rooms, st, uniform
}

// checkRelaxed reports the conflicts of g's drawing with its rooms.
func checkRelaxed(t *testing.T, g *grammar.Graph, rooms []Room) {
	t.Helper()
	discs := make([]Disc, g.Order())
	for v := range discs {
		discs[v] = Disc{ID: v, Center: g.Vertex(v).Pos, Radius: rooms[v].Radius}
	}
	var cs []Corridor
	for _, e := range g.Edges() {
		cs = append(cs, Corridor{A: e.A, B: e.B, Cosmetic: e.Cosmetic})
	}
	if conflicts := Check(discs, cs); len(conflicts) > 0 {
		t.Errorf("relaxed level has conflicts: %v", conflicts)
	}
}

// TestRelaxPartsClumps starts the relax pass from a drawing with a clump:
// a star whose four leaves lie within half a unit of its centre and of
// each other, one of them almost on a corridor. Every pair in the clump is
// closer than keep; the rooms must still reach full size without scaling
// the level by the clump's validity scale, and the level must be valid.
func TestRelaxPartsClumps(t *testing.T) {
	g := new(grammar.Graph)
	add := func(x, y float64) int {
		return g.AddVertex(grammar.Vertex{Tag: "a", Pos: r2.Vec{X: x, Y: y}})
	}
	edge := func(a, b int) {
		if err := g.AddEdge(grammar.Edge{A: a, B: b}); err != nil {
			t.Fatal(err)
		}
	}
	hub := add(0, 0)
	far := add(300, 0)
	edge(hub, far)
	for _, p := range []r2.Vec{{X: 0.3, Y: 1e-9}, {X: -0.2, Y: 0.25}, {X: -0.1, Y: -0.3}, {X: 0.15, Y: 0.3}} {
		edge(hub, add(p.X, p.Y))
	}
	_, st, uniform := relaxSquares(t, g, 50)
	if !(st.Scale < uniform/100) {
		t.Errorf("relax scale %v, the uniform validity scale %v: the clump did not part", st.Scale, uniform)
	}
}

// TestRetractIntoFreeSector places a pillar (rooms r1 from x and r2 from
// y, and a corridor between them) square to the stretch x–y on the inside
// of a 30° bend at x: the corridor r1–r2 crosses w–x at every scale, so
// shrinking toward the anchors cannot help; rotating r1 into the sector
// between x–y and x–w must.
func TestRetractIntoFreeSector(t *testing.T) {
	g := grammar.NewGraph()
	g.SetPos(0, at(173.2, 100)) // w, 30° off x–y
	x := g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(0, 0)})
	y := g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(100, 0)})
	z := g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(200, 0)})
	r1 := g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(0, 90)})
	r2 := g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(100, 90)})
	for _, e := range [][2]int{{0, x}, {x, y}, {y, z}, {x, r1}, {r1, r2}, {r2, y}} {
		if err := g.AddEdge(grammar.Edge{A: e[0], B: e[1]}); err != nil {
			t.Fatal(err)
		}
	}
	c := &Constructor{}
	c.d = newDrawing(g, params.Forces{CrossingFree: true})
	if !c.crossesLocal(g, r2, nil) && !c.crossesLocal(g, r1, nil) {
		t.Fatal("the pillar as placed crosses nothing: the test is void")
	}
	if !c.retract(g, []int{r1, r2}) {
		t.Fatal("retract moved nothing")
	}
	for _, n := range []int{r1, r2} {
		if c.crossesLocal(g, n, nil) {
			t.Errorf("room %d at %v still crosses a corridor", n, c.d.Pos[n])
		}
	}
	if cs := conflicts(c.d, false); len(cs) > 0 {
		t.Errorf("conflicts after retraction: %v", cs)
	}
}
