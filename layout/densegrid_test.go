package layout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
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

// latticeDrawing returns a construction drawing of side² rooms spread as
// a settled one is: each room one edge length (100) from its lattice
// neighbours, moved by up to a third of that, joined by a random spanning
// tree of lattice corridors and one extra corridor in ten.
func latticeDrawing(side int) *drawing {
	rng := rand.New(rand.NewPCG(4, 4))
	g := grammar.NewGraph()
	at := func(x, y int) int { return y*side + x }
	for y := range side {
		for x := range side {
			p := r2.Vec{X: float64(100*x) + (rng.Float64()-0.5)*66, Y: float64(100*y) + (rng.Float64()-0.5)*66}
			if x == 0 && y == 0 {
				g.SetPos(0, p)
				continue
			}
			g.AddVertex(grammar.Vertex{Tag: "c", Pos: p})
		}
	}
	// A random spanning tree: each room after the first joins a lattice
	// neighbour already joined, in a random order of growth.
	joined := make([]bool, side*side)
	joined[0] = true
	front := []int{0}
	for len(front) > 0 {
		i := rng.IntN(len(front))
		v := front[i]
		x, y := v%side, v/side
		var free []int
		for _, n := range [][2]int{{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}} {
			if n[0] >= 0 && n[0] < side && n[1] >= 0 && n[1] < side && !joined[at(n[0], n[1])] {
				free = append(free, at(n[0], n[1]))
			}
		}
		if len(free) == 0 {
			front[i] = front[len(front)-1]
			front = front[:len(front)-1]
			continue
		}
		u := free[rng.IntN(len(free))]
		joined[u] = true
		g.AddEdge(grammar.Edge{A: v, B: u})
		front = append(front, u)
	}
	for v := range side * side {
		if x := v % side; x+1 < side && rng.IntN(10) == 0 && !g.HasEdge(v, v+1) {
			g.AddEdge(grammar.Edge{A: v, B: v + 1})
		}
	}
	return newDrawing(g, params.Forces{})
}

// The force loop gives the same forces to the bit through the dense grid
// as through the hash grid, on a drawing the dense grid is built for.
func TestDenseForcesMatchHash(t *testing.T) {
	d := latticeDrawing(40)
	if !d.dgrid.build(d.reach(), d.local, d.Pos) {
		t.Fatal("the dense grid declined the lattice drawing")
	}
	d.computeForces()
	dense := slices.Clone(d.force)
	d.hashOnly = true
	d.computeForces()
	for v, f := range d.force {
		if f != dense[v] {
			t.Fatalf("vertex %d: force %v through the hash grid, %v through the dense grid", v, f, dense[v])
		}
	}
}

// BenchmarkForces: one computation of the forces with every vertex free
// on latticeDrawing(100) (10,000 rooms), through the dense grid and
// through the hash grid.
func BenchmarkForces(b *testing.B) {
	for _, grid := range []string{"dense", "hash"} {
		b.Run(grid, func(b *testing.B) {
			d := latticeDrawing(100)
			d.hashOnly = grid == "hash"
			d.computeForces()
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				d.computeForces()
			}
		})
	}
}
