package layout

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
)

// hubRing returns a room 0 at the origin with a spoke every 45° (the
// first along +x) whose kinds are given in counter-clockwise order: 'N' a
// leaf of length factor 0.5, 'A' a leaf of factor 1, 'L' a spoke of
// factor 3 with a room beyond it (not a leaf). Every room is 170 × 170
// (radius 120) and each spoke is drawn at its factor's edge length.
func hubRing(kinds string, spread float64) (*grammar.Graph, []Room) {
	g := &grammar.Graph{}
	g.AddVertex(grammar.Vertex{Tag: "hub"})
	for i, k := range kinds {
		a := float64(i) * 2 * math.Pi / float64(len(kinds))
		dir := r2.Vec{X: math.Cos(a), Y: math.Sin(a)}
		f := map[rune]float64{'N': 0.5, 'A': 1, 'L': 3}[k]
		u := g.AddVertex(grammar.Vertex{Tag: string(k), Pos: r2.Scale(spread*f, dir)})
		g.AddEdge(grammar.Edge{A: 0, B: u, LengthFactor: f})
		if k == 'L' {
			w := g.AddVertex(grammar.Vertex{Tag: "beyond", Pos: r2.Scale(spread*(f+1), dir)})
			g.AddEdge(grammar.Edge{A: u, B: w})
		}
	}
	rooms := make([]Room, g.Order())
	for v := range rooms {
		rooms[v] = Room{W: 170, H: 170, Radius: 120}
	}
	return g, rooms
}

// kindsAround returns the tags of room 0's neighbours in counter-clockwise
// order from +x, for positions pos.
func kindsAround(g *grammar.Graph, pos []r2.Vec) string {
	var nb []int
	for _, h := range g.Neighbors(0) {
		nb = append(nb, h.To)
	}
	slices.SortFunc(nb, func(a, b int) int {
		switch {
		case geom.AngleLess(pos[a], pos[b]):
			return -1
		case geom.AngleLess(pos[b], pos[a]):
			return 1
		}
		return 0
	})
	var s string
	for _, u := range nb {
		s += g.Vertex(u).Tag
	}
	return s
}

// TestArrangeLeavesSeparatesShortSpokes: around a crowded room whose
// short leaves (factor 0.5) sit side by side, arrangeLeaves spreads them
// between the longer spokes, moves only leaves, keeps every leaf on a ray
// a leaf had, at its own factor's share of that ray's length, and leaves
// the drawing without crossings; an uncrowded ring is left alone.
func TestArrangeLeavesSeparatesShortSpokes(t *testing.T) {
	g, rooms := hubRing("LNNNAALA", 10)
	pos := make([]r2.Vec, g.Order())
	for v := range pos {
		pos[v] = g.Vertex(v).Pos
	}
	before := slices.Clone(pos)
	if n := arrangeLeaves(context.Background(), g, pos, rooms, 50); n != 1 {
		t.Fatalf("arrangeLeaves rearranged %d rooms, want 1", n)
	}
	got := kindsAround(g, pos)
	for i := range got {
		if got[i] == 'N' && got[(i+1)%len(got)] == 'N' {
			t.Errorf("short leaves side by side after arranging: %s (from %s)", got, kindsAround(g, before))
		}
	}
	rays := map[r2.Vec]bool{}
	for _, h := range g.Neighbors(0) {
		if g.Vertex(h.To).Tag != "L" {
			rays[r2.Unit(before[h.To])] = true
		}
	}
	for v := range pos {
		tag := g.Vertex(v).Tag
		switch {
		case tag == "N" || tag == "A":
			h, _ := g.Edge(0, v)
			if l := norm(pos[v]); math.Abs(l-10*h.LengthFactor) > 1e-9 {
				t.Errorf("leaf %d (%s) at %.3f from the hub, want its own length %.1f", v, tag, l, 10*h.LengthFactor)
			}
			found := false
			for d := range rays {
				if norm(r2.Sub(r2.Unit(pos[v]), d)) < 1e-12 {
					found = true
				}
			}
			if !found {
				t.Errorf("leaf %d moved off every leaf's ray: %v", v, pos[v])
			}
		case pos[v] != before[v]:
			t.Errorf("vertex %d (%s) is not a leaf of the hub but moved", v, tag)
		}
	}
	var c Checker
	discs := make([]Disc, len(pos))
	for v, p := range pos {
		discs[v] = Disc{ID: v, Center: p}
	}
	var corrs []Corridor
	for _, e := range g.Edges() {
		corrs = append(corrs, Corridor{A: e.A, B: e.B})
	}
	if cs := c.Check(discs, corrs); len(cs) > 0 {
		t.Errorf("arranged drawing has conflicts: %v", cs)
	}

	// The same ring drawn wide enough for every room at its target: no
	// room is crowded, nothing moves.
	g, rooms = hubRing("LNNNAALA", 10)
	for v := range rooms {
		rooms[v] = Room{W: 14, H: 14, Radius: 10}
	}
	for v := range pos {
		pos[v] = g.Vertex(v).Pos
	}
	if n := arrangeLeaves(context.Background(), g, pos, rooms, 50); n != 0 {
		t.Errorf("an uncrowded ring: rearranged %d rooms, want 0", n)
	}
}

// TestRingYieldShortLoses: in the model of a jammed ring, two short
// spokes side by side cost one of them a room's width (doubled by its
// factor 0.5), while a short spoke beside long ones costs the long ones,
// whose stretch counts a third.
func TestRingYieldShortLoses(t *testing.T) {
	mk := func(fs ...float64) ([]spoke, []wedge) {
		var ring []spoke
		var gaps []wedge
		for i, f := range fs {
			a := float64(i) * 2 * math.Pi / float64(len(fs))
			ring = append(ring, spoke{v: i, r: 100, w: 141, h: 141, f: f, t: corridorTarget(50, 100, 100, f), dir: r2.Vec{X: math.Cos(a), Y: math.Sin(a)}})
		}
		w := 2 * math.Pi / float64(len(fs))
		for _, s := range ring {
			gaps = append(gaps, wedge{angle: w, sin: math.Sin(w), cos: math.Cos(w), dir: s.dir})
		}
		return ring, gaps
	}
	side, gs := mk(0.5, 0.5, 3, 3, 3, 3, 3, 3)
	apart, ga := mk(0.5, 3, 3, 3, 0.5, 3, 3, 3)
	s, a := ringYield(side, gs, 10), ringYield(apart, ga, 10)
	if !(a < s) {
		t.Errorf("stretch with the short spokes side by side %.1f, apart %.1f: want apart smaller", s, a)
	}
}

// BenchmarkArrangeLeaves: one crowded room of twelve spokes, seven or
// nine of them leaves.
func BenchmarkArrangeLeaves(b *testing.B) {
	for _, kinds := range []string{"LNNNAALNALLL", "LNNNAALNANAL"} {
		g, rooms := hubRing(kinds, 10)
		pos := make([]r2.Vec, g.Order())
		b.Run(kinds, func(b *testing.B) {
			for range b.N {
				for v := range pos {
					pos[v] = g.Vertex(v).Pos
				}
				if arrangeLeaves(context.Background(), g, pos, rooms, 50) != 1 {
					b.Fatal("ring not rearranged")
				}
			}
		})
	}
}

// A room with more leaves than maxArrangedLeaves keeps its order (a ring
// of 128 leaves took 39 s to descend), the same ring at the cap is
// arranged, and a done context stops the pass before any room.
func TestArrangeLeavesBounded(t *testing.T) {
	arranged := func(ctx context.Context, kinds string) int {
		g, rooms := hubRing(kinds, 300)
		pos := make([]r2.Vec, g.Order())
		for v := range pos {
			pos[v] = g.Vertex(v).Pos
		}
		return arrangeLeaves(ctx, g, pos, rooms, 50)
	}
	half := maxArrangedLeaves / 2
	atCap := strings.Repeat("N", half) + strings.Repeat("A", half)
	if n := arranged(context.Background(), atCap); n != 1 {
		t.Errorf("a room of %d leaves: %d rooms rearranged, want 1", maxArrangedLeaves, n)
	}
	if n := arranged(context.Background(), atCap+"A"); n != 0 {
		t.Errorf("a room of %d leaves: %d rooms rearranged, want 0", maxArrangedLeaves+1, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n := arranged(ctx, atCap); n != 0 {
		t.Errorf("with the context done: %d rooms rearranged, want 0", n)
	}
}

// hubLattice returns side × side crowded rooms on a square lattice, each
// joined to its right and upper neighbours and to eight leaves between
// them whose length factors are 0.5, 1 and 3 in turn (so arrangeLeaves
// lengthens some), with every room 170 × 170: 9 × side² rooms.
func hubLattice(side int) (*grammar.Graph, []Room) {
	g := &grammar.Graph{}
	for y := range side {
		for x := range side {
			g.AddVertex(grammar.Vertex{Tag: "hub", Pos: r2.Vec{X: float64(100 * x), Y: float64(100 * y)}})
		}
	}
	for y := range side {
		for x := range side {
			h := y*side + x
			if x+1 < side {
				g.AddEdge(grammar.Edge{A: h, B: h + 1})
			}
			if y+1 < side {
				g.AddEdge(grammar.Edge{A: h, B: h + side})
			}
			for k := range 8 {
				a := (float64(k) + 0.5) * math.Pi / 4
				f := []float64{0.5, 0.5, 1, 0.5, 3, 1, 0.5, 3}[(k+h)%8]
				p := r2.Add(g.Vertex(h).Pos, r2.Scale(10*f, r2.Vec{X: math.Cos(a), Y: math.Sin(a)}))
				u := g.AddVertex(grammar.Vertex{Tag: "leaf", Pos: p})
				g.AddEdge(grammar.Edge{A: h, B: u, LengthFactor: f})
			}
		}
	}
	rooms := make([]Room, g.Order())
	for v := range rooms {
		rooms[v] = Room{W: 170, H: 170, Radius: 120}
	}
	return g, rooms
}

// BenchmarkArrangeLeavesLattice: arrangeLeaves on a level of 10,404
// rooms (hubLattice(34)), where the rooms' leaves are lengthened only
// where the lengthened corridor crosses nothing.
func BenchmarkArrangeLeavesLattice(b *testing.B) {
	g, rooms := hubLattice(34)
	pos := make([]r2.Vec, g.Order())
	for range b.N {
		for v := range pos {
			pos[v] = g.Vertex(v).Pos
		}
		if arrangeLeaves(context.Background(), g, pos, rooms, 50) == 0 {
			b.Fatal("no room rearranged")
		}
	}
}

// TestCorridorGridCrosses checks corridorGrid.crosses against crossesAny
// on random crossing-free drawings: short and long segments from random
// vertices, segments that end at a vertex, and again after leaves move
// (filed again with moved), as arrangeLeaves moves them between queries.
func TestCorridorGridCrosses(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 16))
	crossed, clear := 0, 0
	for c := range 60 {
		g := planarDrawing(rng, 10+rng.IntN(50), 1)
		pos := make([]r2.Vec, g.Order())
		for v := range pos {
			pos[v] = g.Vertex(v).Pos
		}
		var leaves []int
		for v := range pos {
			if len(g.Neighbors(v)) == 1 {
				leaves = append(leaves, v)
			}
		}
		var cg corridorGrid
		for k := range 400 {
			if k%20 == 19 && len(leaves) > 0 {
				u := leaves[rng.IntN(len(leaves))]
				pos[u] = r2.Vec{X: rng.Float64()*2400 - 200, Y: rng.Float64()*2400 - 200}
				cg.moved(pos, u)
			}
			v := rng.IntN(len(pos))
			reach := []float64{50, 300, 3000, 1e6}[rng.IntN(4)]
			q := r2.Add(pos[v], r2.Vec{X: (rng.Float64()*2 - 1) * reach, Y: (rng.Float64()*2 - 1) * reach})
			if k%5 == 4 {
				// To another vertex: the segment touches its corridors.
				q = pos[rng.IntN(len(pos))]
			}
			want := crossesAny(g, pos, v, q)
			if got := cg.crosses(g, pos, v, q); got != want {
				t.Fatalf("case %d, query %d: segment from %d to %v: the grid says crosses %v, every corridor %v", c, k, v, q, got, want)
			}
			if want {
				crossed++
			} else {
				clear++
			}
		}
	}
	if crossed == 0 || clear == 0 {
		t.Fatalf("queries crossing %d, clear %d: want both", crossed, clear)
	}
	t.Logf("%d queries crossing, %d clear", crossed, clear)
}

// BenchmarkCorridorQuery: one lengthened-leaf query on the drawing of
// hubLattice(34) (10,404 rooms), by every corridor (crossesAny) and
// through corridorGrid.
func BenchmarkCorridorQuery(b *testing.B) {
	g, _ := hubLattice(34)
	pos := make([]r2.Vec, g.Order())
	for v := range pos {
		pos[v] = g.Vertex(v).Pos
	}
	hub := 17*34 + 17
	leaf := g.Neighbors(hub)[len(g.Neighbors(hub))-1].To
	q := r2.Add(pos[hub], r2.Scale(3, r2.Sub(pos[leaf], pos[hub])))
	b.Run("every", func(b *testing.B) {
		for range b.N {
			crossesAny(g, pos, hub, q)
		}
	})
	b.Run("grid", func(b *testing.B) {
		var cg corridorGrid
		cg.crosses(g, pos, hub, q)
		b.ResetTimer()
		for range b.N {
			cg.crosses(g, pos, hub, q)
		}
	})
}
