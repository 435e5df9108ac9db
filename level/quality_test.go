package level

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/rulesets"
)

// loadQuality loads a test ruleset of testdata/quality.
func loadQuality(t testing.TB, name string) *rulesets.Ruleset {
	t.Helper()
	rs, err := rulesets.Loader{}.LoadFile("testdata/quality/" + name + ".toml")
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestLengthFactorsShapeCorridors: a level with a corridor of length
// factor 1 and one of factor 3 ends with visible corridors (outside the
// room rectangles) within 15% of 1 : 3, and each corridor at its target:
// between the rooms' discs the gap times the factor, plus the factor less
// 1 times the slack of both discs beyond their rectangles along the
// corridor (layout's roomTarget).
func TestLengthFactorsShapeCorridors(t *testing.T) {
	rs := loadQuality(t, "factors")
	gap := rs.Rooms.Gap()
	for seed := uint64(1); seed <= 5; seed++ {
		lv, err := Generate(context.Background(), rs, seed, Options{})
		if err != nil {
			t.Fatal(err)
		}
		visible := map[float64]float64{}
		lens := layout.VisibleLengths(lv.Graph, lv.Rooms)
		for i, e := range lv.Graph.Edges() {
			visible[e.LengthFactor] = lens[i]
			a, b := lv.Graph.Vertex(e.A).Pos, lv.Graph.Vertex(e.B).Pos
			d := math.Hypot(b.X-a.X, b.Y-a.Y)
			disc := d - lv.Rooms[e.A].Radius - lv.Rooms[e.B].Radius
			slack := discSlack(lv.Rooms[e.A], b.X-a.X, b.Y-a.Y, d) + discSlack(lv.Rooms[e.B], b.X-a.X, b.Y-a.Y, d)
			if want := gap*e.LengthFactor + (e.LengthFactor-1)*slack; math.Abs(disc-want) > 0.05*want {
				t.Errorf("seed %d: corridor %d-%d of factor %v is %.1f between the discs, want %.1f", seed, e.A, e.B, e.LengthFactor, disc, want)
			}
		}
		// VisibleLengths divides by the factor: multiply back.
		ratio := visible[3] * 3 / visible[1]
		if ratio < 3*0.85 || ratio > 3*1.15 {
			t.Errorf("seed %d: visible corridors %.1f and %.1f, ratio %.2f, want 3 ± 15%%", seed, visible[1], visible[3]*3, ratio)
		}
	}
}

// discSlack returns how far room's disc reaches past its rectangle along
// (dx, dy), of length d.
func discSlack(room layout.Room, dx, dy, d float64) float64 {
	t := math.Inf(1)
	if dx != 0 {
		t = room.W / 2 / math.Abs(dx/d)
	}
	if dy != 0 {
		t = math.Min(t, room.H/2/math.Abs(dy/d))
	}
	return room.Radius - t
}

// lifted is a [quality] table no level misses, for tests that measure
// what the layout draws rather than what the limits keep.
var lifted = rulesets.Quality{MaxStretch: math.Inf(1), MaxTail: math.Inf(1), MaxWorst: math.Inf(1), MinDensity: math.SmallestNonzeroFloat64}

// qualitySeeds overrides TestQualityRulesets' seeds per ruleset.
var qualitySeeds = flag.Int("quality-seeds", 0, "TestQualityRulesets: seeds per test ruleset (default the table's; make test-quality gives 200)")

// TestQualityRulesets generates the test rulesets of testdata/quality
// (the table's seeds, its short seeds with -short, -quality-seeds N when
// given: make test-quality gives 200) and wants every seed to end with a
// valid level whose geometry keeps the default limits, measured again
// here (the density limit scaled by the level's Spread), and, over 200
// seeds or more, the first attempt to do so on at least the table's share
// of the seeds (NOTES.md, known limits):
//   - deeptree, factors, hub: 98% (hub, the nearest to the edge, 99.5%
//     measured).
//   - bypass (a tunnel that forks, and a rule that hangs a second way
//     round a room on its two neighbours): 95%, 96.0% measured, 46%
//     without the wrap limit, which skips a bypass whose loop may come to
//     enclose more of the rooms still to come than the nest limit
//     (NOTES.md "Wrap limit").
//   - fans and trifans (a room hung on a corridor, over and over; trifans'
//     rule matches a whole triangle): 98%, 99.0% and 98.0% measured with
//     the nest limit in the build and a stall crowded in the build's
//     triangles opened locally (NOTES.md, "Crowded faces" (7)–(9)).
//   - nested (rewrites that open a corridor into a loop of new rooms, and
//     loops nested in loops): 98%, 98.5% measured with the fill limit,
//     which skips a rewrite whose new rooms would overfill a loop the
//     build closed (NOTES.md "Fill limit"); 89.0% without it.
//
// A row is a ruleset of testdata/quality, its seeds in make test (200
// where they take seconds; fans, trifans and nested take 0.3–0.5 s a
// level, so make test runs 20 of each and make test-quality all 200), its
// seeds under -short and its first-attempt floor.
func TestQualityRulesets(t *testing.T) {
	for _, tt := range []struct {
		name       string
		seeds      int
		short      int
		firstShare float64
	}{
		{"deeptree", 200, 2, 0.98},
		{"factors", 200, 2, 0.98},
		{"hub", 200, 2, 0.98},
		{"bypass", 200, 20, 0.95},
		{"fans", 20, 2, 0.98},
		{"trifans", 20, 2, 0.98},
		{"nested", 20, 2, 0.98},
	} {
		name := tt.name
		t.Run(name, func(t *testing.T) {
			rs := loadQuality(t, name)
			seeds := tt.seeds
			switch {
			case *qualitySeeds > 0:
				seeds = *qualitySeeds
			case testing.Short():
				seeds = tt.short
			}
			first := 0
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				lv, err := Generate(context.Background(), rs, seed, Options{})
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if miss := (layout.Limits{}).Miss(layout.Measure(lv.Graph, lv.Rooms, rs.Rooms.Gap()).Geometry); miss != "" {
					t.Errorf("seed %d: shipped a level outside the limits: %s", seed, miss)
				}
				if lv.Attempt == 0 {
					first++
				}
			}
			share := float64(first) / float64(seeds)
			if seeds >= 200 && share < tt.firstShare {
				t.Errorf("%d of %d seeds within the limits on the first attempt, want at least %.0f%%", first, seeds, 100*tt.firstShare)
			}
			t.Logf("%s: %d of %d seeds within the limits on the first attempt", name, first, seeds)
		})
	}
}

// TestFansFirstAttempts generates the triangle fans of
// testdata/quality/fans.toml with the quality limits lifted, so that every
// first attempt is kept: each must be a valid level (the construction
// drawing nested each new room in a face of the last and left crossings
// no retraction could undo) with a stretch below 10 room extents (203 at
// the median, when every face crowded and the clearance scale spread the
// level). The default limits themselves are not met on most seeds
// (NOTES.md, known limits), but with the hanging rooms' sides planned
// from the whole build (layout.Constructor.Replan) and the smallest drawn
// sizes handed to the rooms inside its triangles
// (layout.Constructor.NestRooms) the median worst corridor of seeds 1–10
// is within 9 room extents (7.40; 10.77 with the sizes where AssignRooms
// drew them: the fullest triangle's sides must span the area of the
// rooms it holds). Seeds 1–10, 1–3 with -short.
func TestFansFirstAttempts(t *testing.T) {
	rs := loadQuality(t, "fans")
	rs.Quality = lifted
	seeds := 10
	if testing.Short() {
		seeds = 3
	}
	var worst []float64
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		lv, err := GenerateAttempt(context.Background(), rs, seed, 0, Options{})
		if err != nil {
			t.Errorf("seed %d: first attempt: %v", seed, err)
			continue
		}
		g := lv.Metrics.Quality.Geometry
		if g.Stretch >= 10 {
			t.Errorf("seed %d: stretch %.2f, want below 10 (tail %.2f, worst %.2f, density %.4f)", seed, g.Stretch, g.Tail, g.Worst, g.Density)
		}
		worst = append(worst, g.Worst)
	}
	slices.Sort(worst)
	if len(worst) == 0 {
		return
	}
	if m := worst[len(worst)/2]; m > 9 {
		t.Errorf("median worst corridor %.2f room extents over seeds 1–%d, want at most 9 (%.2f)", m, seeds, worst)
	}
}

// TestShortFactorsGiveWayLeast generates the first attempts of the hub
// test ruleset (twelve corridors of length factors 0.5 to 3 around one
// room, limits lifted) and compares, around the hub, the 90th percentile
// of visible length ÷ factor of the antechambers (factor 0.5) with that of
// the factor-1 corridors: where the ring of rooms cannot let every corridor
// reach its target, a corridor judged at twice its length must give way
// less, so its percentile is the lower. With springs of equal strength
// (springWeight 1) seeds 1–20 give 871 against 783; weighed 1/f², 666
// against 744; with the leaves arranged around the hub (arrangeLeaves)
// too, 569 against 585. Over seeds 1–200 the two are close: 757 against
// 694 before the leaves were arranged, 656 against 626 after.
func TestShortFactorsGiveWayLeast(t *testing.T) {
	rs := loadQuality(t, "hub")
	rs.Quality = lifted
	by := map[float64][]float64{}
	for seed := uint64(1); seed <= 20; seed++ {
		lv, err := GenerateAttempt(context.Background(), rs, seed, 0, Options{})
		if err != nil {
			t.Fatalf("seed %d: first attempt: %v", seed, err)
		}
		g := lv.Graph
		hub := 0
		for v := range g.Order() {
			if len(g.Neighbors(v)) > len(g.Neighbors(hub)) {
				hub = v
			}
		}
		lens := layout.VisibleLengths(g, lv.Rooms)
		for i, e := range g.Edges() {
			if e.A == hub || e.B == hub {
				by[e.LengthFactor] = append(by[e.LengthFactor], lens[i])
			}
		}
	}
	p90 := func(v []float64) float64 {
		slices.Sort(v)
		return v[len(v)*9/10]
	}
	short, unit := p90(by[0.5]), p90(by[1])
	t.Logf("visible length ÷ factor around the hub, p90: factor 0.5 %.0f (%d corridors), factor 1 %.0f (%d)", short, len(by[0.5]), unit, len(by[1]))
	if short > unit {
		t.Errorf("antechambers' p90 %.0f above the factor-1 corridors' %.0f: the short corridors gave way more", short, unit)
	}
}

// An attempt drawn again with its hanging rooms' sides planned keeps the
// build it returns as the last one its Watch saw: the rewrites after the
// last Restart are the level's steps, one for one, also on a grammar whose
// matches depend on where rooms lie (trifans.toml), where a rebuild can
// make other rewrites and a worse one is dropped. Seeds 12–17: with the
// drawing's nest limit most trifans builds hold no more than the plan
// and are not drawn again; of these, 12, 15, 16 and 17 keep the rebuild
// and 13 drops it.
func TestRebuildWatchSeesKeptBuild(t *testing.T) {
	rs := loadQuality(t, "trifans")
	kept, dropped := 0, 0
	for seed := uint64(12); seed <= 17; seed++ {
		var seen []string
		restarted := 0
		w := &Watch{
			Rewrite: func(g *grammar.Graph, s *grammar.Step) error {
				seen = append(seen, fmt.Sprint(s.Rule, s.Match, s.Added))
				return nil
			},
			Restart: func() { seen, restarted = seen[:0], restarted+1 },
		}
		lv, err := GenerateAttempt(context.Background(), rs, seed, 0, Options{Watch: w})
		switch restarted {
		case 1:
			kept++
		case 2:
			dropped++
		}
		if errors.Is(err, ErrNoValidLevel) {
			continue
		}
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(seen) != len(lv.Build.Steps) {
			t.Fatalf("seed %d: the watch saw %d rewrites since its last restart, the level has %d steps", seed, len(seen), len(lv.Build.Steps))
		}
		for i, s := range lv.Build.Steps {
			if got := fmt.Sprint(s.Rule, s.Match, s.Added); got != seen[i] {
				t.Fatalf("seed %d: step %d is %s, the watch saw %s", seed, i, got, seen[i])
			}
		}
	}
	if kept == 0 || dropped == 0 {
		t.Errorf("%d planned rebuilds kept, %d dropped: want both, or the test tests less than it says", kept, dropped)
	}
}

// fansSeeds is how many seeds TestFansCorridorsNotCompressed measures;
// fansWithin also tells which first attempts keep the default limits.
var (
	fansSeeds  = flag.Int("fans.seeds", 2, "seeds of TestFansCorridorsNotCompressed")
	fansWithin = flag.Bool("fans.within", false, "TestFansCorridorsNotCompressed: also generate each first attempt at the default limits")
)

// TestFansCorridorsNotCompressed measures the first attempts of the
// triangle fans with the limits lifted (NOTES.md, "Known limits" (1)): the
// plan's bound, the tail, the rooms in the finished level's fullest
// triangle and their area over its area (fill), and each corridor's
// visible length against the visible length it would have at its target
// (gap + both radii, centre to centre). The tail is not a median held
// short by crowding: on every seed the median corridor is at or above its
// target. With -v it prints the table; -fans.seeds 50 -fans.within is
// the command of NOTES.md's table.
func TestFansCorridorsNotCompressed(t *testing.T) {
	raised := loadQuality(t, "fans")
	raised.Quality = lifted
	def := loadQuality(t, "fans")
	seeds := *fansSeeds
	if testing.Short() {
		seeds = 1
	}
	t.Log("| seed | within | bound | tail | k max | fill | median visible | its target | median ratio | share below 0.9 |")
	median := func(x []float64) float64 {
		y := slices.Clone(x)
		slices.Sort(y)
		return y[len(y)/2]
	}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		con := &layout.Constructor{Forces: raised.Layout}
		bo := buildOptions(raised)
		bo.AfterRewrite = con.AfterRewrite
		if _, err := raised.Grammar.Build(bo, rand.New(RandSource(seed, 0))); err != nil {
			t.Fatal(err)
		}
		bound := 0
		if p, _, _ := con.Replan(); p != nil {
			bound = p.Bound()
		}
		lv, err := GenerateAttempt(context.Background(), raised, seed, 0, Options{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		within := "-"
		if *fansWithin {
			within = "yes"
			if _, err := GenerateAttempt(context.Background(), def, seed, 0, Options{}); errors.Is(err, ErrNoValidLevel) {
				within = "no"
			} else if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		g, gap := lv.Graph, raised.Rooms.Gap()
		lens := layout.VisibleLengths(g, lv.Rooms)
		var vis, target, ratio []float64
		below := 0
		i := -1
		for _, e := range g.Edges() {
			if e.Cosmetic {
				continue
			}
			i++
			a, b := g.Vertex(e.A).Pos, g.Vertex(e.B).Pos
			// The rectangles take the same part of the segment at any
			// length along it, so the visible target is what the
			// centre-to-centre length lacks or has over its target.
			want := lens[i] + gap + lv.Rooms[e.A].Radius + lv.Rooms[e.B].Radius - math.Hypot(b.X-a.X, b.Y-a.Y)
			vis, target, ratio = append(vis, lens[i]), append(target, want), append(ratio, lens[i]/want)
			if lens[i] < 0.9*want {
				below++
			}
		}
		k, fill := fullestTriangle(lv)
		r := median(ratio)
		t.Logf("| %d | %s | %d | %.2f | %d | %.3f | %.0f | %.0f | %.2f | %.2f |", seed, within, bound, lv.Metrics.Quality.Geometry.Tail, k, fill, median(vis), median(target), r, float64(below)/float64(len(ratio)))
		if r < 1 {
			t.Errorf("seed %d: the median corridor is %.2f of its target: crowding holds it short", seed, r)
		}
	}
}

// isCorridor reports whether a corridor (not a cosmetic edge) joins a and b.
func isCorridor(g *grammar.Graph, a, b int) bool {
	h, ok := g.Edge(a, b)
	return ok && !h.Cosmetic
}

// fullestTriangle returns the most rooms strictly inside a triangle of
// corridors of lv, and their area over the triangle's.
func fullestTriangle(lv *Level) (int, float64) {
	g := lv.Graph
	best, fill := -1, 0.0
	turn := func(p, q, r r2.Vec) float64 {
		return float64(float64(q.X-p.X)*float64(r.Y-p.Y)) - float64(float64(q.Y-p.Y)*float64(r.X-p.X))
	}
	for _, e := range g.Edges() {
		for _, h := range g.Neighbors(e.A) {
			x := h.To
			if e.Cosmetic || h.Cosmetic || x == e.B || !isCorridor(g, e.B, x) {
				continue
			}
			p, q, r := g.Vertex(e.A).Pos, g.Vertex(e.B).Pos, g.Vertex(x).Pos
			k, area := 0, 0.0
			for y := range g.Order() {
				if s := g.Vertex(y).Pos; y != e.A && y != e.B && y != x {
					s1, s2, s3 := turn(p, q, s), turn(q, r, s), turn(r, p, s)
					if s1 > 0 && s2 > 0 && s3 > 0 || s1 < 0 && s2 < 0 && s3 < 0 {
						k++
						area += float64(lv.Rooms[y].W * lv.Rooms[y].H)
					}
				}
			}
			if k > best {
				best, fill = k, area/(math.Abs(turn(p, q, r))/2)
			}
		}
	}
	return best, fill
}

// TestFansKeepTheNestLimit builds the triangle fans at the default limits.
// The build skips a room hung on a corridor that would need one triangle
// to hold more rooms than the tail limit allows (layout.Limits.NestLimit:
// 6 for tail 5), so the plan's bound of every build stays within it, and
// no build ends smaller for it: without the skip the bound of 16 of seeds
// 1–20 is past 6, up to 21. The first attempts of seeds 1–5 then keep
// every default limit (3 of 5 without; NOTES.md, "Crowded faces" (7)).
// Seeds 1–20 and 1–5; 1–5 and 1–2 with -short.
func TestFansKeepTheNestLimit(t *testing.T) {
	rs := loadQuality(t, "fans")
	limit := limitsOf(rs).WithDefaults().NestLimit()
	if limit != 6 {
		t.Fatalf("nest limit %d for the default tail limit, want 6", limit)
	}
	builds, attempts := 20, 5
	if testing.Short() {
		builds, attempts = 5, 2
	}
	refused := 0
	for seed := uint64(1); seed <= uint64(builds); seed++ {
		con := &layout.Constructor{Forces: rs.Layout}
		bo := buildOptions(rs)
		hangWithin(rs, con, &bo)
		bo.AfterRewrite = con.AfterRewrite
		res, err := rs.Grammar.Build(bo, rand.New(RandSource(seed, 0)))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if n := res.Graph.Order(); n != rs.Build.MaxVertices {
			t.Errorf("seed %d: %d rooms, want %d", seed, n, rs.Build.MaxVertices)
		}
		for _, s := range res.Steps {
			refused += s.Stats[s.Rule].Nest
		}
		if p, _, _ := con.Replan(); p != nil && p.Bound() > limit {
			t.Errorf("seed %d: the plan needs %d rooms in one triangle, past the limit %d", seed, p.Bound(), limit)
		}
	}
	if refused == 0 {
		t.Errorf("no hanging room refused over %d builds: the test tests nothing", builds)
	}
	for seed := uint64(1); seed <= uint64(attempts); seed++ {
		if _, err := GenerateAttempt(context.Background(), rs, seed, 0, Options{}); err != nil {
			t.Errorf("seed %d: first attempt: %v", seed, err)
		}
	}
}

// TestLengthFactorsKeepRatio: on a path of rooms of the default sizes
// (testdata/quality/ratio.toml), large against the corridor gap, the mean
// visible length of the factor 3 corridors over that of the factor 1
// corridors is within 15% of 3 on most seeds of 1–200: at least 55%
// (measured 121 of 200, median ratio 2.99; with every corridor aimed at
// its disc gap times the factor, 0 of 200, median 1.21). The visible
// length is the measure (VisibleLengths, multiplied back by the
// factor). What spreads the ratio is the rooms' sizes: a corridor of
// factor 1 shows the gap plus its own rooms' disc slack (roomTarget), and
// the two kinds of corridor join different rooms.
func TestLengthFactorsKeepRatio(t *testing.T) {
	rs := loadQuality(t, "ratio")
	const seeds = 200
	ratios, within := factorRatios(t, rs, seeds, 3)
	t.Logf("ratio of mean visible lengths, factor 3 over 1: median %.2f, min %.2f, max %.2f; %d of %d seeds within 15%% of 3", ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1], within, seeds)
	if float64(within) < 0.55*seeds {
		t.Errorf("%d of %d seeds within 15%% of a 1 : 3 ratio, want at least 55%%", within, seeds)
	}
}
