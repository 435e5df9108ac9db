package layout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// bridgeSides against a brute-force reference: a corridor is a bridge when
// its ends are not joined once it is taken out, and its smaller side is
// the smaller of the two parts of its component. Random forests with
// extra corridors (cycles), and paths long enough to matter for a
// recursive search.
func TestBridgeSidesMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for c := range 400 {
		n := 1 + rng.IntN(60)
		if c == 0 {
			n = 1500 // a long path: the search must not recurse
		}
		g := grammar.NewGraph()
		for range n - 1 {
			g.AddVertex(grammar.Vertex{Tag: "c"})
		}
		join := func(a, b int) {
			if a != b && !g.HasEdge(a, b) {
				if err := g.AddEdge(grammar.Edge{A: a, B: b}); err != nil {
					t.Fatal(err)
				}
			}
		}
		for v := 1; v < n; v++ {
			if c == 0 || rng.IntN(10) > 0 { // else v starts a new component
				if c == 0 {
					join(v, v-1)
				} else {
					join(v, rng.IntN(v))
				}
			}
		}
		for range rng.IntN(n/4 + 1) {
			join(rng.IntN(n), rng.IntN(n))
		}
		var want []bridgeSide
		for a := range n {
			for _, h := range g.Neighbors(a) {
				if h.To < a {
					continue
				}
				side, split := reachWithout(g, a, a, h.To)
				if !split {
					continue
				}
				whole, _ := reachWithout(g, a, -1, -1)
				want = append(want, bridgeSide{a, h.To, min(side, whole-side)})
			}
		}
		got := bridgeSides(g)
		order := func(x, y bridgeSide) int {
			if x.a != y.a {
				return x.a - y.a
			}
			return x.b - y.b
		}
		slices.SortFunc(got, order)
		if !slices.Equal(got, want) {
			t.Fatalf("case %d (%d vertices): got %v, want %v", c, n, got, want)
		}
	}
}

// reachWithout returns how many vertices from reaches without the edge
// a–b, and whether b is not among them.
func reachWithout(g *grammar.Graph, from, a, b int) (int, bool) {
	seen := make([]bool, g.Order())
	seen[from] = true
	count := 1
	queue := []int{from}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, h := range g.Neighbors(v) {
			if (v == a && h.To == b) || (v == b && h.To == a) || seen[h.To] {
				continue
			}
			seen[h.To] = true
			count++
			queue = append(queue, h.To)
		}
	}
	return count, b < 0 || !seen[b]
}

// Two trees of 1,200 rooms each, drawn as discs side by side with the
// bridge between their roots, whose ends start at the discs' centres (the
// first rooms, deep inside the parts they join): settled with the
// construction drawing's forces, the bridge ends shorter when its
// spring counts the rooms it holds (√(1200/256) ≈ 2.2 springs) than as
// one spring among 2,400.
func TestBridgeWeightShortensBridge(t *testing.T) {
	bridgeLength := func(weighed bool) float64 {
		rng := rand.New(rand.NewPCG(5, 1))
		g := grammar.NewGraph()
		const part = 1200
		roots := [2]int{}
		for k := range 2 {
			cx := float64(k) * 8000
			for i := range part {
				var v int
				p := r2.Vec{X: cx, Y: 0}
				if i > 0 {
					p = r2.Vec{X: cx + (rng.Float64()-0.5)*4000, Y: (rng.Float64() - 0.5) * 4000}
				}
				if k == 0 && i == 0 {
					v = 0
					g.SetPos(0, p)
				} else {
					v = g.AddVertex(grammar.Vertex{Tag: "c", Pos: p})
				}
				if i == 0 {
					roots[k] = v
				} else if err := g.AddEdge(grammar.Edge{A: v, B: roots[k] + rng.IntN(i)}); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := g.AddEdge(grammar.Edge{A: roots[0], B: roots[1]}); err != nil {
			t.Fatal(err)
		}
		c := &Constructor{}
		c.d = newDrawing(g, params.Forces{MaxIterations: 300})
		if weighed {
			c.weighBridges(g)
		}
		c.d.SetActive(nil)
		c.d.Run()
		return norm(r2.Sub(c.d.Pos[roots[1]], c.d.Pos[roots[0]]))
	}
	plain, weighed := bridgeLength(false), bridgeLength(true)
	t.Logf("bridge %.0f units as one spring, %.0f weighed", plain, weighed)
	if weighed > float64(0.85*plain) {
		t.Errorf("bridge %.0f units weighed, %.0f as one spring: want under 0.85 of it", weighed, plain)
	}
}
