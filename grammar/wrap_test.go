package grammar

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bypassRule hangs a room d on a and c of a path a–b–c: a second way
// round b, a room hung on two rooms not joined by a corridor.
func bypassRule() Rule {
	sv := func(id string, x, y float64) SubstituteVertex {
		return SubstituteVertex{ID: id, Tag: "-", Pos: v(x, y)}
	}
	pv := func(id string, x float64) PatternVertex {
		return PatternVertex{ID: id, Tags: []string{"a"}, Pos: v(x, 0)}
	}
	return Rule{Name: "bypass",
		Pattern: Pattern{Vertices: []PatternVertex{pv("a", 0), pv("b", 100), pv("c", 200)},
			Edges: []PatternEdge{{A: "a", B: "b"}, {A: "b", B: "c"}}},
		Substitute: Substitute{
			Vertices: []SubstituteVertex{sv("a", 0, 0), sv("b", 100, 0), sv("c", 200, 0), {ID: "d", Tag: "a", Pos: v(100, -100)}},
			Edges:    []SubstituteEdge{{A: "a", B: "b"}, {A: "b", B: "c"}, {A: "a", B: "d"}, {A: "d", B: "c"}}}}
}

// TestWrapLimit builds a grammar that grows leaves and bypasses with and
// without Options.WrapLimit, and replays each build: with the limit,
// every bypass applied keeps the rooms still to come that its loop may
// enclose (μ + 2σ of the urn over the loop's rooms, the loop's length
// found by a brute-force relaxation of all distances) within it, some
// are refused as Wrap (a loop on a corridor, a–c joined, is the nest
// limit's and not asked about), and the build still reaches MaxVertices; without
// it, none is refused and some bypass passes it (a loop closed while the
// level is small).
func TestWrapLimit(t *testing.T) {
	_, leaf := fanAndLeaf()
	gr, err := Compile(Definition{Rules: []Rule{edgeStartRule(), leaf, bypassRule()}})
	if err != nil {
		t.Fatal(err)
	}
	const maxV, limit = 24, 6
	for _, lim := range []int{limit, 0} {
		passed, refused := 0, 0
		for seed := range uint64(20) {
			opts := Options{MaxIterations: 60, MaxVertices: maxV, MaxValence: -1, WrapLimit: lim}
			res, err := gr.Build(opts, rand.New(rand.NewPCG(seed, 7)))
			if err != nil {
				t.Fatal(err)
			}
			if res.Graph.Order() != maxV {
				t.Errorf("limit %d seed %d: %d rooms, want %d", lim, seed, res.Graph.Order(), maxV)
			}
			g := NewGraph()
			for _, s := range res.Steps {
				for _, rs := range s.Stats {
					refused += rs.Wrap
				}
				if s.Rule == 2 && !g.HasEdge(s.Match[0], s.Match[2]) {
					if bound := wrapBound(g, s.Match[0], s.Match[2], maxV); bound > limit {
						passed++
						if lim > 0 {
							t.Errorf("limit %d seed %d step %d: a bypass whose loop may enclose %.2f rooms was applied", lim, seed, s.Iteration, bound)
						}
					}
				}
				if _, err := gr.Apply(g, s.Rule, s.Match, s.Iteration, DefaultStartSize); err != nil {
					t.Fatal(err)
				}
			}
		}
		switch {
		case lim > 0 && refused == 0:
			t.Errorf("limit %d: no bypass refused as wrap", lim)
		case lim == 0 && (refused != 0 || passed == 0):
			t.Errorf("no limit: %d refused as wrap, %d bypasses past %d; want none refused and some past it", refused, passed, limit)
		}
	}
}

// wrapBound is μ + 2σ of the maxV − n rooms still to come, n the order
// after the rewrite, for the loop of a new room hung on a and z of g:
// the loop's rooms are the new one and a shortest path from a to z, its
// length found by relaxing every distance until none changes.
func wrapBound(g *Graph, a, z, maxV int) float64 {
	n := g.Order()
	d := make([][]int, n)
	for i := range d {
		d[i] = make([]int, n)
		for j := range d[i] {
			d[i][j] = n
		}
		d[i][i] = 0
		for _, h := range g.Neighbors(i) {
			if !h.Cosmetic {
				d[i][h.To] = 1
			}
		}
	}
	for k := range n {
		for i := range n {
			for j := range n {
				d[i][j] = min(d[i][j], d[i][k]+d[k][j])
			}
		}
	}
	after := n + 1
	mu := float64(min(d[a][z]+2, after)) / float64(after)
	return (mu + 2*math.Sqrt(mu*(1-mu)/float64(after+1))) * float64(maxV-after)
}
