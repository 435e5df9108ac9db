package layout

import (
	"math/rand/v2"
	"testing"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// TestMayDrawWall: a corridor standing between a and b, longer than the
// candidates reach, leaves no room for a room hung on both; without it
// there is room, and the point found crosses nothing.
func TestMayDrawWall(t *testing.T) {
	for _, tc := range []struct {
		name string
		wall bool
		want bool
	}{{"a wall between", true, false}, {"open", false, true}} {
		g := grammar.NewGraph() // with the start vertex at the origin
		a := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(1000, 0)})
		b := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(1200, 0)})
		u := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(1100, -1000)})
		w := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(1100, 1000)})
		if tc.wall {
			if err := g.AddEdge(grammar.Edge{A: u, B: w, LengthFactor: 1}); err != nil {
				t.Fatal(err)
			}
		}
		c := &Constructor{Forces: params.Forces{CrossingFree: true, EdgeLength: 100}}
		got := c.MayDraw(g, a, b)
		if got != tc.want {
			t.Errorf("%s: MayDraw = %v, want %v", tc.name, got, tc.want)
		}
		if got && tc.want && !bruteClear(g, c.spots[len(c.spots)-1].p.X, c.spots[len(c.spots)-1].p.Y, a, b) {
			t.Errorf("%s: the spot %v crosses the drawing", tc.name, c.spots[len(c.spots)-1].p)
		}
	}
}

// randomPlaneDrawing returns a crossing-free drawing of 5 to 19 rooms at
// random whole points of a 1000 × 1000 square, its corridors added
// greedily where they cross nothing (bruteSegmentClear), and its order.
func randomPlaneDrawing(t *testing.T, rng *rand.Rand) (*grammar.Graph, int) {
	t.Helper()
	g := grammar.NewGraph()
	n := 5 + rng.IntN(15)
	g.SetPos(0, at(float64(rng.IntN(1000)), float64(rng.IntN(1000))))
	for range n - 1 {
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(float64(rng.IntN(1000)), float64(rng.IntN(1000)))})
	}
	for range 3 * n {
		x, y := rng.IntN(n), rng.IntN(n)
		if x == y || g.HasEdge(x, y) || !bruteSegmentClear(g, x, y) {
			continue
		}
		if err := g.AddEdge(grammar.Edge{A: x, B: y, LengthFactor: 1}); err != nil {
			t.Fatal(err)
		}
	}
	return g, n
}

// TestMayDrawFindsClearSpots: on random crossing-free drawings, every
// spot MayDraw finds for a room hung on two random vertices is, by a
// brute-force test against every corridor and vertex, clear of the
// drawing; and on most it finds one.
func TestMayDrawFindsClearSpots(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	found, asked := 0, 0
	for range 200 {
		g, n := randomPlaneDrawing(t, rng)
		a, b := rng.IntN(n), rng.IntN(n)
		if a == b {
			continue
		}
		asked++
		c := &Constructor{Forces: params.Forces{CrossingFree: true, EdgeLength: 100}}
		if !c.MayDraw(g, a, b) {
			continue
		}
		found++
		p := c.spots[len(c.spots)-1].p
		if !bruteClear(g, p.X, p.Y, a, b) {
			t.Errorf("a room at %v hung on %d and %d crosses the drawing", p, a, b)
		}
		// A match may name the pair in either order: the same spot.
		if !c.MayDraw(g, b, a) || c.spots[len(c.spots)-1].p != p {
			t.Errorf("the pair %d, %d reversed finds another spot than %v", a, b, p)
		}
	}
	if found < asked/2 {
		t.Errorf("MayDraw found room on %d of %d random drawings, want at least half", found, asked)
	}
}

// bruteSegmentClear reports whether the segment x–y crosses or touches no
// corridor that does not end at x or y, and passes through no vertex.
func bruteSegmentClear(g *grammar.Graph, x, y int) bool {
	px, py := g.Vertex(x).Pos, g.Vertex(y).Pos
	for v := range g.Order() {
		if v != x && v != y && geom.OnSegment(px, py, g.Vertex(v).Pos) {
			return false
		}
	}
	for _, e := range g.Edges() {
		if e.A == x || e.A == y || e.B == x || e.B == y {
			continue
		}
		if geom.SegmentsIntersect(px, py, g.Vertex(e.A).Pos, g.Vertex(e.B).Pos) != geom.Disjoint {
			return false
		}
	}
	return true
}

// bruteClear reports whether a room at (x, y) with corridors to a and b
// lies on no vertex or corridor and its corridors cross or touch no
// corridor that does not share their end and pass through no vertex.
func bruteClear(g *grammar.Graph, x, y float64, a, b int) bool {
	p := at(x, y)
	for v := range g.Order() {
		pv := g.Vertex(v).Pos
		if pv == p {
			return false
		}
		for _, end := range []int{a, b} {
			if v != end && geom.OnSegment(p, g.Vertex(end).Pos, pv) {
				return false
			}
		}
	}
	for _, e := range g.Edges() {
		pu, pw := g.Vertex(e.A).Pos, g.Vertex(e.B).Pos
		if geom.OnSegment(pu, pw, p) {
			return false
		}
		for _, end := range []int{a, b} {
			if e.A == end || e.B == end {
				continue
			}
			if geom.SegmentsIntersect(p, g.Vertex(end).Pos, pu, pw) != geom.Disjoint {
				return false
			}
		}
	}
	return true
}
