package level

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/dungraph/dungraph/internal/cputime"
	"github.com/dungraph/dungraph/route"
	"github.com/dungraph/dungraph/rulesets"
)

// BenchmarkGenerate times whole levels of every bundled ruleset at its own
// size, over successive seeds. Besides the mean (ns/op) it reports the
// median and 95th percentile of the time per level, the CPU time per
// level (cpu-ms/op, which a loaded machine inflates much less than the
// wall time), the mean relax and construction iterations per level (work
// that does not depend on the machine) and the share of levels valid on
// their first attempt.
func BenchmarkGenerate(b *testing.B) {
	for _, info := range rulesets.ListBundled() {
		rs, err := rulesets.Bundled(info.Name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(info.Name, func(b *testing.B) {
			b.ReportAllocs()
			seed := uint64(0)
			var times []time.Duration
			first, relax, construct := 0, 0, 0
			cpu := cputime.Now()
			for b.Loop() {
				seed++
				start := time.Now()
				lv, err := Generate(context.Background(), rs, seed, Options{})
				times = append(times, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				if lv.Attempt == 0 {
					first++
				}
				relax += lv.Metrics.Relax.Iterations
				construct += lv.Metrics.Construct.Iterations
			}
			cputime.Report(b, cpu)
			b.ReportMetric(float64(relax)/float64(len(times)), "relax-iters/level")
			b.ReportMetric(float64(construct)/float64(len(times)), "construct-iters/level")
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns/level")
			b.ReportMetric(float64(times[len(times)*95/100].Nanoseconds()), "p95-ns/level")
			b.ReportMetric(float64(first)/float64(len(times)), "first-attempt-valid")
		})
	}
}

// BenchmarkScale times levels of the caves ruleset grown to n rooms: the
// growth of cost with level size.
func BenchmarkScale(b *testing.B) {
	for _, n := range []int{100, 300, 1000} {
		rs := cavesOf(b, n)
		b.Run(fmt.Sprintf("rooms=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			seed := uint64(0)
			for b.Loop() {
				seed++
				if _, err := Generate(context.Background(), rs, seed, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// cavesOf is the caves ruleset grown to about n rooms: max_vertices n,
// min_vertices 0.9n, max_iterations 4n.
func cavesOf(b *testing.B, n int) *rulesets.Ruleset {
	b.Helper()
	rs, err := rulesets.Loader{Overrides: rulesets.SizeOverrides(n)}.Bundled("caves")
	if err != nil {
		b.Fatal(err)
	}
	return rs
}

// BenchmarkSolve times route.Solve, walkthrough and measures, on the
// levels of dungeon seeds 1–50 in turn: the work the solver adds to each
// dungeon level. Compare its ns/op with BenchmarkGenerate/dungeon's
// median-ns/level.
func BenchmarkSolve(b *testing.B) {
	rs, err := rulesets.Bundled("dungeon")
	if err != nil {
		b.Fatal(err)
	}
	var lvs []*Level
	for seed := uint64(1); seed <= 50; seed++ {
		lv, err := Generate(context.Background(), rs, seed, Options{})
		if err != nil {
			b.Fatal(err)
		}
		lvs = append(lvs, lv)
	}
	roles := Roles(rs)
	graphs := make([]*route.Graph, len(lvs))
	for i, lv := range lvs {
		graphs[i] = RouteGraph(lv.Graph)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		lv := lvs[i%len(lvs)]
		if _, err := route.Solve(graphs[i%len(lvs)], lv.Route, roles); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
