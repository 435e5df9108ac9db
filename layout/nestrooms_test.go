package layout

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// TestNestRooms checks, on fans drawings, that NestRooms only permutes the
// sizes drawn, that every room inside a triangle is no larger than any room
// inside none, that a room inside more triangles is no larger than one
// inside fewer, and that a build with no hanging room keeps its sizes.
func TestNestRooms(t *testing.T) {
	gr := fanGrammar(t)
	byArea := func(a, b Room) int {
		return cmp.Or(cmp.Compare(a.W*a.H, b.W*b.H), cmp.Compare(a.W, b.W), cmp.Compare(a.H, b.H))
	}
	for seed := uint64(1); seed <= 4; seed++ {
		n := 60
		if seed == 4 {
			n = 3 // the start triangle only: nothing hung
		}
		c := &Constructor{Forces: params.Forces{CrossingFree: true}}
		opts := grammar.Options{MaxIterations: n, MaxVertices: n, MaxValence: 8, RejectCrossings: true, AfterRewrite: c.AfterRewrite}
		res, err := gr.Build(opts, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		g := res.Graph
		rooms, err := AssignRooms(g, params.Rooms{}, nil, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		drawn := slices.Clone(rooms)
		c.NestRooms(g, rooms)
		if seed == 4 {
			if !slices.Equal(rooms, drawn) {
				t.Errorf("a build with no hanging room had its sizes moved")
			}
			continue
		}
		a, b := slices.Clone(rooms), slices.Clone(drawn)
		slices.SortFunc(a, byArea)
		slices.SortFunc(b, byArea)
		if !slices.Equal(a, b) {
			t.Fatalf("seed %d: the sizes are not the ones drawn", seed)
		}
		depth := make([]int, g.Order())
		c.log.enclosures(c.d.Pos, func(inside []int32) {
			for _, x := range inside {
				depth[x]++
			}
		})
		moved := 0
		for v := range rooms {
			if rooms[v] != drawn[v] {
				moved++
			}
			for u := range rooms {
				if depth[v] > depth[u] && rooms[v].W*rooms[v].H > rooms[u].W*rooms[u].H {
					t.Fatalf("seed %d: room %d inside %d triangles is %v, room %d inside %d is %v", seed, v, depth[v], rooms[v], u, depth[u], rooms[u])
				}
			}
		}
		if moved == 0 {
			t.Errorf("seed %d: no size moved", seed)
		}
	}
}
