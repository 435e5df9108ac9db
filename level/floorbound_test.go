package level

import (
	"context"
	"maps"
	"math"
	"slices"
	"strings"
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

// lengthMiss names the default stretch, tail and worst limits that
// visible corridor lengths lens (already divided by their factors) with
// median room extent ext miss, "" for none, by layout.MeasureGeometry's
// median and p99 (shortCorridorFloor checks the two agree on the level as
// drawn), and returns the tail.
func lengthMiss(lens []float64, ext float64) (miss string, tail float64) {
	l := slices.Sorted(slices.Values(lens))
	n := len(l)
	med, p99 := l[n/2], l[min(n-1, int(math.Ceil(0.99*float64(n)))-1)]
	lim := layout.DefaultLimits()
	tail = p99 / max(med, 1e-9)
	if med/ext > lim.MaxStretch {
		miss += " stretch"
	}
	if tail > lim.MaxTail {
		miss += " tail"
	}
	if l[n-1]/ext > lim.MaxWorst {
		miss += " worst"
	}
	return strings.TrimSpace(miss), tail
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
		t.Skip("220 levels")
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
	keep := max(2, gap/5) // layout's relaxKeep(gap)
	names := []string{"as drawn", "discs touching", "least slack, keep", "least slack, touching", "as asked"}
	pass := make([]int, len(names))
	asked := map[string]int{} // what the levels shortened as asked miss
	var askedTails []float64
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
		if !slices.EqualFunc(lens[0], layout.VisibleLengths(g, lv.Rooms), func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, b) }) {
			t.Fatalf("seed %d: the visible lengths measured here differ from layout.VisibleLengths", s+1)
		}
		geo := layout.MeasureGeometry(g, lv.Rooms)
		geo.Density = 1
		if miss, _ := lengthMiss(lens[0], exts[len(exts)/2]); (miss == "") != (layout.DefaultLimits().Miss(geo) == "") {
			t.Fatalf("seed %d: lengthMiss disagrees with layout.Limits.Miss on the level as drawn", s+1)
		}
		for i := range names {
			miss, tail := lengthMiss(lens[i], exts[len(exts)/2])
			if miss == "" {
				pass[i]++
			}
			if i == len(names)-1 {
				asked[miss]++
				askedTails = append(askedTails, tail)
			}
		}
	}
	for i, name := range names {
		t.Logf("%-22s %2d of %d first attempts within the stretch, tail and worst limits", name, pass[i], seeds)
	}
	slices.Sort(askedTails)
	for _, miss := range slices.Sorted(maps.Keys(asked)) {
		t.Logf("as asked, missing %q: %d levels", miss, asked[miss])
	}
	t.Logf("as asked, tail: least %.2f, median %.2f", askedTails[0], askedTails[len(askedTails)/2])
	if pass[0] > pass[1] || pass[1] > pass[3] {
		t.Errorf("shorter corridors keep fewer levels within the limits: %v", pass)
	}
}
