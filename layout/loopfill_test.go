package layout

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// TestFillLimit: a triangle may hold the nest limit, a loop of p
// corridors p/3 times as much.
func TestFillLimit(t *testing.T) {
	for _, tc := range []struct{ nest, p, want int }{
		{6, 3, 6}, {6, 4, 8}, {6, 6, 12}, {6, 12, 24}, {1, 4, 1}, {0, 8, 0},
	} {
		if got := fillLimit(tc.nest, tc.p); got != tc.want {
			t.Errorf("fillLimit(%d, %d) = %d, want %d", tc.nest, tc.p, got, tc.want)
		}
	}
}

// fillSquare returns a square loop of rooms 0–1–2–3 (200 units a side),
// as a start rule draws it, with c following it.
func fillSquare(t *testing.T, c *Constructor) *grammar.Graph {
	t.Helper()
	g := grammar.NewGraph()
	for _, p := range [][2]float64{{200, 0}, {200, 200}, {0, 200}} {
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(p[0], p[1]), CreatedBy: 0})
	}
	for i := range 4 {
		if err := g.AddEdge(grammar.Edge{A: i, B: (i + 1) % 4}); err != nil {
			t.Fatal(err)
		}
	}
	c.followLoops(g, &grammar.Step{Iteration: 0, Match: []int{0}, Added: []int{1, 2, 3}})
	return g
}

// addRoom adds a room at (x, y) joined to room to by one corridor, as step
// s, and lets c follow it.
func addRoom(t *testing.T, c *Constructor, g *grammar.Graph, s, to int, x, y float64) int {
	t.Helper()
	n := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(x, y), CreatedBy: s})
	if err := g.AddEdge(grammar.Edge{A: to, B: n}); err != nil {
		t.Fatal(err)
	}
	c.stats.Rewrites++
	c.followLoops(g, &grammar.Step{Iteration: s, Match: []int{to}, Added: []int{n}})
	return n
}

// hung is a rewrite that hangs one new room at (x, y) on rooms a and b.
func hung(g *grammar.Graph, a, b int, x, y float64) *grammar.Rewrite {
	return &grammar.Rewrite{
		Host: []int{a, b, -1}, First: g.Order(), Sub: nil,
		Fit:       []r2.Vec{g.Vertex(a).Pos, g.Vertex(b).Pos, at(x, y)},
		Corridors: [][2]int{{0, 2}, {2, 1}},
	}
}

// TestMayFill: a loop the build closed may hold fillLimit rooms; a
// rewrite whose new rooms would put more inside is refused, one that puts
// them outside is not, and a loop whose corridor a rewrite subdivides
// may hold more.
func TestMayFill(t *testing.T) {
	c := &Constructor{NestLimit: 3} // a square may hold 4
	g := fillSquare(t, c)
	if len(c.fill.loops) != 1 || len(c.fill.loops[0].cyc) != 4 {
		t.Fatalf("loops %v, want the square", c.fill.loops)
	}
	for i := range 4 {
		if !c.MayFill(g, hung(g, 0, 1, 60, 100)) {
			t.Fatalf("a room into the square refused with %d inside", i)
		}
		addRoom(t, c, g, 1+i, 0, 40+float64(20*i), 60)
	}
	if c.MayFill(g, hung(g, 0, 1, 60, 100)) {
		t.Error("a fifth room into the square allowed")
	}
	if !c.MayFill(g, hung(g, 0, 1, 100, -100)) {
		t.Error("a room outside the square refused")
	}
	// Room 1–2's corridor becomes 1–x–y–2: the loop has 6 corridors
	// after it and may hold 6, and the path is spliced in.
	open := &grammar.Rewrite{
		Host: []int{1, -1, -1, 2}, First: g.Order(),
		Fit:       []r2.Vec{g.Vertex(1).Pos, at(150, 60), at(150, 140), g.Vertex(2).Pos},
		Corridors: [][2]int{{0, 1}, {1, 2}, {2, 3}}, Dropped: [][2]int{{1, 2}},
	}
	if !c.MayFill(g, open) {
		t.Error("a subdividing rewrite refused: its loop grows to 6 corridors")
	}
	g.RemoveEdge(1, 2)
	x := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(150, 60), CreatedBy: 9})
	y := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(150, 140), CreatedBy: 9})
	for _, e := range [][2]int{{1, x}, {x, y}, {y, 2}} {
		if err := g.AddEdge(grammar.Edge{A: e[0], B: e[1]}); err != nil {
			t.Fatal(err)
		}
	}
	c.stats.Rewrites++
	c.followLoops(g, &grammar.Step{Iteration: 9, Match: []int{1, 2}, Added: []int{x, y}})
	if len(c.fill.loops) != 1 || !sameLoop(c.fill.loops[0].cyc, []int{0, 1, x, y, 2, 3}) {
		t.Fatalf("loops %v, want the square with 1–%d–%d–2 spliced in", c.fill.loops, x, y)
	}
	// The 4 rooms inside, and the loop of 6 may hold 6.
	if !c.MayFill(g, hung(g, 0, 1, 60, 100)) {
		t.Error("a fifth room into the loop of 6 refused")
	}
}

// sameLoop reports whether a is b turned round to start elsewhere.
func sameLoop(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if slices.Equal(append(slices.Clone(a[k:]), a[:k]...), b) {
			return true
		}
	}
	return false
}

// loopGrammar grows loops with rules that open a room into a loop of
// four (nested.toml's open), subdivide a corridor, hang a room on one,
// and cut a corridor of a triangle.
func loopGrammar(t testing.TB) *grammar.Grammar {
	t.Helper()
	a := func(id string, x, y float64) grammar.PatternVertex {
		return grammar.PatternVertex{ID: id, Tags: []string{"a"}, Pos: at(x, y)}
	}
	s := func(id, tag string, x, y float64) grammar.SubstituteVertex {
		return grammar.SubstituteVertex{ID: id, Tag: tag, Pos: at(x, y)}
	}
	e := func(ab string) grammar.SubstituteEdge { return grammar.SubstituteEdge{A: ab[:1], B: ab[1:]} }
	gr, err := grammar.Compile(grammar.Definition{Rules: []grammar.Rule{
		startRule([]grammar.SubstituteVertex{s("s", "a", 100, 0), s("b", "a", 50, 87), s("c", "a", -50, 87), s("d", "a", -100, 0), s("e", "a", -50, -87), s("f", "a", 50, -87)},
			[]grammar.SubstituteEdge{e("sb"), e("bc"), e("cd"), e("de"), e("ef"), e("fs")}),
		{Name: "open",
			Pattern: grammar.Pattern{Vertices: []grammar.PatternVertex{a("a", 0, 0), a("b", 100, 0), a("c", 200, 0)},
				Edges: []grammar.PatternEdge{{A: "a", B: "b"}, {A: "b", B: "c"}}},
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{s("a", "-", 0, 0), s("b", "-", 100, 0), s("x", "a", 125, -25), s("y", "a", 150, 0), s("z", "a", 125, 25), s("c", "-", 200, 0)},
				Edges:    []grammar.SubstituteEdge{e("ab"), e("bx"), e("xy"), e("yz"), e("zb"), e("yc")}}},
		{Name: "tunnel", Pattern: edgePattern(),
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{s("x", "-", 0, 0), s("m", "a", 50, 20), s("y", "-", 100, 0)},
				Edges:    []grammar.SubstituteEdge{e("xm"), e("my")}}},
		{Name: "hang", Pattern: edgePattern(),
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{s("x", "-", 0, 0), s("y", "-", 100, 0), s("c", "a", 50, -87)},
				Edges:    []grammar.SubstituteEdge{e("xy"), e("xc"), e("yc")}}},
		{Name: "cut",
			Pattern: grammar.Pattern{Vertices: []grammar.PatternVertex{a("x", 0, 0), a("y", 100, 0), a("z", 50, 87)},
				Edges: []grammar.PatternEdge{{A: "x", B: "y"}, {A: "y", B: "z"}, {A: "z", B: "x"}}},
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{s("x", "-", 0, 0), s("y", "-", 100, 0), s("z", "-", 50, 87)},
				Edges:    []grammar.SubstituteEdge{e("yz"), e("zx")}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return gr
}

// TestLoopsFollowed builds random levels of the loop grammar through the
// constructor and checks after every rewrite that every live loop is a
// simple cycle of corridors of g, that at[v] lists exactly the live loops
// through v, and that live lists the loops not dropped.
func TestLoopsFollowed(t *testing.T) {
	gr := loopGrammar(t)
	loops, spliced, dropped := 0, 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		c := &Constructor{Forces: params.Forces{CrossingFree: true}, NestLimit: 3}
		after := func(g *grammar.Graph, s *grammar.Step) error {
			if err := c.AfterRewrite(g, s); err != nil {
				return err
			}
			checkLoops(t, fmt.Sprintf("seed %d step %d", seed, s.Iteration), g, c.fill)
			return nil
		}
		opts := grammar.Options{MaxIterations: 40, MaxVertices: 60, MaxValence: 8, RejectCrossings: true,
			MayPlace: c.MayPlace, MayFill: c.MayFill, AfterRewrite: after}
		if _, err := gr.Build(opts, rand.New(rand.NewPCG(seed, 5))); err != nil {
			t.Fatal(err)
		}
		st := c.FillStats()
		loops, spliced, dropped = loops+st.Loops, spliced+st.Spliced, dropped+st.Dropped
	}
	t.Logf("%d loops found, %d spliced, %d dropped", loops, spliced, dropped)
	if loops == 0 || spliced == 0 || dropped == 0 {
		t.Errorf("%d loops found, %d spliced, %d dropped: the builds do not exercise every case", loops, spliced, dropped)
	}
}

// checkLoops checks f's loops against g (see TestLoopsFollowed).
func checkLoops(t *testing.T, name string, g *grammar.Graph, f *loopFill) {
	t.Helper()
	var live []int
	for i, l := range f.loops {
		if l.dead {
			continue
		}
		live = append(live, i)
		if len(l.cyc) < 3 {
			t.Errorf("%s: loop %d is %v", name, i, l.cyc)
		}
		seen := map[int]bool{}
		for k, v := range l.cyc {
			if seen[v] {
				t.Errorf("%s: loop %d %v passes room %d twice", name, i, l.cyc, v)
			}
			seen[v] = true
			if w := l.cyc[(k+1)%len(l.cyc)]; !joinedBy(g, v, w) {
				t.Errorf("%s: loop %d %v: no corridor %d–%d", name, i, l.cyc, v, w)
			}
			if !slices.Contains(f.at[v], i) {
				t.Errorf("%s: at[%d] = %v misses loop %d through it", name, v, f.at[v], i)
			}
		}
	}
	if !slices.Equal(f.live, live) {
		t.Errorf("%s: live %v, want %v", name, f.live, live)
	}
	for v, ids := range f.at {
		for _, i := range ids {
			if f.loops[i].dead || !slices.Contains(f.loops[i].cyc, v) {
				t.Errorf("%s: at[%d] lists loop %d, dead or not through it", name, v, i)
			}
		}
	}
}

// TestSpliceNeverRepeats: when two corridors of a loop, 0–1 and 1–2, are
// replaced by one new room x joined to 0, 1 and 2, the paths x and x
// would pass x twice; the loop is dropped instead (0–x–2–3 is found as a
// loop of its own).
func TestSpliceNeverRepeats(t *testing.T) {
	c := &Constructor{NestLimit: 3}
	g := fillSquare(t, c)
	g.RemoveEdge(0, 1)
	g.RemoveEdge(1, 2)
	x := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(150, 100), CreatedBy: 1})
	for _, v := range []int{0, 1, 2} {
		if err := g.AddEdge(grammar.Edge{A: v, B: x}); err != nil {
			t.Fatal(err)
		}
	}
	c.stats.Rewrites++
	c.followLoops(g, &grammar.Step{Iteration: 1, Match: []int{0, 1, 2}, Added: []int{x}})
	checkLoops(t, "after the rewrite", g, c.fill)
	if st := c.FillStats(); st.Dropped != 1 {
		t.Errorf("%d loops dropped, want the square", st.Dropped)
	}
	if !c.fill.known([]int{0, x, 2, 3}) {
		t.Errorf("loops %v, want 0–%d–2–3 among them", c.fill.loops, x)
	}
}

// BenchmarkFollowLoops builds 300 rooms of the loop grammar with the
// construction drawing: "limit" with the fill limit (nest limit 6),
// "follow" following the loops and asking MayFill with a limit that
// refuses nothing (the level of "none"), and "none" without either; the
// difference between the last two is the cost of following, and the
// metrics count the work per build.
func BenchmarkFollowLoops(b *testing.B) {
	gr := loopGrammar(b)
	for _, tc := range []struct {
		name string
		nest int
	}{{"limit", 6}, {"follow", 1 << 20}, {"none", 0}} {
		b.Run(tc.name, func(b *testing.B) {
			var st FillStats
			for b.Loop() {
				c := &Constructor{Forces: params.Forces{CrossingFree: true}, NestLimit: tc.nest}
				opts := grammar.Options{MaxIterations: 300, MaxVertices: 300, MaxValence: 8, RejectCrossings: true,
					MayPlace: c.MayPlace, MayFill: c.MayFill, AfterRewrite: c.AfterRewrite}
				if _, err := gr.Build(opts, rand.New(rand.NewPCG(1, 5))); err != nil {
					b.Fatal(err)
				}
				st = c.FillStats()
			}
			b.ReportMetric(float64(st.Calls), "calls/op")
			b.ReportMetric(float64(st.Refusals), "refusals/op")
			b.ReportMetric(float64(st.Searches), "searches/op")
			b.ReportMetric(float64(st.Visited), "visited/op")
			b.ReportMetric(float64(st.Scanned), "scanned/op")
		})
	}
}
