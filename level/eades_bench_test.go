package level

import (
	"fmt"
	"math/rand/v2"
	"testing"

	gonumlayout "gonum.org/v1/gonum/graph/layout"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
)

// BenchmarkConstructionVsEades draws the same caves graphs two ways and
// reports time and corridor crossings: dungraph's construction drawing
// (which follows the build, rewrite by rewrite, and includes the build's own
// time) and gonum's layout.EadesR2 run on the finished graph (build not
// timed) for 200 updates with Barnes–Hut repulsion. Both draw the same
// graph: EadesR2's is the one dungraph's build produced. EadesR2 is a
// baseline only: it draws a graph once and keeps no drawing crossing-free.
func BenchmarkConstructionVsEades(b *testing.B) {
	for _, n := range []int{100, 330, 1000, 3000, 10000} {
		rs := cavesOf(b, n)
		b.Run(fmt.Sprintf("rooms=%d/dungraph", n), func(b *testing.B) {
			crossings := 0
			for i := 0; b.Loop(); i++ {
				g, err := Construct(rs, uint64(i+1))
				if err != nil {
					b.Fatal(err)
				}
				crossings += countCrossings(g)
			}
			b.ReportMetric(float64(crossings)/float64(b.N), "crossings/level")
		})
		b.Run(fmt.Sprintf("rooms=%d/eades", n), func(b *testing.B) {
			crossings := 0
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				g, err := Construct(rs, uint64(i+1))
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				eades := gonumlayout.EadesR2{Updates: 200, Repulsion: 1, Rate: 0.05, Theta: 0.2, Src: rand.NewPCG(uint64(i+1), 1)}
				o := gonumlayout.NewOptimizerR2(g.Undirected(true), eades.Update)
				for o.Update() {
				}
				b.StopTimer()
				for v := range g.Order() {
					g.SetPos(v, o.Coord2(int64(v)))
				}
				crossings += countCrossings(g)
				b.StartTimer()
			}
			b.ReportMetric(float64(crossings)/float64(b.N), "crossings/level")
		})
	}
}

func countCrossings(g *grammar.Graph) int {
	n := 0
	for _, c := range layout.Check(discs(g, nil), corridorsOf(g)) {
		if c.Kind == layout.CorridorCorridor {
			n++
		}
	}
	return n
}
