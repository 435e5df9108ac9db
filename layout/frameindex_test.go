package layout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// checkerFrame is the reference for buildFrame's local vertices: the
// active vertices, their neighbours, and the conflicts the exact Checker
// finds between the active vertices' discs inflated by the frame and every
// other vertex as a point and every corridor.
func checkerFrame(d *drawing) []int32 {
	n := len(d.Pos)
	in := make([]bool, n)
	var out []int32
	mark := func(v int) {
		if !in[v] {
			in[v] = true
			out = append(out, int32(v))
		}
	}
	var discs []Disc
	var corrs []Corridor
	for v := range n {
		r := 0.0
		if d.isActive[v] {
			r = float64(d.extent + d.Radius[v])
			mark(v)
			for _, h := range d.g.Neighbors(v) {
				mark(h.To)
			}
		}
		discs = append(discs, Disc{ID: v, Center: d.Pos[v], Radius: r})
		for _, h := range d.g.Neighbors(v) {
			if h.To > v && !h.Cosmetic {
				corrs = append(corrs, Corridor{A: v, B: h.To})
			}
		}
	}
	for _, p := range Check(discs, corrs) {
		switch p.Kind {
		case RoomRoom:
			if d.isActive[p.Room] || d.isActive[p.Room2] {
				mark(p.Room)
				mark(p.Room2)
			}
		case RoomCorridor:
			if d.isActive[p.Room] {
				mark(p.Room)
				mark(p.Corridor.A)
				mark(p.Corridor.B)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestFrameIndex checks the frames found through the index against the
// Checker on random drawings as they move, grow and lose and gain edges,
// local phases alternating with phases of the whole drawing.
func TestFrameIndex(t *testing.T) {
	for seed := range uint64(12) {
		rng := rand.New(rand.NewPCG(seed, 9))
		g := new(grammar.Graph)
		add := func() int {
			return g.AddVertex(grammar.Vertex{Tag: "a", Pos: r2.Vec{X: 3000 * rng.Float64(), Y: 3000 * rng.Float64()}})
		}
		link := func(a, b int) {
			if a != b && !g.HasEdge(a, b) {
				if err := g.AddEdge(grammar.Edge{A: a, B: b, Cosmetic: rng.IntN(8) == 0}); err != nil {
					t.Fatal(err)
				}
			}
		}
		for v := range 150 {
			add()
			if v > 0 {
				link(v, rng.IntN(v))
			}
		}
		d := newDrawing(g, params.Forces{MaxIterations: 40, Repulsion: 20})
		for round := range 60 {
			// Change the graph: a new vertex, an edge added, an edge
			// removed, as rewrites do; Touch what they matched.
			var touched []int
			if round%3 == 1 {
				v := add()
				u := rng.IntN(v)
				link(v, u)
				a, b := rng.IntN(v), rng.IntN(v)
				link(a, b)
				touched = append(touched, u, a, b)
				if es := g.Edges(); len(es) > 0 {
					e := es[rng.IntN(len(es))]
					g.RemoveEdge(e.A, e.B)
					touched = append(touched, e.A, e.B)
				}
				d.Sync()
				d.Touch(touched)
			}
			var ids []int
			if round%15 != 14 {
				for range 1 + rng.IntN(12) {
					ids = append(ids, rng.IntN(len(d.Pos)))
				}
			}
			d.SetActive(ids) // nil: the whole drawing
			if ids != nil {
				if got, want := d.local, checkerFrame(d); !slices.Equal(got, want) {
					t.Fatalf("seed %d round %d: frame %v, the Checker's %v", seed, round, got, want)
				}
			}
			d.Run()
		}
	}
}
