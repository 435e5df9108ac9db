package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/internal/atomicfile"
	"github.com/dungraph/dungraph/rulesets"
	"github.com/dungraph/dungraph/stats"
	"github.com/dungraph/dungraph/tune"
)

func (a *app) tuneCmd() *cobra.Command {
	var (
		rf        rulesetFlags
		varies    []string
		seedList  string
		workers   int
		outDir    string
		objective string
		top       int
	)
	cmd := &cobra.Command{
		Use:   "tune --vary key=lo:hi:n [--vary key=v1,v2...]",
		Short: "Search a grid of ruleset parameters for the best setting",
		Long: `Tune generates the levels of --seeds for every combination of the values of
the --vary parameters, ranks the combinations (cells) and prints the best as
--set flags and as TOML to paste into the ruleset.

  dungraph tune --ruleset quads --vary relax.repulsion=0.01:0.2:8 \
      --vary layout.max_delta=0.25,0.5,1 --seeds 1..200 --out tuned

--vary key=lo:hi:n gives key n evenly spaced values from lo to hi, both
included; --vary key=v1,v2,... lists them. Any key --set takes can vary,
and its values are checked as --set checks them. A grid has at most 10000
cells.

Each cell reports first-attempt validity, mean attempts, median time per
level, mean edge-length deviation, minimum clearance, mean density,
mean stretch, largest tail and worst, and smallest density (docs/stats.md).
A seed without a valid level counts against validity.
--objective ranks by a comma-separated list of criteria, each breaking the
ties of the previous:

` + "  " + strings.Join(tune.Criteria(), "\n  ") + `

A "-" before a name reverses it ("-mean_density": sparser first). The
default ranks by validity, then by the levels' geometry (` + tune.DefaultObjective + `),
and so ranks the same on every run. Time ranks only when asked, and only
beyond its measured spread: cells whose median times lie within the p95
minus the median of each other are equal in time, so noise never decides.

Values of lo:hi:n are rounded to the grid's precision (two significant
digits of the step): 0.01:0.2:8 gives 0.01, 0.037, ..., 0.2.

With --out DIR it writes DIR/tune.csv (every cell, in grid order, with
its rank) and a plot of each metric over the grid, PNG and SVG: a line
plot for one varied key, a heatmap for two.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(varies) == 0 {
				return cmdLinef("tune: give at least one --vary key=lo:hi:n or key=v1,v2,...")
			}
			var vs []tune.Vary
			for _, s := range varies {
				v, err := tune.ParseVary(s)
				if err != nil {
					return cmdLinef("--vary: %v", err)
				}
				vs = append(vs, v)
			}
			obj, err := tune.ParseObjective(objective)
			if err != nil {
				return cmdLinef("--objective: %v", err)
			}
			cells, err := tune.Cells(vs)
			if err != nil {
				return cmdLinef("--vary: %v", err)
			}
			seeds, err := parseSeedList(seedList)
			if err != nil {
				return err
			}
			if workers < 0 {
				return cmdLinef("--workers: want 1 or more (0: the number of CPUs), got %d", workers)
			}
			if top < 0 {
				return cmdLinef("--top: want 0 (all) or more, got %d", top)
			}
			rs, err := rf.load(a)
			if err != nil {
				return err
			}
			// Each value alone, as --set would take it: so that a bad
			// key or value is reported once, with the loader's message.
			for _, v := range vs {
				for _, val := range v.Values {
					one := rulesetFlags{ruleset: rf.ruleset, sets: append(slices.Clone(rf.sets), v.Key+"="+val), setFlag: "--vary"}
					if _, err := one.load(a); err != nil {
						return err
					}
				}
			}
			load := a.cellLoader(&rf)
			a.infof("tune: %s, %d cells × %d seeds", label(rs), len(cells), len(seeds))
			start := time.Now()
			res, err := tune.Run(cmd.Context(), vs, seeds, load, tune.Options{Workers: workers, Clock: time.Now})
			if err != nil {
				if errors.Is(err, context.Canceled) {
					return interrupted(fmt.Errorf("interrupted"))
				}
				var list rulesets.ErrorList
				if errors.As(err, &list) {
					fmt.Fprintf(a.stderr, "dungraph: %v\n", err)
					return &exitError{code: exitUsage, err: err, printed: true}
				}
				return failed(err)
			}
			a.infof("tune: done in %v", time.Since(start).Round(time.Millisecond))
			order := res.Rank(obj)
			if err := res.WriteTable(a.stdout, order, top); err != nil {
				return failed(err)
			}
			best := res.Cells[order[0]]
			fmt.Fprintf(a.stdout, "\nbest by %s:\n  %s\n\n# TOML for the ruleset:\n%s", obj, best.SetFlags(), best.TOML())
			if outDir != "" {
				if err := a.writeTune(outDir, res, order); err != nil {
					return failed(err)
				}
			}
			return nil
		},
	}
	rf.register(cmd, rulesets.DefaultName)
	fl := cmd.Flags()
	fl.StringArrayVar(&varies, "vary", nil, "vary a parameter: `key=lo:hi:n` (n values from lo to hi) or key=v1,v2,... (repeatable)")
	fl.StringVar(&seedList, "seeds", "1..100", "the seeds of every cell: `LIST` of N and A..B (inclusive), comma-separated, ascending")
	fl.IntVarP(&workers, "workers", "j", 0, "generate on `N` goroutines (default: the number of CPUs)")
	fl.StringVarP(&outDir, "out", "o", "", "write tune.csv and plots (PNG and SVG) to `DIR`")
	fl.StringVar(&objective, "objective", tune.DefaultObjective, "rank cells by these `criteria`, comma-separated (see above)")
	fl.IntVar(&top, "top", 20, "print the best `N` cells (0: all)")
	cmd.MarkFlagDirname("out")
	cmd.RegisterFlagCompletionFunc("vary", completeKeys)
	return cmd
}

// cellLoader loads --ruleset with --set and then a cell's overrides.
func (a *app) cellLoader(rf *rulesetFlags) tune.Loader {
	var base []rulesets.Override
	for _, s := range rf.sets {
		o, err := rulesets.ParseOverride(s)
		if err == nil { // rf.load has reported any error
			base = append(base, o)
		}
	}
	return func(ovs []rulesets.Override) (*rulesets.Ruleset, error) {
		l := rulesets.Loader{Overrides: append(slices.Clone(base), ovs...)}
		if isFile(rf.ruleset) {
			return l.LoadFile(rf.ruleset)
		}
		return l.Bundled(rf.ruleset)
	}
}

// writeTune writes DIR/tune.csv and the plots.
func (a *app) writeTune(dir string, res *tune.Result, order []int) error {
	figs := res.Figures()
	files, err := stats.WriteFigures(dir, figs)
	if err != nil {
		return err
	}
	csvPath := filepath.Join(dir, "tune.csv")
	err = atomicfile.WriteFile(csvPath, 0o644, func(w io.Writer) error { return res.WriteCSV(w, order) })
	if err != nil {
		return err
	}
	if len(figs) == 0 {
		a.infof("wrote %s; no plots for a grid of %d keys", csvPath, len(res.Varies))
		return nil
	}
	a.infof("wrote %s and %d plots (PNG and SVG) to %s", csvPath, len(files)/2, dir)
	return nil
}
