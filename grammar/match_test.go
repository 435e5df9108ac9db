package grammar

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"
)

// host builds a graph from tags, positions and edges (pairs of ids).
func host(t *testing.T, tags []string, pos []r2.Vec, edges [][2]int) *Graph {
	t.Helper()
	g := &Graph{}
	for i, tag := range tags {
		g.AddVertex(Vertex{Tag: tag, Pos: pos[i], CreatedBy: -1})
	}
	for _, e := range edges {
		if err := g.AddEdge(Edge{A: e[0], B: e[1]}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// oneRule compiles a grammar of a start rule plus r, and returns r's index.
func oneRule(t *testing.T, r Rule) (*Grammar, int) {
	t.Helper()
	gr, err := Compile(Definition{Rules: []Rule{startRule(), r}})
	if err != nil {
		t.Fatal(err)
	}
	return gr, 1
}

func keep(ids ...string) []SubstituteVertex {
	out := make([]SubstituteVertex, len(ids))
	for i, id := range ids {
		out[i] = SubstituteVertex{ID: id, Tag: Wildcard}
	}
	return out
}

func diagnose(t *testing.T, gr *Grammar, g *Graph, i, maxValence int) map[string]Reason {
	t.Helper()
	cs, err := gr.Diagnose(g, i, maxValence)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Reason{}
	for _, c := range cs {
		out[key(c.Match)] = c.Reason
	}
	return out
}

func key(m Match) string {
	b := []byte{}
	for i, h := range m {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, byte('0'+h))
	}
	return string(b)
}

func TestFlipTriangle(t *testing.T) {
	tri := Rule{
		Name: "tri",
		Pattern: Pattern{
			Vertices: []PatternVertex{{ID: "a", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "b1", Tags: []string{"b"}, Pos: v(100, 0)}, {ID: "b2", Tags: []string{"b"}, Pos: v(50, 80)}},
			Edges:    []PatternEdge{{A: "a", B: "b1"}, {A: "b1", B: "b2"}, {A: "b2", B: "a"}},
		},
		Substitute: Substitute{Vertices: keep("a", "b1", "b2"), Edges: []SubstituteEdge{{A: "a", B: "b1"}, {A: "b1", B: "b2"}, {A: "b2", B: "a"}}},
	}
	gr, ri := oneRule(t, tri)
	tests := []struct {
		name string
		pos  []r2.Vec
		want map[string]Reason
	}{
		{"same orientation", []r2.Vec{v(0, 0), v(10, 0), v(5, 7)}, map[string]Reason{"0,1,2": OK, "0,2,1": Flip}},
		{"mirrored host", []r2.Vec{v(0, 0), v(10, 0), v(5, -7)}, map[string]Reason{"0,1,2": Flip, "0,2,1": OK}},
		{"rotated and scaled", []r2.Vec{v(3, 3), v(3, 300), v(-200, 150)}, map[string]Reason{"0,1,2": OK, "0,2,1": Flip}},
		// A degenerate host (all three on a line) cannot tell a match from
		// its mirror image: both are kept.
		{"collinear host", []r2.Vec{v(0, 0), v(10, 0), v(20, 0)}, map[string]Reason{"0,1,2": OK, "0,2,1": OK}},
		{"coincident host", []r2.Vec{v(0, 0), v(0, 0), v(0, 0)}, map[string]Reason{"0,1,2": OK, "0,2,1": OK}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := host(t, []string{"a", "b", "b"}, tt.pos, [][2]int{{0, 1}, {1, 2}, {0, 2}})
			got := diagnose(t, gr, g, ri, 0)
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for k, w := range tt.want {
				if got[k] != w {
					t.Errorf("match %s: %v, want %v", k, got[k], w)
				}
			}
		})
	}
}

// TestFlipWrapAround builds a star whose host differs from the pattern only
// in the turn from the last edge back to the first: the wrap-around pair the
// original engine never compared.
func TestFlipWrapAround(t *testing.T) {
	star := Rule{
		Name: "star",
		Pattern: Pattern{
			// Edges at 0°, 90° and 135° around v: consecutive turns +, +,
			// and − for the 225° gap from 135° back to 0°.
			Vertices: []PatternVertex{{ID: "v", Tags: []string{"v"}}, {ID: "a", Tags: []string{"a"}, Pos: v(10, 0)}, {ID: "b", Tags: []string{"b"}, Pos: v(0, 10)}, {ID: "c", Tags: []string{"c"}, Pos: v(-10, 10)}},
			Edges:    []PatternEdge{{A: "v", B: "a"}, {A: "v", B: "b"}, {A: "v", B: "c"}},
		},
		Substitute: Substitute{Vertices: keep("v", "a", "b", "c"), Edges: []SubstituteEdge{{A: "v", B: "a"}, {A: "v", B: "b"}, {A: "v", B: "c"}}},
	}
	gr, ri := oneRule(t, star)
	for _, tt := range []struct {
		name string
		c    r2.Vec // host position of c; a and b sit at 0° and 90°
		want Reason
	}{
		{"c at 135°", v(-5, 5), OK},
		{"c at 170°", v(-10, 1), OK},
		// At 225° the turns a→b and b→c are still counter-clockwise; only
		// c→a (now 135°, also counter-clockwise) differs from the pattern.
		{"c at 225°", v(-5, -5), Flip},
		// At 180° c→a is a straight line: ambiguous, accepted.
		{"c at 180°", v(-5, 0), OK},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := host(t, []string{"v", "a", "b", "c"}, []r2.Vec{v(0, 0), v(7, 0), v(0, 3), tt.c}, [][2]int{{0, 1}, {0, 2}, {0, 3}})
			got := diagnose(t, gr, g, ri, 0)
			if got["0,1,2,3"] != tt.want || len(got) != 1 {
				t.Errorf("got %v, want 0,1,2,3: %v", got, tt.want)
			}
		})
	}
}

func TestNegatedTags(t *testing.T) {
	r := Rule{
		Name: "neg",
		Pattern: Pattern{
			Vertices: []PatternVertex{{ID: "x", Tags: []string{"a", "!c"}}, {ID: "y", Tags: []string{"-"}, Pos: v(100, 0)}},
			Edges:    []PatternEdge{{A: "x", B: "y"}},
		},
		Substitute: Substitute{Vertices: keep("x", "y"), Edges: []SubstituteEdge{{A: "x", B: "y"}}},
	}
	gr, ri := oneRule(t, r)
	tests := []struct {
		name  string
		tags  []string
		edges [][2]int
		want  map[string]Reason
	}{
		// 0(a)-1(b), 0-2(c): x=0,y=1 has c outside the match: rejected;
		// x=0,y=2 has c inside the match: fine.
		{"neighbour outside vs inside", []string{"a", "b", "c"}, [][2]int{{0, 1}, {0, 2}}, map[string]Reason{"0,1": Negated, "0,2": OK}},
		{"no c anywhere", []string{"a", "b", "d"}, [][2]int{{0, 1}, {0, 2}}, map[string]Reason{"0,1": OK, "0,2": OK}},
		// A c two steps away is not a neighbour.
		{"c two hops away", []string{"a", "b", "c"}, [][2]int{{0, 1}, {1, 2}}, map[string]Reason{"0,1": OK}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := host(t, tt.tags, make([]r2.Vec, len(tt.tags)), tt.edges)
			got := diagnose(t, gr, g, ri, 0)
			for k, w := range tt.want {
				if got[k] != w {
					t.Errorf("match %s: %v, want %v (all: %v)", k, got[k], w, got)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestLock(t *testing.T) {
	r := Rule{
		Name: "lock",
		Pattern: Pattern{
			Vertices: []PatternVertex{{ID: "x", Tags: []string{"a"}, Lock: true}, {ID: "y", Tags: []string{"a"}, Pos: v(100, 0)}},
			Edges:    []PatternEdge{{A: "x", B: "y"}},
		},
		Substitute: Substitute{Vertices: keep("x", "y"), Edges: []SubstituteEdge{{A: "x", B: "y"}}},
	}
	gr, ri := oneRule(t, r)
	// A path 0-1-2: the locked x (valence 1 in the pattern) fits the ends
	// only.
	g := host(t, []string{"a", "a", "a"}, make([]r2.Vec, 3), [][2]int{{0, 1}, {1, 2}})
	got := diagnose(t, gr, g, ri, 0)
	want := map[string]Reason{"0,1": OK, "1,0": Lock, "1,2": Lock, "2,1": OK}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("match %s: %v, want %v", k, got[k], w)
		}
	}
	ms, _ := gr.Matches(g, ri, 0)
	if !slices.EqualFunc(ms, []Match{{0, 1}, {2, 1}}, func(a, b Match) bool { return slices.Equal(a, b) }) {
		t.Errorf("Matches = %v, want [[0 1] [2 1]] in canonical order", ms)
	}
}

func TestCosmeticMatchesOnlyCosmetic(t *testing.T) {
	// Rooms x-y joined by a corridor, and a cosmetic chasm z hanging off y
	// by a cosmetic edge (demirogue's catacomb shape).
	r := Rule{
		Name: "cos",
		Pattern: Pattern{
			Vertices: []PatternVertex{{ID: "x", Tags: []string{"a"}}, {ID: "y", Tags: []string{"a"}, Pos: v(100, 0)}, {ID: "z", Tags: []string{"c"}, Cosmetic: true, Pos: v(100, 100)}},
			Edges:    []PatternEdge{{A: "x", B: "y"}, {A: "y", B: "z", Cosmetic: true}},
		},
		Substitute: Substitute{
			Vertices: []SubstituteVertex{{ID: "x", Tag: "-"}, {ID: "y", Tag: "-"}, {ID: "z", Tag: "-", Cosmetic: true}},
			Edges:    []SubstituteEdge{{A: "x", B: "y"}, {A: "y", B: "z", Cosmetic: true}},
		},
	}
	gr, ri := oneRule(t, r)
	g := &Graph{}
	g.AddVertex(Vertex{Tag: "a"})
	g.AddVertex(Vertex{Tag: "a"})
	g.AddVertex(Vertex{Tag: "c", Cosmetic: true})
	g.AddVertex(Vertex{Tag: "c", Cosmetic: true})
	g.AddVertex(Vertex{Tag: "c"})
	g.AddEdge(Edge{A: 0, B: 1})
	g.AddEdge(Edge{A: 1, B: 2, Cosmetic: true}) // the only true match: x=0 y=1 z=2
	g.AddEdge(Edge{A: 0, B: 3})                 // plain edge to a cosmetic vertex: no match
	g.AddEdge(Edge{A: 0, B: 4, Cosmetic: true}) // cosmetic edge to a plain vertex: no match
	ms, _ := gr.Matches(g, ri, 0)
	if len(ms) != 1 || !slices.Equal(ms[0], Match{0, 1, 2}) {
		t.Fatalf("Matches = %v, want only [0 1 2]", ms)
	}
}

func TestMaxValence(t *testing.T) {
	// The triangle rule adds one edge at x and one at y.
	gr, err := Compile(demoDefinition())
	if err != nil {
		t.Fatal(err)
	}
	ri, _ := gr.RuleIndex("triangle")
	// A star: centre 0 with 4 leaves.
	g := host(t, []string{"a", "a", "a", "a", "a"}, []r2.Vec{v(0, 0), v(1, 0), v(0, 1), v(-1, 0), v(0, -1)}, [][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}})
	for _, tt := range []struct {
		max  int
		want Reason
	}{{0, OK}, {5, OK}, {4, Valence}} {
		got := diagnose(t, gr, g, ri, tt.max)
		if got["0,1"] != tt.want || got["1,0"] != tt.want {
			t.Errorf("max_valence %d: %v, want %v for matches at the centre", tt.max, got, tt.want)
		}
		if got["2,0"] != tt.want {
			t.Errorf("max_valence %d: leaf-first match %v, want %v", tt.max, got["2,0"], tt.want)
		}
	}
	// extend keeps every valence: allowed even where the centre is already
	// past the limit.
	ei, _ := gr.RuleIndex("extend")
	if got := diagnose(t, gr, g, ei, 2); got["0,1"] != OK {
		t.Errorf("extend at a vertex already past max_valence: %v, want ok", got["0,1"])
	}
}

func TestRewriteKeepsContextEdges(t *testing.T) {
	// Pattern: path x-y-z. Host: triangle 0-1-2. The host edge 0-2 is not
	// in the pattern; the rewrite must keep it.
	path := Rule{
		Name: "path",
		Pattern: Pattern{
			Vertices: []PatternVertex{{ID: "x", Tags: []string{"a"}}, {ID: "y", Tags: []string{"a"}, Pos: v(100, 0)}, {ID: "z", Tags: []string{"a"}, Pos: v(200, 0)}},
			Edges:    []PatternEdge{{A: "x", B: "y"}, {A: "y", B: "z"}},
		},
		Substitute: Substitute{
			Vertices: []SubstituteVertex{{ID: "x", Tag: "b", Pos: v(0, 0)}, {ID: "y", Tag: Wildcard, Pos: v(100, 0)}, {ID: "z", Tag: "b", Pos: v(200, 0)}, {ID: "n", Tag: "c", Pos: v(100, 100)}},
			Edges:    []SubstituteEdge{{A: "x", B: "y"}, {A: "y", B: "z"}, {A: "y", B: "n"}, {A: "x", B: "z"}},
		},
	}
	gr, ri := oneRule(t, path)
	g := host(t, []string{"a", "a", "a"}, []r2.Vec{v(0, 0), v(100, 0), v(50, 80)}, [][2]int{{0, 1}, {1, 2}, {0, 2}})
	g.vs[0].Pos, g.vs[1].Pos, g.vs[2].Pos = v(0, 0), v(100, 0), v(200, 0)
	if _, err := g.RemoveEdge(0, 2); !err {
		t.Fatal("no edge 0-2")
	}
	g.addEdge(Edge{A: 0, B: 2, LengthFactor: 3})
	added, err := gr.Apply(g, ri, Match{0, 1, 2}, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(added, []int{3}) {
		t.Fatalf("added %v, want [3]", added)
	}
	e, ok := g.Edge(0, 2)
	if !ok || e.LengthFactor != 3 {
		t.Errorf("context edge 0-2 = %+v, %v: want kept with length factor 3 (the substitute edge x-z merges into it)", e, ok)
	}
	if g.Size() != 4 {
		t.Errorf("size %d, want 4 (0-1, 1-2, 0-2, 1-3)", g.Size())
	}
	tags := []string{g.Vertex(0).Tag, g.Vertex(1).Tag, g.Vertex(2).Tag, g.Vertex(3).Tag}
	if !slices.Equal(tags, []string{"b", "a", "b", "c"}) {
		t.Errorf("tags %v, want [b a b c] (\"-\" keeps the host tag)", tags)
	}
	if g.Vertex(3).CreatedBy != 7 {
		t.Errorf("CreatedBy %d, want 7", g.Vertex(3).CreatedBy)
	}
	if got := g.Vertex(3).Pos; got != v(100, 100) {
		t.Errorf("new vertex at %v, want (100, 100)", got)
	}
}

func TestApplyRejectsNonMatch(t *testing.T) {
	gr, err := Compile(demoDefinition())
	if err != nil {
		t.Fatal(err)
	}
	ei, _ := gr.RuleIndex("extend")
	g := host(t, []string{"a", "a", "b"}, make([]r2.Vec, 3), [][2]int{{0, 1}})
	for _, m := range []Match{{0}, {0, 0}, {0, 9}, {0, 2}, {1, 2}} {
		if _, err := gr.Apply(g, ei, m, 0, 0); err == nil {
			t.Errorf("Apply(%v) succeeded, want an error", m)
		}
	}
	if _, err := gr.Apply(g, 99, Match{0, 1}, 0, 0); err == nil {
		t.Error("Apply with rule 99 succeeded")
	}
}

func TestLengthFactors(t *testing.T) {
	gr, err := Compile(demoDefinition())
	if err != nil {
		t.Fatal(err)
	}
	g := &Graph{}
	g.AddVertex(Vertex{Tag: "a", Pos: v(0, 0)})
	g.AddVertex(Vertex{Tag: "a", Pos: v(100, 0)})
	g.AddEdge(Edge{A: 0, B: 1, LengthFactor: 0.8})
	ei, _ := gr.RuleIndex("extend")
	if _, err := gr.Apply(g, ei, Match{0, 1}, 0, 0); err != nil {
		t.Fatal(err)
	}
	// Subdivide edges: their factor (0.5) times the mean matched factor.
	for _, e := range [][2]int{{0, 2}, {1, 2}} {
		if h, _ := g.Edge(e[0], e[1]); h.LengthFactor != 0.4 {
			t.Errorf("edge %v factor %v, want 0.4", e, h.LengthFactor)
		}
	}
	ti, _ := gr.RuleIndex("triangle")
	if _, err := gr.Apply(g, ti, Match{0, 2}, 1, 0); err != nil {
		t.Fatal(err)
	}
	// The pattern edge keeps its host factor; new plain edges get 1.
	if h, _ := g.Edge(0, 2); h.LengthFactor != 0.4 {
		t.Errorf("kept pattern edge factor %v, want 0.4", h.LengthFactor)
	}
	if h, _ := g.Edge(0, 3); h.LengthFactor != 1 {
		t.Errorf("new edge factor %v, want 1", h.LengthFactor)
	}
}

func TestRejectCrossings(t *testing.T) {
	// close joins the ends x and z of a path x-y-z with a corridor.
	closeRule := Rule{
		Name: "close",
		Pattern: Pattern{
			Vertices: []PatternVertex{{ID: "x", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "y", Tags: []string{"a"}, Pos: v(50, 50)}, {ID: "z", Tags: []string{"a"}, Pos: v(100, 0)}},
			Edges:    []PatternEdge{{A: "x", B: "y"}, {A: "y", B: "z"}},
		},
		Substitute: Substitute{Vertices: keep("x", "y", "z"), Edges: []SubstituteEdge{{A: "x", B: "y"}, {A: "y", B: "z"}, {A: "x", B: "z"}}},
	}
	gr, ri := oneRule(t, closeRule)
	c := gr.rules[ri]
	// Host: the path 0-1-2, and a corridor 3-4 that the new corridor 0-2
	// would cross; moved away, it would not.
	g := host(t, []string{"a", "a", "a", "b", "b"}, []r2.Vec{v(0, 0), v(50, 50), v(100, 0), v(50, -20), v(50, 20)}, [][2]int{{0, 1}, {1, 2}, {3, 4}})
	if c.crossingOK(g, []int{0, 1, 2}) {
		t.Error("a new corridor crossing corridor 3-4 was accepted")
	}
	g.SetPos(3, v(200, -20))
	g.SetPos(4, v(200, 20))
	if !c.crossingOK(g, []int{0, 1, 2}) {
		t.Error("a new corridor clear of every other was rejected")
	}
	// Through a vertex counts too.
	g.SetPos(3, v(50, 0))
	if c.crossingOK(g, []int{0, 1, 2}) {
		t.Error("a new corridor through vertex 3 was accepted")
	}
}

// A pattern with more structural matches than MaxListed is refused by
// Diagnose and Matches rather than listed: a star of 6 leaves in a star of
// 12 has 12!/6! = 665,280.
func TestTooManyMatches(t *testing.T) {
	star := func(n int) ([]PatternVertex, []PatternEdge) {
		vs := []PatternVertex{{ID: "c", Tags: []string{"c"}, Pos: v(0, 0)}}
		var es []PatternEdge
		for i := range n {
			id := fmt.Sprintf("l%d", i)
			vs = append(vs, PatternVertex{ID: id, Tags: []string{"l"}, Pos: v(float64(100*(i%3)), float64(100*(i/3+1)))})
			es = append(es, PatternEdge{A: "c", B: id})
		}
		return vs, es
	}
	pv, pe := star(6)
	sv := make([]SubstituteVertex, len(pv))
	for i, p := range pv {
		sv[i] = SubstituteVertex{ID: p.ID, Tag: p.Tags[0], Pos: p.Pos}
	}
	se := make([]SubstituteEdge, len(pe))
	for i, e := range pe {
		se[i] = SubstituteEdge{A: e.A, B: e.B}
	}
	start := Rule{Name: "start", Pattern: Pattern{Vertices: []PatternVertex{{ID: "s", Tags: []string{"s"}}}},
		Substitute: Substitute{Vertices: []SubstituteVertex{{ID: "s", Tag: "c"}}}}
	d := Definition{Rules: []Rule{start, {Name: "fan", Pattern: Pattern{Vertices: pv, Edges: pe}, Substitute: Substitute{Vertices: sv, Edges: se}}}}
	gr, err := Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGraph()
	c := g.AddVertex(Vertex{Tag: "c"})
	for i := range 12 {
		l := g.AddVertex(Vertex{Tag: "l", Pos: v(float64(i), 1)})
		g.AddEdge(Edge{A: c, B: l})
	}
	if _, err := gr.Diagnose(g, 1, 0); !errors.Is(err, ErrTooManyMatches) {
		t.Errorf("Diagnose: %v, want ErrTooManyMatches", err)
	}
	if _, err := gr.Matches(g, 1, 0); !errors.Is(err, ErrTooManyMatches) {
		t.Errorf("Matches: %v, want ErrTooManyMatches", err)
	}
}
