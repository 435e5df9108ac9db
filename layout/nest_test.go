package layout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// fanGrammar is the triangle fans of level/testdata/quality/fans.toml: a
// start triangle, then a room joined to both ends of a corridor, over and
// over.
func fanGrammar(t testing.TB) *grammar.Grammar {
	t.Helper()
	gr, err := grammar.Compile(grammar.Definition{Rules: []grammar.Rule{
		startRule([]grammar.SubstituteVertex{{ID: "s", Tag: "a", Pos: at(0, 0)}, {ID: "b", Tag: "a", Pos: at(100, 0)}, {ID: "c", Tag: "a", Pos: at(50, 87)}},
			[]grammar.SubstituteEdge{{A: "s", B: "b"}, {A: "b", B: "c"}, {A: "c", B: "s"}}),
		{
			Name: "fan", Pattern: edgePattern(),
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}, {ID: "c", Tag: "a", Pos: at(50, -87)}},
				Edges:    []grammar.SubstituteEdge{{A: "x", B: "y"}, {A: "x", B: "c"}, {A: "y", B: "c"}},
			},
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return gr
}

// buildFans builds fans of up to n rooms for seed with the construction
// drawing, following plan when it is not nil.
func buildFans(t testing.TB, gr *grammar.Grammar, n int, seed uint64, plan *NestPlan) *Constructor {
	t.Helper()
	c := &Constructor{Forces: params.Forces{CrossingFree: true}, Plan: plan}
	opts := grammar.Options{MaxIterations: n, MaxVertices: n, MaxValence: 8, RejectCrossings: true, AfterRewrite: c.AfterRewrite}
	if _, err := gr.Build(opts, rand.New(rand.NewPCG(seed, 0))); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestNestPlanIsOptimal checks the plan's search against every choice of
// sides on small fans: its bound is the least enclosure the model allows,
// and its sides reach it.
func TestNestPlanIsOptimal(t *testing.T) {
	gr := fanGrammar(t)
	for seed := uint64(1); seed <= 30; seed++ {
		l := &buildFans(t, gr, 12+int(seed%4), seed, nil).log
		var hung []int
		for c, h := range l.hang {
			if h[0] >= 0 {
				hung = append(hung, c)
			}
		}
		best := -1
		sides := make([]int8, len(l.parent))
		for mask := range 1 << len(hung) {
			for i, c := range hung {
				sides[c] = int8(1 + mask>>i&1)
			}
			if e := l.enclosed(sides); best < 0 || e < best {
				best = e
			}
		}
		p := l.plan()
		if p.bound != best {
			t.Errorf("seed %d (%d hung): plan bound %d, brute force %d", seed, len(hung), p.bound, best)
		}
		if e := l.enclosed(p.inner); e != p.bound {
			t.Errorf("seed %d: the plan's sides enclose %d, its bound says %d", seed, e, p.bound)
		}
	}
}

// TestReplanEnclosesFewer draws fans of 60 rooms again with their plan:
// the drawing must realise the plan's bound (no triangle holds more rooms
// than the model says), stay without crossings, and hold fewer rooms in
// one triangle than the drawing made one rewrite at a time. Without the
// plan, seeds 1–6 hold up to 48 rooms in one triangle.
func TestReplanEnclosesFewer(t *testing.T) {
	gr := fanGrammar(t)
	improved := 0
	for seed := uint64(1); seed <= 6; seed++ {
		first := buildFans(t, gr, 60, seed, nil)
		before := first.Enclosed()
		plan, drawn, better := first.Replan()
		if drawn != before && plan != nil {
			t.Errorf("seed %d: Replan says %d rooms drawn in one triangle, Enclosed %d", seed, drawn, before)
		}
		if !better {
			if plan != nil && plan.bound < before {
				t.Errorf("seed %d: plan bound %d < drawn %d, but Replan says no better", seed, plan.bound, before)
			}
			continue
		}
		again := buildFans(t, gr, 60, seed, plan)
		after := again.Enclosed()
		if after > plan.bound || after >= before {
			t.Errorf("seed %d: one triangle holds %d rooms drawn with the plan (bound %d), %d without", seed, after, plan.bound, before)
		}
		if cs := conflicts(again.d, false); len(cs) > 0 {
			t.Errorf("seed %d: construction conflicts %v", seed, cs[:min(3, len(cs))])
		}
		t.Logf("seed %d: %d rooms in one triangle -> %d (bound %d)", seed, before, after, plan.bound)
		improved++
	}
	if improved == 0 {
		t.Error("no seed's plan enclosed fewer rooms than its drawing")
	}
}

// enclosed returns the most rooms one cycle encloses with the sides given
// (1 inner, 2 outer), by nestLog's model: the reference the plan's bound
// is checked against.
func (l *nestLog) enclosed(sides []int8) int {
	w := l.weights()
	kids := l.children()
	worst := 0
	cycle := make([]int, len(l.rewrites))
	for c, h := range l.hang {
		if h[0] < 0 {
			continue
		}
		later := 0
		for _, d := range kids[h] {
			if d > c && sides[d] == sides[c] {
				later += w[d]
			}
		}
		cycle[l.made[c]] += later
	}
	for r, made := range l.rewrites {
		for _, m := range made {
			if len(m.thirds) == 0 {
				continue
			}
			for _, d := range kids[[2]int{m.a, m.b}] {
				if sides[d] == 1 {
					cycle[r] += w[d]
				}
			}
		}
		worst = max(worst, cycle[r])
	}
	return worst
}

// drawnEnclosed, which tests each triangle against the rooms its bounding
// box's grid cells hold, counts what testing every room counts: on fans
// drawings as built and with their rooms moved at random, spread wide and
// gathered tight.
func TestDrawnEnclosedMatchesEveryRoom(t *testing.T) {
	gr := fanGrammar(t)
	brute := func(l *nestLog, pos []r2.Vec) int {
		worst := 0
		count := func(p, q, r int) {
			k := 0
			for x := range pos {
				if x != p && x != q && x != r && inTriangle(pos[p], pos[q], pos[r], pos[x]) {
					k++
				}
			}
			worst = max(worst, k)
		}
		l.triangles(len(pos), count)
		return worst
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for seed := uint64(1); seed <= 4; seed++ {
		c := buildFans(t, gr, 60, seed, nil)
		pos := slices.Clone(c.d.Pos)
		for trial := range 20 {
			if got, want := c.log.drawnEnclosed(pos), brute(&c.log, pos); got != want {
				t.Fatalf("seed %d trial %d: %d rooms in one triangle, every room tested says %d", seed, trial, got, want)
			}
			spread := []float64{1, 1e4, 1e-3}[trial%3]
			for v := range pos {
				pos[v] = r2.Vec{X: float64(rng.Float64()*spread) + pos[v].X/2, Y: float64(rng.Float64()*spread) + pos[v].Y/2}
			}
		}
	}
}

// BenchmarkDrawnEnclosed counts the rooms in every triangle of a 400-room
// fans drawing (BENCHMARKS.md).
func BenchmarkDrawnEnclosed(b *testing.B) {
	c := buildFans(b, fanGrammar(b), 400, 1, nil)
	b.ResetTimer()
	for b.Loop() {
		c.log.drawnEnclosed(c.d.Pos)
	}
}
