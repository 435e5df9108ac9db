package layout

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
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
