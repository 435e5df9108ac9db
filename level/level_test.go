package level

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/rulesets"
)

// TestBundledLevelsValid generates levels of every bundled ruleset and
// checks each with the exact intersection check, independently of the
// pipeline's own check.
func TestBundledLevelsValid(t *testing.T) {
	for _, info := range rulesets.ListBundled() {
		t.Run(info.Name, func(t *testing.T) {
			t.Parallel()
			rs, err := rulesets.Bundled(info.Name)
			if err != nil {
				t.Fatal(err)
			}
			seeds := 12
			switch big := rs.Build.MaxVertices > 100; {
			case big && testing.Short():
				seeds = 1
			case big || testing.Short():
				seeds = 2
			}
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				lv, err := Generate(context.Background(), rs, seed, Options{})
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if cs := layout.Check(discs(lv.Graph, lv.Rooms), corridorsOf(lv.Graph)); len(cs) > 0 {
					t.Fatalf("seed %d: shipped a level with conflicts: %v", seed, cs[0])
				}
				if lv.Metrics.Rooms != lv.Graph.Order() || lv.Metrics.Attempts != lv.Attempt+1 || len(lv.Failures) != lv.Attempt {
					t.Fatalf("seed %d: metrics %+v disagree with the level (attempt %d, %d failures)", seed, lv.Metrics, lv.Attempt, len(lv.Failures))
				}
				if lv.Graph.Order() > rs.Build.MaxVertices || lv.Graph.Order() < rs.Build.MinVertices {
					t.Fatalf("seed %d: %d rooms outside [%d, %d]", seed, lv.Graph.Order(), rs.Build.MinVertices, rs.Build.MaxVertices)
				}
			}
		})
	}
}

func TestGenerateDeterministic(t *testing.T) {
	rs, err := rulesets.Bundled("dungeon")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		a, err1 := Generate(context.Background(), rs, seed, Options{})
		b, err2 := Generate(context.Background(), rs, seed, Options{})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !reflect.DeepEqual(a.Graph, b.Graph) || !reflect.DeepEqual(a.Rooms, b.Rooms) || !reflect.DeepEqual(a.Metrics, b.Metrics) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
}

func TestGenerateFailsWithReasons(t *testing.T) {
	rs, err := rulesets.Loader{Overrides: []rulesets.Override{{Key: "build.max_iterations", Value: "1"}, {Key: "build.min_vertices", Value: "10"}}}.Bundled("default")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Generate(context.Background(), rs, 1, Options{Attempts: 3})
	if !errors.Is(err, ErrNoValidLevel) {
		t.Fatalf("Generate = %v, want ErrNoValidLevel", err)
	}
	for a := range 3 {
		if want := fmt.Sprintf("attempt %d: ", a); !contains(err.Error(), want) {
			t.Errorf("error %q does not give the reason of %s", err, want)
		}
	}
}

func TestGenerateCancelled(t *testing.T) {
	rs, _ := rulesets.Bundled("dungeon")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(ctx, rs, 1, Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Generate = %v, want context.Canceled", err)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func ExampleGenerate() {
	rs, err := rulesets.Bundled("tree")
	if err != nil {
		fmt.Println(err)
		return
	}
	lv, err := Generate(context.Background(), rs, 42, Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d rooms, %d corridors, attempt %d\n", lv.Metrics.Rooms, lv.Metrics.Corridors, lv.Attempt)
	// Output:
	// 20 rooms, 19 corridors, attempt 0
}

// TestExhaustiveSameLevel: complete trace counters (the CLI's --full-stats)
// do not change the level, and they are complete.
func TestExhaustiveSameLevel(t *testing.T) {
	rs, _ := rulesets.Bundled("dungeon")
	a, err1 := Generate(context.Background(), rs, 4, Options{})
	b, err2 := Generate(context.Background(), rs, 4, Options{Exhaustive: true})
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if !reflect.DeepEqual(a.Graph, b.Graph) || !reflect.DeepEqual(a.Rooms, b.Rooms) {
		t.Fatal("Exhaustive changed the level")
	}
	for i, s := range b.Build.Steps {
		for r, st := range s.Stats {
			if st.Eligible && st.Candidates > 0 && st.Checked != st.Candidates {
				t.Fatalf("step %d rule %d: %d of %d candidates checked", i, r, st.Checked, st.Candidates)
			}
		}
	}
}

// TestTimeoutSuggest: the suggested budget grows with how little of the
// level was done when the budget ran out, never below twice the budget.
func TestTimeoutSuggest(t *testing.T) {
	tests := []struct {
		name string
		e    TimeoutError
		want time.Duration
	}{
		{"a tenth of the build", TimeoutError{Budget: 2 * time.Second, Stage: StageMatching, Vertices: 33, MaxVertices: 330}, 31 * time.Second},
		{"nearly built", TimeoutError{Budget: 10 * time.Second, Stage: StageLayout, Vertices: 300, MaxVertices: 330}, 20 * time.Second},
		{"relaxing", TimeoutError{Budget: 10 * time.Second, Stage: StageRelax, Vertices: 330, MaxVertices: 330}, 31 * time.Second},
		{"third attempt, relaxing", TimeoutError{Budget: 10 * time.Second, Stage: StageRelax, Attempt: 2, Vertices: 330, MaxVertices: 330}, 20 * time.Second},
		{"no vertices yet", TimeoutError{Budget: time.Second, Stage: StageMatching, Vertices: 1, MaxVertices: 5000}, 76 * time.Second},
		{"long", TimeoutError{Budget: time.Minute, Stage: StageMatching, Vertices: 5, MaxVertices: 500}, 76 * time.Minute},
	}
	for _, tt := range tests {
		if got := tt.e.Suggest(); got != tt.want {
			t.Errorf("%s: Suggest = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestTimeout(t *testing.T) {
	rs, err := rulesets.Bundled("dungeon")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Generate(context.Background(), rs, 1, Options{Timeout: time.Nanosecond})
	var te *TimeoutError
	if !errors.As(err, &te) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want a TimeoutError", err)
	}
	if te.Stage != StageMatching || !strings.Contains(err.Error(), "the time budget of 1ns ran out") || !strings.Contains(err.Error(), "during matching") {
		t.Errorf("stage %q, message %q", te.Stage, err)
	}
	// A budget that is not reached changes nothing.
	a, err := Generate(context.Background(), rs, 1, Options{Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(context.Background(), rs, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Attempt != b.Attempt || a.Graph.Order() != b.Graph.Order() || a.Route.Length != b.Route.Length {
		t.Error("a time budget changed the level")
	}
	// The caller's own deadline is not the budget.
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	if _, err := Generate(ctx, rs, 1, Options{Timeout: time.Minute}); errors.As(err, &te) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("the caller's deadline gave %v", err)
	}
}

// TestGenerateAttemptWatched runs a level's successful attempt again under
// a Watch: the same level, every rewrite and relax iteration seen.
func TestGenerateAttemptWatched(t *testing.T) {
	rs, err := rulesets.Bundled("cycles")
	if err != nil {
		t.Fatal(err)
	}
	lv, err := Generate(context.Background(), rs, 5, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rewrites, built, updates := 0, 0, 0
	w := &Watch{
		Rewrite: func(g *grammar.Graph, s *grammar.Step) error {
			if s.Iteration != rewrites {
				t.Errorf("rewrite %d seen as %d", s.Iteration, rewrites)
			}
			rewrites++
			return nil
		},
		Built: func(*grammar.Graph) { built++ },
		Relax: func(*layout.Relaxation) { updates++ },
	}
	again, err := GenerateAttempt(context.Background(), rs, 5, lv.Attempt, Options{Watch: w})
	if err != nil {
		t.Fatal(err)
	}
	if rewrites != len(lv.Build.Steps) || built != 1 || updates <= lv.Metrics.Relax.Iterations {
		t.Errorf("saw %d rewrites (want %d), %d built (want 1), %d relax calls (want more than %d)", rewrites, len(lv.Build.Steps), built, updates, lv.Metrics.Relax.Iterations)
	}
	for v := range lv.Graph.Order() {
		if again.Graph.Vertex(v) != lv.Graph.Vertex(v) {
			t.Fatalf("vertex %d differs under a watch", v)
		}
	}
	if !reflect.DeepEqual(again.Metrics.Relax, lv.Metrics.Relax) {
		t.Errorf("relax %+v, want %+v", again.Metrics.Relax, lv.Metrics.Relax)
	}
	// A rejected attempt says why: default cannot grow 500 rooms.
	bad, err := rulesets.Loader{Overrides: []rulesets.Override{{Key: "build.min_vertices", Value: "500"}, {Key: "build.max_vertices", Value: "500"}}}.Bundled("default")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := GenerateAttempt(context.Background(), bad, 1, 0, Options{}); !errors.Is(err, ErrNoValidLevel) || !strings.Contains(err.Error(), "attempt 0 failed") {
		t.Errorf("a rejected attempt gave %v", err)
	}
}

func TestMemoryBudget(t *testing.T) {
	rs, err := rulesets.Bundled("tree")
	if err != nil {
		t.Fatal(err)
	}
	// The heap is read as soon as the build starts matching.
	_, err = Generate(context.Background(), rs, 1, Options{MaxHeap: 1})
	var me *MemoryError
	if !errors.As(err, &me) || me.Stage != StageMatching || me.Vertices < 1 || me.Heap <= 1 {
		t.Fatalf("got %v, want a MemoryError during matching", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "the memory budget of 0 MiB ran out during matching") || strings.Contains(msg, "--") {
		t.Errorf("message %q does not name the budget, or names a flag", err)
	}
	// A budget that is not reached changes nothing.
	a, err := Generate(context.Background(), rs, 1, Options{MaxHeap: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(context.Background(), rs, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Graph, b.Graph) || !reflect.DeepEqual(a.Rooms, b.Rooms) {
		t.Error("an unreached memory budget changed the level")
	}
}

// TestRelaxConverges: without per-vertex step control (layout's stepHeat)
// tree levels' relax pass runs to its 300-iteration cap on half the seeds,
// with rooms swinging back and forth across a stiff repulsion; with it, 38
// of seeds 1–40 converge (NOTES.md, "Forces").
func TestRelaxConverges(t *testing.T) {
	rs, err := rulesets.Bundled("tree")
	if err != nil {
		t.Fatal(err)
	}
	seeds, converged := 10, 0
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		lv, err := Generate(context.Background(), rs, seed, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if lv.Metrics.Relax.Converged {
			converged++
		}
	}
	if converged < seeds-1 {
		t.Errorf("relax converged on %d of %d tree levels, want at least %d", converged, seeds, seeds-1)
	}
}

// TestConstruct: Construct gives the graph and drawing a level's first
// attempt builds, before rooms and relax.
func TestConstruct(t *testing.T) {
	rs, err := rulesets.Bundled("tree")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		var built *grammar.Graph
		watch := &Watch{Built: func(g *grammar.Graph) {
			if built == nil {
				built = g.Clone()
			}
		}}
		if _, err := Generate(context.Background(), rs, seed, Options{Watch: watch}); err != nil {
			t.Fatal(err)
		}
		g, err := Construct(rs, seed)
		if err != nil {
			t.Fatal(err)
		}
		if g.Order() != built.Order() || !reflect.DeepEqual(g.Edges(), built.Edges()) {
			t.Fatalf("seed %d: Construct built %d vertices, %d edges; the level's first attempt %d, %d", seed, g.Order(), g.Size(), built.Order(), built.Size())
		}
		for v := range g.Order() {
			if g.Vertex(v).Pos != built.Vertex(v).Pos {
				t.Fatalf("seed %d: vertex %d at %v, the level's first attempt drew it at %v", seed, v, g.Vertex(v).Pos, built.Vertex(v).Pos)
			}
		}
	}
}
