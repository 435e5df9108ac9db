package gridmap

import (
	"math"
	"testing"

	"github.com/dungraph/dungraph/params"
)

// TestSaturate checks the cap on search costs: values below costMax pass,
// the dearest step the router can take added to a capped cost stays below
// 2^31, and a search's worth of such steps, which would wrap an int32
// unchecked, pushes f values the radix heap pops in order and never below
// the one popped before.
func TestSaturate(t *testing.T) {
	for _, c := range []struct{ in, want int32 }{
		{0, 0},
		{costMax - 1, costMax - 1},
		{costMax, costMax},
		{costMax + 1, costMax},
		{math.MaxInt32, costMax},
	} {
		if got := saturate(c.in); got != c.want {
			t.Errorf("saturate(%d) = %d, want %d", c.in, got, c.want)
		}
	}
	w := int64(params.MaxCorridorWidth)
	step := costStep + costBend + costBesideRoom + costBesideCorr + w*w*(historyStep*negotiateRounds+presentMax*9) + guideCost<<20
	const hMax = costStep << 24 // the heuristic on a grid 2^24 cells across
	if sum := int64(costMax) + step + hMax; sum > math.MaxInt32 {
		t.Fatalf("costMax %d + the dearest step %d + h %d = %d: past 2^31", costMax, step, hMax, sum)
	}
	// A straight corridor of the dearest steps towards its target.
	var q stateQueue
	const n = 300
	raw, c := int64(0), int32(0)
	h := int32(costStep * n)
	q.push(saturate(c+h), 0)
	last := int32(-1)
	for i := int32(1); i <= n; i++ {
		it, ok := q.pop()
		if !ok || it.s != i-1 || it.f < last {
			t.Fatalf("step %d: pop = (%d, %d, %v), want state %d at f ≥ %d", i, it.f, it.s, ok, i-1, last)
		}
		last = it.f
		raw += step
		c = saturate(c + int32(step))
		h -= costStep
		q.push(saturate(c+h), i)
	}
	if raw <= math.MaxInt32 {
		t.Fatalf("%d dearest steps cost %d: not past 2^31, the test checks nothing", n, raw)
	}
	if c != costMax {
		t.Errorf("cost after %d dearest steps = %d, want costMax %d", n, c, costMax)
	}
}
