package raster

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// BenchmarkRasterise rasterises a random level of 300 rooms and about 400
// corridors, checks included, on both lattices.
func BenchmarkRasterise(b *testing.B) {
	lv := randomLevel(rand.New(rand.NewPCG(42, 1)), 300)
	for _, l := range []Lattice{Square, Hex} {
		b.Run(l.String(), func(b *testing.B) {
			opts := Options{Lattice: l, Cell: 10}
			g, err := Rasterise(lv, opts)
			var ce *CheckError
			if errors.As(err, &ce) {
				opts.Cell = ce.Suggestion
				g, err = Rasterise(lv, opts)
			}
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Rasterise(lv, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(g.Width*g.Height), "tiles")
			b.ReportMetric(opts.Cell, "cell")
		})
	}
}
