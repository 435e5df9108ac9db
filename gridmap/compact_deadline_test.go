package gridmap

import (
	"context"
	"errors"
	"math"
	"reflect"
	"testing"
)

// TestBuildContextNoPartialCompaction: a deadline never changes the map
// BuildContext returns, only whether it returns one. A hub of 28 spokes
// draws by negotiation only, and compaction then shrinks it attempt by
// attempt; a deadline that strikes during those attempts must give the
// deadline's error, not the map compacted so far.
func TestBuildContextNoPartialCompaction(t *testing.T) {
	lv := hubLevel(28, 300)
	o := Options{Compact: true}
	if _, err := build(context.Background(), lv, o, spreadTries, pass{}, true); err == nil {
		t.Fatal("the greedy pass drew the hub: the test would not reach negotiation's compaction")
	}
	live := &countdown{Context: context.Background(), n: math.MaxInt}
	want, err := BuildContext(live, lv, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, back := range []int{3, 50, 400} {
		n := live.looks - back
		c := &countdown{Context: context.Background(), n: n}
		m, err := BuildContext(c, lv, o)
		switch {
		case errors.Is(err, context.DeadlineExceeded) && m == nil:
		case err == nil && reflect.DeepEqual(m, want):
		default:
			t.Errorf("deadline at look %d of %d: err %v, map equal to the undisturbed one %v; want the deadline's error and no map, or the same map", n, live.looks, err, err == nil && reflect.DeepEqual(m, want))
		}
	}
}
