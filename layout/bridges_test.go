package layout

import (
	"math"
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
			c.weighBridges(g, nil)
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

// The weights reach the step (mass) and follow a rewrite that matches a
// weighed bridge's end: two trees of 300 rooms joined by a bridge, which a
// pillar (x–r1–r2–y beside x–y) puts on a cycle, then a rewrite that
// splits a corridor of the pillar, which matches no end and so leaves the
// weights until the level has grown by a quarter.
func TestBridgeWeightsFollowRewrites(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	g := grammar.NewGraph()
	const part = 300
	roots := [2]int{}
	for k := range 2 {
		for i := range part {
			v := 0
			if k > 0 || i > 0 {
				v = g.AddVertex(grammar.Vertex{Tag: "c", Pos: r2.Vec{X: float64(k*1000 + i), Y: float64(i % 17)}})
			}
			if i == 0 {
				roots[k] = v
			} else if err := g.AddEdge(grammar.Edge{A: v, B: roots[k] + rng.IntN(i)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	x, y := roots[0], roots[1]
	if err := g.AddEdge(grammar.Edge{A: x, B: y}); err != nil {
		t.Fatal(err)
	}
	c := &Constructor{}
	c.d = newDrawing(g, params.Forces{})
	// wantMass is 1 plus the weights of v's springs: every corridor here
	// has factor 1.
	wantMass := func(v int) float64 {
		m := 1.0
		for _, h := range g.Neighbors(v) {
			m += c.d.bridges.of(v, h.To)
		}
		return m
	}
	c.weighBridges(g, nil)
	w := math.Sqrt(part / float64(bridgeFrom))
	if got := c.d.bridges.of(y, x); got != w {
		t.Fatalf("bridge weight %v, want %v", got, w)
	}
	if got, want := c.d.mass(int32(x)), wantMass(x); got != want || got < float64(len(g.Neighbors(x)))+w-1 {
		t.Errorf("mass of the bridge's end %v, want %v (its springs' weights, the bridge's %v among them)", got, want, w)
	}
	r1 := g.AddVertex(grammar.Vertex{Tag: "c"})
	r2v := g.AddVertex(grammar.Vertex{Tag: "c"})
	for _, e := range [][2]int{{x, r1}, {r1, r2v}, {r2v, y}} {
		if err := g.AddEdge(grammar.Edge{A: e[0], B: e[1]}); err != nil {
			t.Fatal(err)
		}
	}
	c.d.Sync()
	c.d.Touch([]int{x, y})
	c.weighBridges(g, []int{x, y})
	if got := c.d.bridges.of(x, y); got != 1 {
		t.Errorf("after the pillar, weight %v on a corridor of a cycle, want 1", got)
	}
	for _, v := range []int{x, y} {
		if got, want := c.d.mass(int32(v)), wantMass(v); got != want {
			t.Errorf("after the pillar, mass of %d %v, want %v", v, got, want)
		}
	}
	// Break the cycle away from the bridge's ends: r1–r2 goes, so x–y is a
	// bridge again, but the rewrite matched neither end.
	if _, ok := g.RemoveEdge(r1, r2v); !ok {
		t.Fatal("no corridor r1–r2")
	}
	c.d.Touch([]int{r1, r2v})
	c.weighBridges(g, []int{r1, r2v})
	if got := c.d.bridges.of(x, y); got != 1 {
		t.Errorf("a rewrite away from the ends found the bridges again: weight %v, want 1 until the level grows", got)
	}
	for g.Order() < c.nextWeigh {
		g.AddVertex(grammar.Vertex{Tag: "c"})
	}
	c.d.Sync()
	c.weighBridges(g, nil)
	// r1 and r2 hang from the two sides now.
	if got, want := c.d.bridges.of(x, y), math.Sqrt((part+1)/float64(bridgeFrom)); got != want {
		t.Errorf("after growing by a quarter, weight %v, want %v", got, want)
	}
}
