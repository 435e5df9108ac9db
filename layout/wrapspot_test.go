package layout

import (
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// TestMayDrawLoopAwayFromRooms: a room hung on a and c of a path a–m–c,
// with a leaf of m on one side, closes a loop; both sides of the path
// are clear, and MayDraw takes the one whose triangle with a and c holds
// no room, though the other comes first in its order, so the loop does
// not wrap the leaf.
func TestMayDrawLoopAwayFromRooms(t *testing.T) {
	for _, side := range []float64{30, -30} {
		g := grammar.NewGraph() // with the start vertex at the origin
		a := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(1000, 0)})
		m := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(1100, 0)})
		c := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(1200, 0)})
		leaf := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(1100, side)})
		for _, e := range [][2]int{{a, m}, {m, c}, {m, leaf}} {
			if err := g.AddEdge(grammar.Edge{A: e[0], B: e[1], LengthFactor: 1}); err != nil {
				t.Fatal(err)
			}
		}
		con := &Constructor{Forces: params.Forces{CrossingFree: true, EdgeLength: 100}}
		if !con.MayDraw(g, a, c) {
			t.Fatalf("leaf at y %v: MayDraw found no spot", side)
		}
		s := con.spots[len(con.spots)-1]
		if !bruteClear(g, s.p.X, s.p.Y, a, c) {
			t.Errorf("leaf at y %v: the spot %v crosses the drawing", side, s.p)
		}
		inside := 0
		for v := range g.Order() {
			if v != a && v != c && inTriangle(g.Vertex(a).Pos, s.p, g.Vertex(c).Pos, g.Vertex(v).Pos) {
				inside++
			}
		}
		if inside != 0 || s.enclosed != 0 {
			t.Errorf("leaf at y %v: the spot %v holds %d rooms (recorded %d), want 0: the other side is clear", side, s.p, inside, s.enclosed)
		}
	}
}
