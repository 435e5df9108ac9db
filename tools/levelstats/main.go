package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

func main() {
	seeds := flag.Int("seeds", 1000, "seeds 1..N per ruleset")
	tail := flag.Bool("tail", false, "also print which corridors make each level's tail (see printTail)")
	only := flag.String("rulesets", "", "comma-separated bundled ruleset names or .toml files (default: all bundled)")
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
	var rows []row
	for _, name := range names {
		var rs *rulesets.Ruleset
		var err error
		if strings.HasSuffix(name, ".toml") {
			rs, err = loader.LoadFile(name)
		} else {
			rs, err = loader.Bundled(name)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		rows = append(rows, measure(rs, *seeds, *tail))
	}
	fmt.Printf("| ruleset | rooms (median) | first attempt | valid | mean attempts | median time | p95 time |\n")
	fmt.Printf("| --- | --- | --- | --- | --- | --- | --- |\n")
	for _, r := range rows {
		fmt.Printf("| %s | %d | %s | %s | %.3f | %v | %v |\n", r.name, r.rooms, pct(r.first, *seeds), pct(r.valid, *seeds),
			float64(r.attempts)/float64(max(r.valid, 1)), r.times[len(r.times)/2].Round(10*time.Microsecond), r.times[len(r.times)*95/100].Round(10*time.Microsecond))
	}
	lim := layout.DefaultLimits()
	fmt.Printf("\n| ruleset | stretch median | stretch max | tail median | tail max | worst median | worst max | density median | density min | outside %v |\n", lim)
	fmt.Printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, r := range rows {
		if len(r.geo) == 0 {
			fmt.Printf("| %s | no valid level |\n", r.name)
			continue
		}
		col := func(get func(layout.Geometry) float64) []float64 {
			out := make([]float64, len(r.geo))
			for i, g := range r.geo {
				out[i] = get(g)
			}
			slices.Sort(out)
			return out
		}
		st := col(func(g layout.Geometry) float64 { return g.Stretch })
		tl := col(func(g layout.Geometry) float64 { return g.Tail })
		wo := col(func(g layout.Geometry) float64 { return g.Worst })
		de := col(func(g layout.Geometry) float64 { return g.Density })
		outside := 0
		for _, g := range r.geo {
			if lim.Miss(g) != "" {
				outside++
			}
		}
		n := len(r.geo)
		fmt.Printf("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f | %.3f | %d of %d |\n", r.name,
			st[n/2], st[n-1], tl[n/2], tl[n-1], wo[n/2], wo[n-1], de[n/2], de[0], outside, n)
	}
	if *tail {
		for _, r := range rows {
			printTail(r.name, r.tail)
		}
	}
}

// row is one ruleset's measurements.
type row struct {
	name                   string
	rooms                  int
	first, valid, attempts int
	times                  []time.Duration
	geo                    []layout.Geometry
	tail                   []tailMeasure
}

func measure(rs *rulesets.Ruleset, seeds int, tail bool) row {
	r := row{name: rs.Name}
	var rooms []int
	reasons := map[string]int{}
	for seed := 1; seed <= seeds; seed++ {
		t0 := time.Now()
		lv, err := level.Generate(context.Background(), rs, uint64(seed), level.Options{})
		r.times = append(r.times, time.Since(t0))
		if err != nil {
			reasons["no valid level"]++
			continue
		}
		r.valid++
		r.attempts += lv.Metrics.Attempts
		rooms = append(rooms, lv.Metrics.Rooms)
		r.geo = append(r.geo, lv.Metrics.Quality.Geometry)
		if tail {
			if m, ok := measureTail(lv); ok {
				r.tail = append(r.tail, m)
			}
		}
		if lv.Attempt == 0 {
			r.first++
		}
		for _, f := range lv.Failures {
			reasons[strings.SplitN(f.Reason, " (", 2)[0]]++
		}
	}
	slices.Sort(r.times)
	slices.Sort(rooms)
	if len(rooms) > 0 {
		r.rooms = rooms[len(rooms)/2]
	}
	keys := make([]string, 0, len(reasons))
	for k := range reasons {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(os.Stderr, "%s: %d× %s\n", rs.Name, reasons[k], k)
	}
	return r
}

func pct(n, of int) string { return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of)) }
