package gridmap

import (
	"math/rand/v2"
	"testing"
)

// TestNegotiationConflict checks negotiation.conflict against the counts
// it replaces: on random grids holding random, overlapping corridors, a
// cell of corridor k is in conflict exactly when, with k's own cells taken
// out of grid.corrNear1, a corridor cell lies within a cell of it.
func TestNegotiationConflict(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 5))
	for round := range 200 {
		w, h := 3+rng.IntN(12), 3+rng.IntN(12)
		g := newGrid(w, h, 0)
		n := w * h
		neg := &negotiation{claims: make([]uint16, n), claimSum: make([]int32, n)}
		cells := make([][]int, 1+rng.IntN(5))
		for k := range cells {
			seen := map[int]bool{}
			for range rng.IntN(6) {
				i := rng.IntN(n)
				if !seen[i] {
					seen[i] = true
					cells[k] = append(cells[k], i)
				}
			}
			for _, i := range cells[k] {
				g.near(i, 1)
			}
			neg.hold(int32(k), cells[k], 1)
		}
		for k := range cells {
			for _, i := range cells[k] {
				g.near(i, -1)
			}
			for i := range n {
				want := g.corrNear1[i] != 0
				if got := neg.conflict(g, int32(k), i); got != want {
					t.Fatalf("round %d, %d × %d grid, corridor %d of %v, cell %d: conflict = %v, want %v", round, w, h, k, cells, i, got, want)
				}
			}
			for _, i := range cells[k] {
				g.near(i, 1)
			}
		}
	}
}
