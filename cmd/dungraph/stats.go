package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/batch"
	"github.com/dungraph/dungraph/rulesets"
	"github.com/dungraph/dungraph/stats"
)

// maxSeeds caps the seeds of stats and tune: their samples are kept in
// memory.
const maxSeeds = 1_000_000

func (a *app) statsCmd() *cobra.Command {
	var (
		rf          rulesetFlags
		seedList    string
		workers     int
		outDir      string
		asJSON      bool
		compare     string
		compareSets []string
	)
	cmd := &cobra.Command{
		Use:   "stats [DIR [DIR2]]",
		Short: "Measure the expressive range of a ruleset over many seeds",
		Long: `Stats generates the levels of many seeds and prints the distributions of
their metrics: rooms, corridors, cycles, valence, diameter, the critical
path, linearity, dead ends, attempts, layout quality, tag and rule counts,
validity and time per level (docs/stats.md defines each).

  dungraph stats --ruleset quads --seeds 1..1000 --out plots

With --out it also writes histograms of every metric and expressive-range
heatmaps (linearity × rooms, dead ends × cycles) as PNG and SVG to DIR.
--json prints the report as JSON instead of tables.

--compare NAME|FILE puts a second ruleset beside the first, over the same
seeds; --compare-set key=value (repeatable) changes parameters of the
second set: of --compare's ruleset, or else of --ruleset on top of --set.
Tables show the sets side by side, histograms overlaid, heatmaps side by
side.

With a directory written by dungraph batch, stats reads DIR/<seed>/level.json
(and the manifest and timings.jsonl, if present) instead of generating;
a second directory is compared with the first. --seeds then keeps only
those seeds.

Generation runs on --workers goroutines; the output does not depend on
their number, except the times.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 2 {
				return cmdLinef("stats: want at most two batch directories, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			var series []stats.Series
			var err error
			if len(args) > 0 {
				for _, name := range []string{"ruleset", "set", "compare", "compare-set"} {
					if cmd.Flags().Changed(name) {
						return cmdLinef("stats: --%s generates levels; it cannot be used with a batch directory", name)
					}
				}
				var keep func(uint64) bool
				if cmd.Flags().Changed("seeds") {
					seeds, err := batch.ParseSeeds(seedList)
					if err != nil {
						return cmdLinef("--seeds: %v", err)
					}
					keep = seeds.Contains
				}
				series, err = a.readBatches(args, keep)
			} else {
				series, err = a.generateSeries(cmd, &rf, seedList, workers, compare, compareSets)
			}
			if err != nil {
				return err
			}
			report := stats.Analyze(series...)
			if asJSON {
				err = report.WriteJSON(a.stdout)
			} else {
				err = report.WriteTable(a.stdout)
			}
			if err != nil {
				return failed(err)
			}
			if outDir != "" {
				files, err := report.WritePlots(outDir)
				if err != nil {
					return failed(err)
				}
				a.infof("wrote %d plots (PNG and SVG) to %s", len(files)/2, outDir)
			}
			return nil
		},
	}
	rf.register(cmd, rulesets.DefaultName)
	fl := cmd.Flags()
	fl.StringVar(&seedList, "seeds", "1..100", "the seeds: `LIST` of N and A..B (inclusive), comma-separated, ascending")
	fl.IntVarP(&workers, "workers", "j", 0, "generate on `N` goroutines (default: the number of CPUs)")
	fl.StringVarP(&outDir, "out", "o", "", "write plots (PNG and SVG) to `DIR` (default: no plots)")
	fl.BoolVar(&asJSON, "json", false, "print the report as JSON")
	fl.StringVar(&compare, "compare", "", "compare with the bundled ruleset `NAME`, or a ruleset FILE")
	fl.StringArrayVar(&compareSets, "compare-set", nil, "set a parameter of the compared set, `key=value` (repeatable)")
	cmd.MarkFlagDirname("out")
	cmd.RegisterFlagCompletionFunc("compare", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return bundledNames(), cobra.ShellCompDirectiveDefault
	})
	cmd.RegisterFlagCompletionFunc("compare-set", completeKeys)
	return cmd
}

// completeKeys completes a key=value flag with the keys --set can set.
func completeKeys(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	var keys []string
	for _, k := range rulesets.Keys() {
		if !strings.Contains(k, "<") {
			keys = append(keys, k+"=")
		}
	}
	return keys, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
}

// parseSeedList parses --seeds and lists the seeds.
func parseSeedList(s string) ([]uint64, error) {
	seeds, err := batch.ParseSeeds(s)
	if err != nil {
		return nil, cmdLinef("--seeds: %v", err)
	}
	if seeds.Len() > maxSeeds {
		return nil, cmdLinef("--seeds: %s is %d seeds, more than %d", s, seeds.Len(), maxSeeds)
	}
	return slices.Collect(seeds.All()), nil
}

// generateSeries generates the series of stats: --ruleset with --set, and
// the compared set if any.
func (a *app) generateSeries(cmd *cobra.Command, rf *rulesetFlags, seedList string, workers int, compare string, compareSets []string) ([]stats.Series, error) {
	seeds, err := parseSeedList(seedList)
	if err != nil {
		return nil, err
	}
	if workers < 0 {
		return nil, cmdLinef("--workers: want 1 or more (0: the number of CPUs), got %d", workers)
	}
	rs, err := rf.load(a)
	if err != nil {
		return nil, err
	}
	sets := []*rulesets.Ruleset{rs}
	if cmd.Flags().Changed("compare") || len(compareSets) > 0 {
		cf := rulesetFlags{ruleset: rf.ruleset, sets: append(slices.Clone(rf.sets), compareSets...)}
		if cmd.Flags().Changed("compare") {
			cf = rulesetFlags{ruleset: compare, sets: compareSets}
		}
		rs2, err := cf.load(a)
		if err != nil {
			return nil, err
		}
		sets = append(sets, rs2)
	}
	labels := make([]string, len(sets))
	for i, rs := range sets {
		labels[i] = label(rs)
	}
	if len(labels) == 2 && labels[0] == labels[1] {
		labels[1] += " (compared)"
	}
	var series []stats.Series
	for i, rs := range sets {
		start := time.Now()
		samples, err := stats.Generate(cmd.Context(), rs, seeds, stats.Options{Workers: workers, Clock: time.Now})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil, interrupted(fmt.Errorf("interrupted"))
			}
			return nil, failed(err)
		}
		a.infof("%s: %d seeds in %v", labels[i], len(seeds), time.Since(start).Round(time.Millisecond))
		series = append(series, stats.Series{Label: labels[i], Samples: samples})
	}
	return series, nil
}

// label names a ruleset and its overrides: "quads relax.repulsion=0.1".
func label(rs *rulesets.Ruleset) string {
	parts := []string{describe(rs)}
	for _, o := range rs.Overrides {
		parts = append(parts, o.String())
	}
	return strings.Join(parts, " ")
}

// readBatches reads batch directories, keeping the seeds keep accepts
// (all if keep is nil).
func (a *app) readBatches(dirs []string, keep func(uint64) bool) ([]stats.Series, error) {
	var series []stats.Series
	for _, dir := range dirs {
		b, err := stats.ReadDir(dir)
		if err != nil {
			return nil, usageErr(err)
		}
		samples := b.Samples
		if keep != nil {
			samples = slices.DeleteFunc(samples, func(s stats.Sample) bool { return !keep(s.Seed) })
		}
		if len(samples) == 0 {
			return nil, usageErr(fmt.Errorf("stats: %s: no level of the seeds asked for", dir))
		}
		name := strings.Join(b.Rulesets, "+")
		if name == "" {
			name = "no valid level"
		}
		if !b.Timed {
			a.debugf("%s: no timings.jsonl: time per level is n/a", dir)
		}
		series = append(series, stats.Series{Label: fmt.Sprintf("%s (%s)", name, dir), Samples: samples})
	}
	return series, nil
}
