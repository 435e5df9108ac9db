package layout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// loopSub is nested.toml's "open" substitute: a–b–c becomes a, the loop
// b–x–y–z–b and y–c. Substitute indices: a 0, b 1, x 2, y 3, z 4, c 5.
var (
	loopSub       = []r2.Vec{at(0, 0), at(100, 0), at(125, -25), at(150, 0), at(125, 25), at(200, 0)}
	loopCorridors = [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 1}, {3, 5}}
)

// loopRewrite returns the rewrite of the path a–b–c of g by loopSub,
// with new rooms placed by the similarity that carries sub's b onto fb
// and sub's c onto fc (the fit of a bent match lands b's image off b).
func loopRewrite(g *grammar.Graph, a, b, c int, fb, fc r2.Vec) *grammar.Rewrite {
	r := &grammar.Rewrite{
		Host: []int{a, b, -1, -1, -1, c}, First: g.Order(), Sub: loopSub,
		Corridors: loopCorridors, Dropped: [][2]int{{a, b}, {b, c}},
	}
	s, _ := pairSimilarity(loopSub[1], loopSub[5], fb, fc)
	m, _ := pairSimilarity(r2.Vec{X: loopSub[1].X, Y: -loopSub[1].Y}, r2.Vec{X: loopSub[5].X, Y: -loopSub[5].Y}, fb, fc)
	for i, p := range loopSub {
		if h := r.Host[i]; h >= 0 {
			r.Fit = append(r.Fit, g.Vertex(h).Pos)
			r.Mirror = append(r.Mirror, g.Vertex(h).Pos)
			continue
		}
		r.Fit = append(r.Fit, s.apply(p))
		r.Mirror = append(r.Mirror, m.apply(r2.Vec{X: p.X, Y: -p.Y}))
	}
	return r
}

// TestMayPlaceUntwists: the fit of a straight a–b–c to a right-angle
// bend puts b's image 70 units off b, and the loop's corridors to b then
// cross the loop (nested.toml seed 28). MayPlace accepts the rewrite
// with a placement whose corridors cross nothing, and refuses it when a
// wall between b and c leaves none.
func TestMayPlaceUntwists(t *testing.T) {
	g := grammar.NewGraph()
	g.SetPos(0, at(0, 0))
	b := g.AddVertex(grammar.Vertex{Tag: "n", Pos: at(100, 0)})
	c := g.AddVertex(grammar.Vertex{Tag: "n", Pos: at(100, 100)})
	for _, e := range [][2]int{{0, b}, {b, c}} {
		if err := g.AddEdge(grammar.Edge{A: e[0], B: e[1], LengthFactor: 1}); err != nil {
			t.Fatal(err)
		}
	}
	r := loopRewrite(g, 0, b, c, at(30, 40), at(100, 100))
	if placementClearBrute(g, r, r.Fit) {
		t.Fatal("the twisted fit is clear: the test does not exercise MayPlace")
	}
	con := &Constructor{Forces: params.Forces{CrossingFree: true, EdgeLength: 100}}
	if !con.MayPlace(g, r) {
		t.Fatal("MayPlace refused a loop that fits between b and c")
	}
	if pos := spotPositions(r, con.rewriteSpots[len(con.rewriteSpots)-1]); !placementClearBrute(g, r, pos) {
		t.Errorf("the placement %v crosses", pos)
	}
	// A wall across b–c, far past both ends: every way from b to c
	// through new rooms crosses it.
	u := g.AddVertex(grammar.Vertex{Tag: "n", Pos: at(-5000, 50)})
	w := g.AddVertex(grammar.Vertex{Tag: "n", Pos: at(5000, 50)})
	if err := g.AddEdge(grammar.Edge{A: u, B: w, LengthFactor: 1}); err != nil {
		t.Fatal(err)
	}
	r = loopRewrite(g, 0, b, c, at(30, 40), at(100, 100))
	if con.MayPlace(g, r) {
		t.Errorf("MayPlace accepted a loop from b to c across the wall: %v", spotPositions(r, con.rewriteSpots[len(con.rewriteSpots)-1]))
	}
}

// TestMayPlaceFindsClearSpots: on 300 random crossing-free drawings,
// every placement MayPlace keeps is clear by a brute-force test against
// every corridor and room of the drawing (not only those in its box).
func TestMayPlaceFindsClearSpots(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	found, asked := 0, 0
	for range 300 {
		g, n := randomPlaneDrawing(t, rng)
		// A path a–b–c of the drawing.
		b := rng.IntN(n)
		var nb []int
		for _, h := range g.Neighbors(b) {
			nb = append(nb, h.To)
		}
		if len(nb) < 2 {
			continue
		}
		a, c := nb[0], nb[1+rng.IntN(len(nb)-1)]
		pb, pc := g.Vertex(b).Pos, g.Vertex(c).Pos
		off := at(float64(rng.IntN(81)-40), float64(rng.IntN(81)-40))
		r := loopRewrite(g, a, b, c, r2.Add(pb, off), pc)
		asked++
		con := &Constructor{Forces: params.Forces{CrossingFree: true, EdgeLength: 100}}
		if !con.MayPlace(g, r) || len(con.rewriteSpots) == 0 {
			continue
		}
		found++
		if pos := spotPositions(r, con.rewriteSpots[len(con.rewriteSpots)-1]); !placementClearBrute(g, r, pos) {
			t.Errorf("the loop placed at %v on %d–%d–%d crosses the drawing", pos, a, b, c)
		}
	}
	t.Logf("placed on %d of %d", found, asked)
	if found < asked/3 {
		t.Errorf("MayPlace placed the loop on %d of %d random drawings, want at least a third", found, asked)
	}
}

// spotPositions returns every substitute vertex's position in spot s.
func spotPositions(r *grammar.Rewrite, s rewriteSpot) []r2.Vec {
	pos := slices.Clone(r.Fit)
	k := 0
	for v := range pos {
		if r.Host[v] < 0 {
			pos[v] = s.pos[k]
			k++
		}
	}
	return pos
}

// placementClearBrute reports whether r's corridors with a new end, at
// pos, cross no corridor of g that r keeps and none of one another, and
// pass through no room.
func placementClearBrute(g *grammar.Graph, r *grammar.Rewrite, pos []r2.Vec) bool {
	type seg struct {
		a, b   r2.Vec
		ea, eb int // host ids, or -1-substitute index for new ends
	}
	id := func(s int) int {
		if r.Host[s] >= 0 {
			return r.Host[s]
		}
		return -1 - s
	}
	var fresh, all []seg
	for _, e := range r.Corridors {
		s := seg{pos[e[0]], pos[e[1]], id(e[0]), id(e[1])}
		all = append(all, s)
		if r.Host[e[0]] < 0 || r.Host[e[1]] < 0 {
			fresh = append(fresh, s)
		}
	}
	for _, e := range g.Edges() {
		if slices.Contains(r.Dropped, [2]int{e.A, e.B}) || slices.Contains(r.Dropped, [2]int{e.B, e.A}) {
			continue
		}
		all = append(all, seg{g.Vertex(e.A).Pos, g.Vertex(e.B).Pos, e.A, e.B})
	}
	for _, f := range fresh {
		for v := range g.Order() {
			if v != f.ea && v != f.eb && geom.OnSegment(f.a, f.b, g.Vertex(v).Pos) {
				return false
			}
		}
		for _, s := range all {
			if s.ea == f.ea || s.ea == f.eb || s.eb == f.ea || s.eb == f.eb {
				continue
			}
			if geom.SegmentsIntersect(f.a, f.b, s.a, s.b) != geom.Disjoint {
				return false
			}
		}
	}
	return true
}
