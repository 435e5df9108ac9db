package level

import (
	"context"
	"testing"

	"github.com/dungraph/dungraph/layout"
)

// TestQualityBypass generates testdata/quality/bypass.toml (a tunnel
// that forks, and a rule that hangs a second way round a room on its two
// neighbours) over seeds 1–200, 1–20 with -short: every level it ships
// is within the limits, and at least 95% are on the first attempt (96.0%
// measured, 46% without the wrap limit, which skips a bypass whose loop
// may come to enclose more of the rooms still to come than the nest
// limit: a loop closed round the entrance while the level is small wraps
// the rest of it, NOTES.md "Wrapping loops").
func TestQualityBypass(t *testing.T) {
	rs := loadQuality(t, "bypass")
	seeds := 200
	if testing.Short() {
		seeds = 20
	}
	first := 0
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		lv, err := Generate(context.Background(), rs, seed, Options{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if miss := (layout.Limits{}).Miss(layout.Measure(lv.Graph, lv.Rooms, rs.Rooms.Gap()).Geometry); miss != "" {
			t.Errorf("seed %d: shipped a level outside the limits: %s", seed, miss)
		}
		if lv.Attempt == 0 {
			first++
		}
	}
	if share := float64(first) / float64(seeds); share < 0.95 {
		t.Errorf("%d of %d seeds within the limits on the first attempt, want at least 95%%", first, seeds)
	}
	t.Logf("bypass: %d of %d seeds within the limits on the first attempt", first, seeds)
}
