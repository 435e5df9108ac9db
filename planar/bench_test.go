package planar

import (
	"fmt"
	"testing"
)

// BenchmarkPlanar times the test on planar graphs of 16 to 100,000
// vertices: square grids and their triangulations (every square split by
// a diagonal: 3n − O(√n) edges, near the planar maximum), and on the
// triangulated grid with one square crossed by its second diagonal
// (non-planar; the test must still search most of the graph).
func BenchmarkPlanar(b *testing.B) {
	for _, side := range []int{4, 32, 100, 317} {
		for _, kind := range []string{"grid", "triangulated", "crossed"} {
			n, es := grid(side, side, kind != "grid")
			if kind == "crossed" {
				c := (side/2-1)*side + side/2 - 1 // an inner square
				es = append(es, Edge{c + 1, c + side})
			}
			b.Run(fmt.Sprintf("%s/n=%d", kind, n), func(b *testing.B) {
				var tr Tester
				want := kind != "crossed"
				b.ReportAllocs()
				for b.Loop() {
					if valid(tr.Planar(n, es)) != want {
						b.Fatal("wrong answer")
					}
				}
			})
		}
	}
}
