package level

import (
	"context"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/planar"
	"github.com/dungraph/dungraph/rulesets"
)

// TestMayPlaceDrawsLoops: nested.toml opens rooms into loops of three
// new rooms joined to two drawn rooms; fitted from its straight pattern
// to a bent match, a loop was drawn twisted (seed 28: corridor 110-111
// crossed 112-113, both of step 36). Layout.MayPlace finds a placement
// of the new rooms without a crossing, or the match is skipped, so no
// first attempt fails on a crossing, and asking about every candidate
// (Options.Exhaustive) gives the same level. twin.toml adds a rule of
// the same pattern and substitute shape drawn elsewhere: a placement
// found for one rule must not be taken for the other's rewrite at the
// same match (seed 3 changed under Exhaustive). leaf.toml hangs a room
// off the loop: it moves and is checked with the loop (seeds 10 and 20
// crossed).
func TestMayPlaceDrawsLoops(t *testing.T) {
	for _, tc := range []struct {
		file  string
		seeds []uint64 // the first few also under Exhaustive
		more  []uint64 // without -short
	}{
		{"testdata/quality/nested.toml", []uint64{28}, seedRange(1, 40, 28)},
		{"testdata/mayplace/twin.toml", []uint64{3}, seedRange(1, 10, 3)},
		{"testdata/mayplace/leaf.toml", []uint64{10, 20}, seedRange(1, 20, 10, 20)},
	} {
		rs, err := rulesets.Loader{}.LoadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		rs.Quality = lifted
		seeds := tc.seeds
		if !testing.Short() {
			seeds = append(slices.Clone(seeds), tc.more...)
		}
		for i, seed := range seeds {
			a, err := GenerateAttempt(context.Background(), rs, seed, 0, Options{})
			if err != nil {
				t.Errorf("%s seed %d: first attempt: %v", tc.file, seed, err)
				continue
			}
			if i >= 10 {
				continue
			}
			// --full-stats asks MayPlace about every candidate of a step
			// before one is drawn: the level is the same.
			b, err := GenerateAttempt(context.Background(), rs, seed, 0, Options{Exhaustive: true})
			if err != nil || !reflect.DeepEqual(a.Graph, b.Graph) || !reflect.DeepEqual(a.Rooms, b.Rooms) {
				t.Errorf("%s seed %d: Exhaustive changed the level (%v)", tc.file, seed, err)
			}
		}
	}
}

// seedRange returns the seeds from lo to hi, skipping those in except.
func seedRange(lo, hi uint64, except ...uint64) []uint64 {
	var out []uint64
	for s := lo; s <= hi; s++ {
		if !slices.Contains(except, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestJunctionsOnlyWhereNonPlanar: under planar = "junction" a rewrite
// that keeps the graph planar is drawn as under "reject", so a level
// gets junction rooms only when the graph without them (each junction's
// two pairs of opposite corridors joined again) is not planar. bypass
// levels are planar but for a few bypasses that join rooms on different
// faces; with every crossing check skipped in junction mode, seed 11 has
// 4 junction rooms and seed 17 one in a planar graph. grid.toml's
// diagonals break planarity, and its levels (seeds 1 and 2) get junction
// rooms without which the graph is not planar.
func TestJunctionsOnlyWhereNonPlanar(t *testing.T) {
	for _, tc := range []struct {
		file      string
		seeds     []uint64
		more      []uint64 // without -short
		junctions bool     // whether each level must have junction rooms
	}{
		{"testdata/nonplanar/bypass.toml", []uint64{11, 17}, seedRange(1, 10), false},
		{"testdata/nonplanar/grid.toml", []uint64{1, 2}, nil, true},
	} {
		rs := loadPlanar(t, tc.file, rulesets.PlanarJunction)
		tag := rs.Role(rulesets.RoleJunction)
		seeds := tc.seeds
		if !testing.Short() {
			seeds = append(slices.Clone(seeds), tc.more...)
		}
		for _, seed := range seeds {
			lv, err := Generate(context.Background(), rs, seed, Options{})
			if err != nil {
				t.Fatalf("%s seed %d: %v", tc.file, seed, err)
			}
			if cs := layout.Check(discs(lv.Graph, lv.Rooms), corridorsOf(lv.Graph)); len(cs) > 0 {
				t.Fatalf("%s seed %d: shipped a level with conflicts: %v", tc.file, seed, cs[0])
			}
			junctions, n, edges := withoutJunctions(t, lv, tag)
			if junctions == 0 {
				if tc.junctions {
					t.Errorf("%s seed %d: no junction rooms", tc.file, seed)
				}
				continue
			}
			ok, err := planar.Planar(n, edges)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				t.Errorf("%s seed %d: %d junction rooms in a level whose graph without them is planar", tc.file, seed, junctions)
			}
		}
	}
}

// withoutJunctions returns how many junction rooms lv has and its
// corridors with each junction room taken out and its opposite
// corridors (by angle about it) joined again.
func withoutJunctions(t *testing.T, lv *Level, tag string) (int, int, []planar.Edge) {
	t.Helper()
	g := lv.Graph
	adj := make([][]int, g.Order())
	for u := range g.Order() {
		for _, h := range g.Neighbors(u) {
			if !h.Cosmetic {
				adj[u] = append(adj[u], h.To)
			}
		}
	}
	junctions := 0
	for j := range g.Order() {
		if g.Vertex(j).Tag != tag {
			continue
		}
		junctions++
		nb := adj[j]
		if len(nb) != 4 {
			t.Fatalf("junction %d has %d corridors, want 4", j, len(nb))
		}
		pj := g.Vertex(j).Pos
		angle := func(v int) float64 { p := g.Vertex(v).Pos; return math.Atan2(p.Y-pj.Y, p.X-pj.X) }
		slices.SortFunc(nb, func(a, b int) int {
			switch x, y := angle(a), angle(b); {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		})
		for _, v := range nb {
			adj[v] = slices.DeleteFunc(adj[v], func(w int) bool { return w == j })
		}
		adj[j] = nil
		for _, p := range [2][2]int{{nb[0], nb[2]}, {nb[1], nb[3]}} {
			adj[p[0]] = append(adj[p[0]], p[1])
			adj[p[1]] = append(adj[p[1]], p[0])
		}
	}
	var edges []planar.Edge
	for u, ws := range adj {
		for _, w := range ws {
			if w > u {
				edges = append(edges, planar.Edge{U: u, V: w})
			}
		}
	}
	return junctions, g.Order(), edges
}
