package level

import (
	"context"
	"reflect"
	"testing"

	"github.com/dungraph/dungraph/rulesets"
)

// TestLoopsKeepTheTail: nested.toml's rule opens a room into a loop of
// four new rooms, and what grows from a loop's rooms into its face
// later stays inside it: a loop closed early in the build came to wrap
// 7 to 33 rooms and its corridors ended 5 to 10 median corridors long.
// The fill limit (layout.Constructor.MayFill) refuses a rewrite that
// would put more rooms into a loop than it can wrap, so these seeds,
// each past max_tail on its first attempt without it, are within the
// default limits on it.
func TestLoopsKeepTheTail(t *testing.T) {
	rs, err := rulesets.Loader{}.LoadFile("testdata/quality/nested.toml")
	if err != nil {
		t.Fatal(err)
	}
	seeds := []uint64{30, 183}
	if !testing.Short() {
		seeds = append(seeds, 52, 66, 74, 112, 153, 169)
	}
	for i, seed := range seeds {
		a, err := GenerateAttempt(context.Background(), rs, seed, 0, Options{})
		if err != nil {
			t.Errorf("nested seed %d: first attempt: %v", seed, err)
			continue
		}
		if i > 0 {
			continue
		}
		// --full-stats asks MayFill about every candidate of a step
		// before one is drawn: the loops it reads are followed at
		// every rewrite, so the level is the same.
		b, err := GenerateAttempt(context.Background(), rs, seed, 0, Options{Exhaustive: true})
		if err != nil || !reflect.DeepEqual(a.Graph, b.Graph) || !reflect.DeepEqual(a.Rooms, b.Rooms) {
			t.Errorf("nested seed %d: Exhaustive changed the level (%v)", seed, err)
		}
	}
}
