package gridmap_test

import (
	"os"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/render"
)

// trifans seed 5 under the quality limits (testdata/trifans5-level.json,
// from `dungraph generate -r level/testdata/quality/trifans.toml --seed 5
// -f json`): corridor 0-3 takes a staircase between rooms 5 and 19,
// across corridor 5-19, at every cell and scale, and negotiation does not
// move it. Guided, it keeps to its side and the level draws at the cell
// after the chosen one (2/3 of 50 units), scale 1.25.
func TestGuidedCrossing(t *testing.T) {
	f, err := os.Open("testdata/trifans5-level.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := levelfile.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := render.MapLevel(d, "")
	if err != nil {
		t.Fatal(err)
	}
	o := gridmap.Options{Cell: float64(50*2) / 3}
	_, err = gridmap.BuildPass(lv, o, 3, true, false)
	if err == nil {
		t.Fatal("negotiation drew the level at scales up to 1.5625: the test no longer shows what guiding adds")
	}
	// Negotiation ran out of rounds: the error names the pair.
	if !strings.Contains(err.Error(), "still within a cell of corridor") {
		t.Errorf("negotiation's error does not name the corridor in conflict: %v", err)
	}
	m, err := gridmap.BuildPass(lv, o, 3, true, true)
	if err != nil {
		t.Fatalf("guided: %v", err)
	}
	if err := gridmap.Verify(m, lv); err != nil {
		t.Fatal(err)
	}
	if m.ScaleX != 1.25 || len(m.Corridors) != len(lv.Corridors) {
		t.Errorf("guided map at scale %v with %d corridors, want 1.25 and %d", m.ScaleX, len(m.Corridors), len(lv.Corridors))
	}
}
