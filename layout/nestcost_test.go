package layout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dungraph/dungraph/grammar"
)

// TestNestLogThirds checks the thirds record finds among a rewrite's own
// vertices against scanning every neighbour of a corridor's end, on fans
// and on fans grown around a hub, where most corridors end at one room.
func TestNestLogThirds(t *testing.T) {
	gr := fanGrammar(t)
	check := func(name string, g *grammar.Graph, l *nestLog) {
		t.Helper()
		for r, made := range l.rewrites {
			var mine []int
			for _, m := range made {
				mine = append(mine, m.a, m.b)
			}
			for _, m := range made {
				var want []int
				for _, h := range g.Neighbors(m.a) {
					if x := h.To; !h.Cosmetic && x != m.b && slices.Contains(mine, x) && joined(g, m.b, x) {
						want = append(want, x)
					}
				}
				if !slices.Equal(m.thirds, want) {
					t.Errorf("%s rewrite %d corridor %d-%d: thirds %v, every neighbour scanned %v", name, r, m.a, m.b, m.thirds, want)
				}
			}
		}
	}
	for seed := uint64(1); seed <= 4; seed++ {
		c := &Constructor{}
		opts := grammar.Options{MaxIterations: 60, MaxVertices: 60, MaxValence: 8, RejectCrossings: true, AfterRewrite: c.AfterRewrite}
		res, err := gr.Build(opts, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		check("fans", res.Graph, &c.log)
	}
	g, l := hubFans(300)
	check("hub", g, l)
	hung := 0
	for _, h := range l.hang {
		if h[0] >= 0 {
			hung++
		}
	}
	if hung != 299 {
		t.Errorf("hub: %d rooms hung, want 299", hung)
	}
}

// hubFans records a fan around room 0: room i is joined to 0 and to room
// i−1, so each is hung on the corridor 0–(i−1) and every corridor ends at
// the hub.
func hubFans(n int) (*grammar.Graph, *nestLog) {
	return recordFans(n, func(c int) int { return c - 1 })
}

// recordFans records rooms 2..n hung on corridors of room 0: room c is
// joined to 0 and to other(c), after the corridor 0–1.
func recordFans(n int, other func(c int) int) (*grammar.Graph, *nestLog) {
	g := grammar.NewGraph()
	l := &nestLog{}
	g.AddVertex(grammar.Vertex{})
	g.AddVertex(grammar.Vertex{})
	_ = g.AddEdge(grammar.Edge{A: 0, B: 1})
	l.record(g, &grammar.Step{Added: []int{0, 1}})
	for c := 2; c <= n; c++ {
		g.AddVertex(grammar.Vertex{})
		_ = g.AddEdge(grammar.Edge{A: c, B: 0})
		_ = g.AddEdge(grammar.Edge{A: c, B: other(c)})
		l.record(g, &grammar.Step{Added: []int{c}})
	}
	return g, l
}

// TestCorridorSidesCost checks the sides chosen for more than
// maxMaskChildren rooms on one corridor against counting every triangle's
// later rooms one by one: the weight inside and whether the bound holds.
func TestCorridorSidesCost(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for trial := range 200 {
		k := maxMaskChildren + 1 + rng.IntN(30)
		l := &nestLog{made: make([]int, k)}
		ch := make([]int, k)
		w, need := make([]int, k), make([]int, k)
		for i := range k {
			ch[i], l.made[i] = i, i
			w[i], need[i] = 1+rng.IntN(9), rng.IntN(20)
		}
		m := rng.IntN(150)
		sides := make([]int8, k)
		in, ok := l.corridorSides(m, w, need, ch, sides)
		wantIn, over := 0, 0
		for i := range k {
			later := 0
			for j := i + 1; j < k; j++ {
				if sides[j] == sides[i] {
					later += w[j]
				}
			}
			over = max(over, need[i]+later)
			if sides[i] == 1 {
				wantIn += w[i]
			}
		}
		if in != wantIn || ok != (over <= m) {
			t.Fatalf("trial %d (%d rooms, bound %d): inside %d, fits %v; counted one by one %d, fullest %d", trial, k, m, in, ok, wantIn, over)
		}
	}
}

// BenchmarkNestLogStar records a star of 20,000 leaves: every corridor
// ends at the hub (BENCHMARKS.md).
func BenchmarkNestLogStar(b *testing.B) {
	const leaves = 20000
	g := grammar.NewGraph()
	for range leaves + 1 {
		g.AddVertex(grammar.Vertex{})
	}
	for v := 1; v <= leaves; v++ {
		_ = g.AddEdge(grammar.Edge{A: v, B: 0})
	}
	steps := make([]grammar.Step, leaves+1)
	for v := 1; v <= leaves; v++ {
		steps[v].Added = []int{v}
	}
	b.ResetTimer()
	for b.Loop() {
		l := &nestLog{}
		for v := 1; v <= leaves; v++ {
			l.record(g, &steps[v])
		}
	}
}

// BenchmarkNestPlanOneCorridor plans 8,000 rooms hung on one corridor
// (BENCHMARKS.md).
func BenchmarkNestPlanOneCorridor(b *testing.B) {
	const rooms = 8000
	_, l := recordFans(rooms+1, func(int) int { return 1 })
	b.ResetTimer()
	for b.Loop() {
		l.plan()
	}
}
