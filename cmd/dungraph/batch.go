package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/dungraph/dungraph/batch"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelbatch"
	"github.com/dungraph/dungraph/levelfile"
)

// maxBatchSeeds caps one batch command, so that a typo ("1..1e18") is a
// usage error rather than a run that never ends; shards split bigger runs.
const maxBatchSeeds = 100_000_000

func (a *app) batchCmd() *cobra.Command {
	var (
		rf         rulesetFlags
		of         outputFlags
		seedList   string
		outDir     string
		formats    []string
		workers    int
		shardFlag  string
		shardCount int
		retry      bool
		timeout    time.Duration
		maxMemory  mebibytes
	)
	cmd := &cobra.Command{
		Use:   "batch --seeds 1..1000 --out DIR",
		Short: "Generate the levels of many seeds, in parallel, resumable, shardable",
		Long: `Batch generates every seed of --seeds (a seed, a range A..B, or a comma list of
them) into DIR/<seed>/, writing the files generate writes for --format, and
DIR/manifest.jsonl: one line per seed in seed order with the attempt, status,
each file's sha256 and key metrics. The files and the manifest are the same
whatever --workers, --shard or the order levels finish in; timings go to
DIR/timings.jsonl.

Rerunning the same command resumes: seeds whose files match the manifest are
skipped, missing or damaged ones regenerated; a rerun with more formats
adds them to the levels. Other parameters of the levels (ruleset, --set) or
other options of a format (--size) are refused in a directory made with
others, naming the keys that differ. Ctrl-C (or SIGTERM) stops the levels in
flight (the next run makes them again), writes the manifest, says how to
resume and exits 130. A manifest that cannot be written whole (a full disk)
is never committed: the last good one and the journal stay, and the next run
resumes. Seeds that fail after every attempt are listed with their reasons;
they do not stop the run (--retry-failed tries them again), but the exit
code says the directory has gaps. A run of 1000 seeds or more says what the
rest will take, in time and disk, once its first levels are measured.

Scale out with --shard I/N (I from 0): shard I generates its block of the
seed list. Without --shard, batch reads JOB_COMPLETION_INDEX (Kubernetes
Indexed Jobs, with --shard-count) or SLURM_ARRAY_TASK_ID (Slurm job arrays).
'dungraph batch verify DIR...' checks the shards' manifests and merges them.

Exit codes: 0 every seed has its level; 3 the run finished but some seeds
(of this run or kept from an earlier one) failed: each is printed with its
reason, which the manifest records too; 1 the run itself failed (a
manifest that cannot be written); 2 a usage error, an unreadable ruleset
or a directory made with other parameters; 130 interrupted.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if outDir == "" {
				return cmdLinef("batch: --out DIR is required")
			}
			seeds, err := batch.ParseSeeds(seedList)
			if err != nil {
				return cmdLinef("--seeds: %v", err)
			}
			if seeds.Len() == 0 {
				return cmdLinef("--seeds: name at least one seed, for example --seeds 1..1000")
			}
			if seeds.Len() > maxBatchSeeds {
				return cmdLinef("--seeds: %d seeds; one command runs at most %d (split the range or use --shard)", seeds.Len(), maxBatchSeeds)
			}
			fmts, err := parseFormats(formats)
			if err != nil {
				return err
			}
			shard, err := chooseShard(shardFlag, shardCount)
			if err != nil {
				return err
			}
			if workers < 0 {
				return cmdLinef("--workers: want a positive number, got %d", workers)
			}
			if workers == 0 {
				workers = runtime.NumCPU()
			}
			png, err := of.options()
			if err != nil {
				return err
			}
			rs, err := rf.loadWithin(a, timeout)
			if err != nil {
				return err
			}
			params, err := levelbatch.Params(rs)
			if err != nil {
				return failed(err)
			}
			exports := of.exports(png)
			outputs, err := json.Marshal(exports.Options(fmts))
			if err != nil {
				return failed(err)
			}
			var names []string
			for _, f := range fmts {
				for _, s := range f.Suffixes {
					names = append(names, "level"+s)
				}
			}
			gen := levelbatch.Generator{
				Ruleset: rs,
				Options: level.Options{Timeout: timeout, MaxHeap: maxMemory.bytes()},
				Files: func(ctx context.Context, doc *levelfile.Document) ([]batch.File, error) {
					return exports.Make(ctx, fmts, doc, "level")
				},
				Now: time.Now,
			}
			newWorker := func(int) (batch.Generator, error) { return gen.Generate, nil }

			opts := batch.Options{Shard: shard, Workers: workers, Params: params, Outputs: outputs, FileNames: names, RetryFailed: retry, Now: time.Now}
			bar := a.progressBar(seeds.Shard(shard).Len())
			start := time.Now()
			estimated := false
			opts.Progress = func(p batch.Progress) {
				if bar != nil {
					bar.update(p)
				}
				if msg := estimateLine(p, time.Since(start)); msg != "" && !estimated && !a.quiet {
					estimated = true
					if bar != nil {
						fmt.Fprintln(bar.p, msg)
					} else {
						fmt.Fprintln(a.stderr, msg)
					}
				}
			}
			sum, err := batch.Run(cmd.Context(), outDir, seeds, newWorker, opts)
			if bar != nil {
				bar.finish()
			}
			for _, f := range sum.Failures {
				fmt.Fprintf(a.stderr, "seed %d failed: %s\n", f.Seed, f.Reason)
			}
			switch {
			case errors.Is(err, batch.ErrInterrupted):
				return interrupted(fmt.Errorf("%w\nresume with: dungraph %s", err, strings.Join(os.Args[1:], " ")))
			case errors.Is(err, batch.ErrParamsChanged):
				return usageErr(err)
			case err != nil:
				return failed(err)
			}
			elapsed := time.Since(start)
			rate := ""
			if sum.Generated > 0 && elapsed > 0 {
				rate = fmt.Sprintf(", %.1f levels/s", float64(sum.Generated)/elapsed.Seconds())
			}
			remade := ""
			if sum.Remade > 0 {
				remade = fmt.Sprintf(", %d remade for --format", sum.Remade)
			}
			a.infof("%s: %d seeds: %d generated, %d already done, %d repaired%s, %d failed%s → %s",
				describe(rs), sum.Total, sum.Generated, sum.Skipped, sum.Repaired, remade, sum.Failed, rate, sum.Manifest)
			if sum.Failed > 0 {
				return &exitError{code: exitSeedsFailed, err: fmt.Errorf("batch: %d of %d seeds failed; their reasons are above and in %s (--retry-failed generates them again)",
					sum.Failed, sum.Total, sum.Manifest)}
			}
			return nil
		},
	}
	rf.register(cmd, "dungeon")
	fl := cmd.Flags()
	fl.StringVar(&seedList, "seeds", "", "the seeds: `LIST` of N, A..B (inclusive) or both, comma-separated: 1..1000,2000")
	fl.StringVarP(&outDir, "out", "o", "", "the `DIR` to write to (required)")
	formatFlag(cmd, &formats, []string{"json", "png"})
	fl.IntVar(&workers, "workers", 0, "levels generated at once (default: the number of cores)")
	fl.StringVar(&shardFlag, "shard", "", "generate shard `I/N` of the seeds (I from 0); default: from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID")
	fl.IntVar(&shardCount, "shard-count", 0, "the number of shards `N` when the index comes from JOB_COMPLETION_INDEX (Slurm gives its own)")
	fl.DurationVar(&timeout, "timeout", defaultTimeout, "each level's time budget, its files' map stage included, and loading the ruleset's (0: none); a level past it is a failed seed")
	memoryFlag(fl, &maxMemory)
	fl.BoolVar(&retry, "retry-failed", false, "generate the seeds that failed in an earlier run again")
	of.register(cmd)
	cmd.MarkFlagDirname("out")
	cmd.AddCommand(a.batchVerifyCmd())
	return cmd
}

// chooseShard resolves --shard, else the job array's environment.
func chooseShard(flag string, count int) (batch.Shard, error) {
	if flag != "" {
		s, err := batch.ParseShard(flag)
		if err != nil {
			return batch.Shard{}, cmdLinef("--shard: %v", err)
		}
		if count != 0 && count != s.Count {
			return batch.Shard{}, cmdLinef("--shard %s and --shard-count %d disagree", flag, count)
		}
		return s, nil
	}
	if count < 0 {
		return batch.Shard{}, cmdLinef("--shard-count: want a positive number, got %d", count)
	}
	s, ok, err := batch.ShardFromEnv(os.Getenv, count)
	if err != nil {
		return batch.Shard{}, cmdLinef("%v", err)
	}
	if !ok && count > 1 {
		return batch.Shard{}, cmdLinef("--shard-count %d without --shard, JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID: which shard is this?", count)
	}
	return s, nil
}

// A run of at least estimateSeeds seeds left says what it will take once
// estimateAfter levels (or estimateWait) measured its rate and size.
const (
	estimateSeeds = 1000
	estimateAfter = 20
	estimateWait  = 5 * time.Second
)

// estimateLine returns the message that says how long and how much disk
// the rest of a large run will take, or "" when the run is small or not
// yet measured.
func estimateLine(p batch.Progress, elapsed time.Duration) string {
	left, took, bytes, ok := p.Estimate(elapsed)
	if !ok || left < estimateSeeds || p.Generated < estimateAfter && elapsed < estimateWait {
		return ""
	}
	return fmt.Sprintf("batch: %d seeds to go: about %s and %s more on disk (measured on the first %s; Ctrl-C stops, rerunning resumes)",
		left, roundDuration(took), formatBytes(bytes), plural(int(p.Generated), "level"))
}

// roundDuration rounds an estimate to what it can claim: seconds under a
// minute, minutes under an hour, else tenths of hours.
func roundDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return d.Round(time.Second).String()
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Round(time.Minute)/time.Minute))
	}
	return fmt.Sprintf("%.1f h", d.Hours())
}

// formatBytes writes n in the largest unit that keeps it at least 1.
func formatBytes(n uint64) string {
	units := []string{"B", "KB", "MB", "GB", "TB"}
	v, u := float64(n), 0
	for v >= 1000 && u < len(units)-1 {
		v /= 1000
		u++
	}
	if u == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.1f %s", v, units[u])
}

// progress drives a progress bar on stderr.
type progress struct {
	p   *mpb.Progress
	bar *mpb.Bar
}

// progressBar returns a bar for total levels when stderr is a terminal and
// messages are on, else nil: redraws in a log or a pipe are noise.
func (a *app) progressBar(total uint64) *progress {
	if a.quiet || !isTerminal(a.stderr) {
		return nil
	}
	p := mpb.New(mpb.WithOutput(a.stderr), mpb.WithWidth(40))
	bar := p.New(int64(total), mpb.BarStyle(),
		mpb.PrependDecorators(decor.CountersNoUnit("%d / %d levels to make")),
		mpb.AppendDecorators(decor.AverageSpeed(0, "%.1f/s"), decor.Name(" ETA "), decor.AverageETA(decor.ET_STYLE_GO)),
	)
	return &progress{p: p, bar: bar}
}

// update counts the seeds this run generates: seeds skipped (done by an
// earlier run) leave the total instead, so that the rate and the ETA are
// those of the levels actually made.
func (pr *progress) update(p batch.Progress) {
	pr.bar.SetTotal(int64(p.Total-p.Skipped), false)
	pr.bar.SetCurrent(int64(p.Generated))
}

func (pr *progress) finish() {
	pr.bar.Abort(false)
	pr.p.Wait()
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func (a *app) batchVerifyCmd() *cobra.Command {
	var merge string
	cmd := &cobra.Command{
		Use:   "verify DIR...",
		Short: "Check batch directories: gaps, duplicates, checksums; merge shard manifests",
		Long: `Verify reads the manifests of batch runs (manifest.jsonl, or the shards'
manifest.shard-I-of-N.jsonl) in the directories, and checks that every seed of
the run is there once, that no shard is missing, and that every file has the
sha256 its manifest records. With --merge OUT it then writes OUT/manifest.jsonl
and OUT/batch.json, the same as one unsharded run would have written (OUT
should not be a directory verify reads, or the next verify sees every seed
twice). Exit code 1 if anything is wrong; else 3 if the run has failed
seeds (as batch's own exit code; the merge is still written), 0 if not.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmdLinef("batch verify: name at least one batch directory")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := batch.Verify(args...)
			if err != nil {
				return usageErr(err)
			}
			for _, p := range rep.Problems {
				fmt.Fprintln(a.stderr, p.String())
			}
			if len(rep.Problems) > 0 {
				return failed(fmt.Errorf("batch verify: %s in %s", plural(len(rep.Problems), "problem"), strings.Join(args, ", ")))
			}
			a.infof("%s in %s, %s, %s: all present, all checksums match",
				plural(int(rep.Found), "seed"), plural(len(rep.Manifests), "manifest"), plural(int(rep.Files), "file"), plural(int(rep.Failed), "failed seed"))
			if merge != "" {
				if err := batch.Merge(rep, merge); err != nil {
					return failed(err)
				}
				a.infof("merged into %s", merge)
			}
			if rep.Failed > 0 {
				return &exitError{code: exitSeedsFailed, err: fmt.Errorf("batch verify: %s of the run failed; the manifests give the reasons (--retry-failed generates them again)", plural(int(rep.Failed), "seed"))}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&merge, "merge", "", "write the merged manifest to `DIR`")
	return cmd
}
