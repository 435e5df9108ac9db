package grammar

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/internal/ctxtest"
)

func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x64756e67)) }

func mustCompile(t testing.TB, d Definition) *Grammar {
	t.Helper()
	gr, err := Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	return gr
}

func ruleSequence(res *Result) []int {
	out := make([]int, len(res.Steps))
	for i, s := range res.Steps {
		out[i] = s.Rule
	}
	return out
}

func TestBuildDeterministic(t *testing.T) {
	gr := mustCompile(t, demoDefinition())
	opts := Options{MaxIterations: 60, MaxVertices: 60}
	for seed := uint64(1); seed <= 20; seed++ {
		a, err1 := gr.Build(opts, rng(seed))
		b, err2 := gr.Build(opts, rng(seed))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: two builds differ", seed)
		}
	}
	a, _ := gr.Build(opts, rng(1))
	b, _ := gr.Build(opts, rng(2))
	if reflect.DeepEqual(ruleSequence(a), ruleSequence(b)) && reflect.DeepEqual(a.Graph.Edges(), b.Graph.Edges()) {
		t.Error("seeds 1 and 2 built the same graph")
	}
}

func TestBuildExhaustiveSameResult(t *testing.T) {
	gr := mustCompile(t, demoDefinition())
	for seed := uint64(1); seed <= 10; seed++ {
		lazy, _ := gr.Build(Options{MaxIterations: 40, MaxVertices: 40}, rng(seed))
		full, _ := gr.Build(Options{MaxIterations: 40, MaxVertices: 40, Exhaustive: true}, rng(seed))
		if !reflect.DeepEqual(lazy.Graph, full.Graph) || !reflect.DeepEqual(ruleSequence(lazy), ruleSequence(full)) {
			t.Fatalf("seed %d: exhaustive stats changed the build", seed)
		}
		for i, s := range full.Steps {
			for r, st := range s.Stats {
				if st.Eligible && st.Candidates > 0 && st.Checked != st.Candidates {
					t.Fatalf("step %d rule %d: checked %d of %d candidates", i, r, st.Checked, st.Candidates)
				}
			}
		}
	}
}

func TestBuildLimits(t *testing.T) {
	gr := mustCompile(t, demoDefinition())
	for seed := uint64(1); seed <= 30; seed++ {
		res, err := gr.Build(Options{MaxIterations: 25, MaxVertices: 30, MaxValence: 4}, rng(seed))
		if err != nil {
			t.Fatal(err)
		}
		if n := res.Graph.Order(); n > 30 {
			t.Fatalf("seed %d: %d vertices, max 30", seed, n)
		}
		if len(res.Steps) > 25 {
			t.Fatalf("seed %d: %d steps, max 25", seed, len(res.Steps))
		}
		// The start rule gives the centre valence 2, and no rule may push a
		// vertex past 4.
		for id := range res.Graph.Order() {
			if val := res.Graph.Valence(id); val > 4 {
				t.Fatalf("seed %d: vertex %d valence %d > 4", seed, id, val)
			}
		}
		if !res.Graph.Connected(false) {
			t.Fatalf("seed %d: rooms disconnected", seed)
		}
	}
}

func TestBuildTooFewVertices(t *testing.T) {
	gr := mustCompile(t, demoDefinition())
	res, err := gr.Build(Options{MaxIterations: 1, MinVertices: 5}, rng(1))
	if !errors.Is(err, ErrTooFewVertices) {
		t.Fatalf("err = %v, want ErrTooFewVertices", err)
	}
	if res == nil || res.Graph.Order() != 3 {
		t.Fatalf("want the partial result (3 vertices) with the error, got %+v", res)
	}
}

func TestMaxUsesAndNoRepeat(t *testing.T) {
	d := demoDefinition()
	d.Rules[1].MaxUses = 2
	d.Rules[2].NoRepeat = true
	gr := mustCompile(t, d)
	for seed := uint64(1); seed <= 50; seed++ {
		res, _ := gr.Build(Options{MaxIterations: 30, MaxVertices: 100}, rng(seed))
		if res.Uses[1] > 2 {
			t.Fatalf("seed %d: extend used %d times, max 2", seed, res.Uses[1])
		}
		seq := ruleSequence(res)
		for i := 1; i < len(seq); i++ {
			if seq[i] == 2 && seq[i-1] == 2 {
				t.Fatalf("seed %d: triangle twice in a row at step %d: %v", seed, i, seq)
			}
		}
		// With extend used up and triangle barred from repeating, the
		// build stalls right after a triangle.
		if last := res.Passes[0]; last.End != "stalled" {
			t.Fatalf("seed %d: pass ended %q, want stalled", seed, last.End)
		}
	}
}

func TestPriority(t *testing.T) {
	d := demoDefinition()
	d.Rules[2].Priority = 1 // triangle over extend
	gr := mustCompile(t, d)
	for seed := uint64(1); seed <= 20; seed++ {
		res, _ := gr.Build(Options{MaxIterations: 30, MaxVertices: 100, Exhaustive: true}, rng(seed))
		extends := 0
		for i, s := range res.Steps[1:] {
			if s.Rule == 2 {
				continue
			}
			extends++
			// extend may only be drawn when every triangle candidate was
			// rejected.
			st := s.Stats[2]
			if st.Checked == 0 || st.Negated+st.Valence+st.Flip != st.Checked {
				t.Fatalf("seed %d step %d applied rule %d while triangle (priority 1) had an applicable match: %+v", seed, i+1, s.Rule, st)
			}
		}
		if extends == len(res.Steps)-1 {
			t.Fatalf("seed %d: triangle never applied", seed)
		}
	}
}

func TestGroupMaxUses(t *testing.T) {
	d := demoDefinition()
	d.Groups = []Group{{Name: "growth", Rules: []string{"extend", "triangle"}, MaxUses: 3}}
	gr := mustCompile(t, d)
	for seed := uint64(1); seed <= 20; seed++ {
		res, _ := gr.Build(Options{MaxIterations: 30, MaxVertices: 100}, rng(seed))
		if n := res.Uses[1] + res.Uses[2]; n != 3 {
			t.Fatalf("seed %d: group used %d times, want exactly 3", seed, n)
		}
	}
}

func TestPasses(t *testing.T) {
	d := demoDefinition()
	d.Passes = []Pass{
		{Name: "grow", Rules: []string{"start", "extend"}, MaxIterations: 4},
		{Name: "decorate", Rules: []string{"triangle"}, MaxIterations: 3},
	}
	gr := mustCompile(t, d)
	res, _ := gr.Build(Options{MaxIterations: 100, MaxVertices: 100}, rng(5))
	want := []int{0, 1, 1, 1, 2, 2, 2}
	if got := ruleSequence(res); !slices.Equal(got, want) {
		t.Fatalf("rules %v, want %v", got, want)
	}
	if res.Passes[0].End != "budget" || res.Passes[1].End != "budget" {
		t.Errorf("passes %+v, want both ended by budget", res.Passes)
	}
	for _, s := range res.Steps {
		if wantPass := min(s.Iteration/4, 1); s.Pass != wantPass {
			t.Errorf("step %d in pass %d, want %d", s.Iteration, s.Pass, wantPass)
		}
	}
	// The build-wide limit still caps the passes.
	res, _ = gr.Build(Options{MaxIterations: 5, MaxVertices: 100}, rng(5))
	if len(res.Steps) != 5 || res.Passes[1].End != "max_iterations" {
		t.Errorf("steps %d passes %+v, want 5 steps and pass 2 cut by max_iterations", len(res.Steps), res.Passes)
	}
}

// drawCounts draws from a fixed host many times and counts the rules
// drawn, and each (rule, match) drawn. Rules with more than above matches
// are counted rather than listed (0: lazyAbove).
func drawCounts(t *testing.T, d Definition, g *Graph, n, above int) ([]int, map[string]int) {
	t.Helper()
	gr := mustCompile(t, d)
	counts := make([]int, len(d.Rules))
	matches := map[string]int{}
	x := newIndex(g, gr.rules, nil, above)
	r := rng(1)
	for range n {
		b := &builder{gr: gr, opts: Options{}.withDefaults(), rng: r, g: g, x: x}
		var level []int
		for i := range gr.rules {
			if x.size(i) > 0 {
				level = append(level, i)
			}
		}
		ri, m, ok := b.draw(level, make([]RuleStats, len(gr.rules)), nil)
		if !ok {
			t.Fatal("nothing drawn")
		}
		counts[ri]++
		matches[fmt.Sprint(ri, m)]++
	}
	return counts, matches
}

func TestWeights(t *testing.T) {
	// Host: a path of 5 'a' vertices (8 ordered edge matches for each of
	// extend and triangle, before flips) and one 'b'-'a' edge.
	g := host(t, []string{"a", "a", "a", "a", "a", "b"}, []r2.Vec{v(0, 0), v(1, 0), v(2, 0), v(3, 0), v(4, 0), v(5, 0)}, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}})
	bRule := Rule{
		Name: "b",
		Pattern: Pattern{
			Vertices: []PatternVertex{{ID: "x", Tags: []string{"a"}}, {ID: "y", Tags: []string{"b"}, Pos: v(1, 0)}},
			Edges:    []PatternEdge{{A: "x", B: "y"}},
		},
		Substitute: Substitute{Vertices: keep("x", "y"), Edges: []SubstituteEdge{{A: "x", B: "y"}}},
	}
	const n = 4000
	d := demoDefinition()
	d.Rules = []Rule{d.Rules[0], d.Rules[1], bRule}
	d.Rules[1].Weight = 3
	for _, above := range []int{0, 1} {
		d.Weights = PerRule
		// Per rule: extend (weight 3) against b (weight 1): 3:1
		// whatever the number of sites.
		c, _ := drawCounts(t, d, g, n, above)
		if f := float64(c[1]) / n; f < 0.72 || f > 0.78 {
			t.Errorf("threshold %d, per rule: extend drawn %.3f of the time, want 0.75", above, f)
		}
		// Per match: extend has 8 sites of weight 3, b one of weight 1:
		// 24:1.
		d.Weights = PerMatch
		c, _ = drawCounts(t, d, g, n, above)
		if f := float64(c[2]) / n; f < 0.025 || f > 0.055 {
			t.Errorf("threshold %d, per match: b drawn %.3f of the time, want 1/25 = 0.04", above, f)
		}
	}
}

// TestDrawUniform: a rule's drawn match is uniform over its applicable
// matches (the brute-force list of Grammar.Matches), whether the index
// lists the rule's matches or counts them (threshold 1), in both weight
// modes. On a hexagon of 'a' rooms, a bend of two corridors has 12
// structural matches; the flips reject the six that turn the other way.
func TestDrawUniform(t *testing.T) {
	const n = 6000
	var tags []string
	var pos []r2.Vec
	var edges [][2]int
	for i := range 6 {
		tags = append(tags, "a")
		pos = append(pos, v(float64([]int{0, 100, 150, 100, 0, -50}[i]), float64([]int{0, 0, 80, 160, 160, 80}[i])))
		edges = append(edges, [2]int{i, (i + 1) % 6})
	}
	g := host(t, tags, pos, edges)
	d := demoDefinition()
	d.Rules = []Rule{d.Rules[0], {
		Name: "bend",
		Pattern: Pattern{
			Vertices: []PatternVertex{{ID: "x", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "y", Tags: []string{"a"}, Pos: v(100, 0)}, {ID: "z", Tags: []string{"a"}, Pos: v(100, 100)}},
			Edges:    []PatternEdge{{A: "x", B: "y"}, {A: "y", B: "z"}},
		},
		Substitute: Substitute{Vertices: keep("x", "y", "z"), Edges: []SubstituteEdge{{A: "x", B: "y"}, {A: "y", B: "z"}}},
	}}
	gr := mustCompile(t, d)
	want, err := gr.Matches(g, 1, DefaultMaxValence)
	if err != nil || len(want) < 2 {
		t.Fatalf("reference: %d matches, %v", len(want), err)
	}
	structural, _ := gr.Diagnose(g, 1, DefaultMaxValence)
	if len(structural) == len(want) {
		t.Fatalf("all %d structural matches apply: the draw's rejections go untested", len(want))
	}
	// Chi-square with len(want)-1 degrees of freedom; 30 is past the
	// 0.999 quantile for up to 10.
	for _, w := range []WeightMode{PerRule, PerMatch} {
		d.Weights = w
		for _, above := range []int{0, 1} {
			_, got := drawCounts(t, d, g, n, above)
			chi := 0.0
			expect := float64(n) / float64(len(want))
			for _, m := range want {
				k := fmt.Sprint(1, m)
				dev := float64(got[k]) - expect
				chi += dev * dev / expect
				delete(got, k)
			}
			if len(got) > 0 {
				t.Errorf("weights %v, threshold %d: drew matches that do not apply: %v", w, above, got)
			}
			if chi > 30 {
				t.Errorf("weights %v, threshold %d: chi-square %.1f over %d matches, not uniform", w, above, chi, len(want))
			}
		}
	}
}

// TestBuildContext checks that a context stops a build, also when it is
// done in the middle of a step (while the match index is updated or
// candidates are checked), and that a live context changes nothing.
func TestBuildContext(t *testing.T) {
	gr := mustCompile(t, demoDefinition())
	opts := Options{MaxIterations: 60, MaxVertices: 60}
	for seed := uint64(1); seed <= 5; seed++ {
		want, err := gr.Build(opts, rng(seed))
		if err != nil {
			t.Fatal(err)
		}
		o := opts
		o.Context = context.Background()
		got, err := gr.Build(o, rng(seed))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: a live context changed the build (%v)", seed, err)
		}
		// Polls come once per pollEvery calls of stopped, and there are
		// many per step: a countdown of 2 lands in the first steps.
		ctx := ctxtest.New(2, context.Canceled)
		o.Context = ctx
		got, err = gr.Build(o, rng(seed))
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("seed %d: cancelled build returned %v", seed, err)
		}
		if len(got.Steps) >= len(want.Steps) {
			t.Errorf("seed %d: the cancelled build made all %d steps", seed, len(got.Steps))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o := opts
	o.Context = ctx
	if res, err := gr.Build(o, rng(1)); !errors.Is(err, context.Canceled) || len(res.Steps) != 0 {
		t.Errorf("a build with a cancelled context made %d steps, error %v", len(res.Steps), err)
	}
}
