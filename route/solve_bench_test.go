package route

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSolve times Solve on random connected levels of n rooms (a
// random tree with n/10 extra corridors) whose rooms are each, at random,
// a small key, a small-key lock, a kept key or a kept-key lock with
// probability 1/odds (odds 20 for 40 rooms, 50 for 300): levels larger and
// more locked than the bundled rulesets', solvable or not.
func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{40, 300} {
		rng := rand.New(rand.NewPCG(1, uint64(n)))
		var rooms []room
		for i := range n {
			tag := "p"
			if i > 0 {
				switch r := rng.IntN(map[int]int{40: 20, 300: 50}[n]); r {
				case 0:
					tag = "k"
				case 1:
					tag = "L"
				case 2:
					tag = "j"
				case 3:
					tag = "M"
				}
			}
			rooms = append(rooms, room{tag: tag, x: float64(rng.IntN(10000)), y: float64(rng.IntN(10000))})
		}
		g := build(b, rooms, randomCorridors(rng, n, n/10))
		r, err := Find(routeGraph(g), Roles{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("rooms=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Solve(routeGraph(g), r, lockRoles); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
