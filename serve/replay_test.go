package serve

import (
	"context"
	"testing"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

// The replay must reproduce every bundled ruleset's levels exactly: if
// level's pipeline changes, this fails rather than the page showing
// frames of another level.
func TestReplayVerified(t *testing.T) {
	for _, info := range rulesets.ListBundled() {
		t.Run(info.Name, func(t *testing.T) {
			t.Parallel()
			rs, err := rulesets.Bundled(info.Name)
			if err != nil {
				t.Fatal(err)
			}
			seeds := []uint64{0, 1}
			if rs.Build.MaxVertices > 100 {
				seeds = seeds[:1] // caves: one level of 330 rooms is enough
			}
			for _, seed := range seeds {
				checkReplay(t, rs, seed)
			}
		})
	}
}

func checkReplay(t *testing.T, rs *rulesets.Ruleset, seed uint64) {
	t.Helper()
	lv, err := level.Generate(context.Background(), rs, seed, level.Options{})
	if err != nil {
		t.Logf("seed %d: %v", seed, err)
		return
	}
	fr, err := replay(context.Background(), rs, lv)
	if err != nil {
		t.Fatal(err)
	}
	if !fr.Verified {
		t.Errorf("seed %d: not verified: %s", seed, fr.Reason)
		return
	}
	if got, want := len(fr.Build), len(lv.Build.Steps)+1; got != want {
		t.Errorf("seed %d: %d build frames, want %d", seed, got, want)
	}
	last := fr.Build[len(fr.Build)-1]
	if len(last.Tag) != lv.Graph.Order() || len(last.Edges) != 3*len(lv.Graph.Edges()) {
		t.Errorf("seed %d: last build frame has %d vertices and %d edges, the level %d and %d",
			seed, len(last.Tag), len(last.Edges)/3, lv.Graph.Order(), len(lv.Graph.Edges()))
	}
	for v := range lv.Graph.Order() {
		if fr.Tags[last.Tag[v]] != lv.Graph.Vertex(v).Tag {
			t.Errorf("seed %d: vertex %d tagged %s in the last frame, %s in the level", seed, v, fr.Tags[last.Tag[v]], lv.Graph.Vertex(v).Tag)
		}
	}
	if it := fr.Relax[len(fr.Relax)-1].Iteration; it != lv.Metrics.Relax.Iterations {
		t.Errorf("seed %d: last relax frame is iteration %d, the pass ran %d", seed, it, lv.Metrics.Relax.Iterations)
	}
}

// The relax frames follow the pass's phases in order: inflate (when the
// pass inflates), settle, and one final done frame that holds the level's
// positions; each phase's iterations never go back, the first frame is
// iteration 0, and a phase's first and last frames are kept.
func TestReplayPhases(t *testing.T) {
	rs, lv := treeLevel(t)
	fr, err := replay(context.Background(), rs, lv)
	if err != nil || !fr.Verified {
		t.Fatalf("replay: %v, %+v", err, fr.Reason)
	}
	order := map[string]int{"inflate": 0, "settle": 1, "done": 2}
	seen := map[string]int{}
	for i, f := range fr.Relax {
		rank, ok := order[f.Phase]
		if !ok {
			t.Fatalf("frame %d: unknown phase %q", i, f.Phase)
		}
		seen[f.Phase]++
		if i == 0 {
			if f.Iteration != 0 {
				t.Errorf("first frame is iteration %d, want 0", f.Iteration)
			}
			continue
		}
		prev := fr.Relax[i-1]
		if rank < order[prev.Phase] {
			t.Errorf("frame %d: phase %s after %s", i, f.Phase, prev.Phase)
		}
		if f.Phase == prev.Phase && f.Iteration <= prev.Iteration {
			t.Errorf("frame %d: iteration %d after %d in phase %s", i, f.Iteration, prev.Iteration, f.Phase)
		}
		if f.Phase == "settle" && prev.Phase == "inflate" {
			if f.Iteration != prev.Iteration {
				t.Errorf("settling starts at iteration %d, inflation ended at %d", f.Iteration, prev.Iteration)
			}
		}
		if f.Phase != "inflate" && f.Grow != 1 {
			t.Errorf("frame %d: rooms at %v of their size in phase %s", i, f.Grow, f.Phase)
		}
	}
	if seen["inflate"] == 0 || seen["settle"] < 2 || seen["done"] != 1 {
		t.Errorf("frames per phase %v: want inflate frames, at least two settle frames and one done frame", seen)
	}
	last := fr.Relax[len(fr.Relax)-1]
	if last.Phase != "done" || last.Iteration != lv.Metrics.Relax.Iterations {
		t.Errorf("last frame: phase %s iteration %d, want done at %d", last.Phase, last.Iteration, lv.Metrics.Relax.Iterations)
	}
	for v := range lv.Graph.Order() {
		if p := lv.Graph.Vertex(v).Pos; last.X[v] != p.X || last.Y[v] != p.Y {
			t.Fatalf("done frame has vertex %d at (%v, %v), the level at %v", v, last.X[v], last.Y[v], p)
		}
	}
	// The settle phase's last frame is kept: its iteration is the pass's.
	if s := fr.Relax[len(fr.Relax)-2]; s.Phase != "settle" || s.Iteration != last.Iteration {
		t.Errorf("frame before done: %s at %d, want settle at %d", s.Phase, s.Iteration, last.Iteration)
	}
}

// treeLevel returns the bundled tree ruleset and its level of seed 1.
func treeLevel(t *testing.T) (*rulesets.Ruleset, *level.Level) {
	t.Helper()
	rs, err := rulesets.Bundled("tree")
	if err != nil {
		t.Fatal(err)
	}
	lv, err := level.Generate(context.Background(), rs, 1, level.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs, lv
}
