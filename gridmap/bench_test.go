package gridmap_test

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/rulesets"
)

// benchLevel returns the map stage's input for a bundled ruleset's level.
func benchLevel(b *testing.B, name string, seed uint64, overrides []rulesets.Override) gridmap.Level {
	b.Helper()
	rs, err := rulesets.Loader{Overrides: overrides}.Bundled(name)
	if err != nil {
		b.Fatal(err)
	}
	return rulesetLevel(b, rs, seed)
}

// rulesetLevel returns the map stage's input for rs's level of seed.
func rulesetLevel(b *testing.B, rs *rulesets.Ruleset, seed uint64) gridmap.Level {
	b.Helper()
	lv, err := level.Generate(context.Background(), rs, seed, level.Options{})
	if err != nil {
		b.Fatal(err)
	}
	d, err := lv.Document()
	if err != nil {
		b.Fatal(err)
	}
	in, err := render.MapLevel(d, "")
	if err != nil {
		b.Fatal(err)
	}
	return in
}

// BenchmarkBuild30 draws dungeon seed 3 (30 rooms, caves, templates,
// doors), proof included.
func BenchmarkBuild30(b *testing.B) {
	in := benchLevel(b, "dungeon", 3, nil)
	benchBuild(b, in)
}

// BenchmarkBuild1000 draws a caves level grown to 1,000 rooms.
func BenchmarkBuild1000(b *testing.B) {
	in := benchLevel(b, "caves", 1, rulesets.SizeOverrides(1000))
	b.Logf("%d rooms, %d corridors", len(in.Rooms), len(in.Corridors))
	benchBuild(b, in)
}

// BenchmarkBuildFans draws the crowded levels of the triangle-fans test
// ruleset (level/testdata/quality/fans.toml), whose maps need finer cells
// and negotiation: seed 1 draws by negotiation at the second cell, seed 2
// and 5 at the finest.
func BenchmarkBuildFans(b *testing.B) {
	rs, err := rulesets.LoadFile("../level/testdata/quality/fans.toml")
	if err != nil {
		b.Fatal(err)
	}
	// The tail limit lifted lifts the nest limit the build derives from
	// it: the fans grow their deepest nests, whose rooms crowd their
	// walls with corridors, the map stage's hardest case.
	rs.Quality.MaxTail = 1e12
	for _, seed := range []uint64{1, 2, 5} {
		b.Run(fmt.Sprintf("seed=%d", seed), func(b *testing.B) {
			benchBuild(b, rulesetLevel(b, rs, seed))
		})
	}
}

// BenchmarkBuildTrifans draws trifans seed 2
// (level/testdata/quality/trifans.toml at its own limits), the crowded
// level whose map takes longest of trifans and fans seeds 1-20: greedy
// routing fails at every cell, and negotiation draws it at the finest
// cell after five spreads.
func BenchmarkBuildTrifans(b *testing.B) {
	rs, err := rulesets.LoadFile("../level/testdata/quality/trifans.toml")
	if err != nil {
		b.Fatal(err)
	}
	benchBuild(b, rulesetLevel(b, rs, 2))
}

// benchBuild times Build on in, and reports besides the wall time the
// process's CPU time per build (cpu-ns/op), which a shared machine's load
// does not inflate.
func benchBuild(b *testing.B, in gridmap.Level) {
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := gridmap.Build(in, gridmap.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
