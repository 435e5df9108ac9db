package gridmap

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestStateQueueOrder drives the radix queue with random searches'
// worth of pushes and pops, each push at or above the f last popped (as
// A* with a consistent heuristic pushes), and checks every pop against a
// brute-force reference: the least f, first pushed among equals.
func TestStateQueueOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 3))
	var q stateQueue
	type ref struct {
		f   int32
		seq int
		s   int32
	}
	for round := range 300 {
		q.reset()
		var pending []ref
		seq := 0
		last := int32(0)
		// Some rounds use small steps (many ties, as in greedy routing),
		// some huge ones (congestion costs while negotiating).
		spread := int32(1 + rng.IntN(30))
		if round%3 == 0 {
			spread = 1 << 20
		}
		push := func() {
			f := last + rng.Int32N(spread)
			seq++
			s := int32(seq)
			q.push(f, s)
			pending = append(pending, ref{f, seq, s})
		}
		for range 1 + rng.IntN(8) {
			push()
		}
		for steps := 0; len(pending) > 0 || steps < 50; steps++ {
			if len(pending) == 0 || rng.IntN(3) > 0 && steps < 400 {
				push()
				continue
			}
			least := slices.MinFunc(pending, func(a, b ref) int { return cmp.Or(cmp.Compare(a.f, b.f), cmp.Compare(a.seq, b.seq)) })
			i := slices.Index(pending, least)
			want := pending[i]
			pending = slices.Delete(pending, i, i+1)
			got, ok := q.pop()
			if !ok || got.f != want.f || got.s != want.s {
				t.Fatalf("round %d: pop = (%d, %d, %v), want (%d, %d) pushed %d-th", round, got.f, got.s, ok, want.f, want.s, want.seq)
			}
			last = got.f
		}
		if it, ok := q.pop(); ok {
			t.Fatalf("round %d: pop from an empty queue = %v", round, it)
		}
	}
}
