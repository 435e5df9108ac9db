// Command levelstats generates many levels of each bundled ruleset and
// prints, per ruleset, the share valid on the first attempt and within the
// attempts, the mean attempts, and the median and p95 time per level: the
// table in BENCHMARKS.md. It is a measuring tool for the project, not part
// of dungraph's CLI (dungraph stats is).
//
//	go run ./tools/levelstats -seeds 1000 [-rulesets quads,tree] [-set layout.spring=hooke ...]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

func main() {
	seeds := flag.Int("seeds", 1000, "seeds 1..N per ruleset")
	only := flag.String("rulesets", "", "comma-separated ruleset names (default: all bundled)")
	var loader rulesets.Loader
	flag.Func("set", "override a ruleset parameter, key=value (repeatable)", func(s string) error {
		o, err := rulesets.ParseOverride(s)
		loader.Overrides = append(loader.Overrides, o)
		return err
	})
	flag.Parse()
	names := []string{}
	for _, info := range rulesets.ListBundled() {
		names = append(names, info.Name)
	}
	if *only != "" {
		names = strings.Split(*only, ",")
	}
	fmt.Printf("| ruleset | rooms (median) | first attempt | valid | mean attempts | median time | p95 time |\n")
	fmt.Printf("| --- | --- | --- | --- | --- | --- | --- |\n")
	for _, name := range names {
		rs, err := loader.Bundled(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		var times []time.Duration
		var rooms []int
		first, valid, attempts := 0, 0, 0
		reasons := map[string]int{}
		for seed := 1; seed <= *seeds; seed++ {
			t0 := time.Now()
			lv, err := level.Generate(context.Background(), rs, uint64(seed), level.Options{})
			times = append(times, time.Since(t0))
			if err != nil {
				reasons["no valid level"]++
				continue
			}
			valid++
			attempts += lv.Metrics.Attempts
			rooms = append(rooms, lv.Metrics.Rooms)
			if lv.Attempt == 0 {
				first++
			}
			for _, f := range lv.Failures {
				reasons[strings.SplitN(f.Reason, " (", 2)[0]]++
			}
		}
		slices.Sort(times)
		slices.Sort(rooms)
		pct := func(n int) string { return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(*seeds)) }
		med := 0
		if len(rooms) > 0 {
			med = rooms[len(rooms)/2]
		}
		fmt.Printf("| %s | %d | %s | %s | %.3f | %v | %v |\n", name, med, pct(first), pct(valid),
			float64(attempts)/float64(max(valid, 1)), times[len(times)/2].Round(10*time.Microsecond), times[len(times)*95/100].Round(10*time.Microsecond))
		keys := make([]string, 0, len(reasons))
		for k := range reasons {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(os.Stderr, "%s: %d× %s\n", name, reasons[k], k)
		}
	}
}
