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
