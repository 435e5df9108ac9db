package planar

import (
	"math/rand/v2"
	"testing"
)

// randomGraph draws a graph on n vertices with m distinct edges.
func randomGraph(rng *rand.Rand, n, m int) []Edge {
	var all []Edge
	for u := range n {
		for v := u + 1; v < n; v++ {
			all = append(all, Edge{u, v})
		}
	}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:min(m, len(all))]
}

func complete(n int) []Edge {
	var es []Edge
	for u := range n {
		for v := u + 1; v < n; v++ {
			es = append(es, Edge{u, v})
		}
	}
	return es
}

func completeBipartite(a, b int) []Edge {
	var es []Edge
	for u := range a {
		for v := range b {
			es = append(es, Edge{u, a + v})
		}
	}
	return es
}

// subdivide replaces every edge by a path through a new vertex.
func subdivide(n int, es []Edge) (int, []Edge) {
	var out []Edge
	for _, e := range es {
		out = append(out, Edge{e.U, n}, Edge{n, e.V})
		n++
	}
	return n, out
}

// grid is the w × h grid graph; with diagonals, each square also gets the
// diagonal from its lower left corner (a planar triangulation of the grid).
func grid(w, h int, diagonals bool) (int, []Edge) {
	id := func(x, y int) int { return y*w + x }
	var es []Edge
	for y := range h {
		for x := range w {
			if x+1 < w {
				es = append(es, Edge{id(x, y), id(x+1, y)})
			}
			if y+1 < h {
				es = append(es, Edge{id(x, y), id(x, y+1)})
			}
			if diagonals && x+1 < w && y+1 < h {
				es = append(es, Edge{id(x, y), id(x+1, y+1)})
			}
		}
	}
	return w * h, es
}

func TestKnownGraphs(t *testing.T) {
	k5n, k5s := subdivide(5, complete(5))
	k33n, k33s := subdivide(6, completeBipartite(3, 3))
	gn, ge := grid(30, 30, true)
	// A grid with both diagonals of one inner square is not planar.
	xn, xe := grid(5, 5, false)
	xe = append(xe, Edge{6, 12}, Edge{7, 11})
	// Petersen graph: non-planar, with no K5 or K3,3 subgraph.
	var pet []Edge
	for i := range 5 {
		pet = append(pet, Edge{i, (i + 1) % 5}, Edge{i, i + 5}, Edge{5 + i, 5 + (i+2)%5})
	}
	tests := []struct {
		name   string
		n      int
		edges  []Edge
		planar bool
	}{
		{"empty", 0, nil, true},
		{"single vertex", 1, nil, true},
		{"isolated vertices", 7, nil, true},
		{"K4", 4, complete(4), true},
		{"K5", 5, complete(5), false},
		{"K5 minus an edge", 5, complete(5)[1:], true},
		{"K3,3", 6, completeBipartite(3, 3), false},
		{"K3,3 minus an edge", 6, completeBipartite(3, 3)[1:], true},
		{"K2,7", 9, completeBipartite(2, 7), true},
		{"subdivided K5", k5n, k5s, false},
		{"subdivided K3,3", k33n, k33s, false},
		{"K6", 6, complete(6), false},
		{"Petersen", 10, pet, false},
		{"triangulated 30x30 grid", gn, ge, true},
		{"5x5 grid with a crossed square", xn, xe, false},
		{"self-loops and repeats", 4, append(complete(4), Edge{0, 0}, Edge{1, 0}, Edge{2, 3}), true},
		{"two K5s apart", 10, append(complete(5), shift(complete(5), 5)...), false},
		{"K4 and K3,3 minus an edge apart", 10, append(complete(4), shift(completeBipartite(3, 3)[1:], 4)...), true},
	}
	var tr Tester
	for _, tc := range tests {
		if got := valid(Planar(tc.n, tc.edges)); got != tc.planar {
			t.Errorf("%s: Planar = %v, want %v", tc.name, got, tc.planar)
		}
		// The same Tester, reused, agrees.
		if got := valid(tr.Planar(tc.n, tc.edges)); got != tc.planar {
			t.Errorf("%s: reused Tester.Planar = %v, want %v", tc.name, got, tc.planar)
		}
	}
}

func shift(es []Edge, d int) []Edge {
	out := make([]Edge, len(es))
	for i, e := range es {
		out[i] = Edge{e.U + d, e.V + d}
	}
	return out
}

// TestAgainstMinors compares the test with the brute-force minor search
// on random graphs of up to 8 vertices, with edge counts around the
// planarity threshold, each in two edge orders.
func TestAgainstMinors(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 16))
	var tr Tester
	count := [2]int{}
	for i := range 3000 {
		n := 5 + rng.IntN(4)
		m := n + rng.IntN(2*n-3)
		es := randomGraph(rng, n, m)
		want := minorPlanar(n, es)
		count[b2i(want)]++
		if got := valid(tr.Planar(n, es)); got != want {
			t.Fatalf("graph %d (n=%d): Planar = %v, brute force %v; edges %v", i, n, got, want, es)
		}
		rev := make([]Edge, len(es))
		for j, e := range es {
			rev[len(es)-1-j] = Edge{e.V, e.U}
		}
		if got := valid(tr.Planar(n, rev)); got != want {
			t.Fatalf("graph %d reversed: Planar = %v, brute force %v; edges %v", i, got, want, rev)
		}
	}
	// Both answers must be well represented for the test to mean much.
	if count[0] < 500 || count[1] < 500 {
		t.Fatalf("unbalanced sample: %d non-planar, %d planar", count[0], count[1])
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestDeepGraphs runs graphs whose depth-first trees are 100,000 deep: a
// recursive test would need that many stack frames.
func TestDeepGraphs(t *testing.T) {
	const n = 100_000
	var path []Edge
	for v := range n - 1 {
		path = append(path, Edge{v, v + 1})
	}
	if !valid(Planar(n, path)) {
		t.Fatal("a path is planar")
	}
	cycle := append(path, Edge{n - 1, 0})
	// A wheel: the cycle plus a hub joined to every vertex, and a K5 hung
	// off the far end of a second path.
	wheel := append(cycle, Edge{})
	wheel = wheel[:len(cycle)]
	for v := range n {
		wheel = append(wheel, Edge{n, v})
	}
	if !valid(Planar(n+1, wheel)) {
		t.Fatal("a wheel is planar")
	}
	withK5 := append(path, shift(complete(5), n-5)...)
	if valid(Planar(n, withK5)) {
		t.Fatal("a path ending in a K5 is not planar")
	}
}

// valid returns the answer of a Planar call whose edges name vertices of
// the graph, as every test graph's do; an error there is a broken test.
func valid(ok bool, err error) bool {
	if err != nil {
		panic(err)
	}
	return ok
}

// TestOutOfRange: an edge naming a vertex outside 0..n-1 is an error, not
// a panic.
func TestOutOfRange(t *testing.T) {
	var tr Tester
	for _, es := range [][]Edge{{{0, 3}}, {{-1, 0}}, {{0, 1}, {2, 1}}} {
		if ok, err := tr.Planar(2, es); ok || err == nil {
			t.Errorf("Planar(2, %v) = %v, %v; want an error", es, ok, err)
		}
	}
}
