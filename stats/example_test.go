package stats_test

import (
	"context"
	"fmt"

	"github.com/dungraph/dungraph/rulesets"
	"github.com/dungraph/dungraph/stats"
)

// Measure the levels of five seeds of the tree ruleset, and compare them
// with the same ruleset limited to 12 vertices.
func Example() {
	ctx := context.Background()
	seeds := []uint64{1, 2, 3, 4, 5}
	rs, err := rulesets.Bundled("tree")
	if err != nil {
		panic(err)
	}
	small, err := rulesets.Loader{Overrides: []rulesets.Override{{Key: "build.max_vertices", Value: "12"}}}.Bundled("tree")
	if err != nil {
		panic(err)
	}
	a, err := stats.Generate(ctx, rs, seeds, stats.Options{})
	if err != nil {
		panic(err)
	}
	b, err := stats.Generate(ctx, small, seeds, stats.Options{})
	if err != nil {
		panic(err)
	}
	report := stats.Analyze(stats.Series{Label: "tree", Samples: a}, stats.Series{Label: "tree, 12 vertices", Samples: b})
	for _, set := range report.Sets {
		rooms, cycles := set.Metric("rooms"), set.Metric("cycles")
		fmt.Printf("%s: %d of %d valid, rooms %v to %v, cycles at most %v\n", set.Label, set.Valid, set.Levels, rooms.Min, rooms.Max, cycles.Max)
	}
	// Output:
	// tree: 5 of 5 valid, rooms 20 to 20, cycles at most 0
	// tree, 12 vertices: 5 of 5 valid, rooms 12 to 12, cycles at most 0
}
