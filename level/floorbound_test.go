package level

import (
	"context"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/layout"
)

// pairSlack is how far the discs of rooms a and b reach past their
// rectangles along the unit vector u, together: the shortest visible
// corridor between them in that direction that the disc check allows
// (discs touching).
func pairSlack(a, b layout.Room, u r2.Vec) float64 {
	return discSlack(a, u.X, u.Y, 1) + discSlack(b, u.X, u.Y, 1)
}

// withinLimits reports whether visible corridor lengths lens (already
// divided by their factors) with median room extent ext keep the default
// stretch, tail and worst limits, by geometry.py's median and p99.
func withinLimits(lens []float64, ext float64) bool {
	l := slices.Sorted(slices.Values(lens))
	n := len(l)
	med, p99 := l[n/2], l[min(n-1, int(math.Ceil(0.99*float64(n)))-1)]
	return med/ext <= 3 && p99/max(med, 1e-9) <= 5 && l[n-1]/ext <= 12
}

// TestShortCorridorFloor measures what bounds a corridor of length factor
// below 1 (testdata/probe/tinyfactor.toml: one of factor 0.05): the disc
// check, not the relax pass's clearance; and, for nestedhalves.toml
// (factors down to 1/256), what bounds it besides. Rooms whose discs may not touch
// show at least their discs' slack along the corridor between their
// rectangles, which this checks on every such corridor; the test logs how
// many first attempts would keep the limits were each such corridor
// shortened, the rest of the level as drawn, to its discs touching along
// its direction (the most a rectangle-aware clearance of joined rooms
// gains while the check sees discs), to the relax pass's keep along the
// direction of least slack, to touching along it, and to what its factor
// asks, f × (gap + slack). NOTES.md "Geometry", *Below 1*, has the numbers
// (go test ./level -run TestShortCorridorFloor -v).
func TestShortCorridorFloor(t *testing.T) {
	if testing.Short() {
		t.Skip("50 levels")
	}
	for _, tc := range []struct {
		probe string
		seeds int
	}{{"tinyfactor", 200}, {"nestedhalves", 20}} {
		t.Run(tc.probe, func(t *testing.T) { shortCorridorFloor(t, tc.probe, tc.seeds) })
	}
}

func shortCorridorFloor(t *testing.T, probe string, seeds int) {
	rs := loadProbe(t, probe)
	rs.Quality = lifted
	gap := rs.Rooms.Gap()
	keep := max(2, gap/5)
	names := []string{"as drawn", "discs touching", "least slack, keep", "least slack, touching", "as asked"}
	pass := make([]int, len(names))
	for s := range seeds {
		lv, err := GenerateAttempt(context.Background(), rs, uint64(s+1), 0, Options{})
		if err != nil {
			t.Fatalf("seed %d: %v", s+1, err)
		}
		g := lv.Graph
		var exts []float64
		for v := range g.Order() {
			if !g.Vertex(v).Cosmetic {
				exts = append(exts, max(lv.Rooms[v].W, lv.Rooms[v].H))
			}
		}
		slices.Sort(exts)
		lens := make([][]float64, len(names))
		for _, e := range g.Edges() {
			if e.Cosmetic {
				continue
			}
			a, b := lv.Rooms[e.A], lv.Rooms[e.B]
			d := r2.Sub(g.Vertex(e.B).Pos, g.Vertex(e.A).Pos)
			u := r2.Scale(1/r2.Norm(d), d)
			slack := pairSlack(a, b, u)
			vis := max(0, r2.Norm(d)-a.Radius-b.Radius+slack)
			f := e.LengthFactor
			if f == 0 {
				f = 1
			}
			least := math.Inf(1)
			for k := range 720 {
				th := float64(k) * math.Pi / 720
				least = min(least, pairSlack(a, b, r2.Vec{X: math.Cos(th), Y: math.Sin(th)}))
			}
			if f < 1 && vis < slack-1e-9 {
				t.Errorf("seed %d: corridor %d-%d shows %g between its rooms, less than its discs' slack %g", s+1, e.A, e.B, vis, slack)
			}
			for i, short := range []float64{vis, slack, keep + least, least, f * (gap + slack)} {
				if f >= 1 {
					short = vis
				}
				lens[i] = append(lens[i], min(vis, short)/f)
			}
		}
		for i := range names {
			if withinLimits(lens[i], exts[len(exts)/2]) {
				pass[i]++
			}
		}
	}
	for i, name := range names {
		t.Logf("%-22s %2d of %d first attempts within the limits", name, pass[i], seeds)
	}
	if pass[0] > pass[1] || pass[1] > pass[3] {
		t.Errorf("shorter corridors keep fewer levels within the limits: %v", pass)
	}
}
