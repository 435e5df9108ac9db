package layout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"
)

// The dense grid finds the same points as the hash grid, in the same
// order (so forces summed over them are the same to the bit), and declines
// boxes with many more cells than points: random clustered and spread
// point sets, queries at the points and beside them.
func TestDenseGridMatchesHashGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	built, declined := 0, 0
	for c := range 300 {
		n := 1 + rng.IntN(300)
		size := []float64{1, 37.5, 0.01}[c%3]
		spread := []float64{1, 5, 30, 1e4}[rng.IntN(4)] * size
		pos := make([]r2.Vec, n+5)
		ids := make([]int32, 0, n)
		for i := range n {
			pos[i+5] = r2.Vec{X: (rng.Float64() - 0.5) * spread, Y: (rng.Float64() - 0.5) * spread}
			if rng.IntN(8) == 0 && i > 0 {
				pos[i+5] = pos[i+4] // coincident points keep their order
			}
			ids = append(ids, int32(i+5))
		}
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		var h hashGrid
		h.reset(size)
		for _, v := range ids {
			h.add(v, pos[v])
		}
		var g denseGrid
		if !g.build(size, ids, pos) {
			declined++
			continue
		}
		built++
		for q := range 40 {
			p := pos[ids[q%len(ids)]]
			if q%2 == 1 {
				p = r2.Add(p, r2.Vec{X: (rng.Float64() - 0.5) * 3 * size, Y: (rng.Float64() - 0.5) * 3 * size})
			}
			var want, got []int32
			h.near(p, func(id int32) { want = append(want, id) })
			for _, cell := range g.around(p) {
				got = append(got, cell...)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("case %d query %v: dense %v, hash %v", c, p, got, want)
			}
		}
	}
	if built == 0 || declined == 0 {
		t.Fatalf("built %d, declined %d: both kinds of point set must occur", built, declined)
	}
}
