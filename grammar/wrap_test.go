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
					if bound := wrapBound(g, s.Match[0], s.Match[2], maxV-g.Order()-1); bound > limit {
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

// TestWrapLimitCountsIterationsLeft: with MaxVertices far above what the
// iterations can build, the rooms still to come are those the iterations
// left can add (one each here), not MaxVertices less
// the rooms made, so bypasses late in the build are still allowed; each
// applied keeps its bound over those rooms.
func TestWrapLimitCountsIterationsLeft(t *testing.T) {
	_, leaf := fanAndLeaf()
	gr, err := Compile(Definition{Rules: []Rule{edgeStartRule(), leaf, bypassRule()}})
	if err != nil {
		t.Fatal(err)
	}
	const iterations, limit = 30, 6
	loops := 0
	for seed := range uint64(20) {
		opts := Options{MaxIterations: iterations, MaxVertices: 1000, MaxValence: -1, WrapLimit: limit}
		res, err := gr.Build(opts, rand.New(rand.NewPCG(seed, 7)))
		if err != nil {
			t.Fatal(err)
		}
		g := NewGraph()
		for _, s := range res.Steps {
			if s.Rule == 2 && !g.HasEdge(s.Match[0], s.Match[2]) {
				loops++
				if bound := wrapBound(g, s.Match[0], s.Match[2], iterations-s.Iteration-1); bound > limit {
					t.Errorf("seed %d step %d: a bypass whose loop may enclose %.2f rooms was applied", seed, s.Iteration, bound)
				}
			}
			if _, err := gr.Apply(g, s.Rule, s.Match, s.Iteration, DefaultStartSize); err != nil {
				t.Fatal(err)
			}
		}
	}
	if loops == 0 {
		t.Error("no bypass applied in 20 builds: the rooms still to come were taken from MaxVertices")
	}
}

// wrapBound is μ + 2σ of the rest rooms still to come, for the loop of a
// new room hung on a and z of g (n the order after the rewrite):
// the loop's rooms are the new one and a shortest path from a to z, its
// length found by relaxing every distance until none changes.
func wrapBound(g *Graph, a, z, rest int) float64 {
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
	sigma := math.Sqrt(float64(mu*(1-mu)) / float64(after+1))
	return float64(float64(mu+float64(2*sigma)) * float64(rest))
}

// TestWrapRefusalsStayInTrace: a grammar whose only growth is bypasses
// reaches MaxVertices by drawing steps again without the wrap limit, and
// those steps still count the candidates the limit refused first, so the
// trace says why the level's loops are what they are.
func TestWrapRefusalsStayInTrace(t *testing.T) {
	start := Rule{Name: "start", Pattern: Pattern{Vertices: []PatternVertex{{ID: "s", Tags: []string{StartTag}}}},
		Substitute: Substitute{
			Vertices: []SubstituteVertex{{ID: "s", Tag: "a"}, {ID: "t", Tag: "a", Pos: v(100, 0)}, {ID: "u", Tag: "a", Pos: v(200, 0)}},
			Edges:    []SubstituteEdge{{A: "s", B: "t"}, {A: "t", B: "u"}}}}
	gr, err := Compile(Definition{Rules: []Rule{start, bypassRule()}})
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{MaxIterations: 60, MinVertices: 20, MaxVertices: 20, MaxValence: -1, WrapLimit: 6}
	res, err := gr.Build(opts, rand.New(rand.NewPCG(1, 7)))
	if err != nil {
		t.Fatal(err)
	}
	wrap := 0
	for _, s := range res.Steps {
		for _, rs := range s.Stats {
			wrap += rs.Wrap
		}
	}
	if res.Graph.Order() != 20 || wrap == 0 {
		t.Errorf("%d rooms, %d candidates counted as wrap: want 20 rooms and the refusals of the first draws counted", res.Graph.Order(), wrap)
	}
}
