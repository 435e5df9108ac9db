package layout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// TestChooseSideTakesTheOpenFace adds a room c joined to a and b, drawn
// above a–b where a spur x–z fills the face (c lies on it), while below
// a–b the plane is open: c must go below, mirrored across a–b. Drawn
// below already, it must stay where it is.
func TestChooseSideTakesTheOpenFace(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cy     float64
		wantUp bool
	}{
		{"drawn into the crowded face", 87, false},
		{"drawn into the open face", -87, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := grammar.NewGraph()
			a := 0
			g.SetPos(a, at(0, 0))
			b := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(100, 0)})
			x := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(50, 120)})
			z := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(50, 60)})
			c := g.AddVertex(grammar.Vertex{Tag: "a", Pos: at(50, tc.cy)})
			for _, e := range [][2]int{{a, b}, {a, x}, {b, x}, {x, z}, {a, c}, {b, c}} {
				if err := g.AddEdge(grammar.Edge{A: e[0], B: e[1]}); err != nil {
					t.Fatal(err)
				}
			}
			con := &Constructor{}
			con.d = newDrawing(g, params.Forces{CrossingFree: true})
			con.d.SetActive(nil)
			moved := con.chooseSide(g, []int{c})
			p := con.d.Pos[c]
			if up := p.Y > 0; up != tc.wantUp {
				t.Errorf("c at %v: above a–b %v, want %v", p, up, tc.wantUp)
			}
			if want := tc.cy > 0; moved != want {
				t.Errorf("chooseSide reported %v, want %v", moved, want)
			}
			if p.X != 50 || (p.Y != 87 && p.Y != -87) {
				t.Errorf("c at %v, want (50, ±87): the mirror keeps the rule's shape", p)
			}
			if con.crossesLocal(g, c, nil) {
				t.Errorf("c at %v crosses the drawing", p)
			}
		})
	}
}

// TestConstructorFansKeepRoom builds triangle fans (a room joined to
// both ends of a corridor, 60 times): the construction drawing must stay
// crossing-free with every corridor at least a twentieth of its target.
// Nesting each new room in a face of the last, it ended with corridors
// of 10⁻⁷ units on seed 6 and crossings on seeds 1, 2 and 4.
func TestConstructorFansKeepRoom(t *testing.T) {
	gr := fanGrammar(t)
	for seed := uint64(1); seed <= 6; seed++ {
		c := &Constructor{Forces: params.Forces{CrossingFree: true}}
		res, err := gr.Build(grammar.Options{MaxIterations: 60, MaxVertices: 60, MaxValence: 8, RejectCrossings: true, AfterRewrite: c.AfterRewrite}, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		g := res.Graph
		var ls []float64
		for _, e := range g.Edges() {
			ls = append(ls, r2.Norm(r2.Sub(g.Vertex(e.A).Pos, g.Vertex(e.B).Pos)))
		}
		slices.Sort(ls)
		if ls[0] < 5 {
			t.Errorf("seed %d: shortest corridor %.3g units of a target of 100 (median %.3g, longest %.3g)", seed, ls[0], ls[len(ls)/2], ls[len(ls)-1])
		}
		if cs := conflicts(c.d, false); len(cs) > 0 {
			t.Errorf("seed %d: construction conflicts %v", seed, cs[:min(3, len(cs))])
		}
	}
}
